import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { rowsOf } from '../support/db-state';
import { addStock, inTransaction, testItem, type TestItem } from '../support/stock-fixture';
import type { Db } from '../../src/server/db/client';
import { cells } from '../../src/server/db/schema';
import {
  lockStock, moveStock, postStock, postStockMany, releasePrepick, reservePrepick, unlockStock, type StockKey,
} from '../../src/server/modules/inventory/ledger';
import { rebuildStockTotals } from '../../src/server/modules/inventory/zone-stock';
import { INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE, QUALITY } from '../../src/shared/codes';

/**
 * The zone map reads the zone stock the ledger keeps (zone-stock.ts), the SKU maps its SKU stock:
 * after any mix of postings they answer what aggregating every balance from scratch answers, and
 * the sums kept agree with a rebuild from the balances.
 */
const MAP = '/apps/process/inventory/inventorymap';
const WHS = 'SGSIN1';
const STAGING = 'IB-PUTAWAY-01';
const T = INVENTORY_TRANSACTION_TYPE.values;
const { DEBIT, CREDIT } = INVENTORY_TRANSACTION_DIRECTION.values;
const { GOOD, DAMAGED } = QUALITY.values;

type Row = Record<string, unknown>;

let server: TestServer;
let admin: TestClient;
/** Three cells of zone A01 and two of B01. */
let a: string[];
let b: string[];

const db = () => server.database.db;
const inTx = <R>(work: (tx: Db) => Promise<R>): Promise<R> => inTransaction(db(), work);
const item = () => testItem(db(), WHS, 'ZONESKU');
const key = (it: TestItem, location: string, quality: 1 | 2 = GOOD): StockKey => ({ location, skuId: it.skuId, batchId: it.batchId, quality });
const ref = (refNo: string) => ({ refType: 'ADJUSTMENT' as const, refNo, operatorId: null });
const take = (it: TestItem, location: string, qty: number, quality: 1 | 2 = GOOD) => inTx((tx) => postStock(tx, WHS, [
  { ...key(it, location, quality), qty, txnType: T.ADJUST_DECREASE, direction: CREDIT },
], ref('ZONE-TAKE')));
const putaway = (it: TestItem, from: string, to: string, qty: number) => inTx((tx) => moveStock(tx, WHS, [
  { txnType: T.PUT_AWAY, from: key(it, from), to: { location: to, batchId: it.batchId, quality: GOOD }, qty },
], { refType: 'PUTAWAY_TASK', refNo: 'ZONE-PUT', operatorId: null }));

/** The zone map as the list serves it, every zone, in zone order. */
async function zoneMap(): Promise<Row[]> {
  const res = await admin.get<{ list: Row[] }>(`${MAP}/search_zone_inventory`, { page_size: 200, sort_by: 'zone_id' });
  expect(res.retcode, res.message).toBe(0);
  return res.data.list.map(({ zone_id, stocked_cell_count, sku_count, onhand_qty, locked_qty, prepick_qty, available_qty }) =>
    ({ zone_id, stocked_cell_count, sku_count, onhand_qty, locked_qty, prepick_qty, available_qty }));
}

/** The oracle: the zone map's figures aggregated from every balance in a cell, as the map read them before zone_stock. */
async function aggregated(): Promise<Row[]> {
  return rowsOf<Row>(await db().execute(sql`
    select z.zone_id, coalesce(s.stocked_cell_count, 0)::int as stocked_cell_count, coalesce(s.sku_count, 0)::int as sku_count,
      coalesce(s.onhand_qty, 0)::int as onhand_qty, coalesce(s.locked_qty, 0)::int as locked_qty,
      coalesce(s.prepick_qty, 0)::int as prepick_qty, coalesce(s.available_qty, 0)::int as available_qty
    from zones z left join (
      select c.zone_id, count(distinct li.location_id) filter (where li.onhand_qty > 0) as stocked_cell_count,
        count(distinct li.sku_id) filter (where li.onhand_qty > 0) as sku_count,
        sum(li.onhand_qty) as onhand_qty, sum(li.locked_qty) as locked_qty, sum(li.prepick_qty) as prepick_qty, sum(li.available_qty) as available_qty
      from location_inventory li join cells c on c.whs_id = li.whs_id and c.location_code = li.location_id and li.location_type = 1
      where li.whs_id = ${WHS} group by c.zone_id) s on s.zone_id = z.zone_id
    where z.whs_id = ${WHS} and z.status <> 4 order by z.zone_id collate "C"`));
}

/** The kept sums (rows with stock; a zone's over its slots), to compare with a rebuild. */
async function keptSums(): Promise<unknown[]> {
  return rowsOf(await db().execute(sql`
    select 'zone' as kind, zone_id as key, v from (
      select zone_id, sum(onhand_qty)::text || '/' || sum(locked_qty) || '/' || sum(prepick_qty) || '/' || sum(stocked_cell_count) || '/' || sum(sku_count) as v,
        (sum(onhand_qty), sum(locked_qty), sum(prepick_qty), sum(stocked_cell_count), sum(sku_count)) <> (0, 0, 0, 0, 0) as stocked
      from zone_stock where whs_id = ${WHS} group by zone_id) z where stocked
    union all select 'cell', location_code, onhand_qty::text from cell_stock where whs_id = ${WHS} and onhand_qty <> 0
    union all select 'zone-sku', zone_id || '/' || sku_id, onhand_qty::text from zone_sku_stock where whs_id = ${WHS} and onhand_qty <> 0
    union all select 'sku', sku_id, onhand_qty::text from sku_stock where whs_id = ${WHS} and onhand_qty <> 0
    order by 1, 2`));
}

async function expectAgreement(): Promise<void> {
  const map = await zoneMap();
  expect(map).toEqual(await aggregated());
  const onhandMap = await admin.get<{ total: number }>(`${MAP}/search_onhand_inventory`, { page_size: 200 });
  const [stocked] = rowsOf<{ n: number }>(await db().execute(sql`select count(distinct sku_id)::int as n from location_inventory where whs_id = ${WHS} and onhand_qty > 0`));
  expect(onhandMap.data.total).toBe(stocked!.n);
  const kept = await keptSums();
  await inTx((tx) => rebuildStockTotals(tx, WHS));
  expect(await keptSums()).toEqual(kept);
  expect(await zoneMap()).toEqual(map);
}

const cellsOf = async (zoneId: string, n: number) => (await db().select({ code: cells.locationCode }).from(cells)
  .where(and(eq(cells.whsId, WHS), eq(cells.zoneId, zoneId))).orderBy(asc(cells.locationCode)).limit(n)).map((c) => c.code);

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.loginAt('admin@demo.local', WHS);
  a = await cellsOf('A01', 3);
  b = await cellsOf('B01', 2);
});
afterAll(async () => {
  await server?.close();
});

describe('zone totals kept by the ledger', () => {
  test('the demo stock: the map answers what the balances aggregate to', async () => {
    await expectAgreement();
  });

  test('receiving, putaway between zones, blocks, pre-picks and adjustments to zero', async () => {
    const [x, y, z] = [await item(), await item(), await item()];
    await addStock(db(), WHS, x, STAGING, 50);
    await addStock(db(), WHS, x, a[0]!, 10);
    await addStock(db(), WHS, y, a[0]!, 7, DAMAGED);
    await addStock(db(), WHS, z, b[0]!, 3);
    await expectAgreement();

    // Putaway from staging into a cell of each zone, then between the zones.
    await putaway(x, STAGING, a[1]!, 20);
    await putaway(x, STAGING, b[1]!, 5);
    await putaway(x, a[0]!, b[0]!, 10);
    await expectAgreement();

    // Blocks and pre-picks change the zone's blocked, pre-picked and available figures only.
    await inTx((tx) => lockStock(tx, WHS, [{ ...key(x, a[1]!), qty: 4 }, { ...key(x, b[0]!), qty: 2 }], { reason: 'zone test', operatorId: null }));
    await inTx((tx) => reservePrepick(tx, WHS, [{ ...key(x, a[1]!), qty: 6 }, { ...key(z, b[0]!), qty: 3 }]));
    await expectAgreement();
    await inTx((tx) => unlockStock(tx, WHS, [{ ...key(x, b[0]!), qty: 2 }], { reason: 'zone test', operatorId: null }));
    await inTx(async (tx) => {
      await releasePrepick(tx, WHS, [{ ...key(z, b[0]!), qty: 3 }]);
      await postStock(tx, WHS, [{ ...key(z, b[0]!), qty: 3, txnType: T.ADJUST_DECREASE, direction: CREDIT }], ref('ZONE-PICKED'));
    });
    await expectAgreement();

    // Adjusting to zero takes the cell and the SKU off their zone's counts.
    await take(y, a[0]!, 7, DAMAGED);
    await take(x, b[1]!, 5);
    await expectAgreement();

    // Several documents at once: in and out of one balance, a move back and forth within the batch.
    await inTx((tx) => postStockMany(tx, WHS, [
      { lines: [{ ...key(y, a[2]!), qty: 9, txnType: T.ADJUST_INCREASE, direction: DEBIT }], ref: ref('ZONE-MANY-1') },
      { lines: [{ ...key(y, a[2]!), qty: 9, txnType: T.ADJUST_DECREASE, direction: CREDIT }], ref: ref('ZONE-MANY-2') },
      { lines: [{ ...key(x, b[0]!), qty: 10, txnType: T.RACK_TRANSFER, direction: CREDIT, counterLocation: a[2]! },
        { ...key(x, a[2]!), qty: 10, txnType: T.RACK_TRANSFER, direction: DEBIT, counterLocation: b[0]! }], ref: ref('ZONE-MANY-3') },
      { lines: [{ ...key(z, STAGING), qty: 2, txnType: T.ADJUST_INCREASE, direction: DEBIT }], ref: ref('ZONE-MANY-4') },
    ]));
    await expectAgreement();
  });

  test('a refused posting leaves the zone totals as they were', async () => {
    const x = await item();
    await addStock(db(), WHS, x, a[0]!, 2);
    const before = await zoneMap();
    await expect(inTx((tx) => postStockMany(tx, WHS, [
      { lines: [{ ...key(x, b[0]!), qty: 5, txnType: T.ADJUST_INCREASE, direction: DEBIT }], ref: ref('ZONE-REFUSED-1') },
      { lines: [{ ...key(x, a[0]!), qty: 3, txnType: T.ADJUST_DECREASE, direction: CREDIT }], ref: ref('ZONE-REFUSED-2') },
    ]))).rejects.toThrow(/Not enough/);
    expect(await zoneMap()).toEqual(before);
    await expectAgreement();
  });

  test('concurrent postings in the same zones add up', async () => {
    const items = await Promise.all([item(), item(), item(), item()]);
    await Promise.all(items.map((it, i) => addStock(db(), WHS, it, a[i % a.length]!, 5 + i)));
    await Promise.all(items.flatMap((it, i) => [
      putaway(it, a[i % a.length]!, b[i % b.length]!, 3),
      inTx((tx) => lockStock(tx, WHS, [{ ...key(it, a[i % a.length]!), qty: 1 }], { reason: 'zone test', operatorId: null })),
    ]));
    await expectAgreement();
  });
});
