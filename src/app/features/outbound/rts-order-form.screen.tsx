import { useState, type FormEvent } from 'react';
import { Alert, Paper, Select, SimpleGrid, Stack, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { RTS_REASON, RTS_REMOVAL_DISPOSAL, RTS_TYPE, type CodeList } from '../../../shared/codes';
import { RTS_ORDER_PAGES, rtsOrderContract, type RtsOrderDetail } from '../../../shared/contract/rts-order.contract';
import { ORDER_LINES_MAX, ORDER_REMARK_MAX } from '../../../shared/contract/sales-order.contract';
import { docEditable } from '../../../shared/outbound/doc-lifecycle';
import { rtsOrderResource } from '../../../shared/resources/rts-order.resource';
import { RET } from '../../../shared/retcodes';
import { requiredMessage } from '../../../shared/validation';
import { callApi, isApiError } from '../../kit/api';
import { RecordPending } from '../../kit/record-pending';
import { RefSelect } from '../../kit/resource/ref-select';
import { toast } from '../../kit/toast';
import { LinesForm, OrderFormFooter, formRefusal } from '../../kit/order-lines/order-lines-form';
import { outboundQueries } from './outbound.queries';
import { emptyOrderLine, lineProblem, type OrderLineDraft } from '../../kit/order-lines/order-lines';

const F = rtsOrderResource.fields;

const draftsOf = (lines: RtsOrderDetail['lines']): OrderLineDraft[] => lines.map((l) => ({ ...emptyOrderLine(), sku_id: l.sku_id, qty: l.qty }));

/** The form: supplier, RTS type, reason, removal disposal, remark, lines (the sales order form's). */
function RtsOrderForm({ orderNo, initial }: { orderNo: string | null; initial: RtsOrderDetail | null }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const o = initial?.order;
  const [supplier, setSupplier] = useState(o?.supplier_id ?? '');
  const [rtsType, setRtsType] = useState<string | null>(o ? String(o.rts_type) : null);
  const [reason, setReason] = useState<string | null>(o?.reason_code ?? null);
  const [disposal, setDisposal] = useState<string | null>(o?.removal_disposal ? String(o.removal_disposal) : null);
  const [remark, setRemark] = useState(o?.remark ?? '');
  const [lines, setLines] = useState<OrderLineDraft[]>(() => (initial ? draftsOf(initial.lines) : [emptyOrderLine()]));
  const [touched, setTouched] = useState(false);
  const ready = supplier.trim() !== '' && rtsType !== null && reason !== null
    && lines.length > 0 && lines.length <= ORDER_LINES_MAX && lines.every((l) => lineProblem(l) === null);

  const save = useMutation({
    mutationFn: () => {
      const input = {
        supplier_id: supplier.trim(), rts_type: Number(rtsType), reason_code: reason!, removal_disposal: disposal === null ? null : Number(disposal),
        remark: remark.trim() === '' ? null : remark.trim(), lines: lines.map((l) => ({ sku_id: l.sku_id.trim(), qty: Number(l.qty) })),
      };
      const options = { noErrorCodes: [RET.ORDER_LINE_INVALID, RET.BAD_INPUT, RET.ILLEGAL_TRANSITION, RET.RTS_QUOTA_EXCEEDED] };
      return orderNo === null ? callApi(rtsOrderContract.createRtsOrder, input, options) : callApi(rtsOrderContract.updateRtsOrder, { ...input, order_no: orderNo }, options);
    },
    onSuccess: ({ order }) => {
      const saved = order.order_no;
      toast.success(orderNo === null ? t`RTS order ${saved} created` : t`RTS order ${saved} saved`);
      void queryClient.invalidateQueries({ queryKey: ['resource'] });
      void queryClient.invalidateQueries({ queryKey: outboundQueries.all });
      void navigate({ to: RTS_ORDER_PAGES.detail.replace('$id', encodeURIComponent(saved)) });
    },
  });
  const { lineRefusal, refusedIndex, orderRefusal } = formRefusal(save.error, lines.length);
  // The server refuses a supplier the warehouse does not have or that is inactive (-100400 on supplier_id).
  const supplierRefused = isApiError(save.error, RET.BAD_INPUT)
    && ((save.error.data as { issues?: { path?: unknown }[] } | null)?.issues ?? []).some((i) => i.path === 'supplier_id');
  const supplierRefusal = supplierRefused ? t`Not an active supplier of this warehouse.` : null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (ready) save.mutate();
  };
  const options = (list: CodeList) => list.options.map((c) => ({ value: String(c.value), label: i18n._(c.label) }));
  const choice = (label: string, value: string | null, set: (v: string | null) => void, list: CodeList, required: boolean) => (
    <Select
      label={label} required={required} clearable={!required} allowDeselect={!required} value={value} data={options(list)}
      onChange={(v) => {
        save.reset();
        set(v);
      }}
      error={required && touched && value === null ? i18n._(requiredMessage(label, 'select')) : null}
    />
  );
  const supplierLabel = i18n._(F.supplier_id.label);
  return (
    <form onSubmit={onSubmit} noValidate data-testid="rts-order-form">
      <Stack gap="md" maw={1200}>
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <RefSelect
              id="rts-order-supplier" field={F.supplier_id} label={supplierLabel} withAsterisk value={supplier === '' ? null : supplier}
              onChange={(value) => {
                save.reset();
                setSupplier(value === null ? '' : String(value));
              }}
              onBlur={() => undefined}
              error={supplierRefusal ?? (touched && supplier.trim() === '' ? i18n._(requiredMessage(supplierLabel, 'select')) : null)}
            />
            {choice(i18n._(F.rts_type.label), rtsType, setRtsType, RTS_TYPE, true)}
            {choice(i18n._(F.reason_code.label), reason, setReason, RTS_REASON, true)}
            {choice(i18n._(F.removal_disposal.label), disposal, setDisposal, RTS_REMOVAL_DISPOSAL, false)}
            <Textarea label={<Trans>Remark</Trans>} maxLength={ORDER_REMARK_MAX} autosize minRows={1} value={remark} onChange={(e) => setRemark(e.currentTarget.value)} />
          </SimpleGrid>
        </Paper>
        <LinesForm
          lines={lines} touched={touched} refusedIndex={refusedIndex} refusal={lineRefusal?.message}
          setLines={setLines} onEdit={() => save.reset()}
        />
        <OrderFormFooter refusal={orderRefusal} saving={save.isPending} />
      </Stack>
    </form>
  );
}

/**
 * /rtsoutbound/create and /rtsoutbound/edit/$orderNo: an RTS order's supplier, type, reason, removal
 * disposal, remark and lines. Created pending approval within the supplier's RTS quota; edited only
 * while pending. Saved, it opens the order's detail; a refused line or quota shows why.
 */
export default function RtsOrderFormScreen() {
  const { orderNo } = useParams({ strict: false }) as { orderNo?: string };
  const detail = useQuery(outboundQueries.rtsOrderDetail(orderNo ?? ''));
  const heading = orderNo ? <Trans>Edit RTS Order {orderNo}</Trans> : <Trans>Create RTS Order</Trans>;
  let body: React.ReactNode;
  if (!orderNo) body = <RtsOrderForm orderNo={null} initial={null} />;
  else if (!detail.data) return <RecordPending heading={orderNo} id={orderNo} error={detail.error} />;
  else if (!docEditable(detail.data.order.doc_status)) {
    body = <Alert color="orange" data-testid="rts-order-not-editable"><Trans>This RTS order is no longer pending: it cannot be edited.</Trans></Alert>;
  } else body = <RtsOrderForm orderNo={orderNo} initial={detail.data} />;
  return (
    <Stack gap="md" maw={1200}>
      <Title order={1} fz="h2">{heading}</Title>
      {body}
    </Stack>
  );
}
