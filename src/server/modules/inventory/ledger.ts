import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import {
  INVENTORY_LOCK_ACTION, INVENTORY_REF_TYPE, INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE, LOCATION_STATUS, QUALITY, STOCK_LOCATION_TYPE, type CodeOf,
} from '../../../shared/codes';
import { UPPER_BOUND } from '../../../shared/constants';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { inventoryLockLogs, locationInventory } from '../../db/schema';
import { ApiError, badInput, pgError } from '../../http/errors';
import { assertStockMayMove } from './full-stock-count';
import { acceptsStock, assertInTransaction, checkBatchesExist, resolveLocations, type StockLocation } from './stock-refs';
import { changeStockTotals, type CellStockDelta } from './zone-stock';

/**
 * The inventory ledger: the one way stock changes. Every function runs inside the caller's
 * transaction, so a business step (a putaway, a pick, an adjustment) and its stock change commit
 * or roll back together. On hand changes are posted as ledger rows (debit into a location,
 * credit out of it) written with the balance change; blocking and pre-pick reservations change
 * how much of the on hand is available and never the on hand itself.
 *
 * Balances change with guarded statements (`UPDATE … WHERE available >= qty RETURNING`, or an
 * upsert for increases), several balances at once; a post first locks its balances in one global
 * order of keys so that concurrent posts never deadlock. Too little stock is `RET.INSUFFICIENT_STOCK`; the CHECK constraints of
 * `location_inventory` stay as the backstop and map to the same refusal. Every change of balances
 * in cells also changes the zone stock, and every change of on hand the SKU's (zone-stock.ts), in
 * the same transaction, after the balances.
 */

export type Quality = CodeOf<typeof QUALITY>;
export type TxnType = CodeOf<typeof INVENTORY_TRANSACTION_TYPE>;
export type TxnDirection = CodeOf<typeof INVENTORY_TRANSACTION_DIRECTION>;
export type InventoryRefType = CodeOf<typeof INVENTORY_REF_TYPE>;

const { DEBIT, CREDIT } = INVENTORY_TRANSACTION_DIRECTION.values;
const T = INVENTORY_TRANSACTION_TYPE.values;

/**
 * Types that only take stock out of the warehouse's books, and types that only bring it in; the
 * rest (putaway, rack/batch transfer, picking, reverse) move stock between balances and take both.
 * The table's CHECK constraint holds the same rule.
 */
const CREDIT_ONLY: ReadonlySet<TxnType> = new Set([T.SHIP_ORDER, T.RETURN_TO_SUPPLIER, T.SHORTAGE, T.ADJUST_DECREASE, T.MOVE_OUTBOUND]);
const DEBIT_ONLY: ReadonlySet<TxnType> = new Set([T.OVERAGE, T.RECEIVED, T.ADJUST_INCREASE, T.MOVE_INBOUND, T.RE_RECEIVED]);

/**
 * What posts while a full stock count runs: the count's own differences. Everything else that
 * changes on hand waits for its end (full-stock-count.ts); blocks and pick reservations change no
 * on hand and go on.
 */
const COUNT_TYPES: ReadonlySet<TxnType> = new Set([T.OVERAGE, T.SHORTAGE]);

export function txnTypeAllows(type: TxnType, direction: TxnDirection): boolean {
  return direction === DEBIT ? !CREDIT_ONLY.has(type) : !DEBIT_ONLY.has(type);
}

/** One balance: a SKU batch of one quality at one location. */
export interface StockKey {
  location: string;
  skuId: string;
  batchId: string;
  quality: Quality;
}

export interface StockQty extends StockKey {
  qty: number;
}

/** One ledger line: `qty` units into (debit) or out of (credit) a balance. */
export interface StockLine extends StockQty {
  txnType: TxnType;
  direction: TxnDirection;
  /** The other end of a move, shown in the transaction log. */
  counterLocation?: string | null;
}

/** Who changes stock: the user (null for the system) and the offline op, when one caused it. */
export interface StockActor {
  operatorId: number | null;
  opId?: string | null;
}

/** The document a posting answers to, e.g. ADJUSTMENT / ADJ2026000123. */
export interface StockRef extends StockActor {
  refType: InventoryRefType;
  refNo: string;
}

export interface BlockReason extends StockActor {
  reason: string;
  refType?: InventoryRefType | null;
  refNo?: string | null;
}

export interface PostedLine {
  txnId: number;
  onhandAfter: number;
}

/** A move of units between two balances: a credit at `from` and a debit at `to` (another location, batch or quality). */
export interface StockMove {
  txnType: TxnType;
  from: StockKey;
  to: Omit<StockKey, 'skuId'>;
  qty: number;
}

const CODE_MAX = 100;
const REF_NO_MAX = 64;
const REASON_MAX = 200;

// ---- checks ----

/** Text the database can store and a person can read back: not blank, not too long, no NUL. */
const isText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.trim().length > 0 && value.length <= max && !value.includes('\0');

function checkKey(key: StockKey, path: string): void {
  if (!isText(key.location, CODE_MAX)) throw badInput(`${path}.location`, `a location code of 1 to ${CODE_MAX} characters is required`);
  if (!isText(key.skuId, CODE_MAX)) throw badInput(`${path}.sku_id`, `a SKU id of 1 to ${CODE_MAX} characters is required`);
  if (!isText(key.batchId, CODE_MAX)) throw badInput(`${path}.batch_id`, `a batch id of 1 to ${CODE_MAX} characters is required`);
  if (!QUALITY.has(key.quality)) throw badInput(`${path}.quality`, `unknown quality ${String(key.quality)}: good 1 or damaged 2`);
}

function checkQty(qty: number, path: string): void {
  if (!Number.isInteger(qty) || qty < 1 || qty > UPPER_BOUND) throw badInput(`${path}.qty`, `must be a whole number from 1 to ${UPPER_BOUND}`);
}

function checkLine(line: StockLine, path: string): void {
  checkKey(line, path);
  checkQty(line.qty, path);
  if (line.counterLocation != null && !isText(line.counterLocation, CODE_MAX)) throw badInput(`${path}.counter_location`, `a location code of 1 to ${CODE_MAX} characters`);
  if (!INVENTORY_TRANSACTION_TYPE.has(line.txnType)) throw badInput(`${path}.txn_type`, `unknown inventory transaction type ${String(line.txnType)}`);
  if (!INVENTORY_TRANSACTION_DIRECTION.has(line.direction)) throw badInput(`${path}.direction`, 'debit 1 (into the location) or credit 2 (out of it)');
  if (!txnTypeAllows(line.txnType, line.direction)) {
    const type = INVENTORY_TRANSACTION_TYPE.label(line.txnType)?.message;
    throw badInput(`${path}.direction`, `a ${type} transaction ${line.direction === DEBIT ? 'cannot put stock into' : 'cannot take stock out of'} a location`);
  }
}

function checkDocument(refType: unknown, refNo: unknown, required: boolean): void {
  if (!required && refType == null && refNo == null) return;
  if (!INVENTORY_REF_TYPE.has(refType)) throw badInput('ref_type', `unknown reference type ${String(refType)}`);
  if (!isText(refNo, REF_NO_MAX)) throw badInput('ref_no', `a reference number of 1 to ${REF_NO_MAX} characters is required`);
}

// ---- balances ----

const keyOf = (k: StockKey) => `${k.location}\u0000${k.skuId}\u0000${k.batchId}\u0000${k.quality}`;

/** The one order every change takes balances in: no two posts wait on each other in a cycle. */
function compareKeys(a: StockKey, b: StockKey): number {
  return cmp(a.location, b.location) || cmp(a.skuId, b.skuId) || cmp(a.batchId, b.batchId) || a.quality - b.quality;
}
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Indexes of the lines in the order their balances are taken; lines of one balance keep the order given. */
const keyOrder = (lines: readonly StockKey[]) => lines.map((_, i) => i).sort((a, b) => compareKeys(lines[a]!, lines[b]!) || a - b);

const li = locationInventory;

/** What a change of a balance does to the zone stock: nothing unless the balance is in a cell. */
function cellDelta(locations: Map<string, StockLocation>, k: StockKey, change: Pick<CellStockDelta, 'onhand' | 'locked' | 'prepick'>): CellStockDelta[] {
  const zoneId = locations.get(k.location)!.zoneId;
  return zoneId === null ? [] : [{ cell: k.location, zoneId, skuId: k.skuId, ...change }];
}
const balanceWhere = (whsId: string, k: StockKey): SQL =>
  and(eq(li.whsId, whsId), eq(li.locationId, k.location), eq(li.skuId, k.skuId), eq(li.batchId, k.batchId), eq(li.quality, k.quality))!;

type Bucket = 'available' | 'locked' | 'prepick';
const BUCKET_WORDS: Record<Bucket, { stock: string; have: string }> = {
  available: { stock: 'available stock', have: 'available' },
  locked: { stock: 'blocked stock', have: 'blocked' },
  prepick: { stock: 'pre-picked stock', have: 'pre-picked' },
};

function insufficient(whsId: string, k: StockKey, bucket: Bucket, wanted: number, have: number | null): ApiError {
  const words = BUCKET_WORDS[bucket];
  const quality = (QUALITY.label(k.quality)?.message ?? String(k.quality)).toLowerCase();
  return new ApiError(
    RET.INSUFFICIENT_STOCK,
    `Not enough ${words.stock} at ${k.location} for SKU ${k.skuId} batch ${k.batchId} (${quality}): wanted ${wanted}, ${words.have} ${have ?? 'less'}.`,
    { whs_id: whsId, location_id: k.location, sku_id: k.skuId, batch_id: k.batchId, quality: k.quality, stock: bucket, wanted, available: have },
  );
}

/** How much of a bucket a balance holds now (0 when it has no row), to say so in the refusal. */
async function bucketQty(tx: Db, whsId: string, k: StockKey, bucket: Bucket): Promise<number> {
  const column = bucket === 'available' ? li.availableQty : bucket === 'locked' ? li.lockedQty : li.prepickQty;
  const [row] = await tx.select({ qty: column }).from(li).where(balanceWhere(whsId, k));
  return row?.qty ?? 0;
}

/** The balance a statement changes and what it needs, to word a refusal. */
interface Need {
  key: StockKey;
  bucket: Bucket;
  wanted: number;
}

/**
 * Runs one balance statement. The guards make the constraints unreachable; if one fires anyway
 * (a bug, a hand-made row) the caller still gets the clear refusal, not a 500.
 */
async function guarded<T>(whsId: string, need: Need | null, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const { code, constraint } = pgError(error);
    if (code === '23514' && constraint?.startsWith('location_inventory_')) {
      if (need) throw insufficient(whsId, need.key, need.bucket, need.wanted, null);
      throw new ApiError(RET.INSUFFICIENT_STOCK, 'Not enough stock for this change.', null);
    }
    if (code === '22003') throw badInput('qty', `a balance${need ? ` of SKU ${need.key.skuId} at ${need.key.location}` : ''} would exceed the largest quantity one balance can count`);
    throw error;
  }
}

const CHUNK = 500;
function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** Adds units to balances (distinct keys, in key order): one upsert per chunk; returns on hand after, by key. */
async function addOnhand(tx: Db, whsId: string, lines: readonly StockLine[], locations: Map<string, StockLocation>): Promise<Map<string, number>> {
  const after = new Map<string, number>();
  for (const part of chunks(lines)) {
    const rows = await guarded(whsId, part.length === 1 ? { key: part[0]!, bucket: 'available', wanted: part[0]!.qty } : null, () => tx.insert(li)
      .values(part.map((l) => ({
        whsId, locationId: l.location, locationType: locations.get(l.location)!.type, skuId: l.skuId, batchId: l.batchId, quality: l.quality, onhandQty: l.qty,
      })))
      .onConflictDoUpdate({
        target: [li.whsId, li.locationId, li.skuId, li.batchId, li.quality],
        set: { onhandQty: sql`${li.onhandQty} + excluded.onhand_qty`, updatedAt: sql`now()` },
      })
      .returning({ location: li.locationId, skuId: li.skuId, batchId: li.batchId, quality: li.quality, onhand: li.onhandQty }));
    for (const r of rows) after.set(keyOf({ ...r, quality: r.quality as Quality }), r.onhand);
  }
  return after;
}

/**
 * Where the units a credit takes come from: the balance's available stock, or the units pre-picked
 * for it (a pick), whose reservation is released by the same change.
 */
type TakeFrom = 'available' | 'prepick';

/** Takes units out of a balance (its available or its pre-picked stock); refused when it holds too little. */
async function takeOnhand(tx: Db, whsId: string, line: StockLine, from: TakeFrom): Promise<number> {
  const [row] = await guarded(whsId, { key: line, bucket: from, wanted: line.qty }, () => tx.update(li)
    .set({
      onhandQty: sql`${li.onhandQty} - ${line.qty}`, updatedAt: sql`now()`,
      ...(from === 'prepick' ? { prepickQty: sql`${li.prepickQty} - ${line.qty}` } : {}),
    })
    .where(and(balanceWhere(whsId, line), gte(from === 'prepick' ? li.prepickQty : li.availableQty, line.qty)))
    .returning({ onhand: li.onhandQty }));
  if (!row) throw insufficient(whsId, line, from, line.qty, await bucketQty(tx, whsId, line, from));
  return row.onhand;
}

/** Balances as one JSON parameter for a join: a list of values would be a parameter each, and is planned slowly when long. */
const balancesJson = (keys: readonly (StockKey & { qty?: number })[]) =>
  JSON.stringify(keys.map((k) => ({ location_id: k.location, sku_id: k.skuId, batch_id: k.batchId, quality: k.quality, qty: k.qty ?? 0 })));

/**
 * Locks balances (those that exist) in the one key order in a single statement, so that the
 * statements after it may change them in any order without two posts waiting on each other.
 */
async function lockBalances(tx: Db, whsId: string, keys: readonly StockKey[]): Promise<void> {
  // Sorted like compareKeys: byte order, whatever the database's collation.
  await tx.execute(sql`select 1 from location_inventory li
    join jsonb_to_recordset(${balancesJson(keys)}::jsonb) as v(location_id text, sku_id text, batch_id text, quality smallint)
      on li.whs_id = ${whsId} and li.location_id = v.location_id and li.sku_id = v.sku_id and li.batch_id = v.batch_id and li.quality = v.quality
    order by li.location_id collate "C", li.sku_id collate "C", li.batch_id collate "C", li.quality for update of li`);
}

/**
 * Takes units out of several balances (distinct keys; their available or their pre-picked stock) in
 * one statement; refused, naming the first in key order, when one holds too little. Returns on hand
 * after, by key.
 */
async function takeOnhandMany(tx: Db, whsId: string, lines: readonly StockLine[], from: TakeFrom): Promise<Map<string, number>> {
  if (lines.length === 1) return new Map([[keyOf(lines[0]!), await takeOnhand(tx, whsId, lines[0]!, from)]]);
  const after = new Map<string, number>();
  const releasing = from === 'prepick' ? sql`, prepick_qty = location_inventory.prepick_qty - v.qty` : sql``;
  // Both drivers answer a raw statement with its `rows`.
  const { rows } = (await guarded(whsId, null, () => tx.execute(sql`update location_inventory
    set onhand_qty = location_inventory.onhand_qty - v.qty, updated_at = now()${releasing}
    from jsonb_to_recordset(${balancesJson(lines)}::jsonb) as v(location_id text, sku_id text, batch_id text, quality smallint, qty int)
    where location_inventory.whs_id = ${whsId} and location_inventory.location_id = v.location_id and location_inventory.sku_id = v.sku_id
      and location_inventory.batch_id = v.batch_id and location_inventory.quality = v.quality
      and location_inventory.${sql.raw(from === 'prepick' ? 'prepick_qty' : 'available_qty')} >= v.qty
    returning location_inventory.location_id, location_inventory.sku_id, location_inventory.batch_id, location_inventory.quality, location_inventory.onhand_qty`))) as unknown as {
    rows: { location_id: string; sku_id: string; batch_id: string; quality: number; onhand_qty: number }[];
  };
  for (const r of rows) after.set(keyOf({ location: r.location_id, skuId: r.sku_id, batchId: r.batch_id, quality: r.quality as Quality }), r.onhand_qty);
  const short = lines.find((l) => !after.has(keyOf(l)));
  if (short) throw insufficient(whsId, short, from, short.qty, await bucketQty(tx, whsId, short, from));
  return after;
}

// ---- the entry points ----

/** One document's lines in a combined posting (postStockMany). */
interface Posting {
  lines: readonly StockLine[];
  ref: StockRef;
}

/**
 * On hand after each of a balance's lines, from its value after the last: walking back from
 * `final`, each earlier line's after is the later one's less what the later line added.
 */
function runningAfter(positions: readonly number[], qty: (position: number) => number, final: number, sign: 1 | -1, into: number[]): void {
  let later = 0;
  for (let j = positions.length - 1; j >= 0; j--) {
    into[positions[j]!] = final - sign * later;
    later += qty(positions[j]!);
  }
}

/**
 * Posts the lines of several documents at once, as if posted one after another in the order
 * given (e.g. the puts of a device's replayed queue, each answering to its own op): every
 * balance changes and every line is written to `inventory_transactions` with its own document,
 * or, on any refusal, nothing is (the caller's transaction rolls back). A balance all of whose
 * lines go one way changes in one statement for their total; each line's on hand after is still
 * its own. Returns the transaction id and on hand after of each line, per posting.
 */
export async function postStockMany(tx: Db, whsId: string, postings: readonly Posting[], takeFrom: TakeFrom = 'available'): Promise<PostedLine[][]> {
  assertInTransaction(tx);
  const lines = postings.flatMap((p) => p.lines);
  if (lines.length === 0) return postings.map(() => []);
  const single = postings.length === 1;
  postings.forEach((p, pi) => {
    checkDocument(p.ref.refType, p.ref.refNo, true);
    p.lines.forEach((line, i) => checkLine(line, single ? `lines.${i}` : `postings.${pi}.lines.${i}`));
  });
  if (lines.some((l) => !COUNT_TYPES.has(l.txnType))) await assertStockMayMove(tx, whsId);
  const locations = await resolveLocations(tx, whsId, lines.flatMap((l) => (l.counterLocation != null ? [l.location, l.counterLocation] : [l.location])));
  lines.forEach((line, i) => {
    if (line.direction === DEBIT && !acceptsStock(locations.get(line.location)!)) {
      throw badInput(single ? `lines.${i}.location` : 'location', `location ${line.location} is deleted: no stock can be put there`);
    }
  });
  // Units taken from a reservation come from balances that exist, so their batches do (the balance's
  // foreign key); a debit of one of those batches needs no look-up either (a pick's, into its container).
  const reserved = new Set(takeFrom === 'prepick' ? lines.filter((l) => l.direction === CREDIT).map((l) => `${l.skuId}\u0000${l.batchId}`) : []);
  await checkBatchesExist(tx, whsId, lines.filter((l) => !reserved.has(`${l.skuId}\u0000${l.batchId}`)));

  // The lines of each balance, in the order given; balances are taken in key order.
  const byKey = new Map<string, number[]>();
  for (const i of keyOrder(lines)) {
    const key = keyOf(lines[i]!);
    const positions = byKey.get(key);
    if (positions) positions.push(i);
    else byKey.set(key, [i]);
  }
  const onhandAfter: number[] = new Array<number>(lines.length);
  const qtyAt = (i: number) => lines[i]!.qty;
  const totalOf = (positions: readonly number[]) => ({ ...lines[positions[0]!]!, qty: positions.reduce((sum, i) => sum + qtyAt(i), 0) });
  // A balance all of whose lines go one way changes once, by their total.
  const increases: number[][] = [];
  const decreases: number[][] = [];
  const both: number[][] = [];
  for (const positions of byKey.values()) {
    const directions = new Set(positions.map((i) => lines[i]!.direction));
    (directions.size > 1 ? both : directions.has(DEBIT) ? increases : decreases).push(positions);
  }
  if (byKey.size > 1) await lockBalances(tx, whsId, [...byKey.values()].map((positions) => lines[positions[0]!]!));
  if (decreases.length > 0) {
    const after = await takeOnhandMany(tx, whsId, decreases.map(totalOf), takeFrom);
    for (const positions of decreases) runningAfter(positions, qtyAt, after.get(keyOf(lines[positions[0]!]!))!, -1, onhandAfter);
  }
  if (increases.length > 0) {
    const after = await addOnhand(tx, whsId, increases.map(totalOf), locations);
    for (const positions of increases) runningAfter(positions, qtyAt, after.get(keyOf(lines[positions[0]!]!))!, 1, onhandAfter);
  }
  // In and out of one balance: line by line, so each is checked against what the earlier left.
  for (const positions of both) {
    for (const i of positions) {
      onhandAfter[i] = lines[i]!.direction === DEBIT
        ? (await addOnhand(tx, whsId, [lines[i]!], locations)).get(keyOf(lines[i]!))!
        : await takeOnhand(tx, whsId, lines[i]!, takeFrom);
    }
  }

  const onhandDelta = (l: StockLine) => (l.direction === DEBIT ? l.qty : -l.qty);
  const prepickDelta = (l: StockLine) => (takeFrom === 'prepick' && l.direction === CREDIT ? -l.qty : 0);
  await changeStockTotals(
    tx, whsId, lines.flatMap((l) => cellDelta(locations, l, { onhand: onhandDelta(l), locked: 0, prepick: prepickDelta(l) })),
    lines.map((l) => ({ skuId: l.skuId, onhand: onhandDelta(l) })),
  );

  const refOf = postings.flatMap((p) => p.lines.map(() => p.ref));
  // Every row in one parameter: a multi-row VALUES would be a parameter per field, each built and sent on its own.
  const rows = lines.map((l, i) => ({
    txn_type: l.txnType, direction: l.direction, location_id: l.location, location_type: locations.get(l.location)!.type,
    counter_location_id: l.counterLocation ?? null, sku_id: l.skuId, batch_id: l.batchId, quality: l.quality, qty: l.qty,
    onhand_after: onhandAfter[i]!, ref_type: refOf[i]!.refType, ref_no: refOf[i]!.refNo.trim(), op_id: refOf[i]!.opId ?? null, operator_id: refOf[i]!.operatorId,
  }));
  // Both drivers answer a raw statement with its `rows`.
  const { rows: inserted } = (await tx.execute(sql`insert into inventory_transactions (whs_id, txn_type, direction, location_id, location_type,
      counter_location_id, sku_id, batch_id, quality, qty, onhand_after, ref_type, ref_no, op_id, operator_id)
    select ${whsId}, r.txn_type, r.direction, r.location_id, r.location_type, r.counter_location_id, r.sku_id, r.batch_id, r.quality, r.qty,
      r.onhand_after, r.ref_type, r.ref_no, r.op_id, r.operator_id
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(txn_type smallint, direction smallint, location_id text, location_type smallint,
      counter_location_id text, sku_id text, batch_id text, quality smallint, qty integer, onhand_after integer, ref_type text, ref_no text,
      op_id uuid, operator_id integer)
    returning txn_id`)) as unknown as { rows: { txn_id: number | string }[] };
  // Ids are drawn in the order of the rows inserted.
  const txnIds = inserted.map((r) => Number(r.txn_id)).sort((a, b) => a - b);
  let at = 0;
  return postings.map((p) => p.lines.map(() => {
    const posted = { txnId: txnIds[at]!, onhandAfter: onhandAfter[at]! };
    at += 1;
    return posted;
  }));
}

/**
 * Posts ledger lines: every balance changes and every line is written to `inventory_transactions`
 * (in the order given), or, on any refusal, nothing is (the caller's transaction rolls back).
 * Returns the transaction id and the on hand after each line, in the order given.
 */
export async function postStock(tx: Db, whsId: string, lines: readonly StockLine[], ref: StockRef): Promise<PostedLine[]> {
  return (await postStockMany(tx, whsId, [{ lines, ref }]))[0]!;
}

/** The two ledger lines of a move: a credit at the source and a debit at the destination, each naming the other. */
export function moveLines(move: StockMove): [StockLine, StockLine] {
  const to: StockKey = { ...move.to, skuId: move.from.skuId };
  return [
    { ...move.from, txnType: move.txnType, direction: CREDIT, qty: move.qty, counterLocation: to.location },
    { ...to, txnType: move.txnType, direction: DEBIT, qty: move.qty, counterLocation: move.from.location },
  ];
}

/** Moves units between balances (rack transfer, putaway, picking, batch transfer, re-grading) in one post. */
export function moveStock(tx: Db, whsId: string, moves: readonly StockMove[], ref: StockRef): Promise<PostedLine[]> {
  return postStock(tx, whsId, moves.flatMap(moveLines), ref);
}

/** The moves of several documents at once, as if moved one after another (postStockMany). */
export function moveStockMany(tx: Db, whsId: string, postings: readonly { moves: readonly StockMove[]; ref: StockRef }[]): Promise<PostedLine[][]> {
  return postStockMany(tx, whsId, postings.map((p) => ({ lines: p.moves.flatMap(moveLines), ref: p.ref })));
}

/**
 * Moves pre-picked units (picks), as `moveStockMany` does: each move takes units reserved for it
 * (reservePrepick) and releases their reservation in the same change, so nobody can take them in
 * between and a pick costs one post instead of a release and a post.
 */
export function movePrepickedMany(tx: Db, whsId: string, postings: readonly { moves: readonly StockMove[]; ref: StockRef }[]): Promise<PostedLine[][]> {
  return postStockMany(tx, whsId, postings.map((p) => ({ lines: p.moves.flatMap(moveLines), ref: p.ref })), 'prepick');
}

/** A change of the blocked or pre-picked part of balances: `+` takes it from available, `-` gives it back. */
interface ReserveChange {
  bucket: 'locked' | 'prepick';
  sign: 1 | -1;
}

/**
 * Checks and applies a reserve change; returns the bucket's quantity after each line, in the order
 * given. The lines of one balance change it line by line (each checked against what the earlier
 * left); lines of several balances are locked in key order and change in one guarded statement,
 * each balance by its lines' total (an allocation of many orders at once).
 */
async function changeReserve(tx: Db, whsId: string, lines: readonly StockQty[], change: ReserveChange, proven?: ProvenCells): Promise<{ after: number[]; locations: Map<string, StockLocation> }> {
  assertInTransaction(tx);
  lines.forEach((line, i) => {
    checkKey(line, `lines.${i}`);
    checkQty(line.qty, `lines.${i}`);
  });
  const locations = proven ? provenLocations(lines, proven) : await resolveLocations(tx, whsId, lines.map((l) => l.location));
  if (!proven) await checkBatchesExist(tx, whsId, lines);
  const column = change.bucket === 'locked' ? li.lockedQty : li.prepickQty;
  // Reserving takes from what is available; releasing needs that much reserved.
  const from: Bucket = change.sign === 1 ? 'available' : change.bucket;
  const after: number[] = new Array<number>(lines.length);
  const byKey = new Map<string, number[]>();
  for (const i of keyOrder(lines)) {
    const key = keyOf(lines[i]!);
    const positions = byKey.get(key);
    if (positions) positions.push(i);
    else byKey.set(key, [i]);
  }
  if (byKey.size === 1) {
    for (const i of keyOrder(lines)) {
      const line = lines[i]!;
      const changed = sql`${column} + ${change.sign * line.qty}`;
      const [row] = await guarded(whsId, { key: line, bucket: from, wanted: line.qty }, () => tx.update(li)
        .set(change.bucket === 'locked' ? { lockedQty: changed, updatedAt: sql`now()` } : { prepickQty: changed, updatedAt: sql`now()` })
        .where(and(balanceWhere(whsId, line), gte(change.sign === 1 ? li.availableQty : column, line.qty)))
        .returning({ qty: column }));
      if (!row) throw insufficient(whsId, line, from, line.qty, await bucketQty(tx, whsId, line, from));
      after[i] = row.qty;
    }
  } else {
    const balances = [...byKey.values()].map((positions) => ({ ...lines[positions[0]!]!, qty: positions.reduce((sum, i) => sum + lines[i]!.qty, 0) }));
    await lockBalances(tx, whsId, balances);
    const name = sql.raw(change.bucket === 'locked' ? 'locked_qty' : 'prepick_qty');
    const guard = sql.raw(change.sign === 1 ? 'available_qty' : change.bucket === 'locked' ? 'locked_qty' : 'prepick_qty');
    // Both drivers answer a raw statement with its `rows`.
    const { rows } = (await guarded(whsId, null, () => tx.execute(sql`update location_inventory
      set ${name} = location_inventory.${name} + ${sql.raw(String(change.sign))} * v.qty, updated_at = now()
      from jsonb_to_recordset(${balancesJson(balances)}::jsonb) as v(location_id text, sku_id text, batch_id text, quality smallint, qty int)
      where location_inventory.whs_id = ${whsId} and location_inventory.location_id = v.location_id and location_inventory.sku_id = v.sku_id
        and location_inventory.batch_id = v.batch_id and location_inventory.quality = v.quality and location_inventory.${guard} >= v.qty
      returning location_inventory.location_id, location_inventory.sku_id, location_inventory.batch_id, location_inventory.quality, location_inventory.${name} as qty`))) as unknown as {
      rows: { location_id: string; sku_id: string; batch_id: string; quality: number; qty: number }[];
    };
    const final = new Map(rows.map((r) => [keyOf({ location: r.location_id, skuId: r.sku_id, batchId: r.batch_id, quality: r.quality as Quality }), r.qty]));
    const short = balances.find((b) => !final.has(keyOf(b)));
    if (short) throw insufficient(whsId, short, from, short.qty, await bucketQty(tx, whsId, short, from));
    for (const positions of byKey.values()) {
      runningAfter(positions, (i) => lines[i]!.qty, final.get(keyOf(lines[positions[0]!]!))!, change.sign, after);
    }
  }
  await changeStockTotals(tx, whsId, lines.flatMap((l) => {
    const qty = change.sign * l.qty;
    return cellDelta(locations, l, { onhand: 0, locked: change.bucket === 'locked' ? qty : 0, prepick: change.bucket === 'prepick' ? qty : 0 });
  }), []);
  return { after, locations };
}

/** Writes the block log rows of a block or unblock. */
async function logBlock(tx: Db, whsId: string, action: number, lines: readonly StockQty[], after: readonly number[], locations: Map<string, StockLocation>, why: BlockReason) {
  for (const [chunkIndex, part] of chunks(lines).entries()) {
    await tx.insert(inventoryLockLogs).values(part.map((l, j) => ({
      whsId, action, locationId: l.location, locationType: locations.get(l.location)!.type, skuId: l.skuId, batchId: l.batchId,
      quality: l.quality, qty: l.qty, lockedAfter: after[chunkIndex * CHUNK + j]!, reason: why.reason.trim(),
      refType: why.refType ?? null, refNo: why.refNo?.trim() ?? null, opId: why.opId ?? null, operatorId: why.operatorId,
    })));
  }
}

function checkReason(why: BlockReason): void {
  if (!isText(why.reason, REASON_MAX)) {
    throw badInput('reason', `a reason of 1 to ${REASON_MAX} characters is required`);
  }
  checkDocument(why.refType, why.refNo, false);
}

/** Blocks available units (quality hold, suspected damage, count in progress): they stay on hand but cannot be taken. Logged. */
export async function lockStock(tx: Db, whsId: string, lines: readonly StockQty[], why: BlockReason): Promise<number[]> {
  checkReason(why);
  const { after, locations } = await changeReserve(tx, whsId, lines, { bucket: 'locked', sign: 1 });
  await logBlock(tx, whsId, INVENTORY_LOCK_ACTION.values.BLOCK, lines, after, locations, why);
  return after;
}

/** Unblocks blocked units, making them available again. Logged. */
export async function unlockStock(tx: Db, whsId: string, lines: readonly StockQty[], why: BlockReason): Promise<number[]> {
  checkReason(why);
  const { after, locations } = await changeReserve(tx, whsId, lines, { bucket: 'locked', sign: -1 });
  await logBlock(tx, whsId, INVENTORY_LOCK_ACTION.values.UNBLOCK, lines, after, locations, why);
  return after;
}

/**
 * What a caller has already read of the balances it reserves, in this transaction: the cell (and
 * its zone) of each location, found by joining the balances to their cells and SKU batches
 * (allocation's candidates). The ledger then does not read the locations and batches again.
 */
export interface ProvenCells {
  /** The zone of every location the lines name, each a normal cell of the warehouse. */
  zoneOf: ReadonlyMap<string, string>;
}

/** The locations of lines as a caller proved them (ProvenCells); a location it did not prove is a bug of the caller. */
function provenLocations(lines: readonly StockKey[], proven: ProvenCells): Map<string, StockLocation> {
  const locations = new Map<string, StockLocation>();
  for (const { location } of lines) {
    const zoneId = proven.zoneOf.get(location);
    if (zoneId === undefined) throw new Error(`inventory: location ${location} was not proven by the caller`);
    locations.set(location, { code: location, type: STOCK_LOCATION_TYPE.values.CELL, status: LOCATION_STATUS.values.NORMAL, zoneId });
  }
  return locations;
}

/**
 * Reserves available units for picking. A pick then takes them with `movePrepickedMany`, which
 * releases the reservation in the same change, so nobody can take the units in between. By
 * default every location and SKU batch is checked first; `proven` skips that for a caller that
 * read them in this transaction (docs/decisions.md "Allocation tells the ledger what it proved").
 * Either way the guarded update refuses a balance without the units.
 */
export async function reservePrepick(tx: Db, whsId: string, lines: readonly StockQty[], options: { proven?: ProvenCells } = {}): Promise<number[]> {
  return (await changeReserve(tx, whsId, lines, { bucket: 'prepick', sign: 1 }, options.proven)).after;
}

/** Gives reserved units back to available (a pick cancelled or short). */
export async function releasePrepick(tx: Db, whsId: string, lines: readonly StockQty[]): Promise<number[]> {
  return (await changeReserve(tx, whsId, lines, { bucket: 'prepick', sign: -1 })).after;
}
