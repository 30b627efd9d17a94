import { and, eq } from 'drizzle-orm';
import { rtsOrders, salesOrders } from '../../db/schema';
import type { RowsQuery } from '../../http/list-query';

/** The RTS order list (resources/rts-order.resource.ts): each RTS document with its outbound order's progress. */
const rtsOrderRows: RowsQuery = {
  rows({ db, whsId }) {
    if (whsId === null) throw new Error('the RTS order list needs the session\'s warehouse');
    return db.select({
      whs_id: rtsOrders.whsId, order_no: rtsOrders.orderNo, supplier_id: rtsOrders.supplierId, rts_type: rtsOrders.rtsType, reason_code: rtsOrders.reasonCode,
      removal_disposal: rtsOrders.removalDisposal, doc_status: rtsOrders.docStatus,
      status: salesOrders.status, line_count: salesOrders.lineCount, total_qty: salesOrders.totalQty, allocated_qty: salesOrders.allocatedQty,
      picked_qty: salesOrders.pickedQty, wave_no: salesOrders.waveNo, remark: rtsOrders.remark, reject_reason: rtsOrders.rejectReason,
      reinbound_asn_no: rtsOrders.reinboundAsnNo,
      created_by: rtsOrders.createdBy, approved_by: rtsOrders.approvedBy, created_at: rtsOrders.createdAt, approved_at: rtsOrders.approvedAt,
    }).from(rtsOrders)
      .innerJoin(salesOrders, and(eq(salesOrders.whsId, rtsOrders.whsId), eq(salesOrders.orderNo, rtsOrders.orderNo)))
      .where(eq(rtsOrders.whsId, whsId))
      .as('rts_order');
  },
  indexedBy: { order_no: rtsOrders.orderNo, created_at: rtsOrders.createdAt, supplier_id: rtsOrders.supplierId, doc_status: rtsOrders.docStatus },
};

/** The RTS order read models by name. */
export const RTS_ORDER_READS: Readonly<Record<string, RowsQuery>> = { rts_order: rtsOrderRows };
