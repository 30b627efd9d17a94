import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { INBOUND_ORDER_TYPE, INBOUND_STATUS, PURCHASE_TYPE, RETURN_DISPUTE_KIND, RETURN_DISPUTE_STATUS, type CodeOf, type RETURN_ORDER_SOURCE } from '../../../shared/codes';
import type { ExpectedReturnParcel, ReturnDispute, ReturnOrder, ReturnOrderInput, ReturnParcelArrival, SettleReturnDisputeInput } from '../../../shared/contract/return-order.contract';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { asnOrders, inboundTrackingIds, returnDisputes, returnOrders, skus } from '../../db/schema';
import { writeAsn } from '../../common/asn-write';
import { nextDocNo } from '../../common/doc-no';
import { unixSeconds, warehouseTimeZone } from '../../common/time';
import { ApiError, notFound } from '../../http/errors';
import { checkArrivalBox, completeArrival, startArrival, type ArrivalActor } from './arrival';

/**
 * Return orders (docs/returns.md): a buyer's return is a Return ASN (inbound type Return, purchase
 * type Return Inbound) in a group of its own, with one tracking id, the parcel's, plus its
 * return_orders row. Arrival at the return dock is one scan of the parcel: the ASN's arrival
 * (inbound's, arrival.ts) starts, checks that one box and completes. A parcel that no return
 * expects opens a dispute instead, so nothing scanned at the dock is lost.
 */

const S = INBOUND_STATUS.values;
const D = RETURN_DISPUTE_STATUS.values;
const RETURN = INBOUND_ORDER_TYPE.values.RETURN;
/** The states of a return whose parcel may still arrive. */
const AWAITED = [S.PENDING, S.IN_TRANSIT] as const;
/** Most parcels the arriving screen keeps for judging scans offline. */
const EXPECTED_PARCELS_MAX = 5000;

type ReturnSource = CodeOf<typeof RETURN_ORDER_SOURCE>;

export interface ReturnActor {
  userId: number;
  timeZone: string;
}

/** A return's content as a resend must repeat it: everything but the remark and expected time. */
function contentHash(input: ReturnOrderInput): string {
  const lines = input.lines.map((l) => `${l.sku_id}\u0000${l.qty}`).sort();
  const head = [input.sales_order_no ?? '', input.tracking_no.toUpperCase(), String(input.return_reason), input.buyer_name ?? '', input.shop_id ?? ''];
  return createHash('sha256').update([...head, ...lines].join('\n')).digest('hex');
}

const returnColumns = {
  order: returnOrders, status: asnOrders.status, totalQty: asnOrders.totalExpectedQty,
};

function returnOut(row: { order: typeof returnOrders.$inferSelect; status: number; totalQty: number }): ReturnOrder {
  const o = row.order;
  return {
    asn_no: o.asnNo, return_order_no: o.returnOrderNo, sales_order_no: o.salesOrderNo, tracking_no: o.trackingNo, return_reason: o.returnReason,
    buyer_name: o.buyerName, shop_id: o.shopId, source: o.source, status: row.status, total_qty: row.totalQty, created_at: unixSeconds(o.createdAt),
  };
}

function selectReturns(db: Db, whsId: string) {
  return db.select(returnColumns).from(returnOrders)
    .innerJoin(asnOrders, and(eq(asnOrders.whsId, returnOrders.whsId), eq(asnOrders.asnNo, returnOrders.asnNo)))
    .where(eq(returnOrders.whsId, whsId))
    .$dynamic();
}

async function byReturnNo(tx: Db, whsId: string, returnOrderNo: string) {
  const [row] = await selectReturns(tx, whsId).where(and(eq(returnOrders.whsId, whsId), eq(returnOrders.returnOrderNo, returnOrderNo)));
  return row;
}

/** The return made earlier under this number, if the same content came again; a clash otherwise. */
function resent(existing: NonNullable<Awaited<ReturnType<typeof byReturnNo>>>, hash: string): { order: ReturnOrder; created: false } {
  if (existing.order.contentHash !== hash) {
    throw new ApiError(
      RET.RETURN_ORDER_NO_CLASH,
      `Return order ${existing.order.returnOrderNo} was received before (ASN ${existing.order.asnNo}) with other content.`,
      { asn_no: existing.order.asnNo, return_order_no: existing.order.returnOrderNo },
    );
  }
  return { order: returnOut(existing), created: false };
}

/** Refuses a line whose SKU the warehouse does not have. */
async function checkLines(tx: Db, whsId: string, lines: ReturnOrderInput['lines']): Promise<void> {
  const ids = [...new Set(lines.map((l) => l.sku_id))];
  const known = new Set((await tx.select({ skuId: skus.skuId }).from(skus).where(and(eq(skus.whsId, whsId), inArray(skus.skuId, ids)))).map((r) => r.skuId));
  const at = lines.findIndex((l) => !known.has(l.sku_id));
  if (at >= 0) {
    const skuId = lines[at]!.sku_id;
    throw new ApiError(RET.RETURN_ORDER_LINE_INVALID, `Line ${at + 1}: SKU ${skuId} is not a SKU of warehouse ${whsId}.`, { line: at + 1, sku_id: skuId });
  }
}

/** Refuses a tracking number an ASN of the warehouse carries already (its tracking ids are unique). */
async function assertTrackingFree(tx: Db, whsId: string, trackingNo: string): Promise<void> {
  const [holder] = await tx.select({ asnNo: inboundTrackingIds.asnNo }).from(inboundTrackingIds)
    .where(and(eq(inboundTrackingIds.whsId, whsId), sql`upper(${inboundTrackingIds.trackingId}) = upper(${trackingNo})`)).limit(1);
  if (holder) {
    throw new ApiError(RET.TRACKING_NO_TAKEN, `Tracking number ${trackingNo} belongs to ASN ${holder.asnNo} already.`, { tracking_no: trackingNo, asn_no: holder.asnNo });
  }
}

/**
 * Makes one return in the caller's transaction — its ASN (lines merged by SKU), tracking id and
 * return row — or answers the one a resend made first. A concurrent first send of the same number
 * loses on the unique key and rolls back with the caller's transaction; its retry is a resend.
 */
export async function createReturnOrder(
  tx: Db, whsId: string, actor: ReturnActor, input: ReturnOrderInput, source: ReturnSource,
): Promise<{ order: ReturnOrder; created: boolean }> {
  const hash = contentHash(input);
  const existing = await byReturnNo(tx, whsId, input.return_order_no);
  if (existing) return resent(existing, hash);
  await checkLines(tx, whsId, input.lines);
  await assertTrackingFree(tx, whsId, input.tracking_no);
  const qtyBySku = new Map<string, number>();
  for (const line of input.lines) qtyBySku.set(line.sku_id, (qtyBySku.get(line.sku_id) ?? 0) + line.qty);
  const asn = await writeAsn(tx, {
    whsId, timeZone: actor.timeZone, createdBy: actor.userId,
    header: {
      inboundType: RETURN, purchaseType: PURCHASE_TYPE.values.RETURN_INBOUND, status: S.PENDING, expectedCartons: 1,
      expectedArrivalAt: input.expected_arrival_at === null ? null : new Date(input.expected_arrival_at * 1000),
      remark: input.remark,
    },
    lines: [...qtyBySku].map(([skuId, expectedQty]) => ({ skuId, expectedQty })),
    trackingIds: [{ trackingId: input.tracking_no }],
  });
  const [row] = await tx.insert(returnOrders).values({
    whsId, asnNo: asn.asnNo, returnOrderNo: input.return_order_no, salesOrderNo: input.sales_order_no, trackingNo: input.tracking_no,
    returnReason: input.return_reason, buyerName: input.buyer_name, shopId: input.shop_id, source, contentHash: hash, createdBy: actor.userId,
  }).returning();
  return { order: returnOut({ order: row!, status: asn.status, totalQty: asn.totalExpectedQty }), created: true };
}

/** A return of the warehouse by its ASN number; -100404 for any other ASN. */
export async function returnOrderDetail(db: Db, whsId: string, asnNo: string): Promise<ReturnOrder> {
  const [row] = await selectReturns(db, whsId).where(and(eq(returnOrders.whsId, whsId), eq(returnOrders.asnNo, asnNo)));
  if (!row) throw notFound(`Return ASN ${asnNo}`);
  return returnOut(row);
}

/** The parcels of returns still to arrive, newest first (the arriving screen's offline copy). */
export async function expectedReturnParcels(db: Db, whsId: string): Promise<ExpectedReturnParcel[]> {
  const rows = await selectReturns(db, whsId).where(and(eq(returnOrders.whsId, whsId), inArray(asnOrders.status, [...AWAITED])))
    .orderBy(desc(returnOrders.createdAt)).limit(EXPECTED_PARCELS_MAX);
  return rows.map(({ order, status, totalQty }) => ({
    tracking_no: order.trackingNo, asn_no: order.asnNo, return_order_no: order.returnOrderNo, status, total_qty: totalQty,
  }));
}

/** A return still awaited arrives: its ASN's arrival starts, its one box is checked, the arrival completes. */
async function arriveReturn(tx: Db, actor: ArrivalActor, asnNo: string, trackingId: string): Promise<ReturnParcelArrival> {
  await startArrival(tx, actor.whsId, asnNo);
  await checkArrivalBox(tx, actor, { sheet_id: asnNo, tracking_id: trackingId });
  await completeArrival(tx, actor, asnNo);
  const order = await returnOrderDetail(tx, actor.whsId, asnNo);
  return { outcome: 'arrived', tracking_no: trackingId, asn_no: asnNo, return_order_no: order.return_order_no, total_qty: order.total_qty };
}

const refused = (trackingNo: string, reason: string, message: string, data: Record<string, unknown> = {}) =>
  new ApiError(RET.RETURN_PARCEL_REFUSED, message, { tracking_no: trackingNo, reason, ...data });

/**
 * One parcel scanned at the return dock, at the operator's moment: its return arrives (the ASN's
 * arrival, its one box checked); a parcel of no ASN opens a dispute. Refused: a parcel of another
 * kind of ASN, of a return past arrival or cancelled, or already in an open dispute.
 */
export async function arriveReturnParcel(tx: Db, actor: ArrivalActor, trackingNo: string): Promise<ReturnParcelArrival> {
  const { whsId } = actor;
  const [box] = await tx.select({ trackingId: inboundTrackingIds.trackingId, asnNo: inboundTrackingIds.asnNo, inboundType: asnOrders.inboundType, status: asnOrders.status })
    .from(inboundTrackingIds)
    .innerJoin(asnOrders, and(eq(asnOrders.whsId, inboundTrackingIds.whsId), eq(asnOrders.asnNo, inboundTrackingIds.asnNo)))
    .where(and(eq(inboundTrackingIds.whsId, whsId), sql`upper(${inboundTrackingIds.trackingId}) = upper(${trackingNo})`)).limit(1);
  if (box) {
    if (box.inboundType !== RETURN) {
      throw refused(trackingNo, 'not_return', `${trackingNo} is a box of ASN ${box.asnNo}, not a return: arrive it on Inbound › Arriving.`, { asn_no: box.asnNo });
    }
    if (!(AWAITED as readonly number[]).includes(box.status)) {
      const name = INBOUND_STATUS.label(box.status)?.message ?? String(box.status);
      throw refused(trackingNo, 'closed', `The return of ${trackingNo} (ASN ${box.asnNo}) is ${name}: it cannot arrive again.`, { asn_no: box.asnNo, status: box.status });
    }
    return arriveReturn(tx, actor, box.asnNo, box.trackingId);
  }
  const [open] = await tx.select({ disputeNo: returnDisputes.disputeNo }).from(returnDisputes)
    .where(and(eq(returnDisputes.whsId, whsId), eq(returnDisputes.status, D.OPEN), sql`upper(${returnDisputes.trackingNo}) = upper(${trackingNo})`)).limit(1);
  if (open) throw refused(trackingNo, 'disputed', `${trackingNo} is in dispute ${open.disputeNo} already.`, { dispute_no: open.disputeNo });
  const disputeNo = await nextDocNo(tx, 'returnDispute', await warehouseTimeZone(tx, whsId));
  await tx.insert(returnDisputes).values({
    whsId, disputeNo, trackingNo, kind: RETURN_DISPUTE_KIND.values.UNKNOWN_PARCEL, status: D.OPEN, reportedBy: actor.userId, reportedAt: actor.at,
  });
  return { outcome: 'dispute', tracking_no: trackingNo, dispute_no: disputeNo };
}

function disputeOut(row: typeof returnDisputes.$inferSelect): ReturnDispute {
  return {
    dispute_no: row.disputeNo, tracking_no: row.trackingNo, kind: row.kind, status: row.status, asn_no: row.asnNo, remark: row.remark,
    settled_by: row.settledBy, settled_at: row.settledAt ? unixSeconds(row.settledAt) : null,
  };
}

/**
 * Settles an open dispute (dispute processing): matched, the parcel is the named return's after
 * all — that return arrives as if its own parcel were scanned, and the dispute keeps its ASN; or the
 * parcel goes back to the buyer, the remark saying how. The dispute is locked first, so two people
 * settling it at once settle it once.
 */
export async function settleReturnDispute(tx: Db, actor: ArrivalActor, input: SettleReturnDisputeInput): Promise<{ dispute: ReturnDispute; arrival: ReturnParcelArrival | null }> {
  const { whsId } = actor;
  const [dispute] = await tx.select().from(returnDisputes)
    .where(and(eq(returnDisputes.whsId, whsId), eq(returnDisputes.disputeNo, input.dispute_no))).for('update');
  if (!dispute) throw notFound(`Dispute ${input.dispute_no}`);
  if (dispute.status !== D.OPEN) {
    const name = RETURN_DISPUTE_STATUS.label(dispute.status)?.message ?? String(dispute.status);
    throw new ApiError(RET.ILLEGAL_TRANSITION, `Dispute ${dispute.disputeNo} is ${name}: it was settled already.`, { status: dispute.status });
  }
  let arrival: ReturnParcelArrival | null = null;
  if (input.outcome === 'match') {
    const returnNo = input.return_no!;
    const [match] = await tx.select({ asnNo: returnOrders.asnNo, trackingNo: returnOrders.trackingNo, status: asnOrders.status })
      .from(returnOrders)
      .innerJoin(asnOrders, and(eq(asnOrders.whsId, returnOrders.whsId), eq(asnOrders.asnNo, returnOrders.asnNo)))
      .where(and(eq(returnOrders.whsId, whsId), or(eq(returnOrders.returnOrderNo, returnNo), eq(returnOrders.asnNo, returnNo)))).limit(1);
    if (!match) throw new ApiError(RET.RETURN_DISPUTE_UNMATCHED, `No return of this warehouse is ${returnNo}.`, { reason: 'unknown', return_no: returnNo });
    if (!(AWAITED as readonly number[]).includes(match.status)) {
      const name = INBOUND_STATUS.label(match.status)?.message ?? String(match.status);
      throw new ApiError(RET.RETURN_DISPUTE_UNMATCHED, `Return ASN ${match.asnNo} is ${name}: its parcel is not awaited, so the disputed one cannot be it.`, { reason: 'closed', asn_no: match.asnNo, status: match.status });
    }
    arrival = await arriveReturn(tx, actor, match.asnNo, match.trackingNo);
  }
  const [settled] = await tx.update(returnDisputes).set({
    status: input.outcome === 'match' ? D.MATCHED : D.RETURNED_TO_BUYER,
    asnNo: arrival?.outcome === 'arrived' ? arrival.asn_no : null,
    remark: input.remark ?? dispute.remark, settledBy: actor.userId, settledAt: actor.at,
  }).where(and(eq(returnDisputes.whsId, whsId), eq(returnDisputes.disputeNo, dispute.disputeNo))).returning();
  return { dispute: disputeOut(settled!), arrival };
}
