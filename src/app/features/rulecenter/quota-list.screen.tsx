import { useState } from 'react';
import {
  Badge, Button, Chip, Group, Modal, MultiSelect, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, Table, Text, Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconAdjustments, IconCalendar, IconSettings } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { quotaTypesOf, type QuotaMode } from '../../../shared/asn';
import { contract } from '../../../shared/contract';
import { QUOTA_PAGES, type QuotaPlanRow } from '../../../shared/contract/asn-quota.contract';
import { QUOTA_MODE } from '../../../shared/codes';
import { UPPER_BOUND } from '../../../shared/constants';
import { callApi } from '../../kit/api';
import { DatesLocale } from '../../kit/resource/dates-locale';
import { useSession } from '../../kit/use-session';
import { toast } from '../../kit/toast';
import { useCanOpen } from '../../routes/use-access';
import { quotaQueries } from './quota.queries';
import { UsageBar, useQuotaTypeLabel } from './quota-parts';

const EDIT_PERM = 'PC.RuleCenter.QuotaConfig.AsnQuotaList.Edit';
const CONFIGURATION = QUOTA_PAGES.configuration.replace('/{-$quotaMode}', '');

/** Sets one slot's quota (update_asn_quota_plan). */
function EditPlan({ plan, onClose, onSaved }: { plan: QuotaPlanRow; onClose(): void; onSaved(): void }) {
  const { t } = useLingui();
  const [qty, setQty] = useState<number | string>(plan.quota_qty);
  const [cartons, setCartons] = useState<number | string>(plan.quota_cartons);
  const save = useMutation({
    mutationFn: () => callApi(contract.updateAsnQuotaPlan, {
      plan_date: plan.plan_date, shift_id: plan.shift_id, inbound_type: plan.inbound_type as 0, quota_qty: Number(qty), quota_cartons: Number(cartons),
    }),
    onSuccess: () => {
      toast.success(t`Saved`);
      onSaved();
    },
  });
  const date = plan.plan_date;
  const shift = plan.shift_name;
  return (
    <Modal opened onClose={onClose} title={t`Quota of ${date} ${shift}`}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed"><Trans>Booked: {plan.used_qty} units in {plan.used_cartons} cartons. The quota cannot be lower.</Trans></Text>
        <NumberInput label={t`Units`} required min={0} max={UPPER_BOUND} allowDecimal={false} allowNegative={false} value={qty} onChange={setQty} />
        <NumberInput label={t`Cartons`} required min={0} max={UPPER_BOUND} allowDecimal={false} allowNegative={false} value={cartons} onChange={setCartons} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}><Trans>Cancel</Trans></Button>
          <Button loading={save.isPending} disabled={typeof qty !== 'number' || typeof cartons !== 'number'} onClick={() => save.mutate()}><Trans>Confirm</Trans></Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Sets the quota of every slot of a date range, optionally of some weekdays, shifts and types (mass_update_asn_quota_plan). */
function MassUpdate({ mode, onClose, onSaved }: { mode: QuotaMode; onClose(): void; onSaved(): void }) {
  const { t } = useLingui();
  const typeLabel = useQuotaTypeLabel();
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const [weekdays, setWeekdays] = useState<string[]>(['0', '1', '2', '3', '4', '5', '6']);
  const [types, setTypes] = useState<string[]>([]);
  const [qty, setQty] = useState<number | string>('');
  const [cartons, setCartons] = useState<number | string>('');
  const save = useMutation({
    mutationFn: () => callApi(contract.massUpdateAsnQuotaPlan, {
      date_from: range[0]!, date_to: range[1] ?? range[0]!, weekdays: weekdays.map(Number),
      ...(types.length ? { inbound_types: types.map(Number) as (0 | 1 | 2 | 3)[] } : {}),
      quota_qty: Number(qty), quota_cartons: Number(cartons),
    }),
    onSuccess: (res) => {
      const n = res.updated;
      toast.success(t`${n} slots updated`);
      onSaved();
    },
  });
  const dayNames = [t`Sun`, t`Mon`, t`Tue`, t`Wed`, t`Thu`, t`Fri`, t`Sat`];
  const ready = range[0] && weekdays.length > 0 && typeof qty === 'number' && typeof cartons === 'number';
  return (
    <Modal opened onClose={onClose} title={t`Mass Update`} size="lg">
      <Stack gap="sm">
        <DatePickerInput type="range" label={t`Dates`} required allowSingleDateInRange valueFormat="YYYY-MM-DD" value={range} onChange={setRange} popoverProps={{ withinPortal: true }} />
        <Chip.Group multiple value={weekdays} onChange={setWeekdays}>
          <Group gap={6}>{dayNames.map((name, i) => <Chip key={name} value={String(i)} size="xs">{name}</Chip>)}</Group>
        </Chip.Group>
        <MultiSelect
          label={t`Inbound Types`} placeholder={t`All`} clearable
          data={quotaTypesOf(mode).map((type) => ({ value: String(type), label: typeLabel(type) }))} value={types} onChange={setTypes}
          comboboxProps={{ withinPortal: true }}
        />
        <SimpleGrid cols={2}>
          <NumberInput label={t`Units`} required min={0} max={UPPER_BOUND} allowDecimal={false} allowNegative={false} value={qty} onChange={setQty} />
          <NumberInput label={t`Cartons`} required min={0} max={UPPER_BOUND} allowDecimal={false} allowNegative={false} value={cartons} onChange={setCartons} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}><Trans>Cancel</Trans></Button>
          <Button loading={save.isPending} disabled={!ready} onClick={() => save.mutate()}><Trans>Confirm</Trans></Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * /rulecenter/quotaConfig/asnQuotaList (spec §2 ASN quota list, §7 ASN quota calls): the delivery
 * slots of a date range — each shift × inbound type of the warehouse's mode, its quota (planned
 * or its share of the daily default) and what ASNs booked — with the plan changes: one slot's
 * quota, a mass update, enforcing or not.
 */
export default function QuotaListScreen() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const { perms } = useSession();
  const canEdit = perms.has(EDIT_PERM);
  const canConfigure = useCanOpen(CONFIGURATION);
  const typeLabel = useQuotaTypeLabel();
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const [type, setType] = useState<string | null>(null);
  const [editing, setEditing] = useState<QuotaPlanRow | null>(null);
  const [mass, setMass] = useState(false);
  const input = {
    ...(range[0] ? { date_from: range[0] } : {}),
    ...(range[1] ? { date_to: range[1] } : range[0] ? { date_to: range[0] } : {}),
    ...(type ? { inbound_type: Number(type) as 0 | 1 | 2 | 3 } : {}),
  };
  const plans = useQuery(quotaQueries.plans(input));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: quotaQueries.all });
  const toggle = useMutation({
    mutationFn: (plan: QuotaPlanRow) => callApi(plan.enabled ? contract.disableAsnQuotaPlan : contract.enableAsnQuotaPlan, {
      list: [{ plan_date: plan.plan_date, shift_id: plan.shift_id, inbound_type: plan.inbound_type as 0 }],
    }),
    onSuccess: refresh,
  });
  const mode = (plans.data?.quota_mode ?? 0) as QuotaMode;
  return (
    <DatesLocale enabled>
      <Stack gap="md">
        <Group justify="space-between">
          <Group gap="sm">
            <Title order={1} fz="h2"><Trans>ASN Quota List</Trans></Title>
            {plans.data && <Badge variant="light" data-testid="quota-mode">{i18n._(QUOTA_MODE.label(mode)!)}</Badge>}
          </Group>
          <Group gap="sm">
            {canEdit && <Button variant="light" leftSection={<IconAdjustments size={16} aria-hidden />} onClick={() => setMass(true)} disabled={!plans.data}><Trans>Mass Update</Trans></Button>}
            {canConfigure && (
              <Button component={Link} to={CONFIGURATION} variant="light" leftSection={<IconSettings size={16} aria-hidden />} data-testid="quota-configuration-link">
                <Trans>ASN Quota Configuration</Trans>
              </Button>
            )}
          </Group>
        </Group>
        <Paper withBorder radius="md" p="md">
          <Group gap="md" align="flex-end">
            <DatePickerInput
              type="range" label={t`Dates`} allowSingleDateInRange clearable valueFormat="YYYY-MM-DD" value={range} onChange={setRange} w={280}
              placeholder={t`Today and the next 6 days`} leftSection={<IconCalendar size={16} aria-hidden />} popoverProps={{ withinPortal: true }}
            />
            <Select
              label={t`Inbound Type`} clearable placeholder={t`All`} w={220} value={type} onChange={setType}
              data={quotaTypesOf(mode).map((code) => ({ value: String(code), label: typeLabel(code) }))}
            />
          </Group>
        </Paper>
        <Table.ScrollContainer minWidth={900}>
          <Table highlightOnHover aria-label={t`ASN Quota List`} data-testid="quota-plans">
            <Table.Thead>
              <Table.Tr>
                <Table.Th><Trans>Date</Trans></Table.Th>
                <Table.Th><Trans>Shift</Trans></Table.Th>
                <Table.Th><Trans>Inbound Type</Trans></Table.Th>
                <Table.Th><Trans>Units booked</Trans></Table.Th>
                <Table.Th><Trans>Cartons booked</Trans></Table.Th>
                <Table.Th><Trans>Enforced</Trans></Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(plans.data?.list ?? []).map((plan, i, all) => (
                <Table.Tr key={`${plan.plan_date}-${plan.shift_id}-${plan.inbound_type}`}>
                  {/* A day's slots follow each other: its date heads the first. */}
                  <Table.Td fw={600}>{all[i - 1]?.plan_date === plan.plan_date ? '' : plan.plan_date}</Table.Td>
                  <Table.Td>{plan.shift_name} <Text span size="xs" c="dimmed">{plan.start_time.slice(0, 5)}–{plan.end_time.slice(0, 5)}</Text></Table.Td>
                  <Table.Td>{typeLabel(plan.inbound_type)}</Table.Td>
                  <Table.Td><UsageBar used={plan.used_qty} quota={plan.quota_qty} enabled={plan.enabled === 1} /></Table.Td>
                  <Table.Td><UsageBar used={plan.used_cartons} quota={plan.quota_cartons} enabled={plan.enabled === 1} /></Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={t`Enforce the quota of ${plan.plan_date} ${plan.shift_name}`} checked={plan.enabled === 1}
                      disabled={!canEdit || toggle.isPending} onChange={() => toggle.mutate(plan)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {plan.is_default === 1 && <Badge size="sm" color="gray" variant="light"><Trans>Default</Trans></Badge>}
                      {canEdit && <Button size="compact-sm" variant="subtle" onClick={() => setEditing(plan)}><Trans>Edit</Trans></Button>}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {editing && <EditPlan plan={editing} onClose={() => setEditing(null)} onSaved={() => { setEditing(null); refresh(); }} />}
        {mass && <MassUpdate mode={mode} onClose={() => setMass(false)} onSaved={() => { setMass(false); refresh(); }} />}
      </Stack>
    </DatesLocale>
  );
}
