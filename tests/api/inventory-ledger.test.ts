import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { Hono } from 'hono';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { SKIP_POSTGRES, startTestServer, TestClient, usePostgresServer, type TestServer } from '../support/api-harness';
import { createApp, handlers } from '../../src/server/app';
import type { Db } from '../../src/server/db/client';
import { cells, inboundStagingLocations, inventoryLockLogs, inventoryTransactions, locationInventory, skuBatches, skus, users } from '../../src/server/db/schema';
import { ApiError } from '../../src/server/http/errors';
import { envelope, registerContract } from '../../src/server/http/register';
import { ensureBatch } from '../../src/server/modules/inventory/batches';
import {
  lockStock, moveStock, postStock, releasePrepick, reservePrepick, txnTypeAllows, unlockStock,
  type StockKey, type StockLine, type StockRef, type TxnDirection, type TxnType,
} from '../../src/server/modules/inventory/ledger';
import { OP_KINDS, serverOp } from '../../src/server/modules/sync/ops';
import { defineOp } from '../../src/shared/ops';
import { syncHandlersWith } from '../../src/server/modules/sync/sync.handlers';
import { EXPIRY_STATE, INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE, QUALITY, STOCK_LOCATION_TYPE } from '../../src/shared/codes';
import { contract } from '../../src/shared/contract';
import { expiryState, todayIn } from '../../src/shared/expiry';
import { RET } from '../../src/shared/retcodes';

const WHS = 'SGSIN1';
// Seeded SGSIN1 locations: three normal cells and a staging location of each kind used.
const CELL_A = 'A01-01-01-1';
const CELL_B = 'A01-01-01-2';
const CELL_C = 'A01-01-02-1';
const INBOUND = 'IB-PUTAWAY-01';
const OUTBOUND = 'OB-PACKING-01';
const T = INVENTORY_TRANSACTION_TYPE.values;
const { DEBIT, CREDIT } = INVENTORY_TRANSACTION_DIRECTION.values;
const { GOOD, DAMAGED } = QUALITY.values;

let server: TestServer;
let operatorId: number;
beforeAll(async () => {
  server = await startTestServer();
  operatorId = (await db().select({ id: users.userId }).from(users).where(eq(users.email, 'operator@demo.local')))[0]!.id;
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;
/** Runs stock changes the way callers do: inside one transaction (a Drizzle transaction is a Db). */
const inTx = <R>(work: (tx: Db) => Promise<R>): Promise<R> => db().transaction((tx) => work(tx as unknown as Db));

/** The refusal a change ends with (it must end with one). */
async function refusal(work: (tx: Db) => Promise<unknown>): Promise<ApiError> {
  try {
    await inTx(work);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the change to be refused');
}

let skuCounter = 0;
/** A SKU of the test's own in SGSIN1, with one generated batch: no other test touches its balances. */
async function freshSku(): Promise<{ skuId: string; batchId: string }> {
  const skuId = `LEDGER${String(++skuCounter).padStart(4, '0')}`;
  await db().insert(skus).values({ whsId: WHS, skuId, skuName: `Ledger test item ${skuCounter}` });
  const batchId = await inTx((tx) => ensureBatch(tx, WHS, { skuId }));
  return { skuId, batchId };
}

const keyAt = (item: { skuId: string; batchId: string }, location: string, quality: StockKey['quality'] = GOOD): StockKey => ({ ...item, location, quality });
const line = (key: StockKey, txnType: TxnType, direction: TxnDirection, qty: number): StockLine => ({ ...key, txnType, direction, qty });
const ref = (refNo: string, extra: Partial<StockRef> = {}): StockRef => ({ refType: 'ADJUSTMENT', refNo, operatorId, ...extra });
const receive = (key: StockKey, qty: number) => inTx((tx) => postStock(tx, WHS, [line(key, T.RECEIVED, DEBIT, qty)], ref('RCV')));

async function balanceOf(key: StockKey) {
  const [row] = await db().select().from(locationInventory).where(and(
    eq(locationInventory.whsId, WHS), eq(locationInventory.locationId, key.location), eq(locationInventory.skuId, key.skuId),
    eq(locationInventory.batchId, key.batchId), eq(locationInventory.quality, key.quality),
  ));
  return row;
}
const quantities = async (key: StockKey) => {
  const row = await balanceOf(key);
  return row && { onhand: row.onhandQty, locked: row.lockedQty, prepick: row.prepickQty, available: row.availableQty };
};
const ledgerOf = (skuIds: readonly string[]) => db().select().from(inventoryTransactions)
  .where(and(eq(inventoryTransactions.whsId, WHS), inArray(inventoryTransactions.skuId, [...skuIds]))).orderBy(asc(inventoryTransactions.txnId));
const blockLogOf = (skuId: string) => db().select().from(inventoryLockLogs)
  .where(and(eq(inventoryLockLogs.whsId, WHS), eq(inventoryLockLogs.skuId, skuId))).orderBy(asc(inventoryLockLogs.logId));

/** Rows of a raw query: both drivers answer `{ rows }`. */
const rowsOf = async <R,>(query: SQL): Promise<R[]> => ((await db().execute(query)) as unknown as { rows: R[] }).rows;

/**
 * Balances (within `scope`, a condition on the balance key columns) whose on hand is not
 * Σ debit − Σ credit of their ledger rows, or not the on hand after their last ledger row.
 */
async function ledgerMismatches(scope: SQL): Promise<unknown[]> {
  return rowsOf(sql`
    with ledger as (
      select whs_id, location_id, sku_id, batch_id, quality,
        sum(case direction when 1 then qty else -qty end)::int as net,
        (array_agg(onhand_after order by txn_id desc))[1] as last_after
      from inventory_transactions group by whs_id, location_id, sku_id, batch_id, quality
    )
    select * from (
      select whs_id, location_id, sku_id, batch_id, quality, b.onhand_qty, l.net, l.last_after
      from location_inventory b full join ledger l using (whs_id, location_id, sku_id, batch_id, quality)
    ) x
    where ${scope} and (coalesce(onhand_qty, 0) <> coalesce(net, 0) or (net is not null and last_after <> onhand_qty))`);
}

describe('postStock', () => {
  test('a receipt puts units into a staging location; the ledger row says what, where, why and who', async () => {
    const item = await freshSku();
    const opId = uuidv7();
    const posted = await inTx((tx) => postStock(tx, WHS, [line(keyAt(item, INBOUND), T.RECEIVED, DEBIT, 24)], ref('ASN-0001', { refType: 'ASN', opId })));
    expect(posted).toEqual([{ txnId: expect.any(Number), onhandAfter: 24 }]);
    expect(await balanceOf(keyAt(item, INBOUND))).toMatchObject({
      locationType: STOCK_LOCATION_TYPE.values.INBOUND_STAGING, onhandQty: 24, lockedQty: 0, prepickQty: 0, availableQty: 24,
    });
    const [row] = await ledgerOf([item.skuId]);
    expect(row).toMatchObject({
      txnId: posted[0]!.txnId, txnType: T.RECEIVED, direction: DEBIT, locationId: INBOUND, locationType: STOCK_LOCATION_TYPE.values.INBOUND_STAGING,
      counterLocationId: null, skuId: item.skuId, batchId: item.batchId, quality: GOOD, qty: 24, onhandAfter: 24,
      refType: 'ASN', refNo: 'ASN-0001', opId, operatorId,
    });
  });

  test('a move credits the source and debits the destination in one post, each leg naming the other', async () => {
    const item = await freshSku();
    await receive(keyAt(item, INBOUND), 24);
    const posted = await inTx((tx) => moveStock(tx, WHS, [{ txnType: T.PUT_AWAY, from: keyAt(item, INBOUND), to: { location: CELL_A, batchId: item.batchId, quality: GOOD }, qty: 20 }], ref('PA-1', { refType: 'PUTAWAY_TASK' })));
    expect(posted.map((p) => p.onhandAfter)).toEqual([4, 20]);
    expect((await ledgerOf([item.skuId])).slice(1).map((r) => [r.direction, r.locationId, r.counterLocationId, r.locationType, r.qty, r.onhandAfter])).toEqual([
      [CREDIT, INBOUND, CELL_A, STOCK_LOCATION_TYPE.values.INBOUND_STAGING, 20, 4],
      [DEBIT, CELL_A, INBOUND, STOCK_LOCATION_TYPE.values.CELL, 20, 20],
    ]);
    // A batch transfer and a re-grade are moves too: the location stays, the batch or the quality changes.
    const otherBatch = await inTx((tx) => ensureBatch(tx, WHS, { skuId: item.skuId, batchId: 'LOT-B2' }));
    await inTx((tx) => moveStock(tx, WHS, [
      { txnType: T.BATCH_TRANSFER, from: keyAt(item, CELL_A), to: { location: CELL_A, batchId: otherBatch, quality: GOOD }, qty: 5 },
      { txnType: T.RACK_TRANSFER, from: keyAt(item, CELL_A), to: { location: CELL_A, batchId: item.batchId, quality: DAMAGED }, qty: 2 },
    ], ref('BT-1', { refType: 'RACK_TRANSFER' })));
    expect(await quantities(keyAt(item, CELL_A))).toMatchObject({ onhand: 13 });
    expect(await quantities(keyAt({ ...item, batchId: otherBatch }, CELL_A))).toMatchObject({ onhand: 5 });
    expect(await quantities(keyAt(item, CELL_A, DAMAGED))).toMatchObject({ onhand: 2 });
    expect(await ledgerMismatches(sql`sku_id = ${item.skuId}`)).toEqual([]);
  });

  test('lines of one balance apply in the order given; lines of many balances go out together', async () => {
    const item = await freshSku();
    const here = keyAt(item, CELL_B);
    // In then out of an empty balance is fine; out then in is not.
    await inTx((tx) => postStock(tx, WHS, [line(here, T.ADJUST_INCREASE, DEBIT, 5), line(here, T.ADJUST_DECREASE, CREDIT, 5)], ref('ADJ-1')));
    expect((await refusal((tx) => postStock(tx, WHS, [line(here, T.ADJUST_DECREASE, CREDIT, 5), line(here, T.ADJUST_INCREASE, DEBIT, 5)], ref('ADJ-2')))).retcode).toBe(RET.INSUFFICIENT_STOCK);
    const many = [CELL_A, CELL_B, CELL_C, INBOUND, OUTBOUND].flatMap((location) => [GOOD, DAMAGED].map((quality) => line(keyAt(item, location, quality), T.OVERAGE, DEBIT, 3)));
    const posted = await inTx((tx) => postStock(tx, WHS, many, ref('CC-1', { refType: 'CYCLE_COUNT' })));
    expect(posted.map((p) => p.onhandAfter)).toEqual(many.map(() => 3));
    const rows = (await ledgerOf([item.skuId])).slice(2);
    // Written in the order given, with ascending ids.
    expect(rows.map((r) => [r.locationId, r.quality])).toEqual(many.map((l) => [l.location, l.quality]));
    expect(rows.map((r) => r.txnId)).toEqual(posted.map((p) => p.txnId));
    expect(await ledgerMismatches(sql`sku_id = ${item.skuId}`)).toEqual([]);
  });

  test('too little available stock is refused with INSUFFICIENT_STOCK naming the balance, and the whole post leaves no trace', async () => {
    const item = await freshSku();
    await receive(keyAt(item, CELL_A), 10);
    const before = await ledgerOf([item.skuId]);
    const error = await refusal((tx) => postStock(tx, WHS, [
      line(keyAt(item, CELL_B), T.ADJUST_INCREASE, DEBIT, 7),
      line(keyAt(item, CELL_A), T.SHIP_ORDER, CREDIT, 11),
    ], ref('SO-1', { refType: 'SALES_ORDER' })));
    expect(error.retcode).toBe(RET.INSUFFICIENT_STOCK);
    expect(error.message).toBe(`Not enough available stock at ${CELL_A} for SKU ${item.skuId} batch ${item.batchId} (good): wanted 11, available 10.`);
    expect(error.data).toEqual({ whs_id: WHS, location_id: CELL_A, sku_id: item.skuId, batch_id: item.batchId, quality: GOOD, stock: 'available', wanted: 11, available: 10 });
    expect(await balanceOf(keyAt(item, CELL_B))).toBeUndefined();
    expect(await quantities(keyAt(item, CELL_A))).toEqual({ onhand: 10, locked: 0, prepick: 0, available: 10 });
    expect(await ledgerOf([item.skuId])).toEqual(before);
    // A balance that never existed has nothing available.
    const none = await refusal((tx) => postStock(tx, WHS, [line(keyAt(item, CELL_C, DAMAGED), T.SHORTAGE, CREDIT, 1)], ref('CC-2', { refType: 'CYCLE_COUNT' })));
    expect(none.data).toMatchObject({ location_id: CELL_C, quality: DAMAGED, wanted: 1, available: 0 });
    expect(none.message).toContain('(damaged): wanted 1, available 0.');
  });

  test('blocked and pre-picked units stay on hand but are not available; unblock and release cannot exceed what is held', async () => {
    const item = await freshSku();
    const cell = keyAt(item, CELL_A);
    await receive(cell, 20);
    expect(await inTx((tx) => lockStock(tx, WHS, [{ ...cell, qty: 5 }], { reason: 'QC hold: carton crushed', operatorId }))).toEqual([5]);
    expect(await inTx((tx) => reservePrepick(tx, WHS, [{ ...cell, qty: 8 }]))).toEqual([8]);
    expect(await quantities(cell)).toEqual({ onhand: 20, locked: 5, prepick: 8, available: 7 });

    expect((await refusal((tx) => postStock(tx, WHS, [line(cell, T.SHIP_ORDER, CREDIT, 8)], ref('SO-2')))).data).toMatchObject({ stock: 'available', wanted: 8, available: 7 });
    expect((await refusal((tx) => reservePrepick(tx, WHS, [{ ...cell, qty: 8 }]))).data).toMatchObject({ stock: 'available', available: 7 });
    expect((await refusal((tx) => lockStock(tx, WHS, [{ ...cell, qty: 8 }], { reason: 'hold', operatorId }))).data).toMatchObject({ stock: 'available', available: 7 });
    const unblock = await refusal((tx) => unlockStock(tx, WHS, [{ ...cell, qty: 6 }], { reason: 'released', operatorId }));
    expect(unblock.retcode).toBe(RET.INSUFFICIENT_STOCK);
    expect(unblock.message).toContain('Not enough blocked stock');
    expect(unblock.data).toMatchObject({ stock: 'locked', wanted: 6, available: 5 });
    expect((await refusal((tx) => releasePrepick(tx, WHS, [{ ...cell, qty: 9 }]))).data).toMatchObject({ stock: 'prepick', wanted: 9, available: 8 });

    // A pick gives back its reservation and moves the units in one transaction: nobody can take them in between.
    await inTx(async (tx) => {
      await releasePrepick(tx, WHS, [{ ...cell, qty: 8 }]);
      await moveStock(tx, WHS, [{ txnType: T.PICKING, from: cell, to: { location: OUTBOUND, batchId: item.batchId, quality: GOOD }, qty: 8 }], ref('PK-1', { refType: 'PICKING_TASK' }));
    });
    expect(await quantities(cell)).toEqual({ onhand: 12, locked: 5, prepick: 0, available: 7 });
    expect(await quantities(keyAt(item, OUTBOUND))).toMatchObject({ onhand: 8, available: 8 });
    await inTx((tx) => unlockStock(tx, WHS, [{ ...cell, qty: 5 }], { reason: 'QC passed', refType: 'ADJUSTMENT', refNo: 'QC-7', operatorId }));
    expect(await quantities(cell)).toEqual({ onhand: 12, locked: 0, prepick: 0, available: 12 });
    expect((await blockLogOf(item.skuId)).map((r) => [r.action, r.locationId, r.locationType, r.qty, r.lockedAfter, r.reason, r.refType, r.refNo, r.operatorId])).toEqual([
      [1, CELL_A, STOCK_LOCATION_TYPE.values.CELL, 5, 5, 'QC hold: carton crushed', null, null, operatorId],
      [2, CELL_A, STOCK_LOCATION_TYPE.values.CELL, 5, 0, 'QC passed', 'ADJUSTMENT', 'QC-7', operatorId],
    ]);
    for (const reason of ['', '   ', 'x'.repeat(201)]) {
      expect((await refusal((tx) => lockStock(tx, WHS, [{ ...cell, qty: 1 }], { reason, operatorId }))).data).toMatchObject({ issues: [{ path: 'reason' }] });
    }
    expect(await ledgerMismatches(sql`sku_id = ${item.skuId}`)).toEqual([]);
  });

  test('bad lines, unknown locations, SKUs and batches are refused before anything changes', async () => {
    const item = await freshSku();
    const cell = keyAt(item, CELL_A);
    await receive(cell, 10);
    const ledgerBefore = await ledgerOf([item.skuId]);
    const post = (l: Partial<StockLine>, r: Partial<StockRef> = {}) => refusal((tx) => postStock(tx, WHS, [{ ...line(cell, T.SHIP_ORDER, CREDIT, 1), ...l } as StockLine], { ...ref('X-1'), ...r } as StockRef));
    const issuePath = (e: ApiError) => (e.data as { issues: { path: string }[] }).issues[0]!.path;

    for (const qty of [0, -1, 2.5, 100_000, Number.NaN]) {
      const e = await post({ qty });
      expect([e.retcode, issuePath(e), e.message]).toEqual([RET.BAD_INPUT, 'lines.0.qty', 'Invalid request: lines.0.qty: must be a whole number from 1 to 99999']);
    }
    expect(issuePath(await post({ txnType: 10 as TxnType }))).toBe('lines.0.txn_type');
    expect(issuePath(await post({ direction: 3 as TxnDirection }))).toBe('lines.0.direction');
    expect((await post({ txnType: T.SHIP_ORDER, direction: DEBIT })).message).toBe('Invalid request: lines.0.direction: a Ship Order transaction cannot put stock into a location');
    expect((await post({ txnType: T.ADJUST_INCREASE, direction: CREDIT })).message).toContain('cannot take stock out of');
    expect(issuePath(await post({ quality: 3 as StockKey['quality'] }))).toBe('lines.0.quality');
    expect(issuePath(await post({ location: ' ' }))).toBe('lines.0.location');
    expect(issuePath(await post({}, { refType: 'INVOICE' as StockRef['refType'] }))).toBe('ref_type');
    expect(issuePath(await post({}, { refNo: '' }))).toBe('ref_no');

    const unknownCell = await post({ location: 'ZZ-99-99-9' });
    expect([unknownCell.retcode, unknownCell.message]).toEqual([RET.NOT_FOUND, `Location ZZ-99-99-9 of warehouse ${WHS} not found.`]);
    // A location, SKU or batch of another warehouse is unknown here.
    await db().insert(inboundStagingLocations).values({ whsId: 'IDJKT1', locationCode: 'IB-JAKARTA-ONLY', stagingType: 1 });
    expect((await post({ location: 'IB-JAKARTA-ONLY', txnType: T.RECEIVED, direction: DEBIT })).retcode).toBe(RET.NOT_FOUND);
    expect((await post({ skuId: 'MYSKU00001' })).message).toBe(`SKU MYSKU00001 of warehouse ${WHS} not found.`);
    expect((await post({ batchId: 'NO-SUCH-LOT' })).message).toBe(`Batch NO-SUCH-LOT of SKU ${item.skuId} not found.`);
    expect((await post({ counterLocation: 'ZZ-NOWHERE' })).retcode).toBe(RET.NOT_FOUND);

    // A deleted location takes no new stock; a code held by a cell and a staging location is not guessed.
    await db().update(cells).set({ status: 4 }).where(and(eq(cells.whsId, WHS), eq(cells.locationCode, 'A01-04-05-4')));
    expect((await post({ location: 'A01-04-05-4', txnType: T.RECEIVED, direction: DEBIT })).message).toBe('Invalid request: lines.0.location: location A01-04-05-4 is deleted: no stock can be put there');
    await db().insert(inboundStagingLocations).values({ whsId: WHS, locationCode: 'A01-02-01-1', stagingType: 3 });
    expect((await post({ location: 'A01-02-01-1', txnType: T.RECEIVED, direction: DEBIT })).message).toBe('Invalid request: location: location code A01-02-01-1 names both a Cell and Inbound Staging Location: rename one of them before moving stock there');

    expect(await ledgerOf([item.skuId])).toEqual(ledgerBefore);
    expect(await quantities(cell)).toEqual({ onhand: 10, locked: 0, prepick: 0, available: 10 });
  });

  test('changing stock outside a transaction is a programming error, refused before any statement', async () => {
    const item = await freshSku();
    await expect(postStock(db(), WHS, [line(keyAt(item, CELL_A), T.RECEIVED, DEBIT, 1)], ref('X'))).rejects.toThrow(/inside the caller's transaction/);
    await expect(lockStock(db(), WHS, [{ ...keyAt(item, CELL_A), qty: 1 }], { reason: 'r', operatorId })).rejects.toThrow(/inside the caller's transaction/);
    expect(await balanceOf(keyAt(item, CELL_A))).toBeUndefined();
  });

  test('the CHECK constraints keep every figure non-negative; a guard that let one through still answers INSUFFICIENT_STOCK', async () => {
    const item = await freshSku();
    const cell = keyAt(item, CELL_C);
    await receive(cell, 6);
    const where = and(eq(locationInventory.whsId, WHS), eq(locationInventory.skuId, item.skuId));
    for (const change of [{ onhandQty: -1 }, { lockedQty: 7 }, { prepickQty: 7 }, { lockedQty: -1 }]) {
      await expect(db().update(locationInventory).set(change).where(where)).rejects.toMatchObject({ cause: { code: '23514' } });
    }
    // A trigger (rolled back with the transaction) that blocks more than is on hand behind the guard's back.
    const error = await refusal(async (tx) => {
      await tx.execute(sql.raw(`create function ledger_test_sabotage() returns trigger language plpgsql as $$ begin new.locked_qty := new.onhand_qty + 1; return new; end $$`));
      await tx.execute(sql.raw(`create trigger ledger_test_sabotage before update on location_inventory for each row execute function ledger_test_sabotage()`));
      await postStock(tx, WHS, [line(cell, T.SHIP_ORDER, CREDIT, 1)], ref('SO-3'));
    });
    expect(error.retcode).toBe(RET.INSUFFICIENT_STOCK);
    expect(error.data).toMatchObject({ location_id: CELL_C, sku_id: item.skuId, wanted: 1, available: null });
    expect(await quantities(cell)).toEqual({ onhand: 6, locked: 0, prepick: 0, available: 6 });
  });
  test('the database takes each transaction type on the same side as the code does', async () => {
    const item = await freshSku();
    const takenByDatabase: string[] = [];
    const rollback = new Error('rollback');
    await inTx(async (tx) => {
      for (const { value: txnType } of INVENTORY_TRANSACTION_TYPE.options) {
        for (const direction of [DEBIT, CREDIT]) {
          // Each insert in a savepoint of its own, so a refused one does not end the transaction.
          await tx.transaction(async (savepoint) => {
            await savepoint.insert(inventoryTransactions).values({
              whsId: WHS, txnType, direction, locationId: CELL_A, locationType: STOCK_LOCATION_TYPE.values.CELL, skuId: item.skuId,
              batchId: item.batchId, quality: GOOD, qty: 1, onhandAfter: 1, refType: 'ADJUSTMENT', refNo: 'CHECK',
            });
            takenByDatabase.push(`${txnType}/${direction}`);
          }).catch((error: unknown) => expect(error).toMatchObject({ cause: { code: '23514' } }));
        }
      }
      throw rollback; // none of these rows stays
    }).catch((error: unknown) => expect(error).toBe(rollback));
    const allowedInCode = INVENTORY_TRANSACTION_TYPE.options.flatMap(({ value }) => [DEBIT, CREDIT].filter((d) => txnTypeAllows(value, d)).map((d) => `${value}/${d}`));
    expect(takenByDatabase).toEqual(allowedInCode);
    expect(allowedInCode).toHaveLength(INVENTORY_TRANSACTION_TYPE.options.length * 2 - 10);
    expect(await ledgerOf([item.skuId])).toEqual([]);
  });
});

describe('batches', () => {
  test('a batch without a given id is generated, and units with the same dates and supplier join it', async () => {
    const { skuId } = await freshSku();
    const attributes = { skuId, productionDate: '2026-01-10', expiryDate: '2027-01-10', supplierId: 'SUPSG0001', inboundRef: 'ASN-77' };
    const first = await inTx((tx) => ensureBatch(tx, WHS, attributes));
    expect(first).toMatch(/^B\d{9}$/);
    expect(await inTx((tx) => ensureBatch(tx, WHS, { ...attributes, inboundRef: 'ASN-78' }))).toBe(first);
    const other = await inTx((tx) => ensureBatch(tx, WHS, { ...attributes, expiryDate: '2027-02-10' }));
    expect(other).not.toBe(first);
    const [row] = await db().select().from(skuBatches).where(and(eq(skuBatches.whsId, WHS), eq(skuBatches.skuId, skuId), eq(skuBatches.batchId, first)));
    expect(row).toMatchObject({ productionDate: '2026-01-10', expiryDate: '2027-01-10', supplierId: 'SUPSG0001', inboundRef: 'ASN-77' });
  });

  test('a given lot number is kept; reused with other dates it is refused', async () => {
    const { skuId } = await freshSku();
    expect(await inTx((tx) => ensureBatch(tx, WHS, { skuId, batchId: 'LOT-2026/01', expiryDate: '2027-06-30' }))).toBe('LOT-2026/01');
    expect(await inTx((tx) => ensureBatch(tx, WHS, { skuId, batchId: 'LOT-2026/01', expiryDate: '2027-06-30' }))).toBe('LOT-2026/01');
    const clash = await refusal((tx) => ensureBatch(tx, WHS, { skuId, batchId: 'LOT-2026/01', expiryDate: '2027-07-31' }));
    expect(clash.message).toBe(`Invalid request: batch_id: batch LOT-2026/01 of SKU ${skuId} exists with production date none, expiry date 2027-06-30 and supplier none: use another batch id for other attributes`);
  });

  test('bad dates, lot numbers, SKUs and suppliers are refused', async () => {
    const { skuId } = await freshSku();
    const path = async (input: Parameters<typeof ensureBatch>[2]) => {
      const e = await refusal((tx) => ensureBatch(tx, WHS, input));
      return e.retcode === RET.BAD_INPUT ? (e.data as { issues: { path: string }[] }).issues[0]!.path : e.message;
    };
    expect(await path({ skuId, expiryDate: '2027-02-30' })).toBe('expiry_date');
    expect(await path({ skuId, productionDate: '10/01/2026' })).toBe('production_date');
    expect(await path({ skuId, productionDate: '2026-05-02', expiryDate: '2026-05-01' })).toBe('expiry_date');
    expect(await path({ skuId, batchId: ' LOT 1' })).toBe('batch_id');
    expect(await path({ skuId, batchId: 'L'.repeat(41) })).toBe('batch_id');
    expect(await path({ skuId: 'NO-SUCH-SKU' })).toBe(`SKU NO-SUCH-SKU of warehouse ${WHS} not found.`);
    expect(await path({ skuId, supplierId: 'SUPID0001' })).toBe(`Supplier SUPID0001 of warehouse ${WHS} not found.`);
  });
});

describe('append-only', () => {
  test('the ledger and the block log refuse UPDATE, DELETE and TRUNCATE, even of no row', async () => {
    const item = await freshSku();
    await receive(keyAt(item, CELL_A), 3);
    await inTx((tx) => lockStock(tx, WHS, [{ ...keyAt(item, CELL_A), qty: 1 }], { reason: 'hold', operatorId }));
    for (const table of ['inventory_transactions', 'inventory_lock_logs']) {
      for (const statement of [
        `update ${table} set qty = qty + 1 where sku_id = '${item.skuId}'`,
        `delete from ${table} where sku_id = '${item.skuId}'`,
        `delete from ${table} where false`,
        `truncate ${table}`,
      ]) {
        await expect(db().execute(sql.raw(statement)), statement).rejects.toMatchObject({ cause: { message: expect.stringContaining(`${table} is append-only`) } });
      }
    }
    expect((await ledgerOf([item.skuId])).map((r) => r.qty)).toEqual([3]);
    expect(await blockLogOf(item.skuId)).toHaveLength(1);
  });
});

// ---- property: the ledger's invariants over random sequences of stock changes ----

interface Balance {
  onhand: number;
  locked: number;
  prepick: number;
}
type KeyPick = { location: string; batch: number; quality: StockKey['quality'] };
type Op =
  | { kind: 'receive' | 'ship' | 'lock' | 'unlock' | 'reserve' | 'release'; key: KeyPick; qty: number }
  | { kind: 'adjust'; key: KeyPick; qty: number }
  | { kind: 'move'; from: KeyPick; to: KeyPick; qty: number }
  | { kind: 'post'; lines: { key: KeyPick; qty: number }[] }
  | { kind: 'invalid'; key: KeyPick; qty: number };

const keyPick = fc.record({ location: fc.constantFrom(CELL_A, CELL_B, INBOUND, OUTBOUND), batch: fc.integer({ min: 0, max: 1 }), quality: fc.constantFrom(GOOD, DAMAGED) });
const qty = fc.integer({ min: 1, max: 40 });
const signedQty = fc.integer({ min: -40, max: 40 }).filter((q) => q !== 0);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('receive' as const), key: keyPick, qty }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('ship' as const), key: keyPick, qty }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('adjust' as const), key: keyPick, qty: signedQty }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('move' as const), from: keyPick, to: keyPick, qty }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constantFrom('lock' as const, 'unlock' as const, 'reserve' as const, 'release' as const), key: keyPick, qty }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('post' as const), lines: fc.array(fc.record({ key: keyPick, qty: signedQty }), { minLength: 2, maxLength: 4 }) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('invalid' as const), key: keyPick, qty: fc.constantFrom(0, -3, 2.5, 100_000) }), weight: 1 },
);

/** The stock a sequence should leave: the same rules as the ledger, on a map. */
class StockModel {
  readonly balances = new Map<string, Balance>();
  ledgerRows = 0;
  blockLogRows = 0;
  private get(key: string): Balance {
    return this.balances.get(key) ?? { onhand: 0, locked: 0, prepick: 0 };
  }
  /** Applies signed on-hand changes in order, all or none; whether they were accepted. */
  post(changes: readonly { key: string; qty: number }[]): boolean {
    const next = new Map<string, Balance>();
    for (const { key, qty: q } of changes) {
      const b = { ...(next.get(key) ?? this.get(key)) };
      if (q < 0 && b.onhand - b.locked - b.prepick < -q) return false;
      b.onhand += q;
      next.set(key, b);
    }
    for (const [key, b] of next) this.balances.set(key, b);
    this.ledgerRows += changes.length;
    return true;
  }
  reserve(key: string, bucket: 'locked' | 'prepick', q: number): boolean {
    const b = { ...this.get(key) };
    if (q > 0 ? b.onhand - b.locked - b.prepick < q : b[bucket] < -q) return false;
    b[bucket] += q;
    this.balances.set(key, b);
    if (bucket === 'locked') this.blockLogRows++;
    return true;
  }
}

describe('property', () => {
  test('after any sequence of receipts, moves, shipments, adjustments, blocks and pre-picks: on hand is Σ debit − Σ credit, nothing is negative, and refused changes leave no trace', async () => {
    const { skuId } = await freshSku();
    let run = 0;
    await fc.assert(fc.asyncProperty(fc.array(opArb, { minLength: 4, maxLength: 12 }), async (ops) => {
      // Each run has batches of its own, so runs do not see each other's balances.
      run++;
      const batches = await inTx((tx) => Promise.all([0, 1].map((n) => ensureBatch(tx, WHS, { skuId, batchId: `RUN${run}-${n}` }))));
      const toKey = (k: KeyPick): StockKey => ({ location: k.location, skuId, batchId: batches[k.batch]!, quality: k.quality });
      const id = (k: StockKey) => `${k.location}|${k.batchId}|${k.quality}`;
      const model = new StockModel();
      const r = ref(`RUN-${run}`);

      for (const op of ops) {
        let expected: boolean;
        let change: (tx: Db) => Promise<unknown>;
        let refusalCode: number = RET.INSUFFICIENT_STOCK;
        switch (op.kind) {
          case 'receive': case 'ship': {
            const k = toKey(op.key);
            expected = model.post([{ key: id(k), qty: op.kind === 'receive' ? op.qty : -op.qty }]);
            change = (tx) => postStock(tx, WHS, [op.kind === 'receive' ? line(k, T.RECEIVED, DEBIT, op.qty) : line(k, T.SHIP_ORDER, CREDIT, op.qty)], r);
            break;
          }
          case 'adjust': {
            const k = toKey(op.key);
            expected = model.post([{ key: id(k), qty: op.qty }]);
            change = (tx) => postStock(tx, WHS, [op.qty > 0 ? line(k, T.ADJUST_INCREASE, DEBIT, op.qty) : line(k, T.ADJUST_DECREASE, CREDIT, -op.qty)], r);
            break;
          }
          case 'move': {
            const from = toKey(op.from);
            const to = toKey(op.to);
            expected = model.post([{ key: id(from), qty: -op.qty }, { key: id(to), qty: op.qty }]);
            change = (tx) => moveStock(tx, WHS, [{ txnType: T.RACK_TRANSFER, from, to: { location: to.location, batchId: to.batchId, quality: to.quality }, qty: op.qty }], r);
            break;
          }
          case 'post': {
            const lines = op.lines.map((l) => (l.qty > 0 ? line(toKey(l.key), T.OVERAGE, DEBIT, l.qty) : line(toKey(l.key), T.SHORTAGE, CREDIT, -l.qty)));
            expected = model.post(op.lines.map((l) => ({ key: id(toKey(l.key)), qty: l.qty })));
            change = (tx) => postStock(tx, WHS, lines, r);
            break;
          }
          case 'invalid': {
            expected = false;
            refusalCode = RET.BAD_INPUT;
            change = (tx) => postStock(tx, WHS, [line(toKey(op.key), T.RECEIVED, DEBIT, op.qty)], r);
            break;
          }
          default: {
            const k = toKey(op.key);
            const bucket = op.kind === 'lock' || op.kind === 'unlock' ? 'locked' : 'prepick';
            const sign = op.kind === 'lock' || op.kind === 'reserve' ? 1 : -1;
            expected = model.reserve(id(k), bucket, sign * op.qty);
            const lines = [{ ...k, qty: op.qty }];
            const why = { reason: `run ${run}`, operatorId };
            change = {
              lock: (tx: Db) => lockStock(tx, WHS, lines, why), unlock: (tx: Db) => unlockStock(tx, WHS, lines, why),
              reserve: (tx: Db) => reservePrepick(tx, WHS, lines), release: (tx: Db) => releasePrepick(tx, WHS, lines),
            }[op.kind];
          }
        }
        const outcome = await inTx(change).then(() => 'applied', (e: unknown) => {
          if (e instanceof ApiError) return e.retcode;
          throw e;
        });
        expect(outcome, JSON.stringify(op)).toBe(expected ? 'applied' : refusalCode);
      }

      const batchScope = inArray(locationInventory.batchId, batches);
      const rows = await db().select().from(locationInventory).where(and(eq(locationInventory.whsId, WHS), eq(locationInventory.skuId, skuId), batchScope));
      for (const row of rows) {
        expect(row.onhandQty).toBeGreaterThanOrEqual(0);
        expect(row.lockedQty).toBeGreaterThanOrEqual(0);
        expect(row.prepickQty).toBeGreaterThanOrEqual(0);
        expect(row.availableQty).toBe(row.onhandQty - row.lockedQty - row.prepickQty);
        expect(row.availableQty).toBeGreaterThanOrEqual(0);
      }
      const held = (b: Balance) => b.onhand + b.locked + b.prepick > 0;
      const actual = Object.fromEntries(rows.map((row) => [`${row.locationId}|${row.batchId}|${row.quality}`, { onhand: row.onhandQty, locked: row.lockedQty, prepick: row.prepickQty }]).filter(([, b]) => held(b as Balance)));
      expect(actual).toEqual(Object.fromEntries([...model.balances].filter(([, b]) => held(b))));
      expect(await ledgerMismatches(sql`sku_id = ${skuId} and batch_id in (${sql.join(batches.map((b) => sql`${b}`), sql`, `)})`)).toEqual([]);
      const ledgerRows = await db().select({ id: inventoryTransactions.txnId }).from(inventoryTransactions)
        .where(and(eq(inventoryTransactions.whsId, WHS), eq(inventoryTransactions.skuId, skuId), inArray(inventoryTransactions.batchId, batches)));
      expect(ledgerRows).toHaveLength(model.ledgerRows);
      const logRows = await db().select({ id: inventoryLockLogs.logId }).from(inventoryLockLogs)
        .where(and(eq(inventoryLockLogs.whsId, WHS), eq(inventoryLockLogs.skuId, skuId), inArray(inventoryLockLogs.batchId, batches)));
      expect(logRows).toHaveLength(model.blockLogRows);
    }), { numRuns: 30 });
  });
});

describe('concurrency', () => {
  test('posts racing for the last units: exactly one gets them, the others are refused', async () => {
    const item = await freshSku();
    const cell = keyAt(item, CELL_A);
    await receive(cell, 10);
    const racers = Array.from({ length: 6 }, (_, i) => inTx((tx) => postStock(tx, WHS, [line(cell, T.SHIP_ORDER, CREDIT, 10)], ref(`SO-RACE-${i}`))));
    const outcomes = await Promise.allSettled(racers);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes.filter((x): x is PromiseRejectedResult => x.status === 'rejected')) {
      expect(o.reason).toBeInstanceOf(ApiError);
      expect((o.reason as ApiError).retcode).toBe(RET.INSUFFICIENT_STOCK);
    }
    expect(await quantities(cell)).toEqual({ onhand: 0, locked: 0, prepick: 0, available: 0 });
    expect((await ledgerOf([item.skuId])).filter((r) => r.direction === CREDIT)).toHaveLength(1);
  });

  test('posts racing for part of the stock take no more than there is; blocks and pre-picks race the same way', async () => {
    const item = await freshSku();
    const cell = keyAt(item, CELL_B);
    await receive(cell, 10);
    const take = (i: number) => inTx((tx) => postStock(tx, WHS, [line(cell, T.SHIP_ORDER, CREDIT, 4)], ref(`SO-PART-${i}`)));
    const reserve = () => inTx((tx) => reservePrepick(tx, WHS, [{ ...cell, qty: 4 }]));
    const block = () => inTx((tx) => lockStock(tx, WHS, [{ ...cell, qty: 4 }], { reason: 'race', operatorId }));
    const outcomes = await Promise.allSettled([take(1), reserve(), block(), take(2), reserve()]);
    // 10 units, five claims of 4: exactly two win.
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(2);
    const q = (await quantities(cell))!;
    expect(q.available).toBe(2);
    expect(q.onhand - q.locked - q.prepick).toBe(2);
    expect(await ledgerMismatches(sql`sku_id = ${item.skuId}`)).toEqual([]);
  });

  test('moves in opposite directions between the same balances never deadlock', async () => {
    const item = await freshSku();
    const a = keyAt(item, CELL_A);
    const b = keyAt(item, CELL_C);
    await inTx((tx) => postStock(tx, WHS, [line(a, T.RECEIVED, DEBIT, 100), line(b, T.RECEIVED, DEBIT, 100)], ref('RCV-DL')));
    const move = (from: StockKey, to: StockKey, i: number) => inTx((tx) => moveStock(tx, WHS, [
      { txnType: T.RACK_TRANSFER, from, to: { location: to.location, batchId: to.batchId, quality: to.quality }, qty: 1 },
      // A second leg back, so each post holds both balances while the other wants them in the other order.
      { txnType: T.RACK_TRANSFER, from: to, to: { location: from.location, batchId: from.batchId, quality: from.quality }, qty: 1 },
    ], ref(`RT-DL-${i}`, { refType: 'RACK_TRANSFER' })));
    for (let round = 0; round < 10; round++) {
      await Promise.all([move(a, b, round), move(b, a, round), move(a, b, round + 100), move(b, a, round + 100)]);
    }
    expect(await quantities(a)).toMatchObject({ onhand: 100 });
    expect(await quantities(b)).toMatchObject({ onhand: 100 });
    expect((await ledgerOf([item.skuId])).length).toBe(2 + 10 * 4 * 4);
  });

  // PGlite runs one transaction at a time: the races above are serialised there, so the row locks are shown on PostgreSQL.
  describe.skipIf(SKIP_POSTGRES)('on PostgreSQL', () => {
    usePostgresServer(() => server, (on) => (server = on));

    test('the racing posts really overlap: each holds its own connection', async () => {
      const item = await freshSku();
      const cell = keyAt(item, CELL_A);
      await receive(cell, 1);
      // The first post holds the balance's row lock (its transaction stays open) while the second starts.
      let posted!: () => void;
      let release!: () => void;
      const firstPosted = new Promise<void>((resolve) => (posted = resolve));
      const held = new Promise<void>((resolve) => (release = resolve));
      const first = inTx(async (tx) => {
        await postStock(tx, WHS, [line(cell, T.SHIP_ORDER, CREDIT, 1)], ref('SO-HOLD-1'));
        posted();
        await held;
      });
      await firstPosted;
      let settled = false;
      const second = inTx((tx) => postStock(tx, WHS, [line(cell, T.SHIP_ORDER, CREDIT, 1)], ref('SO-HOLD-2')))
        .then(() => null, (error: unknown) => error)
        .finally(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(settled).toBe(false); // waiting on the row lock, not refused on a stale read
      release();
      await first;
      expect(await second).toMatchObject({ retcode: RET.INSUFFICIENT_STOCK, data: { wanted: 1, available: 0 } });
      expect((await ledgerOf([item.skuId])).filter((r) => r.direction === CREDIT)).toHaveLength(1);
    });
  });
});

describe('offline ops', () => {
  test('an op that moves stock records its op id on the ledger; one refused for want of stock is rejected without a trace and the queue goes on', async () => {
    const item = await freshSku();
    const from = keyAt(item, CELL_A);
    await receive(from, 10);
    const payload = z.object({ qty: z.number().int() });
    // A server-only kind: no device queues it, so its device-side message is never shown.
    const rackTransfer = defineOp({ kind: 'test.inventory.rack_transfer', access: 'session', payload, invalid: 'A rack transfer needs its fields.' });
    const kinds = new Map([...OP_KINDS.values(), serverOp(rackTransfer, {
      apply: (tx, p, ctx) => moveStock(tx, ctx.whsId, [{ txnType: T.RACK_TRANSFER, from, to: { location: CELL_B, batchId: item.batchId, quality: GOOD }, qty: p.qty }],
        { refType: 'RACK_TRANSFER', refNo: 'RT-OFFLINE', operatorId: ctx.userId, opId: ctx.opId }),
    })].map((k) => [k.kind, k]));
    const app = new Hono();
    app.onError((err, c) => (err instanceof ApiError
      ? c.json(envelope(err.data, err.retcode, err.message), err.httpStatus as 200)
      : c.json(envelope(null, RET.INTERNAL, 'Internal server error'), 500)));
    registerContract(app, { db: db(), config: server.config }, contract, { ...handlers, ...syncHandlersWith(kinds) });
    const user = await server.createUser({ email: 'ledger.offline@demo.local', warehouses: [WHS] });
    const signedIn = await server.login(user.email);
    const client = new TestClient(app as unknown as ReturnType<typeof createApp>);
    for (const [k, v] of signedIn.cookies) client.cookies.set(k, v);
    client.whsId = signedIn.whsId;
    expect(client.whsId).toBe(WHS);

    const ops = [4, 50, 3].map((q, i) => ({ op_id: uuidv7(), seq: i + 1, kind: 'test.inventory.rack_transfer', payload: { qty: q }, created_at: Date.now() }));
    const res = await client.post('/apps/system/sync/push_ops', { device_id: randomUUID(), ops });
    expect(res.retcode).toBe(0);
    expect(res.data.results.map((r: { status: string; retcode: number }) => [r.status, r.retcode])).toEqual([['applied', 0], ['rejected', RET.INSUFFICIENT_STOCK], ['applied', 0]]);
    expect(res.data.results[1].data).toMatchObject({ location_id: CELL_A, wanted: 50, available: 6 });
    const moved = (await ledgerOf([item.skuId])).slice(1);
    expect(moved.map((r) => [r.opId, r.direction, r.locationId, r.qty, r.operatorId])).toEqual([
      [ops[0]!.op_id, CREDIT, CELL_A, 4, user.userId], [ops[0]!.op_id, DEBIT, CELL_B, 4, user.userId],
      [ops[2]!.op_id, CREDIT, CELL_A, 3, user.userId], [ops[2]!.op_id, DEBIT, CELL_B, 3, user.userId],
    ]);
    expect(await quantities(from)).toMatchObject({ onhand: 3 });
    expect(await quantities(keyAt(item, CELL_B))).toMatchObject({ onhand: 7 });
  });
});

describe('demo stock', () => {
  test('the opening balances of every demo warehouse were posted through the ledger and look like a working warehouse', async () => {
    expect(await ledgerMismatches(sql`sku_id not like 'LEDGER%'`)).toEqual([]);
    const perWarehouse = await rowsOf<{ balances: number; damaged: number; blocked: number; in_cells: number; in_staging: number }>(sql`
      select b.whs_id,
        count(*)::int as balances,
        count(*) filter (where b.quality = 2)::int as damaged,
        count(*) filter (where b.locked_qty > 0)::int as blocked,
        count(*) filter (where b.location_type = 1)::int as in_cells,
        count(*) filter (where b.location_type <> 1)::int as in_staging
      from location_inventory b where b.sku_id not like 'LEDGER%' group by b.whs_id order by b.whs_id`);
    expect(perWarehouse).toHaveLength(6);
    for (const row of perWarehouse) {
      expect(row.balances).toBeGreaterThan(100);
      expect(row.damaged).toBeGreaterThan(0);
      expect(row.blocked).toBeGreaterThan(0);
      expect(row.in_cells).toBeGreaterThan(row.in_staging);
      expect(row.in_staging).toBeGreaterThan(0);
    }
    const opening = await db().selectDistinct({ txnType: inventoryTransactions.txnType, refType: inventoryTransactions.refType, refNo: inventoryTransactions.refNo })
      .from(inventoryTransactions).where(sql`${inventoryTransactions.skuId} not like 'LEDGER%' and ${inventoryTransactions.refType} = 'OPENING_BALANCE'`);
    expect(opening).toEqual([{ txnType: T.ADJUST_INCREASE, refType: 'OPENING_BALANCE', refNo: 'OPENING-BALANCE' }]);

    // Batches in stock: every expiry state is there, and expired stock is blocked.
    const stocked = await db().select({ expiryDate: skuBatches.expiryDate, productionDate: skuBatches.productionDate, shelfLifeDays: skus.shelfLifeDays, locked: locationInventory.lockedQty, onhand: locationInventory.onhandQty })
      .from(locationInventory)
      .innerJoin(skuBatches, and(eq(skuBatches.whsId, locationInventory.whsId), eq(skuBatches.skuId, locationInventory.skuId), eq(skuBatches.batchId, locationInventory.batchId)))
      .innerJoin(skus, and(eq(skus.whsId, locationInventory.whsId), eq(skus.skuId, locationInventory.skuId)))
      .where(and(eq(locationInventory.whsId, WHS), sql`${locationInventory.onhandQty} > 0`));
    // States as of the day the demo data was made (a seeded test template may be older than today).
    const [seededAt] = await db().select({ at: inventoryTransactions.createdAt }).from(inventoryTransactions)
      .where(and(eq(inventoryTransactions.whsId, WHS), eq(inventoryTransactions.refType, 'OPENING_BALANCE'))).limit(1);
    const today = todayIn('Asia/Singapore', seededAt!.at);
    const states = stocked.map((s) => ({ state: expiryState(s, today), blockedAll: s.locked === s.onhand }));
    for (const state of EXPIRY_STATE.options.map((o) => o.value)) expect(states.some((s) => s.state === state), `state ${state}`).toBe(true);
    expect(states.filter((s) => s.state === EXPIRY_STATE.values.EXPIRED).every((s) => s.blockedAll)).toBe(true);
  });
});
