import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { TRACKING_ID_PATTERN } from '../../../shared/asn';
import {
  INBOUND_ORDER_TYPE, INBOUND_STATUS, INVENTORY_REF_TYPE, INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE, PURCHASE_TYPE, QUALITY,
  TRANSIT_SHIPMENT_STATUS,
} from '../../../shared/codes';
import { UPPER_BOUND } from '../../../shared/constants';
import type { Db } from '../../db/client';
import {
  inboundTrackingIds, skuBatches, skus, transitShipmentBoxes, transitShipmentLines, transitShipments, warehouses,
} from '../../db/schema';
import { writeAsn } from '../../common/asn-write';
import { nextDocNo } from '../../common/doc-no';
import { warehouseTimeZone } from '../../common/time';
import { badInput, notFound } from '../../http/errors';
import { postStock, type Quality } from './ledger';
import { assertInTransaction } from './stock-refs';

/**
 * Stock in transit between two warehouses of the deployment (docs/transfer.md). A move transfer
 * leaves its source with `dispatchTransit`: the units are credited out of the source's balances
 * (move outbound 21: on hand of no warehouse, available nowhere), the source writes a transit
 * shipment, and the destination gets a Transfer Inbound ASN in transit whose boxes are the
 * shipment's MTB ids. The destination arrives, counts, checks and receives it with the inbound flow
 * it has; receiving posts move inbound 20 (not received 7) and settles the shipment's lines here.
 *
 * This is the one place that writes two warehouses in one transaction, on purpose: the source's
 * stock and shipment, and the destination's ASN (and the SKU master rows it needs), so the units
 * are never in neither book nor in both. The destination's side writes back to the source's
 * shipment lines by key (settleTransitReceipt, transitAsnMoved).
 */

const T = INVENTORY_TRANSACTION_TYPE.values;
const S = TRANSIT_SHIPMENT_STATUS.values;
const A = INBOUND_STATUS.values;

export interface TransitUnit {
  locationId: string;
  skuId: string;
  batchId: string;
  quality: Quality;
  qty: number;
  /** The MTB (box or pallet) the units travel in; the destination scans it at arrival. */
  boxId: string;
}

export interface DispatchInput {
  orderNo: string;
  destWhsId: string;
  units: readonly TransitUnit[];
  /** The user who dispatches (null for the system). */
  actor: number | null;
}

export interface Dispatched {
  shipmentNo: string;
  destAsnNo: string;
}

const ORDER_NO_MAX = 64;
/** An ASN line expects at most this many units (asn_lines_expected_ck). */
const ASN_LINE_MAX = 99_999;
const MAX_UNITS = 500;

const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.trim().length > 0 && value.length <= max;

function checkDispatch(srcWhsId: string, input: DispatchInput): void {
  if (!isText(input.orderNo, ORDER_NO_MAX)) throw badInput('order_no', `an MT order number of 1 to ${ORDER_NO_MAX} characters is required`);
  if (!isText(input.destWhsId, 64)) throw badInput('dest_whs_id', 'a destination warehouse is required');
  if (input.destWhsId === srcWhsId) throw badInput('dest_whs_id', `a move transfer goes to another warehouse, not back to ${srcWhsId}`);
  if (!Array.isArray(input.units) || input.units.length === 0 || input.units.length > MAX_UNITS) {
    throw badInput('units', `1 to ${MAX_UNITS} lines of units are required`);
  }
  for (const [i, u] of input.units.entries()) {
    if (!Number.isInteger(u.qty) || u.qty < 1 || u.qty > UPPER_BOUND) throw badInput(`units.${i}.qty`, `must be a whole number from 1 to ${UPPER_BOUND}`);
    if (typeof u.boxId !== 'string' || !TRACKING_ID_PATTERN.test(u.boxId)) throw badInput(`units.${i}.box_id`, 'an MTB id of letters, digits and -, up to 64');
    if (!QUALITY.has(u.quality)) throw badInput(`units.${i}.quality`, 'good 1 or damaged 2');
  }
}

const lineKey = (u: Pick<TransitUnit, 'skuId' | 'batchId' | 'quality'>) => `${u.skuId}\u0000${u.batchId}\u0000${u.quality}`;

/**
 * Ships units from `srcWhsId` to another warehouse, in the caller's transaction (an MT order's
 * shipping calls it). Refused — and, the caller's transaction rolling back, nothing changed — for an
 * unknown destination, the source itself, a bad quantity or box, or too little available stock.
 */
export async function dispatchTransit(tx: Db, srcWhsId: string, input: DispatchInput): Promise<Dispatched> {
  assertInTransaction(tx);
  checkDispatch(srcWhsId, input);
  const [dest] = await tx.select({ whsId: warehouses.whsId, timeRegion: warehouses.timeRegion }).from(warehouses).where(eq(warehouses.whsId, input.destWhsId));
  if (!dest) throw notFound(`Destination warehouse ${input.destWhsId}`);

  // Lines per SKU, batch and quality; boxes with their units; the ASN's lines per SKU.
  const lines = new Map<string, { skuId: string; batchId: string; quality: Quality; qty: number }>();
  const boxes = new Map<string, number>();
  const perSku = new Map<string, { qty: number; batches: Set<string> }>();
  for (const u of input.units) {
    const line = lines.get(lineKey(u)) ?? { skuId: u.skuId, batchId: u.batchId, quality: u.quality, qty: 0 };
    line.qty += u.qty;
    lines.set(lineKey(u), line);
    boxes.set(u.boxId, (boxes.get(u.boxId) ?? 0) + u.qty);
    const sku = perSku.get(u.skuId) ?? { qty: 0, batches: new Set<string>() };
    sku.qty += u.qty;
    sku.batches.add(u.batchId);
    perSku.set(u.skuId, sku);
  }
  for (const [skuId, { qty }] of perSku) {
    if (qty > ASN_LINE_MAX) throw badInput('units', `SKU ${skuId}: at most ${ASN_LINE_MAX} units per SKU travel in one shipment`);
  }
  const taken = await tx.select({ trackingId: inboundTrackingIds.trackingId }).from(inboundTrackingIds)
    .where(and(eq(inboundTrackingIds.whsId, dest.whsId), inArray(inboundTrackingIds.trackingId, [...boxes.keys()])));
  if (taken.length > 0) throw badInput('units.box_id', `MTB ${taken[0]!.trackingId} is already known at ${dest.whsId}: every box travels under an id of its own`);

  const shipmentNo = await nextDocNo(tx, 'transitShipment', await warehouseTimeZone(tx, srcWhsId));
  // The source's units leave its books (the ledger checks the locations, batches and available stock).
  await postStock(tx, srcWhsId, input.units.map((u) => ({
    location: u.locationId, skuId: u.skuId, batchId: u.batchId, quality: u.quality, qty: u.qty,
    txnType: T.MOVE_OUTBOUND, direction: INVENTORY_TRANSACTION_DIRECTION.values.CREDIT,
  })), { refType: INVENTORY_REF_TYPE.values.TRANSIT_SHIPMENT, refNo: shipmentNo, operatorId: input.actor });

  // The destination's ASN. Its SKUs must exist there: the source's master rows are copied when missing.
  const skuIds = [...perSku.keys()];
  await tx.execute(sql`insert into skus (whs_id, sku_id, sku_name, barcode, category, unit, selling_type, sale_status, temperature_zone,
      is_bulky, is_high_value, unit_value, length_mm, width_mm, height_mm, weight_g, shelf_life_days)
    select ${dest.whsId}, sku_id, sku_name, barcode, category, unit, selling_type, sale_status, temperature_zone,
      is_bulky, is_high_value, unit_value, length_mm, width_mm, height_mm, weight_g, shelf_life_days
    from skus where whs_id = ${srcWhsId} and sku_id in (${sql.join(skuIds.map((id) => sql`${id}`), sql`, `)})
    on conflict do nothing`);
  const batchRows = await tx.select().from(skuBatches)
    .where(and(eq(skuBatches.whsId, srcWhsId), inArray(skuBatches.skuId, skuIds)));
  const batchOf = new Map(batchRows.map((b) => [`${b.skuId}\u0000${b.batchId}`, b]));

  const { asnNo: destAsnNo } = await writeAsn(tx, {
    whsId: dest.whsId, timeZone: dest.timeRegion ?? 'Asia/Shanghai', createdBy: input.actor,
    header: {
      inboundType: INBOUND_ORDER_TYPE.values.TRANSFER_INBOUND, purchaseType: PURCHASE_TYPE.values.TRANSFER_INBOUND, status: A.IN_TRANSIT, poNo: input.orderNo.trim(),
      expectedCartons: boxes.size, remark: `Move transfer ${input.orderNo.trim()} from ${srcWhsId} (${shipmentNo})`,
    },
    lines: [...perSku].map(([skuId, { qty, batches }]) => {
      // One batch travels as itself (its lot and dates); several are received as the destination's own batch.
      const only = batches.size === 1 ? batchOf.get(`${skuId}\u0000${[...batches][0]}`) : undefined;
      return { skuId, expectedQty: qty, batchNo: only?.batchId ?? null, productionDate: only?.productionDate ?? null, expiryDate: only?.expiryDate ?? null };
    }),
    trackingIds: [...boxes.keys()].map((trackingId) => ({ trackingId })),
  });

  await tx.insert(transitShipments).values({
    whsId: srcWhsId, shipmentNo, orderNo: input.orderNo.trim(), destWhsId: dest.whsId, destAsnNo, status: S.IN_TRANSIT, dispatchedBy: input.actor,
  });
  await tx.insert(transitShipmentLines).values([...lines.values()].map((l, i) => ({
    whsId: srcWhsId, shipmentNo, lineNo: i + 1, skuId: l.skuId, batchId: l.batchId, quality: l.quality, dispatchedQty: l.qty,
  })));
  await tx.insert(transitShipmentBoxes).values([...boxes].map(([boxId, qty]) => ({ whsId: srcWhsId, shipmentNo, boxId, qty })));
  return { shipmentNo, destAsnNo };
}

type ShipmentRow = typeof transitShipments.$inferSelect;

/** The shipment a destination's ASN receives, locked (a read of the source's row by the destination's key); null for other ASNs. */
async function shipmentOfAsn(tx: Db, destWhsId: string, asnNo: string): Promise<ShipmentRow | null> {
  const [row] = await tx.select().from(transitShipments)
    .where(and(eq(transitShipments.destWhsId, destWhsId), eq(transitShipments.destAsnNo, asnNo))).limit(1).for('update');
  return row ?? null;
}

export interface SettledLine {
  lineNo: number;
  receivedQty: number;
  damagedQty: number;
  overQty: number;
}

/**
 * Spreads what the destination received of a SKU (and how much of it damaged) over the shipment's
 * lines of that SKU in line order: each line takes up to what it dispatched, the last takes the
 * rest, beyond its dispatch as over. Pure; tested beside.
 */
export function spreadReceipt(lines: readonly { lineNo: number; dispatchedQty: number }[], received: number, damaged: number): SettledLine[] {
  let receivedLeft = received;
  let damagedLeft = Math.min(damaged, received);
  return lines.map((line, i) => {
    const last = i === lines.length - 1;
    const take = last ? receivedLeft : Math.min(line.dispatchedQty, receivedLeft);
    const hurt = last ? damagedLeft : Math.min(take, damagedLeft);
    receivedLeft -= take;
    damagedLeft -= hurt;
    return { lineNo: line.lineNo, receivedQty: take, damagedQty: hurt, overQty: Math.max(0, take - line.dispatchedQty) };
  });
}

/** Whether an ASN is the destination side of a move transfer (its receipt posts move inbound 20). */
export const isTransferAsn = (asn: { inboundType: number }) => asn.inboundType === INBOUND_ORDER_TYPE.values.TRANSFER_INBOUND;

/**
 * The destination received `received` units of a SKU of its transfer ASN, `damaged` of them as
 * damaged (totals for the ASN line so far): the source's shipment lines of the SKU take them.
 */
export async function settleTransitReceipt(tx: Db, destWhsId: string, asnNo: string, skuId: string, received: number, damaged: number): Promise<void> {
  const shipment = await shipmentOfAsn(tx, destWhsId, asnNo);
  if (!shipment) return;
  const lines = await tx.select({ lineNo: transitShipmentLines.lineNo, dispatchedQty: transitShipmentLines.dispatchedQty }).from(transitShipmentLines)
    .where(and(eq(transitShipmentLines.whsId, shipment.whsId), eq(transitShipmentLines.shipmentNo, shipment.shipmentNo), eq(transitShipmentLines.skuId, skuId)))
    .orderBy(asc(transitShipmentLines.lineNo));
  for (const line of spreadReceipt(lines, received, damaged)) {
    await tx.update(transitShipmentLines).set({ receivedQty: line.receivedQty, damagedQty: line.damagedQty, overQty: line.overQty })
      .where(and(eq(transitShipmentLines.whsId, shipment.whsId), eq(transitShipmentLines.shipmentNo, shipment.shipmentNo), eq(transitShipmentLines.lineNo, line.lineNo)));
  }
}

/**
 * What follows a shipment at its destination in another area (the outbound area's MT document goes
 * Inbounding, then Done): told in the transaction that moved it, with the status it moved to.
 * Registered once by that area's module; this one never imports it.
 */
export type ShipmentMoved = (tx: Db, shipment: { whsId: string; shipmentNo: string; orderNo: string; destWhsId: string }, to: number) => Promise<void>;
const shipmentMovedListeners: ShipmentMoved[] = [];
export function onShipmentMoved(listener: ShipmentMoved): void {
  shipmentMovedListeners.push(listener);
}

/**
 * Keeps a shipment along with its destination ASN (asn-status.ts moveAsn calls it for transfer
 * ASNs): arrived when the ASN arrives; received when its receiving ends — what was not received is
 * then short; closed when it is done (all put away), or when the ASN is cancelled, rejected or
 * failed, all not received short.
 * Then tells the listeners (onShipmentMoved).
 */
export async function transitAsnMoved(tx: Db, asn: { whsId: string; asnNo: string; inboundType: number }, to: number): Promise<void> {
  const moved = await moveShipmentOfAsn(tx, asn, to);
  if (moved) for (const listener of shipmentMovedListeners) await listener(tx, moved.shipment, moved.to);
}

async function moveShipmentOfAsn(tx: Db, asn: { whsId: string; asnNo: string; inboundType: number }, to: number) {
  if (!isTransferAsn(asn)) return null;
  const ends = to === A.CANCELLED || to === A.REJECTED || to === A.FAILED;
  if (to !== A.ARRIVED && to !== A.RECEIVED && to !== A.DONE && !ends) return null;
  const shipment = await shipmentOfAsn(tx, asn.whsId, asn.asnNo);
  if (!shipment || shipment.status === S.CLOSED) return null;
  const key = and(eq(transitShipments.whsId, shipment.whsId), eq(transitShipments.shipmentNo, shipment.shipmentNo));
  if (to === A.ARRIVED) {
    if (shipment.status !== S.IN_TRANSIT) return null;
    await tx.update(transitShipments).set({ status: S.ARRIVED, arrivedAt: sql`now()` }).where(key);
    return { shipment, to: S.ARRIVED };
  }
  if (to === A.DONE) {
    await tx.update(transitShipments).set({ status: S.CLOSED, closedAt: sql`now()` }).where(key);
    return { shipment, to: S.CLOSED };
  }
  const tl = transitShipmentLines;
  await tx.update(tl).set({ shortQty: sql`greatest(0, ${tl.dispatchedQty} + ${tl.overQty} - ${tl.receivedQty})` })
    .where(and(eq(tl.whsId, shipment.whsId), eq(tl.shipmentNo, shipment.shipmentNo)));
  await tx.update(transitShipments).set(ends
    ? { status: S.CLOSED, closedAt: sql`now()`, receivedAt: shipment.receivedAt ?? sql`now()` }
    : { status: S.RECEIVED, receivedAt: sql`now()` }).where(key);
  return { shipment, to: ends ? S.CLOSED : S.RECEIVED };
}

// ---- reads ----

/** In transit on a line: dispatched and not yet settled at the destination. */
export const inTransitQtySql = sql<number>`(${transitShipmentLines.dispatchedQty} + ${transitShipmentLines.overQty} - ${transitShipmentLines.receivedQty} - ${transitShipmentLines.shortQty})::int`;

/**
 * A shipment and its lines and boxes, for the source or the destination (the destination reads the
 * source's rows by the shipment's key). Not found for a warehouse that is neither.
 */
export async function transitShipmentDetail(db: Db, whsId: string, shipmentNo: string) {
  const [own] = await db.select().from(transitShipments).where(and(eq(transitShipments.whsId, whsId), eq(transitShipments.shipmentNo, shipmentNo))).limit(1);
  const [shipment] = own ? [own] : await db.select().from(transitShipments)
    .where(and(eq(transitShipments.destWhsId, whsId), eq(transitShipments.shipmentNo, shipmentNo))).limit(1);
  if (!shipment) throw notFound(`Transit shipment ${shipmentNo}`);
  const lines = await db.select({
    line: transitShipmentLines, skuName: skus.skuName, inTransit: inTransitQtySql,
  }).from(transitShipmentLines)
    .leftJoin(skus, and(eq(skus.whsId, transitShipmentLines.whsId), eq(skus.skuId, transitShipmentLines.skuId)))
    .where(and(eq(transitShipmentLines.whsId, shipment.whsId), eq(transitShipmentLines.shipmentNo, shipment.shipmentNo)))
    .orderBy(asc(transitShipmentLines.lineNo));
  const boxes = await db.select().from(transitShipmentBoxes)
    .where(and(eq(transitShipmentBoxes.whsId, shipment.whsId), eq(transitShipmentBoxes.shipmentNo, shipment.shipmentNo)))
    .orderBy(asc(transitShipmentBoxes.boxId));
  return { shipment, lines, boxes };
}
