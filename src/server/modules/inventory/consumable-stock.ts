import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ACTIVE_STATUS, CONSUMABLE_REF_TYPE, CONSUMABLE_TXN_DIRECTION, type CodeOf } from '../../../shared/codes';
import { UPPER_BOUND } from '../../../shared/constants';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { consumableBalances, consumableTxns, consumables } from '../../db/schema';
import { ApiError, badInput } from '../../http/errors';
import { assertInTransaction } from './stock-refs';

/**
 * Consumable stock (docs/consumables.md): one balance a consumable of the warehouse and a log of
 * every change. Like the inventory ledger, every function runs in the caller's transaction (a
 * parcel closed and its box taken commit together), locks the balances it changes in one order of
 * ids so that concurrent calls never deadlock, and refuses the whole call — nothing written — when
 * one line cannot be served; the balance's CHECK (qty ≥ 0) stays as the last guard.
 */

export type ConsumableRefType = CodeOf<typeof CONSUMABLE_REF_TYPE>;

export interface ConsumableLine {
  consumableId: string;
  qty: number;
}

/** The document a change answers to (a parcel, a receipt) and who made it (null: the system). */
export interface ConsumableRef {
  refType: ConsumableRefType;
  refNo: string;
  operatorId: number | null;
}

/** One balance changed: the consumable, by how much, its stock after, and the log row. */
export interface ConsumableMove {
  consumableId: string;
  qty: number;
  balanceAfter: number;
  txnId: number;
}

const { IN, OUT } = CONSUMABLE_TXN_DIRECTION.values;
const REF_NO_MAX = 64;
const ID_MAX = 64;

/** The lines checked and merged by consumable (one balance change each), in lock order. */
function mergedLines(lines: readonly ConsumableLine[]): ConsumableLine[] {
  if (lines.length === 0) throw badInput('lines', 'name at least one consumable');
  const byId = new Map<string, number>();
  lines.forEach((line, i) => {
    if (typeof line.consumableId !== 'string' || line.consumableId.trim() === '' || line.consumableId.length > ID_MAX) {
      throw badInput(`lines.${i}.consumable_id`, `a consumable id of 1 to ${ID_MAX} characters is required`);
    }
    if (!Number.isInteger(line.qty) || line.qty < 1 || line.qty > UPPER_BOUND) throw badInput(`lines.${i}.qty`, `must be a whole number from 1 to ${UPPER_BOUND}`);
    byId.set(line.consumableId, (byId.get(line.consumableId) ?? 0) + line.qty);
  });
  return [...byId].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([consumableId, qty]) => ({ consumableId, qty }));
}

function checkRef(ref: ConsumableRef): void {
  if (!CONSUMABLE_REF_TYPE.has(ref.refType)) throw badInput('ref_type', `unknown consumable reference type ${String(ref.refType)}`);
  if (typeof ref.refNo !== 'string' || ref.refNo.trim() === '' || ref.refNo.length > REF_NO_MAX) {
    throw badInput('ref_no', `a reference number of 1 to ${REF_NO_MAX} characters is required`);
  }
}

interface Locked {
  consumableId: string;
  name: string;
  status: number;
  qty: number;
}

/** Locks the balances of `ids` (sorted) in that order and reads them with their consumable. */
async function lockBalances(tx: Db, whsId: string, ids: readonly string[]): Promise<Map<string, Locked>> {
  const balances = await tx.select({ consumableId: consumableBalances.consumableId, qty: consumableBalances.qty }).from(consumableBalances)
    .where(and(eq(consumableBalances.whsId, whsId), inArray(consumableBalances.consumableId, [...ids])))
    .orderBy(asc(consumableBalances.consumableId)).for('update');
  const masters = await tx.select({ consumableId: consumables.consumableId, name: consumables.consumableName, status: consumables.status }).from(consumables)
    .where(and(eq(consumables.whsId, whsId), inArray(consumables.consumableId, [...ids])));
  const qtyOf = new Map(balances.map((b) => [b.consumableId, b.qty]));
  return new Map(masters.map((m) => [m.consumableId, { ...m, qty: qtyOf.get(m.consumableId) ?? 0 }]));
}

function unusable(whsId: string, consumableId: string, found: Locked | undefined): ApiError | null {
  if (!found) {
    return new ApiError(RET.CONSUMABLE_UNUSABLE, `Consumable ${consumableId} is not a consumable of warehouse ${whsId}.`, { consumable_id: consumableId, reason: 'unknown' });
  }
  if (found.status !== ACTIVE_STATUS.values.ACTIVE) {
    return new ApiError(RET.CONSUMABLE_UNUSABLE, `Consumable ${consumableId} (${found.name}) is inactive: it cannot be used.`, { consumable_id: consumableId, reason: 'inactive' });
  }
  return null;
}

/** Changes each balance by `sign × qty` (already checked) and logs it. */
async function post(tx: Db, whsId: string, lines: readonly ConsumableLine[], direction: typeof IN | typeof OUT, ref: ConsumableRef): Promise<ConsumableMove[]> {
  const moves: ConsumableMove[] = [];
  const delta = direction === IN ? 1 : -1;
  for (const { consumableId, qty } of lines) {
    const [balance] = await tx.insert(consumableBalances).values({ whsId, consumableId, qty: Math.max(0, delta * qty) })
      .onConflictDoUpdate({
        target: [consumableBalances.whsId, consumableBalances.consumableId],
        set: { qty: sql`${consumableBalances.qty} + ${delta * qty}`, updatedAt: sql`now()` },
      })
      .returning({ qty: consumableBalances.qty });
    const [txn] = await tx.insert(consumableTxns).values({
      whsId, consumableId, direction, qty, balanceAfter: balance!.qty, refType: ref.refType, refNo: ref.refNo, operatorId: ref.operatorId,
    }).returning({ txnId: consumableTxns.txnId });
    moves.push({ consumableId, qty, balanceAfter: balance!.qty, txnId: txn!.txnId });
  }
  return moves;
}

/**
 * Takes consumables out of the warehouse's stock for a document (a parcel packed: refType PACKING,
 * refNo the parcel). All or nothing: an unknown or inactive consumable is -290001, too little stock
 * -290002, each naming the consumable (the first in id order), and nothing is written.
 */
export async function takeConsumables(tx: Db, whsId: string, lines: readonly ConsumableLine[], ref: ConsumableRef): Promise<ConsumableMove[]> {
  assertInTransaction(tx);
  checkRef(ref);
  const merged = mergedLines(lines);
  const locked = await lockBalances(tx, whsId, merged.map((l) => l.consumableId));
  for (const { consumableId, qty } of merged) {
    const found = locked.get(consumableId);
    const refusal = unusable(whsId, consumableId, found);
    if (refusal) throw refusal;
    if (found!.qty < qty) {
      throw new ApiError(
        RET.CONSUMABLE_SHORT,
        `Not enough ${consumableId} (${found!.name}) in stock: wanted ${qty}, ${found!.qty} left.`,
        { consumable_id: consumableId, wanted: qty, available: found!.qty },
      );
    }
  }
  return post(tx, whsId, merged, OUT, ref);
}

/**
 * Puts consumables a document took back into stock (a parcel cancelled or reopened before it left):
 * `ref` names the taking document as it was taken (e.g. PACKING and the parcel number); the return is
 * logged as PARCEL_CANCELLED with the same number. Never more than the document took and has not
 * had back (-290003). An inactive consumable may come back: the box is on the shelf again either way.
 */
export async function returnConsumables(tx: Db, whsId: string, lines: readonly ConsumableLine[], ref: ConsumableRef): Promise<ConsumableMove[]> {
  assertInTransaction(tx);
  checkRef(ref);
  const merged = mergedLines(lines);
  const locked = await lockBalances(tx, whsId, merged.map((l) => l.consumableId));
  const returnType = CONSUMABLE_REF_TYPE.values.PARCEL_CANCELLED;
  const t = consumableTxns;
  const taken = await tx.select({
    consumableId: t.consumableId,
    out: sql<number>`coalesce(sum(${t.qty}) filter (where ${t.direction} = ${OUT} and ${t.refType} = ${ref.refType}), 0)::int`,
    back: sql<number>`coalesce(sum(${t.qty}) filter (where ${t.direction} = ${IN} and ${t.refType} = ${returnType}), 0)::int`,
  }).from(t).where(and(eq(t.whsId, whsId), eq(t.refNo, ref.refNo), inArray(t.consumableId, merged.map((l) => l.consumableId))))
    .groupBy(t.consumableId);
  const open = new Map(taken.map((r) => [r.consumableId, r.out - r.back]));
  for (const { consumableId, qty } of merged) {
    if (!locked.get(consumableId)) throw unusable(whsId, consumableId, undefined)!;
    const left = open.get(consumableId) ?? 0;
    if (qty > left) {
      throw new ApiError(
        RET.CONSUMABLE_RETURN_EXCEEDS,
        `${ref.refNo} took ${left} of ${consumableId} that have not come back; ${qty} cannot be returned.`,
        { consumable_id: consumableId, returned: qty, taken: left },
      );
    }
  }
  return post(tx, whsId, merged, IN, { ...ref, refType: returnType });
}

/** Receives consumables into stock (consumables inbound: refType INBOUND, refNo the receipt). The consumable must be active. */
export async function receiveConsumables(tx: Db, whsId: string, lines: readonly ConsumableLine[], ref: ConsumableRef): Promise<ConsumableMove[]> {
  assertInTransaction(tx);
  checkRef(ref);
  const merged = mergedLines(lines);
  const locked = await lockBalances(tx, whsId, merged.map((l) => l.consumableId));
  for (const { consumableId } of merged) {
    const refusal = unusable(whsId, consumableId, locked.get(consumableId));
    if (refusal) throw refusal;
  }
  return post(tx, whsId, merged, IN, ref);
}
