import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { INVENTORY_REF_TYPE, LOCATION_STATUS } from '../../../shared/codes';
import type { stockBlockContract } from '../../../shared/contract/stock-block.contract';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { cells, inventoryLockLogs as lockLogs, locationInventory as li } from '../../db/schema';
import { ApiError } from '../../http/errors';
import type { AuthedCtx, Handlers } from '../../http/register';
import { lockStock, unlockStock, type Quality, type StockKey } from './ledger';
import { assertCellStatus, balanceWhere, followCellStatus, lockCell, netBlocked } from './stock-block';

/**
 * Block and unblock (contract/stock-block.contract.ts). Stock blocked by hand is the block log's
 * rows without a document; a blocked location holds its units under the document LOCATION_BLOCK
 * and its code (stock-block.ts), so unblocking the location gives back exactly those, and a hand
 * unblock never releases units a document holds (a blocked location, a cycle count).
 */

type StockBlockHandlers = Handlers<typeof stockBlockContract>;

const { NORMAL, BLOCKED } = LOCATION_STATUS.values;
const LOCATION_BLOCK = INVENTORY_REF_TYPE.values.LOCATION_BLOCK;

/** A balance as the block calls answer it. */
async function balanceOf(db: Db, whsId: string, key: StockKey) {
  const [row] = await db.select({ onhand: li.onhandQty, locked: li.lockedQty, available: li.availableQty }).from(li).where(balanceWhere(whsId, key));
  return {
    location_id: key.location, sku_id: key.skuId, batch_id: key.batchId, quality: key.quality,
    onhand_qty: row?.onhand ?? 0, locked_qty: row?.locked ?? 0, available_qty: row?.available ?? 0,
  };
}

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

const keyOfInput = (input: { location_id: string; sku_id: string; batch_id: string; quality: number }): StockKey =>
  ({ location: input.location_id, skuId: input.sku_id, batchId: input.batch_id, quality: input.quality as Quality });

/** Location Block: the cell becomes `to` (Blocked from Normal, Normal from Blocked) and its stock follows (stock-block.ts). */
async function changeCellStatus(code: string, to: typeof NORMAL | typeof BLOCKED, reason: string, { db, session }: AuthedCtx) {
  return db.transaction(async (tx) => {
    const cell = await lockCell(tx, session.whsId, code);
    assertCellStatus(code, cell.status, to === BLOCKED ? NORMAL : BLOCKED, to);
    await tx.update(cells).set({ status: to }).where(and(eq(cells.whsId, session.whsId), eq(cells.locationCode, code)));
    const qty = await followCellStatus(tx, session.whsId, code, cell.status, to, { reason, operatorId: session.userId });
    return { location_code: code, status: to, qty };
  });
}

export const stockBlockHandlers: StockBlockHandlers = {
  async blockStock(input, { db, session }) {
    const key = keyOfInput(input);
    return db.transaction(async (tx) => {
      await lockStock(tx, session.whsId, [{ ...key, qty: input.qty }], { reason: input.reason, operatorId: session.userId });
      return balanceOf(tx, session.whsId, key);
    });
  },

  async unblockStock(input, { db, session }) {
    const key = keyOfInput(input);
    return db.transaction(async (tx) => {
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

  blockLocation: (input, ctx) => changeCellStatus(input.location_code, BLOCKED, input.reason, ctx),

  unblockLocation: (input, ctx) => changeCellStatus(input.location_code, NORMAL, input.reason, ctx),
};
