import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  ACTIVE_STATUS, CONSUMABLE_REF_TYPE, CONSUMABLE_TYPE, PARCEL_SPLIT, PARCEL_STATUS, STATION_TYPE, STOCK_LOCATION_TYPE, TASK_STATUS,
} from '../../../shared/codes';
import {
  parcelTrackingNo, type PackingLine, type PackingWork, type PackPayload, type PackResult, type Parcel,
} from '../../../shared/contract/packing.contract';
import { SALES_ORDER_LIFECYCLE } from '../../../shared/lifecycles';
import { orderPackingListJob, parcelLabelsJob, type PackedOrderPrint } from '../../../shared/print';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import {
  checkingTaskOrders, consumables, locationInventory, packingTasks, parcelItems, parcels, salesOrders, skus, warehouses,
} from '../../db/schema';
import { nextDocNo } from '../../common/doc-no';
import { recordPrintJobs, stationPaper } from '../../common/print-jobs';
import { unixSeconds } from '../../common/time';
import { timeRegionOrDefault } from '../../../shared/warehouse';
import { ApiError, notFound } from '../../http/errors';
import { assertTransition } from '../../http/lifecycle';
import { returnConsumables, takeConsumables } from '../inventory/consumable-stock';
import { suggestPackaging } from './packaging-rule';
import { S, assertTrackingNoFree, lockOrders, logOrders, orderLabel, skuCodesSql, type OrderRow } from './sales-order';
import { usableStation } from './station-asks';

/**
 * Packing at a packing station (docs/outbound.md "Packing"). Scanning a checked order there makes
 * its packing task (the order Packing; a tracking number issued when the order system sent none);
 * packing it (an op) closes its parcels: exactly its checked units, each parcel with its box,
 * fillers and weight as the station asks, the packaging taken from consumable stock (what checking
 * took counts), one tracking number per parcel — the order's, then the order's with -2, -3 … —,
 * and its labels and packing list logged as printed. The units stay on the order (a stock location)
 * until their parcels ship. Locks: the order, then the task, then consumable balances.
 */

const T = TASK_STATUS.values;
const P = PARCEL_STATUS.values;
const C = CONSUMABLE_TYPE.values;
const BOX_TYPES: readonly number[] = [C.PACKING_BOX, C.POUCH];
/** Inside a parcel: bubble wrap and other fillers, or a pouch inside a box. */
const FILLER_TYPES: readonly number[] = [C.FILLERS, C.POUCH];
const taskLabel = (taskNo: string) => `Packing task ${taskNo}`;
type TaskRow = typeof packingTasks.$inferSelect;
type ParcelRow = typeof parcels.$inferSelect;

// ---- reading ----

/** The units on the order (its checked units, not shipped), by SKU. */
async function unitsOnOrder(db: Db, whsId: string, orderNo: string): Promise<Map<string, number>> {
  const li = locationInventory;
  const rows = await db.select({ skuId: li.skuId, qty: sql<number>`sum(${li.onhandQty})::int` }).from(li)
    .where(and(eq(li.whsId, whsId), eq(li.locationId, orderNo), eq(li.locationType, STOCK_LOCATION_TYPE.values.OUTBOUND_ORDER), sql`${li.onhandQty} > 0`))
    .groupBy(li.skuId);
  return new Map(rows.map((r) => [r.skuId, r.qty]));
}

async function parcelsOf(db: Db, whsId: string, orderNo: string): Promise<Parcel[]> {
  const rows = await db.select().from(parcels).where(and(eq(parcels.whsId, whsId), eq(parcels.orderNo, orderNo)))
    .orderBy(asc(parcels.parcelNo), asc(parcels.createdAt));
  const items = rows.length === 0 ? [] : await db.select().from(parcelItems)
    .where(and(eq(parcelItems.whsId, whsId), inArray(parcelItems.trackingNo, rows.map((r) => r.trackingNo)))).orderBy(asc(parcelItems.skuId));
  return rows.map((r) => parcelOut(r, items.filter((i) => i.trackingNo === r.trackingNo)));
}

function parcelOut(r: ParcelRow, items: readonly { skuId: string; qty: number }[]): Parcel {
  return {
    tracking_no: r.trackingNo, parcel_no: r.parcelNo, status: r.status, box_id: r.boxId, filler_ids: r.fillerIds, weight_g: r.weightG, qty: r.qty,
    items: items.map((i) => ({ sku_id: i.skuId, qty: i.qty })), replaced_by: r.replacedBy, shipping_no: r.shippingNo,
    created_at: unixSeconds(r.createdAt)!, shipped_at: unixSeconds(r.shippedAt),
  };
}

export async function orderParcels(db: Db, whsId: string, orderNo: string): Promise<{ order_no: string; parcels: Parcel[] }> {
  const [order] = await db.select({ orderNo: salesOrders.orderNo }).from(salesOrders).where(and(eq(salesOrders.whsId, whsId), eq(salesOrders.orderNo, orderNo)));
  if (!order) throw notFound(orderLabel(orderNo));
  return { order_no: orderNo, parcels: await parcelsOf(db, whsId, orderNo) };
}

async function skuLines(db: Db, whsId: string, qtyBySku: ReadonlyMap<string, number>): Promise<PackingLine[]> {
  if (qtyBySku.size === 0) return [];
  const rows = await db.select({ skuId: skus.skuId, skuName: skus.skuName, codes: skuCodesSql, weightG: skus.weightG }).from(skus)
    .where(and(eq(skus.whsId, whsId), inArray(skus.skuId, [...qtyBySku.keys()])));
  const bySku = new Map(rows.map((r) => [r.skuId, r]));
  return [...qtyBySku].sort(([a], [b]) => (a < b ? -1 : 1)).map(([skuId, qty]) => {
    const sku = bySku.get(skuId);
    return { sku_id: skuId, sku_name: sku?.skuName ?? '', codes: sku?.codes ?? [skuId], qty, unit_weight_g: sku?.weightG ?? null };
  });
}

/** The warehouse as labels print it (warehouses keep no street address: its name and id). */
async function senderOf(db: Db, whsId: string): Promise<{ sender: { name: string; address: string }; timeZone: string }> {
  const [whs] = await db.select({ name: warehouses.whsName, timeRegion: warehouses.timeRegion, country: warehouses.country }).from(warehouses).where(eq(warehouses.whsId, whsId));
  return {
    sender: { name: whs?.name ?? whsId, address: [`Warehouse ${whsId}`, whs?.country].filter(Boolean).join(', ') },
    timeZone: timeRegionOrDefault(whs?.timeRegion),
  };
}

/** The packaging checking took for the order (outer, inner), from its last check. */
async function checkedPackaging(db: Db, whsId: string, orderNo: string): Promise<{ outer: string | null; inner: string | null }> {
  const [row] = await db.select({ outer: checkingTaskOrders.outerPackaging, inner: checkingTaskOrders.innerPackaging }).from(checkingTaskOrders)
    .where(and(eq(checkingTaskOrders.whsId, whsId), eq(checkingTaskOrders.orderNo, orderNo), eq(checkingTaskOrders.status, T.DONE)))
    .orderBy(sql`${checkingTaskOrders.checkedAt} desc nulls last`).limit(1);
  return { outer: row?.outer ?? null, inner: row?.inner ?? null };
}

async function boxesOf(db: Db, whsId: string): Promise<PackingWork['boxes']> {
  const rows = await db.select({ id: consumables.consumableId, name: consumables.consumableName, type: consumables.consumableType, tare: consumables.tareWeightG })
    .from(consumables)
    .where(and(eq(consumables.whsId, whsId), eq(consumables.status, ACTIVE_STATUS.values.ACTIVE), inArray(consumables.consumableType, [...new Set([...BOX_TYPES, ...FILLER_TYPES])])))
    .orderBy(asc(consumables.consumableType), asc(consumables.consumableId));
  return rows.map((r) => ({ consumable_id: r.id, consumable_name: r.name, consumable_type: r.type, tare_weight_g: r.tare }));
}

export async function packingWork(db: Db, whsId: string, taskNo: string): Promise<PackingWork> {
  const [task] = await db.select().from(packingTasks).where(and(eq(packingTasks.whsId, whsId), eq(packingTasks.taskNo, taskNo)));
  if (!task) throw notFound(taskLabel(taskNo));
  const [order] = await db.select().from(salesOrders).where(and(eq(salesOrders.whsId, whsId), eq(salesOrders.orderNo, task.orderNo)));
  const orderParcelRows = await parcelsOf(db, whsId, task.orderNo);
  const ownParcels = orderParcelRows.filter((p) => p.status !== P.REPLACED);
  // While packing, the units on the order; once packed, what its parcels hold.
  const qtyBySku = new Map<string, number>();
  if (task.status === T.ONGOING || ownParcels.length === 0) {
    for (const [sku, qty] of await unitsOnOrder(db, whsId, task.orderNo)) qtyBySku.set(sku, qty);
  } else {
    for (const p of ownParcels) for (const i of p.items) qtyBySku.set(i.sku_id, (qtyBySku.get(i.sku_id) ?? 0) + i.qty);
  }
  const [lines, boxes, checked, { sender, timeZone }, asks] = await Promise.all([
    skuLines(db, whsId, qtyBySku),
    boxesOf(db, whsId),
    checkedPackaging(db, whsId, task.orderNo),
    senderOf(db, whsId),
    usableStation(db, whsId, task.stationId, STATION_TYPE.values.PACKING, RET.PACK_STATION_UNUSABLE).catch(() => null),
  ]);
  const suggestion = await suggestPackaging(db, whsId, { shopId: order!.shopId, items: [...qtyBySku].map(([skuId, qty]) => ({ skuId, qty })) });
  return {
    task: taskOut(task),
    order: {
      order_no: order!.orderNo, external_no: order!.externalNo, status: order!.status, shop_id: order!.shopId, carrier: order!.carrierName,
      tracking_no: order!.trackingNo ?? '', receiver: { name: order!.receiverName ?? order!.externalNo, phone: order!.receiverPhone, address: order!.receiverAddress ?? '' },
    },
    sender, time_zone: timeZone, lines,
    needs: { weight: asks?.weight ?? false, box: asks?.outerPackaging ?? false, filler: asks?.innerPackaging ?? false },
    suggestion, boxes, checked_box_id: checked.outer, checked_filler_id: checked.inner, parcels: orderParcelRows,
  };
}

function taskOut(t: TaskRow): PackingWork['task'] {
  return {
    task_no: t.taskNo, order_no: t.orderNo, station_id: t.stationId, status: t.status, total_qty: t.totalQty, parcel_count: t.parcelCount, weight_g: t.weightG,
    assignee_id: t.assigneeId, created_at: unixSeconds(t.createdAt)!, finished_at: unixSeconds(t.finishedAt),
  };
}

// ---- starting ----

/** The order a packing station scanned: by its number, the order system's number or its tracking number (or a parcel's). */
async function scannedOrder(tx: Db, whsId: string, scanned: string): Promise<string | null> {
  const [order] = await tx.select({ orderNo: salesOrders.orderNo }).from(salesOrders)
    .where(and(eq(salesOrders.whsId, whsId), or(eq(salesOrders.orderNo, scanned), eq(salesOrders.externalNo, scanned), eq(salesOrders.trackingNo, scanned))))
    .orderBy(sql`${salesOrders.orderNo} = ${scanned} desc`).limit(1);
  if (order) return order.orderNo;
  const [parcel] = await tx.select({ orderNo: parcels.orderNo }).from(parcels).where(and(eq(parcels.whsId, whsId), eq(parcels.trackingNo, scanned)));
  return parcel?.orderNo ?? null;
}

/** A tracking number Tally issues (an order sent without one; a new tracking id): TL, the warehouse, 10 digits. */
export async function issueTrackingNo(tx: Db, whsId: string): Promise<string> {
  const [row] = await tx.select({ no: sql<string>`'TL' || upper(${whsId}) || lpad((nextval('tracking_no_seq') % 10000000000)::text, 10, '0')` }).from(sql`(select 1) as one`);
  return row!.no;
}

/**
 * Starts packing an order at a station: its open packing task (the caller's), else a new one — the
 * order Checked whole, its units on the order. The order gets a tracking number if it has none.
 */
export async function startPacking(tx: Db, whsId: string, userId: number, stationId: string, scanned: string, timeZone: string): Promise<PackingWork> {
  await usableStation(tx, whsId, stationId, STATION_TYPE.values.PACKING, RET.PACK_STATION_UNUSABLE);
  const orderNo = await scannedOrder(tx, whsId, scanned);
  const unavailable = (reason: string, message: string, data: Record<string, unknown> = {}) =>
    new ApiError(RET.PACK_ORDER_UNAVAILABLE, message, { order_no: orderNo ?? scanned, reason, ...data });
  if (!orderNo) throw unavailable('unknown', `${scanned} is not an order, an order system's number or a tracking number of warehouse ${whsId}.`, { status: null });
  const order = (await lockOrders(tx, whsId, [orderNo])).get(orderNo)!;
  const [open] = await tx.select().from(packingTasks)
    .where(and(eq(packingTasks.whsId, whsId), eq(packingTasks.orderNo, orderNo), eq(packingTasks.status, T.ONGOING))).for('update');
  if (open) {
    if (open.assigneeId !== userId) {
      throw new ApiError(RET.TASK_ASSIGNED_ELSEWHERE, `${orderLabel(orderNo)} is being packed by another operator (${taskLabel(open.taskNo)}).`, { task_no: open.taskNo, assignee_id: open.assigneeId });
    }
    if (open.stationId !== stationId) await tx.update(packingTasks).set({ stationId }).where(and(eq(packingTasks.whsId, whsId), eq(packingTasks.taskNo, open.taskNo)));
    return packingWork(tx, whsId, open.taskNo);
  }
  if (order.status !== S.CHECKED) {
    const why = order.status === S.CANCEL ? ['cancelled', 'is cancelled']
      : order.status === S.PACKED || order.status === S.SHIPPING || order.status === S.OUTBOUND ? ['packed', 'is packed already']
        : ['not_checked', 'is not checked yet: check it at a checking station first'];
    throw unavailable(why[0]!, `${orderLabel(orderNo)} ${why[1]}.`, { status: order.status });
  }
  const units = await unitsOnOrder(tx, whsId, orderNo);
  const totalQty = [...units.values()].reduce((sum, q) => sum + q, 0);
  if (totalQty === 0) throw unavailable('not_checked', `${orderLabel(orderNo)} has no checked units to pack.`, { status: order.status });
  const taskNo = await nextDocNo(tx, 'packingTask', timeZone);
  await tx.insert(packingTasks).values({ whsId, taskNo, orderNo, stationId, status: T.ONGOING, totalQty, assigneeId: userId });
  const trackingNo = order.trackingNo ?? await issueTrackingNo(tx, whsId);
  assertTransition(SALES_ORDER_LIFECYCLE, orderLabel(orderNo), order.status as 6, S.PACKING);
  await tx.update(salesOrders).set({ status: S.PACKING, trackingNo, updatedAt: sql`now()` }).where(and(eq(salesOrders.whsId, whsId), eq(salesOrders.orderNo, orderNo)));
  await logOrders(tx, whsId, [{
    orderNo, from: order.status, to: S.PACKING,
    note: `Packing at station ${stationId} (${taskLabel(taskNo)})${order.trackingNo ? '' : `; tracking number ${trackingNo} issued`}.`,
  }], userId);
  return packingWork(tx, whsId, taskNo);
}

// ---- packing (the op) ----

export interface PackActor {
  userId: number;
  opId: string;
}

const unitsLabel = (units: ReadonlyMap<string, number>) => [...units].map(([sku, qty]) => `${qty} × ${sku}`).join(', ') || 'none';

/** Counts each id of a list. */
function countOf(ids: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

/**
 * Packs the task's order whole: its parcels must hold exactly the units on the order, with the box,
 * fillers and weight the station asks (the weight within tolerance when every SKU has one). Takes
 * the packaging from consumable stock — what checking took for the order counts: its box is a
 * parcel's when one uses it, else it goes back to stock —, makes the parcels with their tracking
 * numbers, logs their labels and the packing list as printed, and makes the order Packed.
 */
export async function applyPack(
  tx: Db, whsId: string, actor: PackActor, p: PackPayload,
  weightCheck: (expectedG: number, actualG: number) => Promise<{ ok: boolean; minG: number; maxG: number }>,
): Promise<PackResult> {
  const [peek] = await tx.select({ orderNo: packingTasks.orderNo }).from(packingTasks).where(and(eq(packingTasks.whsId, whsId), eq(packingTasks.taskNo, p.task_no)));
  if (!peek) throw notFound(taskLabel(p.task_no));
  const order = (await lockOrders(tx, whsId, [peek.orderNo])).get(peek.orderNo)!;
  const [task] = await tx.select().from(packingTasks).where(and(eq(packingTasks.whsId, whsId), eq(packingTasks.taskNo, p.task_no))).for('update');
  if (task!.assigneeId !== actor.userId) {
    throw new ApiError(RET.TASK_ASSIGNED_ELSEWHERE, `${taskLabel(task!.taskNo)} is packed by another operator.`, { task_no: task!.taskNo, assignee_id: task!.assigneeId });
  }
  if (task!.status !== T.ONGOING || order.status !== S.PACKING) {
    const reason = order.status === S.CANCEL || task!.status === T.CANCEL ? 'cancelled' : 'packed';
    throw new ApiError(RET.PACK_ORDER_UNAVAILABLE, `${orderLabel(order.orderNo)} is ${reason === 'cancelled' ? 'cancelled' : 'packed already'}.`, {
      order_no: order.orderNo, status: order.status, reason,
    });
  }
  const expected = await unitsOnOrder(tx, whsId, order.orderNo);
  const packed = new Map<string, number>();
  for (const parcel of p.parcels) for (const i of parcel.items) packed.set(i.sku_id, (packed.get(i.sku_id) ?? 0) + i.qty);
  if (expected.size !== packed.size || [...expected].some(([sku, qty]) => packed.get(sku) !== qty)) {
    throw new ApiError(RET.PACK_PARCELS_MISMATCH, `${orderLabel(order.orderNo)} has ${unitsLabel(expected)} checked; the parcels hold ${unitsLabel(packed)}.`, {
      expected: Object.fromEntries(expected), packed: Object.fromEntries(packed),
    });
  }
  const asks = await usableStation(tx, whsId, task!.stationId, STATION_TYPE.values.PACKING, RET.PACK_STATION_UNUSABLE);
  await checkPackaging(tx, whsId, p, asks);
  await checkWeights(tx, whsId, order.orderNo, p, asks.weight, weightCheck);
  await takePackaging(tx, whsId, order.orderNo, p, actor.userId);

  const trackingNos = p.parcels.map((_, i) => parcelTrackingNo(order.trackingNo!, i + 1));
  for (const no of trackingNos.slice(1)) await assertTrackingNoFree(tx, whsId, no);
  await tx.insert(parcels).values(p.parcels.map((parcel, i) => ({
    whsId, trackingNo: trackingNos[i]!, orderNo: order.orderNo, parcelNo: i + 1, packingTaskNo: task!.taskNo, status: P.PACKED, boxId: parcel.box_id,
    fillerIds: parcel.filler_ids, weightG: parcel.weight_g, qty: parcel.items.reduce((sum, it) => sum + it.qty, 0), createdBy: actor.userId,
  })));
  await tx.insert(parcelItems).values(p.parcels.flatMap((parcel, i) => [...countItems(parcel.items)].map(([skuId, qty]) => ({ whsId, trackingNo: trackingNos[i]!, skuId, qty }))));
  const weights = p.parcels.map((parcel) => parcel.weight_g);
  await tx.update(packingTasks).set({
    status: T.DONE, parcelCount: p.parcels.length, weightG: weights.every((w) => w !== null) ? weights.reduce((sum, w) => sum + w!, 0) : null, finishedAt: sql`now()`,
  }).where(and(eq(packingTasks.whsId, whsId), eq(packingTasks.taskNo, task!.taskNo)));
  assertTransition(SALES_ORDER_LIFECYCLE, orderLabel(order.orderNo), order.status as 10, S.PACKED);
  await tx.update(salesOrders).set({
    status: S.PACKED, parcelSplit: p.parcels.length > 1 ? PARCEL_SPLIT.values.SPLIT : order.parcelSplit, updatedAt: sql`now()`,
  }).where(and(eq(salesOrders.whsId, whsId), eq(salesOrders.orderNo, order.orderNo)));
  const message = `Packed in ${p.parcels.length} parcel${p.parcels.length === 1 ? '' : 's'} at station ${task!.stationId}: ${trackingNos.join(', ')}.`;
  await logOrders(tx, whsId, [{ orderNo: order.orderNo, from: order.status, to: S.PACKED, note: `${message} (${taskLabel(task!.taskNo)})` }], actor.userId);
  await logDocuments(tx, whsId, order, p, trackingNos, task!.stationId, actor.userId);
  return { task_no: task!.taskNo, order_no: order.orderNo, order_status: S.PACKED, tracking_nos: trackingNos, message };
}

function countItems(items: readonly { sku_id: string; qty: number }[]): Map<string, number> {
  const bySku = new Map<string, number>();
  for (const i of items) bySku.set(i.sku_id, (bySku.get(i.sku_id) ?? 0) + i.qty);
  return bySku;
}

/** Every box is a packing box or pouch in use, every filler a filler or pouch; the station's asks met. */
async function checkPackaging(tx: Db, whsId: string, p: PackPayload, asks: { outerPackaging: boolean; innerPackaging: boolean }): Promise<void> {
  const ids = [...new Set(p.parcels.flatMap((parcel) => [...(parcel.box_id ? [parcel.box_id] : []), ...parcel.filler_ids]))];
  const rows = ids.length === 0 ? [] : await tx.select({ id: consumables.consumableId, type: consumables.consumableType, status: consumables.status, name: consumables.consumableName })
    .from(consumables).where(and(eq(consumables.whsId, whsId), inArray(consumables.consumableId, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const invalid = (parcelNo: number, consumableId: string | null, message: string) =>
    new ApiError(RET.PACK_BOX_INVALID, message, { parcel_no: parcelNo, consumable_id: consumableId });
  for (const [i, parcel] of p.parcels.entries()) {
    const parcelNo = i + 1;
    if (parcel.box_id === null && asks.outerPackaging) throw invalid(parcelNo, null, `Scan the box or pouch of parcel ${parcelNo}: the station records the packaging.`);
    if (parcel.filler_ids.length === 0 && asks.innerPackaging) throw invalid(parcelNo, null, `Scan the filler of parcel ${parcelNo}: the station records the packaging.`);
    for (const [id, types, what] of [
      ...(parcel.box_id ? [[parcel.box_id, BOX_TYPES, 'a packing box or pouch'] as const] : []),
      ...parcel.filler_ids.map((f) => [f, FILLER_TYPES, 'a filler or pouch'] as const),
    ]) {
      const found = byId.get(id);
      if (!found) throw invalid(parcelNo, id, `${id} is not a consumable of warehouse ${whsId}.`);
      if (found.status !== ACTIVE_STATUS.values.ACTIVE) throw invalid(parcelNo, id, `${id} (${found.name}) is not in use.`);
      if (!types.includes(found.type)) throw invalid(parcelNo, id, `${id} (${found.name}) is not ${what}: parcel ${parcelNo} cannot take it.`);
    }
  }
}

/** Each weighed parcel within tolerance of its units, box and fillers (when every SKU in it has a weight); every parcel weighed when the station asks. */
async function checkWeights(
  tx: Db, whsId: string, orderNo: string, p: PackPayload, weigh: boolean,
  weightCheck: (expectedG: number, actualG: number) => Promise<{ ok: boolean; minG: number; maxG: number }>,
): Promise<void> {
  const skuIds = [...new Set(p.parcels.flatMap((parcel) => parcel.items.map((i) => i.sku_id)))];
  const consumableIds = [...new Set(p.parcels.flatMap((parcel) => [...(parcel.box_id ? [parcel.box_id] : []), ...parcel.filler_ids]))];
  const unitWeights = new Map((await tx.select({ id: skus.skuId, g: skus.weightG }).from(skus).where(and(eq(skus.whsId, whsId), inArray(skus.skuId, skuIds)))).map((r) => [r.id, r.g]));
  const tares = new Map(consumableIds.length === 0 ? [] : (await tx.select({ id: consumables.consumableId, g: consumables.tareWeightG }).from(consumables)
    .where(and(eq(consumables.whsId, whsId), inArray(consumables.consumableId, consumableIds)))).map((r) => [r.id, r.g]));
  for (const [i, parcel] of p.parcels.entries()) {
    const parcelNo = i + 1;
    if (parcel.weight_g === null) {
      if (weigh) throw new ApiError(RET.PACK_WEIGHT_OUT_OF_TOLERANCE, `Weigh parcel ${parcelNo} of order ${orderNo}: the station records the weight.`, { parcel_no: parcelNo, weight_g: null });
      continue;
    }
    if (parcel.items.some((it) => unitWeights.get(it.sku_id) == null)) continue;
    const expectedG = parcel.items.reduce((sum, it) => sum + unitWeights.get(it.sku_id)! * it.qty, 0)
      + [...(parcel.box_id ? [parcel.box_id] : []), ...parcel.filler_ids].reduce((sum, id) => sum + (tares.get(id) ?? 0), 0);
    const verdict = await weightCheck(expectedG, parcel.weight_g);
    if (!verdict.ok) {
      throw new ApiError(
        RET.PACK_WEIGHT_OUT_OF_TOLERANCE,
        `Parcel ${parcelNo} of order ${orderNo} weighs ${parcel.weight_g} g; with its packaging it should weigh ${verdict.minG}–${verdict.maxG} g: check for a missing or wrong unit.`,
        { parcel_no: parcelNo, weight_g: parcel.weight_g, min_g: verdict.minG, max_g: verdict.maxG },
      );
    }
  }
}

/**
 * Takes the parcels' packaging from consumable stock under the order (ref PACKING): what checking
 * took counts once — its box is the first parcel's box of the same kind, or goes back to stock when
 * no parcel uses it; its inner packaging is used either way.
 */
async function takePackaging(tx: Db, whsId: string, orderNo: string, p: PackPayload, userId: number): Promise<void> {
  const ref = { refType: CONSUMABLE_REF_TYPE.values.PACKING, refNo: orderNo, operatorId: userId };
  const needed = countOf(p.parcels.flatMap((parcel) => [...(parcel.box_id ? [parcel.box_id] : []), ...parcel.filler_ids]));
  const checked = await checkedPackaging(tx, whsId, orderNo);
  for (const taken of [checked.outer, checked.inner]) {
    if (taken === null) continue;
    const left = needed.get(taken) ?? 0;
    if (left > 0) needed.set(taken, left - 1);
    else if (taken === checked.outer) await returnConsumables(tx, whsId, [{ consumableId: taken, qty: 1 }], ref);
  }
  const lines = [...needed].filter(([, qty]) => qty > 0).map(([consumableId, qty]) => ({ consumableId, qty }));
  if (lines.length > 0) await takeConsumables(tx, whsId, lines, ref);
}

/** What the order's documents print, from its live parcels. */
async function packedOrderPrint(tx: Db, whsId: string, order: OrderRow, labelledAt: number): Promise<PackedOrderPrint> {
  const live = (await parcelsOf(tx, whsId, order.orderNo)).filter((x) => x.status !== P.REPLACED && x.status !== P.INTERCEPTED);
  const skuIds = [...new Set(live.flatMap((x) => x.items.map((i) => i.sku_id)))];
  const names = skuIds.length === 0 ? [] : await tx.select({ id: skus.skuId, name: skus.skuName }).from(skus).where(and(eq(skus.whsId, whsId), inArray(skus.skuId, skuIds)));
  const { sender, timeZone } = await senderOf(tx, whsId);
  return {
    order_no: order.orderNo, external_no: order.externalNo, shop_id: order.shopId, carrier: order.carrierName,
    receiver: { name: order.receiverName ?? order.externalNo, phone: order.receiverPhone, address: order.receiverAddress ?? '' },
    sender, time_zone: timeZone, sku_names: Object.fromEntries(names.map((n) => [n.id, n.name])),
    parcels: live.map((x) => ({ parcel_no: x.parcel_no, tracking_no: x.tracking_no, weight_g: x.weight_g, items: x.items })),
    labelled_at: labelledAt,
  };
}

/** Logs the labels of the parcels and the packing list as printed at the station (the print tool reprints them). */
async function logDocuments(tx: Db, whsId: string, order: OrderRow, p: PackPayload, trackingNos: readonly string[], stationId: string, userId: number): Promise<void> {
  const doc = await packedOrderPrint(tx, whsId, order, p.labelled_at);
  const paper = await stationPaper(tx, whsId, stationId);
  await recordPrintJobs(tx, whsId, [
    ...trackingNos.map((no, i) => ({ kind: 'SHIPPING_LABEL' as const, refNo: no, job: parcelLabelsJob(doc, paper.label, i + 1), stationId, userId })),
    { kind: 'PACKING_LIST' as const, refNo: order.orderNo, job: orderPackingListJob(doc, paper.document), stationId, userId },
  ]);
}

// ---- new tracking id ----

/**
 * A new tracking number for a packed parcel whose label cannot be used: the parcel is the same
 * (number, box, weight, units) under the new number; the old row stays, Replaced, naming it. The
 * new label is logged and answered.
 */
export async function replaceTrackingNo(tx: Db, whsId: string, userId: number, trackingNo: string, stationId: string | null) {
  const [peek] = await tx.select({ orderNo: parcels.orderNo }).from(parcels).where(and(eq(parcels.whsId, whsId), eq(parcels.trackingNo, trackingNo)));
  const refuse = (status: number | null, message: string) => new ApiError(RET.PARCEL_NOT_REPLACEABLE, message, { tracking_no: trackingNo, status });
  if (!peek) throw refuse(null, `${trackingNo} is not a parcel of warehouse ${whsId}.`);
  const order = (await lockOrders(tx, whsId, [peek.orderNo])).get(peek.orderNo)!;
  const [old] = await tx.select().from(parcels).where(and(eq(parcels.whsId, whsId), eq(parcels.trackingNo, trackingNo))).for('update');
  if (old!.status !== P.PACKED) {
    const state = (PARCEL_STATUS.label(old!.status)?.message ?? '').toLowerCase();
    throw refuse(old!.status, `Parcel ${trackingNo} is ${state}: only a packed parcel that has not left gets a new tracking number.`);
  }
  const newNo = await issueTrackingNo(tx, whsId);
  await tx.update(parcels).set({ status: P.REPLACED, replacedBy: newNo }).where(and(eq(parcels.whsId, whsId), eq(parcels.trackingNo, trackingNo)));
  const { trackingNo: _old, createdAt: _c, replacedBy: _r, ...same } = old!;
  await tx.insert(parcels).values({ ...same, trackingNo: newNo, status: P.PACKED, createdBy: userId });
  await tx.execute(sql`insert into parcel_items (whs_id, tracking_no, sku_id, qty)
    select whs_id, ${newNo}, sku_id, qty from parcel_items where whs_id = ${whsId} and tracking_no = ${trackingNo}`);
  await logOrders(tx, whsId, [{
    orderNo: order.orderNo, from: order.status, to: order.status, note: `Parcel ${old!.parcelNo}: tracking number ${trackingNo} replaced by ${newNo} (new tracking id).`,
  }], userId);
  const doc = await packedOrderPrint(tx, whsId, order, Math.floor(Date.now() / 1000));
  const job = parcelLabelsJob(doc, (await stationPaper(tx, whsId, stationId)).label, old!.parcelNo);
  const [jobId] = await recordPrintJobs(tx, whsId, [{ kind: 'SHIPPING_LABEL', refNo: newNo, job, stationId, userId }]);
  const parcel = (await parcelsOf(tx, whsId, order.orderNo)).find((x) => x.tracking_no === newNo)!;
  return { old_tracking_no: trackingNo, parcel, job_id: jobId!, job };
}
