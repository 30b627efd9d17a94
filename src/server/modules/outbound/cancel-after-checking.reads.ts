import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { PARCEL_STATUS, PICKING_TASK_KIND, SALES_ORDER_STATUS } from '../../../shared/codes';
import { pickingTasks, salesOrders } from '../../db/schema';
import type { RowsQuery } from '../../http/list-query';

const code = (value: number) => sql.raw(String(Math.trunc(value)));
const t = pickingTasks;

/**
 * The Cancel After Checking list (resources/cancel-after-checking.resource.ts): each order cancelled
 * after checking, by its reverse picking task from the order (source_location), with the status it
 * was cancelled from and why (its cancel log row), its parcels (intercepted ones by tracking
 * number), its units still on the order and those put back.
 */
const cancelledAfterCheckingRows: RowsQuery = {
  rows({ db, whsId }) {
    if (whsId === null) throw new Error('the cancel after checking list needs the session\'s warehouse');
    // The order's cancel: its last log row into Cancel.
    const cancelLog = (column: string) => sql`(select l.${sql.raw(column)} from sales_order_logs l
      where l.whs_id = ${t.whsId} and l.order_no = ${t.orderNo} and l.to_status = ${code(SALES_ORDER_STATUS.values.CANCEL)} order by l.log_id desc limit 1)`;
    return db.select({
      whs_id: t.whsId, task_no: t.taskNo, order_no: t.orderNo, external_no: salesOrders.externalNo, tracking_no: salesOrders.trackingNo,
      order_status: salesOrders.status,
      cancelled_from: sql<number | null>`${cancelLog('from_status')}`.as('cancelled_from'),
      cancel_note: sql<string | null>`${cancelLog('note')}`.as('cancel_note'),
      parcel_count: sql<number>`(select count(*)::int from parcels p where p.whs_id = ${t.whsId} and p.order_no = ${t.orderNo}
        and p.status <> ${code(PARCEL_STATUS.values.REPLACED)})`.as('parcel_count'),
      intercepted_tracking_nos: sql<string | null>`(select string_agg(p.tracking_no, ', ' order by p.tracking_no) from parcels p
        where p.whs_id = ${t.whsId} and p.order_no = ${t.orderNo} and p.status = ${code(PARCEL_STATUS.values.INTERCEPTED)})`.as('intercepted_tracking_nos'),
      on_order_qty: sql<number>`(select coalesce(sum(li.onhand_qty), 0)::int from location_inventory li
        where li.whs_id = ${t.whsId} and li.location_id = ${t.sourceLocation})`.as('on_order_qty'),
      total_qty: t.totalQty, returned_qty: sql<number>`${t.pickedQty}`.as('returned_qty'), task_status: sql<number>`${t.status}`.as('task_status'),
      assignee_id: t.assigneeId, created_at: t.createdAt, finished_at: t.finishedAt,
    }).from(t)
      .innerJoin(salesOrders, and(eq(salesOrders.whsId, t.whsId), eq(salesOrders.orderNo, t.orderNo)))
      .where(and(eq(t.whsId, whsId), eq(t.kind, PICKING_TASK_KIND.values.REVERSE_PICKING), isNotNull(t.sourceLocation)))
      .as('cancelled_after_checking');
  },
  indexedBy: { task_no: t.taskNo },
};

/** The cancel after checking read models by name. */
export const CANCEL_AFTER_CHECKING_READS: Readonly<Record<string, RowsQuery>> = { cancelled_after_checking: cancelledAfterCheckingRows };
