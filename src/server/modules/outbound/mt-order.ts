import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { OUTBOUND_ORDER_TYPE, RTS_STATUS, SALES_ORDER_SOURCE } from '../../../shared/codes';
import type { MtDestination, MtOrder, MtOrderDetail, MtOrderInput } from '../../../shared/contract/mt-order.contract';
import { OUTBOUND_DOC_LIFECYCLE } from '../../../shared/lifecycles';
import { DOC, docAllocatable, docCancellable, docEditable, docReleasable, mayDecide, type DocStatus } from '../../../shared/outbound/doc-lifecycle';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { mtDestinationPriorities, mtOrders, salesOrderLines, salesOrders, users, warehouses } from '../../db/schema';
import { ApiError, badInput, notFound } from '../../http/errors';
import { assertTransition } from '../../http/lifecycle';
import { nextDocNo } from '../../common/doc-no';
import { unixSeconds } from '../../common/time';
import { allocateOrders, type AllocationOutcome, type Precedence } from './allocation';
import { cancelOrder } from './cancel-after-checking';
import { S, assertOrderType, checkLines, createOrder, linesHash, lockOrders, logOrders, moveOrder, orderDetail, type Actor, type OrderRow } from './sales-order';
import { releaseWave } from './wave';

/**
 * Move-transfer (MT) orders (docs/outbound.md "Order types and MT orders"): outbound orders of type
 * MT, each with its document (mt_orders). The outbound order carries the lines and the floor's
 * progress and goes through the one allocation, wave and picking engine; the document carries the
 * destination, the approval and the document status (OUTBOUND_DOC_LIFECYCLE), moved here only.
 * Locks: the outbound orders first (their number order), then their documents.
 */

const MT = OUTBOUND_ORDER_TYPE.values.MT;
type MtRow = typeof mtOrders.$inferSelect;

const mtLabel = (orderNo: string) => `MT order ${orderNo}`;
const docName = (status: number) => RTS_STATUS.label(status)?.message ?? String(status);

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

// ---- locking and moving documents ----

interface Locked {
  order: OrderRow;
  doc: MtRow;
}

/** MT orders of the warehouse locked for a change (outbound orders, then documents); an unknown one, or one of another type, is not found. */
async function lockMt(tx: Db, whsId: string, orderNos: readonly string[]): Promise<Locked[]> {
  const wanted = [...new Set(orderNos)];
  const orders = await lockOrders(tx, whsId, wanted);
  for (const no of wanted) {
    const order = orders.get(no);
    if (!order) throw notFound(mtLabel(no));
    assertOrderType(order, MT);
  }
  const docs = await tx.select().from(mtOrders).where(and(eq(mtOrders.whsId, whsId), inArray(mtOrders.orderNo, wanted)))
    .orderBy(sql`${mtOrders.orderNo} collate "C"`).for('update');
  const docOf = new Map(docs.map((d) => [d.orderNo, d]));
  return wanted.map((no) => {
    const doc = docOf.get(no);
    if (!doc) throw notFound(mtLabel(no));
    return { order: orders.get(no)!, doc };
  });
}

/** Refuses a document whose stage does not allow the step (-100412 naming where it is). */
function refuseStage(doc: MtRow, step: string): ApiError {
  return new ApiError(RET.ILLEGAL_TRANSITION, `${mtLabel(doc.orderNo)} is ${docName(doc.docStatus)}: it cannot be ${step} now.`, { order_no: doc.orderNo, from: doc.docStatus }, 409);
}

/** Moves documents along OUTBOUND_DOC_LIFECYCLE with a log row on their outbound order each. */
async function moveDocs(tx: Db, whsId: string, locked: readonly Locked[], to: DocStatus, note: string, operatorId: number, set: Partial<typeof mtOrders.$inferInsert> = {}): Promise<void> {
  if (locked.length === 0) return;
  for (const { doc } of locked) assertTransition(OUTBOUND_DOC_LIFECYCLE, mtLabel(doc.orderNo), doc.docStatus as DocStatus, to);
  await tx.update(mtOrders).set({ ...set, docStatus: to, updatedAt: sql`now()` })
    .where(and(eq(mtOrders.whsId, whsId), inArray(mtOrders.orderNo, locked.map((l) => l.doc.orderNo))));
  // The order's own status is unchanged: the log row says what the document did.
  await logOrders(tx, whsId, locked.map(({ order }) => ({ orderNo: order.orderNo, from: order.status, to: order.status, note: `${docName(to)}: ${note}` })), operatorId);
}

// ---- creating and editing ----

export async function createMtOrder(tx: Db, whsId: string, actor: Actor, input: MtOrderInput): Promise<string> {
  await assertDestination(tx, whsId, input.dest_whs_id);
  const orderNo = await nextDocNo(tx, 'mtOrder', actor.timeZone);
  await createOrder(tx, whsId, actor, {
    external_no: orderNo, priority: 2, parcel_split: 0, shop_id: null, cutoff_at: null, carrier: null, tracking_no: null, receiver: null,
    remark: input.remark, lines: input.lines,
  }, SALES_ORDER_SOURCE.values.SCREEN, { orderType: MT, orderNo });
  await tx.insert(mtOrders).values({ whsId, orderNo, destWhsId: input.dest_whs_id, docStatus: DOC.PENDING, remark: input.remark, createdBy: actor.userId });
  return orderNo;
}

/** Replaces the destination, remark and lines of a pending MT order (nothing is allocated before approval). */
export async function updateMtOrder(tx: Db, whsId: string, actor: Actor, orderNo: string, input: MtOrderInput): Promise<void> {
  const [{ order, doc }] = await lockMt(tx, whsId, [orderNo]) as [Locked];
  if (!docEditable(doc.docStatus)) throw refuseStage(doc, 'edited');
  await assertDestination(tx, whsId, input.dest_whs_id);
  await checkLines(tx, whsId, input.lines);
  await tx.delete(salesOrderLines).where(and(eq(salesOrderLines.whsId, whsId), eq(salesOrderLines.orderNo, orderNo)));
  await tx.insert(salesOrderLines).values(input.lines.map((l, i) => ({ whsId, orderNo, lineNo: i + 1, skuId: l.sku_id, qty: l.qty })));
  await tx.update(salesOrders).set({
    lineCount: input.lines.length, totalQty: input.lines.reduce((sum, l) => sum + l.qty, 0), linesHash: linesHash(input.lines), remark: input.remark, updatedAt: sql`now()`,
  }).where(and(eq(salesOrders.whsId, whsId), eq(salesOrders.orderNo, orderNo)));
  await tx.update(mtOrders).set({ destWhsId: input.dest_whs_id, remark: input.remark, updatedAt: sql`now()` })
    .where(and(eq(mtOrders.whsId, whsId), eq(mtOrders.orderNo, orderNo)));
  await logOrders(tx, whsId, [{ orderNo, from: order.status, to: order.status, note: `Edited: to ${input.dest_whs_id}, ${input.lines.length} line(s).` }], actor.userId);
}

// ---- approval ----

function assertMayDecide(doc: MtRow, userId: number): void {
  if (!mayDecide(doc.createdBy, userId)) {
    throw new ApiError(RET.APPROVER_IS_CREATOR, `${mtLabel(doc.orderNo)} was created by you: another approver must decide on it.`, { order_no: doc.orderNo }, 409);
  }
}

export async function approveMtOrder(tx: Db, whsId: string, actor: Actor, orderNo: string): Promise<void> {
  const locked = await lockMt(tx, whsId, [orderNo]);
  const { doc } = locked[0]!;
  assertMayDecide(doc, actor.userId);
  await moveDocs(tx, whsId, locked, DOC.APPROVED, 'approved.', actor.userId, { approvedBy: actor.userId, approvedAt: new Date() });
}

/** Rejects a pending MT order: final; its outbound order is cancelled so no wave ever takes it. */
export async function rejectMtOrder(tx: Db, whsId: string, actor: Actor, orderNo: string, reason: string): Promise<void> {
  const locked = await lockMt(tx, whsId, [orderNo]);
  const { order, doc } = locked[0]!;
  assertMayDecide(doc, actor.userId);
  await moveDocs(tx, whsId, locked, DOC.REJECTED, reason, actor.userId, { approvedBy: actor.userId, approvedAt: new Date(), rejectReason: reason });
  await moveOrder(tx, whsId, order, S.CANCEL, `Rejected: ${reason}`, actor.userId);
}

/** Cancels an MT order before picking: its allocations are released by the sales cancel path. */
export async function cancelMtOrder(tx: Db, whsId: string, actor: Actor, orderNo: string, reason: string): Promise<void> {
  const locked = await lockMt(tx, whsId, [orderNo]);
  const { doc } = locked[0]!;
  if (!docCancellable(doc.docStatus)) throw refuseStage(doc, 'cancelled (it is released to picking)');
  await moveDocs(tx, whsId, locked, DOC.CANCEL, reason, actor.userId);
  await cancelOrder(tx, whsId, actor, orderNo, reason, MT);
}

// ---- allocation and release ----

/** The rank of each order's destination in the warehouse's MT destination priority (unlisted: none). */
async function destinationPrecedence(tx: Db, whsId: string, locked: readonly Locked[]): Promise<Precedence> {
  const ranks = await tx.select({ destWhsId: mtDestinationPriorities.destWhsId, priority: mtDestinationPriorities.priority }).from(mtDestinationPriorities)
    .where(eq(mtDestinationPriorities.whsId, whsId));
  const rankOf = new Map(ranks.map((r) => [r.destWhsId, r.priority]));
  return new Map(locked.flatMap(({ doc }) => (rankOf.has(doc.destWhsId) ? [[doc.orderNo, rankOf.get(doc.destWhsId)!] as const] : [])));
}

/** Thrown out of the trial allocation to roll it back when some orders were short. */
class ShortRun {
  constructor(readonly outcomes: Map<string, AllocationOutcome>) {}
}

export interface MtAllocation {
  orderNo: string;
  status: number;
  allocated: boolean;
  holdReason: string | null;
}

/**
 * Allocates approved MT orders by the MT allocate rules, destinations first by the MT destination
 * priority. All of an order or none, and nothing is written for an order short of stock: should
 * any be short, the trial is rolled back and the orders that got their stock are allocated again
 * alone (they get the same units: a short order takes nothing from those after it). -286001 naming
 * the SKUs short when none could be.
 */
export async function allocateMtOrders(tx: Db, whsId: string, actor: Actor, orderNos: readonly string[]): Promise<MtAllocation[]> {
  const locked = await lockMt(tx, whsId, orderNos);
  const stuck = locked.find(({ doc }) => !docAllocatable(doc.docStatus));
  if (stuck) throw refuseStage(stuck.doc, 'allocated (approve it first, or it is allocated already)');
  const precedence = await destinationPrecedence(tx, whsId, locked);
  let outcomes: Map<string, AllocationOutcome>;
  let short: Map<string, AllocationOutcome> | null = null;
  try {
    outcomes = await tx.transaction(async (sp) => {
      const trial = await allocateOrders(sp, whsId, locked.map((l) => l.order.orderNo), actor.userId, precedence);
      if ([...trial.values()].some((o) => !o.allocated)) throw new ShortRun(trial);
      return trial;
    });
  } catch (error) {
    if (!(error instanceof ShortRun)) throw error;
    short = error.outcomes;
    const winners = locked.filter(({ order }) => short!.get(order.orderNo)?.allocated);
    outcomes = winners.length === 0 ? new Map() : await allocateOrders(tx, whsId, winners.map((l) => l.order.orderNo), actor.userId, precedence);
  }
  const allocated = locked.filter(({ order }) => outcomes.get(order.orderNo)?.allocated);
  if (allocated.length === 0) {
    const reasons = locked.map(({ order }) => short?.get(order.orderNo)?.order.holdReason).filter((r): r is string => !!r);
    throw new ApiError(RET.INSUFFICIENT_STOCK, `Not enough stock to allocate: ${reasons.join(' ') || 'nothing to allocate.'}`, {
      results: locked.map(({ order }) => ({ order_no: order.orderNo, hold_reason: short?.get(order.orderNo)?.order.holdReason ?? null })),
    }, 409);
  }
  await moveDocs(tx, whsId, allocated, DOC.ALLOCATED, 'stock reserved by the MT allocate rule.', actor.userId);
  return locked.map(({ order }) => {
    const done = outcomes.get(order.orderNo);
    if (done?.allocated) return { orderNo: order.orderNo, status: done.order.status, allocated: true, holdReason: null };
    return { orderNo: order.orderNo, status: order.status, allocated: false, holdReason: short?.get(order.orderNo)?.order.holdReason ?? null };
  });
}

/** Releases allocated MT orders to picking in one wave of MT orders: all of them or none. */
export async function releaseMtOrders(tx: Db, whsId: string, actor: Actor, orderNos: readonly string[]): Promise<{ waveNo: string; taskNos: string[] }> {
  const locked = await lockMt(tx, whsId, orderNos);
  const stuck = locked.find(({ doc }) => !docReleasable(doc.docStatus));
  if (stuck) throw refuseStage(stuck.doc, 'released to picking (allocate it first)');
  const { wave, taskNos, skipped } = await releaseWave(tx, whsId, actor, { orderNos: locked.map((l) => l.order.orderNo), orderType: MT, isManual: true });
  if (skipped.length > 0) {
    throw new ApiError(RET.WAVE_ORDER_UNAVAILABLE, `Not every order can be released: ${skipped.map((s) => `${s.order_no}: ${s.reason}`).join(' ')}`, { skipped }, 409);
  }
  await moveDocs(tx, whsId, locked, DOC.OUTBOUNDING, `released in wave ${wave.wave_no}.`, actor.userId);
  return { waveNo: wave.wave_no, taskNos };
}

// ---- shipping onward (mt-shipping.ts) ----

/** The MT documents of dispatched orders: Outbounding → Shipping → In Transit, logged on their orders. */
export async function mtOrdersDispatched(tx: Db, whsId: string, orderNos: readonly string[], note: string, operatorId: number): Promise<void> {
  const locked = await lockMt(tx, whsId, orderNos);
  await moveDocs(tx, whsId, locked, DOC.SHIPPING, note, operatorId);
  await moveDocs(tx, whsId, locked.map((l) => ({ ...l, doc: { ...l.doc, docStatus: DOC.SHIPPING } })), DOC.IN_TRANSIT, note, operatorId);
}
