import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { Device } from '../support/op-device';
import { outboundFlow } from '../support/outbound-flow';
import { checkingRecords } from '../support/outbound-fixture';
import { containers, inventoryTransactions, salesOrders, sortingScans, sortingTasks, stations } from '../../src/server/db/schema';
import {
  CHECKING_STATION_MODE, INVENTORY_REF_TYPE, PICKING_TYPE, SALES_ORDER_STATUS, STATION_STATUS, STATION_TYPE, TASK_STATUS,
} from '../../src/shared/codes';
import { checkingOps } from '../../src/shared/ops/checking.ops';
import { pickingOps } from '../../src/shared/ops/picking.ops';
import { sortingOps } from '../../src/shared/ops/sorting.ops';
import { RET } from '../../src/shared/retcodes';

/**
 * Sorting at a put wall (docs/outbound.md "Sorting"): the sorting rule sending a batch container to a
 * wall, each order given a slot, each unit moved into its slot by an op applied exactly once, a wrong
 * slot refused and recorded, sorting skills, warehouses apart, bad input, and checking an order from
 * its slot afterwards.
 */
const WHS = 'SGSIN1';
const OTHER = 'MYKUL1';
const CALLS = '/apps/process/outbound/sorting';
const START = `${CALLS}/start_sorting_task`;
const RULES = '/apps/rulecenter/sortingrule';
const SKILLS = '/apps/rulecenter/sortingskill';
const S = SALES_ORDER_STATUS.values;
const T = TASK_STATUS.values;

let server: TestServer;
let supervisor: TestClient;
let sorter: TestClient;
let otherSorter: TestClient;
const db = () => server.database.db;
const flow = outboundFlow(() => server, WHS, 'SRT');
const fixture = flow.fixture;

let userCounter = 0;
const newUser = (role: 'Supervisor' | 'Operator', whsId = WHS) => server.createUser({ email: `sorting${++userCounter}@demo.local`, role, warehouses: [whsId] });
const signIn = async (role: 'Supervisor' | 'Operator', whsId = WHS) => server.login((await newUser(role, whsId)).email);

/** Put walls of the test's own: two sorting stations, a disabled one, and a checking station (no record settings asked). */
const WALL = { a: 'SRT-PWA', b: 'SRT-PWB', off: 'SRT-OFF', check: 'SRT-CHK', other: 'SRT-MY' };
let ruleId = 0;

beforeAll(async () => {
  server = await startTestServer();
  supervisor = await signIn('Supervisor');
  const sorters = [await newUser('Operator'), await newUser('Operator')];
  sorter = await server.login(sorters[0]!.email);
  otherSorter = await server.login(sorters[1]!.email);
  const base = { whsId: WHS, status: STATION_STATUS.values.ENABLED, checkingMode: null };
  const { SORTING, CHECKING } = STATION_TYPE.values;
  await db().insert(stations).values([
    { ...base, stationId: WALL.a, stationName: 'Put wall A', stationType: SORTING },
    { ...base, stationId: WALL.b, stationName: 'Put wall B', stationType: SORTING },
    { ...base, stationId: WALL.off, stationName: 'Put wall off', stationType: SORTING, status: STATION_STATUS.values.DISABLED },
    { ...base, stationId: WALL.check, stationName: 'Check after sort', stationType: CHECKING, checkingMode: CHECKING_STATION_MODE.values.MASS_CHECKING },
    { ...base, whsId: OTHER, stationId: WALL.other, stationName: 'Other warehouse wall', stationType: SORTING },
  ]);
  // Checking stations weigh parcels, no packaging scans (Record Settings), so the checks after sorting carry a weight only.
  await checkingRecords(server, 'sorting-admin@demo.local', { record_weight: 1 });
  // Pick to Wave containers of two orders or more go to wall A, 3 slots (before the demo's rules).
  const made = await supervisor.post(`${RULES}/create_sorting_rule`, {
    rule_name: 'Sorting test waves', priority: 1, station_ids: ` ${WALL.a} `, wall_slots: 3, picking_type: PICKING_TYPE.values.PICK_TO_WAVE, min_orders: 2, status: 1,
  });
  expect(made.retcode, made.message).toBe(0);
  expect(made.data.station_ids).toBe(WALL.a);
  ruleId = made.data.rule_id;
  // The demo lists its sorters (Sorting Skills): the test's sorters join them, at walls A and B.
  for (const user of sorters) {
    const skill = await supervisor.post(`${SKILLS}/create_sorting_skill`, { user_id: user.userId, station_ids: `${WALL.a},${WALL.b}` });
    expect(skill.retcode, skill.message).toBe(0);
  }
});
afterAll(async () => {
  await server?.close();
});

// ---- fixtures ----

const stockedSkus = (n: number) => flow.stockedSkus(n, null, 30);
const order = (lines: readonly { sku_id: string; qty: number }[]) => flow.order(lines);
/** Orders released in one wave (Pick to Wave unless told) and picked into one batch container; answers the container. */
const batchContainer = (orderNos: readonly string[], pickingType: number = PICKING_TYPE.values.PICK_TO_WAVE) => flow.pickedCart(orderNos, pickingType);

const orderStatus = async (orderNo: string) =>
  (await db().select({ status: salesOrders.status }).from(salesOrders).where(and(eq(salesOrders.whsId, WHS), eq(salesOrders.orderNo, orderNo))))[0]!.status;
const stockAt = (location: string) => flow.stockAt(location);

/** Checks the orders on wall A out of it (so the next test finds its slots free): each slot scanned at the checking station, each order checked. */
async function checkOut(work: { orders: { order_no: string; slot_container: string; lines: { sku_id: string; qty: number }[] }[] }): Promise<void> {
  const device = new Device(sorter);
  for (const o of work.orders) {
    const started = await sorter.post('/apps/process/outbound/checking/start_checking_task', { station_id: WALL.check, container_code: o.slot_container });
    expect(started.retcode, started.message).toBe(0);
    const answer = await device.push(checkingOps.check.kind, {
      task_no: started.data.task.task_no, order_no: o.order_no, units: o.lines.map((l) => ({ sku_id: l.sku_id, qty: l.qty })), weight_g: 500,
    });
    expect(answer.status, answer.message).toBe('applied');
  }
}

// ---- tests ----

describe('sorting a batch container at a put wall', () => {
  test('each order gets a slot; units move into their slots exactly once; a wrong slot is refused and recorded; checked from the slot', async () => {
    const [a, b] = await stockedSkus(2);
    const o1 = await order([{ sku_id: a!, qty: 2 }]);
    const o2 = await order([{ sku_id: a!, qty: 1 }, { sku_id: b!, qty: 1 }]);
    const cart = await batchContainer([o1, o2]);

    // The rule sends the container to wall A: wall B is refused naming it.
    const wrongWall = await sorter.post(START, { station_id: WALL.b, container_code: cart });
    expect(wrongWall).toMatchObject({ retcode: RET.SORT_CONTAINER_REFUSED, data: { reason: 'other_wall', station_ids: [WALL.a], rule_id: ruleId } });

    const started = await sorter.post(START, { station_id: WALL.a, container_code: cart });
    expect(started.retcode, started.message).toBe(0);
    const work = started.data;
    expect(work.task).toMatchObject({ station_id: WALL.a, container_code: cart, status: T.ONGOING, sorted_qty: 0, total_qty: 4, rule_id: ruleId });
    expect(work.orders.map((o: any) => [o.order_no, o.slot_no, o.slot_container, o.total_qty])).toEqual([
      [o1, 1, `${WALL.a}-01`, 2], [o2, 2, `${WALL.a}-02`, 2],
    ]);
    expect(await orderStatus(o1)).toBe(S.SORTING);
    // Scanning it again resumes the same task, stable slots; another operator is refused.
    const again = await sorter.post(START, { station_id: WALL.a, container_code: cart });
    expect(again.data.task.task_no).toBe(work.task.task_no);
    expect(await otherSorter.post(START, { station_id: WALL.a, container_code: cart })).toMatchObject({ retcode: RET.SORT_CONTAINER_REFUSED, data: { reason: 'sorting' } });

    const taskNo = work.task.task_no;
    const device = new Device(sorter);
    // A wrong slot: the server refuses the sort (nothing moves); the wall's refusal op records it.
    const wrong = await device.push(sortingOps.sort.kind, { task_no: taskNo, order_no: o1, sku_id: a, qty: 1, slot_no: 2 });
    expect(wrong).toMatchObject({ status: 'rejected', retcode: RET.SORT_WRONG_SLOT, data: { slot_no: 1 } });
    const recorded = await device.push(sortingOps.refuse.kind, { task_no: taskNo, order_no: o1, sku_id: a, slot_no: 1, scanned: `${WALL.a}-02` });
    expect(recorded.status, recorded.message).toBe('applied');
    // More than the order has left is refused.
    expect(await device.push(sortingOps.sort.kind, { task_no: taskNo, order_no: o1, sku_id: a, qty: 3, slot_no: 1 }))
      .toMatchObject({ status: 'rejected', retcode: RET.SORT_UNIT_REFUSED });
    expect(await device.push(sortingOps.sort.kind, { task_no: taskNo, order_no: o1, sku_id: b, qty: 1, slot_no: 1 }))
      .toMatchObject({ status: 'rejected', retcode: RET.SORT_UNIT_REFUSED });

    const first = device.op(sortingOps.sort.kind, { task_no: taskNo, order_no: o1, sku_id: a, qty: 1, slot_no: 1 });
    const [applied] = await device.send(first);
    expect(applied).toMatchObject({ status: 'applied', data: { order_sorted_qty: 1, order_total_qty: 2, order_complete: false, slot_no: 1 } });
    // A replay (the answer lost): answered as before, nothing moves twice.
    const [replayed] = await device.send(first);
    expect(replayed!.status).toBe('duplicate');
    expect(await stockAt(`${WALL.a}-01`)).toEqual({ [a!]: 1 });
    const done1 = await device.push(sortingOps.sort.kind, { task_no: taskNo, order_no: o1, sku_id: a, qty: 1, slot_no: 1 });
    expect(done1.data).toMatchObject({ order_complete: true, task_status: T.ONGOING });
    expect(await orderStatus(o1)).toBe(S.SORTED);
    for (const sku of [a, b]) {
      const answer = await device.push(sortingOps.sort.kind, { task_no: taskNo, order_no: o2, sku_id: sku, slot_no: 2 });
      expect(answer.status, answer.message).toBe('applied');
    }
    expect(await orderStatus(o2)).toBe(S.SORTED);
    // Stock is where it is: the container empty (and free), each slot holding its order's units.
    expect(await stockAt(cart)).toEqual({});
    expect(await stockAt(`${WALL.a}-01`)).toEqual({ [a!]: 2 });
    expect(await stockAt(`${WALL.a}-02`)).toEqual({ [a!]: 1, [b!]: 1 });
    const [freed] = await db().select({ taskNo: containers.taskNo }).from(containers).where(and(eq(containers.whsId, WHS), eq(containers.containerCode, cart)));
    expect(freed!.taskNo).toBeNull();
    const moved = await db().select({ n: sql<number>`count(*)::int` }).from(inventoryTransactions)
      .where(and(eq(inventoryTransactions.whsId, WHS), eq(inventoryTransactions.refType, INVENTORY_REF_TYPE.values.SORTING_TASK), eq(inventoryTransactions.refNo, taskNo)));
    expect(moved[0]!.n).toBe(8); // 4 sorts, a debit and a credit each

    const detail = await supervisor.get(`${CALLS}/get_sorting_task_detail`, { task_no: taskNo });
    expect(detail.retcode, detail.message).toBe(0);
    expect(detail.data.task).toMatchObject({ status: T.DONE, sorted_qty: 4, total_qty: 4 });
    expect(detail.data.orders.map((o: any) => o.status)).toEqual([T.DONE, T.DONE]);
    expect(detail.data.scans.filter((s: any) => !s.ok)).toEqual([expect.objectContaining({ order_no: o1, slot_no: 1, scanned: `${WALL.a}-02` })]);
    const listed = await supervisor.get(`${CALLS}/search_sorting_task`, { container_code: cart });
    expect(listed.retcode, listed.message).toBe(0);
    expect(listed.data.list).toEqual([expect.objectContaining({ task_no: taskNo, status: T.DONE, station_id: WALL.a })]);

    // The sorted container has nothing to check; each slot checks its order.
    const fromCart = await sorter.post('/apps/process/outbound/checking/start_checking_task', { station_id: WALL.check, container_code: cart });
    expect(fromCart.retcode).toBe(RET.CHECK_NOTHING_TO_CHECK);
    // Opened from Sorting While Checking: the task takes the screen's mode, not the station's (mass checking).
    const fromSlot = await sorter.post('/apps/process/outbound/checking/start_checking_task', {
      station_id: WALL.check, container_code: `${WALL.a}-02`, mode: CHECKING_STATION_MODE.values.SORT_WHILE_CHECKING,
    });
    expect(fromSlot.retcode, fromSlot.message).toBe(0);
    expect(fromSlot.data.task).toMatchObject({ mode: CHECKING_STATION_MODE.values.SORT_WHILE_CHECKING, container_code: `${WALL.a}-02`, wave_type: PICKING_TYPE.values.PICK_TO_WAVE });
    expect(fromSlot.data.orders).toEqual([expect.objectContaining({ order_no: o2, slot_no: 2, total_qty: 2 })]);
    expect(await orderStatus(o2)).toBe(S.CHECKING);
    const checked = await new Device(sorter).push(checkingOps.check.kind, {
      task_no: fromSlot.data.task.task_no, order_no: o2, units: [{ sku_id: a, qty: 1 }, { sku_id: b, qty: 1 }], weight_g: 500,
    });
    expect(checked.status, checked.message).toBe('applied');
    expect(await orderStatus(o2)).toBe(S.CHECKED);
    expect(await stockAt(`${WALL.a}-02`)).toEqual({});
    expect(await stockAt(o2)).toEqual({ [a!]: 1, [b!]: 1 });
    await checkOut({ orders: detail.data.orders.filter((o: any) => o.order_no === o1) });
    expect(await orderStatus(o1)).toBe(S.CHECKED);
  });

  test('slots are held until checking takes the order; a wall without enough free slots refuses the container', async () => {
    const [a] = await stockedSkus(1);
    const first = await batchContainer([await order([{ sku_id: a!, qty: 1 }]), await order([{ sku_id: a!, qty: 1 }])]);
    const second = await batchContainer([await order([{ sku_id: a!, qty: 1 }]), await order([{ sku_id: a!, qty: 1 }])]);
    const started = await sorter.post(START, { station_id: WALL.a, container_code: first });
    expect(started.retcode, started.message).toBe(0);
    expect(started.data.orders.map((o: any) => o.slot_no)).toEqual([1, 2]);
    const full = await sorter.post(START, { station_id: WALL.a, container_code: second });
    expect(full).toMatchObject({ retcode: RET.SORT_CONTAINER_REFUSED, data: { reason: 'no_slot', free: 1, needed: 2 } });
    const device = new Device(sorter);
    for (const o of started.data.orders) {
      expect((await device.push(sortingOps.sort.kind, { task_no: started.data.task.task_no, order_no: o.order_no, sku_id: a, slot_no: o.slot_no })).status).toBe('applied');
    }
    await checkOut(started.data);
    const now = await sorter.post(START, { station_id: WALL.a, container_code: second });
    expect(now.retcode, now.message).toBe(0);
    expect(now.data.orders.map((o: any) => o.slot_no)).toEqual([1, 2]);
    for (const o of now.data.orders) {
      expect((await device.push(sortingOps.sort.kind, { task_no: now.data.task.task_no, order_no: o.order_no, sku_id: a, slot_no: o.slot_no })).status).toBe('applied');
    }
    await checkOut(now.data);
  });

  test('cancel: an order half sorted is refused until sorted; a sorted order is cancelled, its units returned from its slot once', async () => {
    const [a] = await stockedSkus(1);
    const o1 = await order([{ sku_id: a!, qty: 2 }]);
    const o2 = await order([{ sku_id: a!, qty: 1 }]);
    const started = await sorter.post(START, { station_id: WALL.a, container_code: await batchContainer([o1, o2]) });
    expect(started.retcode, started.message).toBe(0);
    const [first, second] = started.data.orders as { order_no: string; slot_no: number; slot_container: string }[];
    const device = new Device(sorter);
    const sort = (o: { order_no: string; slot_no: number }) => device.push(sortingOps.sort.kind, { task_no: started.data.task.task_no, order_no: o.order_no, sku_id: a, slot_no: o.slot_no });
    expect((await sort(first!)).status).toBe('applied');
    const cancel = (orderNo: string) => supervisor.post('/apps/process/outbound/salesorder/cancel_sales_order', { order_no: orderNo, reason: 'Buyer cancelled' });
    expect(await cancel(first!.order_no)).toMatchObject({ retcode: RET.ORDER_NOT_CANCELLABLE, data: { reason: 'sorting' } });
    expect((await sort(first!)).status).toBe('applied');
    expect(await orderStatus(first!.order_no)).toBe(S.SORTED);
    const cancelled = await cancel(first!.order_no);
    expect(cancelled.retcode, cancelled.message).toBe(0);
    const taskNo = cancelled.data.reverse_task_no;
    // Its units wait in slot 1 for the reverse picking task: the slot is not given to another order meanwhile.
    const waiting = await batchContainer([await order([{ sku_id: a!, qty: 1 }]), await order([{ sku_id: a!, qty: 1 }])]);
    expect(await sorter.post(START, { station_id: WALL.a, container_code: waiting })).toMatchObject({ retcode: RET.SORT_CONTAINER_REFUSED, data: { reason: 'no_slot', free: 1, needed: 2 } });
    const claimed = await sorter.post('/apps/process/outbound/picking/claim_picking_task', { task_no: taskNo, container_code: null });
    expect(claimed.retcode, claimed.message).toBe(0);
    expect(claimed.data.lines.map((l: { container_code: string }) => l.container_code)).toEqual([first!.slot_container]);
    const line = claimed.data.lines[0];
    const op = device.op(pickingOps.reversePut.kind, { task_no: taskNo, alloc_id: line.alloc_id, location: line.location_id, qty: 2 });
    expect((await device.send(op))[0]!.status).toBe('applied');
    expect((await device.send(op))[0]!.status).toBe('duplicate');
    expect(await stockAt(first!.slot_container)).toEqual({});
    // The other order is sorted and checked out as usual.
    expect((await sort(second!)).status).toBe('applied');
    await checkOut({ orders: [{ ...second!, lines: [{ sku_id: a!, qty: 1 }] }] });
    // The slot emptied by the return is free again.
    const now = await sorter.post(START, { station_id: WALL.a, container_code: waiting });
    expect(now.retcode, now.message).toBe(0);
    expect(now.data.orders.map((o: any) => o.slot_no)).toEqual([1, 2]);
    for (const o of now.data.orders) {
      expect((await device.push(sortingOps.sort.kind, { task_no: now.data.task.task_no, order_no: o.order_no, sku_id: a, slot_no: o.slot_no })).status).toBe('applied');
    }
    await checkOut(now.data);
  });

  test('the rule decides: a Pick to Order container, or a wave of one order, is not sorted', async () => {
    const [a] = await stockedSkus(1);
    const single = await batchContainer([await order([{ sku_id: a!, qty: 1 }])]);
    expect(await sorter.post(START, { station_id: WALL.a, container_code: single })).toMatchObject({ retcode: RET.SORT_CONTAINER_REFUSED, data: { reason: 'no_rule' } });
    const toOrder = await batchContainer([await order([{ sku_id: a!, qty: 1 }])], PICKING_TYPE.values.PICK_TO_ORDER);
    expect(await sorter.post(START, { station_id: WALL.a, container_code: toOrder })).toMatchObject({ retcode: RET.SORT_CONTAINER_REFUSED, data: { reason: 'no_rule' } });
  });
});

describe('refusals', () => {
  test('stations, containers, bad input and permissions', async () => {
    expect(await sorter.post(START, { station_id: WALL.off, container_code: 'X' })).toMatchObject({ retcode: RET.SORT_WALL_INVALID });
    expect(await sorter.post(START, { station_id: WALL.check, container_code: 'X' })).toMatchObject({ retcode: RET.SORT_WALL_INVALID });
    // Another warehouse's wall is not this warehouse's station.
    expect(await sorter.post(START, { station_id: WALL.other, container_code: 'X' })).toMatchObject({ retcode: RET.SORT_WALL_INVALID });
    expect(await sorter.post(START, { station_id: WALL.a, container_code: 'NO-SUCH-CART' })).toMatchObject({ retcode: RET.SORT_CONTAINER_REFUSED, data: { reason: 'unknown' } });
    expect(await sorter.post(START, { station_id: WALL.a, container_code: await fixture.container() })).toMatchObject({ retcode: RET.SORT_CONTAINER_REFUSED, data: { reason: 'empty' } });
    expect((await sorter.post(START, { station_id: '', container_code: 'X' })).retcode).toBe(RET.BAD_INPUT);
    // Bad op payloads are refused whole.
    const device = new Device(sorter);
    const bad = await device.push(sortingOps.sort.kind, { task_no: 'ST1', order_no: 'SO1', sku_id: 'A', slot_no: 0 });
    expect(bad.status).toBe('rejected');
    expect(bad.retcode).toBe(RET.BAD_INPUT);
    expect((await device.push(sortingOps.sort.kind, { task_no: 'NO-TASK', order_no: 'NO-ORDER', sku_id: 'A', slot_no: 1 })).retcode).toBe(RET.NOT_FOUND);
    // A rule naming a station that is not a put wall, or with no wall, is refused.
    expect((await supervisor.post(`${RULES}/create_sorting_rule`, { rule_name: 'x', priority: 5, station_ids: WALL.check, wall_slots: 3, min_orders: 1, status: 1 })).retcode).toBe(RET.BAD_INPUT);
    expect((await supervisor.post(`${RULES}/create_sorting_rule`, { rule_name: 'x', priority: 5, station_ids: ' , ', wall_slots: 3, min_orders: 1, status: 1 })).retcode).toBe(RET.BAD_INPUT);
    // An operator has no permission to change rules; a supervisor of another warehouse sees none of this one's tasks.
    expect((await sorter.post(`${RULES}/create_sorting_rule`, { rule_name: 'x', priority: 5, station_ids: WALL.a, wall_slots: 3, min_orders: 1, status: 1 })).retcode).toBe(RET.PERMISSION_DENIED);
    const other = await signIn('Supervisor', OTHER);
    const listed = await other.get(`${CALLS}/search_sorting_task`, { station_id: WALL.a });
    expect(listed.retcode, listed.message).toBe(0);
    expect(listed.data.list).toEqual([]);
    const tasks = await db().select({ taskNo: sortingScans.taskNo }).from(sortingScans).where(eq(sortingScans.whsId, WHS)).limit(1);
    expect((await other.get(`${CALLS}/get_sorting_task_detail`, { task_no: tasks[0]!.taskNo })).retcode).toBe(RET.NOT_FOUND);
  });

  test('sorting skills: once the warehouse lists operators (the demo does), only they sort, each at the walls named', async () => {
    const [a] = await stockedSkus(1);
    const cart = await batchContainer([await order([{ sku_id: a!, qty: 1 }]), await order([{ sku_id: a!, qty: 1 }])]);
    const skilled = await newUser('Operator');
    const unlisted = await newUser('Operator');
    expect((await supervisor.post(`${SKILLS}/create_sorting_skill`, { user_id: skilled.userId, station_ids: WALL.check })).retcode).toBe(RET.BAD_INPUT);
    const made = await supervisor.post(`${SKILLS}/create_sorting_skill`, { user_id: skilled.userId, station_ids: `${WALL.b} ${WALL.a}` });
    expect(made.retcode, made.message).toBe(0);
    expect(made.data.station_ids).toBe([WALL.a, WALL.b].sort().join(','));
    {
      const refused = await (await server.login(unlisted.email)).post(START, { station_id: WALL.a, container_code: cart });
      expect(refused).toMatchObject({ retcode: RET.SORT_NOT_SKILLED, data: { station_id: WALL.a, skill_stations: [] } });
      const ok = await (await server.login(skilled.email)).post(START, { station_id: WALL.a, container_code: cart });
      expect(ok.retcode, ok.message).toBe(0);
    }
  });
});

describe('the demo', () => {
  test('a basket of a batch wave is being sorted at put wall SRT-02: its first order in its slot, ready for checking, the rest waiting', async () => {
    const [task] = await db().select().from(sortingTasks).where(and(eq(sortingTasks.whsId, WHS), eq(sortingTasks.stationId, 'SRT-02')));
    expect(task).toMatchObject({ status: T.ONGOING, containerCode: 'BSK011' });
    const demo = await supervisor.get(`${CALLS}/get_sorting_task_detail`, { task_no: task!.taskNo });
    expect(demo.data.orders[0]).toMatchObject({ slot_no: 1, status: T.DONE });
    expect(demo.data.orders.slice(1).every((o: { status: number }) => o.status === T.PENDING)).toBe(true);
    expect(await orderStatus(demo.data.orders[0].order_no)).toBe(S.SORTED);
    expect(await stockAt(demo.data.orders[0].slot_container)).not.toEqual({});
  });
});
