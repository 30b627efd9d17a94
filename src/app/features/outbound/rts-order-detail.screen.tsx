import { Alert, Anchor, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useRouterState } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { OUTBOUND_ORDER_TYPE, RTS_STATUS, RTS_TYPE, SALES_ORDER_STATUS } from '../../../shared/codes';
import { RTS_ORDER_ACCESS, RTS_ORDER_PAGES, rtsOrderContract, type RtsOrder, type RtsShipment } from '../../../shared/contract/rts-order.contract';
import { ASN_PAGES } from '../../../shared/resources/asn.resource';
import { rtsOrderResource } from '../../../shared/resources/rts-order.resource';
import { callApi } from '../../kit/api';
import { RecordPending } from '../../kit/record-pending';
import { FieldValue } from '../../kit/resource/field-value';
import { FactsCard, NoData, Section, codeField, orPlaceholder } from '../../kit/record-parts';
import { pageTitle } from '../../routes/access';
import { useCanOpen } from '../../routes/use-access';
import { DocOrderActions, type DocOrderMoves } from './doc-order-actions';
import { OrderDetailLayout, useOrderRefresh } from './order-detail-parts';
import { WaveLink } from './outbound-parts';
import { outboundQueries } from './outbound.queries';

const F = rtsOrderResource.fields;
const RTS = OUTBOUND_ORDER_TYPE.values.RTS;
const docField = codeField(RTS_STATUS, /*i18n*/ 'Status', true);
const floorField = codeField(SALES_ORDER_STATUS, /*i18n*/ 'Outbound Status', true);

function Header({ order }: { order: RtsOrder }) {
  return (
    <FactsCard
      testId="rts-order-header"
      facts={[
        [F.doc_status, <FieldValue field={docField} value={order.doc_status} />],
        [F.status, <FieldValue field={floorField} value={order.status} />],
        [F.supplier_id, order.supplier_name ? `${order.supplier_id} · ${order.supplier_name}` : order.supplier_id],
        [F.rts_type, <FieldValue field={F.rts_type} value={order.rts_type} />],
        [F.reason_code, <FieldValue field={F.reason_code} value={order.reason_code} />],
        [F.removal_disposal, <FieldValue field={F.removal_disposal} value={order.removal_disposal} />],
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
        ...(order.rts_type === RTS_TYPE.values.VIRTUAL_RTS_WITH_REINBOUND ? [[F.reinbound_asn_no, order.reinbound_asn_no ? <AsnLink asnNo={order.reinbound_asn_no} /> : orPlaceholder(null)] as const] : []),
        [F.remark, orPlaceholder(order.remark)],
      ]}
    />
  );
}

/** The re-inbound ASN, opened on its detail where the user may open it. */
function AsnLink({ asnNo }: { asnNo: string }) {
  const href = ASN_PAGES.detail.replace('$id', encodeURIComponent(asnNo));
  const canOpen = useCanOpen(href);
  return canOpen ? <Anchor component={Link} to={href} data-testid="rts-reinbound-asn">{asnNo}</Anchor> : <span data-testid="rts-reinbound-asn">{asnNo}</span>;
}

/** The shipments that took the order's units back to the supplier, each with its manifest number. */
function Shipments({ shipments }: { shipments: readonly RtsShipment[] }) {
  return (
    <Section title={<Trans>Shipments</Trans>} testId="rts-order-shipments">
      {shipments.length === 0 ? <NoData /> : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th><Trans>Shipment No.</Trans></Table.Th>
              <Table.Th><Trans>Task No.</Trans></Table.Th>
              <Table.Th><Trans>Carrier</Trans></Table.Th>
              <Table.Th><Trans>Tracking No.</Trans></Table.Th>
              <Table.Th ta="right"><Trans>Qty</Trans></Table.Th>
              <Table.Th><Trans>Shipped At</Trans></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shipments.map((s) => (
              <Table.Tr key={s.shipment_no}>
                <Table.Td ff="monospace">{s.shipment_no}</Table.Td>
                <Table.Td ff="monospace">{s.task_no}</Table.Td>
                <Table.Td>{orPlaceholder(s.carrier_name)}</Table.Td>
                <Table.Td ff="monospace">{orPlaceholder(s.tracking_no)}</Table.Td>
                <Table.Td ta="right">{s.qty}</Table.Td>
                <Table.Td><FieldValue field={F.created_at} value={s.shipped_at} /></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}

/** The RTS order's moves (doc-order-actions.tsx) through the RTS calls, in the RTS order's words. */
function useRtsMoves(): DocOrderMoves {
  const { t } = useLingui();
  return {
    access: RTS_ORDER_ACCESS,
    editHref: (orderNo) => RTS_ORDER_PAGES.edit.replace('$orderNo', encodeURIComponent(orderNo)),
    approve: (orderNo) => callApi(rtsOrderContract.approveRtsOrder, { order_no: orderNo }),
    allocate: (orderNo) => callApi(rtsOrderContract.allocateRtsOrders, { order_nos: [orderNo] }),
    release: (orderNo) => callApi(rtsOrderContract.releaseRtsOrders, { order_nos: [orderNo] }),
    reject: (orderNo, reason) => callApi(rtsOrderContract.rejectRtsOrder, { order_no: orderNo, reason }, { quiet: true }),
    cancel: (orderNo, reason) => callApi(rtsOrderContract.cancelRtsOrder, { order_no: orderNo, reason }, { quiet: true }),
    words: (orderNo) => ({
      approved: t`RTS order ${orderNo} approved`,
      rejected: t`RTS order ${orderNo} rejected`,
      rejectTitle: t`Reject RTS Order`,
      rejectExplanation: <Trans>Reject RTS order {orderNo}? A rejected order is final: its creator makes a new one.</Trans>,
      cancelExplanation: <Trans>Cancel RTS order {orderNo}? Stock reserved for it is released. A cancelled order cannot be reopened.</Trans>,
    }),
  };
}

/**
 * /rtsoutbound/detail/$id, and the approve and allocate pages of one order (approve/$orderNo,
 * allocate/$orderNo): the RTS document — supplier, type, reason, removal disposal, status,
 * approval — with the outbound order's lines, allocations, picking tasks and log (the sales order
 * detail's sections), its shipments, and the moves its status allows.
 */
export default function RtsOrderDetailScreen() {
  const { i18n } = useLingui();
  const refresh = useOrderRefresh();
  const moves = useRtsMoves();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const { orderNo: fromOrderNo, id } = useParams({ strict: false }) as { orderNo?: string; id?: string };
  const orderNo = fromOrderNo ?? id ?? '';
  const detail = useQuery(outboundQueries.rtsOrderDetail(orderNo));
  const title = pageTitle(pathname);
  const heading = `${title ? i18n._(title) : ''} ${orderNo}`.trim();
  if (!detail.data) return <RecordPending heading={heading} id={orderNo} error={detail.error} />;
  const { order } = detail.data;
  const reason = order.reject_reason;
  return (
    <OrderDetailLayout
      heading={heading} detail={detail.data} orderType={RTS} orderNo={order.order_no}
      actions={<DocOrderActions order={order} moves={moves} onMoved={refresh} />}
      notice={reason ? <Alert color="orange" data-testid="rts-reject-reason"><Trans>Rejected: {reason}</Trans></Alert> : null}
      header={<Header order={order} />}
    >
      <Shipments shipments={detail.data.shipments} />
    </OrderDetailLayout>
  );
}
