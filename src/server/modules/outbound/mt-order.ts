import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { OUTBOUND_ORDER_TYPE, TRANSIT_SHIPMENT_STATUS } from '../../../shared/codes';
import type { MtDestination, MtOrder, MtOrderDetail, MtOrderInput } from '../../../shared/contract/mt-order.contract';
import { DOC } from '../../../shared/outbound/doc-lifecycle';
import type { Db } from '../../db/client';
import { mtDestinationPriorities, mtOrders, salesOrders, users, warehouses } from '../../db/schema';
import { badInput, notFound } from '../../http/errors';
import { unixSeconds } from '../../common/time';
import { onShipmentMoved } from '../inventory/in-transit';
import type { Precedence } from './allocation';
import {
  allocateDocs, approveDoc, followInbound, lockDocs, moveDocs, cancelDoc, createDocOrder, lockForEdit, rejectDoc, releaseDocs, replaceDocOrder, type DocKind, type LockedDoc,
} from './doc-order';
import { orderDetail, type Actor } from './sales-order';

/**
 * Move-transfer (MT) orders (docs/outbound.md "Order types and MT orders"): outbound orders of type
 * MT, each with its document (mt_orders). The outbound order carries the lines and the floor's
 * progress and goes through the one allocation, wave and picking engine; the document carries the
 * destination, the approval and the document status (OUTBOUND_DOC_LIFECYCLE), moved here only,
 * through the steps every outbound order document shares (doc-order.ts).
 */

const MT = OUTBOUND_ORDER_TYPE.values.MT;
const SHIP = TRANSIT_SHIPMENT_STATUS.values;
const mtLabel = (orderNo: string) => `MT order ${orderNo}`;

// ---- reading ----

/** The MT order list and detail read: the outbound order joined with its document, destination and people. */
function mtRows(db: Db, whsId: string) {
  const approver = sql`approver`;
  return db.select({
    order: salesOrders, doc: mtOrders, destName: warehouses.whsName, destPriority: mtDestinationPriorities.priority,
    createdByName: users.displayName,
    approvedByName: sql<string | null>`(select ${approver}.display_name from users ${approver} where ${approver}.user_id = ${mtOrders.approvedBy})`,
  }).from(mtOrders)
    .innerJoin(salesOrders, and(eq(salesOrders.whsId, mtOrders.whsId), eq(salesOrders.orderNo, mtOrders.orderNo)))
    .innerJoin(warehouses, eq(warehouses.whsId, mtOrders.destWhsId))
    .leftJoin(mtDestinationPriorities, and(eq(mtDestinationPriorities.whsId, mtOrders.whsId), eq(mtDestinationPriorities.destWhsId, mtOrders.destWhsId)))
    .leftJoin(users, eq(users.userId, mtOrders.createdBy))
    .where(eq(mtOrders.whsId, whsId))
    .$dynamic();
}

type MtRead = Awaited<ReturnType<ReturnType<typeof mtRows>['execute']>>[number];

function mtOut(r: MtRead): MtOrder {
  const { order: o, doc: d } = r;
  return {
    order_no: o.orderNo, dest_whs_id: d.destWhsId, dest_whs_name: r.destName, dest_priority: r.destPriority, doc_status: d.docStatus, status: o.status,
    line_count: o.lineCount, total_qty: o.totalQty, allocated_qty: o.allocatedQty, picked_qty: o.pickedQty, wave_no: o.waveNo, remark: d.remark,
    reject_reason: d.rejectReason, created_by: d.createdBy, created_by_name: r.createdByName, approved_by: d.approvedBy, approved_by_name: r.approvedByName,
    approved_at: unixSeconds(d.approvedAt), created_at: unixSeconds(d.createdAt)!, updated_at: unixSeconds(o.updatedAt > d.updatedAt ? o.updatedAt : d.updatedAt)!,
  };
}

export async function mtOrderOut(db: Db, whsId: string, orderNo: string): Promise<MtOrder> {
  const [row] = await mtRows(db, whsId).where(and(eq(mtOrders.whsId, whsId), eq(mtOrders.orderNo, orderNo)));
  if (!row) throw notFound(mtLabel(orderNo));
  return mtOut(row);
}

export async function mtOrderDetail(db: Db, whsId: string, orderNo: string): Promise<MtOrderDetail> {
  const order = await mtOrderOut(db, whsId, orderNo);
  const { order: _outbound, ...rest } = await orderDetail(db, whsId, orderNo, MT);
  return { ...rest, order };
}

/** Every other warehouse of the deployment, in this warehouse's MT destination priority, then by id. */
export async function mtDestinations(db: Db, whsId: string): Promise<MtDestination[]> {
  const rows = await db.select({ whsId: warehouses.whsId, whsName: warehouses.whsName, priority: mtDestinationPriorities.priority }).from(warehouses)
    .leftJoin(mtDestinationPriorities, and(eq(mtDestinationPriorities.whsId, whsId), eq(mtDestinationPriorities.destWhsId, warehouses.whsId)))
    .where(ne(warehouses.whsId, whsId))
    .orderBy(sql`${mtDestinationPriorities.priority} asc nulls last`, asc(warehouses.whsId));
  return rows.map((r) => ({ whs_id: r.whsId, whs_name: r.whsName, priority: r.priority }));
}

/** Refuses a destination that is this warehouse or none of the deployment's (-100400 on dest_whs_id). */
export async function assertDestination(db: Db, whsId: string, destWhsId: string): Promise<void> {
  if (destWhsId === whsId) throw badInput('dest_whs_id', 'an MT order goes to another warehouse, not the one it leaves');
  const [found] = await db.select({ whsId: warehouses.whsId }).from(warehouses).where(eq(warehouses.whsId, destWhsId));
  if (!found) throw badInput('dest_whs_id', `${destWhsId} is not a warehouse of this deployment`);
}

// ---- the MT document ----

/** The rank of each order's destination in the warehouse's MT destination priority (unlisted: none). */
async function destinationPrecedence(tx: Db, whsId: string, locked: readonly LockedDoc[]): Promise<Precedence> {
  const docs = await tx.select({ orderNo: mtOrders.orderNo, destWhsId: mtOrders.destWhsId }).from(mtOrders)
    .where(and(eq(mtOrders.whsId, whsId), inArray(mtOrders.orderNo, locked.map((l) => l.doc.orderNo))));
  const ranks = await tx.select({ destWhsId: mtDestinationPriorities.destWhsId, priority: mtDestinationPriorities.priority }).from(mtDestinationPriorities)
    .where(eq(mtDestinationPriorities.whsId, whsId));
  const rankOf = new Map(ranks.map((r) => [r.destWhsId, r.priority]));
  return new Map(docs.flatMap((d) => (rankOf.has(d.destWhsId) ? [[d.orderNo, rankOf.get(d.destWhsId)!] as const] : [])));
}

/** MT documents: destinations in the MT destination priority first at allocation. */
export const MT_DOC: DocKind = { orderType: MT, numbering: 'mtOrder', table: mtOrders, noun: 'MT order', precedence: destinationPrecedence };

// ---- creating and editing ----

export async function createMtOrder(tx: Db, whsId: string, actor: Actor, input: MtOrderInput): Promise<string> {
  await assertDestination(tx, whsId, input.dest_whs_id);
  const orderNo = await createDocOrder(tx, MT_DOC, whsId, actor, input);
  await tx.insert(mtOrders).values({ whsId, orderNo, destWhsId: input.dest_whs_id, docStatus: DOC.PENDING, remark: input.remark, createdBy: actor.userId });
  return orderNo;
}

/** Replaces the destination, remark and lines of a pending MT order (nothing is allocated before approval). */
export async function updateMtOrder(tx: Db, whsId: string, actor: Actor, orderNo: string, input: MtOrderInput): Promise<void> {
  const locked = await lockForEdit(tx, MT_DOC, whsId, orderNo);
  await assertDestination(tx, whsId, input.dest_whs_id);
  await replaceDocOrder(tx, MT_DOC, whsId, actor, locked, input, { destWhsId: input.dest_whs_id }, `to ${input.dest_whs_id}`);
}

// ---- approval, allocation and release: the common document steps ----

export const approveMtOrder = (tx: Db, whsId: string, actor: Actor, orderNo: string) => approveDoc(tx, MT_DOC, whsId, actor, orderNo);
export const rejectMtOrder = (tx: Db, whsId: string, actor: Actor, orderNo: string, reason: string) => rejectDoc(tx, MT_DOC, whsId, actor, orderNo, reason);
export const cancelMtOrder = (tx: Db, whsId: string, actor: Actor, orderNo: string, reason: string) => cancelDoc(tx, MT_DOC, whsId, actor, orderNo, reason);
/** Allocates approved MT orders by the MT allocate rules, destinations first by the MT destination priority (allocateDocs). */
export const allocateMtOrders = (tx: Db, whsId: string, actor: Actor, orderNos: readonly string[]) => allocateDocs(tx, MT_DOC, whsId, actor, orderNos);
/** Releases allocated MT orders to picking in one wave of MT orders: all of them or none. */
export const releaseMtOrders = (tx: Db, whsId: string, actor: Actor, orderNos: readonly string[]) => releaseDocs(tx, MT_DOC, whsId, actor, orderNos);

// ---- shipping onward (mt-shipping.ts) ----

/** The MT documents of dispatched orders: Outbounding → Shipping → In Transit, logged on their orders. */
export async function mtOrdersDispatched(tx: Db, whsId: string, orderNos: readonly string[], note: string, operatorId: number): Promise<void> {
  const locked = await lockDocs(tx, MT_DOC, whsId, orderNos);
  await moveDocs(tx, MT_DOC, whsId, locked, DOC.SHIPPING, note, operatorId);
  await moveDocs(tx, MT_DOC, whsId, locked.map((l) => ({ ...l, doc: { ...l.doc, docStatus: DOC.SHIPPING } })), DOC.IN_TRANSIT, note, operatorId);
}

/**
 * The MT document follows its shipment at the destination (in-transit.ts onShipmentMoved):
 * Inbounding once the shipment has arrived or been received there, Done once it is closed (all put
 * away, or its ASN ended). Written in the destination's transaction, on the source's document by
 * its key: the one write of the receipt into the source warehouse besides the shipment's lines.
 */
onShipmentMoved(async (tx, shipment, to) => {
  const target = to === SHIP.CLOSED ? DOC.DONE : DOC.INBOUNDING;
  // A shipment made without an MT document (the transit demo, tests of the transit alone) has nothing to follow it.
  const [doc] = await tx.select({ orderNo: mtOrders.orderNo }).from(mtOrders)
    .where(and(eq(mtOrders.whsId, shipment.whsId), eq(mtOrders.orderNo, shipment.orderNo)));
  if (!doc) return;
  const what = to === SHIP.ARRIVED ? 'arrived' : to === SHIP.RECEIVED ? 'received' : 'closed';
  await followInbound(tx, MT_DOC, shipment.whsId, doc.orderNo, target, `shipment ${shipment.shipmentNo} ${what} at ${shipment.destWhsId}`);
});
