import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  RTS_STATUS, SALES_ORDER_STATUS, TRANSFER_REQUEST_STATUS, TRANSFER_TASK_STAGE, TRANSIT_DIRECTION, TRANSIT_SHIPMENT_STATUS,
} from '../../../shared/codes';
import type { TransferRequest, TransferRequestInput, TransferTask } from '../../../shared/contract/transfer-request.contract';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import {
  mtOrders, salesOrderLines, salesOrders, skus, transferRequestLines, transferRequests, transitShipmentLines, transitShipments, users, warehouses,
} from '../../db/schema';
import { nextDocNo } from '../../common/doc-no';
import { unixSeconds } from '../../common/time';
import { ApiError, badInput, notFound } from '../../http/errors';
import { createMtOrder } from './mt-order';
import type { Actor } from './sales-order';

/**
 * Transfer requests (docs/transfer.md "Transfer requests and tasks"). A request is the REQUESTING
 * warehouse's row (whs_id); its source reads and decides it by (source_whs_id, …) — the deliberate
 * read and write across warehouses of this module, as in-transit.ts is for shipments: accepting
 * writes the source's MT order (through createMtOrder, in the source's own warehouse) and the
 * requester's request in one transaction. The later stages (in transit, received, closed) are read
 * from the MT order and its transit shipment, never stored twice. Transfer tasks are the source's
 * MT orders read with their progress from picking to receipt.
 */

const R = TRANSFER_REQUEST_STATUS.values;
const G = TRANSFER_TASK_STAGE.values;
const D = RTS_STATUS.values;
const O = SALES_ORDER_STATUS.values;
const SHIP = TRANSIT_SHIPMENT_STATUS.values;
const n = (value: number) => sql.raw(String(value));

const requestLabel = (requestNo: string) => `Transfer request ${requestNo}`;

// ---- derived status ----

/** The least advanced shipment of the source's MT order `orderNo` (an order may ship more than once). */
const shipmentStatusOf = (srcWhs: SQL, orderNo: SQL) =>
  sql<number | null>`(select min(s.status) from ${transitShipments} s where s.whs_id = ${srcWhs} and s.order_no = ${orderNo})`;

/** A request's status: stored until accepted; then its MT order's shipment's, or cancelled with its MT order. */
function requestStatusSql(ship: SQL): SQL<number> {
  return sql<number>`(case when ${transferRequests.status} <> ${n(R.ACCEPTED)} then ${transferRequests.status}
    when ${ship} in (${n(SHIP.IN_TRANSIT)}, ${n(SHIP.ARRIVED)}) then ${n(R.IN_TRANSIT)}
    when ${ship} = ${n(SHIP.RECEIVED)} then ${n(R.RECEIVED)}
    when ${ship} = ${n(SHIP.CLOSED)} then ${n(R.CLOSED)}
    when ${mtOrders.docStatus} in (${n(D.REJECTED)}, ${n(D.CANCEL)}) then ${n(R.CANCELLED)}
    else ${n(R.ACCEPTED)} end)::smallint`;
}

/** A transfer task's stage: its shipment once shipped, else its document, else its outbound order on the floor. */
function taskStageSql(ship: SQL): SQL<number> {
  return sql<number>`(case when ${ship} in (${n(SHIP.IN_TRANSIT)}, ${n(SHIP.ARRIVED)}) then ${n(G.IN_TRANSIT)}
    when ${ship} = ${n(SHIP.RECEIVED)} then ${n(G.RECEIVED)}
    when ${ship} = ${n(SHIP.CLOSED)} then ${n(G.CLOSED)}
    when ${mtOrders.docStatus} in (${n(D.REJECTED)}, ${n(D.CANCEL)}) then ${n(G.CANCELLED)}
    when ${mtOrders.docStatus} in (${n(D.PENDING)}, ${n(D.APPROVED)}, ${n(D.ALLOCATED)}) then ${n(G.WAITING)}
    when ${mtOrders.docStatus} in (${n(D.IN_TRANSIT)}, ${n(D.INBOUNDING)}) then ${n(G.IN_TRANSIT)}
    when ${mtOrders.docStatus} = ${n(D.DONE)} then ${n(G.CLOSED)}
    when ${mtOrders.docStatus} = ${n(D.SHIPPING)} or ${salesOrders.status} in (${n(O.SHIPPING)}, ${n(O.OUTBOUND)}) then ${n(G.SHIPPING)}
    when ${salesOrders.status} in (${n(O.PACKING)}, ${n(O.PACKED)}) then ${n(G.PACKING)}
    when ${salesOrders.status} in (${n(O.CHECKING)}, ${n(O.CHECKED)}) then ${n(G.CHECKING)}
    else ${n(G.PICKING)} end)::smallint`;
}

// ---- reading requests ----

/** The requests `whsId` raised or is asked (with `where`), each with its derived status and line totals. */
export function requestRows(db: Db, whsId: string, where?: SQL) {
  const requester = sql`${transferRequests.whsId}`;
  const source = sql`${transferRequests.sourceWhsId}`;
  const ofRequest = sql`l.whs_id = ${requester} and l.request_no = ${transferRequests.requestNo}`;
  const side = or(eq(transferRequests.whsId, whsId), eq(transferRequests.sourceWhsId, whsId))!;
  return db.select({
    whs_id: sql<string>`${whsId}::text`.as('whs_id'),
    request_no: transferRequests.requestNo,
    direction: sql<number>`(case when ${requester} = ${whsId} then ${n(TRANSIT_DIRECTION.values.OUTGOING)} else ${n(TRANSIT_DIRECTION.values.INCOMING)} end)::smallint`.as('direction'),
    status: requestStatusSql(shipmentStatusOf(source, sql`${transferRequests.mtOrderNo}`)).as('status'),
    requester_whs_id: sql<string>`${requester}`.as('requester_whs_id'),
    source_whs_id: transferRequests.sourceWhsId,
    needed_by: sql<string | null>`${transferRequests.neededBy}::text`.as('needed_by'),
    line_count: sql<number>`(select count(*) from ${transferRequestLines} l where ${ofRequest})::int`.as('line_count'),
    total_qty: sql<number>`(select coalesce(sum(l.qty), 0) from ${transferRequestLines} l where ${ofRequest})::int`.as('total_qty'),
    mt_order_no: transferRequests.mtOrderNo,
    remark: transferRequests.remark,
    reject_reason: transferRequests.rejectReason,
    created_at: transferRequests.createdAt,
  }).from(transferRequests)
    .leftJoin(mtOrders, and(eq(mtOrders.whsId, transferRequests.sourceWhsId), eq(mtOrders.orderNo, transferRequests.mtOrderNo)))
    .where(where ? and(side, where) : side);
}

export async function transferRequestOut(db: Db, whsId: string, requestNo: string): Promise<TransferRequest> {
  const [row] = await requestRows(db, whsId, eq(transferRequests.requestNo, requestNo));
  if (!row) throw notFound(requestLabel(requestNo));
  const [doc] = await db.select().from(transferRequests).where(and(eq(transferRequests.whsId, row.requester_whs_id), eq(transferRequests.requestNo, requestNo)));
  const people = await db.select({ userId: users.userId, name: users.displayName }).from(users)
    .where(inArray(users.userId, [doc!.createdBy, ...(doc!.decidedBy === null ? [] : [doc!.decidedBy])]));
  const nameOf = (id: number | null) => people.find((p) => p.userId === id)?.name ?? null;
  // The SKUs are named as the source's master names them (the requester may never have held them).
  const lines = await db.select({ line: transferRequestLines, skuName: skus.skuName }).from(transferRequestLines)
    .leftJoin(skus, and(eq(skus.whsId, row.source_whs_id), eq(skus.skuId, transferRequestLines.skuId)))
    .where(and(eq(transferRequestLines.whsId, row.requester_whs_id), eq(transferRequestLines.requestNo, requestNo)))
    .orderBy(asc(transferRequestLines.lineNo));
  const [shipment] = doc!.mtOrderNo === null ? [] : await db.select({ shipmentNo: transitShipments.shipmentNo }).from(transitShipments)
    .where(and(eq(transitShipments.whsId, row.source_whs_id), eq(transitShipments.orderNo, doc!.mtOrderNo))).orderBy(asc(transitShipments.dispatchedAt)).limit(1);
  return {
    request_no: row.request_no, direction: row.direction, requester_whs_id: row.requester_whs_id, source_whs_id: row.source_whs_id, status: row.status,
    needed_by: row.needed_by, remark: row.remark, mt_order_no: row.mt_order_no, shipment_no: shipment?.shipmentNo ?? null,
    reject_reason: row.reject_reason, cancel_reason: doc!.cancelReason, line_count: row.line_count, total_qty: row.total_qty,
    created_by_name: nameOf(doc!.createdBy), decided_by_name: nameOf(doc!.decidedBy), decided_at: unixSeconds(doc!.decidedAt), created_at: unixSeconds(row.created_at)!,
    lines: lines.map(({ line, skuName }) => ({ line_no: line.lineNo, sku_id: line.skuId, sku_name: skuName, qty: line.qty })),
  };
}

/** The Request Dashboard's open requests of this warehouse, raised and asked (one index each). */
export async function requestCounts(db: Db, whsId: string): Promise<{ outgoing: number; incoming: number }> {
  const count = async (where: SQL) => (await db.select({ n: sql<number>`count(*)::int` }).from(transferRequests).where(where))[0]?.n ?? 0;
  return {
    outgoing: await count(and(eq(transferRequests.whsId, whsId), eq(transferRequests.status, R.REQUESTED))!),
    incoming: await count(and(eq(transferRequests.sourceWhsId, whsId), eq(transferRequests.status, R.REQUESTED))!),
  };
}

/** Every other warehouse of the deployment (a deployment is one company: any may be asked). */
export async function transferSources(db: Db, whsId: string) {
  const rows = await db.select({ whs_id: warehouses.whsId, whs_name: warehouses.whsName }).from(warehouses).where(ne(warehouses.whsId, whsId)).orderBy(asc(warehouses.whsId));
  return rows;
}

// ---- changing requests ----

type RequestRow = typeof transferRequests.$inferSelect;

/** A request locked for a decision: by the source (`asSource`) or by the requester; not found for any other warehouse. */
async function lockRequest(tx: Db, whsId: string, requestNo: string, asSource: boolean): Promise<RequestRow> {
  const [row] = await tx.select().from(transferRequests)
    .where(and(eq(asSource ? transferRequests.sourceWhsId : transferRequests.whsId, whsId), eq(transferRequests.requestNo, requestNo))).for('update');
  if (!row) throw notFound(asSource ? `${requestLabel(requestNo)} to ${whsId}` : requestLabel(requestNo));
  if (row.status !== R.REQUESTED) {
    const stage = TRANSFER_REQUEST_STATUS.label(row.status)?.message ?? String(row.status);
    throw new ApiError(RET.ILLEGAL_TRANSITION, `${requestLabel(requestNo)} is ${stage}: only a requested one can be ${asSource ? 'accepted or rejected' : 'cancelled'}.`,
      { request_no: requestNo, from: row.status }, 409);
  }
  return row;
}

/** Raises a request to another warehouse for SKUs of its master; refused whole on any bad line. */
export async function createTransferRequest(tx: Db, whsId: string, actor: Actor, input: TransferRequestInput): Promise<string> {
  if (input.source_whs_id === whsId) throw badInput('source_whs_id', 'a transfer request asks another warehouse, not this one');
  const [source] = await tx.select({ whsId: warehouses.whsId }).from(warehouses).where(eq(warehouses.whsId, input.source_whs_id));
  if (!source) throw badInput('source_whs_id', `${input.source_whs_id} is not a warehouse of this deployment`);
  const seen = new Set<string>();
  for (const [i, line] of input.lines.entries()) {
    if (seen.has(line.sku_id)) throw badInput(`lines.${i}.sku_id`, `SKU ${line.sku_id} is named twice: one line per SKU`);
    seen.add(line.sku_id);
  }
  // SKU codes are the deployment's: the source's master must know each one (read by its key).
  const known = new Set((await tx.select({ skuId: skus.skuId }).from(skus)
    .where(and(eq(skus.whsId, input.source_whs_id), inArray(skus.skuId, [...seen])))).map((r) => r.skuId));
  const unknown = input.lines.findIndex((l) => !known.has(l.sku_id));
  if (unknown >= 0) throw badInput(`lines.${unknown}.sku_id`, `${input.source_whs_id} has no SKU ${input.lines[unknown]!.sku_id}`);
  const requestNo = await nextDocNo(tx, 'transferRequest', actor.timeZone);
  await tx.insert(transferRequests).values({
    whsId, requestNo, sourceWhsId: input.source_whs_id, status: R.REQUESTED, neededBy: input.needed_by, remark: input.remark, createdBy: actor.userId,
  });
  await tx.insert(transferRequestLines).values(input.lines.map((l, i) => ({ whsId, requestNo, lineNo: i + 1, skuId: l.sku_id, qty: l.qty })));
  return requestNo;
}

export async function cancelTransferRequest(tx: Db, whsId: string, requestNo: string, reason: string): Promise<void> {
  await lockRequest(tx, whsId, requestNo, false);
  await tx.update(transferRequests).set({ status: R.CANCELLED, cancelReason: reason, updatedAt: sql`now()` })
    .where(and(eq(transferRequests.whsId, whsId), eq(transferRequests.requestNo, requestNo)));
}

/**
 * The source accepts: its MT order to the requester, with the request's lines, is created here
 * (pending approval, by the MT order's own rules: the stock must be there), and the request —
 * the requester's row — records it. One transaction: both or neither.
 */
export async function acceptTransferRequest(tx: Db, whsId: string, actor: Actor, requestNo: string): Promise<string> {
  const request = await lockRequest(tx, whsId, requestNo, true);
  const lines = await tx.select().from(transferRequestLines)
    .where(and(eq(transferRequestLines.whsId, request.whsId), eq(transferRequestLines.requestNo, requestNo))).orderBy(asc(transferRequestLines.lineNo));
  const remark = `Transfer request ${requestNo}${request.remark ? `: ${request.remark}` : ''}`.slice(0, 500);
  const orderNo = await createMtOrder(tx, whsId, actor, { dest_whs_id: request.whsId, remark, lines: lines.map((l) => ({ sku_id: l.skuId, qty: l.qty })) });
  await tx.update(transferRequests).set({ status: R.ACCEPTED, mtOrderNo: orderNo, decidedBy: actor.userId, decidedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(transferRequests.whsId, request.whsId), eq(transferRequests.requestNo, requestNo)));
  return orderNo;
}

export async function rejectTransferRequest(tx: Db, whsId: string, actor: Actor, requestNo: string, reason: string): Promise<void> {
  const request = await lockRequest(tx, whsId, requestNo, true);
  await tx.update(transferRequests).set({ status: R.REJECTED, rejectReason: reason, decidedBy: actor.userId, decidedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(transferRequests.whsId, request.whsId), eq(transferRequests.requestNo, requestNo)));
}

// ---- transfer tasks ----

/** A sum over the transit shipment lines of the outer MT order's shipments. */
const shippedSum = (column: string, name: string) => sql<number>`(select coalesce(sum(${sql.raw(`l.${column}`)}), 0)::int
  from ${transitShipmentLines} l join ${transitShipments} s on s.whs_id = l.whs_id and s.shipment_no = l.shipment_no
  where s.whs_id = ${mtOrders.whsId} and s.order_no = ${mtOrders.orderNo})`.as(name);

/** This warehouse's MT orders with their stage and the quantities of each step (with `where`). */
export function taskRows(db: Db, whsId: string, where?: SQL) {
  const ship = shipmentStatusOf(sql`${mtOrders.whsId}`, sql`${mtOrders.orderNo}`);
  const own = eq(mtOrders.whsId, whsId);
  return db.select({
    whs_id: mtOrders.whsId,
    order_no: mtOrders.orderNo,
    dest_whs_id: mtOrders.destWhsId,
    dest_whs_name: warehouses.whsName,
    request_no: sql<string | null>`(select r.request_no from ${transferRequests} r where r.source_whs_id = ${mtOrders.whsId} and r.mt_order_no = ${mtOrders.orderNo} limit 1)`.as('request_no'),
    stage: taskStageSql(ship).as('stage'),
    doc_status: mtOrders.docStatus,
    status: salesOrders.status,
    shipment_no: sql<string | null>`(select s.shipment_no from ${transitShipments} s where s.whs_id = ${mtOrders.whsId} and s.order_no = ${mtOrders.orderNo} order by s.dispatched_at limit 1)`.as('shipment_no'),
    shipment_status: ship.as('shipment_status'),
    dest_asn_no: sql<string | null>`(select s.dest_asn_no from ${transitShipments} s where s.whs_id = ${mtOrders.whsId} and s.order_no = ${mtOrders.orderNo} order by s.dispatched_at limit 1)`.as('dest_asn_no'),
    requested_qty: sql<number>`${salesOrders.totalQty}`.as('requested_qty'),
    picked_qty: sql<number>`${salesOrders.pickedQty}`.as('picked_qty'),
    shipped_qty: shippedSum('dispatched_qty', 'shipped_qty'),
    received_qty: shippedSum('received_qty', 'received_qty'),
    short_qty: shippedSum('short_qty', 'short_qty'),
    over_qty: shippedSum('over_qty', 'over_qty'),
    damaged_qty: shippedSum('damaged_qty', 'damaged_qty'),
    created_at: mtOrders.createdAt,
  }).from(mtOrders)
    .innerJoin(salesOrders, and(eq(salesOrders.whsId, mtOrders.whsId), eq(salesOrders.orderNo, mtOrders.orderNo)))
    .innerJoin(warehouses, eq(warehouses.whsId, mtOrders.destWhsId))
    .where(where ? and(own, where) : own);
}

export async function transferTaskOut(db: Db, whsId: string, orderNo: string): Promise<TransferTask> {
  const [row] = await taskRows(db, whsId, eq(mtOrders.orderNo, orderNo));
  if (!row) throw notFound(`Transfer task ${orderNo}`);
  const ordered = await db.select({ skuId: salesOrderLines.skuId, skuName: skus.skuName, qty: sql<number>`sum(${salesOrderLines.qty})::int`, picked: sql<number>`sum(${salesOrderLines.pickedQty})::int` })
    .from(salesOrderLines).leftJoin(skus, and(eq(skus.whsId, salesOrderLines.whsId), eq(skus.skuId, salesOrderLines.skuId)))
    .where(and(eq(salesOrderLines.whsId, whsId), eq(salesOrderLines.orderNo, orderNo)))
    .groupBy(salesOrderLines.skuId, skus.skuName).orderBy(asc(salesOrderLines.skuId));
  const tl = transitShipmentLines;
  const shipped = await db.select({
    skuId: tl.skuId, dispatched: sql<number>`sum(${tl.dispatchedQty})::int`, received: sql<number>`sum(${tl.receivedQty})::int`,
    short: sql<number>`sum(${tl.shortQty})::int`, over: sql<number>`sum(${tl.overQty})::int`, damaged: sql<number>`sum(${tl.damagedQty})::int`,
  }).from(tl).innerJoin(transitShipments, and(eq(transitShipments.whsId, tl.whsId), eq(transitShipments.shipmentNo, tl.shipmentNo)))
    .where(and(eq(transitShipments.whsId, whsId), eq(transitShipments.orderNo, orderNo))).groupBy(tl.skuId);
  const shippedOf = new Map(shipped.map((s) => [s.skuId, s]));
  return {
    ...row, created_at: unixSeconds(row.created_at)!,
    lines: ordered.map((o) => {
      const s = shippedOf.get(o.skuId);
      return {
        sku_id: o.skuId, sku_name: o.skuName, requested_qty: o.qty, picked_qty: o.picked, shipped_qty: s?.dispatched ?? 0, received_qty: s?.received ?? 0,
        short_qty: s?.short ?? 0, over_qty: s?.over ?? 0, damaged_qty: s?.damaged ?? 0,
      };
    }),
  };
}
