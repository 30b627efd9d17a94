import { and, asc, eq, gt, isNotNull, ne, sql } from 'drizzle-orm';
import { INVENTORY_LOCK_ACTION, INVENTORY_REF_TYPE, LOCATION_STATUS, STOCK_LOCATION_TYPE } from '../../../shared/codes';
import { UPPER_BOUND } from '../../../shared/constants';
import type { stockBlockContract } from '../../../shared/contract/stock-block.contract';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { cells, inventoryLockLogs as lockLogs, locationInventory as li } from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import type { Handlers } from '../../http/register';
import { lockStock, unlockStock, type Quality, type StockKey, type StockQty } from './ledger';

/**
 * Block and unblock (contract/stock-block.contract.ts). Stock blocked by hand is the block log's
 * rows without a document; a blocked location holds its units under the document LOCATION_BLOCK
 * and its code, so unblocking the location gives back exactly those, and a hand unblock never
 * releases units a document holds (a blocked location, a cycle count).
 */

type StockBlockHandlers = Handlers<typeof stockBlockContract>;

const { NORMAL, BLOCKED } = LOCATION_STATUS.values;
const CELL = STOCK_LOCATION_TYPE.values.CELL;
const LOCATION_BLOCK = INVENTORY_REF_TYPE.values.LOCATION_BLOCK;
const { BLOCK } = INVENTORY_LOCK_ACTION.values;

const balanceWhere = (whsId: string, key: StockKey) => and(
  eq(li.whsId, whsId), eq(li.locationId, key.location), eq(li.skuId, key.skuId), eq(li.batchId, key.batchId), eq(li.quality, key.quality),
);

/** A balance as the block calls answer it. */
async function balanceOf(db: Db, whsId: string, key: StockKey) {
  const [row] = await db.select({ onhand: li.onhandQty, locked: li.lockedQty, available: li.availableQty }).from(li).where(balanceWhere(whsId, key));
  return {
    location_id: key.location, sku_id: key.skuId, batch_id: key.batchId, quality: key.quality,
    onhand_qty: row?.onhand ?? 0, locked_qty: row?.locked ?? 0, available_qty: row?.available ?? 0,
  };
}

/** Blocked units of a log's rows, net of their unblocks: Σ block − Σ unblock. */
const netBlocked = sql<number>`sum(case when ${lockLogs.action} = ${sql.raw(String(BLOCK))} then ${lockLogs.qty} else -${lockLogs.qty} end)::int`;

/** The documents holding blocked units of a balance (a blocked location, a cycle count…), with how many each holds. */
async function heldByDocuments(db: Db, whsId: string, key: StockKey) {
  return db.select({ ref_type: lockLogs.refType, ref_no: lockLogs.refNo, qty: netBlocked }).from(lockLogs)
    .where(and(
      eq(lockLogs.whsId, whsId), eq(lockLogs.locationId, key.location), eq(lockLogs.skuId, key.skuId), eq(lockLogs.batchId, key.batchId),
      eq(lockLogs.quality, key.quality), isNotNull(lockLogs.refType), ne(lockLogs.refType, INVENTORY_REF_TYPE.values.BLOCK),
    ))
    .groupBy(lockLogs.refType, lockLogs.refNo)
    .having(sql`${netBlocked} > 0`);
}

/** One line per balance and part: a line moves at most the ledger's upper bound of units. */
function inParts(key: StockKey, qty: number): StockQty[] {
  const parts: StockQty[] = [];
  for (let left = qty; left > 0; left -= UPPER_BOUND) parts.push({ ...key, qty: Math.min(left, UPPER_BOUND) });
  return parts;
}

/** The cell, locked until the caller's transaction ends; -100404 for a code that is no cell of the warehouse. */
async function lockCell(tx: Db, whsId: string, code: string) {
  const [cell] = await tx.select({ status: cells.status }).from(cells).where(and(eq(cells.whsId, whsId), eq(cells.locationCode, code))).for('update');
  if (!cell) throw notFound(`Cell ${code}`);
  return cell;
}

/** Refuses a change of a cell's status other than Normal ↔ Blocked with the lifecycle retcode, naming both statuses. */
function assertCellStatus(code: string, status: number, wanted: number, to: number): void {
  if (status === wanted) return;
  // Named as the lifecycle refusals name statuses (shared/lifecycles.ts transitionRefusal).
  const name = (v: number) => LOCATION_STATUS.options.find((o) => o.value === v)?.name ?? String(v);
  throw new ApiError(RET.ILLEGAL_TRANSITION, `Location ${code} is ${name(status)}: only a ${name(wanted)} location can become ${name(to)}.`, { from: status, to }, 409);
}

const keyOfInput = (input: { location_id: string; sku_id: string; batch_id: string; quality: number }): StockKey =>
  ({ location: input.location_id, skuId: input.sku_id, batchId: input.batch_id, quality: input.quality as Quality });

export const stockBlockHandlers: StockBlockHandlers = {
  async blockStock(input, { db, session }) {
    const key = keyOfInput(input);
    return db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await lockStock(tx, session.whsId, [{ ...key, qty: input.qty }], { reason: input.reason, operatorId: session.userId });
      return balanceOf(tx, session.whsId, key);
    });
  },

  async unblockStock(input, { db, session }) {
    const key = keyOfInput(input);
    return db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      // Locked first, so what documents hold cannot change between the check and the unblock.
      const [balance] = await tx.select({ locked: li.lockedQty }).from(li).where(balanceWhere(session.whsId, key)).for('update');
      const held = await heldByDocuments(tx, session.whsId, key);
      const heldQty = held.reduce((sum, h) => sum + h.qty, 0);
      const byHand = Math.max(0, (balance?.locked ?? 0) - heldQty);
      if (input.qty > byHand && heldQty > 0) {
        const documents = held.map((h) => `${h.ref_type} ${h.ref_no ?? ''}`.trim()).join(', ');
        throw new ApiError(RET.STOCK_HELD_BY_DOCUMENT, `Only ${byHand} of the ${balance?.locked ?? 0} blocked units at ${key.location} were blocked by hand; `
          + `${heldQty} are held by ${documents}${held.some((h) => h.ref_type === LOCATION_BLOCK) ? ' (unblock the location to release them)' : ''}.`,
        { blocked_by_hand: byHand, held_by: held }, 409);
      }
      await unlockStock(tx, session.whsId, [{ ...key, qty: input.qty }], { reason: input.reason, operatorId: session.userId });
      return balanceOf(tx, session.whsId, key);
    });
  },

  async blockLocation(input, { db, session }) {
    const code = input.location_code;
    return db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const cell = await lockCell(tx, session.whsId, code);
      assertCellStatus(code, cell.status, NORMAL, BLOCKED);
      await transaction.update(cells).set({ status: BLOCKED }).where(and(eq(cells.whsId, session.whsId), eq(cells.locationCode, code)));
      const balances = await tx.select({ skuId: li.skuId, batchId: li.batchId, quality: li.quality, available: li.availableQty }).from(li)
        .where(and(eq(li.whsId, session.whsId), eq(li.locationId, code), eq(li.locationType, CELL), gt(li.availableQty, 0)))
        .orderBy(asc(li.skuId), asc(li.batchId), asc(li.quality));
      const lines = balances.flatMap((b) => inParts({ location: code, skuId: b.skuId, batchId: b.batchId, quality: b.quality as Quality }, b.available ?? 0));
      if (lines.length > 0) {
        await lockStock(tx, session.whsId, lines, { reason: input.reason, refType: LOCATION_BLOCK, refNo: code, operatorId: session.userId });
      }
      return { location_code: code, status: BLOCKED, qty: lines.reduce((sum, l) => sum + l.qty, 0) };
    });
  },

  async unblockLocation(input, { db, session }) {
    const code = input.location_code;
    return db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const cell = await lockCell(tx, session.whsId, code);
      assertCellStatus(code, cell.status, BLOCKED, NORMAL);
      // What the location's block still holds of each balance (never more than is blocked).
      const held = await tx.select({ skuId: lockLogs.skuId, batchId: lockLogs.batchId, quality: lockLogs.quality, qty: netBlocked }).from(lockLogs)
        .where(and(eq(lockLogs.whsId, session.whsId), eq(lockLogs.locationId, code), eq(lockLogs.refType, LOCATION_BLOCK), eq(lockLogs.refNo, code)))
        .groupBy(lockLogs.skuId, lockLogs.batchId, lockLogs.quality)
        .having(sql`${netBlocked} > 0`)
        .orderBy(asc(lockLogs.skuId), asc(lockLogs.batchId), asc(lockLogs.quality));
      const lines: StockQty[] = [];
      for (const h of held) {
        const key: StockKey = { location: code, skuId: h.skuId, batchId: h.batchId, quality: h.quality as Quality };
        const [balance] = await tx.select({ locked: li.lockedQty }).from(li).where(balanceWhere(session.whsId, key)).for('update');
        lines.push(...inParts(key, Math.min(h.qty, balance?.locked ?? 0)));
      }
      if (lines.length > 0) {
        await unlockStock(tx, session.whsId, lines, { reason: input.reason, refType: LOCATION_BLOCK, refNo: code, operatorId: session.userId });
      }
      await transaction.update(cells).set({ status: NORMAL }).where(and(eq(cells.whsId, session.whsId), eq(cells.locationCode, code)));
      return { location_code: code, status: NORMAL, qty: lines.reduce((sum, l) => sum + l.qty, 0) };
    });
  },
};
