import { useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, Modal, NumberInput, Paper, SegmentedControl, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { QuotaMode } from '../../../shared/asn';
import { contract } from '../../../shared/contract';
import { QUOTA_PAGES, QUOTA_SWITCH_PERM } from '../../../shared/contract/asn-quota.contract';
import { QUOTA_MODE } from '../../../shared/codes';
import { UPPER_BOUND } from '../../../shared/constants';
import { callApi } from '../../kit/api';
import { useSession } from '../../kit/use-session';
import { toast } from '../../kit/toast';
import { quotaQueries } from './quota.queries';
import { useQuotaTypeLabel } from './quota-parts';

const EDIT_PERM = 'PC.RuleCenter.QuotaConfig.ASNQuotaConfiguration.Edit';
const USAGE_DAYS = [7, 14, 30, 60, 90] as const;
type UsageDays = (typeof USAGE_DAYS)[number];

/** The quota mode a path names (`…/asnQuotaConfiguration/1`), or null. */
const modeOfParam = (param: string | undefined): QuotaMode | null => (param !== undefined && QUOTA_MODE.has(Number(param)) ? (Number(param) as QuotaMode) : null);

/**
 * Switches separated ↔ integrated quotas (spec §4, §6 PC.RuleCenter.QuotaConfig.ASNQuotaConfiguration.Switch).
 * The call's own errors are not toasted (spec §7): the screen says "Switch failed, please try
 * again later!"; after a switch the stored mode has flipped and the page goes to the list.
 */
function ModeSwitch({ mode, wanted }: { mode: QuotaMode; wanted: QuotaMode | null }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { perms } = useSession();
  const canSwitch = perms.has(QUOTA_SWITCH_PERM);
  const [asking, setAsking] = useState<QuotaMode | null>(null);
  useEffect(() => {
    if (wanted !== null && wanted !== mode && canSwitch) setAsking(wanted);
  }, [wanted, mode, canSwitch]);
  const change = useMutation({
    mutationFn: (next: QuotaMode) => callApi(contract.switchAsnQuotaMode, { current_mode: mode, new_mode: next }, { quiet: true }),
    onSuccess: () => {
      toast.success(t`Switch successfully!`);
      void queryClient.invalidateQueries({ queryKey: quotaQueries.all });
      void queryClient.invalidateQueries({ queryKey: ['session', 'warehouseDetail'] });
      void navigate({ to: QUOTA_PAGES.list });
    },
    onError: () => toast.error(t`Switch failed, please try again later!`),
    onSettled: () => setAsking(null),
  });
  const target = asking === null ? '' : i18n._(QUOTA_MODE.label(asking)!);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Text fw={600}><Trans>Quota mode</Trans></Text>
        <SegmentedControl
          value={String(mode)} disabled={!canSwitch || change.isPending} data-testid="quota-mode-switch"
          data={QUOTA_MODE.options.map((o) => ({ value: String(o.value), label: i18n._(o.label) }))}
          onChange={(v) => Number(v) !== mode && setAsking(Number(v) as QuotaMode)}
          maw={360}
        />
        <Text size="sm" c="dimmed">
          <Trans>Separated: each inbound type has its own quota per delivery slot. Integrated: one quota per slot for every type.</Trans>
        </Text>
      </Stack>
      <Modal opened={asking !== null} onClose={() => setAsking(null)} title={t`Switch ASN quota mode`}>
        <Stack gap="md">
          <Text size="sm"><Trans>Switch to {target} quotas? The delivery slots from today on are converted, keeping what ASNs have booked.</Trans></Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(null)}><Trans>Cancel</Trans></Button>
            <Button loading={change.isPending} onClick={() => asking !== null && change.mutate(asking)} data-testid="quota-mode-confirm"><Trans>Confirm</Trans></Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

/**
 * /rulecenter/quotaConfig/asnQuotaConfiguration/{-$quotaMode} (spec §2, §4): the warehouse's quota
 * mode with its switch, and the daily default of each inbound type of the mode — what a delivery
 * slot nobody planned takes (its shift's share) — beside the recent daily use as a guide. A
 * quotaMode in the path other than the stored one offers the switch to it.
 */
export default function QuotaConfigurationScreen() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { perms } = useSession();
  const canEdit = perms.has(EDIT_PERM);
  const { quotaMode } = useParams({ strict: false }) as { quotaMode?: string };
  const typeLabel = useQuotaTypeLabel();
  const config = useQuery(quotaQueries.config());
  const [days, setDays] = useState<UsageDays>(30);
  const usage = useQuery(quotaQueries.usage(days));
  const [values, setValues] = useState<Record<number, { qty: number | string; cartons: number | string }>>({});
  useEffect(() => {
    if (config.data) setValues(Object.fromEntries(config.data.list.map((r) => [r.inbound_type, { qty: r.daily_quota_qty ?? '', cartons: r.daily_quota_cartons ?? '' }])));
  }, [config.data]);
  const save = useMutation({
    mutationFn: () => callApi(contract.updateAsnQuotaConfig, {
      list: Object.entries(values)
        .filter(([, v]) => typeof v.qty === 'number' && typeof v.cartons === 'number')
        .map(([type, v]) => ({ inbound_type: Number(type) as 0, daily_quota_qty: Number(v.qty), daily_quota_cartons: Number(v.cartons) })),
    }),
    onSuccess: () => {
      toast.success(t`Saved`);
      void queryClient.invalidateQueries({ queryKey: quotaQueries.all });
    },
  });
  if (!config.data) return <Loader size="sm" />;
  const mode = config.data.quota_mode as QuotaMode;
  const complete = Object.values(values).some((v) => typeof v.qty === 'number' && typeof v.cartons === 'number');
  return (
    <Stack gap="md" maw={960}>
      <Title order={1} fz="h2"><Trans>ASN Quota Configuration</Trans></Title>
      <ModeSwitch mode={mode} wanted={modeOfParam(quotaMode)} />
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={600}><Trans>Daily defaults</Trans></Text>
            <Select
              aria-label={t`Use over the last days`} w={180} allowDeselect={false} value={String(days)} onChange={(v) => v && setDays(Number(v) as UsageDays)}
              data={USAGE_DAYS.map((n) => ({ value: String(n), label: t`Last ${n} days` }))}
            />
          </Group>
          <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
            <Trans>A delivery slot nobody planned takes its shift's share of the day's default. Without a default, such slots take any booking.</Trans>
          </Alert>
          <Table aria-label={t`Daily defaults`} data-testid="quota-defaults">
            <Table.Thead>
              <Table.Tr>
                <Table.Th><Trans>Inbound Type</Trans></Table.Th>
                <Table.Th><Trans>Units per day</Trans></Table.Th>
                <Table.Th><Trans>Cartons per day</Trans></Table.Th>
                <Table.Th><Trans>Booked per day (average / highest)</Trans></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {config.data.list.map((row) => {
                const used = usage.data?.list.find((u) => u.inbound_type === row.inbound_type);
                const value = values[row.inbound_type] ?? { qty: '', cartons: '' };
                const set = (change: Partial<typeof value>) => setValues((all) => ({ ...all, [row.inbound_type]: { ...value, ...change } }));
                const type = typeLabel(row.inbound_type);
                return (
                  <Table.Tr key={row.inbound_type}>
                    <Table.Td>{type}</Table.Td>
                    <Table.Td>
                      <NumberInput aria-label={t`Units per day of ${type}`} min={0} max={UPPER_BOUND} allowDecimal={false} allowNegative={false}
                        value={value.qty} onChange={(qty) => set({ qty })} disabled={!canEdit} placeholder={t`No limit`} />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput aria-label={t`Cartons per day of ${type}`} min={0} max={UPPER_BOUND} allowDecimal={false} allowNegative={false}
                        value={value.cartons} onChange={(cartons) => set({ cartons })} disabled={!canEdit} placeholder={t`No limit`} />
                    </Table.Td>
                    <Table.Td>
                      {used ? t`${used.avg_used_qty} / ${used.max_used_qty} units, ${used.avg_used_cartons} / ${used.max_used_cartons} cartons` : '-'}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          {canEdit && (
            <Group justify="flex-end">
              <Button loading={save.isPending} disabled={!complete} onClick={() => save.mutate()}><Trans>Save</Trans></Button>
            </Group>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
