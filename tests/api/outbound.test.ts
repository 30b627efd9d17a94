import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { Device, type OpAnswer } from '../support/op-device';
import { outboundFixture } from '../support/outbound-fixture';
import { createTestSku } from '../support/putaway-fixture';
import {
  containers, inventoryTransactions, locationInventory, outboundAllocations, outboundExceptions, pickingTasks, salesOrderLines, salesOrderLogs, salesOrders,
  skuBatches, subPickingGroups, waves,
} from '../../src/server/db/schema';
import { FULL_STRATEGY, candidatesFor, choose, type AllocateStrategy, type Candidate, type Pick } from '../../src/server/modules/outbound/allocation';
import {
  INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE, ORDER_PRIORITY, PICKING_TASK_KIND, PICKING_TYPE, SALES_ORDER_STATUS, SHORT_PICK_REASON, STORAGE_AREA,
  SUB_PICKING_SPLIT_BY, TASK_STATUS,
} from '../../src/shared/codes';
import { pickingOps } from '../../src/shared/ops/picking.ops';
import { RET } from '../../src/shared/retcodes';

const WHS = 'SGSIN1';
const ORDERS = '/apps/process/outbound/salesorder';
const WAVE = '/apps/process/outbound/wave/create_manual_wave';
const CLAIM = '/apps/process/outbound/picking/claim_picking_task';
const TASK_DETAIL = '/apps/process/outbound/pickingtask/get_picking_task_detail';
const S = SALES_ORDER_STATUS.values;
const T = TASK_STATUS.values;
const { DEBIT } = INVENTORY_TRANSACTION_DIRECTION.values;

let server: TestServer;
let supervisor: TestClient;
let operator: TestClient;
let otherOperator: TestClient;
const db = () => server.database.db;

let userCounter = 0;
const signIn = async (role: 'Supervisor' | 'Operator') =>
  server.login((await server.createUser({ email: `outbound${++userCounter}@demo.local`, role })).email);

beforeAll(async () => {
  server = await startTestServer();
  supervisor = await signIn('Supervisor');
  operator = await signIn('Operator');
  otherOperator = await signIn('Operator');
});
afterAll(async () => {
  await server?.close();
});

// ---- fixtures ----

const fixture = outboundFixture(db, WHS, 'O');
/** A zone of the test's own, in a storage area, with `n` cells in pick order: other stock never reaches it. */
const privateZone = async (n: number, area: number, pickSequence = 500): Promise<string[]> => (await fixture.privateZone(n, area, pickSequence)).cells;
const { stock, container } = fixture;

const sku = () => createTestSku(db(), WHS, 'OUT');
let externalCounter = 0;
const externalNo = () => `EXT-${Date.now()}-${++externalCounter}`;

async function createOrder(lines: { sku_id: string; qty: number }[], more: Record<string, unknown> = {}) {
  const res = await supervisor.post(`${ORDERS}/create_sales_order`, { external_no: externalNo(), lines, ...more });
  expect(res.retcode, res.message).toBe(0);
  return res.data.order as { order_no: string; status: number; external_no: string };
}
const orderRow = async (orderNo: string) => (await db().select().from(salesOrders).where(and(eq(salesOrders.whsId, WHS), eq(salesOrders.orderNo, orderNo))))[0]!;
const allocationsOf = (orderNo: string) => db().select().from(outboundAllocations)
  .where(and(eq(outboundAllocations.whsId, WHS), eq(outboundAllocations.orderNo, orderNo))).orderBy(asc(outboundAllocations.allocId));
const balance = async (location: string, skuId: string) => {
  const rows = await db().select().from(locationInventory).where(and(eq(locationInventory.whsId, WHS), eq(locationInventory.locationId, location), eq(locationInventory.skuId, skuId)));
  return rows.reduce((sum, r) => ({ onhand: sum.onhand + r.onhandQty, prepick: sum.prepick + r.prepickQty, locked: sum.locked + r.lockedQty }), { onhand: 0, prepick: 0, locked: 0 });
};
async function wave(orderNos: string[], pickingType: number = PICKING_TYPE.values.PICK_TO_ORDER, maxUnits?: number) {
  const res = await supervisor.post(WAVE, { order_nos: orderNos, picking_type: pickingType, ...(maxUnits ? { max_units_per_task: maxUnits } : {}) });
  return res;
}


// ---- orders ----

describe('order intake', () => {
  test('a resend of the external number answers the first order; other lines are refused and nothing is written', async () => {
    const skuId = await sku();
    const [cell] = await privateZone(1, STORAGE_AREA.values.PICKING_AREA);
    await stock(skuId, [{ cell: cell!, qty: 10 }]);
    const external = externalNo();
    const first = await supervisor.post(`${ORDERS}/create_sales_order`, { external_no: external, lines: [{ sku_id: skuId, qty: 2 }] });
    expect(first.retcode, first.message).toBe(0);
    expect(first.data.created).toBe(true);
    expect(first.data.order.status).toBe(S.CREATED);
    const again = await supervisor.post(`${ORDERS}/create_sales_order`, { external_no: external, lines: [{ sku_id: skuId, qty: 2 }] });
    expect(again.data).toMatchObject({ created: false, order: { order_no: first.data.order.order_no } });
    const clash = await supervisor.post(`${ORDERS}/create_sales_order`, { external_no: external, lines: [{ sku_id: skuId, qty: 3 }] });
    expect(clash.retcode).toBe(RET.ORDER_EXTERNAL_NO_CLASH);
    expect(clash.data.order_no).toBe(first.data.order.order_no);
    const [{ n }] = await db().select({ n: count() }).from(salesOrders).where(and(eq(salesOrders.whsId, WHS), eq(salesOrders.externalNo, external))) as [{ n: number }];
    expect(n).toBe(1);
    const detail = await supervisor.get(`${ORDERS}/get_sales_order_detail`, { order_no: first.data.order.order_no });
    expect(detail.data.lines).toEqual([expect.objectContaining({ line_no: 1, sku_id: skuId, qty: 2 })]);
    expect(detail.data.logs.map((l: { to_status: number }) => l.to_status)).toEqual([S.CREATED]);
  });

  test('an unknown SKU or more than the warehouse holds is refused naming the line; nothing is written', async () => {
    const skuId = await sku();
    const [cell] = await privateZone(1, STORAGE_AREA.values.PICKING_AREA);
    await stock(skuId, [{ cell: cell!, qty: 5 }]);
    const before = (await db().select({ n: count() }).from(salesOrders))[0]!.n;
    const unknown = await supervisor.post(`${ORDERS}/create_sales_order`, { external_no: externalNo(), lines: [{ sku_id: skuId, qty: 1 }, { sku_id: 'NO-SUCH-SKU', qty: 1 }] });
    expect(unknown.retcode).toBe(RET.ORDER_LINE_INVALID);
    expect(unknown.data).toEqual({ line: 2, sku_id: 'NO-SUCH-SKU' });
    const over = await supervisor.post(`${ORDERS}/create_sales_order`, { external_no: externalNo(), lines: [{ sku_id: skuId, qty: 3 }, { sku_id: skuId, qty: 3 }] });
    expect(over.retcode).toBe(RET.ORDER_LINE_INVALID);
    expect(over.message).toContain('Line 2');
    expect(over.message).toContain('holds 5');
    const bad = await supervisor.post(`${ORDERS}/create_sales_order`, { external_no: externalNo(), lines: [] });
    expect(bad.retcode).toBe(RET.BAD_INPUT);
    expect((await db().select({ n: count() }).from(salesOrders))[0]!.n).toBe(before);
  });

  test('the order system push answers each order on its own, a resend with the first answer', async () => {
    const skuId = await sku();
    const [cell] = await privateZone(1, STORAGE_AREA.values.PICKING_AREA);
    await stock(skuId, [{ cell: cell!, qty: 10 }]);
    const good = { external_no: externalNo(), lines: [{ sku_id: skuId, qty: 1 }] };
    const bad = { external_no: externalNo(), lines: [{ sku_id: skuId, qty: 1 }, { sku_id: 'NOPE', qty: 1 }] };
    const res = await supervisor.post(`${ORDERS}/push_sales_orders`, { orders: [good, bad] });
    expect(res.retcode).toBe(0);
    expect(res.data.results).toEqual([
      expect.objectContaining({ external_no: good.external_no, retcode: 0, created: true, status: S.CREATED }),
      expect.objectContaining({ external_no: bad.external_no, retcode: RET.ORDER_LINE_INVALID, line: 2, order_no: null }),
    ]);
    const resend = await supervisor.post(`${ORDERS}/push_sales_orders`, { orders: [good] });
    expect(resend.data.results[0]).toMatchObject({ retcode: 0, created: false, order_no: res.data.results[0].order_no });
    expect((await orderRow(res.data.results[0].order_no)).source).toBe(3);
  });

  test('an operator cannot create orders; another warehouse\'s order is not found', async () => {
    const denied = await operator.post(`${ORDERS}/create_sales_order`, { external_no: externalNo(), lines: [{ sku_id: 'X', qty: 1 }] });
    expect(denied.retcode).toBe(RET.PERMISSION_DENIED);
    const [elsewhere] = await db().select().from(salesOrders).where(eq(salesOrders.whsId, 'IDJKT1')).limit(1);
    const res = await supervisor.get(`${ORDERS}/get_sales_order_detail`, { order_no: elsewhere!.orderNo });
    expect(res.retcode).toBe(RET.NOT_FOUND);
  });
});

// ---- allocation ----

describe('allocation', () => {
  test('takes the batch expiring first, then the picking area, then one location that covers the line, in pick-path order', async () => {
    const skuId = await sku();
    const storage = await privateZone(1, STORAGE_AREA.values.STORAGE_AREA, 100);
    const picking = await privateZone(3, STORAGE_AREA.values.PICKING_AREA, 900);
    // Expiring soonest sits in storage: FEFO takes it first, whatever the area.
    await stock(skuId, [
      { cell: storage[0]!, qty: 2, expiresInDays: 30 },
      { cell: picking[0]!, qty: 3, expiresInDays: 200 },
      { cell: picking[1]!, qty: 8, expiresInDays: 200 },
      { cell: picking[2]!, qty: 4, expiresInDays: 10_000 },
    ]);
    // Same batch day, no expiry: the picking area before the storage area.
    const order = await createOrder([{ sku_id: skuId, qty: 7 }]);
    const res = await supervisor.post(`${ORDERS}/allocate_sales_orders`, { order_nos: [order.order_no] });
    expect(res.data.results).toEqual([expect.objectContaining({ order_no: order.order_no, allocated: true, status: S.CREATED })]);
    const allocs = await allocationsOf(order.order_no);
    // 2 from storage (expiring first), then 5: one location that covers it (8), not 3 + 2.
    expect(allocs.map((a) => [a.locationId, a.qty])).toEqual([[storage[0], 2], [picking[1], 5]]);
    expect(await balance(picking[1]!, skuId)).toMatchObject({ onhand: 8, prepick: 5 });
    expect((await orderRow(order.order_no)).allocatedQty).toBe(7);
  });

  test('a short order waits in pending pick with its reason and reserves nothing; it allocates once stock is there', async () => {
    const skuId = await sku();
    const other = await sku();
    const [cell, cell2] = await privateZone(2, STORAGE_AREA.values.PICKING_AREA);
    await stock(skuId, [{ cell: cell!, qty: 4 }]);
    await stock(other, [{ cell: cell2!, qty: 4 }]);
    const first = await createOrder([{ sku_id: skuId, qty: 3 }]);
    const second = await createOrder([{ sku_id: other, qty: 2 }, { sku_id: skuId, qty: 2 }]);
    const res = await supervisor.post(`${ORDERS}/allocate_sales_orders`, { order_nos: [first.order_no, second.order_no] });
    expect(res.data.results.map((r: { allocated: boolean }) => r.allocated)).toEqual([true, false]);
    const waiting = await orderRow(second.order_no);
    expect(waiting.status).toBe(S.PENDING_PICK);
    expect(waiting.holdReason).toContain(`SKU ${skuId}: 2 wanted, 1 available`);
    expect(waiting.holdReason).toContain(first.order_no);
    expect(await allocationsOf(second.order_no)).toEqual([]);
    expect(await balance(cell2!, other)).toMatchObject({ prepick: 0 });
    await stock(skuId, [{ cell: cell!, qty: 5 }]);
    const again = await supervisor.post(`${ORDERS}/allocate_sales_orders`, { order_nos: [second.order_no] });
    expect(again.data.results[0]).toMatchObject({ allocated: true, status: S.CREATED, hold_reason: null });
    const detail = await supervisor.get(`${ORDERS}/get_sales_order_detail`, { order_no: second.order_no });
    expect(detail.data.logs.map((l: { to_status: number }) => l.to_status)).toEqual([S.CREATED, S.PENDING_PICK, S.CREATED]);
  });

  test('the short orders of one pass each wait with their own SKU\'s reason; trying again logs nothing new', async () => {
    const scarce = await sku();
    const other = await sku();
    const [cell, cell2] = await privateZone(2, STORAGE_AREA.values.PICKING_AREA);
    await stock(scarce, [{ cell: cell!, qty: 2 }]);
    await stock(other, [{ cell: cell2!, qty: 2 }]);
    const holder = await createOrder([{ sku_id: scarce, qty: 1 }, { sku_id: other, qty: 1 }]);
    const shortOfScarce = await createOrder([{ sku_id: scarce, qty: 1 }, { sku_id: scarce, qty: 1 }]);
    const shortOfOther = await createOrder([{ sku_id: other, qty: 2 }]);
    const orderNos = [holder.order_no, shortOfScarce.order_no, shortOfOther.order_no];
    const res = await supervisor.post(`${ORDERS}/allocate_sales_orders`, { order_nos: orderNos });
    expect(res.data.results.map((r: { allocated: boolean }) => r.allocated)).toEqual([true, false, false]);
    expect((await orderRow(shortOfScarce.order_no)).holdReason)
      .toBe(`SKU ${scarce}: 2 wanted, 1 available in pickable cells (2 on hand, 1 pre-picked by ${holder.order_no} 1, 0 blocked).`);
    expect((await orderRow(shortOfOther.order_no)).holdReason)
      .toBe(`SKU ${other}: 2 wanted, 1 available in pickable cells (2 on hand, 1 pre-picked by ${holder.order_no} 1, 0 blocked).`);
    const again = await supervisor.post(`${ORDERS}/allocate_sales_orders`, { order_nos: orderNos.slice(1) });
    expect(again.data.results.map((r: { status: number }) => r.status)).toEqual([S.PENDING_PICK, S.PENDING_PICK]);
    const detail = await supervisor.get(`${ORDERS}/get_sales_order_detail`, { order_no: shortOfScarce.order_no });
    expect(detail.data.logs.map((l: { to_status: number }) => l.to_status)).toEqual([S.CREATED, S.PENDING_PICK]);
  });

  test('two allocations racing for the last unit: one wins, the other waits, nothing is over-allocated', async () => {
    const skuId = await sku();
    const [cell] = await privateZone(1, STORAGE_AREA.values.PICKING_AREA);
    await stock(skuId, [{ cell: cell!, qty: 1 }]);
    const a = await createOrder([{ sku_id: skuId, qty: 1 }]);
    const b = await createOrder([{ sku_id: skuId, qty: 1 }]);
    const other = await signIn('Supervisor');
    const [ra, rb] = await Promise.all([
      supervisor.post(`${ORDERS}/allocate_sales_orders`, { order_nos: [a.order_no] }),
      other.post(`${ORDERS}/allocate_sales_orders`, { order_nos: [b.order_no] }),
    ]);
    expect([ra.retcode, rb.retcode]).toEqual([0, 0]);
    const won = [ra.data.results[0].allocated, rb.data.results[0].allocated];
    expect(won.filter(Boolean)).toHaveLength(1);
    expect(await balance(cell!, skuId)).toMatchObject({ onhand: 1, prepick: 1 });
    const statuses = [(await orderRow(a.order_no)).status, (await orderRow(b.order_no)).status].sort();
    expect(statuses).toEqual([S.CREATED, S.PENDING_PICK].sort());
  });
});

// ---- waves and picking ----

/** Orders of fresh SKUs stocked in a private picking zone, allocated. */
async function stockedOrders(n: number, qty = 2) {
  const cellCodes = await privateZone(n + 1, STORAGE_AREA.values.PICKING_AREA);
  const skuIds: string[] = [];
  for (let i = 0; i < n; i++) {
    const skuId = await sku();
    skuIds.push(skuId);
    await stock(skuId, [{ cell: cellCodes[i]!, qty: qty * 3 }]);
  }
  const orders = [];
  for (const skuId of skuIds) orders.push(await createOrder([{ sku_id: skuId, qty }]));
  return { cells: cellCodes, skuIds, orderNos: orders.map((o) => o.order_no) };
}

describe('reading the candidates', () => {
  const STEPS = [false, true];
  const everyStrategy: AllocateStrategy[] = STEPS.flatMap((fefo) => STEPS.flatMap((fifo) => STEPS.flatMap((pickingAreaFirst) => STEPS.map((fewestLocations) => ({
    fefo, fifo, pickingAreaFirst, fewestLocations,
  })))));
  let skuId: string;
  let at: Record<'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'H', string>;
  const TOTAL = 27;
  const read = (units: number, strategies: readonly AllocateStrategy[]) => db().transaction(async (tx) =>
    (await candidatesFor(tx, WHS, { units: new Map([[skuId, units]]), strategies })).get(skuId) ?? []);
  /** Needs of 1 and 2 units taken one after the other (the orders of a wave), each under its strategy. */
  const run = (candidates: readonly Candidate[], units: number, strategies: readonly AllocateStrategy[]) => {
    const taken = new Map<string, number>();
    const out: (Pick[] | null)[] = [];
    for (let left = units, i = 0; left > 0; i++) {
      const qty = Math.min(left, 1 + (i % 2));
      const picks = choose(candidates, qty, taken, strategies[i % strategies.length]);
      if (picks) left -= qty;
      else left = 0;
      out.push(picks);
    }
    return out;
  };
  const where = (candidates: readonly Candidate[]) => candidates.map((c) => Object.entries(at).find(([, batchId]) => batchId === c.batchId)![0]).sort();

  beforeAll(async () => {
    skuId = await sku();
    const picking = await privateZone(3, STORAGE_AREA.values.PICKING_AREA, 600);
    const [mix] = await privateZone(1, STORAGE_AREA.values.MIX_AREA, 601);
    const storage = await privateZone(2, STORAGE_AREA.values.STORAGE_AREA, 602);
    // In FEFO order: A (picking) and B (storage) expire first, E next, then the undated by day: C and F (picking, alike), D and H (one mix cell).
    const entries = [
      { name: 'A', cell: picking[0]!, qty: 4, expiresInDays: 10 },
      { name: 'B', cell: storage[0]!, qty: 3, expiresInDays: 10 },
      { name: 'C', cell: picking[1]!, qty: 5, daysAgo: 3 },
      { name: 'F', cell: picking[2]!, qty: 5, daysAgo: 3 },
      { name: 'D', cell: mix!, qty: 2, daysAgo: 1 },
      { name: 'H', cell: mix!, qty: 2, daysAgo: 1 },
      { name: 'E', cell: storage[1]!, qty: 6, expiresInDays: 30 },
      { name: 'X', cell: picking[0]!, qty: 9, expiresInDays: -1 },
    ] as const;
    const batchIds = await stock(skuId, entries);
    at = Object.fromEntries(entries.map((e, i) => [e.name, batchIds[i]!])) as typeof at;
    for (const [i, e] of entries.entries()) {
      if ('daysAgo' in e) {
        await db().update(skuBatches).set({ createdAt: sql`now() - make_interval(days => ${e.daysAgo})` })
          .where(and(eq(skuBatches.whsId, WHS), eq(skuBatches.skuId, skuId), eq(skuBatches.batchId, batchIds[i]!)));
      }
    }
  });

  test('only the groups the need reaches are read: up to the one that brings the total to it, all when short', async () => {
    expect(where(await read(TOTAL + 1, [FULL_STRATEGY]))).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'H']);
    expect(where(await read(1, [FULL_STRATEGY]))).toEqual(['A']);
    expect(where(await read(4, [FULL_STRATEGY]))).toEqual(['A']);
    expect(where(await read(5, [FULL_STRATEGY]))).toEqual(['A', 'B']);
    expect(where(await read(14, [FULL_STRATEGY]))).toEqual(['A', 'B', 'C', 'E', 'F']);
    const fefoOff = { ...FULL_STRATEGY, fefo: false };
    expect(where(await read(10, [fefoOff]))).toEqual(['C', 'F']);
    expect(where(await read(11, [fefoOff]))).toEqual(['C', 'D', 'F', 'H']);
    expect(where(await read(10, [fefoOff, FULL_STRATEGY]))).toEqual(['A', 'B', 'C', 'E', 'F']);
    expect(where(await read(1, [{ ...FULL_STRATEGY, fefo: false, fifo: false, pickingAreaFirst: false }]))).toHaveLength(7);
    // The area alone: the picking area (A, C, F) holds 14.
    expect(where(await read(14, [{ ...FULL_STRATEGY, fefo: false, fifo: false }]))).toEqual(['A', 'C', 'F']);
  });

  test('what is read chooses as every candidate would, for every need and every combination of steps', async () => {
    const every = await read(TOTAL + 1, [FULL_STRATEGY]);
    // Fewest locations does not change what is read: one read for both.
    for (const grouping of everyStrategy.filter((s) => s.fewestLocations)) {
      for (let units = 1; units <= TOTAL + 1; units++) {
        const reached = await read(units, [grouping]);
        for (const strategy of [grouping, { ...grouping, fewestLocations: false }]) {
          expect(choose(reached, units, new Map(), strategy), `${JSON.stringify(strategy)} ${units}`).toEqual(choose(every, units, new Map(), strategy));
          expect(run(reached, units, [strategy])).toEqual(run(every, units, [strategy]));
        }
      }
    }
    expect(choose(every, TOTAL + 1, new Map())).toBeNull();
  });

  test('orders of one run under different rules: what any of them reaches', async () => {
    const every = await read(TOTAL + 1, [FULL_STRATEGY]);
    const some = [FULL_STRATEGY, { ...FULL_STRATEGY, fefo: false }, { ...FULL_STRATEGY, fifo: false, pickingAreaFirst: false }, { ...FULL_STRATEGY, pickingAreaFirst: false, fewestLocations: false }];
    for (const [i, first] of some.entries()) {
      for (const second of some.slice(i + 1)) {
        for (let units = 1; units <= TOTAL + 1; units += 2) {
          expect(run(await read(units, [first, second]), units, [first, second])).toEqual(run(every, units, [first, second]));
        }
      }
    }
  });
});

describe('waves', () => {
  test('a manual wave allocates, skips orders on hold with the reason, and cuts tasks by zone and capacity in pick-path order', async () => {
    const { orderNos, skuIds } = await stockedOrders(3, 2);
    const held = await createOrder([{ sku_id: skuIds[0]!, qty: 1 }], { priority: ORDER_PRIORITY.values.ON_HOLD });
    const res = await wave([...orderNos, held.order_no], PICKING_TYPE.values.PICK_TO_WAVE, 4);
    expect(res.retcode, res.message).toBe(0);
    expect(res.data.skipped).toEqual([expect.objectContaining({ order_no: held.order_no, reason: 'It is on hold.' })]);
    expect(res.data.wave).toMatchObject({ is_manual: true, auto_wave_rule: null, order_count: 3, unit_count: 6, status: T.PENDING });
    // 6 units of one zone, at most 4 a picker: one picking task split by the wave into two
    // sub-picking tasks (the tasks pickers claim), stops in cell order.
    expect(res.data.task_nos).toHaveLength(2);
    const tasks = await db().select().from(pickingTasks).where(eq(pickingTasks.waveNo, res.data.wave.wave_no)).orderBy(asc(pickingTasks.taskNo));
    const parent = tasks.find((t) => t.status === T.SPLIT)!;
    expect(parent).toMatchObject({ totalQty: 6, parentTaskNo: null, subPickingGroupId: null });
    const subs = tasks.filter((t) => t.parentTaskNo !== null);
    expect(subs.map((t) => [t.taskNo, t.totalQty, t.status, t.parentTaskNo])).toEqual([
      [res.data.task_nos[0], 4, T.PENDING, parent.taskNo], [res.data.task_nos[1], 2, T.PENDING, parent.taskNo],
    ]);
    const [group] = await db().select().from(subPickingGroups).where(and(eq(subPickingGroups.whsId, WHS), eq(subPickingGroups.parentTaskNo, parent.taskNo)));
    expect(group).toMatchObject({ groupId: subs[0]!.subPickingGroupId, splitBy: SUB_PICKING_SPLIT_BY.values.UNITS, splitValue: 4, subTaskCount: 2, totalQty: 6 });
    expect(subs.every((t) => t.subPickingGroupId === group!.groupId)).toBe(true);
    // Work within one picker's capacity stays one plain task.
    const small = await wave([(await createOrder([{ sku_id: skuIds[1]!, qty: 1 }])).order_no], PICKING_TYPE.values.PICK_TO_WAVE, 4);
    const [plain] = await db().select().from(pickingTasks).where(eq(pickingTasks.waveNo, small.data.wave.wave_no));
    expect(plain).toMatchObject({ taskNo: small.data.task_nos[0], status: T.PENDING, parentTaskNo: null, subPickingGroupId: null });
    const first = await supervisor.get(TASK_DETAIL, { task_no: res.data.task_nos[0] });
    expect(first.data.lines.map((l: { seq: number }) => l.seq)).toEqual([1, 2]);
    for (const orderNo of orderNos) expect((await orderRow(orderNo)).status).toBe(S.PICKING);
    const none = await wave([held.order_no]);
    expect(none.retcode).toBe(RET.WAVE_ORDER_UNAVAILABLE);
  });
  test('a wave writes each allocation once, on its task, and an order short in it names the orders of the same wave holding the stock', async () => {
    const skuId = await sku();
    const [cell] = await privateZone(1, STORAGE_AREA.values.PICKING_AREA);
    await stock(skuId, [{ cell: cell!, qty: 1 }]);
    const holder = await createOrder([{ sku_id: skuId, qty: 1 }]);
    const short = await createOrder([{ sku_id: skuId, qty: 1 }]);
    const res = await wave([holder.order_no, short.order_no], PICKING_TYPE.values.PICK_TO_WAVE);
    expect(res.retcode, res.message).toBe(0);
    expect(res.data.skipped).toEqual([expect.objectContaining({
      order_no: short.order_no, reason: `It waits for stock: SKU ${skuId}: 1 wanted, 0 available in pickable cells (1 on hand, 1 pre-picked by ${holder.order_no} 1, 0 blocked).`,
    })]);
    expect((await allocationsOf(holder.order_no)).map((a) => [a.taskNo, a.seq, a.qty])).toEqual([[res.data.task_nos[0], 1, 1]]);
    expect(await allocationsOf(short.order_no)).toEqual([]);
  });
});

describe('sorting while picking', () => {
  test('the zone\'s cart slots cut the orders into carts, each order a slot; a pick goes into its slot, a wrong or missing one is refused', async () => {
    const cellCodes = await privateZone(6, STORAGE_AREA.values.PICKING_AREA);
    const zoneId = cellCodes[0]!.split('-')[0]!;
    const rule = await supervisor.post('/apps/rulecenter/pickingrule/create_picking_rule', {
      zone_id: zoneId, max_units_per_task: 100, picking_type: PICKING_TYPE.values.SORTING_WHILE_PICKING, cart_slots: 2, status: 1,
    });
    expect(rule.retcode, rule.message).toBe(0);
    const skuIds: string[] = [];
    for (const cell of cellCodes.slice(0, 5)) {
      const skuId = await sku();
      skuIds.push(skuId);
      await stock(skuId, [{ cell, qty: 3 }]);
    }
    // Order i takes a unit at cell i; the first order also one at cell 4 (a second stop, far along the path).
    const orders = [];
    for (const [i, skuId] of skuIds.entries()) orders.push(await createOrder(i === 0 ? [{ sku_id: skuId, qty: 1 }, { sku_id: skuIds[4]!, qty: 1 }] : [{ sku_id: skuId, qty: 1 }]));
    const orderNos = orders.map((o) => o.order_no);
    const released = await wave(orderNos, PICKING_TYPE.values.SORTING_WHILE_PICKING);
    expect(released.retcode, released.message).toBe(0);
    // Five orders at two slots a cart: three carts (tasks), filled in the order of the orders' first stops.
    const taskNos = released.data.task_nos as string[];
    expect(taskNos).toHaveLength(3);
    const placed = async (orderNo: string) => (await allocationsOf(orderNo)).map((a) => [a.locationId, taskNos.indexOf(a.taskNo!), a.slotNo]);
    expect(await placed(orderNos[0]!)).toEqual([[cellCodes[0], 0, 1], [cellCodes[4], 0, 1]]);
    expect(await placed(orderNos[1]!)).toEqual([[cellCodes[1], 0, 2]]);
    expect(await placed(orderNos[2]!)).toEqual([[cellCodes[2], 1, 1]]);
    expect(await placed(orderNos[3]!)).toEqual([[cellCodes[3], 1, 2]]);
    expect(await placed(orderNos[4]!)).toEqual([[cellCodes[4], 2, 1]]);

    const cart = await container();
    const claim = await operator.post(CLAIM, { task_no: taskNos[0], container_code: cart });
    expect(claim.retcode, claim.message).toBe(0);
    const lines = claim.data.lines as { alloc_id: number; order_no: string; location_id: string; sku_id: string; slot_no: number | null }[];
    expect(lines.map((l) => [l.order_no, l.location_id, l.slot_no])).toEqual([
      [orderNos[0], cellCodes[0], 1], [orderNos[1], cellCodes[1], 2], [orderNos[0], cellCodes[4], 1],
    ]);
    const device = new Device(operator);
    const [first, second] = lines as [typeof lines[0], typeof lines[0]];
    const pickOf = (line: typeof first, slot?: number) => ({
      task_no: taskNos[0], alloc_id: line.alloc_id, location: line.location_id, sku_id: line.sku_id, qty: 1, ...(slot === undefined ? {} : { slot_no: slot }),
    });
    const unsorted = await device.push(pickingOps.pick.kind, pickOf(first));
    expect(unsorted).toMatchObject({ status: 'rejected', retcode: RET.PICK_WRONG_SCAN, data: { expected_slot: 1, scanned_slot: null } });
    const wrongSlot = await device.push(pickingOps.pick.kind, pickOf(first, 2));
    expect(wrongSlot).toMatchObject({ status: 'rejected', retcode: RET.PICK_WRONG_SCAN });
    expect(wrongSlot.message).toContain('slot 1');
    const sorted = await device.push(pickingOps.pick.kind, pickOf(first, 1));
    expect(sorted.status, sorted.message).toBe('applied');
    expect(sorted.data.message).toBe(`Picked 1 of SKU ${first.sku_id} at ${first.location_id} into slot 1 of ${cart}.`);
    expect(await balance(cart, first.sku_id)).toMatchObject({ onhand: 1 });

    // A short pick's units come from another location into the same slot.
    await stock(second.sku_id, [{ cell: cellCodes[5]!, qty: 2 }]);
    const short = await device.push(pickingOps.shortPick.kind, { task_no: taskNos[0], alloc_id: second.alloc_id, qty: 1, reason: SHORT_PICK_REASON.values.LOCATION_EMPTY });
    expect(short.status, short.message).toBe('applied');
    expect(short.data.reallocated).toEqual([expect.objectContaining({ location_id: cellCodes[5], order_no: orderNos[1], slot_no: 2 })]);
    const refill = short.data.reallocated[0] as typeof first;
    expect((await device.push(pickingOps.pick.kind, pickOf(refill, 2))).status).toBe('applied');

    // Other picking types have no slots, and their picks carry none.
    const plain = await stockedOrders(1, 1);
    const other = await wave(plain.orderNos, PICKING_TYPE.values.PICK_TO_WAVE);
    expect((await allocationsOf(plain.orderNos[0]!)).map((a) => a.slotNo)).toEqual([null]);
    const plainClaim = await operator.post(CLAIM, { task_no: other.data.task_nos[0], container_code: await container() });
    expect(plainClaim.data.lines.map((l: { slot_no: number | null }) => l.slot_no)).toEqual([null]);
  });
});

describe('picking on the PDA', () => {
  test('claim with a container, refusals for wrong scans, picks move units to the container once, the order and wave finish', async () => {
    const { orderNos, skuIds, cells: cellCodes } = await stockedOrders(2, 3);
    const released = await wave(orderNos, PICKING_TYPE.values.PICK_TO_WAVE);
    const taskNo = released.data.task_nos[0] as string;
    const cart = await container();
    const claim = await operator.post(CLAIM, { task_no: taskNo, container_code: cart });
    expect(claim.retcode, claim.message).toBe(0);
    expect(claim.data.task).toMatchObject({ status: T.ONGOING, container_code: cart });
    const lines = claim.data.lines as { alloc_id: number; location_id: string; sku_id: string; qty: number; codes: string[] }[];
    expect(lines).toHaveLength(2);
    expect(lines[0]!.codes).toContain(skuIds[0]);
    // Another operator cannot take it, nor bind the cart to another task.
    expect((await otherOperator.post(CLAIM, { task_no: taskNo, container_code: null })).retcode).toBe(RET.TASK_ASSIGNED_ELSEWHERE);

    const device = new Device(operator);
    const line = lines[0]!;
    const wrongPlace = await device.push(pickingOps.pick.kind, { task_no: taskNo, alloc_id: line.alloc_id, location: cellCodes[1]!, sku_id: line.sku_id, qty: 1 });
    expect(wrongPlace).toMatchObject({ status: 'rejected', retcode: RET.PICK_WRONG_SCAN });
    const over = await device.push(pickingOps.pick.kind, { task_no: taskNo, alloc_id: line.alloc_id, location: line.location_id, sku_id: line.sku_id, qty: 4 });
    expect(over).toMatchObject({ status: 'rejected', retcode: RET.PICK_QTY_EXCEEDS });
    const op = device.op(pickingOps.pick.kind, { task_no: taskNo, alloc_id: line.alloc_id, location: line.location_id, sku_id: line.sku_id, qty: 3 });
    const [applied] = await device.send(op);
    expect(applied).toMatchObject({ status: 'applied' });
    expect(applied!.data).toMatchObject({ picked_qty: 3, order_status: S.PICKED });
    // The answer lost, the device sends it again: the same answer, nothing doubled.
    const [again] = await device.send(op);
    expect(again).toMatchObject({ status: 'duplicate' });
    expect(await balance(line.location_id, line.sku_id)).toMatchObject({ onhand: 6, prepick: 0 });
    expect(await balance(cart, line.sku_id)).toMatchObject({ onhand: 3 });
    const ledger = await db().select().from(inventoryTransactions)
      .where(and(eq(inventoryTransactions.whsId, WHS), eq(inventoryTransactions.skuId, line.sku_id), eq(inventoryTransactions.txnType, INVENTORY_TRANSACTION_TYPE.values.PICKING)));
    expect(ledger.map((r) => [r.locationId, r.direction, r.qty, r.refNo])).toEqual(expect.arrayContaining([[line.location_id, 2, 3, taskNo], [cart, 1, 3, taskNo]]));
    expect(ledger).toHaveLength(2);

    const last = lines[1]!;
    const done = await device.push(pickingOps.pick.kind, { task_no: taskNo, alloc_id: last.alloc_id, location: last.location_id, sku_id: last.sku_id, qty: 3 });
    expect(done.data).toMatchObject({ task_status: T.DONE, picked_qty: 6 });
    const [w] = await db().select().from(waves).where(eq(waves.waveNo, released.data.wave.wave_no));
    expect(w!.status).toBe(T.DONE);
    // The cart holds the units: it stays with the task for the next step.
    const [cartRow] = await db().select().from(containers).where(and(eq(containers.whsId, WHS), eq(containers.containerCode, cart)));
    expect(cartRow!.taskNo).toBe(taskNo);
    const busy = await (async () => {
      const next = await stockedOrders(1, 1);
      const r = await wave(next.orderNos);
      return otherOperator.post(CLAIM, { task_no: r.data.task_nos[0], container_code: cart });
    })();
    expect(busy.retcode).toBe(RET.CONTAINER_UNUSABLE);
  });

  test('a short pick blocks the units, records an exception and re-allocates from another location onto the route', async () => {
    const skuId = await sku();
    const [first, second] = await privateZone(2, STORAGE_AREA.values.PICKING_AREA);
    await stock(skuId, [{ cell: first!, qty: 5 }]);
    const order = await createOrder([{ sku_id: skuId, qty: 4 }]);
    const released = await wave([order.order_no]);
    await stock(skuId, [{ cell: second!, qty: 6 }]);
    const taskNo = released.data.task_nos[0] as string;
    const claim = await operator.post(CLAIM, { task_no: taskNo, container_code: await container() });
    const line = claim.data.lines[0];
    expect(line.location_id).toBe(first);
    const device = new Device(operator);
    const short = await device.push(pickingOps.shortPick.kind, { task_no: taskNo, alloc_id: line.alloc_id, qty: 4, reason: SHORT_PICK_REASON.values.LOCATION_EMPTY });
    expect(short.status, short.message).toBe('applied');
    expect(short.data.reallocated).toEqual([expect.objectContaining({ location_id: second, qty: 4, seq: 2 })]);
    expect(await balance(first!, skuId)).toMatchObject({ onhand: 5, prepick: 0, locked: 4 });
    const [exception] = await db().select().from(outboundExceptions).where(and(eq(outboundExceptions.whsId, WHS), eq(outboundExceptions.taskNo, taskNo)));
    expect(exception).toMatchObject({ locationId: first, qty: 4, reason: SHORT_PICK_REASON.values.LOCATION_EMPTY });
    const picked = await device.push(pickingOps.pick.kind, { task_no: taskNo, alloc_id: short.data.reallocated[0].alloc_id, location: second, sku_id: skuId, qty: 4 });
    expect(picked.data).toMatchObject({ task_status: T.DONE, order_status: S.PICKED });
  });

  test('a short pick with no other stock fails the order, detaches it from the wave, and its picked units go back by reverse picking', async () => {
    const skuA = await sku();
    const skuB = await sku();
    const [cellA, cellB] = await privateZone(2, STORAGE_AREA.values.PICKING_AREA);
    await stock(skuA, [{ cell: cellA!, qty: 2 }]);
    await stock(skuB, [{ cell: cellB!, qty: 2 }]);
    const order = await createOrder([{ sku_id: skuA, qty: 2 }, { sku_id: skuB, qty: 2 }]);
    const released = await wave([order.order_no]);
    const taskNo = released.data.task_nos[0] as string;
    const cart = await container();
    const claim = await operator.post(CLAIM, { task_no: taskNo, container_code: cart });
    const [lineA, lineB] = claim.data.lines;
    const device = new Device(operator);
    expect((await device.push(pickingOps.pick.kind, { task_no: taskNo, alloc_id: lineA.alloc_id, location: cellA, sku_id: skuA, qty: 2 })).status).toBe('applied');
    const short = await device.push(pickingOps.shortPick.kind, { task_no: taskNo, alloc_id: lineB.alloc_id, qty: 2, reason: SHORT_PICK_REASON.values.DAMAGED });
    expect(short.status, short.message).toBe('applied');
    expect(short.data.order_status).toBe(S.PICK_FAIL);
    expect(short.data.task_status).toBe(T.DONE);
    expect(short.data.message).toMatch(/No other stock/);
    const failed = await orderRow(order.order_no);
    expect(failed.holdReason).toContain(`SKU ${skuB}`);
    const [w] = await db().select().from(waves).where(eq(waves.waveNo, released.data.wave.wave_no));
    expect(w).toMatchObject({ status: T.DONE, detachedCount: 1 });
    const [reverse] = await db().select().from(pickingTasks).where(and(eq(pickingTasks.whsId, WHS), eq(pickingTasks.orderNo, order.order_no), eq(pickingTasks.kind, PICKING_TASK_KIND.values.REVERSE_PICKING)));
    expect(reverse).toMatchObject({ totalQty: 2, status: T.PENDING });
    // Reverse picking: claimed, the units go back from the cart into a cell (ledger type reverse 9).
    const claimReverse = await operator.post(CLAIM, { task_no: reverse!.taskNo, container_code: null });
    expect(claimReverse.retcode, claimReverse.message).toBe(0);
    const back = claimReverse.data.lines[0];
    // Each stop names the cart its units are in (a reverse task has no container of its own).
    expect(back).toMatchObject({ sku_id: skuA, picked_qty: 2, returned_qty: 0, container_code: cart });
    const put = await device.push(pickingOps.reversePut.kind, { task_no: reverse!.taskNo, alloc_id: back.alloc_id, location: cellA, qty: 2 });
    expect(put.status, put.message).toBe('applied');
    expect(put.data.task_status).toBe(T.DONE);
    expect(await balance(cellA!, skuA)).toMatchObject({ onhand: 2, prepick: 0 });
    expect(await balance(cart, skuA)).toMatchObject({ onhand: 0 });
    const [reverseTxn] = await db().select().from(inventoryTransactions).where(and(eq(inventoryTransactions.whsId, WHS), eq(inventoryTransactions.refNo, reverse!.taskNo), eq(inventoryTransactions.direction, DEBIT)));
    expect(reverseTxn).toMatchObject({ txnType: INVENTORY_TRANSACTION_TYPE.values.REVERSE, locationId: cellA, qty: 2 });
    // The emptied cart is free again.
    const [cartRow] = await db().select().from(containers).where(and(eq(containers.whsId, WHS), eq(containers.containerCode, cart)));
    expect(cartRow!.taskNo).toBeNull();
  });
});

describe('cancel', () => {
  test('before picking it releases the reservation; the order leaves its task', async () => {
    const { orderNos, cells: cellCodes, skuIds } = await stockedOrders(1, 2);
    await wave(orderNos);
    const res = await supervisor.post(`${ORDERS}/cancel_sales_order`, { order_no: orderNos[0], reason: 'Buyer cancelled' });
    expect(res.retcode, res.message).toBe(0);
    expect(res.data).toMatchObject({ order: { status: S.CANCEL }, reverse_task_no: null });
    expect(await balance(cellCodes[0]!, skuIds[0]!)).toMatchObject({ prepick: 0 });
    const [alloc] = await allocationsOf(orderNos[0]!);
    expect(alloc).toMatchObject({ cancelledQty: 2 });
    const [task] = await db().select().from(pickingTasks).where(and(eq(pickingTasks.whsId, WHS), eq(pickingTasks.taskNo, alloc!.taskNo!)));
    expect(task).toMatchObject({ status: T.CANCEL, totalQty: 0 });
    const twice = await supervisor.post(`${ORDERS}/cancel_sales_order`, { order_no: orderNos[0], reason: 'again' });
    expect(twice.retcode).toBe(RET.ILLEGAL_TRANSITION);
    const [line] = await db().select().from(salesOrderLines).where(and(eq(salesOrderLines.whsId, WHS), eq(salesOrderLines.orderNo, orderNos[0]!)));
    expect(line!.allocatedQty).toBe(0);
  });
});

// ---- a replayed queue of picks ----

/**
 * A push of many picks applies them as one run (picking.ts applyPicks through the op's applyRun):
 * its answers and what it leaves must be what the same picks leave pushed one at a time.
 */
describe('a run of picks in one push', () => {
  /** Three orders of two lines each (fresh SKUs in a zone of their own), waved pick to order and claimed, each task with its cart. */
  async function claimedOrders() {
    const cellCodes = await privateZone(6, STORAGE_AREA.values.PICKING_AREA);
    const skuIds: string[] = [];
    for (const cell of cellCodes) {
      const skuId = await sku();
      skuIds.push(skuId);
      await stock(skuId, [{ cell, qty: 10 }]);
    }
    const asked = [[3, 2], [2, 3], [2, 2]];
    const orderNos: string[] = [];
    for (const [o, qtys] of asked.entries()) orderNos.push((await createOrder(qtys.map((qty, l) => ({ sku_id: skuIds[o * 2 + l]!, qty })))).order_no);
    const released = await wave(orderNos, PICKING_TYPE.values.PICK_TO_ORDER);
    expect(released.retcode, released.message).toBe(0);
    const tasks: { taskNo: string; cart: string; lines: { alloc_id: number; location_id: string; sku_id: string; qty: number; order_no: string }[] }[] = [];
    for (const taskNo of released.data.task_nos as string[]) {
      const cart = await container();
      const claim = await operator.post(CLAIM, { task_no: taskNo, container_code: cart });
      expect(claim.retcode, claim.message).toBe(0);
      tasks.push({ taskNo, cart, lines: claim.data.lines });
    }
    // In order of the orders, so both fixtures list them alike.
    tasks.sort((a, b) => orderNos.indexOf(a.lines[0]!.order_no) - orderNos.indexOf(b.lines[0]!.order_no));
    return { cellCodes, skuIds, orderNos, waveNo: released.data.wave.wave_no as string, tasks };
  }
  type Fixture = Awaited<ReturnType<typeof claimedOrders>>;

  /**
   * Each line picked in two scans (1, then the rest), the tasks' scans interleaved; the last task
   * keeps its last unit, so two orders and tasks finish inside the run and the wave goes on.
   */
  function picksOf(fx: Fixture) {
    const perTask = fx.tasks.map((t, ti) => {
      const picks = t.lines.flatMap((l) => [1, l.qty - 1].map((qty) => ({ task_no: t.taskNo, alloc_id: l.alloc_id, location: l.location_id, sku_id: l.sku_id, qty })));
      return ti === fx.tasks.length - 1 ? picks.slice(0, -1) : picks;
    });
    const picks = [];
    for (let i = 0; perTask.some((p) => i < p.length); i++) for (const p of perTask) if (i < p.length) picks.push(p[i]!);
    return picks;
  }

  /** The fixture's names (and line ids) as tokens, so two fixtures compare. */
  function normalizer(fx: Fixture, allocIds: readonly number[]) {
    const names = new Map<string, string>([
      ...fx.skuIds.map((id, i) => [id, `<sku${i}>`] as const), ...fx.cellCodes.map((c, i) => [c, `<cell${i}>`] as const),
      ...fx.orderNos.map((o, i) => [o, `<order${i}>`] as const), ...fx.tasks.flatMap((t, i) => [[t.taskNo, `<task${i}>`], [t.cart, `<cart${i}>`]] as const),
      [fx.waveNo, '<wave>'],
    ]);
    const longestFirst = [...names.keys()].sort((a, b) => b.length - a.length);
    return (value: unknown) => {
      let text = JSON.stringify(value, (key, v: unknown) => (key === 'alloc_id' || key === 'allocId' ? `<line${allocIds.indexOf(v as number)}>` : v));
      for (const name of longestFirst) text = text.split(name).join(names.get(name)!);
      return JSON.parse(text) as unknown;
    };
  }

  /** Everything the picks change, read back: lines, orders, their logs, tasks, wave, ledger, balances, carts. */
  async function stateOf(fx: Fixture) {
    const allocs = (await Promise.all(fx.orderNos.map(allocationsOf))).flat().sort((a, b) => a.allocId - b.allocId);
    const norm = normalizer(fx, allocs.map((a) => a.allocId));
    const orders = await db().select().from(salesOrders).where(and(eq(salesOrders.whsId, WHS), inArray(salesOrders.orderNo, fx.orderNos))).orderBy(asc(salesOrders.orderNo));
    const lines = await db().select().from(salesOrderLines).where(and(eq(salesOrderLines.whsId, WHS), inArray(salesOrderLines.orderNo, fx.orderNos)))
      .orderBy(asc(salesOrderLines.orderNo), asc(salesOrderLines.lineNo));
    const logs = await db().select().from(salesOrderLogs).where(and(eq(salesOrderLogs.whsId, WHS), inArray(salesOrderLogs.orderNo, fx.orderNos)))
      .orderBy(asc(salesOrderLogs.orderNo), asc(salesOrderLogs.logId));
    const tasks = await db().select().from(pickingTasks).where(and(eq(pickingTasks.whsId, WHS), inArray(pickingTasks.taskNo, fx.tasks.map((t) => t.taskNo))))
      .orderBy(asc(pickingTasks.taskNo));
    const [w] = await db().select().from(waves).where(and(eq(waves.whsId, WHS), eq(waves.waveNo, fx.waveNo)));
    const ledger = await db().select().from(inventoryTransactions).where(and(eq(inventoryTransactions.whsId, WHS), inArray(inventoryTransactions.skuId, fx.skuIds)))
      .orderBy(asc(inventoryTransactions.txnId));
    const balances = await db().select().from(locationInventory).where(and(eq(locationInventory.whsId, WHS), inArray(locationInventory.skuId, fx.skuIds)))
      .orderBy(asc(locationInventory.locationId), asc(locationInventory.skuId));
    const carts = await db().select().from(containers).where(and(eq(containers.whsId, WHS), inArray(containers.containerCode, fx.tasks.map((t) => t.cart))))
      .orderBy(asc(containers.containerCode));
    return norm({
      allocs: allocs.map((a) => ({ allocId: a.allocId, order: a.orderNo, line: a.lineNo, picked: a.pickedQty, short: a.shortQty, task: a.taskNo })),
      orders: orders.map((o) => ({ order: o.orderNo, status: o.status, picked: o.pickedQty, allocated: o.allocatedQty })),
      lines: lines.map((l) => ({ order: l.orderNo, line: l.lineNo, picked: l.pickedQty })),
      // From the wave on (the creation's note names the fixture's external number).
      logs: logs.filter((l) => l.fromStatus !== null).map((l) => ({ order: l.orderNo, from: l.fromStatus, to: l.toStatus, note: l.note })),
      tasks: tasks.map((t) => ({ task: t.taskNo, status: t.status, total: t.totalQty, picked: t.pickedQty, short: t.shortQty, finished: t.finishedAt !== null, cart: t.containerCode })),
      wave: { status: w!.status, finished: w!.finishedAt !== null },
      ledger: ledger.map((r) => ({ type: r.txnType, direction: r.direction, location: r.locationId, counter: r.counterLocationId, sku: r.skuId, qty: r.qty, after: r.onhandAfter, ref: r.refNo, hasOp: r.opId !== null })),
      balances: balances.map((b) => ({ location: b.locationId, sku: b.skuId, onhand: b.onhandQty, prepick: b.prepickQty, locked: b.lockedQty })),
      carts: carts.map((c) => ({ cart: c.containerCode, task: c.taskNo })),
    });
  }

  const answersOf = async (fx: Fixture, answers: OpAnswer[]) => {
    const allocs = (await Promise.all(fx.orderNos.map(allocationsOf))).flat().sort((a, b) => a.allocId - b.allocId);
    return normalizer(fx, allocs.map((a) => a.allocId))(answers.map((a) => ({ status: a.status, retcode: a.retcode, message: a.message, data: a.data })));
  };

  test('answers and leaves what the same picks pushed one at a time do; pushed again it answers the same and changes nothing', async () => {
    const [together, alone] = [await claimedOrders(), await claimedOrders()];
    const device = new Device(operator);
    const ops = picksOf(together).map((p) => device.op(pickingOps.pick.kind, p));
    const answersTogether = await device.send(...ops);
    const single = new Device(operator);
    const answersAlone: OpAnswer[] = [];
    for (const pick of picksOf(alone)) answersAlone.push(await single.push(pickingOps.pick.kind, pick));

    expect(answersTogether.map((a) => a.status)).toEqual(ops.map(() => 'applied'));
    expect(await answersOf(together, answersTogether)).toEqual(await answersOf(alone, answersAlone));
    const state = await stateOf(together);
    expect(state).toEqual(await stateOf(alone));
    // What that state is: two orders picked and their tasks done, the third one unit short of it; one debit and one credit per pick.
    const [firstOrder, , lastOrder] = together.orderNos.map((no) => answersTogether.filter((a) => a.data.order_no === no).at(-1)!.data);
    expect(firstOrder).toMatchObject({ order_status: S.PICKED, task_status: T.DONE, picked_qty: 5, total_qty: 5 });
    expect(lastOrder).toMatchObject({ order_status: S.PICKING, task_status: T.ONGOING, picked_qty: 3, total_qty: 4 });
    expect(state).toMatchObject({ wave: { status: T.ONGOING, finished: false } });
    const picking = (state as { ledger: { type: number; hasOp: boolean }[] }).ledger.filter((r) => r.type === INVENTORY_TRANSACTION_TYPE.values.PICKING);
    expect(picking).toHaveLength(ops.length * 2);
    expect(picking.every((r) => r.hasOp)).toBe(true);
    expect(await balance(together.tasks[0]!.cart, together.skuIds[0]!)).toMatchObject({ onhand: 3 });
    expect(await balance(together.cellCodes[0]!, together.skuIds[0]!)).toMatchObject({ onhand: 7, prepick: 0 });

    // The answers lost, the device pushes the same ops again: the recorded answers, nothing applied twice.
    const again = await device.send(...ops);
    expect(again.map((a) => a.status)).toEqual(ops.map(() => 'duplicate'));
    expect(again.map((a) => a.data)).toEqual(answersTogether.map((a) => a.data));
    expect(await stateOf(together)).toEqual(state);
  });

  test('a refused pick inside a run is rejected alone; the picks around it apply in order', async () => {
    const fx = await claimedOrders();
    const [line] = fx.tasks[0]!.lines;
    const pick = { task_no: fx.tasks[0]!.taskNo, alloc_id: line!.alloc_id, location: line!.location_id, sku_id: line!.sku_id };
    const device = new Device(operator);
    const answers = await device.send(
      device.op(pickingOps.pick.kind, { ...pick, qty: 1 }),
      device.op(pickingOps.pick.kind, { ...pick, qty: 3 }),
      device.op(pickingOps.pick.kind, { ...pick, sku_id: fx.skuIds[1]!, qty: 1 }),
      device.op(pickingOps.pick.kind, { ...pick, qty: 2 }),
    );
    expect(answers.map((a) => [a.status, a.retcode])).toEqual([['applied', 0], ['rejected', RET.PICK_QTY_EXCEEDS], ['rejected', RET.PICK_WRONG_SCAN], ['applied', 0]]);
    expect(answers[1]!.message).toBe(`Only 2 of SKU ${line!.sku_id} left to pick at ${line!.location_id} on this line.`);
    expect(answers[2]!.message).toBe(`Wrong SKU ${fx.skuIds[1]}: this line picks ${line!.sku_id}.`);
    expect(answers[3]!.data).toMatchObject({ line: { picked_qty: 3 }, picked_qty: 3, task_status: T.ONGOING });
    const [alloc] = await allocationsOf(fx.orderNos[0]!);
    expect(alloc).toMatchObject({ pickedQty: 3 });
    expect(await balance(fx.tasks[0]!.cart, line!.sku_id)).toMatchObject({ onhand: 3 });
    const ledger = await db().select().from(inventoryTransactions)
      .where(and(eq(inventoryTransactions.whsId, WHS), eq(inventoryTransactions.skuId, line!.sku_id), eq(inventoryTransactions.txnType, INVENTORY_TRANSACTION_TYPE.values.PICKING)));
    expect(ledger.map((r) => [r.direction, r.qty]).sort()).toEqual([[1, 1], [1, 2], [2, 1], [2, 2]]);
  });
});
