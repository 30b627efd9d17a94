import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams, useRouterState } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { OUTBOUND_ORDER_TYPE, RTS_STATUS, SALES_ORDER_STATUS } from '../../../shared/codes';
import { MT_ORDER_ACCESS, MT_ORDER_PAGES, mtOrderContract, type MtOrder } from '../../../shared/contract/mt-order.contract';
import { mtOrderResource } from '../../../shared/resources/mt-order.resource';
import { callApi } from '../../kit/api';
import { RecordPending } from '../../kit/record-pending';
import { FieldValue } from '../../kit/resource/field-value';
import { useSearchParam } from '../../kit/search-param';
import { pageTitle } from '../../routes/access';
import { FactsCard, codeField, orPlaceholder } from '../../kit/record-parts';
import { DocOrderActions, type DocOrderMoves } from './doc-order-actions';
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

/** The MT order's moves (doc-order-actions.tsx) through the MT calls, in the MT order's words. */
function useMtMoves(): DocOrderMoves {
  const { t } = useLingui();
  return {
    access: MT_ORDER_ACCESS,
    editHref: (orderNo) => MT_ORDER_PAGES.edit.replace('$orderNo', encodeURIComponent(orderNo)),
    approve: (orderNo) => callApi(mtOrderContract.approveMtOrder, { order_no: orderNo }),
    allocate: (orderNo) => callApi(mtOrderContract.allocateMtOrders, { order_nos: [orderNo] }),
    release: (orderNo) => callApi(mtOrderContract.releaseMtOrders, { order_nos: [orderNo] }),
    reject: (orderNo, reason) => callApi(mtOrderContract.rejectMtOrder, { order_no: orderNo, reason }, { quiet: true }),
    cancel: (orderNo, reason) => callApi(mtOrderContract.cancelMtOrder, { order_no: orderNo, reason }, { quiet: true }),
    words: (orderNo) => ({
      approved: t`MT order ${orderNo} approved`,
      rejected: t`MT order ${orderNo} rejected`,
      rejectTitle: t`Reject MT Order`,
      rejectExplanation: <Trans>Reject MT order {orderNo}? A rejected order is final: its creator makes a new one.</Trans>,
      cancelExplanation: <Trans>Cancel MT order {orderNo}? Stock reserved for it is released. A cancelled order cannot be reopened.</Trans>,
    }),
  };
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
  const moves = useMtMoves();
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
      actions={<DocOrderActions order={order} moves={moves} onMoved={refresh} />}
      notice={<RejectNotice reason={order.reject_reason} />}
      header={<Header order={order} />}
    />
  );
}
