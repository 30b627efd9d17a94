import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { Device } from '../support/op-device';
import { outboundFlow } from '../support/outbound-flow';
import { containers, inventoryTransactions, stations } from '../../src/server/db/schema';
import {
  CHECKING_STATION_MODE, INVENTORY_REF_TYPE, PICKING_TYPE, SALES_ORDER_STATUS, SORTING_STAGE, STATION_STATUS, STATION_TYPE, TASK_STATUS,
} from '../../src/shared/codes';
import { sortingOps } from '../../src/shared/ops/sorting.ops';
import { RET } from '../../src/shared/retcodes';

/**
 * Pre-sorting (docs/outbound.md "Pre-sorting"): a batch container scanned at a pre-sorting station is
 * split between the put walls of its sorting rule, one tote a wall; each unit goes into its wall's tote
 * by an op applied exactly once (the group's first tote binds it; another tote, wall or a busy tote is
 * refused with nothing written); the container is free once empty; each tote is then sorted at its wall
 * and its orders checked from their slots. Warehouses apart; the two task lists apart.
 */
const WHS = 'SGSIN1';
const OTHER = 'MYKUL1';
const CALLS = '/apps/process/outbound/sorting';
const START = `${CALLS}/start_sorting_task`;
const S = SALES_ORDER_STATUS.values;
const T = TASK_STATUS.values;
const ST = { pre: 'PSR-PRE', a: 'PSR-WA', b: 'PSR-WB', check: 'PSR-CHK' };

let server: TestServer;
let sorter: TestClient;
const db = () => server.database.db;
const flow = outboundFlow(() => server, WHS, 'PSR');

beforeAll(async () => {
  server = await startTestServer();
  const base = { whsId: WHS, status: STATION_STATUS.values.ENABLED, checkingMode: null };
  const { SORTING, PRE_SORTING, CHECKING } = STATION_TYPE.values;
  await db().insert(stations).values([
    { ...base, stationId: ST.pre, stationName: 'Pre-sorting', stationType: PRE_SORTING },
    { ...base, stationId: ST.a, stationName: 'Put wall A', stationType: SORTING },
    { ...base, stationId: ST.b, stationName: 'Put wall B', stationType: SORTING },
    { ...base, stationId: ST.check, stationName: 'Check after sort', stationType: CHECKING, checkingMode: CHECKING_STATION_MODE.values.MASS_CHECKING },
  ]);
  const supervisor = await flow.signIn('Supervisor');
  // Pick to Wave containers of two orders or more go to walls A and B, 2 slots each (before the demo's rule).
  const rule = await supervisor.post('/apps/rulecenter/sortingrule/create_sorting_rule', {
    rule_name: 'Pre-sorting test', priority: 1, station_ids: `${ST.a},${ST.b}`, wall_slots: 2, picking_type: PICKING_TYPE.values.PICK_TO_WAVE, min_orders: 2, status: 1,
  });
  expect(rule.retcode, rule.message).toBe(0);
  const user = await server.createUser({ email: 'psr-sorter@demo.local', role: 'Operator', warehouses: [WHS] });
  sorter = await server.login(user.email);
  const skill = await supervisor.post('/apps/rulecenter/sortingskill/create_sorting_skill', { user_id: user.userId, station_ids: `${ST.a},${ST.b}` });
  expect(skill.retcode, skill.message).toBe(0);
});
afterAll(async () => {
  await server?.close();
});

const stockAt = (location: string) => flow.stockAt(location);
const boundTask = async (code: string) =>
  (await db().select({ taskNo: containers.taskNo }).from(containers).where(and(eq(containers.whsId, WHS), eq(containers.containerCode, code))))[0]?.taskNo ?? null;

describe('pre-sorting a batch container', () => {
  test('split between the walls, one tote a wall, exactly once; refusals write nothing; each tote then sorted at its wall and checked', async () => {
    const [a, b] = await flow.stockedSkus(2);
    const o1 = await flow.order([{ sku_id: a!, qty: 2 }]);
    const o2 = await flow.order([{ sku_id: b!, qty: 1 }]);
    const o3 = await flow.order([{ sku_id: a!, qty: 1 }]);
    const cart = await flow.pickedCart([o1, o2, o3], PICKING_TYPE.values.PICK_TO_WAVE);
    const [tote1, tote2, tote3] = [await flow.fixture.container(), await flow.fixture.container(), await flow.fixture.container()];

    const started = await sorter.post(START, { station_id: ST.pre, container_code: cart });
    expect(started.retcode, started.message).toBe(0);
    const work = started.data;
    const taskNo = work.task.task_no;
    expect(taskNo).toMatch(/^PS\d+/);
    expect(work.task).toMatchObject({ stage: SORTING_STAGE.values.PRE_SORTING, station_id: ST.pre, container_code: cart, total_qty: 4, status: T.ONGOING });
    // Three orders, two walls of two slots: two groups, the first two orders to wall A, the third to wall B.
    expect(work.orders.map((o: any) => [o.order_no, o.slot_no, o.slot_container, o.tote_code])).toEqual([[o1, 1, ST.a, null], [o2, 1, ST.a, null], [o3, 2, ST.b, null]]);
    for (const no of [o1, o2, o3]) expect(await flow.orderStatus(no)).toBe(S.SORTING);
    // Being pre-sorted, the container is not sorted at a wall nor checked.
    expect(await sorter.post(START, { station_id: ST.a, container_code: cart })).toMatchObject({ retcode: RET.SORT_CONTAINER_REFUSED, data: { reason: 'presorting' } });
    expect((await sorter.post('/apps/process/outbound/checking/start_checking_task', { station_id: ST.check, container_code: cart })).retcode).not.toBe(0);

    const device = new Device(sorter);
    const presort = (order: string, sku: string, wall: string, tote: string, qty = 1) =>
      device.op(sortingOps.presort.kind, { task_no: taskNo, order_no: order, sku_id: sku, qty, station_id: wall, tote_code: tote });
    const first = presort(o1, a!, ST.a, tote1);
    const [applied] = await device.send(first);
    expect(applied).toMatchObject({ status: 'applied', data: { order_sorted_qty: 1, order_total_qty: 2, order_complete: false } });
    const [replayed] = await device.send(first);
    expect(replayed!.status).toBe('duplicate');
    expect(await stockAt(tote1)).toEqual({ [a!]: 1 });
    expect(await boundTask(tote1)).toBe(work.task.picking_task_no);

    // Refused, nothing written: another tote for wall A, a busy tote, the container itself, an unknown one, the wrong wall, too many units.
    const refusals = await device.send(
      presort(o2, b!, ST.a, tote2), presort(o3, a!, ST.b, tote1), presort(o3, a!, ST.b, cart), presort(o3, a!, ST.b, 'PSR-NOPE'),
      presort(o3, a!, ST.a, tote3), presort(o1, a!, ST.a, tote1, 2),
    );
    expect(refusals.map((r) => [r.status, r.retcode, r.data?.reason ?? r.data?.tote_code ?? null])).toEqual([
      ['rejected', RET.SORT_WRONG_TOTE, tote1], ['rejected', RET.SORT_TOTE_UNUSABLE, 'busy'], ['rejected', RET.SORT_TOTE_UNUSABLE, 'source'],
      ['rejected', RET.SORT_TOTE_UNUSABLE, 'unknown'], ['rejected', RET.SORT_WRONG_SLOT, null], ['rejected', RET.SORT_UNIT_REFUSED, null],
    ]);
    expect(await stockAt(tote2)).toEqual({});
    expect(await boundTask(tote3)).toBeNull();

    // A tote whose group is not complete is not sorted yet.
    expect(await sorter.post(START, { station_id: ST.a, container_code: tote1 })).toMatchObject({ retcode: RET.SORT_CONTAINER_REFUSED, data: { reason: 'presorting' } });
    for (const op of [presort(o1, a!, ST.a, tote1), presort(o2, b!, ST.a, tote1), presort(o3, a!, ST.b, tote3)]) {
      const [answer] = await device.send(op);
      expect(answer!.status, answer!.message).toBe('applied');
    }
    expect(await stockAt(cart)).toEqual({});
    expect(await stockAt(tote1)).toEqual({ [a!]: 2, [b!]: 1 });
    expect(await stockAt(tote3)).toEqual({ [a!]: 1 });
    expect(await boundTask(cart)).toBeNull();
    // The ledger moved each unit once: 4 out of the container.
    const [moved] = await db().select({ qty: sql<number>`coalesce(sum(${inventoryTransactions.qty}), 0)::int` }).from(inventoryTransactions)
      .where(and(eq(inventoryTransactions.whsId, WHS), eq(inventoryTransactions.refType, INVENTORY_REF_TYPE.values.SORTING_TASK), eq(inventoryTransactions.refNo, taskNo),
        eq(inventoryTransactions.locationId, cart)));
    expect(Math.abs(moved!.qty)).toBe(4);

    const supervisor = await flow.signIn('Supervisor');
    const detail = await supervisor.get(`${CALLS}/get_pre_sorting_task_detail`, { task_no: taskNo });
    expect(detail.retcode, detail.message).toBe(0);
    expect(detail.data.task).toMatchObject({ status: T.DONE, sorted_qty: 4, total_qty: 4 });
    expect(detail.data.orders.map((o: any) => o.tote_code)).toEqual([tote1, tote1, tote3]);
    expect(detail.data.scans.filter((s: any) => s.ok).length).toBe(4);
    // The two lists and details keep their stage.
    expect((await supervisor.get(`${CALLS}/get_sorting_task_detail`, { task_no: taskNo })).retcode).toBe(RET.NOT_FOUND);
    expect((await supervisor.get(`${CALLS}/search_pre_sorting_task`, { container_code: cart })).data.list).toEqual([expect.objectContaining({ task_no: taskNo, station_id: ST.pre })]);
    expect((await supervisor.get(`${CALLS}/search_sorting_task`, { container_code: cart })).data.list).toEqual([]);

    // Each tote at its own wall: tote 1 at wall B is refused, at wall A its two orders get slots.
    expect(await sorter.post(START, { station_id: ST.b, container_code: tote1 })).toMatchObject({ retcode: RET.SORT_CONTAINER_REFUSED, data: { reason: 'other_wall', station_ids: [ST.a] } });
    const atWall = await sorter.post(START, { station_id: ST.a, container_code: tote1 });
    expect(atWall.retcode, atWall.message).toBe(0);
    expect(atWall.data.task).toMatchObject({ stage: SORTING_STAGE.values.PUT_WALL, container_code: tote1, picking_task_no: work.task.picking_task_no, total_qty: 3 });
    expect(atWall.data.orders.map((o: any) => [o.order_no, o.slot_no])).toEqual([[o1, 1], [o2, 2]]);
    for (const o of atWall.data.orders) {
      for (const line of o.lines) {
        const answer = await device.push(sortingOps.sort.kind, { task_no: atWall.data.task.task_no, order_no: o.order_no, sku_id: line.sku_id, qty: line.qty, slot_no: o.slot_no });
        expect(answer.status, answer.message).toBe('applied');
      }
    }
    expect(await flow.orderStatus(o1)).toBe(S.SORTED);
    expect(await stockAt(tote1)).toEqual({});
    expect(await boundTask(tote1)).toBeNull();
    // Checked from its slot: the slot's units leave onto the order.
    expect(await flow.checkAll(ST.check, `${ST.a}-01`)).toEqual([o1]);
    expect(await stockAt(`${ST.a}-01`)).toEqual({});

    // Another warehouse sees none of it.
    const other = await server.login((await server.createUser({ email: 'psr-other@demo.local', role: 'Supervisor', warehouses: [OTHER] })).email);
    expect((await other.get(`${CALLS}/get_pre_sorting_task_detail`, { task_no: taskNo })).retcode).toBe(RET.NOT_FOUND);
    expect((await other.get(`${CALLS}/search_pre_sorting_task`, { container_code: cart })).data.list).toEqual([]);
  });

  test('only the operator who started it pre-sorts a container; a container of one order or none, or with no rule, is refused', async () => {
    const [a] = await flow.stockedSkus(1);
    const cart = await flow.pickedCart([await flow.order([{ sku_id: a!, qty: 1 }]), await flow.order([{ sku_id: a!, qty: 1 }])], PICKING_TYPE.values.PICK_TO_WAVE);
    const started = await sorter.post(START, { station_id: ST.pre, container_code: cart });
    expect(started.retcode, started.message).toBe(0);
    // Scanning it again resumes it; another operator is refused, and cannot place its units.
    expect((await sorter.post(START, { station_id: ST.pre, container_code: cart })).data.task.task_no).toBe(started.data.task.task_no);
    const someone = await flow.signIn('Operator');
    expect(await someone.post(START, { station_id: ST.pre, container_code: cart })).toMatchObject({ retcode: RET.SORT_CONTAINER_REFUSED, data: { reason: 'sorting' } });
    const o = started.data.orders[0];
    const stolen = await new Device(someone).push(sortingOps.presort.kind, {
      task_no: started.data.task.task_no, order_no: o.order_no, sku_id: a, qty: 1, station_id: o.slot_container, tote_code: await flow.fixture.container(),
    });
    expect(stolen).toMatchObject({ status: 'rejected', retcode: RET.TASK_ASSIGNED_ELSEWHERE });
    // A Pick to Order cart (no rule takes it) and an unknown container are refused; a checking station is no sorting station.
    const single = await flow.pickedCart([await flow.order([{ sku_id: a!, qty: 1 }])]);
    expect(await sorter.post(START, { station_id: ST.pre, container_code: single })).toMatchObject({ retcode: RET.SORT_CONTAINER_REFUSED, data: { reason: 'no_rule' } });
    expect(await sorter.post(START, { station_id: ST.pre, container_code: 'PSR-UNKNOWN' })).toMatchObject({ retcode: RET.SORT_CONTAINER_REFUSED, data: { reason: 'unknown' } });
    expect((await sorter.post(START, { station_id: ST.check, container_code: cart })).retcode).toBe(RET.SORT_WALL_INVALID);
  });

  test('the demo: basket BSK021 of IDJKT1 being pre-sorted, its first order in tote BSK029', async () => {
    const supervisor = await server.login((await server.createUser({ email: 'psr-demo@demo.local', role: 'Supervisor', warehouses: ['IDJKT1'] })).email);
    const listed = await supervisor.get(`${CALLS}/search_pre_sorting_task`, { container_code: 'BSK021' });
    expect(listed.retcode, listed.message).toBe(0);
    expect(listed.data.list).toEqual([expect.objectContaining({ status: T.ONGOING, container_code: 'BSK021' })]);
    const detail = await supervisor.get(`${CALLS}/get_pre_sorting_task_detail`, { task_no: listed.data.list[0].task_no });
    const [first, ...rest] = detail.data.orders;
    expect(first).toMatchObject({ slot_no: 1, tote_code: 'BSK029', status: T.DONE });
    expect(rest.length).toBe(3);
    for (const o of rest) expect(o).toMatchObject({ status: T.PENDING, tote_code: o.slot_no === 1 ? 'BSK029' : null });
  });
});

