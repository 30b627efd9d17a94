import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { INVENTORY_LOCK_ACTION, INVENTORY_REF_TYPE, LOCATION_STATUS, STOCK_LOCATION_TYPE } from '../../../shared/codes';
import { UPPER_BOUND } from '../../../shared/constants';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { cells, inventoryLockLogs as lockLogs, locationInventory as li } from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import type { ResourceHooks } from '../../http/resource-handlers';
import { lockStock, unlockStock, type InventoryRefType, type Quality, type StockKey, type StockQty } from './ledger';
import { checkNewCell } from '../../common/location-code';

/**
 * Blocked stock and blocked locations (spec §3 location status Blocked 2). A cell that becomes
 * Blocked holds its available units under the document LOCATION_BLOCK and its code, and becoming
 * Normal again gives back exactly what that document still holds — whichever page changes the
 * status: Location Block (stock-block.handlers.ts) or the cell's edit form (`cellHooks`).
 */

const { NORMAL, BLOCKED } = LOCATION_STATUS.values;
const CELL = STOCK_LOCATION_TYPE.values.CELL;
const LOCATION_BLOCK = INVENTORY_REF_TYPE.values.LOCATION_BLOCK;
const { BLOCK } = INVENTORY_LOCK_ACTION.values;

/** Who changes a cell's status, and why (the block log's operator and reason). */
export interface BlockedBy {
  reason: string;
  operatorId: number | null;
}

export const balanceWhere = (whsId: string, key: StockKey) => and(
  eq(li.whsId, whsId), eq(li.locationId, key.location), eq(li.skuId, key.skuId), eq(li.batchId, key.batchId), eq(li.quality, key.quality),
);

/** Blocked units of a log's rows, net of their unblocks: Σ block − Σ unblock. */
export const netBlocked = sql<number>`sum(case when ${lockLogs.action} = ${sql.raw(String(BLOCK))} then ${lockLogs.qty} else -${lockLogs.qty} end)::int`;

/** One line per balance and part: a line moves at most the ledger's upper bound of units. */
function inParts(key: StockKey, qty: number): StockQty[] {
  const parts: StockQty[] = [];
  for (let left = qty; left > 0; left -= UPPER_BOUND) parts.push({ ...key, qty: Math.min(left, UPPER_BOUND) });
  return parts;
}

// Named as the lifecycle refusals name statuses (shared/lifecycles.ts transitionRefusal).
const statusName = (value: number) => LOCATION_STATUS.options.find((o) => o.value === value)?.name ?? String(value);

/** The cell, locked until the caller's transaction ends; -100404 for a code that is no cell of the warehouse. */
export async function lockCell(tx: Db, whsId: string, code: string) {
  const [cell] = await tx.select({ status: cells.status }).from(cells).where(and(eq(cells.whsId, whsId), eq(cells.locationCode, code))).for('update');
  if (!cell) throw notFound(`Cell ${code}`);
  return cell;
}

/** Refuses a change of a cell's status to `to` unless the cell is `wanted`, with the lifecycle retcode naming both statuses. */
export function assertCellStatus(code: string, status: number, wanted: number, to: number): void {
  if (status === wanted) return;
  throw new ApiError(RET.ILLEGAL_TRANSITION, `Location ${code} is ${statusName(status)}: only a ${statusName(wanted)} location can become ${statusName(to)}.`, { from: status, to }, 409);
}

/** A change of status into or out of Blocked is Normal → Blocked or Blocked → Normal (unblocked first, before anything else). */
function assertBlockChange(code: string, from: number, to: number): void {
  if (from === to) return;
  if (to === BLOCKED) assertCellStatus(code, from, NORMAL, BLOCKED);
  else if (from === BLOCKED && to !== NORMAL) {
    throw new ApiError(RET.ILLEGAL_TRANSITION, `Location ${code} is ${statusName(from)}: unblock it (${statusName(NORMAL)}) before it can become ${statusName(to)}.`, { from, to }, 409);
  }
}

/** A cell that became Blocked: its available units are blocked under its LOCATION_BLOCK document. Answers how many. */
async function holdCellStock(tx: Db, whsId: string, code: string, by: BlockedBy): Promise<number> {
  const balances = await tx.select({ skuId: li.skuId, batchId: li.batchId, quality: li.quality, available: li.availableQty }).from(li)
    .where(and(eq(li.whsId, whsId), eq(li.locationId, code), eq(li.locationType, CELL), gt(li.availableQty, 0)))
    .orderBy(asc(li.skuId), asc(li.batchId), asc(li.quality));
  const lines = balances.flatMap((b) => inParts({ location: code, skuId: b.skuId, batchId: b.batchId, quality: b.quality as Quality }, b.available ?? 0));
  if (lines.length > 0) await lockStock(tx, whsId, lines, { ...by, refType: LOCATION_BLOCK, refNo: code });
  return lines.reduce((sum, l) => sum + l.qty, 0);
}

/**
 * What a document still holds blocked (its block log rows net of their unblocks, per balance) is
 * unblocked — never more than the balance has blocked. `within` narrows the log rows read (to use an
 * index: the document's locations). Answers the units.
 */
export async function releaseHeld(tx: Db, whsId: string, ref: { refType: InventoryRefType; refNo: string }, by: BlockedBy, within: SQL): Promise<number> {
  const held = await tx.select({ location: lockLogs.locationId, skuId: lockLogs.skuId, batchId: lockLogs.batchId, quality: lockLogs.quality, qty: netBlocked }).from(lockLogs)
    .where(and(eq(lockLogs.whsId, whsId), within, eq(lockLogs.refType, ref.refType), eq(lockLogs.refNo, ref.refNo)))
    .groupBy(lockLogs.locationId, lockLogs.skuId, lockLogs.batchId, lockLogs.quality)
    .having(sql`${netBlocked} > 0`)
    .orderBy(asc(lockLogs.locationId), asc(lockLogs.skuId), asc(lockLogs.batchId), asc(lockLogs.quality));
  const lines: StockQty[] = [];
  for (const h of held) {
    const key: StockKey = { location: h.location, skuId: h.skuId, batchId: h.batchId, quality: h.quality as Quality };
    const [balance] = await tx.select({ locked: li.lockedQty }).from(li).where(balanceWhere(whsId, key)).for('update');
    lines.push(...inParts(key, Math.min(h.qty, balance?.locked ?? 0)));
  }
  if (lines.length > 0) await unlockStock(tx, whsId, lines, { ...by, ...ref });
  return lines.reduce((sum, l) => sum + l.qty, 0);
}

/** A cell that is Normal again: what its LOCATION_BLOCK document still holds of each balance is unblocked. */
const releaseCellStock = (tx: Db, whsId: string, code: string, by: BlockedBy) =>
  releaseHeld(tx, whsId, { refType: LOCATION_BLOCK, refNo: code }, by, eq(lockLogs.locationId, code));

/**
 * The stock side of a cell's status change from `from` to `to`, in the transaction that changes
 * it (the cell locked): into Blocked holds its units, out of it releases them. Answers the units.
 */
export async function followCellStatus(tx: Db, whsId: string, code: string, from: number, to: number, by: BlockedBy): Promise<number> {
  if (from !== BLOCKED && to === BLOCKED) return holdCellStock(tx, whsId, code, by);
  if (from === BLOCKED && to !== BLOCKED) return releaseCellStock(tx, whsId, code, by);
  return 0;
}

/**
 * A cell's status edited on its form (update_cell) means what Location Block does: the change is
 * refused unless Normal ↔ Blocked when it involves Blocked, and the stock follows it in the edit's transaction.
 */
export const cellHooks: ResourceHooks = {
  async prepare(values, current, ctx) {
    if (!current) await checkNewCell(values, ctx);
    if (current && values.status !== undefined) assertBlockChange(String(current.location_code), Number(current.status), Number(values.status));
    return values;
  },
  async afterUpdate(before, after, tx, { session }) {
    const [from, to] = [Number(before.status), Number(after.status)];
    await followCellStatus(tx, session.whsId, String(after.location_code), from, to, {
      reason: `Cell edited to ${statusName(to)}`, operatorId: session.userId,
    });
  },
};
