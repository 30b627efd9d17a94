import { STATION_TYPE } from '../../../shared/codes';
import { useState } from 'react';
import { Alert, Button, Group, Loader, NumberInput, Paper, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDeviceFloppy } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { RECORD_LIMITS, type RecordSetting, type StationType } from '../../../shared/resources/station.resource';
import { callApi } from '../../kit/api';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { toast } from '../../kit/toast';
import { catalogQueries } from './catalog.queries';
import { RouteTabs } from '../../kit/route-tabs';

type Flag = 'record_video' | 'record_photo' | 'record_weight' | 'scan_inner_packaging' | 'scan_outer_packaging';
/** Only stations that close parcels scan their packaging. */
const PACKS: ReadonlySet<number> = new Set([STATION_TYPE.values.CHECKING, STATION_TYPE.values.PACKING]);
const PACKAGING_FLAGS: ReadonlySet<Flag> = new Set(['scan_inner_packaging', 'scan_outer_packaging']);
type Amount = 'video_max_seconds' | 'retention_days';

const same = (a: RecordSetting, b: RecordSetting | undefined) =>
  b !== undefined && (Object.keys(a) as (keyof RecordSetting)[]).every((k) => a[k] === b[k]);

/**
 * /wmsbasic/stationManagement/recordSettings, tab Record Settings: what a station of each type
 * records while an operator works at it, saved for the warehouse. Changed rows are highlighted
 * until saved. Without the tab's Edit permission the settings are only shown.
 */
export default function StationRecordSettingsScreen() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const saved = useQuery(catalogQueries.recordSettings());
  const mayEdit = useMayCall(contract.updateStationRecordSettings.access);
  const [edits, setEdits] = useState<ReadonlyMap<StationType, RecordSetting>>(new Map());
  const savedByType = new Map((saved.data ?? []).map((s) => [s.station_type, s]));
  const changes = [...edits.values()].filter((s) => !same(s, savedByType.get(s.station_type)));

  const save = useMutation({
    mutationFn: (list: RecordSetting[]) => callApi(contract.updateStationRecordSettings, { list }),
    onSuccess: (answer) => {
      queryClient.setQueryData(catalogQueries.recordSettings().queryKey, answer.list);
      setEdits(new Map());
      toast.success(t`Saved`);
    },
    // A refusal is toasted with the server's message by callApi; the edits stay for another try.
  });

  const edit = (type: StationType, patch: Partial<RecordSetting>) => {
    const current = edits.get(type) ?? savedByType.get(type);
    if (current) setEdits(new Map(edits).set(type, { ...current, ...patch }));
  };

  const flags: { key: Flag; label: string }[] = [
    { key: 'record_video', label: t`Video` },
    { key: 'record_photo', label: t`Photos` },
    { key: 'record_weight', label: t`Weight` },
    { key: 'scan_inner_packaging', label: t`Inner Packaging Scan` },
    { key: 'scan_outer_packaging', label: t`Outer Packaging Scan` },
  ];
  const amounts: { key: Amount; label: string; limits: { min: number; max: number } }[] = [
    { key: 'video_max_seconds', label: t`Max Clip Length (s)`, limits: RECORD_LIMITS.videoSeconds },
    { key: 'retention_days', label: t`Keep For (days)`, limits: RECORD_LIMITS.retentionDays },
  ];

  return (
    <Stack gap="md">
      <RouteTabs group="stationManagement" />
      <div>
        <Title order={1} fz="h2"><Trans>Record Settings</Trans></Title>
        <Text c="dimmed" size="sm">
          <Trans>What a station of each type records while an operator works at it: a video of the work (evidence for buyer disputes), photos of the items and the parcel weight, and how long recordings are kept. Checking and packing stations may also have the packaging scanned (taken from consumable stock).</Trans>
        </Text>
      </div>
      {saved.isPending && <Loader size="sm" aria-label={t`Loading`} />}
      {saved.isError && (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={t`Could not load`}>
          <Trans>The record settings could not be read from the server.</Trans>
        </Alert>
      )}
      {saved.data && (
        <Paper withBorder radius="md" p="sm" maw={1200}>
          <Table.ScrollContainer minWidth={960}>
            <Table aria-label={t`Record Settings`} data-testid="record-settings">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th><Trans>Station Type</Trans></Table.Th>
                  {flags.map((f) => <Table.Th key={f.key} w={90}>{f.label}</Table.Th>)}
                  {amounts.map((a) => <Table.Th key={a.key} w={170}>{a.label}</Table.Th>)}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {STATION_TYPE.options.map(({ value: type, label }) => {
                  const setting = edits.get(type) ?? savedByType.get(type);
                  if (!setting) return null;
                  const typeName = i18n._(label);
                  const changed = !same(setting, savedByType.get(type));
                  return (
                    <Table.Tr key={type} data-station-type={type} bg={changed ? 'var(--mantine-color-yellow-light)' : undefined}>
                      <Table.Td>{typeName}</Table.Td>
                      {flags.map((f) => (
                        <Table.Td key={f.key}>
                          <Switch
                            aria-label={`${typeName}: ${f.label}`}
                            checked={setting[f.key] === 1}
                            disabled={!mayEdit || save.isPending || (PACKAGING_FLAGS.has(f.key) && !PACKS.has(type))}
                            onChange={(e) => edit(type, { [f.key]: e.currentTarget.checked ? 1 : 0 })}
                          />
                        </Table.Td>
                      ))}
                      {amounts.map((a) => (
                        <Table.Td key={a.key}>
                          <NumberInput
                            aria-label={`${typeName}: ${a.label}`}
                            size="xs"
                            min={a.limits.min}
                            max={a.limits.max}
                            allowDecimal={false}
                            allowNegative={false}
                            clampBehavior="blur"
                            value={setting[a.key]}
                            // The clip length means nothing while the type records no video.
                            disabled={!mayEdit || save.isPending || (a.key === 'video_max_seconds' && setting.record_video === 0)}
                            onChange={(v) => typeof v === 'number' && edit(type, { [a.key]: v })}
                          />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {mayEdit ? (
        <Group gap="sm">
          <Button
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            disabled={changes.length === 0}
            loading={save.isPending}
            onClick={() => save.mutate(changes)}
          >
            <Trans>Save</Trans>
          </Button>
          <Button variant="default" disabled={edits.size === 0 || save.isPending} onClick={() => setEdits(new Map())}>
            <Trans>Discard Changes</Trans>
          </Button>
        </Group>
      ) : <MissingPermissionNote access={contract.updateStationRecordSettings.access} />}
    </Stack>
  );
}
