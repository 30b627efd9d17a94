import { and, asc, eq, inArray, ne, notInArray, sql, type SQLWrapper } from 'drizzle-orm';
import { INBOUND_STATUS, OUTBOUND_ORDER_TYPE, PICKING_TASK_KIND } from '../../../shared/codes';
import type { RtsOrder, RtsOrderDetail, RtsOrderInput, RtsPickingTaskDetail, RtsShipment, RtsTaskOrder } from '../../../shared/contract/rts-order.contract';
import { RTS_DOC_LIFECYCLE } from '../../../shared/lifecycles';
import { DOC } from '../../../shared/outbound/doc-lifecycle';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { outboundAllocations, pickingTasks, rtsOrders, rtsQuotas, rtsShipments, salesOrders, suppliers, users } from '../../db/schema';
import { ApiError, badInput, notFound } from '../../http/errors';
import { onAsnMoved } from '../../common/asn-events';
import { unixSeconds } from '../../common/time';
import {
  allocateDocs, approveDoc, cancelDoc, createDocOrder, followInbound, lockDocs, lockForEdit, rejectDoc, releaseDocs, replaceDocOrder, type DocKind,
} from './doc-order';
import { taskWork } from './picking';
import { orderDetail, type Actor } from './sales-order';

/**
 * Return to supplier (RTS) orders (docs/outbound.md "RTS orders"): outbound orders of type RTS,
 * each with its document (rts_orders). The outbound order carries the lines and the floor's
 * progress (RTS_ORDER_LIFECYCLE) and goes through the one allocation, wave and picking engine; the
 * document carries the supplier, type, reason, removal disposal, approval and document status
 * (RTS_DOC_LIFECYCLE), moved through the steps every outbound order document shares (doc-order.ts).
 * The supplier's RTS quota (units per warehouse day) is checked at create, edit and approve.
 * Shipping is rts-shipping.ts; a virtual RTS with re-inbound then follows the supplier's ASN back in.
 */

const RTS = OUTBOUND_ORDER_TYPE.values.RTS;
const rtsLabel = (orderNo: string) => `RTS order ${orderNo}`;

/** RTS documents: allocated by the RTS allocate rules, shipped straight from picking. */
export const RTS_DOC: DocKind = { orderType: RTS, numbering: 'rtsOrder', table: rtsOrders, noun: 'RTS order', lifecycle: RTS_DOC_LIFECYCLE };

// ---- reading ----

function rtsRows(db: Db, whsId: string) {
  const approver = sql`approver`;
  return db.select({
    order: salesOrders, doc: rtsOrders, supplierName: suppliers.supplierName, createdByName: users.displayName,
    approvedByName: sql<string | null>`(select ${approver}.display_name from users ${approver} where ${approver}.user_id = ${rtsOrders.approvedBy})`,
  }).from(rtsOrders)
    .innerJoin(salesOrders, and(eq(salesOrders.whsId, rtsOrders.whsId), eq(salesOrders.orderNo, rtsOrders.orderNo)))
    .leftJoin(suppliers, and(eq(suppliers.whsId, rtsOrders.whsId), eq(suppliers.supplierId, rtsOrders.supplierId)))
    .leftJoin(users, eq(users.userId, rtsOrders.createdBy))
    .where(eq(rtsOrders.whsId, whsId))
    .$dynamic();
}

type RtsRead = Awaited<ReturnType<ReturnType<typeof rtsRows>['execute']>>[number];

function rtsOut(r: RtsRead): RtsOrder {
  const { order: o, doc: d } = r;
  return {
    order_no: o.orderNo, supplier_id: d.supplierId, supplier_name: r.supplierName, rts_type: d.rtsType, reason_code: d.reasonCode, removal_disposal: d.removalDisposal,
    doc_status: d.docStatus, status: o.status, line_count: o.lineCount, total_qty: o.totalQty, allocated_qty: o.allocatedQty, picked_qty: o.pickedQty, wave_no: o.waveNo,
    remark: d.remark, reject_reason: d.rejectReason, reinbound_asn_no: d.reinboundAsnNo, created_by: d.createdBy, created_by_name: r.createdByName, approved_by: d.approvedBy, approved_by_name: r.approvedByName,
    approved_at: unixSeconds(d.approvedAt), created_at: unixSeconds(d.createdAt)!, updated_at: unixSeconds(o.updatedAt > d.updatedAt ? o.updatedAt : d.updatedAt)!,
  };
}

export async function rtsOrderOut(db: Db, whsId: string, orderNo: string): Promise<RtsOrder> {
  const [row] = await rtsRows(db, whsId).where(and(eq(rtsOrders.whsId, whsId), eq(rtsOrders.orderNo, orderNo)));
  if (!row) throw notFound(rtsLabel(orderNo));
  return rtsOut(row);
}

/** The shipments that carried units of an order (or one shipment), oldest first, each with the orders it carried. */
export async function shipmentsOf(db: Db, whsId: string, where: { orderNo?: string; shipmentNo?: string }): Promise<RtsShipment[]> {
  const s = rtsShipments;
  const rows = await db.select({
    shipment: s,
    // Qualified by hand: inside the subquery a bare column name would be the allocation's.
    orderNos: sql<string[]>`array(select distinct a.order_no from outbound_allocations a where a.whs_id = rts_shipments.whs_id and a.task_no = rts_shipments.task_no order by a.order_no)`,
  }).from(s).where(and(
    eq(s.whsId, whsId),
    where.shipmentNo === undefined ? undefined : eq(s.shipmentNo, where.shipmentNo),
    where.orderNo === undefined ? undefined
      : sql`exists (select 1 from outbound_allocations a where a.whs_id = rts_shipments.whs_id and a.task_no = rts_shipments.task_no and a.order_no = ${where.orderNo})`,
  )).orderBy(asc(s.shippedAt), asc(s.shipmentNo));
  return rows.map(({ shipment: r, orderNos }) => ({
    shipment_no: r.shipmentNo, task_no: r.taskNo, supplier_id: r.supplierId, carrier_name: r.carrierName, tracking_no: r.trackingNo, qty: r.qty,
    order_nos: orderNos, print_job_id: r.printJobId, shipped_by: r.shippedBy, shipped_at: unixSeconds(r.shippedAt),
  }));
}

export async function rtsOrderDetail(db: Db, whsId: string, orderNo: string): Promise<RtsOrderDetail> {
  const order = await rtsOrderOut(db, whsId, orderNo);
  const { order: _outbound, ...rest } = await orderDetail(db, whsId, orderNo, RTS);
  return { ...rest, order, shipments: await shipmentsOf(db, whsId, { orderNo }) };
}

/** The RTS orders of a picking task, each with its stops and units on it, by order number. */
async function taskOrders(db: Db, whsId: string, taskNo: string): Promise<(RtsTaskOrder & { supplier_id: string })[]> {
  const a = outboundAllocations;
  const units = (column: SQLWrapper) => sql<number>`sum(${column})`.mapWith(Number);
  const rows = await db.select({
    order_no: a.orderNo, doc_status: rtsOrders.docStatus, stops: sql<number>`count(*)`.mapWith(Number),
    qty: units(a.qty), picked_qty: units(a.pickedQty), short_qty: units(a.shortQty),
    open_qty: sql<number>`sum(${a.qty} - ${a.pickedQty} - ${a.shortQty} - ${a.cancelledQty})`.mapWith(Number),
    supplier_id: rtsOrders.supplierId,
  }).from(a)
    .innerJoin(rtsOrders, and(eq(rtsOrders.whsId, a.whsId), eq(rtsOrders.orderNo, a.orderNo)))
    .where(and(eq(a.whsId, whsId), eq(a.taskNo, taskNo)))
    .groupBy(a.orderNo, rtsOrders.docStatus, rtsOrders.supplierId)
    .orderBy(asc(a.orderNo));
  return rows;
}

/**
 * An RTS picking task's detail for one of its orders (/rtsoutbound/task/picking/detail/$task_number/$order_no):
 * the task, that order's stops, the release's supplier and every order of the task. A task of
 * another kind, order type or warehouse, or an order not on the task, is not found (-100404; the
 * latter names the task's orders in `data.order_nos`, so the page can offer them).
 */
export async function rtsPickingTaskDetail(db: Db, whsId: string, taskNo: string, orderNo: string): Promise<RtsPickingTaskDetail> {
  const [task] = await db.select({ orderType: pickingTasks.orderType, kind: pickingTasks.kind }).from(pickingTasks)
    .where(and(eq(pickingTasks.whsId, whsId), eq(pickingTasks.taskNo, taskNo)));
  if (task?.orderType !== RTS || task.kind !== PICKING_TASK_KIND.values.PICKING) throw notFound(`RTS picking task ${taskNo}`);
  const rows = await taskOrders(db, whsId, taskNo);
  const named = rows.find((o) => o.order_no === orderNo);
  if (!named) {
    const orderNos = rows.map((o) => o.order_no);
    throw new ApiError(RET.NOT_FOUND, `RTS order ${orderNo} is not on picking task ${taskNo} (its orders: ${orderNos.join(', ') || 'none'}).`,
      { task_no: taskNo, order_no: orderNo, order_nos: orderNos }, 404);
  }
  const work = await taskWork(db, whsId, taskNo);
  return {
    ...work, lines: work.lines.filter((l) => l.order_no === orderNo), order_no: orderNo, supplier_id: named.supplier_id,
    orders: rows.map(({ supplier_id: _supplier, ...order }) => order),
  };
}

// ---- checks ----

/** Refuses a supplier the warehouse does not have, or an inactive one (-100400 on supplier_id). */
async function assertSupplier(db: Db, whsId: string, supplierId: string): Promise<void> {
  const [row] = await db.select({ status: suppliers.status }).from(suppliers).where(and(eq(suppliers.whsId, whsId), eq(suppliers.supplierId, supplierId)));
  if (!row) throw badInput('supplier_id', `${supplierId} is not a supplier of warehouse ${whsId}`);
  if (row.status !== 1) throw badInput('supplier_id', `supplier ${supplierId} is inactive`);
}

/** The supplier_id of the RTS quota row for every supplier without a row of its own. */
export const ALL_SUPPLIERS = '*';

/**
 * Refuses (-286005) an RTS order that takes its supplier's RTS orders of its day past the quota: the
 * units of the supplier's orders created that warehouse day, not rejected or cancelled, other than
 * `orderNo`, plus `qty`. The day is the order's creation day (today for a new one). The quota that
 * applies is the supplier's own row, else the warehouse's '*' row; none: no limit. The row is
 * locked, so two orders of the supplier are counted one after the other.
 */
export async function assertRtsQuota(
  tx: Db, whsId: string, actor: Actor, supplierId: string, qty: number, orderNo: string | null,
): Promise<void> {
  const [quota] = await tx.select().from(rtsQuotas)
    .where(and(eq(rtsQuotas.whsId, whsId), inArray(rtsQuotas.supplierId, [supplierId, ALL_SUPPLIERS])))
    .orderBy(sql`${rtsQuotas.supplierId} = ${ALL_SUPPLIERS}`).limit(1).for('update');
  if (!quota) return;
  const tz = actor.timeZone;
  const dayOf = orderNo === null
    ? sql`(now() at time zone ${tz})::date`
    : sql`(select (r.created_at at time zone ${tz})::date from rts_orders r where r.whs_id = ${whsId} and r.order_no = ${orderNo})`;
  // The warehouse day as the instants it starts and ends, worked out once: created_at in a range
  // is what the (whs_id, supplier_id, created_at) index serves, a day computed per row is not.
  const [day] = await tx.select({
    day: sql<string | null>`d::text`,
    startsAt: sql<string | null>`(d::timestamp at time zone ${tz})::text`,
    endsAt: sql<string | null>`((d + 1)::timestamp at time zone ${tz})::text`,
  }).from(sql`(select ${dayOf} as d) as quota_day`);
  const [used] = await tx.select({ qty: sql<number>`coalesce(sum(${salesOrders.totalQty}), 0)::int` }).from(rtsOrders)
    .innerJoin(salesOrders, and(eq(salesOrders.whsId, rtsOrders.whsId), eq(salesOrders.orderNo, rtsOrders.orderNo)))
    .where(and(
      eq(rtsOrders.whsId, whsId), eq(rtsOrders.supplierId, supplierId), notInArray(rtsOrders.docStatus, [DOC.REJECTED, DOC.CANCEL]),
      orderNo === null ? undefined : ne(rtsOrders.orderNo, orderNo),
      sql`${rtsOrders.createdAt} >= ${day!.startsAt}::timestamptz`, sql`${rtsOrders.createdAt} < ${day!.endsAt}::timestamptz`,
    ));
  const usedQty = used?.qty ?? 0;
  if (usedQty + qty > quota.dailyMaxQty) {
    throw new ApiError(RET.RTS_QUOTA_EXCEEDED,
      `Supplier ${supplierId} may return ${quota.dailyMaxQty} units a day by its RTS quota: ${usedQty} are on its RTS orders of ${day!.day ?? 'the day'} already, so ${qty} more cannot be.`,
      { supplier_id: supplierId, day: day!.day, daily_max_qty: quota.dailyMaxQty, used_qty: usedQty, qty }, 409);
  }
}

const unitsOf = (input: RtsOrderInput) => input.lines.reduce((sum, l) => sum + l.qty, 0);

// ---- creating and editing ----

export async function createRtsOrder(tx: Db, whsId: string, actor: Actor, input: RtsOrderInput): Promise<string> {
  await assertSupplier(tx, whsId, input.supplier_id);
  await assertRtsQuota(tx, whsId, actor, input.supplier_id, unitsOf(input), null);
  const orderNo = await createDocOrder(tx, RTS_DOC, whsId, actor, input);
  await tx.insert(rtsOrders).values({
    whsId, orderNo, supplierId: input.supplier_id, rtsType: input.rts_type, reasonCode: input.reason_code, removalDisposal: input.removal_disposal,
    docStatus: DOC.PENDING, remark: input.remark, createdBy: actor.userId,
  });
  return orderNo;
}

/** Replaces the supplier, type, reason, disposal, remark and lines of a pending RTS order. */
export async function updateRtsOrder(tx: Db, whsId: string, actor: Actor, orderNo: string, input: RtsOrderInput): Promise<void> {
  const locked = await lockForEdit(tx, RTS_DOC, whsId, orderNo);
  await assertSupplier(tx, whsId, input.supplier_id);
  await assertRtsQuota(tx, whsId, actor, input.supplier_id, unitsOf(input), orderNo);
  await replaceDocOrder(tx, RTS_DOC, whsId, actor, locked, input, {
    supplierId: input.supplier_id, rtsType: input.rts_type, reasonCode: input.reason_code, removalDisposal: input.removal_disposal,
  }, `to supplier ${input.supplier_id}`);
}

// ---- approval, allocation and release: the common document steps ----

/** Approves a pending RTS order, within its supplier's quota for its day (another order may have taken it since). */
export async function approveRtsOrder(tx: Db, whsId: string, actor: Actor, orderNo: string): Promise<void> {
  await approveDoc(tx, RTS_DOC, whsId, actor, orderNo, async ({ order }) => {
    const [doc] = await tx.select({ supplierId: rtsOrders.supplierId }).from(rtsOrders).where(and(eq(rtsOrders.whsId, whsId), eq(rtsOrders.orderNo, orderNo)));
    await assertRtsQuota(tx, whsId, actor, doc!.supplierId, order.totalQty, orderNo);
  });
}
export const rejectRtsOrder = (tx: Db, whsId: string, actor: Actor, orderNo: string, reason: string) => rejectDoc(tx, RTS_DOC, whsId, actor, orderNo, reason);
export const cancelRtsOrder = (tx: Db, whsId: string, actor: Actor, orderNo: string, reason: string) => cancelDoc(tx, RTS_DOC, whsId, actor, orderNo, reason);
/** Allocates approved RTS orders by the RTS allocate rules (allocateDocs). */
export const allocateRtsOrders = (tx: Db, whsId: string, actor: Actor, orderNos: readonly string[]) => allocateDocs(tx, RTS_DOC, whsId, actor, orderNos);

/** Releases allocated RTS orders of one supplier to picking in one wave of RTS orders: a task never carries two suppliers' units. */
export async function releaseRtsOrders(tx: Db, whsId: string, actor: Actor, orderNos: readonly string[]): Promise<{ waveNo: string; taskNos: string[] }> {
  await lockDocs(tx, RTS_DOC, whsId, orderNos);
  const docs = await tx.select({ orderNo: rtsOrders.orderNo, supplierId: rtsOrders.supplierId }).from(rtsOrders)
    .where(and(eq(rtsOrders.whsId, whsId), inArray(rtsOrders.orderNo, [...orderNos]))).orderBy(asc(rtsOrders.supplierId));
  const supplierIds = [...new Set(docs.map((d) => d.supplierId))];
  if (supplierIds.length > 1) {
    throw badInput('order_nos', `one release takes the RTS orders of one supplier; these go to ${supplierIds.join(', ')}`);
  }
  return releaseDocs(tx, RTS_DOC, whsId, actor, orderNos);
}

// ---- the units coming back: a virtual RTS's re-inbound, a replacement ----

const ASN = INBOUND_STATUS.values;
/** The ASN has ended: done (all put away), or cancelled, rejected or failed (its units did not come back). */
const ASN_ENDS = new Set<number>([ASN.DONE, ASN.CANCELLED, ASN.REJECTED, ASN.FAILED]);
/** The supplier's units are at the warehouse: arrived and on through receiving and putaway. */
const ASN_INBOUNDING = new Set<number>([ASN.ARRIVED, ASN.COUNTING, ASN.COUNTED, ASN.CHECKING, ASN.CHECKED, ASN.SCANNING, ASN.RECEIVED, ASN.PUTTING]);

/**
 * A virtual RTS's or replacement's document follows the ASN bringing units back (made when it shipped, rts-shipping.ts):
 * Inbounding once the ASN has arrived, Done once it has ended. Told by the inbound area through
 * common/asn-events.ts, in the transaction that moved the ASN.
 */
onAsnMoved(async (tx, asn, to) => {
  const target = ASN_ENDS.has(to) ? DOC.DONE : ASN_INBOUNDING.has(to) ? DOC.INBOUNDING : null;
  if (target === null) return;
  const [doc] = await tx.select({ orderNo: rtsOrders.orderNo }).from(rtsOrders)
    .where(and(eq(rtsOrders.whsId, asn.whsId), eq(rtsOrders.reinboundAsnNo, asn.asnNo)));
  if (!doc) return;
  const what = to === ASN.DONE ? 'put away' : ASN_ENDS.has(to) ? 'closed without its units (they did not come back)' : 'at the warehouse';
  await followInbound(tx, RTS_DOC, asn.whsId, doc.orderNo, target, `re-inbound ASN ${asn.asnNo} ${what}`);
});
