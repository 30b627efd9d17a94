import { useState } from 'react';
import { Alert, Button, Group } from '@mantine/core';
import { IconCheck, IconEdit, IconX } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useParams, useRouterState } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { OUTBOUND_ORDER_TYPE, RTS_STATUS, SALES_ORDER_STATUS } from '../../../shared/codes';
import { MT_ORDER_ACCESS, MT_ORDER_PAGES, mtOrderContract, type MtOrder } from '../../../shared/contract/mt-order.contract';
import { CANCEL_REASON_MAX } from '../../../shared/contract/sales-order.contract';
import { docAllocatable, docAwaitsApproval, docCancellable, docEditable, docReleasable, mayDecide } from '../../../shared/outbound/doc-lifecycle';
import { mtOrderResource } from '../../../shared/resources/mt-order.resource';
import { callApi } from '../../kit/api';
import { RecordPending } from '../../kit/record-pending';
import { ReasonDialog } from '../../kit/reason-dialog';
import { FieldValue } from '../../kit/resource/field-value';
import { useSearchParam } from '../../kit/search-param';
import { toast } from '../../kit/toast';
import { useSession } from '../../kit/use-session';
import { pageTitle } from '../../routes/access';
import { FactsCard, codeField, orPlaceholder } from '../../kit/record-parts';
import { OrderDetailLayout, useOrderRefresh } from './order-detail-parts';
import { WaveLink } from './outbound-parts';
import { outboundQueries } from './outbound.queries';

const F = mtOrderResource.fields;
const MT = OUTBOUND_ORDER_TYPE.values.MT;
const docField = codeField(RTS_STATUS, /*i18n*/ 'Status', true);
const floorField = codeField(SALES_ORDER_STATUS, /*i18n*/ 'Outbound Status', true);

function Header({ order }: { order: MtOrder }) {
  return (
    <FactsCard
      testId="mt-order-header"
      facts={[
        [F.doc_status, <FieldValue field={docField} value={order.doc_status} />],
        [F.status, <FieldValue field={floorField} value={order.status} />],
        [F.dest_whs_id, `${order.dest_whs_id} · ${order.dest_whs_name}`],
        [F.dest_priority, orPlaceholder(order.dest_priority)],
        [F.wave_no, order.wave_no ? <WaveLink waveNo={order.wave_no} /> : orPlaceholder(null)],
        [F.line_count, order.line_count],
        [F.total_qty, order.total_qty],
        [F.allocated_qty, order.allocated_qty],
        [F.picked_qty, order.picked_qty],
        [F.created_by, orPlaceholder(order.created_by_name)],
        [F.created_at, <FieldValue field={F.created_at} value={order.created_at} />],
        [F.approved_by, orPlaceholder(order.approved_by_name)],
        [F.approved_at, <FieldValue field={F.approved_at} value={order.approved_at} />],
        [F.reject_reason, orPlaceholder(order.reject_reason)],
        [F.remark, orPlaceholder(order.remark)],
      ]}
    />
  );
}

/** Why the order was rejected, where nobody can miss it. */
function RejectNotice({ reason }: { reason: string | null }) {
  if (!reason) return null;
  return <Alert color="orange" data-testid="mt-reject-reason"><Trans>Rejected: {reason}</Trans></Alert>;
}

/**
 * What the user may do to the order in its document status, by permission: edit, approve or reject
 * (never their own order), allocate, release to picking, cancel before picking.
 */
function Actions({ order, onMoved }: { order: MtOrder; onMoved(): void }) {
  const { t } = useLingui();
  const { perms, user } = useSession();
  const [asking, setAsking] = useState<'reject' | 'cancel' | null>(null);
  const orderNo = order.order_no;
  const approve = useMutation({
    mutationFn: () => callApi(mtOrderContract.approveMtOrder, { order_no: orderNo }),
    onSuccess: () => {
      toast.success(t`MT order ${orderNo} approved`);
      onMoved();
    },
  });
  const allocate = useMutation({
    mutationFn: () => callApi(mtOrderContract.allocateMtOrders, { order_nos: [orderNo] }),
    onSuccess: () => {
      toast.success(t`Allocated`);
      onMoved();
    },
  });
  const release = useMutation({
    mutationFn: () => callApi(mtOrderContract.releaseMtOrders, { order_nos: [orderNo] }),
    onSuccess: ({ wave_no: waveNo }) => {
      toast.success(t`Released in wave ${waveNo}`);
      onMoved();
    },
  });
  const status = order.doc_status;
  const decides = perms.has(MT_ORDER_ACCESS.approve.perm) && docAwaitsApproval(status);
  const own = !mayDecide(order.created_by, user.user_id);
  const edits = perms.has(MT_ORDER_ACCESS.edit.perm);
  const allocates = perms.has(MT_ORDER_ACCESS.allocate.perm);
  return (
    <Group gap="sm">
      {edits && docEditable(status) && (
        <Button variant="light" component={Link} to={MT_ORDER_PAGES.edit.replace('$orderNo', encodeURIComponent(orderNo))} leftSection={<IconEdit size={16} aria-hidden />}>
          <Trans>Edit</Trans>
        </Button>
      )}
      {decides && (
        <Button variant="light" color="green" disabled={own} title={own ? t`You created this order: another approver decides on it.` : undefined}
          leftSection={<IconCheck size={16} aria-hidden />} loading={approve.isPending} onClick={() => approve.mutate()}>
          <Trans>Approve</Trans>
        </Button>
      )}
      {decides && (
        <Button variant="light" color="orange" disabled={own} onClick={() => setAsking('reject')}><Trans>Reject</Trans></Button>
      )}
      {allocates && docAllocatable(status) && (
        <Button variant="light" loading={allocate.isPending} onClick={() => allocate.mutate()}><Trans>Allocate</Trans></Button>
      )}
      {allocates && docReleasable(status) && (
        <Button variant="light" loading={release.isPending} onClick={() => release.mutate()}><Trans>Release to Picking</Trans></Button>
      )}
      {edits && docCancellable(status) && (
        <Button color="red" variant="light" leftSection={<IconX size={16} aria-hidden />} onClick={() => setAsking('cancel')}><Trans>Cancel Order</Trans></Button>
      )}
      <ReasonDialog
        opened={asking !== null}
        title={asking === 'reject' ? t`Reject MT Order` : t`Cancel Order`}
        explanation={asking === 'reject'
          ? <Trans>Reject MT order {orderNo}? A rejected order is final: its creator makes a new one.</Trans>
          : <Trans>Cancel MT order {orderNo}? Stock reserved for it is released. A cancelled order cannot be reopened.</Trans>}
        maxLength={CANCEL_REASON_MAX}
        confirmLabel={asking === 'reject' ? t`Reject` : t`Cancel Order`}
        confirmColor={asking === 'reject' ? 'orange' : 'red'}
        onConfirm={async (reason) => {
          if (asking === 'reject') await callApi(mtOrderContract.rejectMtOrder, { order_no: orderNo, reason }, { quiet: true });
          else await callApi(mtOrderContract.cancelMtOrder, { order_no: orderNo, reason }, { quiet: true });
          toast.success(asking === 'reject' ? t`MT order ${orderNo} rejected` : t`Order cancelled`);
          setAsking(null);
          onMoved();
        }}
        onClose={() => setAsking(null)}
      />
    </Group>
  );
}

/**
 * /mtoutbound/order/detail?order_no=…, and the approve and allocate pages of one order
 * (order/approve/$orderNo, order/allocate/$orderNo): the MT document — destination, status,
 * approval — with the outbound order's lines, allocations, picking tasks and log (the sales
 * order detail's sections), and the moves its status allows.
 */
export default function MtOrderDetailScreen() {
  const { i18n } = useLingui();
  const refresh = useOrderRefresh();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const { orderNo: fromPath } = useParams({ strict: false }) as { orderNo?: string };
  const fromQuery = useSearchParam('order_no');
  const orderNo = fromPath ?? fromQuery ?? '';
  const detail = useQuery(outboundQueries.mtOrderDetail(orderNo));
  const title = pageTitle(pathname);
  const heading = `${title ? i18n._(title) : ''} ${orderNo}`.trim();
  if (!detail.data) return <RecordPending heading={heading} id={orderNo} error={detail.error} />;
  const { order } = detail.data;
  return (
    <OrderDetailLayout
      heading={heading} detail={detail.data} orderType={MT}
      actions={<Actions order={order} onMoved={refresh} />}
      notice={<RejectNotice reason={order.reject_reason} />}
      header={<Header order={order} />}
    />
  );
}
