import { and, eq, sql } from 'drizzle-orm';
import { mtDestinationPriorities, mtOrders, salesOrders } from '../../db/schema';
import type { RowsQuery } from '../../http/list-query';

/**
 * The MT order list (resources/mt-order.resource.ts): each MT document with its outbound order's
 * progress and its destination's place in the MT destination priority (unlisted destinations after
 * every listed one), which the list sorts by first.
 */
const mtOrderRows: RowsQuery = {
  rows({ db, whsId }) {
    if (whsId === null) throw new Error('the MT order list needs the session\'s warehouse');
    return db.select({
      whs_id: mtOrders.whsId, order_no: mtOrders.orderNo, dest_whs_id: mtOrders.destWhsId, doc_status: mtOrders.docStatus,
      dest_priority: sql<number>`coalesce(${mtDestinationPriorities.priority}, 10000)`.as('dest_priority'),
      status: salesOrders.status, line_count: salesOrders.lineCount, total_qty: salesOrders.totalQty, allocated_qty: salesOrders.allocatedQty,
      picked_qty: salesOrders.pickedQty, wave_no: salesOrders.waveNo, remark: mtOrders.remark, reject_reason: mtOrders.rejectReason,
      created_by: mtOrders.createdBy, approved_by: mtOrders.approvedBy, created_at: mtOrders.createdAt, approved_at: mtOrders.approvedAt,
    }).from(mtOrders)
      .innerJoin(salesOrders, and(eq(salesOrders.whsId, mtOrders.whsId), eq(salesOrders.orderNo, mtOrders.orderNo)))
      .leftJoin(mtDestinationPriorities, and(eq(mtDestinationPriorities.whsId, mtOrders.whsId), eq(mtDestinationPriorities.destWhsId, mtOrders.destWhsId)))
      .where(eq(mtOrders.whsId, whsId))
      .as('mt_order');
  },
  indexedBy: { order_no: mtOrders.orderNo, created_at: mtOrders.createdAt },
  unindexed: { fields: ['dest_priority'], reason: 'a warehouse has few open MT orders; the priority is a join of a handful of destination rows' },
};

/** The MT order read models by name. */
export const MT_ORDER_READS: Readonly<Record<string, RowsQuery>> = { mt_order: mtOrderRows };
