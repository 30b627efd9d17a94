import { useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  ActionIcon, Alert, Badge, Button, Checkbox, Group, Loader, NumberInput, Paper, Radio, Select, SimpleGrid, Stack, Table, TagsInput, Text, TextInput, Textarea, Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconCalendar, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { LOT_NO_PATTERN, MAX_ASN_LINES, TRACKING_ID_PATTERN, needsSupplier, type InboundOrderType } from '../../../shared/asn';
import { contract, type InputOf } from '../../../shared/contract';
import type { DeliverySlotRow } from '../../../shared/contract/asn.contract';
import { INBOUND_ORDER_TYPE, INBOUND_TASK_KIND, PURCHASE_TYPE } from '../../../shared/codes';
import { UPPER_BOUND } from '../../../shared/constants';
import { ASN_PAGES, asnResource } from '../../../shared/resources/asn.resource';
import { RET } from '../../../shared/retcodes';
import { requiredMessage } from '../../../shared/validation';
import { VAS_KINDS, type VasKind } from '../../../shared/vas';
import { callApi, isApiError } from '../../kit/api';
import { DatesLocale } from '../../kit/resource/dates-locale';
import { toast } from '../../kit/toast';
import { asnQueries } from './asn.queries';

const F = asnResource.fields;

interface Line {
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
const emptyLine = (): Line => ({ key: ++lineKeys, sku_id: null, expected_qty: '', batch_no: '', production_date: null, expiry_date: null, vas_kind: null });

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

/** Server refusals (-100400) name fields in `data.issues`: shown under them. */
function issuesOf(error: unknown): Record<string, string> {
  if (!isApiError(error, RET.BAD_INPUT)) return {};
  const issues = (error.data as { issues?: { path?: unknown; message?: unknown }[] } | null)?.issues ?? [];
  return Object.fromEntries(issues.flatMap((i) => (typeof i.path === 'string' && i.path ? [[i.path, String(i.message ?? '')]] : [])));
}

/**
 * /inbound/order/createasn: a new ASN (spec §2, §3): supplier, inbound order type and purchase
 * type (the selectable ones), PO number, JIT, an ASN group to join, its delivery slot (a day and a
 * shift, with what each can still take), expected cartons and their tracking ids, and its lines.
 * Saved, it opens the ASN's detail; a full slot is refused by the server and said so.
 */
export default function AsnCreateScreen() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const router = useRouter();
  const queryClient = useQueryClient();
  const options = useQuery(asnQueries.formOptions());

  const [inboundType, setInboundType] = useState<InboundOrderType>(INBOUND_ORDER_TYPE.values.PURCHASE);
  const [purchaseType, setPurchaseType] = useState<string | null>(null);
  const [supplierId, setSupplierId] = useState<string | null>(null);
  const [poNo, setPoNo] = useState('');
  const [isJit, setIsJit] = useState(false);
  const [groupNo, setGroupNo] = useState<string | null>(null);
  const [slotDate, setSlotDate] = useState<string | null>(null);
  const [shiftId, setShiftId] = useState<string | null>(null);
  const [cartons, setCartons] = useState<number | string>('');
  const [trackingIds, setTrackingIds] = useState<string[]>([]);
  const [remark, setRemark] = useState('');
  const [lines, setLines] = useState<Line[]>(() => [emptyLine()]);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const touch = (name: string) => setTouched((s) => new Set(s).add(name));

  const purchaseChoices = useMemo(
    () => options.data?.purchase_types.find((p) => p.inbound_type === inboundType)?.purchase_types ?? [],
    [options.data, inboundType],
  );
  // The first selectable purchase type of the inbound type, and tomorrow's slots, until chosen otherwise.
  useEffect(() => {
    if (purchaseType === null || !purchaseChoices.includes(Number(purchaseType))) setPurchaseType(purchaseChoices[0] === undefined ? null : String(purchaseChoices[0]));
  }, [purchaseChoices, purchaseType]);
  useEffect(() => {
    if (slotDate === null && options.data) setSlotDate(new Date(Date.parse(`${options.data.today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10));
  }, [options.data, slotDate]);
  const slots = useQuery(asnQueries.deliverySlots(slotDate ?? '', inboundType));
  useEffect(() => setShiftId(null), [slotDate, inboundType]);

  const label = (field: { label: string }) => i18n._(field.label);
  const supplierNeeded = needsSupplier(inboundType);
  const filledLines = lines.filter((l) => l.sku_id && typeof l.expected_qty === 'number');
  const missing = {
    supplier: supplierNeeded && !supplierId,
    purchase: purchaseType === null,
    slot: !slotDate || !shiftId,
    cartons: typeof cartons !== 'number',
    lines: filledLines.length !== lines.length || lines.length === 0,
  };
  const canConfirm = !Object.values(missing).some(Boolean);

  const save = useMutation({
    mutationFn: () => {
      const input = {
        inbound_type: inboundType,
        purchase_type: Number(purchaseType),
        supplier_id: supplierNeeded ? supplierId : null,
        po_no: poNo.trim() || null,
        slot_date: slotDate!,
        shift_id: Number(shiftId),
        expected_cartons: Number(cartons),
        is_jit: isJit ? 1 : 0,
        group_no: groupNo,
        remark: remark.trim() || null,
        lines: lines.map((l) => ({
          sku_id: l.sku_id!, expected_qty: Number(l.expected_qty), batch_no: l.batch_no.trim() || null,
          production_date: l.production_date, expiry_date: l.expiry_date, vas_kind: l.vas_kind === null ? null : Number(l.vas_kind) as VasKind,
        })),
        tracking_ids: trackingIds.map((id) => ({ tracking_id: id, carton_qty: 1 })),
      };
      return callApi(contract.createAsn, input as InputOf<typeof contract.createAsn>);
    },
    onSuccess: (created) => {
      toast.success(t`ASN ${created.asn_no} created`);
      void queryClient.invalidateQueries({ queryKey: ['resource'] });
      void queryClient.invalidateQueries({ queryKey: asnQueries.all });
      void navigate({ to: ASN_PAGES.detail.replace('$id', encodeURIComponent(created.asn_no)) });
    },
    onError: () => void slots.refetch(),
  });
  const issues = issuesOf(save.error);
  // spec §5: an empty required item says so once left.
  const required = (name: string, isMissing: boolean, text: string, kind: 'input' | 'select') =>
    (touched.has(name) && isMissing ? i18n._(requiredMessage(text, kind)) : issues[name]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (canConfirm) save.mutate();
  };
  const setLine = (key: number, change: Partial<Line>) => setLines((all) => all.map((l) => (l.key === key ? { ...l, ...change } : l)));

  if (options.isError) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />}>
        <Trans>The form could not be read from the server.</Trans>
      </Alert>
    );
  }
  if (!options.data) return <Loader size="sm" />;
  const { suppliers, groups, today, last_booking_date: lastDay } = options.data;
  const quotaFull = isApiError(save.error, RET.ASN_QUOTA_FULL);

  return (
    <DatesLocale enabled>
      <form onSubmit={onSubmit} noValidate data-testid="asn-create-form">
        <Stack gap="md" maw={1200}>
          <Title order={1} fz="h2"><Trans>Create ASN</Trans></Title>
          <Paper withBorder radius="md" p="md">
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              <Select
                label={label(F.inbound_type)} required allowDeselect={false}
                data={INBOUND_ORDER_TYPE.options.map((o) => ({ value: String(o.value), label: i18n._(o.label) }))}
                value={String(inboundType)} onChange={(v) => v && setInboundType(Number(v) as InboundOrderType)}
              />
              <Select
                label={label(F.purchase_type)} required allowDeselect={false}
                data={purchaseChoices.map((code) => ({ value: String(code), label: i18n._(PURCHASE_TYPE.label(code)!) }))}
                value={purchaseType} onChange={setPurchaseType} error={required('purchase_type', missing.purchase, label(F.purchase_type), 'select')}
              />
              <Select
                label={label(F.supplier_id)} required={supplierNeeded} disabled={!supplierNeeded} searchable clearable
                data={suppliers.map((s) => ({ value: s.supplier_id, label: `${s.supplier_id} · ${s.supplier_name}` }))}
                value={supplierNeeded ? supplierId : null} onChange={setSupplierId} onBlur={() => touch('supplier_id')}
                error={required('supplier_id', missing.supplier, label(F.supplier_id), 'select')}
                comboboxProps={{ withinPortal: true }}
              />
              <TextInput label={label(F.po_no)} maxLength={64} value={poNo} onChange={(e) => setPoNo(e.currentTarget.value)} error={issues.po_no} />
              <Select
                label={<Trans>Join ASN Group</Trans>} clearable searchable placeholder={t`A group of its own`}
                data={groups.map((g) => ({ value: g.group_no, label: `${g.group_no} (${g.asn_count} ASN, ${g.slot_date ?? '-'})` }))}
                value={groupNo} onChange={setGroupNo} error={issues.group_no} comboboxProps={{ withinPortal: true }}
              />
              <NumberInput
                label={label(F.expected_cartons)} required min={1} max={UPPER_BOUND} allowDecimal={false} allowNegative={false}
                value={cartons} onChange={setCartons} onBlur={() => touch('expected_cartons')}
                error={required('expected_cartons', missing.cartons, label(F.expected_cartons), 'input')}
              />
              <Checkbox label={label(F.is_jit)} checked={isJit} onChange={(e) => setIsJit(e.currentTarget.checked)} mt="lg" />
              <TagsInput
                label={<Trans>Tracking IDs (one per carton)</Trans>} placeholder={t`Type or scan, then Enter`}
                value={trackingIds} onChange={(ids) => setTrackingIds(ids.map((id) => id.trim()).filter((id) => TRACKING_ID_PATTERN.test(id)))}
                error={Object.entries(issues).find(([path]) => path.startsWith('tracking_ids'))?.[1]}
                clearable
              />
              <Textarea label={label(F.remark)} maxLength={500} autosize minRows={1} value={remark} onChange={(e) => setRemark(e.currentTarget.value)} />
            </SimpleGrid>
          </Paper>

          <Paper withBorder radius="md" p="md" data-testid="asn-slot">
            <Stack gap="sm">
              <Title order={2} fz="h4"><Trans>Delivery Slot</Trans></Title>
              <DatePickerInput
                label={<Trans>Delivery Date</Trans>} required valueFormat="YYYY-MM-DD" minDate={today} maxDate={lastDay}
                value={slotDate} onChange={(v) => setSlotDate(v)} leftSection={<IconCalendar size={16} aria-hidden />} maw={260}
                error={issues.slot_date} popoverProps={{ withinPortal: true }}
              />
              {slots.isPending && slotDate ? <Loader size="sm" /> : (
                <Radio.Group value={shiftId} onChange={setShiftId} label={<Trans>Receiving Shift</Trans>} withAsterisk error={issues.shift_id ?? issues.expected_arrival_at}>
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

          <Group justify="flex-end">
            <Button variant="default" onClick={() => router.history.back()}><Trans>Cancel</Trans></Button>
            <Button type="submit" disabled={!canConfirm} loading={save.isPending}><Trans>Confirm</Trans></Button>
          </Group>
        </Stack>
      </form>
    </DatesLocale>
  );
}
