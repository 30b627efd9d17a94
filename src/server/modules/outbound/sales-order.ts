import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { ORDER_PRIORITY, OUTBOUND_ORDER_TYPE, PICKING_TASK_KIND, QUALITY, SALES_ORDER_SOURCE, SALES_ORDER_STATUS, type CodeOf } from '../../../shared/codes';
import type { OrderInput, OrderTask, SalesOrder, SalesOrderDetail } from '../../../shared/contract/sales-order.contract';
import { orderLifecycle } from '../../../shared/lifecycles';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import {
  cells, locationInventory, outboundAllocations, parcels, pickingTasks, salesOrderLines, salesOrderLogs, salesOrders, skuBatches, skus, users,
} from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import { assertTransition } from '../../http/lifecycle';
import { nextDocNo } from '../../common/doc-no';
import { unixSeconds } from '../../common/time';

/**
 * Sales orders: made on screen, by import or by an order system, idempotent on the external
 * order number; read with everything the detail page shows; moved along its type's orderLifecycle (sales: SALES_ORDER_LIFECYCLE)
 * with a log row for every change. Locks are taken orders first (by number), then picking tasks,
 * then allocations, then stock balances (the ledger's order), so concurrent steps never wait on
 * each other in a cycle.
 */

export const S = SALES_ORDER_STATUS.values;
export type OrderStatus = CodeOf<typeof SALES_ORDER_STATUS>;
export type OrderSource = CodeOf<typeof SALES_ORDER_SOURCE>;
export type OrderRow = typeof salesOrders.$inferSelect;

export const orderLabel = (orderNo: string) => `Sales order ${orderNo}`;
export const statusName = (status: number) => SALES_ORDER_STATUS.label(status)?.message ?? String(status);

/** The order as the API carries it. */
export function orderOut(o: OrderRow): SalesOrder {
  return {
    order_no: o.orderNo, external_no: o.externalNo, status: o.status, priority: o.priority, parcel_split: o.parcelSplit, source: o.source,
    shop_id: o.shopId, cutoff_at: unixSeconds(o.cutoffAt), carrier: o.carrierName, tracking_no: o.trackingNo,
    receiver_name: o.receiverName, receiver_phone: o.receiverPhone, receiver_address: o.receiverAddress, line_count: o.lineCount, total_qty: o.totalQty, allocated_qty: o.allocatedQty,
    picked_qty: o.pickedQty, wave_no: o.waveNo, hold_reason: o.holdReason, remark: o.remark,
    created_at: unixSeconds(o.createdAt)!, updated_at: unixSeconds(o.updatedAt)!,
  };
}

/** A picking or reverse picking task as an order's or a wave's detail lists it. */
export function orderTaskOut(t: typeof pickingTasks.$inferSelect): OrderTask {
  return { task_no: t.taskNo, kind: t.kind, status: t.status, zone_id: t.zoneId, total_qty: t.totalQty, picked_qty: t.pickedQty, short_qty: t.shortQty };
}

/** A log row of each order; `from` null for its creation. */
export interface OrderLogEntry {
  orderNo: string;
  from: number | null;
  to: number;
  note: string;
}

export async function logOrders(tx: Db, whsId: string, entries: readonly OrderLogEntry[], operatorId: number | null): Promise<void> {
  if (entries.length === 0) return;
  // Every row in one parameter: a wave logs a thousand orders at once.
  const rows = JSON.stringify(entries.map((e) => ({ order_no: e.orderNo, from_status: e.from, to_status: e.to, note: e.note })));
  await tx.execute(sql`insert into sales_order_logs (whs_id, order_no, from_status, to_status, note, operator_id)
    select ${whsId}, r.order_no, r.from_status, r.to_status, r.note, ${operatorId}::int
    from jsonb_to_recordset(${rows}::jsonb) as r(order_no text, from_status smallint, to_status smallint, note text)`);
}

/** Orders of the warehouse locked for a change, in number order (the lock order), by number. */
export async function lockOrders(tx: Db, whsId: string, orderNos: readonly string[]): Promise<Map<string, OrderRow>> {
  if (orderNos.length === 0) return new Map();
  const rows = await tx.select().from(salesOrders)
    .where(and(eq(salesOrders.whsId, whsId), inArray(salesOrders.orderNo, [...new Set(orderNos)])))
    .orderBy(sql`${salesOrders.orderNo} collate "C"`)
    .for('update');
  return new Map(rows.map((r) => [r.orderNo, r]));
}

export async function lockOrder(tx: Db, whsId: string, orderNo: string): Promise<OrderRow> {
  const order = (await lockOrders(tx, whsId, [orderNo])).get(orderNo);
  if (!order) throw notFound(orderLabel(orderNo));
  return order;
}

export type OrderType = CodeOf<typeof OUTBOUND_ORDER_TYPE>;
const SALES = OUTBOUND_ORDER_TYPE.values.SALES;

/**
 * Each order type's calls act on orders of that type only: an order of another type is not found
 * (a sales call never reaches an MT order, nor an MT call a sales one).
 */
export function assertOrderType(order: OrderRow, orderType: OrderType): void {
  if (order.orderType !== orderType) throw notFound(orderType === SALES ? orderLabel(order.orderNo) : `${OUTBOUND_ORDER_TYPE.label(orderType)?.message ?? 'Outbound'} order ${order.orderNo}`);
}

/** Moves a locked order along its lifecycle (refused otherwise) with a log row; `set` changes more columns with it. */
export async function moveOrder(
  tx: Db, whsId: string, order: OrderRow, to: OrderStatus, note: string, operatorId: number | null,
  set: Partial<typeof salesOrders.$inferInsert> = {},
): Promise<OrderRow> {
  assertTransition(orderLifecycle(order.orderType), orderLabel(order.orderNo), order.status as OrderStatus, to);
  const [row] = await tx.update(salesOrders).set({ ...set, status: to, updatedAt: sql`now()` })
    .where(and(eq(salesOrders.whsId, whsId), eq(salesOrders.orderNo, order.orderNo)))
    .returning();
  await logOrders(tx, whsId, [{ orderNo: order.orderNo, from: order.status, to, note }], operatorId);
  return row!;
}

// ---- intake ----

/** The lines of an order as a resend must repeat them (in any order): SKU and quantity. */
export function linesHash(lines: OrderInput['lines']): string {
  const canonical = lines.map((l) => `${l.sku_id}\u0000${l.qty}`).sort();
  return createHash('sha256').update(canonical.join('\n')).digest('hex');
}

const refusal = (line: number, skuId: string, message: string) =>
  new ApiError(RET.ORDER_LINE_INVALID, `Line ${line}: ${message}`, { line, sku_id: skuId });

/**
 * Every line names a SKU of the warehouse and asks no more than the warehouse holds of it
 * (good units on hand, less blocked, summed over the order's lines of the SKU): an order the
 * stock could never fill is refused; one short because other orders hold the units is taken and waits.
 */
export async function checkLines(tx: Db, whsId: string, lines: OrderInput['lines']): Promise<void> {
  const skuIds = [...new Set(lines.map((l) => l.sku_id))];
  const known = await tx.select({ skuId: skus.skuId }).from(skus).where(and(eq(skus.whsId, whsId), inArray(skus.skuId, skuIds)));
  const knownIds = new Set(known.map((r) => r.skuId));
  const unknown = lines.findIndex((l) => !knownIds.has(l.sku_id));
  if (unknown >= 0) throw refusal(unknown + 1, lines[unknown]!.sku_id, `SKU ${lines[unknown]!.sku_id} is not a SKU of warehouse ${whsId}.`);
  const li = locationInventory;
  const held = await tx.select({ skuId: li.skuId, qty: sql<number>`sum(${li.onhandQty} - ${li.lockedQty})::int` }).from(li)
    .where(and(eq(li.whsId, whsId), inArray(li.skuId, skuIds), eq(li.quality, QUALITY.values.GOOD)))
    .groupBy(li.skuId);
  const holds = new Map(held.map((r) => [r.skuId, Number(r.qty)]));
  const asked = new Map<string, number>();
  for (const [i, line] of lines.entries()) {
    const total = (asked.get(line.sku_id) ?? 0) + line.qty;
    asked.set(line.sku_id, total);
    const have = holds.get(line.sku_id) ?? 0;
    if (total > have) {
      throw refusal(i + 1, line.sku_id, `SKU ${line.sku_id} is asked ${total} in this order; the warehouse holds ${have} sellable.`);
    }
  }
}

export interface Actor {
  userId: number;
  timeZone: string;
}

/** The order made earlier under this external number, if it is a resend (same lines); a clash otherwise. */
function resent(existing: OrderRow, hash: string): { order: SalesOrder; created: false } {
  if (existing.linesHash !== hash) {
    throw new ApiError(
      RET.ORDER_EXTERNAL_NO_CLASH,
      `External order number ${existing.externalNo} was received before (order ${existing.orderNo}) with other lines.`,
      { order_no: existing.orderNo, external_no: existing.externalNo },
    );
  }
  return { order: orderOut(existing), created: false };
}

/** Refuses a tracking number another order or parcel of the warehouse carries (-289906). */
export async function assertTrackingNoFree(tx: Db, whsId: string, trackingNo: string): Promise<void> {
  const [holder] = await tx.select({ orderNo: salesOrders.orderNo }).from(salesOrders)
    .where(and(eq(salesOrders.whsId, whsId), eq(salesOrders.trackingNo, trackingNo)))
    .union(tx.select({ orderNo: parcels.orderNo }).from(parcels).where(and(eq(parcels.whsId, whsId), eq(parcels.trackingNo, trackingNo))))
    .limit(1);
  if (holder) {
    throw new ApiError(RET.TRACKING_NO_TAKEN, `Tracking number ${trackingNo} belongs to order ${holder.orderNo} already.`, { tracking_no: trackingNo, order_no: holder.orderNo });
  }
}

async function byExternalNo(tx: Db, whsId: string, externalNo: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(salesOrders).where(and(eq(salesOrders.whsId, whsId), eq(salesOrders.externalNo, externalNo)));
  return row;
}

/**
 * Makes one order in the caller's transaction, or answers the one a resend made first. A
 * concurrent first send of the same external number inserts nothing (the unique key) and is
 * answered like a resend.
 */
export async function createOrder(
  tx: Db, whsId: string, actor: Actor, input: OrderInput, source: OrderSource, of: { orderType: OrderType; orderNo: string } | null = null,
): Promise<{ order: SalesOrder; created: boolean }> {
  const hash = linesHash(input.lines);
  const existing = await byExternalNo(tx, whsId, input.external_no);
  if (existing) return resent(existing, hash);
  await checkLines(tx, whsId, input.lines);
  if (input.tracking_no !== null) await assertTrackingNoFree(tx, whsId, input.tracking_no);
  // An order of another type (MT, RTS) comes numbered by its document.
  const orderNo = of?.orderNo ?? await nextDocNo(tx, 'salesOrder', actor.timeZone);
  const [row] = await tx.insert(salesOrders).values({
    whsId, orderNo, externalNo: input.external_no, orderType: of?.orderType ?? SALES, status: S.CREATED, priority: input.priority, parcelSplit: input.parcel_split, source,
    shopId: input.shop_id, cutoffAt: input.cutoff_at === null ? null : new Date(input.cutoff_at * 1000), carrierName: input.carrier,
    trackingNo: input.tracking_no, receiverName: input.receiver?.name ?? null, receiverPhone: input.receiver?.phone ?? null,
    receiverAddress: input.receiver?.address ?? null, lineCount: input.lines.length,
    totalQty: input.lines.reduce((sum, l) => sum + l.qty, 0), linesHash: hash, remark: input.remark || null, createdBy: actor.userId,
  }).onConflictDoNothing({ target: [salesOrders.whsId, salesOrders.externalNo] }).returning();
  if (!row) return resent((await byExternalNo(tx, whsId, input.external_no))!, hash);
  await tx.insert(salesOrderLines).values(input.lines.map((l, i) => ({ whsId, orderNo, lineNo: i + 1, skuId: l.sku_id, qty: l.qty })));
  const sourceName = SALES_ORDER_SOURCE.label(source)?.message ?? String(source);
  await logOrders(tx, whsId, [{ orderNo, from: null, to: S.CREATED, note: `Created (${sourceName.toLowerCase()}), external number ${input.external_no}.` }], actor.userId);
  return { order: orderOut(row), created: true };
}

// ---- reading ----

/** Codes a scan may name a SKU by, per SKU: its id, barcode and mapping codes. */
export const skuCodesSql = sql<string[]>`array_remove(array[${skus.skuId}, ${skus.barcode}]
  || coalesce((select array_agg(m.mapping_code order by m.mapping_code) from sku_mappings m where m.whs_id = ${skus.whsId} and m.sku_id = ${skus.skuId}), '{}'), null)`;

/** Allocations of orders or tasks with the zone, pathway and expiry the screens show. */
export function allocationRows(db: Db, whsId: string) {
  const a = outboundAllocations;
  return db.select({
    alloc: a, zoneId: cells.zoneId, pathwayId: cells.pathwayId, expiryDate: skuBatches.expiryDate,
  }).from(a)
    .leftJoin(cells, and(eq(cells.whsId, a.whsId), eq(cells.locationCode, a.locationId)))
    .innerJoin(skuBatches, and(eq(skuBatches.whsId, a.whsId), eq(skuBatches.skuId, a.skuId), eq(skuBatches.batchId, a.batchId)))
    .where(eq(a.whsId, whsId))
    .$dynamic();
}

export async function orderDetail(db: Db, whsId: string, orderNo: string, orderType: OrderType = SALES): Promise<SalesOrderDetail> {
  const [order] = await db.select().from(salesOrders).where(and(eq(salesOrders.whsId, whsId), eq(salesOrders.orderNo, orderNo)));
  if (!order) throw notFound(orderLabel(orderNo));
  assertOrderType(order, orderType);
  const a = outboundAllocations;
  const [lines, allocations, logs] = await Promise.all([
    db.select({ line: salesOrderLines, skuName: skus.skuName, barcode: skus.barcode }).from(salesOrderLines)
      .innerJoin(skus, and(eq(skus.whsId, salesOrderLines.whsId), eq(skus.skuId, salesOrderLines.skuId)))
      .where(and(eq(salesOrderLines.whsId, whsId), eq(salesOrderLines.orderNo, orderNo)))
      .orderBy(asc(salesOrderLines.lineNo)),
    allocationRows(db, whsId).where(and(eq(a.whsId, whsId), eq(a.orderNo, orderNo))).orderBy(asc(a.lineNo), asc(a.allocId)),
    db.select({ log: salesOrderLogs, operatorName: users.displayName }).from(salesOrderLogs)
      .leftJoin(users, eq(users.userId, salesOrderLogs.operatorId))
      .where(and(eq(salesOrderLogs.whsId, whsId), eq(salesOrderLogs.orderNo, orderNo)))
      .orderBy(asc(salesOrderLogs.logId)),
  ]);
  const taskNos = [...new Set(allocations.flatMap((r) => (r.alloc.taskNo ? [r.alloc.taskNo] : [])))];
  const tasks = await db.select().from(pickingTasks).where(and(
    eq(pickingTasks.whsId, whsId),
    or(
      taskNos.length > 0 ? inArray(pickingTasks.taskNo, taskNos) : sql`false`,
      and(eq(pickingTasks.kind, PICKING_TASK_KIND.values.REVERSE_PICKING), eq(pickingTasks.orderNo, orderNo)),
    ),
  )).orderBy(asc(pickingTasks.taskNo));
  return {
    order: orderOut(order),
    lines: lines.map(({ line, skuName, barcode }) => ({
      line_no: line.lineNo, sku_id: line.skuId, sku_name: skuName, barcode, qty: line.qty, allocated_qty: line.allocatedQty, picked_qty: line.pickedQty,
    })),
    allocations: allocations.map(allocationOut),
    tasks: tasks.map(orderTaskOut),
    logs: logs.map(({ log, operatorName }) => ({
      log_id: log.logId, from_status: log.fromStatus, to_status: log.toStatus, note: log.note, operator_name: operatorName, created_at: unixSeconds(log.createdAt)!,
    })),
  };
}

type AllocationRow = Awaited<ReturnType<ReturnType<typeof allocationRows>['execute']>>[number];

export function allocationOut({ alloc: a, zoneId, expiryDate }: Pick<AllocationRow, 'alloc' | 'zoneId' | 'expiryDate'>): SalesOrderDetail['allocations'][number] {
  return {
    alloc_id: a.allocId, order_no: a.orderNo, line_no: a.lineNo, sku_id: a.skuId, location_id: a.locationId, zone_id: zoneId, batch_id: a.batchId,
    expiry_date: expiryDate, quality: a.quality, qty: a.qty, picked_qty: a.pickedQty, short_qty: a.shortQty, cancelled_qty: a.cancelledQty,
    returned_qty: a.returnedQty, task_no: a.taskNo,
  };
}

// ---- priority ----

/** Statuses whose priority may change: not yet released to the floor. */
const UNRELEASED: readonly number[] = [S.CREATED, S.PENDING_PICK, S.PICK_FAIL];

export async function setPriority(tx: Db, whsId: string, orderNos: readonly string[], priority: CodeOf<typeof ORDER_PRIORITY>, operatorId: number): Promise<number> {
  const orders = await lockOrders(tx, whsId, orderNos);
  const missing = orderNos.find((no) => orders.get(no)?.orderType !== SALES);
  if (missing) throw notFound(orderLabel(missing));
  const released = [...orders.values()].find((o) => !UNRELEASED.includes(o.status));
  if (released) {
    throw new ApiError(
      RET.ILLEGAL_TRANSITION, `${orderLabel(released.orderNo)} is ${statusName(released.status)}: its priority can change only before it is released in a wave.`,
      { order_no: released.orderNo, status: released.status }, 409,
    );
  }
  const changed = [...orders.values()].filter((o) => o.priority !== priority);
  if (changed.length === 0) return 0;
  await tx.update(salesOrders).set({ priority, updatedAt: sql`now()` })
    .where(and(eq(salesOrders.whsId, whsId), inArray(salesOrders.orderNo, changed.map((o) => o.orderNo))));
  const name = ORDER_PRIORITY.label(priority)?.message ?? String(priority);
  await logOrders(tx, whsId, changed.map((o) => ({ orderNo: o.orderNo, from: o.status, to: o.status, note: `Priority set to ${name}.` })), operatorId);
  return changed.length;
}
