import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { OUTBOUND_ORDER_TYPE, PICKING_TASK_KIND } from '../../../shared/codes';
import { outboundAllocations, pickingTasks, rtsOrders, salesOrders } from '../../db/schema';
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

/**
 * The RTS picking task list (resources/picking-task.resource.ts rtsPickingTaskResource): one row per
 * picking task of an RTS wave and RTS order on it, with the order's units on the task. Grouped by
 * the task's key and the order, so the task's columns are read once per row.
 */
const rtsPickingTaskRows: RowsQuery = {
  rows({ db, whsId }) {
    if (whsId === null) throw new Error('the RTS picking task list needs the session\'s warehouse');
    const t = pickingTasks;
    const a = outboundAllocations;
    const units = (column: SQLWrapper, name: string) => sql<number>`sum(${column})::int`.mapWith(Number).as(name);
    return db.select({
      whs_id: t.whsId, task_order: sql<string>`concat_ws(' / ', ${t.taskNo}, ${a.orderNo})`.as('task_order'),
      task_no: t.taskNo, order_no: a.orderNo, supplier_id: rtsOrders.supplierId, wave_no: t.waveNo, status: t.status, zone_id: t.zoneId,
      picking_type: t.pickingType, container_code: t.containerCode, assignee_id: t.assigneeId,
      total_qty: units(a.qty, 'total_qty'), picked_qty: units(a.pickedQty, 'picked_qty'), short_qty: units(a.shortQty, 'short_qty'),
      created_at: t.createdAt, started_at: t.startedAt, finished_at: t.finishedAt,
    }).from(t)
      .innerJoin(a, and(eq(a.whsId, t.whsId), eq(a.taskNo, t.taskNo)))
      .innerJoin(rtsOrders, and(eq(rtsOrders.whsId, a.whsId), eq(rtsOrders.orderNo, a.orderNo)))
      .where(and(eq(t.whsId, whsId), eq(t.orderType, OUTBOUND_ORDER_TYPE.values.RTS), eq(t.kind, PICKING_TASK_KIND.values.PICKING)))
      .groupBy(t.whsId, t.taskNo, a.orderNo, rtsOrders.supplierId)
      .as('rts_picking_task');
  },
  indexedBy: { task_no: [pickingTasks.orderType, pickingTasks.kind, pickingTasks.taskNo] },
};

/** The RTS order read models by name. */
export const RTS_ORDER_READS: Readonly<Record<string, RowsQuery>> = { rts_order: rtsOrderRows, rts_picking_task: rtsPickingTaskRows };
