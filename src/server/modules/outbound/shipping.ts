import { and, asc, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  DOCK_STATUS, DOCK_TYPE, HANDOVER_KIND, HANDOVER_STATUS, INVENTORY_REF_TYPE, INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE, PARCEL_STATUS,
  isGroupHandover,
} from '../../../shared/codes';
import {
  BOARD_PARCELS_MAX, type CloseHandoverPayload, type CloseResult, type Handover, type HandoverDetail, type LoadParcelPayload, type OpenHandoverPayload,
  type ShippingBoard, type ShippingParcel,
} from '../../../shared/contract/shipping.contract';
import { manifestJob, masterAwbJob } from '../../../shared/print';
import { RET } from '../../../shared/retcodes';
import { bypassRuleOf, groupRuleOf, masterAwbOf, sameCarrier, takesOneAwb } from '../../../shared/shipping-rules';
import type { Db } from '../../db/client';
import { docks, locationInventory, parcels, salesOrders, shippingHandovers, warehouses } from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import { recordPrintJob } from '../../common/print-jobs';
import { unixSeconds, warehouseTimeZone } from '../../common/time';
import { postStock, type Quality, type StockLine } from '../inventory/ledger';
import { checkRiderCarrier, checkRiderParcel, takeOutOfPigeonhole } from './instant-delivery';
import { lockOrders, moveOrder, S } from './sales-order';
import { shippingRules } from './shipping-rule';

/**
 * Shipping handover at the dock (docs/outbound.md "Shipping"). A handover is opened by the device
 * that names it (an op, so it opens offline), parcels are loaded onto it by their tracking numbers
 * (ops), and closing it (an op) ships them: each parcel Shipped; each order Packed → Shipping, and
 * Outbound once every live parcel of it has shipped, its units credited from the order (ledger
 * type ship order 2, ref SHIPPING + the handover number). The shipping rules decide who ships by
 * group, who takes one master AWB per group and whose parcels bypass the transit warehouse.
 * Locks: orders, then the handover, then parcels, then balances (the ledger's key order).
 */

const P = PARCEL_STATUS.values;
const H = HANDOVER_STATUS.values;
const K = HANDOVER_KIND.values;
type HandoverRow = typeof shippingHandovers.$inferSelect;
const handoverLabel = (shippingNo: string) => `Handover ${shippingNo}`;

export function handoverOut(h: HandoverRow): Handover {
  return {
    shipping_no: h.shippingNo, kind: h.kind, status: h.status, carrier_name: h.carrierName, dock_code: h.dockCode, vehicle_no: h.vehicleNo,
    driver_name: h.driverName, group_code: h.groupCode, master_awb: h.masterAwb, booking_no: h.bookingNo, rider_phone: h.riderPhone, line_haul: h.lineHaul === true, parcel_count: h.parcelCount, qty: h.qty,
    opened_by: h.openedBy, created_at: unixSeconds(h.createdAt), closed_at: unixSeconds(h.closedAt),
  };
}

// ---- reading ----

const parcelColumns = {
  tracking_no: parcels.trackingNo, order_no: parcels.orderNo, parcel_no: parcels.parcelNo, carrier_name: salesOrders.carrierName, shop_id: salesOrders.shopId,
  status: parcels.status, qty: parcels.qty, weight_g: parcels.weightG, shipping_no: parcels.shippingNo, replaced_by: parcels.replacedBy,
};

function parcelsWhere(db: Db, whsId: string, where: SQL | undefined) {
  return db.select(parcelColumns).from(parcels)
    .innerJoin(salesOrders, and(eq(salesOrders.whsId, parcels.whsId), eq(salesOrders.orderNo, parcels.orderNo)))
    .where(and(eq(parcels.whsId, whsId), where));
}

/** What the dock's device keeps for working offline: parcels not shipped yet, the rules, the handovers loading, the docks. */
export async function shippingBoard(db: Db, whsId: string): Promise<ShippingBoard> {
  const [waiting, rules, loading, dockRows] = await Promise.all([
    parcelsWhere(db, whsId, sql`${parcels.status} <> ${P.SHIPPED}`).orderBy(desc(parcels.createdAt), asc(parcels.trackingNo)).limit(BOARD_PARCELS_MAX),
    shippingRules(db, whsId),
    db.select().from(shippingHandovers).where(and(eq(shippingHandovers.whsId, whsId), eq(shippingHandovers.status, H.LOADING))).orderBy(desc(shippingHandovers.createdAt)),
    db.select({ dock_code: docks.dockCode, dock_name: docks.dockName }).from(docks)
      .where(and(eq(docks.whsId, whsId), inArray(docks.dockType, [DOCK_TYPE.values.OUTBOUND, DOCK_TYPE.values.BOTH]), sql`${docks.status} <> ${DOCK_STATUS.values.DISABLED}`))
      .orderBy(asc(docks.dockCode)),
  ]);
  return { parcels: waiting, rules, handovers: loading.map(handoverOut), docks: dockRows };
}

async function lineHaulNameOf(db: Db, whsId: string, h: HandoverRow, first: ShippingParcel | undefined): Promise<string | null> {
  if (!h.lineHaul || !first) return null;
  return bypassRuleOf(await shippingRules(db, whsId), first)?.line_haul_name ?? null;
}

export async function handoverDetail(db: Db, whsId: string, shippingNo: string): Promise<HandoverDetail> {
  const [h] = await db.select().from(shippingHandovers).where(and(eq(shippingHandovers.whsId, whsId), eq(shippingHandovers.shippingNo, shippingNo)));
  if (!h) throw notFound(handoverLabel(shippingNo));
  const loaded = await parcelsWhere(db, whsId, eq(parcels.shippingNo, shippingNo)).orderBy(asc(parcels.orderNo), asc(parcels.parcelNo));
  const orderNos = [...new Set(loaded.map((p) => p.order_no))];
  const orders = orderNos.length === 0 ? [] : await db.select({ order_no: salesOrders.orderNo, status: salesOrders.status }).from(salesOrders)
    .where(and(eq(salesOrders.whsId, whsId), inArray(salesOrders.orderNo, orderNos))).orderBy(asc(salesOrders.orderNo));
  return { handover: handoverOut(h), parcels: loaded, orders, line_haul_name: await lineHaulNameOf(db, whsId, h, loaded[0]) };
}

/** An order's parcels and the handovers they left (or are loading) with. */
export async function orderShipping(db: Db, whsId: string, orderNo: string) {
  const [order] = await db.select({ orderNo: salesOrders.orderNo }).from(salesOrders).where(and(eq(salesOrders.whsId, whsId), eq(salesOrders.orderNo, orderNo)));
  if (!order) throw notFound(`Sales order ${orderNo}`);
  const own = await parcelsWhere(db, whsId, eq(parcels.orderNo, orderNo)).orderBy(asc(parcels.parcelNo), asc(parcels.trackingNo));
  const nos = [...new Set(own.map((p) => p.shipping_no).filter((no): no is string => no !== null))];
  const handovers = nos.length === 0 ? [] : await db.select().from(shippingHandovers)
    .where(and(eq(shippingHandovers.whsId, whsId), inArray(shippingHandovers.shippingNo, nos))).orderBy(asc(shippingHandovers.createdAt));
  return { order_no: orderNo, parcels: own, handovers: handovers.map(handoverOut) };
}

// ---- the ops ----

export interface ShipActor {
  userId: number;
  opId: string;
}

const unavailable = (shippingNo: string, reason: string, message: string) =>
  new ApiError(RET.SHIP_HANDOVER_UNAVAILABLE, message, { shipping_no: shippingNo, reason });

/** Opens a handover under the number the device made: for a carrier, at an outbound dock of the warehouse; a group on its pallet or bag. */
export async function applyOpen(tx: Db, whsId: string, actor: ShipActor, p: OpenHandoverPayload) {
  const [taken] = await tx.select({ shippingNo: shippingHandovers.shippingNo }).from(shippingHandovers)
    .where(and(eq(shippingHandovers.whsId, whsId), eq(shippingHandovers.shippingNo, p.shipping_no)));
  if (taken) throw unavailable(p.shipping_no, 'taken', `${handoverLabel(p.shipping_no)} exists already: open a new handover.`);
  if (p.dock_code !== null) {
    const [dock] = await tx.select().from(docks).where(and(eq(docks.whsId, whsId), eq(docks.dockCode, p.dock_code)));
    const refuse = (why: string) => new ApiError(RET.SHIP_DOCK_UNUSABLE, `Dock ${p.dock_code} ${why}: choose an outbound dock of warehouse ${whsId}.`, { dock_code: p.dock_code });
    if (!dock) throw refuse('is not a dock of this warehouse');
    if (dock.dockType === DOCK_TYPE.values.INBOUND) throw refuse('is an inbound dock');
    if (dock.status === DOCK_STATUS.values.DISABLED) throw refuse('is disabled');
  }
  if (p.kind === K.RIDER) await checkRiderCarrier(tx, whsId, p.carrier_name);
  if (p.group_code !== null) {
    const [busy] = await tx.select({ shippingNo: shippingHandovers.shippingNo }).from(shippingHandovers)
      .where(and(eq(shippingHandovers.whsId, whsId), eq(shippingHandovers.groupCode, p.group_code), eq(shippingHandovers.status, H.LOADING)));
    if (busy) {
      throw new ApiError(RET.SHIP_GROUP_CODE_BUSY, `${p.group_code} carries ${handoverLabel(busy.shippingNo)}, still loading: close it or use another pallet or bag.`, {
        group_code: p.group_code, shipping_no: busy.shippingNo,
      });
    }
  }
  await tx.insert(shippingHandovers).values({
    whsId, shippingNo: p.shipping_no, kind: p.kind, status: H.LOADING, carrierName: p.carrier_name, dockCode: p.dock_code, vehicleNo: p.vehicle_no,
    driverName: p.driver_name, groupCode: p.group_code, bookingNo: p.booking_no, riderPhone: p.rider_phone, opId: actor.opId, openedBy: actor.userId,
  });
  const rules = await shippingRules(tx, whsId);
  const groupMax = rules.group.filter((r) => sameCarrier(r.carrier_name, p.carrier_name)).map((r) => r.max_parcels);
  return {
    shipping_no: p.shipping_no, line_haul: false, line_haul_name: null, one_awb: isGroupHandover(p.kind) && takesOneAwb(rules, p.carrier_name),
    max_parcels: !isGroupHandover(p.kind) || groupMax.length === 0 ? null : Math.min(...groupMax), message: `${handoverLabel(p.shipping_no)} opened for ${p.carrier_name}.`,
  };
}

async function lockHandover(tx: Db, whsId: string, shippingNo: string): Promise<HandoverRow> {
  const [h] = await tx.select().from(shippingHandovers)
    .where(and(eq(shippingHandovers.whsId, whsId), eq(shippingHandovers.shippingNo, shippingNo))).for('update');
  if (!h) throw notFound(handoverLabel(shippingNo));
  if (h.status !== H.LOADING) throw unavailable(shippingNo, 'shipped', `${handoverLabel(shippingNo)} has shipped already: open a new handover.`);
  return h;
}

/**
 * Loads a parcel onto a handover: a packed parcel of the handover's carrier whose order is packed (or
 * shipping, its other parcels gone before), which the group shipping rule lets go this way and
 * whose line haul (bypass TWS rule) is the vehicle's.
 */
export async function applyLoad(tx: Db, whsId: string, p: LoadParcelPayload) {
  const h = await lockHandover(tx, whsId, p.shipping_no);
  const [parcel] = await parcelsWhere(tx, whsId, eq(parcels.trackingNo, p.tracking_no)).for('update', { of: parcels });
  if (!parcel) throw notFound(`Parcel ${p.tracking_no}`);
  const refuse = (reason: string, message: string, data: Record<string, unknown> = {}) =>
    new ApiError(RET.SHIP_PARCEL_REFUSED, message, { tracking_no: p.tracking_no, reason, ...data });
  if (parcel.status === P.REPLACED) {
    throw refuse('replaced', `Parcel ${p.tracking_no} was replaced by ${parcel.replaced_by ?? '?'}: load the parcel under its new label.`, { replaced_by: parcel.replaced_by });
  }
  if (parcel.status === P.INTERCEPTED) throw refuse('intercepted', `Parcel ${p.tracking_no} is intercepted (its order was cancelled): take it off the dock.`);
  if (parcel.status === P.SHIPPED) throw refuse('shipped', `Parcel ${p.tracking_no} has shipped already (handover ${parcel.shipping_no ?? '?'}).`, { shipping_no: parcel.shipping_no });
  if (parcel.status === P.SHIPPING) {
    const where = parcel.shipping_no === h.shippingNo ? 'this handover' : `handover ${parcel.shipping_no ?? '?'}`;
    throw refuse('loaded', `Parcel ${p.tracking_no} is loaded on ${where} already.`, { shipping_no: parcel.shipping_no });
  }
  if (parcel.status !== P.PACKED) throw refuse('not_packed', `Parcel ${p.tracking_no} is not packed.`);
  const [order] = await tx.select({ status: salesOrders.status }).from(salesOrders).where(and(eq(salesOrders.whsId, whsId), eq(salesOrders.orderNo, parcel.order_no)));
  if (order!.status !== S.PACKED && order!.status !== S.SHIPPING) {
    throw refuse('order', `Order ${parcel.order_no} of parcel ${p.tracking_no} is not packed: it cannot ship.`, { order_status: order!.status });
  }
  if (!sameCarrier(parcel.carrier_name, h.carrierName)) {
    throw refuse('carrier', `Parcel ${p.tracking_no} ships with ${parcel.carrier_name ?? 'no carrier'}, not ${h.carrierName}.`, { carrier: parcel.carrier_name });
  }
  if (h.kind === K.RIDER) await checkRiderParcel(tx, whsId, p.tracking_no, parcel.carrier_name);
  const rules = await shippingRules(tx, whsId);
  const group = groupRuleOf(rules, parcel);
  if (group && !isGroupHandover(h.kind)) {
    throw new ApiError(RET.SHIP_GROUP_REQUIRED, `Parcel ${p.tracking_no} ships by group (group shipping rule ${group.rule_id}): load it onto a pallet or bag.`, {
      tracking_no: p.tracking_no, rule_id: group.rule_id,
    });
  }
  if (group && h.parcelCount >= group.max_parcels) {
    throw new ApiError(RET.SHIP_GROUP_FULL, `${h.groupCode ?? handoverLabel(h.shippingNo)} holds ${group.max_parcels} parcels, the most group shipping rule ${group.rule_id} allows: close it and start another.`, {
      max_parcels: group.max_parcels, shipping_no: h.shippingNo,
    });
  }
  const lineHaul = bypassRuleOf(rules, parcel) !== undefined;
  if (h.lineHaul !== null && h.lineHaul !== lineHaul) {
    const where = (direct: boolean) => (direct ? 'straight to the line haul (bypass TWS)' : 'to the transit warehouse');
    throw new ApiError(RET.SHIP_LINE_HAUL_MISMATCH, `Parcel ${p.tracking_no} goes ${where(lineHaul)}; this handover goes ${where(h.lineHaul)}: load it onto another handover.`, {
      tracking_no: p.tracking_no, parcel_line_haul: lineHaul, handover_line_haul: h.lineHaul,
    });
  }
  await tx.update(parcels).set({ status: P.SHIPPING, shippingNo: h.shippingNo })
    .where(and(eq(parcels.whsId, whsId), eq(parcels.trackingNo, p.tracking_no)));
  await takeOutOfPigeonhole(tx, whsId, p.tracking_no);
  const [after] = await tx.update(shippingHandovers).set({
    parcelCount: sql`${shippingHandovers.parcelCount} + 1`, qty: sql`${shippingHandovers.qty} + ${parcel.qty}`, lineHaul,
  }).where(and(eq(shippingHandovers.whsId, whsId), eq(shippingHandovers.shippingNo, h.shippingNo))).returning({ parcelCount: shippingHandovers.parcelCount });
  return {
    shipping_no: h.shippingNo, tracking_no: p.tracking_no, order_no: parcel.order_no, parcel_count: after!.parcelCount,
    message: `Parcel ${p.tracking_no} loaded (${after!.parcelCount} on ${handoverLabel(h.shippingNo)}).`,
  };
}

/**
 * Closes a handover: the driver takes its parcels. Each is Shipped; each order Packed → Shipping, and
 * Outbound once no live parcel of it is left to ship, its units credited from the order (ship order
 * 2). A group of a carrier under the one AWB rule gets its master AWB. The manifest (and the master
 * AWB label) is logged for reprinting.
 */
export async function applyClose(tx: Db, whsId: string, actor: ShipActor, p: CloseHandoverPayload): Promise<CloseResult> {
  const loadedOrders = await tx.selectDistinct({ orderNo: parcels.orderNo }).from(parcels)
    .where(and(eq(parcels.whsId, whsId), eq(parcels.shippingNo, p.shipping_no), eq(parcels.status, P.SHIPPING)));
  const orders = await lockOrders(tx, whsId, loadedOrders.map((o) => o.orderNo));
  const h = await lockHandover(tx, whsId, p.shipping_no);
  const loaded = await parcelsWhere(tx, whsId, and(eq(parcels.shippingNo, h.shippingNo), eq(parcels.status, P.SHIPPING)))
    .orderBy(asc(parcels.orderNo), asc(parcels.parcelNo)).for('update', { of: parcels });
  if (loaded.length === 0) throw unavailable(h.shippingNo, 'empty', `${handoverLabel(h.shippingNo)} has no parcel loaded: scan the parcels first.`);
  const now = new Date();
  await tx.update(parcels).set({ status: P.SHIPPED, shippedAt: now })
    .where(and(eq(parcels.whsId, whsId), eq(parcels.shippingNo, h.shippingNo), eq(parcels.status, P.SHIPPING)));
  const orderNos = [...new Set(loaded.map((x) => x.order_no))].sort();
  // A parcel loaded between the first read and the handover's lock: its order is locked now.
  const late = orderNos.filter((no) => !orders.has(no));
  for (const [no, row] of await lockOrders(tx, whsId, late)) orders.set(no, row);
  // Live parcels still to ship: not shipped, not replaced by a new number, not intercepted.
  const left = await tx.select({ orderNo: parcels.orderNo, n: sql<number>`count(*)::int` }).from(parcels)
    .where(and(eq(parcels.whsId, whsId), inArray(parcels.orderNo, orderNos), notInArray(parcels.status, [P.SHIPPED, P.REPLACED, P.INTERCEPTED])))
    .groupBy(parcels.orderNo);
  const leftOf = new Map(left.map((r) => [r.orderNo, r.n]));
  const outbound: string[] = [];
  const shipping: string[] = [];
  for (const orderNo of orderNos) {
    let order = orders.get(orderNo)!;
    const own = loaded.filter((x) => x.order_no === orderNo).map((x) => x.tracking_no).join(', ');
    if (order.status === S.PACKED) order = await moveOrder(tx, whsId, order, S.SHIPPING, `Handover ${h.shippingNo} to ${h.carrierName}: ${own}.`, actor.userId);
    if ((leftOf.get(orderNo) ?? 0) === 0) outbound.push(orderNo);
    else shipping.push(orderNo);
    orders.set(orderNo, order);
  }
  if (outbound.length > 0) {
    // The units ship from the order (a stock location since checking): every balance it holds.
    const balances = await tx.select().from(locationInventory)
      .where(and(eq(locationInventory.whsId, whsId), inArray(locationInventory.locationId, outbound), sql`${locationInventory.onhandQty} > 0`))
      .orderBy(asc(locationInventory.locationId), asc(locationInventory.skuId), asc(locationInventory.batchId), asc(locationInventory.quality));
    const lines: StockLine[] = balances.map((b) => ({
      location: b.locationId, skuId: b.skuId, batchId: b.batchId, quality: b.quality as Quality, qty: b.onhandQty,
      txnType: INVENTORY_TRANSACTION_TYPE.values.SHIP_ORDER, direction: INVENTORY_TRANSACTION_DIRECTION.values.CREDIT,
    }));
    if (lines.length > 0) {
      await postStock(tx, whsId, lines, { refType: INVENTORY_REF_TYPE.values.SHIPPING, refNo: h.shippingNo, operatorId: actor.userId, opId: actor.opId });
    }
    for (const orderNo of outbound) {
      await moveOrder(tx, whsId, orders.get(orderNo)!, S.OUTBOUND, `Shipped with handover ${h.shippingNo} (${h.carrierName}): every parcel handed over.`, actor.userId);
    }
  }
  const rules = await shippingRules(tx, whsId);
  const masterAwb = isGroupHandover(h.kind) && takesOneAwb(rules, h.carrierName) ? masterAwbOf(h.shippingNo) : null;
  const [closed] = await tx.update(shippingHandovers).set({ status: H.SHIPPED, closedAt: now, closedBy: actor.userId, masterAwb })
    .where(and(eq(shippingHandovers.whsId, whsId), eq(shippingHandovers.shippingNo, h.shippingNo))).returning();
  const [whs] = await tx.select({ name: warehouses.whsName }).from(warehouses).where(eq(warehouses.whsId, whsId));
  const job = manifestJob({
    shipping_no: h.shippingNo, kind_label: HANDOVER_KIND.label(h.kind)?.message ?? '', carrier_name: h.carrierName, dock_code: h.dockCode,
    vehicle_no: h.vehicleNo, driver_name: h.driverName, group_code: h.groupCode, master_awb: masterAwb, line_haul: h.lineHaul === true,
    line_haul_name: h.lineHaul ? bypassRuleOf(rules, loaded[0]!)?.line_haul_name ?? null : null, warehouse: `${whsId} ${whs?.name ?? ''}`.trim(),
    parcels: loaded, shipped_at: unixSeconds(now), time_zone: await warehouseTimeZone(tx, whsId),
  });
  const manifestJobId = await recordPrintJob(tx, whsId, { kind: 'MANIFEST', refNo: h.shippingNo, job, stationId: p.station_id, userId: actor.userId });
  if (masterAwb) {
    await recordPrintJob(tx, whsId, {
      kind: 'MASTER_AWB', refNo: masterAwb, stationId: p.station_id, userId: actor.userId,
      job: masterAwbJob({ master_awb: masterAwb, carrier_name: h.carrierName, shipping_no: h.shippingNo, group_code: h.groupCode ?? '', parcel_count: loaded.length }),
    });
  }
  return {
    shipping_no: h.shippingNo, parcel_count: loaded.length, qty: loaded.reduce((sum, x) => sum + x.qty, 0), outbound_order_nos: outbound, shipping_order_nos: shipping,
    master_awb: closed!.masterAwb, manifest_job_id: manifestJobId,
    message: `${handoverLabel(h.shippingNo)} shipped: ${loaded.length} parcels, ${outbound.length} orders outbound${shipping.length > 0 ? `, ${shipping.length} waiting for more parcels` : ''}.`,
  };
}
