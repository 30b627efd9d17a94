import { useState } from 'react';
import { Alert, Badge, Button, Grid, Group, Loader, Paper, Radio, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy, IconPrinter } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import type { PrintSetting } from '../../../shared/contract/print.contract';
import { testPageJob } from '../../../shared/print/labels';
import {
  DOCUMENT_SIZES, DOCUMENT_SIZE_CODES, LABEL_SIZES, LABEL_SIZE_CODES, type DocumentSize, type LabelSize, type PrintJob, type PrinterMode,
} from '../../../shared/print/print-job';
import { callApi } from '../../kit/api';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { printJob, printQueries } from '../../kit/print';
import { setCurrentStation, useCurrentStation } from '../../kit/station';
import { toast } from '../../kit/toast';
import { PrintPreview } from './print-parts';

type Draft = Omit<PrintSetting, 'station_id' | 'saved'>;

const draftOf = (s: PrintSetting): Draft => ({
  label_size: s.label_size, document_size: s.document_size, printer_mode: s.printer_mode,
  agent_url: s.agent_url, label_printer: s.label_printer, document_printer: s.document_printer,
});

/** The form of one station's settings, from its saved ones (remounted per station). */
function StationSettingsForm({ setting }: { setting: PrintSetting }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const mayEdit = useMayCall(contract.updatePrintSetting.access);
  const current = useCurrentStation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(setting));
  const [tested, setTested] = useState<PrintJob | null>(null);
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const agent = draft.printer_mode === 'agent';

  const save = useMutation({
    mutationFn: () => callApi(contract.updatePrintSetting, { station_id: setting.station_id, ...draft, agent_url: agent ? draft.agent_url : null }),
    onSuccess: (saved) => {
      queryClient.setQueryData(printQueries.setting(setting.station_id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: printQueries.stations().queryKey });
      toast.success(t`Saved`);
    },
  });

  /** Prints the test page with the settings as they are on screen, saved or not. */
  const testPrint = async () => {
    const job = testPageJob(setting.station_id, LABEL_SIZES[draft.label_size]);
    setTested(job);
    const result = await printJob(job, draft);
    if (result.retcode === 0) toast.success(t`Test page sent to the printer`);
    else toast.error(result.message);
  };

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={2} fz="h4">{setting.station_id}</Title>
              {setting.saved
                ? <Badge variant="light" color="teal"><Trans>Own settings</Trans></Badge>
                : <Badge variant="light" color="gray"><Trans>Defaults</Trans></Badge>}
            </Group>
            <Group grow align="flex-start">
              <Select
                label={t`Label size`}
                description={t`The label stock loaded in the label printer (width × height).`}
                data={LABEL_SIZE_CODES.map((code) => ({ value: code, label: `${LABEL_SIZES[code].width} × ${LABEL_SIZES[code].height} mm` }))}
                value={draft.label_size}
                onChange={(value) => value && set({ label_size: value as LabelSize })}
                allowDeselect={false}
                disabled={!mayEdit}
              />
              <Select
                label={t`Document size`}
                description={t`The paper packing lists print on.`}
                data={DOCUMENT_SIZE_CODES.map((code) => ({ value: code, label: `${code === 'LETTER' ? 'Letter' : code} (${DOCUMENT_SIZES[code].width} × ${DOCUMENT_SIZES[code].height} mm)` }))}
                value={draft.document_size}
                onChange={(value) => value && set({ document_size: value as DocumentSize })}
                allowDeselect={false}
                disabled={!mayEdit}
              />
            </Group>
            <Radio.Group
              label={t`How this station prints`}
              value={draft.printer_mode}
              onChange={(value) => set({ printer_mode: value as PrinterMode })}
            >
              <Stack gap={6} mt={6}>
                <Radio value="browser" disabled={!mayEdit} label={t`Browser print dialog`} description={t`Each job opens the browser's print dialog; choose the printer there.`} />
                <Radio value="agent" disabled={!mayEdit} label={t`Print agent`} description={t`Jobs go straight to a print agent on the station or the LAN, without a dialog.`} />
              </Stack>
            </Radio.Group>
            {agent && (
              <TextInput
                label={t`Agent URL`}
                description={t`Where the agent takes print jobs, e.g. http://localhost:9100/print`}
                required
                value={draft.agent_url ?? ''}
                onChange={(e) => set({ agent_url: e.currentTarget.value })}
                disabled={!mayEdit}
                maxLength={300}
              />
            )}
            <Group grow align="flex-start">
              <TextInput
                label={t`Label printer`}
                description={t`The printer name the agent prints labels on.`}
                value={draft.label_printer ?? ''}
                onChange={(e) => set({ label_printer: e.currentTarget.value })}
                disabled={!mayEdit}
                maxLength={120}
              />
              <TextInput
                label={t`Document printer`}
                description={t`The printer name the agent prints documents on.`}
                value={draft.document_printer ?? ''}
                onChange={(e) => set({ document_printer: e.currentTarget.value })}
                disabled={!mayEdit}
                maxLength={120}
              />
            </Group>
            <Group gap="sm" mt="xs">
              {mayEdit && (
                <Button leftSection={<IconDeviceFloppy size={16} aria-hidden />} loading={save.isPending} disabled={agent && !draft.agent_url} onClick={() => save.mutate()}>
                  <Trans>Save</Trans>
                </Button>
              )}
              <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => void testPrint()}>
                <Trans>Test Print</Trans>
              </Button>
              {current !== setting.station_id && (
                <Button variant="subtle" onClick={() => setCurrentStation(setting.station_id)}>
                  <Trans>I work at this station</Trans>
                </Button>
              )}
            </Group>
            {!mayEdit && <MissingPermissionNote access={contract.updatePrintSetting.access} />}
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <PrintPreview job={tested} />
      </Grid.Col>
    </Grid>
  );
}

/**
 * /wmsconfig/printsettings: how each station of the warehouse prints (spec §2 "Print settings
 * per station"): label stock, document paper, the browser's print dialog or a print agent, and a
 * test print with the settings on screen.
 */
export default function PrintSettingsScreen() {
  const { t } = useLingui();
  const current = useCurrentStation();
  const stations = useQuery(printQueries.stations());
  const [chosen, setChosen] = useState<string | null>(null);
  const stationId = chosen ?? (current || null);
  const setting = useQuery({ ...printQueries.setting(stationId ?? ''), enabled: stationId !== null });

  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Title order={1} fz="h2"><Trans>Print Settings</Trans></Title>
        <Text c="dimmed" size="sm" maw={680}>
          <Trans>How each station prints labels and documents: the label stock and paper it has, and whether jobs open the browser's print dialog or go straight to a print agent.</Trans>
        </Text>
      </div>
      <Select
        label={t`Station`}
        placeholder={t`Choose a station`}
        searchable
        w={360}
        data={(stations.data ?? []).map((s) => ({ value: s.station_id, label: `${s.station_id} · ${s.station_name}${s.has_settings ? ' ✓' : ''}` }))}
        value={stationId}
        onChange={setChosen}
        nothingFoundMessage={t`No station found`}
        data-testid="settings-station"
      />
      {stationId === null && <Alert color="blue"><Trans>Choose the station to set up.</Trans></Alert>}
      {setting.isPending && stationId !== null && <Loader size="sm" aria-label={t`Loading`} />}
      {setting.data && <StationSettingsForm key={setting.data.station_id} setting={setting.data} />}
    </Stack>
  );
}
