import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { ChangeWatch } from '../support/db-state';
import { Device } from '../support/op-device';
import { createTestSku, receivedAsnWithPutawayTask, type ReceivedAsn } from '../support/putaway-fixture';
import { addStock, inTransaction, refusedUnchanged, testItem, type TestItem } from '../support/stock-fixture';
import { ccDiffLines, ccOrders, ccTaskLocations, ccTasks, cells, fullStockCountRuns, locationInventory, pathways, rolePermissions, roles, zones } from '../../src/server/db/schema';
import { runPendingCcBuilds } from '../../src/server/modules/inventory/cycle-count-worker';
import { lockStock, postStock, type StockLine } from '../../src/server/modules/inventory/ledger';
import { assertNoFullStockCount } from '../../src/server/modules/inventory/full-stock-count';
import { END_FULL_STOCK_COUNT, START_FULL_STOCK_COUNT } from '../../src/shared/contract/full-stock-count.contract';
import {
  CYCLE_COUNT_CREATION_STATUS, CYCLE_COUNT_KIND, CYCLE_COUNT_ORDER_TYPE, CYCLE_COUNT_SCOPE, CYCLE_COUNT_SOURCE, CYCLE_COUNT_STATUS, INVENTORY_ADJUSTMENT_DIRECTION,
  INVENTORY_ADJUSTMENT_STATUS, INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE, QUALITY, RACK_TYPE, STORAGE_AREA, TEMPERATURE_ZONE,
} from '../../src/shared/codes';
import { cycleCountOps } from '../../src/shared/ops/cycle-count.ops';
import { SKU_MIXING, SUPPLIER_MIXING } from '../../src/shared/resources/location-codes';
import { putawayOps } from '../../src/shared/ops/putaway.ops';
import { userSettingsOps } from '../../src/shared/ops/user-settings.ops';
import { RET } from '../../src/shared/retcodes';

/**
 * The full stock count switch (spec §4, §6, §7 operate_full_stock_count / get_cycle_count_switch)
 * and the freeze it puts on the warehouse's stock while it runs.
 */
const FSC = '/apps/process/inventory/fullstockcount';
const OPERATE = `${FSC}/operate_full_stock_count`;
const SWITCH = `${FSC}/get_cycle_count_switch`;
const WHS = 'SGSIN1';
const OTHER = 'IDJKT1';
const CELL = 'A01-01-01-1';
const T = INVENTORY_TRANSACTION_TYPE.values;
const { DEBIT, CREDIT } = INVENTORY_TRANSACTION_DIRECTION.values;
const { GOOD } = QUALITY.values;
const CC_STATUS = CYCLE_COUNT_STATUS.values;

let server: TestServer;
/** Super admin working in SGSIN1, and the same account's session in IDJKT1. */
let admin: TestClient;
let adminOther: TestClient;
/** Hold only one direction's permission each. */
let starter: TestClient;
let starterId: number;
let ender: TestClient;
let enderId: number;
let operator: TestClient;
let watch: ChangeWatch;

const db = () => server.database.db;

async function userWith(name: string, perms: readonly string[]) {
  const [role] = await db().insert(roles).values({ whsId: WHS, roleName: name }).returning();
  await db().insert(rolePermissions).values(perms.map((perm) => ({ whsId: WHS, roleId: role!.roleId, perm })));
  const user = await server.createUser({ email: `${name.toLowerCase().replace(/\W+/g, '.')}@demo.local`, role: name as 'Operator' });
  return { client: await server.login(user.email), userId: user.userId };
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.loginAt('admin@demo.local', WHS);
  adminOther = await server.loginAt('admin@demo.local', OTHER);
  ({ client: starter, userId: starterId } = await userWith('FSC Starter', [START_FULL_STOCK_COUNT]));
  ({ client: ender, userId: enderId } = await userWith('FSC Ender', [END_FULL_STOCK_COUNT]));
  operator = await server.loginAt('operator@demo.local', WHS);
  watch = new ChangeWatch(db());
}, 400_000); // a first PostgreSQL run builds the seeded template database
afterAll(async () => {
  await server?.close();
});

const operate = (client: TestClient, open: 0 | 1) => client.post(OPERATE, { is_open_full_stock_count: open });
const isOpen = async (client: TestClient) => {
  const res = await client.get(SWITCH);
  expect(res.retcode, res.message).toBe(0);
  return res.data.is_open_full_stock_count as boolean;
};
const runsOf = (whsId: string) => db().select().from(fullStockCountRuns).where(eq(fullStockCountRuns.whsId, whsId)).orderBy(asc(fullStockCountRuns.runId));

async function start(client: TestClient = admin) {
  const res = await operate(client, 1);
  expect(res.retcode, res.message).toBe(0);
  return res.data;
}
async function end(client: TestClient = admin) {
  const res = await operate(client, 0);
  expect(res.retcode, res.message).toBe(0);
  return res.data;
}
/** Runs `work` with SGSIN1's count running, and ends it whatever happens. */
async function whileCounting(work: () => Promise<void>) {
  await start();
  try {
    await work();
  } finally {
    await end();
  }
}

const line = (item: TestItem, txnType: StockLine['txnType'], direction: StockLine['direction'], qty: number, location = CELL): StockLine =>
  ({ location, skuId: item.skuId, batchId: item.batchId, quality: GOOD, qty, txnType, direction });
const post = (whsId: string, lines: StockLine[]) =>
  inTransaction(db(), (tx) => postStock(tx, whsId, lines, { refType: 'ADJUSTMENT', refNo: 'FSC-TEST', operatorId: null }));
const onhandOf = async (whsId: string, item: TestItem, location = CELL) => {
  const [row] = await db().select({ qty: locationInventory.onhandQty }).from(locationInventory)
    .where(and(eq(locationInventory.whsId, whsId), eq(locationInventory.locationId, location), eq(locationInventory.skuId, item.skuId)));
  return row?.qty ?? 0;
};
/** A refusal as the caller's transaction sees it: the ApiError's retcode and data. */
const refusal = (run: Promise<unknown>) => run.then(() => null, (error: { retcode?: number; data?: unknown }) => ({ retcode: error.retcode, data: error.data }));

describe('the switch (operate_full_stock_count)', () => {
  test('starts and ends the count: the flag follows, each run is recorded with who and when, and a second start or end is refused', async () => {
    expect(await isOpen(admin)).toBe(false);
    const started = await start();
    expect(started).toMatchObject({ is_open_full_stock_count: true, run: { ended_at: null, ended_by: null } });
    expect(await isOpen(admin)).toBe(true);
    expect(Math.abs(started.run.started_at - Date.now() / 1000)).toBeLessThan(600);

    const again = await refusedUnchanged(watch, () => operate(admin, 1), RET.FULL_STOCK_COUNT_STARTED);
    expect(again).toBe('Full Stock Count already start');

    const ended = await end();
    expect(ended).toMatchObject({ is_open_full_stock_count: false, run: { run_id: started.run.run_id, started_at: started.run.started_at } });
    expect(ended.run.ended_at).toBeGreaterThanOrEqual(started.run.started_at);
    expect(await isOpen(admin)).toBe(false);
    expect(await refusedUnchanged(watch, () => operate(admin, 0), RET.FULL_STOCK_COUNT_ENDED)).toBe('Full Stock Count already end');

    const [run] = (await runsOf(WHS)).filter((r) => r.runId === started.run.run_id);
    expect(run).toMatchObject({ whsId: WHS, startedBy: started.run.started_by, endedBy: ended.run.ended_by });
    expect(run!.endedAt).not.toBeNull();
  });

  test('starting needs StartFullStockCount and ending EndFullStockCount, each on its own', async () => {
    for (const client of [ender, operator]) {
      await refusedUnchanged(watch, () => operate(client, 1), RET.PERMISSION_DENIED);
      expect((await operate(client, 1)).data).toEqual({ perm: START_FULL_STOCK_COUNT });
    }
    expect((await start(starter)).run.started_by).toBe(starterId);
    for (const client of [starter, operator]) {
      await refusedUnchanged(watch, () => operate(client, 0), RET.PERMISSION_DENIED);
      expect((await operate(client, 0)).data).toEqual({ perm: END_FULL_STOCK_COUNT });
    }
    expect(await isOpen(admin)).toBe(true);
    expect((await end(ender)).run).toMatchObject({ started_by: starterId, ended_by: enderId });
    // Reading the flag needs no permission: every page's redirect reads it.
    expect(await isOpen(operator)).toBe(false);
  });

  test('anything but 0 or 1 is bad input and changes nothing', async () => {
    for (const value of [2, -1, '1', true, null]) {
      await refusedUnchanged(watch, () => admin.post(OPERATE, { is_open_full_stock_count: value }), RET.BAD_INPUT);
    }
    await refusedUnchanged(watch, () => admin.post(OPERATE, {}), RET.BAD_INPUT);
  });

  test('a count is its warehouse\'s own: another warehouse\'s flag stays off and its stock moves', async () => {
    const here = await testItem(db(), WHS, 'FSCISO');
    const there = await testItem(db(), OTHER, 'FSCISO');
    await addStock(db(), OTHER, there, CELL, 5);
    await whileCounting(async () => {
      expect(await isOpen(admin)).toBe(true);
      expect(await isOpen(adminOther)).toBe(false);
      await post(OTHER, [line(there, T.ADJUST_DECREASE, CREDIT, 2)]);
      expect(await onhandOf(OTHER, there)).toBe(3);
      expect(await refusal(post(WHS, [line(here, T.ADJUST_INCREASE, DEBIT, 1)]))).toMatchObject({ retcode: RET.STOCK_FROZEN_BY_FULL_STOCK_COUNT });
      // IDJKT1 starts and ends its own.
      await start(adminOther);
      await end(adminOther);
    });
    expect((await runsOf(OTHER)).length).toBe(1);
  });
});

describe('the freeze while a count runs', () => {
  test('a post that moves stock is refused naming the run; the count\'s overage and shortage post; after the end stock moves again', async () => {
    const item = await testItem(db(), WHS, 'FSCLEDGER');
    await addStock(db(), WHS, item, CELL, 10);
    await whileCounting(async () => {
      const [open] = (await runsOf(WHS)).filter((r) => r.endedAt === null);
      for (const lines of [
        [line(item, T.ADJUST_INCREASE, DEBIT, 1)],
        [line(item, T.ADJUST_DECREASE, CREDIT, 1)],
        [line(item, T.RACK_TRANSFER, CREDIT, 1), line(item, T.RACK_TRANSFER, DEBIT, 1, 'A01-01-01-2')],
        // A count's difference does not carry another move along.
        [line(item, T.OVERAGE, DEBIT, 1), line(item, T.PICKING, CREDIT, 1)],
      ]) {
        expect(await refusal(post(WHS, lines))).toEqual({ retcode: RET.STOCK_FROZEN_BY_FULL_STOCK_COUNT, data: { whs_id: WHS, run_id: open!.runId } });
      }
      expect(await onhandOf(WHS, item)).toBe(10);
      await post(WHS, [line(item, T.OVERAGE, DEBIT, 2)]);
      await post(WHS, [line(item, T.SHORTAGE, CREDIT, 3)]);
      expect(await onhandOf(WHS, item)).toBe(9);
      // Blocking changes no on hand: it goes on.
      await inTransaction(db(), (tx) => lockStock(tx, WHS, [{ location: CELL, skuId: item.skuId, batchId: item.batchId, quality: GOOD, qty: 1 }], { reason: 'Damaged', operatorId: null }));
    });
    await post(WHS, [line(item, T.ADJUST_DECREASE, CREDIT, 4)]);
    expect(await onhandOf(WHS, item)).toBe(5);
  });

  test('assertNoFullStockCount (creating a normal cycle count) is refused with -285021 only while a count runs', async () => {
    await expect(inTransaction(db(), (tx) => assertNoFullStockCount(tx, WHS))).resolves.toBeUndefined();
    await whileCounting(async () => {
      expect(await refusal(inTransaction(db(), (tx) => assertNoFullStockCount(tx, WHS)))).toMatchObject({ retcode: RET.FULL_STOCK_COUNT_STARTED });
      await expect(assertNoFullStockCount(db(), OTHER)).resolves.toBeUndefined();
    });
    await expect(assertNoFullStockCount(db(), WHS)).resolves.toBeUndefined();
  });

  test('an offline put queued during the count is rejected and recorded, the ops after it still apply, and a put after the end applies', async () => {
    const fx = await receivedPutaway(6);
    const cell = await freshCell();
    const device = new Device(operator);
    const putOf = (qty: number) => device.op(putawayOps.put.kind, { task_no: fx.taskNo, line_no: 1, sku_id: fx.lines[0]!.skuId, location: cell, qty });
    await whileCounting(async () => {
      const put = putOf(2);
      const [refused, after] = await device.send(put, device.op(userSettingsOps.setUserSetting.kind, { name: 'fsc_test', value: '1' }));
      expect(refused, refused!.message).toMatchObject({ status: 'rejected', retcode: RET.STOCK_FROZEN_BY_FULL_STOCK_COUNT });
      expect(refused!.message).toContain('full stock count is running');
      expect(after).toMatchObject({ status: 'applied' });
      expect(await onhandOf(WHS, { skuId: fx.lines[0]!.skuId } as TestItem, cell)).toBe(0);
      // The rejection is recorded: the same op sent again gets the same answer.
      const [replayed] = await device.send(put);
      expect(replayed).toMatchObject({ status: 'duplicate', retcode: RET.STOCK_FROZEN_BY_FULL_STOCK_COUNT });
    });
    const [applied] = await device.send(putOf(2));
    expect(applied).toMatchObject({ status: 'applied', retcode: 0 });
    expect(await onhandOf(WHS, { skuId: fx.lines[0]!.skuId } as TestItem, cell)).toBe(2);
  });
});

describe('the count\'s own order', () => {
  const CC = '/apps/process/inventory/cyclecount/ccorder';
  const ccOrderOf = async (orderNo: string) => (await admin.get(`${CC}/get_cc_order_detail`, { order_no: orderNo })).data;
  const ccOrderCount = async () => Number((await db().select({ n: sql<number>`count(*)::int` }).from(ccOrders).where(eq(ccOrders.whsId, WHS)))[0]!.n);

  test('start cancels open counts and orders every active cell; no other order meanwhile; end judges what was counted and puts the stock of uncounted cells on a pending adjustment', async () => {
    const [counted, missed] = [await testItem(db(), WHS, 'FSCCOUNTED'), await testItem(db(), WHS, 'FSCMISSED')];
    const [cellA, cellB] = [await freshCell(), await freshCell()];
    await addStock(db(), WHS, counted, cellA, 10);
    await addStock(db(), WHS, missed, cellB, 4);
    const [{ zoneId }] = await db().select({ zoneId: cells.zoneId }).from(cells).where(and(eq(cells.whsId, WHS), eq(cells.locationCode, cellA))) as [{ zoneId: string }];
    const locationOrder = {
      order_type: CYCLE_COUNT_ORDER_TYPE.values.EXPRESS, kind: CYCLE_COUNT_KIND.values.LOCATION, scope: CYCLE_COUNT_SCOPE.values.CUSTOMIZED, criteria: { zone_ids: [zoneId] },
    };
    const manual = await admin.post(`${CC}/create_cc_order`, locationOrder);
    expect(manual.retcode, manual.message).toBe(0);

    const started = await start();
    expect(started.start.cancelled_orders).toContain(manual.data.order_no);
    expect((await ccOrderOf(manual.data.order_no)).status).toBe(CC_STATUS.CANCEL);
    const orderNo = started.start.order_no as string;
    await runPendingCcBuilds(db());
    const [{ active }] = (await db().execute(sql`select count(*)::int as active from cells where whs_id = ${WHS} and status = 1`) as unknown as { rows: [{ active: number }] }).rows;
    expect(await ccOrderOf(orderNo)).toMatchObject({
      source: CYCLE_COUNT_SOURCE.values.FULL_STOCK_COUNT, order_type: CYCLE_COUNT_ORDER_TYPE.values.FULL, creation_status: CYCLE_COUNT_CREATION_STATUS.values.SUCCESS,
      location_count: Number(active),
    });
    // No other order while it runs, and the refusal writes nothing.
    const before = await ccOrderCount();
    expect((await admin.post(`${CC}/create_cc_order`, locationOrder)).retcode).toBe(RET.FULL_STOCK_COUNT_STARTED);
    expect(await ccOrderCount()).toBe(before);

    // An operator counts cell A short (8 of 10) on the count's task; cell B and the rest are never counted.
    const [{ taskNo }] = await db().select({ taskNo: ccTasks.taskNo }).from(ccTasks)
      .innerJoin(ccTaskLocations, and(eq(ccTaskLocations.whsId, ccTasks.whsId), eq(ccTaskLocations.taskNo, ccTasks.taskNo)))
      .where(and(eq(ccTasks.whsId, WHS), eq(ccTasks.orderNo, orderNo), eq(ccTaskLocations.locationId, cellA))) as [{ taskNo: string }];
    const claimed = await operator.post('/apps/process/inventory/cyclecount/cctask/claim_cc_task', { task_no: taskNo, full_stock_count: true });
    expect(claimed.retcode, claimed.message).toBe(0);
    const countedOp = await new Device(operator).push(cycleCountOps.count.kind, { task_no: taskNo, location_id: cellA, code: counted.skuId, qty: 8 });
    expect(countedOp.status, countedOp.message).toBe('applied');

    const ended = await end();
    expect(ended.end).toMatchObject({ uncounted_locations: Number(active) - 1 });
    expect(ended.end.diff_nos).toHaveLength(1);
    const diffLines = await db().select().from(ccDiffLines).where(and(eq(ccDiffLines.whsId, WHS), eq(ccDiffLines.diffNo, ended.end.diff_nos[0])));
    expect(diffLines.map((l) => [l.locationId, l.skuId, l.bookQty, l.countedQty])).toEqual([[cellA, counted.skuId, 10, 8]]);
    const open = await db().select().from(ccTasks).where(and(eq(ccTasks.whsId, WHS), eq(ccTasks.orderNo, orderNo), inArray(ccTasks.status, [CC_STATUS.PENDING, CC_STATUS.ONGOING])));
    expect(open).toEqual([]);

    // The uncounted stock waits on an adjustment task for approval: cell B's units are there, cell A's are not.
    const adjustment = await admin.get('/apps/process/inventory/adjustment/get_adjustment_detail', { adjust_no: ended.end.adjust_no });
    expect(adjustment.retcode, adjustment.message).toBe(0);
    expect(adjustment.data.status).toBe(INVENTORY_ADJUSTMENT_STATUS.values.PENDING);
    const lineAt = (location: string) => adjustment.data.lines.filter((l: any) => l.location_id === location);
    expect(lineAt(cellB)).toMatchObject([{ sku_id: missed.skuId, qty: 4, direction: INVENTORY_ADJUSTMENT_DIRECTION.values.DEDUCTION }]);
    expect(lineAt(cellA)).toEqual([]);
    expect(await onhandOf(WHS, missed, cellB)).toBe(4);

    // The counted difference is approved after the end: the shortage posts.
    const approved = await admin.post('/apps/process/inventory/cyclecount/difforder/approve_cc_diff_order', { diff_no: ended.end.diff_nos[0], remark: 'full count' });
    expect(approved.retcode, approved.message).toBe(0);
    expect(await onhandOf(WHS, counted, cellA)).toBe(8);
    expect((await ccOrderOf(orderNo)).status).toBe(CC_STATUS.DONE);
  });
});

// ---- putaway fixtures ----

let zoneCounter = 0;
/** An empty cell of a zone of this file's own (normal temperature, any mixing). */
async function freshCell(): Promise<string> {
  const zoneId = `FSCZ${++zoneCounter}`;
  const pathwayId = `${zoneId}-01`;
  const common = {
    whsId: WHS, storageArea: STORAGE_AREA.values.MIX_AREA, rackType: RACK_TYPE.values.GROUND_STACKED, temperatureZone: TEMPERATURE_ZONE.values.NORMAL,
    skuMixing: SKU_MIXING.values.MIX_ATTRIBUTES, supplierMixing: SUPPLIER_MIXING.values.MIX,
  };
  await db().insert(zones).values({ ...common, zoneId, zoneName: `Full stock count test ${zoneId}`, zoneClusterId: 'ZC-BULK', pickSequence: 900 });
  await db().insert(pathways).values({ whsId: WHS, pathwayId, zoneId, pickSequence: 1 });
  const locationCode = `${pathwayId}-01-1`;
  await db().insert(cells).values({ ...common, locationCode, zoneId, pathwayId, maxQty: 1000, pickSequence: 1 });
  return locationCode;
}

async function receivedPutaway(qty: number): Promise<ReceivedAsn> {
  return receivedAsnWithPutawayTask(db(), [{ skuId: await createTestSku(db(), WHS, 'FSCPUT'), qty }]);
}
