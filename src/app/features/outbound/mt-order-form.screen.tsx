import { useState, type FormEvent } from 'react';
import { Alert, Loader, Paper, Select, SimpleGrid, Stack, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { MT_ORDER_PAGES, mtOrderContract, type MtOrderDetail } from '../../../shared/contract/mt-order.contract';
import { ORDER_LINES_MAX, ORDER_REMARK_MAX } from '../../../shared/contract/sales-order.contract';
import { mtOrderResource } from '../../../shared/resources/mt-order.resource';
import { docEditable } from '../../../shared/outbound/doc-lifecycle';
import { RET } from '../../../shared/retcodes';
import { requiredMessage } from '../../../shared/validation';
import { callApi } from '../../kit/api';
import { RecordPending } from '../../kit/record-pending';
import { toast } from '../../kit/toast';
import { LinesForm, OrderFormFooter, formRefusal } from '../../kit/order-lines/order-lines-form';
import { outboundQueries } from './outbound.queries';
import { emptyOrderLine, lineProblem, type OrderLineDraft } from '../../kit/order-lines/order-lines';

const F = mtOrderResource.fields;

/** The lines of an order being edited, as drafts. */
const draftsOf = (lines: MtOrderDetail['lines']): OrderLineDraft[] => lines.map((l) => ({ ...emptyOrderLine(), sku_id: l.sku_id, qty: l.qty }));

/** The form itself: destination (any other warehouse of the deployment, in the MT destination priority), remark, lines. */
function MtOrderForm({ orderNo, initial }: { orderNo: string | null; initial: MtOrderDetail | null }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const destinations = useQuery(outboundQueries.mtDestinations());
  const [dest, setDest] = useState<string | null>(initial?.order.dest_whs_id ?? null);
  const [remark, setRemark] = useState(initial?.order.remark ?? '');
  const [lines, setLines] = useState<OrderLineDraft[]>(() => (initial ? draftsOf(initial.lines) : [emptyOrderLine()]));
  const [touched, setTouched] = useState(false);
  const ready = dest !== null && lines.length > 0 && lines.length <= ORDER_LINES_MAX && lines.every((l) => lineProblem(l) === null);

  const save = useMutation({
    mutationFn: () => {
      const input = { dest_whs_id: dest!, remark: remark.trim() === '' ? null : remark.trim(), lines: lines.map((l) => ({ sku_id: l.sku_id.trim(), qty: Number(l.qty) })) };
      const options = { noErrorCodes: [RET.ORDER_LINE_INVALID, RET.BAD_INPUT, RET.ILLEGAL_TRANSITION] };
      return orderNo === null ? callApi(mtOrderContract.createMtOrder, input, options) : callApi(mtOrderContract.updateMtOrder, { ...input, order_no: orderNo }, options);
    },
    onSuccess: ({ order }) => {
      const saved = order.order_no;
      toast.success(orderNo === null ? t`MT order ${saved} created` : t`MT order ${saved} saved`);
      void queryClient.invalidateQueries({ queryKey: ['resource'] });
      void queryClient.invalidateQueries({ queryKey: outboundQueries.all });
      void navigate({ to: MT_ORDER_PAGES.detail, search: { order_no: saved } as never });
    },
  });
  const { lineRefusal, refusedIndex, orderRefusal } = formRefusal(save.error, lines.length);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (ready) save.mutate();
  };
  const label = i18n._(F.dest_whs_id.label);
  return (
    <form onSubmit={onSubmit} noValidate data-testid="mt-order-form">
      <Stack gap="md" maw={1200}>
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label={label} required searchable allowDeselect={false} value={dest}
              rightSection={destinations.isPending ? <Loader size="xs" /> : undefined}
              data={(destinations.data?.list ?? []).map(({ whs_id: id, whs_name: name, priority }) => ({
                value: id, label: priority === null ? `${id} · ${name}` : `${id} · ${name} (${t`priority ${priority}`})`,
              }))}
              onChange={(v) => {
                save.reset();
                setDest(v);
              }}
              error={touched && dest === null ? i18n._(requiredMessage(label, 'select')) : null}
            />
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
 * /mtoutbound/order/create and /mtoutbound/order/edit/$orderNo: an MT order's destination, remark
 * and lines (the sales order form's lines). Created pending approval; edited only while pending.
 * Saved, it opens the order's detail; a line the server refuses shows why on that line.
 */
export default function MtOrderFormScreen() {
  const { orderNo } = useParams({ strict: false }) as { orderNo?: string };
  const detail = useQuery(outboundQueries.mtOrderDetail(orderNo ?? ''));
  const heading = orderNo ? <Trans>Edit MT Order {orderNo}</Trans> : <Trans>Create MT Order</Trans>;
  let body: React.ReactNode;
  if (!orderNo) body = <MtOrderForm orderNo={null} initial={null} />;
  else if (!detail.data) return <RecordPending heading={orderNo} id={orderNo} error={detail.error} />;
  else if (!docEditable(detail.data.order.doc_status)) {
    body = <Alert color="orange" data-testid="mt-order-not-editable"><Trans>This MT order is no longer pending: it cannot be edited.</Trans></Alert>;
  } else body = <MtOrderForm orderNo={orderNo} initial={detail.data} />;
  return (
    <Stack gap="md" maw={1200}>
      <Title order={1} fz="h2">{heading}</Title>
      {body}
    </Stack>
  );
}
