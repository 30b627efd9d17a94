import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { Device } from '../support/op-device';
import { outboundFlow } from '../support/outbound-flow';
import {
  checkingRefusals, consumableBalances, containers, inventoryTransactions, locationInventory, stations,
} from '../../src/server/db/schema';
import {
  CHECKING_REFUSAL_REASON, CHECKING_STATION_MODE, INVENTORY_TRANSACTION_TYPE, PICKING_TYPE, SALES_ORDER_STATUS, STATION_STATUS, STATION_TYPE,
  STOCK_LOCATION_TYPE, TASK_STATUS,
} from '../../src/shared/codes';
import { checkingOps } from '../../src/shared/ops/checking.ops';
import { mergingOps } from '../../src/shared/ops/merging.ops';
import { RET } from '../../src/shared/retcodes';

/**
 * Checking at a station (docs/outbound.md "Checking"): a picked container scanned at a checking
 * station makes its task; each order is checked whole by an op (units, weight within tolerance),
 * its units move out of the container onto the order, the container is free; wrong units, a weight
 * out of tolerance and refusals recorded; one operator per container; warehouses apart.
 */
const WHS = 'SGSIN1';
const START = '/apps/process/outbound/checking/start_checking_task';
const DETAIL = '/apps/process/outbound/checking/get_checking_task_detail';
const S = SALES_ORDER_STATUS.values;
const T = TASK_STATUS.values;

let server: TestServer;
let supervisor: TestClient;
let checker: TestClient;
let otherChecker: TestClient;
let admin: TestClient;
/** The checking stations' record settings: they weigh every parcel. */
const WEIGHED = { station_type: STATION_TYPE.values.CHECKING, record_video: 0, record_photo: 0, record_weight: 1, video_max_seconds: 120, retention_days: 30 };
const db = () => server.database.db;
const flow = outboundFlow(() => server, WHS, 'CK');
const fixture = flow.fixture;

let userCounter = 0;
const signIn = async (role: 'Supervisor' | 'Operator', whsId = WHS) =>
  server.login((await server.createUser({ email: `checking${++userCounter}@demo.local`, role, warehouses: [whsId] })).email);

/** Stations of the test's own: a checking station of each mode, a packing one and a disabled one. */
const STATION = { checking: 'CKT-CHK', sortWhile: 'CKT-SWC', packing: 'CKT-PACK', disabled: 'CKT-OFF' };

beforeAll(async () => {
  server = await startTestServer();
  supervisor = await signIn('Supervisor');
  checker = await signIn('Operator');
  otherChecker = await signIn('Operator');
  const base = { whsId: WHS, status: STATION_STATUS.values.ENABLED };
  const { CHECKING, PACKING } = STATION_TYPE.values;
  await db().insert(stations).values([
    { ...base, stationId: STATION.checking, stationName: 'Check 1', stationType: CHECKING, checkingMode: CHECKING_STATION_MODE.values.CHECKING },
    { ...base, stationId: STATION.sortWhile, stationName: 'Check 2', stationType: CHECKING, checkingMode: CHECKING_STATION_MODE.values.SORT_WHILE_CHECKING },
    { ...base, stationId: STATION.packing, stationName: 'Pack 1', stationType: PACKING, checkingMode: null },
    { ...base, stationId: STATION.disabled, stationName: 'Check off', stationType: CHECKING, checkingMode: 0, status: STATION_STATUS.values.DISABLED },
  ]);
  // Checking stations of the warehouse weigh every parcel (Record Settings).
  admin = await server.login((await server.createUser({ email: 'checking-admin@demo.local', role: 'Administrator' })).email);
  const saved = await admin.post('/apps/basic/station/update_record_settings', { list: [WEIGHED] });
  expect(saved.retcode, saved.message).toBe(0);
});
afterAll(async () => {
  await server?.close();
});

// ---- fixtures ----

/** SKUs of the test's own (250 g each unless said), each stocked with 20 units in a zone of its own. */
const stockedSkus = (n: number, weightG: number | null = 250) => flow.stockedSkus(n, weightG, 20);
const order = (lines: readonly { sku_id: string; qty: number }[]) => flow.order(lines);
const pickedCart = (orderNos: readonly string[], pickingType?: number) => flow.pickedCart(orderNos, pickingType);
const pickTask = (taskNo: string, cart: string) => flow.pickTask(taskNo, cart);
const orderStatus = (orderNo: string) => flow.orderStatus(orderNo);
const stockAt = (location: string) => flow.stockAt(location);
const cartTask = async (cart: string) =>
  (await db().select({ taskNo: containers.taskNo }).from(containers).where(and(eq(containers.whsId, WHS), eq(containers.containerCode, cart))))[0]!.taskNo;

// ---- tests ----

describe('checking an order at a checking station', () => {
  test('the container\'s order is checked whole: units onto the order, the container free, the order Checked, a replay changes nothing', async () => {
    const [a, b] = await stockedSkus(2);
    const orderNo = await order([{ sku_id: a!, qty: 2 }, { sku_id: b!, qty: 1 }]);
    const cart = await pickedCart([orderNo]);
    const started = await checker.post(START, { station_id: STATION.checking, container_code: cart });
    expect(started.retcode, started.message).toBe(0);
    const { task, orders } = started.data;
    expect(task).toMatchObject({
      container_code: cart, station_id: STATION.checking, mode: CHECKING_STATION_MODE.values.CHECKING, status: T.ONGOING, wave_type: PICKING_TYPE.values.PICK_TO_ORDER,
      need_scan_inner_packaging: false, need_scan_outer_packaging: false, remove_weight_input: false, checked_qty: 0, total_qty: 3, is_all_done: false,
    });
    expect(orders).toEqual([expect.objectContaining({
      order_no: orderNo, slot_no: 1, status: T.PENDING, total_qty: 3, expected_weight_g: 750, weight_g: null,
      lines: [expect.objectContaining({ sku_id: a, qty: 2, unit_weight_g: 250 }), expect.objectContaining({ sku_id: b, qty: 1, unit_weight_g: 250 })],
    })]);
    expect(orders[0].lines[0].codes).toContain(a);
    expect(await orderStatus(orderNo)).toBe(S.CHECKING);
    // Scanning the container again (a reload of the station) answers the same task.
    const again = await checker.post(START, { station_id: STATION.checking, container_code: cart });
    expect(again.data.task.task_no).toBe(task.task_no);

    const device = new Device(checker);
    const op = device.op(checkingOps.check.kind, { task_no: task.task_no, order_no: orderNo, units: [{ sku_id: a, qty: 1 }, { sku_id: b, qty: 1 }, { sku_id: a, qty: 1 }], weight_g: 760 });
    const [applied] = await device.send(op);
    expect(applied!.status, applied!.message).toBe('applied');
    expect(applied!.data).toMatchObject({ task_status: T.DONE, checked_qty: 3, total_qty: 3, order_status: S.CHECKED });
    expect(await orderStatus(orderNo)).toBe(S.CHECKED);
    expect(await stockAt(cart)).toEqual({});
    expect(await stockAt(orderNo)).toEqual({ [a!]: 2, [b!]: 1 });
    const [held] = await db().select({ type: locationInventory.locationType }).from(locationInventory)
      .where(and(eq(locationInventory.whsId, WHS), eq(locationInventory.locationId, orderNo))).limit(1);
    expect(held!.type).toBe(STOCK_LOCATION_TYPE.values.OUTBOUND_ORDER);
    expect(await cartTask(cart)).toBeNull();
    const moves = await db().select().from(inventoryTransactions).where(and(eq(inventoryTransactions.whsId, WHS), eq(inventoryTransactions.refNo, task.task_no)));
    expect(moves.map((m) => m.txnType)).toEqual(moves.map(() => INVENTORY_TRANSACTION_TYPE.values.PICKING));
    expect(moves).toHaveLength(4); // a credit at the cart and a debit on the order per SKU batch

    // The same op again (a replay): answered as before, nothing moves twice.
    const [replayed] = await device.send(op);
    expect(replayed!.status).toBe('duplicate');
    expect(await stockAt(orderNo)).toEqual({ [a!]: 2, [b!]: 1 });
    const detail = await supervisor.get(DETAIL, { task_no: task.task_no });
    expect(detail.data.task).toMatchObject({ status: T.DONE, checked_qty: 3, is_all_done: true });
    expect(detail.data.orders[0]).toMatchObject({ status: T.DONE, weight_g: 760 });
    // The container is empty: nothing is left to check in it.
    const empty = await checker.post(START, { station_id: STATION.checking, container_code: cart });
    expect(empty.retcode).toBe(RET.CHECK_NOTHING_TO_CHECK);
    expect(empty.data.reason).toBe('empty');
  });

  test('a cart of several orders: each order in its slot, checked one by one; the cart is free after the last', async () => {
    const [a, b] = await stockedSkus(2);
    const first = await order([{ sku_id: a!, qty: 1 }]);
    const second = await order([{ sku_id: a!, qty: 1 }, { sku_id: b!, qty: 2 }]);
    const cart = await pickedCart([first, second], PICKING_TYPE.values.PICK_TO_WAVE);
    const started = await checker.post(START, { station_id: STATION.sortWhile, container_code: cart });
    expect(started.retcode, started.message).toBe(0);
    expect(started.data.task.mode).toBe(CHECKING_STATION_MODE.values.SORT_WHILE_CHECKING);
    expect(started.data.orders.map((o: any) => [o.order_no, o.slot_no, o.total_qty])).toEqual([[first, 1, 1], [second, 2, 3]]);
    const device = new Device(checker);
    const taskNo = started.data.task.task_no;
    const one = await device.push(checkingOps.check.kind, { task_no: taskNo, order_no: first, units: [{ sku_id: a, qty: 1 }], weight_g: 250 });
    expect(one.data).toMatchObject({ task_status: T.ONGOING, checked_qty: 1, total_qty: 4 });
    expect(await cartTask(cart)).not.toBeNull();
    const two = await device.push(checkingOps.check.kind, { task_no: taskNo, order_no: second, units: [{ sku_id: a, qty: 1 }, { sku_id: b, qty: 2 }], weight_g: 740 });
    expect(two.data).toMatchObject({ task_status: T.DONE, checked_qty: 4 });
    expect(await cartTask(cart)).toBeNull();
  });

  test('wrong units and a weight out of tolerance are refused and move nothing; refused scans are recorded', async () => {
    const [a, b] = await stockedSkus(2);
    const orderNo = await order([{ sku_id: a!, qty: 2 }]);
    const cart = await pickedCart([orderNo]);
    const { data: { task } } = await checker.post(START, { station_id: STATION.checking, container_code: cart });
    const device = new Device(checker);
    const wrong = await device.push(checkingOps.check.kind, { task_no: task.task_no, order_no: orderNo, units: [{ sku_id: a, qty: 1 }, { sku_id: b, qty: 1 }], weight_g: 500 });
    expect(wrong).toMatchObject({ status: 'rejected', retcode: RET.CHECK_UNITS_MISMATCH });
    expect(wrong.message).toContain(`2 × ${a}`);
    const short = await device.push(checkingOps.check.kind, { task_no: task.task_no, order_no: orderNo, units: [{ sku_id: a, qty: 1 }], weight_g: 250 });
    expect(short.retcode).toBe(RET.CHECK_UNITS_MISMATCH);
    const unweighed = await device.push(checkingOps.check.kind, { task_no: task.task_no, order_no: orderNo, units: [{ sku_id: a, qty: 2 }] });
    expect(unweighed.retcode).toBe(RET.CHECK_WEIGHT_OUT_OF_TOLERANCE);
    const heavy = await device.push(checkingOps.check.kind, { task_no: task.task_no, order_no: orderNo, units: [{ sku_id: a, qty: 2 }], weight_g: 750 });
    expect(heavy).toMatchObject({ status: 'rejected', retcode: RET.CHECK_WEIGHT_OUT_OF_TOLERANCE });
    expect(heavy.message).toContain('750 g');
    expect(await stockAt(cart)).toEqual({ [a!]: 2 });
    expect(await orderStatus(orderNo)).toBe(S.CHECKING);

    const refused = await device.push(checkingOps.refuse.kind, {
      task_no: task.task_no, order_no: orderNo, reason: CHECKING_REFUSAL_REASON.values.NOT_IN_ORDER, scanned: b, sku_id: b,
    });
    expect(refused.status, refused.message).toBe('applied');
    const detail = await supervisor.get(DETAIL, { task_no: task.task_no });
    expect(detail.data.refusals).toEqual([expect.objectContaining({ order_no: orderNo, reason: CHECKING_REFUSAL_REASON.values.NOT_IN_ORDER, scanned: b, sku_id: b })]);

    const right = await device.push(checkingOps.check.kind, { task_no: task.task_no, order_no: orderNo, units: [{ sku_id: a, qty: 2 }], weight_g: 505 });
    expect(right.status, right.message).toBe('applied');
  });

  test('SKUs without a weight: the weight is recorded, not compared', async () => {
    const [a] = await stockedSkus(1, null);
    const orderNo = await order([{ sku_id: a!, qty: 1 }]);
    const cart = await pickedCart([orderNo]);
    const { data } = await checker.post(START, { station_id: STATION.checking, container_code: cart });
    expect(data.orders[0].expected_weight_g).toBeNull();
    const checked = await new Device(checker).push(checkingOps.check.kind, { task_no: data.task.task_no, order_no: orderNo, units: [{ sku_id: a, qty: 1 }], weight_g: 4000 });
    expect(checked.status, checked.message).toBe('applied');
  });
});

describe('orders picked into several containers', () => {
  test('an order the merge rule sends to a lane is checked once its containers are there, from all of them; its carts are freed', async () => {
    const [a] = await stockedSkus(1);
    const [b] = await stockedSkus(1);
    const orderNo = await order([{ sku_id: a!, qty: 1 }, { sku_id: b!, qty: 2 }]);
    const released = await supervisor.post('/apps/process/outbound/wave/create_manual_wave', { order_nos: [orderNo], picking_type: PICKING_TYPE.values.PICK_TO_ORDER });
    expect(released.data.task_nos).toHaveLength(2);
    const carts = [await fixture.container(), await fixture.container()];
    for (const [i, taskNo] of released.data.task_nos.entries()) await pickTask(taskNo, carts[i]!);
    const early = await checker.post(START, { station_id: STATION.checking, container_code: carts[0] });
    expect(early).toMatchObject({ retcode: RET.CHECK_NOTHING_TO_CHECK, data: { reason: 'merging', order_no: orderNo } });
    expect(early.data.waiting).toEqual(carts);
    // Both carts arrive on the demo's merge lane (the rule "Every multi-zone order").
    const lane = early.data.lane as string;
    const laneDevice = new Device(checker);
    for (const cart of carts) {
      const arrived = await laneDevice.push(mergingOps.arrive.kind, { station_id: lane, container_code: cart });
      expect(arrived.status, arrived.message).toBe('applied');
    }
    const started = await checker.post(START, { station_id: STATION.checking, container_code: carts[1] });
    expect(started.retcode, started.message).toBe(0);
    expect(started.data.orders).toEqual([expect.objectContaining({ order_no: orderNo, total_qty: 3 })]);
    const checked = await new Device(checker).push(checkingOps.check.kind, {
      task_no: started.data.task.task_no, order_no: orderNo, units: [{ sku_id: a, qty: 1 }, { sku_id: b, qty: 2 }], weight_g: 750,
    });
    expect(checked.status, checked.message).toBe('applied');
    expect(await stockAt(orderNo)).toEqual({ [a!]: 1, [b!]: 2 });
    expect([await cartTask(carts[0]!), await cartTask(carts[1]!)]).toEqual([null, null]);
  });
});

describe('packaging scans', () => {
  test('where the checking stations\' record settings ask for them, a box or pouch is scanned outside and a pouch or filler inside; one of each is taken from stock', async () => {
    const [a] = await stockedSkus(1);
    const orderNo = await order([{ sku_id: a!, qty: 1 }]);
    const cart = await pickedCart([orderNo]);
    const scans = (on: 0 | 1) => admin.post('/apps/basic/station/update_record_settings', {
      list: [{ ...WEIGHED, scan_inner_packaging: on, scan_outer_packaging: on }],
    });
    expect((await scans(1)).retcode).toBe(0);
    const { data } = await checker.post(START, { station_id: STATION.checking, container_code: cart });
    expect(data.task).toMatchObject({ need_scan_inner_packaging: true, need_scan_outer_packaging: true });
    expect(data.packaging.map((p: any) => p.consumable_id)).toEqual(expect.arrayContaining(['CB-S', 'PB-M', 'FL-BUB']));
    expect(data.packaging.map((p: any) => p.consumable_id)).not.toContain('ST-TAPE');
    const device = new Device(checker);
    const check = (inner: string | null, outer: string | null) => device.push(checkingOps.check.kind, {
      task_no: data.task.task_no, order_no: orderNo, units: [{ sku_id: a, qty: 1 }], inner_packaging: inner, outer_packaging: outer, weight_g: 250,
    });
    const stockOf = async (id: string) => (await db().select({ qty: consumableBalances.qty }).from(consumableBalances)
      .where(and(eq(consumableBalances.whsId, WHS), eq(consumableBalances.consumableId, id))))[0]!.qty;
    const [boxes, bubbles] = [await stockOf('CB-S'), await stockOf('FL-BUB')];
    expect(await check('FL-BUB', null)).toMatchObject({ status: 'rejected', retcode: RET.CHECK_PACKAGING_INVALID, data: { field: 'outer_packaging' } });
    expect(await check('FL-BUB', 'ST-TAPE')).toMatchObject({ retcode: RET.CHECK_PACKAGING_INVALID, data: { field: 'outer_packaging', scanned: 'ST-TAPE' } });
    expect(await check('CB-S', 'CB-S')).toMatchObject({ retcode: RET.CHECK_PACKAGING_INVALID, data: { field: 'inner_packaging' } });
    expect(await stockOf('CB-S')).toBe(boxes);
    const checked = await check('FL-BUB', 'CB-S');
    expect(checked.status, checked.message).toBe('applied');
    expect([await stockOf('CB-S'), await stockOf('FL-BUB')]).toEqual([boxes - 1, bubbles - 1]);
    const detail = await supervisor.get(DETAIL, { task_no: data.task.task_no });
    expect(detail.data.orders[0]).toMatchObject({ status: T.DONE });
    expect((await scans(0)).retcode).toBe(0);
  });
});

describe('who checks what', () => {
  test('only a checking station in use; a container still being picked or unknown has nothing to check', async () => {
    const [a] = await stockedSkus(1);
    const orderNo = await order([{ sku_id: a!, qty: 1 }]);
    const released = await supervisor.post('/apps/process/outbound/wave/create_manual_wave', { order_nos: [orderNo], picking_type: PICKING_TYPE.values.PICK_TO_ORDER });
    const cart = await fixture.container();
    const picker = await signIn('Operator');
    await picker.post('/apps/process/outbound/picking/claim_picking_task', { task_no: released.data.task_nos[0], container_code: cart });
    for (const station of [STATION.packing, STATION.disabled, 'NO-SUCH-STATION']) {
      const answer = await checker.post(START, { station_id: station, container_code: cart });
      expect(answer.retcode, station).toBe(RET.CHECK_STATION_UNUSABLE);
    }
    const picking = await checker.post(START, { station_id: STATION.checking, container_code: cart });
    expect(picking).toMatchObject({ retcode: RET.CHECK_NOTHING_TO_CHECK, data: { reason: 'picking' } });
    const unknown = await checker.post(START, { station_id: STATION.checking, container_code: 'CK-NO-CART' });
    expect(unknown).toMatchObject({ retcode: RET.CHECK_NOTHING_TO_CHECK, data: { reason: 'empty' } });
  });

  test('one operator per container; their ops are refused to others; another warehouse sees nothing', async () => {
    const [a] = await stockedSkus(1);
    const orderNo = await order([{ sku_id: a!, qty: 1 }]);
    const cart = await pickedCart([orderNo]);
    const { data: { task } } = await checker.post(START, { station_id: STATION.checking, container_code: cart });
    const taken = await otherChecker.post(START, { station_id: STATION.checking, container_code: cart });
    expect(taken.retcode).toBe(RET.TASK_ASSIGNED_ELSEWHERE);
    const foreign = await new Device(otherChecker).push(checkingOps.check.kind, { task_no: task.task_no, order_no: orderNo, units: [{ sku_id: a, qty: 1 }], weight_g: 250 });
    expect(foreign.retcode).toBe(RET.TASK_ASSIGNED_ELSEWHERE);
    const elsewhere = await signIn('Supervisor', 'IDJKT1');
    expect((await elsewhere.get(DETAIL, { task_no: task.task_no })).retcode).toBe(RET.NOT_FOUND);
    const viewer = await signIn('Operator');
    expect((await viewer.post(START, { station_id: STATION.checking, container_code: cart })).retcode).toBe(RET.TASK_ASSIGNED_ELSEWHERE);
    expect(await db().select().from(checkingRefusals).where(and(eq(checkingRefusals.whsId, WHS), eq(checkingRefusals.taskNo, task.task_no)))).toEqual([]);
  });

  test('an order cancelled while being checked leaves the task with its units in the cart; a checked order is cancelled after checking', async () => {
    const [a] = await stockedSkus(1);
    const first = await order([{ sku_id: a!, qty: 1 }]);
    const second = await order([{ sku_id: a!, qty: 1 }]);
    const cart = await pickedCart([first, second], PICKING_TYPE.values.PICK_TO_WAVE);
    const { data: { task } } = await checker.post(START, { station_id: STATION.checking, container_code: cart });
    const checked = await new Device(checker).push(checkingOps.check.kind, { task_no: task.task_no, order_no: first, units: [{ sku_id: a, qty: 1 }], weight_g: 250 });
    expect(checked.status, checked.message).toBe('applied');
    // Its units are on the order: the reverse picking task takes them from there (tests/api/cancel-after-checking.test.ts).
    const afterChecking = await supervisor.post('/apps/process/outbound/salesorder/cancel_sales_order', { order_no: first, reason: 'Buyer changed mind' });
    expect(afterChecking.retcode, afterChecking.message).toBe(0);
    expect(afterChecking.data.reverse_task_no).toEqual(expect.any(String));
    const cancelled = await supervisor.post('/apps/process/outbound/salesorder/cancel_sales_order', { order_no: second, reason: 'Buyer changed mind' });
    expect(cancelled.retcode, cancelled.message).toBe(0);
    expect(cancelled.data.reverse_task_no).toEqual(expect.any(String));
    const detail = await supervisor.get(DETAIL, { task_no: task.task_no });
    expect(detail.data.task).toMatchObject({ status: T.DONE, checked_qty: 1, total_qty: 1 });
    expect(detail.data.orders.map((o: any) => o.status)).toEqual([T.DONE, T.CANCEL]);
    expect(await stockAt(cart)).toEqual({ [a!]: 1 });
  });
});
