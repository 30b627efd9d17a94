import { useState, type Dispatch, type SetStateAction } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, Loader, NumberInput, Paper, Radio, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconCalendar, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { LOT_NO_PATTERN, MAX_ASN_LINES } from '../../../shared/asn';
import type { DeliverySlotRow } from '../../../shared/contract/asn.contract';
import { INBOUND_TASK_KIND } from '../../../shared/codes';
import { UPPER_BOUND } from '../../../shared/constants';
import { VAS_KINDS } from '../../../shared/vas';
import { asnQueries } from './asn.queries';

/** Parts of the Create ASN form: its lines and its delivery slot. */

export interface Line {
  key: number;
  sku_id: string | null;
  expected_qty: number | string;
  batch_no: string;
  production_date: string | null;
  expiry_date: string | null;
  /** A value-added service after receiving (shared/vas.ts), as the select's string value. */
  vas_kind: string | null;
}

let lineKeys = 0;
export const emptyLine = (): Line => ({ key: ++lineKeys, sku_id: null, expected_qty: '', batch_no: '', production_date: null, expiry_date: null, vas_kind: null });

/** The SKU of a line: searched on the server by id, UPC or name as the user types (search_asn_sku). */
function SkuSelect({ value, onChange, error, label }: { value: string | null; onChange(v: string | null): void; error?: string | undefined; label: string }) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 250);
  const found = useQuery(asnQueries.skus(keyword));
  const data = (found.data?.list ?? []).map((s) => ({ value: s.sku_id, label: `${s.sku_id} · ${s.sku_name}` }));
  if (value && !data.some((o) => o.value === value)) data.unshift({ value, label: value });
  return (
    <Select
      aria-label={label}
      placeholder={t`Scan or type a SKU`}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={keyword ? (found.isFetching ? t`Loading…` : t`No data`) : t`Type to search`}
      error={error}
      comboboxProps={{ withinPortal: true }}
      miw={240}
    />
  );
}

/** A delivery slot to choose: its shift, and the units and cartons it can still take (an enforced quota) or "no limit". */
function SlotChoice({ slot }: { slot: DeliverySlotRow }) {
  const { t } = useLingui();
  const leftQty = Math.max(0, slot.quota_qty - slot.used_qty);
  const leftCartons = Math.max(0, slot.quota_cartons - slot.used_cartons);
  const time = `${slot.start_time.slice(0, 5)}–${slot.end_time.slice(0, 5)}`;
  return (
    <Radio
      value={String(slot.shift_id)}
      disabled={slot.bookable === 0}
      label={`${slot.shift_name} ${time}`}
      description={slot.bookable === 0
        ? t`Over`
        : slot.enabled === 1 ? t`${leftQty} units, ${leftCartons} cartons left` : t`No limit`}
      data-testid={`slot-${slot.shift_id}`}
    />
  );
}

/** Server refusals by field path (issuesOf), shown under the fields they name. */
type Issues = Record<string, string>;

/** The delivery slot: a day, then one of its receiving shifts with what it can still take. */
export function SlotForm({ today, lastDay, slotDate, onSlotDate, slots, shiftId, onShift, issues, quotaFull }: {
  today: string; lastDay: string; slotDate: string | null; onSlotDate(v: string | null): void;
  slots: UseQueryResult<{ list: DeliverySlotRow[] }>; shiftId: string | null; onShift(v: string | null): void;
  issues: Issues; quotaFull: boolean;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="asn-slot">
      <Stack gap="sm">
        <Title order={2} fz="h4"><Trans>Delivery Slot</Trans></Title>
        <DatePickerInput
          label={<Trans>Delivery Date</Trans>} required valueFormat="YYYY-MM-DD" minDate={today} maxDate={lastDay}
          value={slotDate} onChange={(v) => onSlotDate(v)} leftSection={<IconCalendar size={16} aria-hidden />} maw={260}
          error={issues.slot_date} popoverProps={{ withinPortal: true }}
        />
        {slots.isPending && slotDate ? <Loader size="sm" /> : (
          <Radio.Group value={shiftId} onChange={onShift} label={<Trans>Receiving Shift</Trans>} withAsterisk error={issues.shift_id ?? issues.expected_arrival_at}>
            <Group gap="lg" mt="xs">
              {(slots.data?.list ?? []).map((slot) => <SlotChoice key={slot.shift_id} slot={slot} />)}
            </Group>
            {slots.data?.list.length === 0 && <Text c="dimmed" size="sm"><Trans>This warehouse has no receiving shifts: set them up under ASN Delivery Slot.</Trans></Text>}
          </Radio.Group>
        )}
        {quotaFull && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="quota-full">
            <Trans>The slot chosen is full. Choose another shift or day.</Trans>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** The ASN's lines: SKU, expected quantity, lot, dates and a service each; added and removed here. */
export function LinesForm({ lines, setLines, issues }: { lines: Line[]; setLines: Dispatch<SetStateAction<Line[]>>; issues: Issues }) {
  const { t, i18n } = useLingui();
  const setLine = (key: number, change: Partial<Line>) => setLines((all) => all.map((l) => (l.key === key ? { ...l, ...change } : l)));
  const filledLines = lines.filter((l) => l.sku_id && typeof l.expected_qty === 'number');
  return (
    <Paper withBorder radius="md" p="md" data-testid="asn-lines-form">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4"><Trans>Lines</Trans></Title>
        <Button
          variant="light" leftSection={<IconPlus size={16} aria-hidden />} disabled={lines.length >= MAX_ASN_LINES}
          onClick={() => setLines((all) => [...all, emptyLine()])}
        >
          <Trans>Add Line</Trans>
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={900}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th><Trans>SKU</Trans> *</Table.Th>
              <Table.Th><Trans>Expected Qty</Trans> *</Table.Th>
              <Table.Th><Trans>Lot</Trans></Table.Th>
              <Table.Th><Trans>Production Date</Trans></Table.Th>
              <Table.Th><Trans>Expiry Date</Trans></Table.Th>
              <Table.Th><Trans>Service</Trans></Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, i) => {
              const n = i + 1;
              return (
                <Table.Tr key={line.key} data-testid={`asn-line-${n}`}>
                  <Table.Td>
                    <SkuSelect label={t`SKU of line ${n}`} value={line.sku_id} onChange={(v) => setLine(line.key, { sku_id: v })} error={issues[`lines.${i}.sku_id`]} />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={t`Expected Qty of line ${n}`} min={1} max={UPPER_BOUND} allowDecimal={false} allowNegative={false} w={120}
                      value={line.expected_qty} onChange={(v) => setLine(line.key, { expected_qty: v })} error={issues[`lines.${i}.expected_qty`]}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={t`Lot of line ${n}`} maxLength={40} w={140} value={line.batch_no}
                      onChange={(e) => setLine(line.key, { batch_no: e.currentTarget.value })}
                      error={line.batch_no.trim() && !LOT_NO_PATTERN.test(line.batch_no.trim()) ? t`Letters, digits and . _ / -` : issues[`lines.${i}.batch_no`]}
                    />
                  </Table.Td>
                  <Table.Td>
                    <DatePickerInput
                      aria-label={t`Production Date of line ${n}`} valueFormat="YYYY-MM-DD" clearable w={150} value={line.production_date}
                      onChange={(v) => setLine(line.key, { production_date: v })} popoverProps={{ withinPortal: true }}
                    />
                  </Table.Td>
                  <Table.Td>
                    <DatePickerInput
                      aria-label={t`Expiry Date of line ${n}`} valueFormat="YYYY-MM-DD" clearable w={150} value={line.expiry_date}
                      onChange={(v) => setLine(line.key, { expiry_date: v })} error={issues[`lines.${i}.expiry_date`]} popoverProps={{ withinPortal: true }}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={t`Service of line ${n}`} placeholder={t`None`} clearable w={150} value={line.vas_kind}
                      data={VAS_KINDS.map((k) => ({ value: String(k), label: i18n._(INBOUND_TASK_KIND.label(k)!) }))}
                      onChange={(v) => setLine(line.key, { vas_kind: v })} error={issues[`lines.${i}.vas_kind`]}
                    />
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon variant="subtle" color="red" aria-label={t`Remove line ${n}`} disabled={lines.length === 1}
                      onClick={() => setLines((all) => all.filter((l) => l.key !== line.key))}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group gap="xs" mt="sm">
        <Badge variant="light">{t`Lines: ${lines.length}`}</Badge>
        <Badge variant="light">{t`Units: ${filledLines.reduce((n, l) => n + Number(l.expected_qty), 0)}`}</Badge>
      </Group>
    </Paper>
  );
}
