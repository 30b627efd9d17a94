import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { OUTBOUND_ORDER_TYPE, RTS_STATUS, SALES_ORDER_SOURCE, type CodeOf } from '../../../shared/codes';
import { OUTBOUND_DOC_LIFECYCLE, type Lifecycle } from '../../../shared/lifecycles';
import { DOC, docAllocatable, docCancellable, docEditable, docReleasable, mayDecide, type DocStatus } from '../../../shared/outbound/doc-lifecycle';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { salesOrderLines, salesOrders } from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import { assertTransition } from '../../http/lifecycle';
import { nextDocNo, type DocKind as DocNoKind } from '../../common/doc-no';
import { allocateOrders, type AllocationOutcome, type Precedence } from './allocation';
import { cancelOrder } from './cancel-after-checking';
import { S, assertOrderType, checkLines, createOrder, linesHash, lockOrders, logOrders, moveOrder, type Actor, type OrderRow } from './sales-order';
import { releaseWave } from './wave';

/**
 * Outbound order documents (docs/outbound.md "Order types and MT orders", "RTS orders"): an
 * outbound order of a type other than sales (MT, RTS) with its document in a table of its own
 * (mt_orders, rts_orders). Everything a document does the same whatever its type is here —
 * create, replace lines, approve (four eyes), reject, cancel, allocate by the type's allocate
 * rules, release in a wave of its type — parameterised by a DocKind; each type adds its fields.
 * Locks: the outbound orders first (their number order), then their documents.
 */

type OrderType = CodeOf<typeof OUTBOUND_ORDER_TYPE>;
type DocOrderInput = { remark: string | null; lines: { sku_id: string; qty: number }[] };

/** The columns every document table has. */
interface DocColumns {
  whsId: PgColumn;
  orderNo: PgColumn;
  docStatus: PgColumn;
  createdBy: PgColumn;
}

/** One type of outbound order document. */
export interface DocKind {
  orderType: OrderType;
  /** Its document number kind (nextDocNo). */
  numbering: DocNoKind;
  table: PgTable & DocColumns;
  /** 'MT order', 'RTS order': how messages and log rows name it. */
  noun: string;
  /** Its document's lifecycle; OUTBOUND_DOC_LIFECYCLE when none. */
  lifecycle?: Lifecycle<DocStatus>;
  /**
   * Orders allocated together are served in this precedence first (then priority and age): MT, the
   * destination priority. None: priority and age only.
   */
  precedence?(tx: Db, whsId: string, locked: readonly LockedDoc[]): Promise<Precedence>;
}

/** A document's fields the common steps read. */
export interface DocHead {
  orderNo: string;
  docStatus: number;
  createdBy: number | null;
}

export interface LockedDoc {
  order: OrderRow;
  doc: DocHead;
}

/** The columns of a document table that a step may set (beyond doc_status and updated_at). */
export type DocSet = Record<string, unknown>;

const docName = (status: number) => RTS_STATUS.label(status)?.message ?? String(status);
export const docLabel = (kind: DocKind, orderNo: string) => `${kind.noun} ${orderNo}`;

const whereDocs = (kind: DocKind, whsId: string, orderNos: readonly string[]): SQL =>
  and(eq(kind.table.whsId, whsId), inArray(kind.table.orderNo, [...orderNos]))!;

/** Documents of the warehouse locked for a change (outbound orders, then documents); an unknown one, or one of another type, is not found. */
export async function lockDocs(tx: Db, kind: DocKind, whsId: string, orderNos: readonly string[]): Promise<LockedDoc[]> {
  const wanted = [...new Set(orderNos)];
  const orders = await lockOrders(tx, whsId, wanted);
  for (const no of wanted) {
    const order = orders.get(no);
    if (!order) throw notFound(docLabel(kind, no));
    assertOrderType(order, kind.orderType);
  }
  const t = kind.table;
  const docs = await tx.select({ orderNo: sql<string>`${t.orderNo}`, docStatus: sql<number>`${t.docStatus}`, createdBy: sql<number | null>`${t.createdBy}` })
    .from(t).where(whereDocs(kind, whsId, wanted))
    .orderBy(sql`${t.orderNo} collate "C"`).for('update');
  const docOf = new Map(docs.map((d) => [d.orderNo, d]));
  return wanted.map((no) => {
    const doc = docOf.get(no);
    if (!doc) throw notFound(docLabel(kind, no));
    return { order: orders.get(no)!, doc };
  });
}

/** Refuses a document whose stage does not allow the step (-100412 naming where it is). */
export function refuseStage(kind: DocKind, doc: DocHead, step: string): ApiError {
  return new ApiError(RET.ILLEGAL_TRANSITION, `${docLabel(kind, doc.orderNo)} is ${docName(doc.docStatus)}: it cannot be ${step} now.`, { order_no: doc.orderNo, from: doc.docStatus }, 409);
}

/** Sets columns of documents (and updated_at). */
export async function setDocs(tx: Db, kind: DocKind, whsId: string, orderNos: readonly string[], set: DocSet): Promise<void> {
  await tx.update(kind.table).set({ ...set, updatedAt: sql`now()` } as never).where(whereDocs(kind, whsId, orderNos));
}

/** Moves documents along their kind's lifecycle with a log row on their outbound order each. */
export async function moveDocs(tx: Db, kind: DocKind, whsId: string, locked: readonly LockedDoc[], to: DocStatus, note: string, operatorId: number | null, set: DocSet = {}): Promise<void> {
  if (locked.length === 0) return;
  for (const { doc } of locked) assertTransition(kind.lifecycle ?? OUTBOUND_DOC_LIFECYCLE, docLabel(kind, doc.orderNo), doc.docStatus as DocStatus, to);
  await setDocs(tx, kind, whsId, locked.map((l) => l.doc.orderNo), { ...set, docStatus: to });
  // The order's own status is unchanged: the log row says what the document did.
  await logOrders(tx, whsId, locked.map(({ order }) => ({ orderNo: order.orderNo, from: order.status, to: order.status, note: `${docName(to)}: ${note}` })), operatorId);
}

/**
 * A document that follows its units back in on the inbound side (an MT shipment at its destination,
 * an RTS's re-inbound ASN) moves to `target` — Inbounding or Done — while it is In Transit or
 * Inbounding and not there yet; otherwise it stays (ended, or moved on by hand). Locks it first.
 */
export async function followInbound(tx: Db, kind: DocKind, whsId: string, orderNo: string, target: DocStatus, note: string): Promise<void> {
  const locked = await lockDocs(tx, kind, whsId, [orderNo]);
  const current = locked[0]!.doc.docStatus;
  if ((current !== DOC.IN_TRANSIT && current !== DOC.INBOUNDING) || current === target) return;
  await moveDocs(tx, kind, whsId, locked, target, note, null);
}

// ---- creating and editing ----

/** Makes the outbound order of a new document (its number is the document's); the caller inserts the document. */
export async function createDocOrder(tx: Db, kind: DocKind, whsId: string, actor: Actor, input: DocOrderInput): Promise<string> {
  const orderNo = await nextDocNo(tx, kind.numbering, actor.timeZone);
  await createOrder(tx, whsId, actor, {
    external_no: orderNo, priority: 2, parcel_split: 0, shop_id: null, cutoff_at: null, carrier: null, tracking_no: null, receiver: null,
    remark: input.remark, lines: input.lines,
  }, SALES_ORDER_SOURCE.values.SCREEN, { orderType: kind.orderType, orderNo });
  return orderNo;
}

/** Locks a document to edit: refused once it is no longer pending (nothing is allocated before approval). */
export async function lockForEdit(tx: Db, kind: DocKind, whsId: string, orderNo: string): Promise<LockedDoc> {
  const [locked] = await lockDocs(tx, kind, whsId, [orderNo]) as [LockedDoc];
  if (!docEditable(locked.doc.docStatus)) throw refuseStage(kind, locked.doc, 'edited');
  return locked;
}

/** Replaces a pending document's lines, remark and its fields (`set`), with a log row. */
export async function replaceDocOrder(
  tx: Db, kind: DocKind, whsId: string, actor: Actor, { order }: LockedDoc, input: DocOrderInput, set: DocSet, note: string,
): Promise<void> {
  const orderNo = order.orderNo;
  await checkLines(tx, whsId, input.lines);
  await tx.delete(salesOrderLines).where(and(eq(salesOrderLines.whsId, whsId), eq(salesOrderLines.orderNo, orderNo)));
  await tx.insert(salesOrderLines).values(input.lines.map((l, i) => ({ whsId, orderNo, lineNo: i + 1, skuId: l.sku_id, qty: l.qty })));
  await tx.update(salesOrders).set({
    lineCount: input.lines.length, totalQty: input.lines.reduce((sum, l) => sum + l.qty, 0), linesHash: linesHash(input.lines), remark: input.remark, updatedAt: sql`now()`,
  }).where(and(eq(salesOrders.whsId, whsId), eq(salesOrders.orderNo, orderNo)));
  await setDocs(tx, kind, whsId, [orderNo], { ...set, remark: input.remark });
  await logOrders(tx, whsId, [{ orderNo, from: order.status, to: order.status, note: `Edited: ${note}, ${input.lines.length} line(s).` }], actor.userId);
}

// ---- approval ----

function assertMayDecide(kind: DocKind, doc: DocHead, userId: number): void {
  if (!mayDecide(doc.createdBy, userId)) {
    throw new ApiError(RET.APPROVER_IS_CREATOR, `${docLabel(kind, doc.orderNo)} was created by you: another approver must decide on it.`, { order_no: doc.orderNo }, 409);
  }
}

/** Approves a pending document; `check` runs the type's own checks on it first (e.g. a quota). */
export async function approveDoc(tx: Db, kind: DocKind, whsId: string, actor: Actor, orderNo: string, check?: (locked: LockedDoc) => Promise<void>): Promise<void> {
  const locked = await lockDocs(tx, kind, whsId, [orderNo]);
  assertMayDecide(kind, locked[0]!.doc, actor.userId);
  await check?.(locked[0]!);
  await moveDocs(tx, kind, whsId, locked, DOC.APPROVED, 'approved.', actor.userId, { approvedBy: actor.userId, approvedAt: new Date() });
}

/** Rejects a pending document: final; its outbound order is cancelled so no wave ever takes it. */
export async function rejectDoc(tx: Db, kind: DocKind, whsId: string, actor: Actor, orderNo: string, reason: string): Promise<void> {
  const locked = await lockDocs(tx, kind, whsId, [orderNo]);
  const { order, doc } = locked[0]!;
  assertMayDecide(kind, doc, actor.userId);
  await moveDocs(tx, kind, whsId, locked, DOC.REJECTED, reason, actor.userId, { approvedBy: actor.userId, approvedAt: new Date(), rejectReason: reason });
  await moveOrder(tx, whsId, order, S.CANCEL, `Rejected: ${reason}`, actor.userId);
}

/** Cancels a document before picking: its allocations are released by the sales cancel path. */
export async function cancelDoc(tx: Db, kind: DocKind, whsId: string, actor: Actor, orderNo: string, reason: string): Promise<void> {
  const locked = await lockDocs(tx, kind, whsId, [orderNo]);
  const { doc } = locked[0]!;
  if (!docCancellable(doc.docStatus)) throw refuseStage(kind, doc, 'cancelled (it is released to picking)');
  await moveDocs(tx, kind, whsId, locked, DOC.CANCEL, reason, actor.userId);
  await cancelOrder(tx, whsId, actor, orderNo, reason, kind.orderType);
}

// ---- allocation and release ----

/** Thrown out of the trial allocation to roll it back when some orders were short. */
class ShortRun {
  constructor(readonly outcomes: Map<string, AllocationOutcome>) {}
}

export interface DocAllocation {
  orderNo: string;
  status: number;
  allocated: boolean;
  holdReason: string | null;
}

/**
 * Allocates approved documents' orders by their type's allocate rules (allocateOrders decides each
 * order by the rules of its own type), in the kind's precedence. All of an order or none, and
 * nothing is written for an order short of stock: should any be short, the trial is rolled back
 * and the orders that got their stock are allocated again alone (they get the same units: a short
 * order takes nothing from those after it). -286001 naming the SKUs short when none could be.
 */
export async function allocateDocs(tx: Db, kind: DocKind, whsId: string, actor: Actor, orderNos: readonly string[]): Promise<DocAllocation[]> {
  const locked = await lockDocs(tx, kind, whsId, orderNos);
  const stuck = locked.find(({ doc }) => !docAllocatable(doc.docStatus));
  if (stuck) throw refuseStage(kind, stuck.doc, 'allocated (approve it first, or it is allocated already)');
  const precedence = kind.precedence ? await kind.precedence(tx, whsId, locked) : undefined;
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
  await moveDocs(tx, kind, whsId, allocated, DOC.ALLOCATED, `stock reserved by the ${kind.noun.replace(/ order$/, '')} allocate rule.`, actor.userId);
  return locked.map(({ order }) => {
    const done = outcomes.get(order.orderNo);
    if (done?.allocated) return { orderNo: order.orderNo, status: done.order.status, allocated: true, holdReason: null };
    return { orderNo: order.orderNo, status: order.status, allocated: false, holdReason: short?.get(order.orderNo)?.order.holdReason ?? null };
  });
}

/** Releases allocated documents' orders to picking in one wave of their type: all of them or none. */
export async function releaseDocs(tx: Db, kind: DocKind, whsId: string, actor: Actor, orderNos: readonly string[]): Promise<{ waveNo: string; taskNos: string[] }> {
  const locked = await lockDocs(tx, kind, whsId, orderNos);
  const stuck = locked.find(({ doc }) => !docReleasable(doc.docStatus));
  if (stuck) throw refuseStage(kind, stuck.doc, 'released to picking (allocate it first)');
  const { wave, taskNos, skipped } = await releaseWave(tx, whsId, actor, { orderNos: locked.map((l) => l.order.orderNo), orderType: kind.orderType, isManual: true });
  if (skipped.length > 0) {
    throw new ApiError(RET.WAVE_ORDER_UNAVAILABLE, `Not every order can be released: ${skipped.map((s) => `${s.order_no}: ${s.reason}`).join(' ')}`, { skipped }, 409);
  }
  await moveDocs(tx, kind, whsId, locked, DOC.OUTBOUNDING, `released in wave ${wave.wave_no}.`, actor.userId);
  return { waveNo: wave.wave_no, taskNos };
}
