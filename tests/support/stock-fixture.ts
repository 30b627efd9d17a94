import { expect } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { skus } from '../../src/server/db/schema';
import { ensureBatch } from '../../src/server/modules/inventory/batches';
import { postStock } from '../../src/server/modules/inventory/ledger';
import { INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE, QUALITY, type CodeOf } from '../../src/shared/codes';
import type { ChangeWatch } from './db-state';

/** What the stock tests (adjustments, block and unblock, inventory maps) share: items of their own, their stock, refusals that change nothing. */

/** Runs stock changes the way callers do: inside one transaction (a Drizzle transaction is a Db). */
export const inTransaction = <R>(db: Db, work: (tx: Db) => Promise<R>): Promise<R> => db.transaction((tx) => work(tx as unknown as Db));

/** A SKU of the test file's own with its one batch: no other test moves its balances. */
export interface TestItem {
  skuId: string;
  skuName: string;
  batchId: string;
}

let itemCounter = 0;

/** Makes a test item in the warehouse: SKU `<prefix>0001`…, its batch dated as given. */
export async function testItem(db: Db, whsId: string, prefix: string, dates: { productionDate?: string; expiryDate?: string; shelfLifeDays?: number } = {}): Promise<TestItem> {
  const skuId = `${prefix}${String(++itemCounter).padStart(4, '0')}`;
  const skuName = `Test item ${skuId}`;
  await db.insert(skus).values({ whsId, skuId, skuName, shelfLifeDays: dates.shelfLifeDays ?? null });
  const batchId = await inTransaction(db, (tx) => ensureBatch(tx, whsId, { skuId, productionDate: dates.productionDate ?? null, expiryDate: dates.expiryDate ?? null }));
  return { skuId, skuName, batchId };
}

/** Puts units of an item into a location through the ledger: an Adjust Increase under the document ADJUSTMENT `refNo`. */
export function addStock(
  db: Db, whsId: string, item: TestItem, location: string, qty: number, quality: CodeOf<typeof QUALITY> = QUALITY.values.GOOD, refNo = 'SETUP',
) {
  const line = {
    location, skuId: item.skuId, batchId: item.batchId, quality, qty,
    txnType: INVENTORY_TRANSACTION_TYPE.values.ADJUST_INCREASE, direction: INVENTORY_TRANSACTION_DIRECTION.values.DEBIT,
  };
  return inTransaction(db, (tx) => postStock(tx, whsId, [line], { refType: 'ADJUSTMENT', refNo, operatorId: null }));
}

/** A call that must be refused with `retcode` and change nothing at all (`watch` sees every table); answers its message. */
export async function refusedUnchanged(watch: ChangeWatch, run: () => Promise<{ retcode: number; message: string }>, retcode: number): Promise<string> {
  await watch.mark();
  const res = await run();
  expect(res.retcode, res.message).toBe(retcode);
  expect(await watch.changes()).toEqual([]);
  return res.message;
}
