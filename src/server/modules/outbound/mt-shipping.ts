import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { HANDOVER_STATUS, MT_PACK_STATUS, MT_SHIP_BY, OUTBOUND_ORDER_TYPE, TASK_STATUS } from '../../../shared/codes';
import type {
  MtCloseBoxPayload, MtClosePalletPayload, MtCloseShipmentPayload, MtLoadPayload, MtOpenBoxPayload, MtOpenShipmentPayload, MtPackingWork, MtPackPayload,
  MtPackResult, MtPalletizePayload, MtShipmentDetail, MtShipResult,
} from '../../../shared/contract/mt-shipping.contract';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { locationInventory, mtBoxes, mtBoxItems, mtOrders, mtPackingTasks, mtPallets, mtShipmentOrders, mtShipments, salesOrders, skus } from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import { nextDocNo } from '../../common/doc-no';
import { unixSeconds } from '../../common/time';
import { dispatchTransit, type TransitUnit } from '../inventory/in-transit';
import type { Quality } from '../inventory/ledger';
import { assertDestination, mtOrdersDispatched } from './mt-order';
import { S, lockOrders, moveOrder, skuCodesSql, type OrderRow } from './sales-order';

/**
 * MT packing and shipping (docs/outbound.md "MT checking, packing and shipping"). A checked MT
 * order's units wait on the order's location (checking put them there); its packing task boxes them
 * (MTB ids from the device or pre-printed labels), boxes go onto pallets of the same order, and a
 * shipment to the order's destination loads pallets (or loose boxes). Closing the shipment
 * dispatches it: per MT order one `dispatchTransit` (its transit shipment and the destination's
 * Transfer Inbound ASN, whose tracking ids are the pallet or box ids), in the op's transaction.
 * Locks: orders, then the packing task or shipment, then boxes and pallets, then balances.
 */

const T = TASK_STATUS.values;
const P = MT_PACK_STATUS.values;
const H = HANDOVER_STATUS.values;
const BY = MT_SHIP_BY.values;
const MT = OUTBOUND_ORDER_TYPE.values.MT;
type TaskRow = typeof mtPackingTasks.$inferSelect;
type BoxRow = typeof mtBoxes.$inferSelect;
type PalletRow = typeof mtPallets.$inferSelect;
type ShipmentRow = typeof mtShipments.$inferSelect;

const mtLabel = (orderNo: string) => `MT order ${orderNo}`;
const taskLabel = (packingId: string) => `MT packing task ${packingId}`;
const shipmentLabel = (shippingId: string) => `MT shipment ${shippingId}`;

export interface MtActor {
  userId: number;
  opId: string;
}

// ---- reading ----

/** The units an order holds on its own location (checked, not shipped), by SKU. */
async function checkedBySku(db: Db, whsId: string, orderNo: string): Promise<Map<string, number>> {
  const rows = await db.select({ skuId: locationInventory.skuId, qty: sql<number>`sum(${locationInventory.onhandQty})::int` }).from(locationInventory)
    .where(and(eq(locationInventory.whsId, whsId), eq(locationInventory.locationId, orderNo), sql`${locationInventory.onhandQty} > 0`))
    .groupBy(locationInventory.skuId);
  return new Map(rows.map((r) => [r.skuId, r.qty]));
}

async function boxesOf(db: Db, whsId: string, packingId: string): Promise<MtPackingWork['boxes']> {
  const boxes = await db.select().from(mtBoxes).where(and(eq(mtBoxes.whsId, whsId), eq(mtBoxes.packingId, packingId))).orderBy(asc(mtBoxes.createdAt), asc(mtBoxes.boxId));
  const items = boxes.length === 0 ? [] : await db.select().from(mtBoxItems)
    .where(and(eq(mtBoxItems.whsId, whsId), inArray(mtBoxItems.boxId, boxes.map((b) => b.boxId)))).orderBy(asc(mtBoxItems.skuId));
  return boxes.map((b) => ({
    box_id: b.boxId, status: b.status, qty: b.qty, pallet_id: b.palletId, shipping_id: b.shippingId,
    items: items.filter((i) => i.boxId === b.boxId).map((i) => ({ sku_id: i.skuId, qty: i.qty })),
  }));
}

export async function mtPackingWork(db: Db, whsId: string, packingId: string): Promise<MtPackingWork> {
  const [task] = await db.select().from(mtPackingTasks).where(and(eq(mtPackingTasks.whsId, whsId), eq(mtPackingTasks.packingId, packingId)));
  if (!task) throw notFound(taskLabel(packingId));
  const [order] = await db.select({ status: salesOrders.status }).from(salesOrders).where(and(eq(salesOrders.whsId, whsId), eq(salesOrders.orderNo, task.orderNo)));
  const [boxes, pallets, checked] = await Promise.all([
    boxesOf(db, whsId, packingId),
    db.select().from(mtPallets).where(and(eq(mtPallets.whsId, whsId), eq(mtPallets.packingId, packingId))).orderBy(asc(mtPallets.createdAt), asc(mtPallets.palletId)),
    checkedBySku(db, whsId, task.orderNo),
  ]);
  const packed = new Map<string, number>();
  for (const b of boxes) for (const i of b.items) packed.set(i.sku_id, (packed.get(i.sku_id) ?? 0) + i.qty);
  // Once shipped the order's location is empty: the boxes still say what it held.
  const skuIds = [...new Set([...checked.keys(), ...packed.keys()])].sort();
  const skuRows = skuIds.length === 0 ? [] : await db.select({ skuId: skus.skuId, skuName: skus.skuName, codes: skuCodesSql }).from(skus)
    .where(and(eq(skus.whsId, whsId), inArray(skus.skuId, skuIds)));
  const skuOf = new Map(skuRows.map((s) => [s.skuId, s]));
  return {
    task: {
      packing_id: task.packingId, order_no: task.orderNo, dest_whs_id: task.destWhsId, status: task.status, total_qty: task.totalQty, packed_qty: task.packedQty,
      order_status: order?.status ?? S.CANCEL, created_at: unixSeconds(task.createdAt)!, finished_at: unixSeconds(task.finishedAt),
    },
    lines: skuIds.map((skuId) => ({
      sku_id: skuId, sku_name: skuOf.get(skuId)?.skuName ?? '', codes: skuOf.get(skuId)?.codes ?? [skuId],
      qty: Math.max(checked.get(skuId) ?? 0, packed.get(skuId) ?? 0), packed_qty: packed.get(skuId) ?? 0,
    })),
    boxes,
    pallets: pallets.map((p) => ({ pallet_id: p.palletId, status: p.status, box_count: p.boxCount, qty: p.qty, shipping_id: p.shippingId })),
  };
}

// ---- packing ----

const packRefused = (reason: string, message: string, data: Record<string, unknown>) => new ApiError(RET.MT_PACK_BOX_REFUSED, message, { reason, ...data });
const orderUnavailable = (orderNo: string, reason: string, message: string) => new ApiError(RET.MT_PACK_ORDER_UNAVAILABLE, message, { order_no: orderNo, reason });

/** Why an MT order cannot be packed now (null: it can — checked, or being packed). */
function notPackable(order: OrderRow): ApiError | null {
  if (order.status === S.CHECKED || order.status === S.PACKING) return null;
  if (order.status === S.PACKED) return orderUnavailable(order.orderNo, 'packed', `${mtLabel(order.orderNo)} is packed: every unit is in a closed box.`);
  if (order.status === S.SHIPPING || order.status === S.OUTBOUND) return orderUnavailable(order.orderNo, 'shipped', `${mtLabel(order.orderNo)} has shipped.`);
  if (order.status === S.CANCEL) return orderUnavailable(order.orderNo, 'cancelled', `${mtLabel(order.orderNo)} is cancelled.`);
  return orderUnavailable(order.orderNo, 'not_checked', `${mtLabel(order.orderNo)} is not checked yet: check it at a checking station first.`);
}

/** The MT order locked, or -291101 unknown (none, or an order of another type). */
async function lockMtOrder(tx: Db, whsId: string, orderNo: string): Promise<OrderRow> {
  const order = (await lockOrders(tx, whsId, [orderNo])).get(orderNo);
  if (!order || order.orderType !== MT) throw orderUnavailable(orderNo, 'unknown', `${orderNo} is not an MT order of this warehouse.`);
  return order;
}

/**
 * A checked MT order scanned at packing: its packing task, made at the first scan with the order's
 * checked units. A packed order answers its task too (to put its boxes on pallets).
 */
export async function startMtPacking(tx: Db, whsId: string, userId: number, orderNo: string, timeZone: string): Promise<MtPackingWork> {
  const order = await lockMtOrder(tx, whsId, orderNo);
  const [task] = await tx.select().from(mtPackingTasks).where(and(eq(mtPackingTasks.whsId, whsId), eq(mtPackingTasks.orderNo, orderNo)));
  if (task && order.status !== S.CANCEL) return mtPackingWork(tx, whsId, task.packingId);
  const why = notPackable(order);
  if (why) throw why;
  const [doc] = await tx.select({ destWhsId: mtOrders.destWhsId }).from(mtOrders).where(and(eq(mtOrders.whsId, whsId), eq(mtOrders.orderNo, orderNo)));
  const checked = await checkedBySku(tx, whsId, orderNo);
  const totalQty = [...checked.values()].reduce((n, q) => n + q, 0);
  if (!doc || totalQty === 0) throw orderUnavailable(orderNo, 'not_checked', `${mtLabel(orderNo)} holds no checked units.`);
  const packingId = await nextDocNo(tx, 'mtPackingTask', timeZone);
  await tx.insert(mtPackingTasks).values({ whsId, packingId, orderNo, destWhsId: doc.destWhsId, totalQty, createdBy: userId });
  return mtPackingWork(tx, whsId, packingId);
}

/** The task locked with its order (order first); refused unless the order may be packed. */
async function lockTaskOf(tx: Db, whsId: string, packingId: string): Promise<{ task: TaskRow; order: OrderRow }> {
  const [found] = await tx.select({ orderNo: mtPackingTasks.orderNo }).from(mtPackingTasks).where(and(eq(mtPackingTasks.whsId, whsId), eq(mtPackingTasks.packingId, packingId)));
  if (!found) throw notFound(taskLabel(packingId));
  const order = await lockMtOrder(tx, whsId, found.orderNo);
  const [task] = await tx.select().from(mtPackingTasks).where(and(eq(mtPackingTasks.whsId, whsId), eq(mtPackingTasks.packingId, packingId))).for('update');
  return { task: task!, order };
}

async function findBox(tx: Db, whsId: string, boxId: string, lock = false): Promise<BoxRow | undefined> {
  const q = tx.select().from(mtBoxes).where(and(eq(mtBoxes.whsId, whsId), eq(mtBoxes.boxId, boxId)));
  return (await (lock ? q.for('update') : q))[0];
}
async function findPallet(tx: Db, whsId: string, palletId: string, lock = false): Promise<PalletRow | undefined> {
  const q = tx.select().from(mtPallets).where(and(eq(mtPallets.whsId, whsId), eq(mtPallets.palletId, palletId)));
  return (await (lock ? q.for('update') : q))[0];
}

/** A box locked with its task and order, refused unless the order may still be packed. */
async function lockBox(tx: Db, whsId: string, boxId: string): Promise<{ box: BoxRow; task: TaskRow; order: OrderRow }> {
  const found = await findBox(tx, whsId, boxId);
  if (!found) throw packRefused('unknown', `Box ${boxId} is not a box of this warehouse: open it on a packing task first.`, { box_id: boxId });
  const { task, order } = await lockTaskOf(tx, whsId, found.packingId);
  const box = (await findBox(tx, whsId, boxId, true))!;
  return { box, task, order };
}

function result(task: TaskRow, order: OrderRow, message: string): MtPackResult {
  return {
    packing_id: task.packingId, order_no: task.orderNo, task_status: task.status, packed_qty: task.packedQty, total_qty: task.totalQty, order_status: order.status, message,
  };
}

async function assertIdFree(tx: Db, whsId: string, id: string, field: 'box_id' | 'pallet_id'): Promise<void> {
  const [box, pallet] = await Promise.all([findBox(tx, whsId, id), findPallet(tx, whsId, id)]);
  if (box || pallet) throw packRefused('taken', `${id} is ${box ? `box of ${mtLabel(box.orderNo)}` : `a pallet of ${mtLabel(pallet!.orderNo)}`} already: use a new label.`, { [field]: id });
}

export async function applyOpenBox(tx: Db, whsId: string, actor: MtActor, p: MtOpenBoxPayload): Promise<MtPackResult> {
  const { task, order } = await lockTaskOf(tx, whsId, p.packing_id);
  const why = notPackable(order);
  if (why) throw why;
  await assertIdFree(tx, whsId, p.box_id, 'box_id');
  const [open] = await tx.select({ boxId: mtBoxes.boxId }).from(mtBoxes)
    .where(and(eq(mtBoxes.whsId, whsId), eq(mtBoxes.packingId, task.packingId), eq(mtBoxes.status, P.PACKING)));
  if (open) throw packRefused('open', `Box ${open.boxId} is still open: close it before opening another.`, { box_id: open.boxId });
  await tx.insert(mtBoxes).values({ whsId, boxId: p.box_id, packingId: task.packingId, orderNo: task.orderNo, destWhsId: task.destWhsId, createdBy: actor.userId });
  const moved = order.status === S.CHECKED
    ? await moveOrder(tx, whsId, order, S.PACKING, `Packing: box ${p.box_id} opened (${taskLabel(task.packingId)}).`, actor.userId)
    : order;
  return result(task, moved, `Box ${p.box_id} opened.`);
}

export async function applyPack(tx: Db, whsId: string, _actor: MtActor, p: MtPackPayload): Promise<MtPackResult> {
  const { box, task, order } = await lockBox(tx, whsId, p.box_id);
  if (box.status !== P.PACKING) throw packRefused('closed', `Box ${box.boxId} is closed: open a new box.`, { box_id: box.boxId });
  const checked = (await checkedBySku(tx, whsId, task.orderNo)).get(p.sku_id) ?? 0;
  const [inBoxes] = await tx.select({ qty: sql<number>`coalesce(sum(${mtBoxItems.qty}), 0)::int` }).from(mtBoxItems)
    .innerJoin(mtBoxes, and(eq(mtBoxes.whsId, mtBoxItems.whsId), eq(mtBoxes.boxId, mtBoxItems.boxId)))
    .where(and(eq(mtBoxItems.whsId, whsId), eq(mtBoxes.packingId, task.packingId), eq(mtBoxItems.skuId, p.sku_id)));
  const left = checked - inBoxes!.qty;
  if (p.qty > left) {
    throw new ApiError(RET.MT_PACK_OVER_PACKED, checked === 0
      ? `SKU ${p.sku_id} is not one of ${mtLabel(task.orderNo)}'s checked units.`
      : `${mtLabel(task.orderNo)} has ${left} unit(s) of SKU ${p.sku_id} left to pack; ${p.qty} scanned.`, { sku_id: p.sku_id, left: Math.max(0, left) });
  }
  await tx.insert(mtBoxItems).values({ whsId, boxId: box.boxId, skuId: p.sku_id, qty: p.qty })
    .onConflictDoUpdate({ target: [mtBoxItems.whsId, mtBoxItems.boxId, mtBoxItems.skuId], set: { qty: sql`${mtBoxItems.qty} + ${p.qty}` } });
  await tx.update(mtBoxes).set({ qty: sql`${mtBoxes.qty} + ${p.qty}` }).where(and(eq(mtBoxes.whsId, whsId), eq(mtBoxes.boxId, box.boxId)));
  const [after] = await tx.update(mtPackingTasks).set({ packedQty: sql`${mtPackingTasks.packedQty} + ${p.qty}` })
    .where(and(eq(mtPackingTasks.whsId, whsId), eq(mtPackingTasks.packingId, task.packingId))).returning();
  return result(after!, order, `${p.qty} × ${p.sku_id} into box ${box.boxId}.`);
}

/** Closes a box with units in it; the task is done (and the order Packed) when every unit is in a closed box. */
export async function applyCloseBox(tx: Db, whsId: string, actor: MtActor, p: MtCloseBoxPayload): Promise<MtPackResult> {
  const { box, task, order } = await lockBox(tx, whsId, p.box_id);
  if (box.status !== P.PACKING) throw packRefused('closed', `Box ${box.boxId} is closed already.`, { box_id: box.boxId });
  if (box.qty === 0) throw packRefused('empty', `Box ${box.boxId} is empty: pack units into it before closing it.`, { box_id: box.boxId });
  await tx.update(mtBoxes).set({ status: P.PACKED, closedAt: sql`now()` }).where(and(eq(mtBoxes.whsId, whsId), eq(mtBoxes.boxId, box.boxId)));
  if (task.packedQty < task.totalQty) return result(task, order, `Box ${box.boxId} closed (${box.qty} units).`);
  const [done] = await tx.update(mtPackingTasks).set({ status: T.DONE, finishedAt: sql`now()` })
    .where(and(eq(mtPackingTasks.whsId, whsId), eq(mtPackingTasks.packingId, task.packingId))).returning();
  const packed = await moveOrder(tx, whsId, order, S.PACKED, `Packed: every unit in closed boxes (${taskLabel(task.packingId)}).`, actor.userId);
  return result(done!, packed, `Box ${box.boxId} closed: ${mtLabel(order.orderNo)} is packed.`);
}

/** Puts a closed box onto a pallet of the same order (a new pallet id opens the pallet). */
export async function applyPalletize(tx: Db, whsId: string, actor: MtActor, p: MtPalletizePayload): Promise<MtPackResult> {
  const found = await findBox(tx, whsId, p.box_id);
  if (!found) throw packRefused('unknown', `Box ${p.box_id} is not a box of this warehouse.`, { box_id: p.box_id });
  const order = await lockMtOrder(tx, whsId, found.orderNo);
  const [task] = await tx.select().from(mtPackingTasks).where(and(eq(mtPackingTasks.whsId, whsId), eq(mtPackingTasks.packingId, found.packingId))).for('update');
  const box = (await findBox(tx, whsId, p.box_id, true))!;
  if (box.status === P.SHIPPED || box.shippingId) throw packRefused('shipped', `Box ${box.boxId} is loaded on shipment ${box.shippingId}.`, { box_id: box.boxId });
  if (box.status !== P.PACKED) throw packRefused('not_closed', `Box ${box.boxId} is open: close it before putting it on a pallet.`, { box_id: box.boxId });
  if (box.palletId) throw packRefused('on_pallet', `Box ${box.boxId} is on pallet ${box.palletId} already.`, { box_id: box.boxId, pallet_id: box.palletId });
  const pallet = await findPallet(tx, whsId, p.pallet_id, true);
  if (pallet) {
    if (pallet.status !== P.PACKING) throw packRefused('closed', `Pallet ${pallet.palletId} is closed: start a new pallet.`, { pallet_id: pallet.palletId });
    if (pallet.orderNo !== box.orderNo) {
      const where = pallet.destWhsId === box.destWhsId ? '' : ` (to ${pallet.destWhsId}, this box goes to ${box.destWhsId})`;
      throw packRefused('other_order', `Pallet ${pallet.palletId} carries ${mtLabel(pallet.orderNo)}${where}: a pallet carries one MT order's boxes.`, {
        pallet_id: pallet.palletId, order_no: pallet.orderNo, dest_whs_id: pallet.destWhsId,
      });
    }
    await tx.update(mtPallets).set({ boxCount: sql`${mtPallets.boxCount} + 1`, qty: sql`${mtPallets.qty} + ${box.qty}` })
      .where(and(eq(mtPallets.whsId, whsId), eq(mtPallets.palletId, pallet.palletId)));
  } else {
    await assertIdFree(tx, whsId, p.pallet_id, 'pallet_id');
    await tx.insert(mtPallets).values({
      whsId, palletId: p.pallet_id, packingId: box.packingId, orderNo: box.orderNo, destWhsId: box.destWhsId, boxCount: 1, qty: box.qty, createdBy: actor.userId,
    });
  }
  await tx.update(mtBoxes).set({ palletId: p.pallet_id }).where(and(eq(mtBoxes.whsId, whsId), eq(mtBoxes.boxId, box.boxId)));
  return result(task!, order, `Box ${box.boxId} on pallet ${p.pallet_id}.`);
}

export async function applyClosePallet(tx: Db, whsId: string, _actor: MtActor, p: MtClosePalletPayload): Promise<MtPackResult> {
  const found = await findPallet(tx, whsId, p.pallet_id);
  if (!found) throw packRefused('unknown', `Pallet ${p.pallet_id} is not a pallet of this warehouse: put a closed box on it first.`, { pallet_id: p.pallet_id });
  const order = await lockMtOrder(tx, whsId, found.orderNo);
  const [task] = await tx.select().from(mtPackingTasks).where(and(eq(mtPackingTasks.whsId, whsId), eq(mtPackingTasks.packingId, found.packingId))).for('update');
  const pallet = (await findPallet(tx, whsId, p.pallet_id, true))!;
  if (pallet.status !== P.PACKING) throw packRefused('closed', `Pallet ${pallet.palletId} is closed already.`, { pallet_id: pallet.palletId });
  await tx.update(mtPallets).set({ status: P.PACKED, closedAt: sql`now()` }).where(and(eq(mtPallets.whsId, whsId), eq(mtPallets.palletId, pallet.palletId)));
  return result(task!, order, `Pallet ${pallet.palletId} closed (${pallet.boxCount} boxes, ${pallet.qty} units).`);
}

// ---- shipping ----

const shipUnavailable = (shippingId: string, reason: string, message: string, data: Record<string, unknown> = {}) =>
  new ApiError(RET.MT_SHIP_UNAVAILABLE, message, { shipping_id: shippingId, reason, ...data });
const shipRefused = (code: string, reason: string, message: string, data: Record<string, unknown> = {}) =>
  new ApiError(RET.MT_SHIP_REFUSED, message, { code, reason, ...data });

async function lockShipment(tx: Db, whsId: string, shippingId: string): Promise<ShipmentRow> {
  const [row] = await tx.select().from(mtShipments).where(and(eq(mtShipments.whsId, whsId), eq(mtShipments.shippingId, shippingId))).for('update');
  if (!row) throw shipUnavailable(shippingId, 'unknown', `${shipmentLabel(shippingId)} is not open in this warehouse: open it first.`);
  if (row.status !== H.LOADING) throw shipUnavailable(shippingId, 'shipped', `${shipmentLabel(shippingId)} has shipped already.`);
  return row;
}

function shipResult(s: ShipmentRow, message: string, dispatches: MtShipResult['dispatches'] = []): MtShipResult {
  return { shipping_id: s.shippingId, status: s.status, loaded_count: s.loadedCount, qty: s.qty, dispatches, message };
}

export async function applyOpenShipment(tx: Db, whsId: string, actor: MtActor, p: MtOpenShipmentPayload): Promise<MtShipResult> {
  const [taken] = await tx.select({ shippingId: mtShipments.shippingId }).from(mtShipments)
    .where(and(eq(mtShipments.whsId, whsId), eq(mtShipments.shippingId, p.shipping_id)));
  if (taken) throw shipUnavailable(p.shipping_id, 'taken', `${shipmentLabel(p.shipping_id)} exists already: open a new shipment.`);
  await assertDestination(tx, whsId, p.dest_whs_id);
  const [row] = await tx.insert(mtShipments).values({ whsId, shippingId: p.shipping_id, destWhsId: p.dest_whs_id, shipBy: p.ship_by, openedBy: actor.userId }).returning();
  return shipResult(row!, `${shipmentLabel(p.shipping_id)} to ${p.dest_whs_id} opened.`);
}

/** What a shipment loads by a scanned id: a pallet (by pallet) or a loose box (by box), locked. */
async function loadable(tx: Db, whsId: string, s: ShipmentRow, code: string): Promise<{ kind: 'pallet' | 'box'; row: PalletRow | BoxRow }> {
  if (s.shipBy === BY.PALLET) {
    const pallet = await findPallet(tx, whsId, code, true);
    if (!pallet) throw shipRefused(code, 'unknown', `${code} is not a pallet of this warehouse: shipment ${s.shippingId} loads pallets.`);
    return { kind: 'pallet', row: pallet };
  }
  const box = await findBox(tx, whsId, code, true);
  if (!box) throw shipRefused(code, 'unknown', `${code} is not a box of this warehouse: shipment ${s.shippingId} loads boxes.`);
  if (box.palletId) throw shipRefused(code, 'on_pallet', `Box ${code} is on pallet ${box.palletId}: it ships with its pallet.`, { pallet_id: box.palletId });
  return { kind: 'box', row: box };
}

export async function applyLoad(tx: Db, whsId: string, _actor: MtActor, p: MtLoadPayload): Promise<MtShipResult> {
  const s = await lockShipment(tx, whsId, p.shipping_id);
  const { kind, row } = await loadable(tx, whsId, s, p.code);
  const name = `${kind === 'pallet' ? 'Pallet' : 'Box'} ${p.code}`;
  if (row.status === P.SHIPPED) throw shipRefused(p.code, 'shipped', `${name} has shipped.`);
  if (row.shippingId) throw shipRefused(p.code, 'loaded', `${name} is on shipment ${row.shippingId} already.`, { shipping_id: row.shippingId });
  if (row.status !== P.PACKED) throw shipRefused(p.code, 'not_closed', `${name} is not closed: close it at packing first.`);
  if (row.destWhsId !== s.destWhsId) {
    throw shipRefused(p.code, 'destination', `${name} goes to ${row.destWhsId}; shipment ${s.shippingId} goes to ${s.destWhsId}.`, { dest_whs_id: row.destWhsId });
  }
  const table = kind === 'pallet' ? mtPallets : mtBoxes;
  const key = kind === 'pallet' ? eq(mtPallets.palletId, p.code) : eq(mtBoxes.boxId, p.code);
  await tx.update(table).set({ shippingId: s.shippingId }).where(and(eq(table.whsId, whsId), key));
  const [after] = await tx.update(mtShipments).set({ loadedCount: sql`${mtShipments.loadedCount} + 1`, qty: sql`${mtShipments.qty} + ${row.qty}` })
    .where(and(eq(mtShipments.whsId, whsId), eq(mtShipments.shippingId, s.shippingId))).returning();
  return shipResult(after!, `${name} loaded (${mtLabel(row.orderNo)}).`);
}

export async function applyUnload(tx: Db, whsId: string, _actor: MtActor, p: MtLoadPayload): Promise<MtShipResult> {
  const s = await lockShipment(tx, whsId, p.shipping_id);
  const { kind, row } = await loadable(tx, whsId, s, p.code);
  const name = `${kind === 'pallet' ? 'Pallet' : 'Box'} ${p.code}`;
  if (row.shippingId !== s.shippingId) throw shipRefused(p.code, 'not_loaded', `${name} is not on shipment ${s.shippingId}.`);
  const table = kind === 'pallet' ? mtPallets : mtBoxes;
  const key = kind === 'pallet' ? eq(mtPallets.palletId, p.code) : eq(mtBoxes.boxId, p.code);
  await tx.update(table).set({ shippingId: null }).where(and(eq(table.whsId, whsId), key));
  const [after] = await tx.update(mtShipments).set({ loadedCount: sql`${mtShipments.loadedCount} - 1`, qty: sql`${mtShipments.qty} - ${row.qty}` })
    .where(and(eq(mtShipments.whsId, whsId), eq(mtShipments.shippingId, s.shippingId))).returning();
  return shipResult(after!, `${name} unloaded.`);
}

/**
 * The units each MTB of an order carries, with the batches and qualities they are on the order's
 * location: every box's SKUs are taken from the order's balances in SKU, batch, quality order.
 * Pure; the caller checks the totals match.
 */
export function spreadOverMtbs(
  balances: readonly { skuId: string; batchId: string; quality: number; qty: number }[],
  mtbs: readonly { mtbId: string; items: readonly { skuId: string; qty: number }[] }[],
  locationId: string,
): TransitUnit[] | null {
  const left = balances.map((b) => ({ ...b }));
  const units: TransitUnit[] = [];
  for (const mtb of mtbs) {
    for (const item of mtb.items) {
      let need = item.qty;
      for (const b of left) {
        if (need === 0) break;
        if (b.skuId !== item.skuId || b.qty === 0) continue;
        const take = Math.min(need, b.qty);
        units.push({ locationId, skuId: b.skuId, batchId: b.batchId, quality: b.quality as Quality, qty: take, boxId: mtb.mtbId });
        b.qty -= take;
        need -= take;
      }
      if (need > 0) return null;
    }
  }
  return left.every((b) => b.qty === 0) ? units : null;
}

/**
 * Closes the shipment: the truck leaves. Every order on it must be packed whole and have every box
 * (by box) or pallet (by pallet) on it — an order is dispatched whole, never in part. Per order one
 * dispatchTransit, MTBs the pallets (or boxes); boxes and pallets Shipped; the orders Packed →
 * Shipping → Outbound, their documents Outbounding → Shipping → In Transit.
 */
export async function applyCloseShipment(tx: Db, whsId: string, actor: MtActor, p: MtCloseShipmentPayload): Promise<MtShipResult> {
  const [peek] = await tx.select().from(mtShipments).where(and(eq(mtShipments.whsId, whsId), eq(mtShipments.shippingId, p.shipping_id)));
  const byPallet = peek?.shipBy === BY.PALLET;
  const loadedOrders = peek ? await tx.selectDistinct({ orderNo: byPallet ? mtPallets.orderNo : mtBoxes.orderNo }).from(byPallet ? mtPallets : mtBoxes)
    .where(and(eq(byPallet ? mtPallets.whsId : mtBoxes.whsId, whsId), eq(byPallet ? mtPallets.shippingId : mtBoxes.shippingId, p.shipping_id))) : [];
  const orderNos = loadedOrders.map((o) => o.orderNo).sort();
  const orders = await lockOrders(tx, whsId, orderNos);
  const s = await lockShipment(tx, whsId, p.shipping_id);
  if (s.loadedCount === 0) throw shipUnavailable(s.shippingId, 'empty', `${shipmentLabel(s.shippingId)} has nothing loaded.`);

  const dispatches: MtShipResult['dispatches'] = [];
  for (const orderNo of orderNos) {
    const order = orders.get(orderNo)!;
    const incomplete = (missing: string[], why: string) => shipUnavailable(s.shippingId, 'incomplete', `${mtLabel(orderNo)} ${why}: an order ships whole.`, { order_no: orderNo, missing });
    if (order.status !== S.PACKED) throw incomplete([], 'is not packed whole (units not in closed boxes)');
    const boxes = await tx.select().from(mtBoxes).where(and(eq(mtBoxes.whsId, whsId), eq(mtBoxes.orderNo, orderNo))).orderBy(asc(mtBoxes.boxId)).for('update');
    const pallets = await tx.select().from(mtPallets).where(and(eq(mtPallets.whsId, whsId), eq(mtPallets.orderNo, orderNo))).orderBy(asc(mtPallets.palletId)).for('update');
    const palletOn = new Map(pallets.map((pl) => [pl.palletId, pl]));
    const missing = byPallet
      ? [...boxes.filter((b) => !b.palletId).map((b) => b.boxId), ...pallets.filter((pl) => pl.shippingId !== s.shippingId).map((pl) => pl.palletId)]
      : boxes.filter((b) => b.shippingId !== s.shippingId).map((b) => b.palletId ?? b.boxId);
    if (missing.length > 0) throw incomplete([...new Set(missing)], `has ${byPallet ? 'boxes or pallets' : 'boxes'} not on this shipment (${[...new Set(missing)].join(', ')})`);
    const items = await tx.select().from(mtBoxItems).where(and(eq(mtBoxItems.whsId, whsId), inArray(mtBoxItems.boxId, boxes.map((b) => b.boxId)))).orderBy(asc(mtBoxItems.skuId));
    const mtbOf = (b: BoxRow) => (byPallet ? palletOn.get(b.palletId!)!.palletId : b.boxId);
    const byMtb = new Map<string, Map<string, number>>();
    for (const b of boxes) {
      const mtb = byMtb.get(mtbOf(b)) ?? new Map<string, number>();
      for (const i of items) if (i.boxId === b.boxId) mtb.set(i.skuId, (mtb.get(i.skuId) ?? 0) + i.qty);
      byMtb.set(mtbOf(b), mtb);
    }
    const balances = await tx.select({ skuId: locationInventory.skuId, batchId: locationInventory.batchId, quality: locationInventory.quality, qty: locationInventory.onhandQty })
      .from(locationInventory)
      .where(and(eq(locationInventory.whsId, whsId), eq(locationInventory.locationId, orderNo), sql`${locationInventory.onhandQty} > 0`))
      .orderBy(asc(locationInventory.skuId), asc(locationInventory.batchId), asc(locationInventory.quality));
    const units = spreadOverMtbs(balances, [...byMtb].sort(([x], [y]) => (x < y ? -1 : 1)).map(([mtbId, skusIn]) => ({
      mtbId, items: [...skusIn].map(([skuId, qty]) => ({ skuId, qty })),
    })), orderNo);
    if (!units) throw incomplete([], 'holds other units than its boxes');
    const [doc] = await tx.select({ destWhsId: mtOrders.destWhsId }).from(mtOrders).where(and(eq(mtOrders.whsId, whsId), eq(mtOrders.orderNo, orderNo)));
    const sent = await dispatchTransit(tx, whsId, { orderNo, destWhsId: doc!.destWhsId, units, actor: actor.userId });
    const qty = units.reduce((n, u) => n + u.qty, 0);
    await tx.insert(mtShipmentOrders).values({ whsId, shippingId: s.shippingId, orderNo, transitShipmentNo: sent.shipmentNo, destAsnNo: sent.destAsnNo, qty });
    dispatches.push({ order_no: orderNo, transit_shipment_no: sent.shipmentNo, dest_asn_no: sent.destAsnNo, qty });
    await tx.update(mtBoxes).set({ status: P.SHIPPED }).where(and(eq(mtBoxes.whsId, whsId), eq(mtBoxes.orderNo, orderNo)));
    await tx.update(mtPallets).set({ status: P.SHIPPED }).where(and(eq(mtPallets.whsId, whsId), eq(mtPallets.orderNo, orderNo)));
    const note = `Shipped with ${shipmentLabel(s.shippingId)} to ${doc!.destWhsId} (transit shipment ${sent.shipmentNo}, ASN ${sent.destAsnNo}).`;
    const shipping = await moveOrder(tx, whsId, order, S.SHIPPING, note, actor.userId);
    await moveOrder(tx, whsId, shipping, S.OUTBOUND, note, actor.userId);
  }
  await mtOrdersDispatched(tx, whsId, orderNos, `dispatched with ${shipmentLabel(s.shippingId)}.`, actor.userId);
  const [closed] = await tx.update(mtShipments).set({ status: H.SHIPPED, closedBy: actor.userId, closedAt: sql`now()` })
    .where(and(eq(mtShipments.whsId, whsId), eq(mtShipments.shippingId, s.shippingId))).returning();
  return shipResult(closed!, `${shipmentLabel(s.shippingId)} dispatched to ${s.destWhsId}: ${dispatches.map((d) => d.transit_shipment_no).join(', ')}.`, dispatches);
}

export async function mtShipmentDetail(db: Db, whsId: string, shippingId: string): Promise<MtShipmentDetail> {
  const [s] = await db.select().from(mtShipments).where(and(eq(mtShipments.whsId, whsId), eq(mtShipments.shippingId, shippingId)));
  if (!s) throw notFound(shipmentLabel(shippingId));
  const loaded = s.shipBy === BY.PALLET
    ? await db.select({ code: mtPallets.palletId, order_no: mtPallets.orderNo, qty: mtPallets.qty, status: mtPallets.status }).from(mtPallets)
      .where(and(eq(mtPallets.whsId, whsId), eq(mtPallets.shippingId, shippingId))).orderBy(asc(mtPallets.palletId))
    : await db.select({ code: mtBoxes.boxId, order_no: mtBoxes.orderNo, qty: mtBoxes.qty, status: mtBoxes.status }).from(mtBoxes)
      .where(and(eq(mtBoxes.whsId, whsId), eq(mtBoxes.shippingId, shippingId), isNull(mtBoxes.palletId))).orderBy(asc(mtBoxes.boxId));
  const dispatches = await db.select({
    order_no: mtShipmentOrders.orderNo, transit_shipment_no: mtShipmentOrders.transitShipmentNo, dest_asn_no: mtShipmentOrders.destAsnNo, qty: mtShipmentOrders.qty,
  }).from(mtShipmentOrders).where(and(eq(mtShipmentOrders.whsId, whsId), eq(mtShipmentOrders.shippingId, shippingId))).orderBy(asc(mtShipmentOrders.orderNo));
  return {
    shipment: {
      shipping_id: s.shippingId, dest_whs_id: s.destWhsId, ship_by: s.shipBy, status: s.status, loaded_count: s.loadedCount, qty: s.qty, opened_by: s.openedBy,
      created_at: unixSeconds(s.createdAt)!, closed_at: unixSeconds(s.closedAt),
    },
    loaded,
    dispatches,
  };
}
