import { useState, type FormEvent } from 'react';
import { Alert, Paper, Select, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { INBOUND_ORDER_TYPE, RETURN_INBOUND_REASON, type CodeOf } from '../../../shared/codes';
import { RETURN_LINES_MAX, returnOrderContract, type ReturnOrderInput } from '../../../shared/contract/return-order.contract';
import { RETURN_ASN_PAGES } from '../../../shared/resources/asn.resource';
import { returnOrderResource } from '../../../shared/resources/return-order.resource';
import { RET } from '../../../shared/retcodes';
import { requiredMessage } from '../../../shared/validation';
import { callApi } from '../../kit/api';
import { emptyOrderLine, lineProblem, type OrderLineDraft } from '../../kit/order-lines/order-lines';
import { LinesForm, OrderFormFooter, formRefusal } from '../../kit/order-lines/order-lines-form';
import { wallClockToUnix } from '../../kit/resource/date-range';
import { DatesLocale } from '../../kit/resource/dates-locale';
import { useWarehouseTimeZone } from '../../kit/resource/field-value';
import { toast } from '../../kit/toast';
import { returnOrderQueries } from './return-order.queries';

const F = returnOrderResource.fields;
type Reason = CodeOf<typeof RETURN_INBOUND_REASON>;

/** The reason a path parameter names, if it is one of the codes. */
const reasonOf = (param: string | undefined): Reason | null =>
  RETURN_INBOUND_REASON.options.find((o) => String(o.value) === param)?.value ?? null;

/**
 * /returninbound/order/create/{inbound_type?}/{return_reason?}: a buyer's return typed on screen —
 * the order system's return number, the parcel's tracking number, the reason (the path may name it),
 * the sales order and buyer, and the units coming back. Sent, it opens the return ASN's detail; the
 * same number and content again open the return made first.
 */
export default function ReturnOrderCreateScreen() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const timeZone = useWarehouseTimeZone();
  const params = useParams({ strict: false }) as { inbound_type?: string; return_reason?: string };
  const otherType = params.inbound_type !== undefined && params.inbound_type !== String(INBOUND_ORDER_TYPE.values.RETURN);

  const [returnOrderNo, setReturnOrderNo] = useState('');
  const [trackingNo, setTrackingNo] = useState('');
  const [reason, setReason] = useState<Reason | null>(() => reasonOf(params.return_reason));
  const [salesOrderNo, setSalesOrderNo] = useState('');
  const [buyerName, setBuyerName] = useState('');
  const [shopId, setShopId] = useState('');
  const [expectedAt, setExpectedAt] = useState<string | null>(null);
  const [remark, setRemark] = useState('');
  const [lines, setLines] = useState<OrderLineDraft[]>(() => [emptyOrderLine()]);
  const [touched, setTouched] = useState(false);

  const missing = { no: returnOrderNo.trim() === '', tracking: trackingNo.trim() === '', reason: reason === null };
  const ready = !missing.no && !missing.tracking && !missing.reason && lines.length > 0 && lines.every((l) => lineProblem(l) === null);
  const optional = (text: string) => (text.trim() === '' ? null : text.trim());
  const input = (): ReturnOrderInput => ({
    return_order_no: returnOrderNo.trim(), tracking_no: trackingNo.trim(), return_reason: reason!, sales_order_no: optional(salesOrderNo),
    buyer_name: optional(buyerName), shop_id: optional(shopId), expected_arrival_at: expectedAt ? wallClockToUnix(expectedAt, timeZone) : null,
    remark: optional(remark), lines: lines.map((l) => ({ sku_id: l.sku_id.trim(), qty: Number(l.qty) })),
  });

  const save = useMutation({
    mutationFn: () => callApi(returnOrderContract.createReturnOrder, input(), {
      noErrorCodes: [RET.RETURN_ORDER_LINE_INVALID, RET.RETURN_ORDER_NO_CLASH, RET.TRACKING_NO_TAKEN],
    }),
    onSuccess: ({ order, created }) => {
      const asnNo = order.asn_no;
      if (created) toast.success(t`Return ASN ${asnNo} created`);
      else toast.success(t`This return order number was sent before with the same content: return ASN ${asnNo} is the one made then.`);
      void queryClient.invalidateQueries({ queryKey: ['resource'] });
      void queryClient.invalidateQueries({ queryKey: returnOrderQueries.all });
      void navigate({ to: RETURN_ASN_PAGES.detail.replace('$id', encodeURIComponent(asnNo)) });
    },
  });
  const { lineRefusal, refusedIndex, orderRefusal } = formRefusal(save.error, lines.length, RET.RETURN_ORDER_LINE_INVALID);
  const required = (label: string, kind: 'input' | 'select', empty: boolean) => (touched && empty ? i18n._(requiredMessage(label, kind)) : null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (ready) save.mutate();
  };
  const edit = <T,>(set: (value: T) => void) => (value: T) => {
    save.reset();
    set(value);
  };

  return (
    <DatesLocale enabled>
      <form onSubmit={onSubmit} noValidate data-testid="return-order-create-form">
        <Stack gap="md" maw={1200}>
          <Title order={1} fz="h2"><Trans>Create Return ASN</Trans></Title>
          {otherType && (
            <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
              <Trans>This page creates returns only: the inbound type is Return.</Trans>
            </Alert>
          )}
          <Paper withBorder radius="md" p="md">
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              <TextInput
                label={i18n._(F.return_order_no.label)} required maxLength={64} value={returnOrderNo}
                onChange={(e) => edit(setReturnOrderNo)(e.currentTarget.value)}
                error={required(i18n._(F.return_order_no.label), 'input', missing.no)}
              />
              <TextInput
                label={i18n._(F.tracking_no.label)} required maxLength={64} value={trackingNo}
                description={t`The number on the returned parcel's label: the return dock scans it.`}
                onChange={(e) => edit(setTrackingNo)(e.currentTarget.value)}
                error={required(i18n._(F.tracking_no.label), 'input', missing.tracking)}
              />
              <Select
                label={i18n._(F.return_reason.label)} required searchable allowDeselect={false}
                data={RETURN_INBOUND_REASON.options.map((o) => ({ value: String(o.value), label: i18n._(o.label) }))}
                value={reason === null ? null : String(reason)} onChange={(v) => edit(setReason)(reasonOf(v ?? undefined))}
                error={required(i18n._(F.return_reason.label), 'select', missing.reason)}
              />
              <TextInput label={i18n._(F.sales_order_no.label)} maxLength={64} value={salesOrderNo} onChange={(e) => edit(setSalesOrderNo)(e.currentTarget.value)} />
              <TextInput label={i18n._(F.buyer_name.label)} maxLength={100} value={buyerName} onChange={(e) => edit(setBuyerName)(e.currentTarget.value)} />
              <TextInput label={i18n._(F.shop_id.label)} maxLength={64} value={shopId} onChange={(e) => edit(setShopId)(e.currentTarget.value)} />
              <DateTimePicker
                label={i18n._(F.expected_arrival_at.label)} value={expectedAt} onChange={edit(setExpectedAt)} clearable valueFormat="YYYY-MM-DD HH:mm"
                placeholder={t`Date and time`} popoverProps={{ withinPortal: true }}
              />
              <Textarea label={<Trans>Remark</Trans>} maxLength={500} autosize minRows={1} value={remark} onChange={(e) => setRemark(e.currentTarget.value)} />
            </SimpleGrid>
          </Paper>
          <LinesForm
            lines={lines} touched={touched} refusedIndex={refusedIndex} refusal={lineRefusal?.message} maxLines={RETURN_LINES_MAX}
            setLines={setLines} onEdit={() => save.reset()}
          />
          <OrderFormFooter refusal={orderRefusal} saving={save.isPending} />
        </Stack>
      </form>
    </DatesLocale>
  );
}
