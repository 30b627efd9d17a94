import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, Loader, NumberInput, Paper, Select, SimpleGrid, Stack, TagsInput, TextInput, Textarea, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { TRACKING_ID_PATTERN, needsSupplier, type InboundOrderType } from '../../../shared/asn';
import { contract, type InputOf } from '../../../shared/contract';
import { INBOUND_ORDER_TYPE, PURCHASE_TYPE } from '../../../shared/codes';
import { UPPER_BOUND } from '../../../shared/constants';
import { ASN_PAGES, asnResource } from '../../../shared/resources/asn.resource';
import { RET } from '../../../shared/retcodes';
import { requiredMessage } from '../../../shared/validation';
import type { VasKind } from '../../../shared/vas';
import { callApi, isApiError } from '../../kit/api';
import { DatesLocale } from '../../kit/resource/dates-locale';
import { toast } from '../../kit/toast';
import { emptyLine, LinesForm, SlotForm, type Line } from './asn-create-parts';
import { asnQueries } from './asn.queries';

const F = asnResource.fields;

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

          <SlotForm
            today={today} lastDay={lastDay} slotDate={slotDate} onSlotDate={setSlotDate} slots={slots} shiftId={shiftId} onShift={setShiftId}
            issues={issues} quotaFull={quotaFull}
          />

          <LinesForm lines={lines} setLines={setLines} issues={issues} />

          <Group justify="flex-end">
            <Button variant="default" onClick={() => router.history.back()}><Trans>Cancel</Trans></Button>
            <Button type="submit" disabled={!canConfirm} loading={save.isPending}><Trans>Confirm</Trans></Button>
          </Group>
        </Stack>
      </form>
    </DatesLocale>
  );
}
