import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { Device } from '../support/op-device';
import { outboundFixture } from '../support/outbound-fixture';
import { createTestSku } from '../support/putaway-fixture';
import { containers, mergeTaskContainers, mergeTasks, stations, syncOps } from '../../src/server/db/schema';
import { mergeStateOf } from '../../src/server/modules/outbound/merging';
import { CONTAINER_TYPE, PICKING_TYPE, STATION_STATUS, STATION_TYPE, TASK_STATUS } from '../../src/shared/codes';
import { mergingOps } from '../../src/shared/ops/merging.ops';
import { pickingOps } from '../../src/shared/ops/picking.ops';
import { RET } from '../../src/shared/retcodes';

/**
 * Merging (docs/outbound.md "Merging"): the merge rule choosing an order's lane, the merging task
 * made when the order's first picking task is done, the arrival op applied exactly once with its
 * refusals, the lane read, warehouse isolation, and mergeStateOf for checking.
 */

const WHS = 'SGSIN1';
const OTHER = 'MYKUL1';
const ORDERS = '/apps/process/outbound/salesorder';
const WAVE = '/apps/process/outbound/wave/create_manual_wave';
const CLAIM = '/apps/process/outbound/picking/claim_picking_task';
const RULES = '/apps/rulecenter/mergerule';
const MERGING = '/apps/process/outbound/merging';
const T = TASK_STATUS.values;

let server: TestServer;
let supervisor: TestClient;
let operator: TestClient;
let otherSupervisor: TestClient;
const db = () => server.database.db;
let userCounter = 0;
const newUser = (role: 'Supervisor' | 'Operator', warehouses: readonly string[] = [WHS]) =>
  server.createUser({ email: `merging${++userCounter}@demo.local`, role, warehouses });

const fixture = outboundFixture(db, WHS, 'MG');
const sku = () => createTestSku(db(), WHS, 'MRG');
let externalCounter = 0;

/** Merge lanes of the test's own (stations of type merge lane), enabled. */
let laneCounter = 0;
async function lane(whsId = WHS, type: number = STATION_TYPE.values.MERGE_LANE): Promise<string> {
  const stationId = `MGL-${++laneCounter}`;
  await db().insert(stations).values({ whsId, stationId, stationName: `Merge test lane ${laneCounter}`, stationType: type, status: STATION_STATUS.values.ENABLED });
  return stationId;
}


let picker: Device;
let laneDevice: Device;

beforeAll(async () => {
  server = await startTestServer();
  supervisor = await server.login((await newUser('Supervisor')).email);
  operator = await server.login((await newUser('Operator')).email);
  otherSupervisor = await server.login((await newUser('Supervisor', [OTHER])).email);
  picker = new Device(operator);
  laneDevice = new Device(operator);
});
afterAll(async () => {
  await server?.close();
});

/** An order of one unit in each of `zoneCount` zones of its own, waved pick to order: one picking task a zone. */
async function multiZoneOrder(zoneCount: number): Promise<{ orderNo: string; zones: string[]; taskNos: string[] }> {
  const zones: string[] = [];
  const lines: { sku_id: string; qty: number }[] = [];
  for (let i = 0; i < zoneCount; i++) {
    const zone = await fixture.privateZone(1);
    const skuId = await sku();
    await fixture.stock(skuId, [{ cell: zone.cells[0]!, qty: 5 }]);
    zones.push(zone.zoneId);
    lines.push({ sku_id: skuId, qty: 1 });
  }
  const created = await supervisor.post(`${ORDERS}/create_sales_order`, { external_no: `MRG-${Date.now()}-${++externalCounter}`, lines });
  expect(created.retcode, created.message).toBe(0);
  const orderNo = created.data.order.order_no as string;
  const waved = await supervisor.post(WAVE, { order_nos: [orderNo], picking_type: PICKING_TYPE.values.PICK_TO_ORDER });
  expect(waved.retcode, waved.message).toBe(0);
  expect(waved.data.task_nos).toHaveLength(zoneCount);
  return { orderNo, zones, taskNos: waved.data.task_nos };
}

/** Claims a task into a new cart; answers the cart. */
async function claim(taskNo: string): Promise<{ cart: string; lines: any[] }> {
  const cart = await fixture.container();
  const res = await operator.post(CLAIM, { task_no: taskNo, container_code: cart });
  expect(res.retcode, res.message).toBe(0);
  return { cart, lines: res.data.lines };
}

/** Picks every line of a claimed task. */
async function pickAll(taskNo: string, lines: any[]): Promise<void> {
  for (const l of lines) {
    const answer = await picker.push(pickingOps.pick.kind, { task_no: taskNo, alloc_id: l.alloc_id, location: l.location_id, sku_id: l.sku_id, qty: l.qty });
    expect(answer.status, answer.message).toBe('applied');
  }
}

const mergeTaskOf = async (orderNo: string) =>
  (await db().select().from(mergeTasks).where(and(eq(mergeTasks.whsId, WHS), eq(mergeTasks.orderNo, orderNo))))[0];

/** A merge rule for the zones, on the lanes, first in priority (the demo's catch-all rule is 100). */
async function rule(zones: string[], lanes: string[], slots = 4, priority = 1) {
  const res = await supervisor.post(`${RULES}/create_merge_rule`, {
    rule_name: `Merge test ${lanes.join('+')}`, priority, station_ids: lanes.join(', '), zone_ids: zones.join(' '), lane_slots: slots, status: 1,
  });
  expect(res.retcode, res.message).toBe(0);
  return res.data as { rule_id: number; station_ids: string; zone_ids: string };
}

describe('a multi-zone order on its merge lane', () => {
  test('made when the first task is done, on the rule\'s lane; arrivals once each; complete for checking', async () => {
    const { orderNo, zones, taskNos } = await multiZoneOrder(2);
    const laneA = await lane();
    const laneB = await lane();
    const made = await rule(zones, [laneA]);
    expect(made.zone_ids).toBe([...zones].sort().join(','));

    expect(await mergeStateOf(db(), WHS, orderNo)).toMatchObject({ needsMerge: true, complete: false });
    const first = await claim(taskNos[0]!);
    await pickAll(taskNos[0]!, first.lines);

    const task = await mergeTaskOf(orderNo);
    expect(task).toMatchObject({ status: T.PENDING, stationId: laneA, slotNo: 1, ruleId: made.rule_id, containerCount: 2, arrivedCount: 0 });
    // The second task has no cart yet: it is waited for by its task number.
    expect(await mergeStateOf(db(), WHS, orderNo)).toEqual({
      needsMerge: true, complete: false, waiting: [first.cart, taskNos[1]], arrived: [], lane: laneA, slot: 1, taskNo: task!.taskNo,
    });

    // The lane read shows it; the wrong lane refuses the container, naming the right one.
    const read = await operator.get(`${MERGING}/get_merge_lane`, { station_id: laneA });
    expect(read.retcode, read.message).toBe(0);
    expect(read.data).toMatchObject({ station_id: laneA, lane_slots: 4 });
    expect(read.data.tasks.map((t: { order_no: string }) => t.order_no)).toEqual([orderNo]);
    const wrongLane = await laneDevice.push(mergingOps.arrive.kind, { station_id: laneB, container_code: first.cart });
    expect(wrongLane).toMatchObject({ status: 'rejected', retcode: RET.MERGE_CONTAINER_REFUSED, data: { reason: 'other_lane', station_id: laneA } });

    // Arrival, then its replay (same op id): applied once, the same answer.
    const arrive = laneDevice.op(mergingOps.arrive.kind, { station_id: laneA, container_code: first.cart });
    const [applied] = await laneDevice.send(arrive);
    expect(applied).toMatchObject({ status: 'applied', retcode: 0 });
    expect(applied!.data.orders).toEqual([expect.objectContaining({ order_no: orderNo, slot_no: 1, arrived_count: 1, container_count: 2, complete: false, waiting: [taskNos[1]] })]);
    const [replayed] = await laneDevice.send(arrive);
    expect(replayed).toMatchObject({ status: 'duplicate', data: applied!.data });
    const lines = await db().select().from(mergeTaskContainers).where(and(eq(mergeTaskContainers.whsId, WHS), eq(mergeTaskContainers.taskNo, task!.taskNo)));
    expect(lines.filter((l) => l.arrivedAt !== null).map((l) => l.opId)).toEqual([arrive.op_id]);
    expect((await mergeTaskOf(orderNo))).toMatchObject({ status: T.ONGOING, arrivedCount: 1 });
    const [recorded] = await db().select().from(syncOps).where(eq(syncOps.opId, arrive.op_id));
    expect(recorded).toBeDefined();

    // Scanned again (a new op): already here.
    const again = await laneDevice.push(mergingOps.arrive.kind, { station_id: laneA, container_code: first.cart });
    expect(again).toMatchObject({ status: 'rejected', retcode: RET.MERGE_CONTAINER_REFUSED, data: { reason: 'arrived' } });

    // The second cart while its task is being picked: refused until it is done.
    const second = await claim(taskNos[1]!);
    const early = await laneDevice.push(mergingOps.arrive.kind, { station_id: laneA, container_code: second.cart });
    expect(early).toMatchObject({ status: 'rejected', data: { reason: 'picking' } });
    await pickAll(taskNos[1]!, second.lines);
    const last = await laneDevice.push(mergingOps.arrive.kind, { station_id: laneA, container_code: second.cart });
    expect(last.status, last.message).toBe('applied');
    expect(last.data.orders[0]).toMatchObject({ order_no: orderNo, complete: true, waiting: [] });
    expect(last.data.message).toContain('ready for checking');
    expect(await mergeTaskOf(orderNo)).toMatchObject({ status: T.DONE, arrivedCount: 2 });
    expect(await mergeStateOf(db(), WHS, orderNo)).toMatchObject({ needsMerge: true, complete: true, waiting: [], arrived: [first.cart, second.cart], lane: laneA, slot: 1 });

    const detail = await supervisor.get(`${MERGING}/get_merge_task_detail`, { task_no: task!.taskNo });
    expect(detail.retcode, detail.message).toBe(0);
    expect(detail.data).toMatchObject({ order_no: orderNo, status: T.DONE, station_id: laneA, slot_no: 1 });
    expect(detail.data.containers.map((c: { container_code: string }) => c.container_code)).toEqual([first.cart, second.cart]);
    const list = await supervisor.get(`${MERGING}/search_merge_task`, { order_no: orderNo });
    expect(list.retcode, list.message).toBe(0);
    expect(list.data.list).toEqual([expect.objectContaining({ task_no: task!.taskNo, status: T.DONE, station_id: laneA, slot_no: 1 })]);
  });

  test('the rule chooses the lane: by priority and zones, then the least busy of its lanes', async () => {
    const [one, two, three] = [await multiZoneOrder(2), await multiZoneOrder(2), await multiZoneOrder(2)];
    const [laneA, laneB, laneC] = [await lane(), await lane(), await lane()];
    // A rule for the first order's zones, and after it one for the others' zones with two lanes.
    await rule(one.zones, [laneA], 2, 10);
    await rule([...two.zones, ...three.zones], [laneB, laneC], 2, 20);
    for (const { taskNos } of [one, two, three]) {
      const first = await claim(taskNos[0]!);
      await pickAll(taskNos[0]!, first.lines);
    }
    expect(await mergeTaskOf(one.orderNo)).toMatchObject({ stationId: laneA, slotNo: 1 });
    expect(await mergeTaskOf(two.orderNo)).toMatchObject({ stationId: laneB, slotNo: 1 });
    expect(await mergeTaskOf(three.orderNo)).toMatchObject({ stationId: laneC, slotNo: 1 });
    // A lane has one rule (which sets its slots).
    const clash = await supervisor.post(`${RULES}/create_merge_rule`, { rule_name: 'Clash', priority: 1, station_ids: laneC, lane_slots: 3, status: 1 });
    expect(clash.retcode).toBe(RET.BAD_INPUT);
    expect(clash.message).toContain(`merge lane ${laneC} belongs to merge rule`);
  });

  test('no slot free: the order waits on its lane without one and gets the first slot freed', async () => {
    const laneA = await lane();
    const orders = [await multiZoneOrder(2), await multiZoneOrder(2)];
    await rule([...orders[0]!.zones, ...orders[1]!.zones], [laneA], 1, 2);
    for (const { taskNos } of orders) {
      const first = await claim(taskNos[0]!);
      await pickAll(taskNos[0]!, first.lines);
    }
    expect(await mergeTaskOf(orders[0]!.orderNo)).toMatchObject({ stationId: laneA, slotNo: 1 });
    expect(await mergeTaskOf(orders[1]!.orderNo)).toMatchObject({ stationId: laneA, slotNo: null });
    const read = await operator.get(`${MERGING}/get_merge_lane`, { station_id: laneA });
    expect(read.data.tasks.map((t: { order_no: string; slot_no: number | null }) => [t.order_no, t.slot_no]))
      .toEqual([[orders[0]!.orderNo, 1], [orders[1]!.orderNo, null]]);
    // Checking takes the first order (its status moves on): the lane read gives its slot to the second.
    await db().execute(sqlSetChecking(orders[0]!.orderNo));
    const after = await operator.get(`${MERGING}/get_merge_lane`, { station_id: laneA });
    expect(after.data.tasks.map((t: { order_no: string; slot_no: number | null }) => [t.order_no, t.slot_no])).toEqual([[orders[1]!.orderNo, 1]]);
  });
});

/** Moves an order to Checking as the checking station will (status 5). */
const sqlSetChecking = (orderNo: string) => sql`update sales_orders set status = 5 where whs_id = ${WHS} and order_no = ${orderNo}`;

describe('a cart holding several orders', () => {
  test('pick to wave over two zones: one scan of a cart brings each of its orders a container, each in its own slot', async () => {
    const zoneA = await fixture.privateZone(1);
    const zoneB = await fixture.privateZone(1);
    const [skuA, skuB] = [await sku(), await sku()];
    await fixture.stock(skuA, [{ cell: zoneA.cells[0]!, qty: 5 }]);
    await fixture.stock(skuB, [{ cell: zoneB.cells[0]!, qty: 5 }]);
    const orderNos: string[] = [];
    for (let i = 0; i < 2; i++) {
      const created = await supervisor.post(`${ORDERS}/create_sales_order`, {
        external_no: `MRG-${Date.now()}-${++externalCounter}`, lines: [{ sku_id: skuA, qty: 1 }, { sku_id: skuB, qty: 1 }],
      });
      expect(created.retcode, created.message).toBe(0);
      orderNos.push(created.data.order.order_no);
    }
    const waved = await supervisor.post(WAVE, { order_nos: orderNos, picking_type: PICKING_TYPE.values.PICK_TO_WAVE });
    expect(waved.retcode, waved.message).toBe(0);
    expect(waved.data.task_nos).toHaveLength(2);
    const laneA = await lane();
    await rule([zoneA.zoneId, zoneB.zoneId], [laneA]);
    const carts: string[] = [];
    for (const taskNo of waved.data.task_nos as string[]) {
      const claimed = await claim(taskNo);
      await pickAll(taskNo, claimed.lines);
      carts.push(claimed.cart);
    }
    const slots = await Promise.all(orderNos.map(async (o) => (await mergeTaskOf(o))!.slotNo));
    expect(slots.sort()).toEqual([1, 2]);
    const first = await laneDevice.push(mergingOps.arrive.kind, { station_id: laneA, container_code: carts[0] });
    expect(first.status, first.message).toBe('applied');
    expect(first.data.orders.map((o: { order_no: string; arrived_count: number; complete: boolean }) => [o.order_no, o.arrived_count, o.complete]))
      .toEqual([...orderNos].sort().map((o) => [o, 1, false]));
    const second = await laneDevice.push(mergingOps.arrive.kind, { station_id: laneA, container_code: carts[1] });
    expect(second.data.orders.map((o: { complete: boolean }) => o.complete)).toEqual([true, true]);
    for (const orderNo of orderNos) expect(await mergeStateOf(db(), WHS, orderNo)).toMatchObject({ complete: true, arrived: carts });
  });
});

describe('racing arrivals', () => {
  test('two devices scanning one container at once: one arrival applies, the other is refused as arrived', async () => {
    const { zones, taskNos, orderNo } = await multiZoneOrder(2);
    const laneA = await lane();
    await rule(zones, [laneA]);
    const first = await claim(taskNos[0]!);
    await pickAll(taskNos[0]!, first.lines);
    const devices = [new Device(operator), new Device(operator)];
    const answers = await Promise.all(devices.map((d) => d.push(mergingOps.arrive.kind, { station_id: laneA, container_code: first.cart })));
    expect(answers.map((a) => a.status).sort()).toEqual(['applied', 'rejected']);
    expect(answers.find((a) => a.status === 'rejected')).toMatchObject({ retcode: RET.MERGE_CONTAINER_REFUSED, data: { reason: 'arrived' } });
    expect(await mergeTaskOf(orderNo)).toMatchObject({ status: T.ONGOING, arrivedCount: 1 });
  });
});

describe('refusals and warehouse isolation', () => {
  test('an unknown container, one of no multi-zone order, a station that is no merge lane; nothing written', async () => {
    const laneA = await lane();
    const unknown = await laneDevice.push(mergingOps.arrive.kind, { station_id: laneA, container_code: 'NO-SUCH-CART' });
    expect(unknown).toMatchObject({ status: 'rejected', retcode: RET.MERGE_CONTAINER_REFUSED, data: { reason: 'unknown' } });
    // A single-zone order's cart: nothing to merge.
    const single = await multiZoneOrder(1);
    const first = await claim(single.taskNos[0]!);
    await pickAll(single.taskNos[0]!, first.lines);
    expect(await mergeTaskOf(single.orderNo)).toBeUndefined();
    expect(await mergeStateOf(db(), WHS, single.orderNo)).toEqual({ needsMerge: false, complete: true, waiting: [], arrived: [] });
    const none = await laneDevice.push(mergingOps.arrive.kind, { station_id: laneA, container_code: first.cart });
    expect(none).toMatchObject({ status: 'rejected', data: { reason: 'no_merge' } });
    // A checking station, and a lane of another warehouse.
    const checking = await laneDevice.push(mergingOps.arrive.kind, { station_id: 'CHK-01', container_code: first.cart });
    expect(checking).toMatchObject({ status: 'rejected', retcode: RET.MERGE_LANE_INVALID });
    const otherLane = await lane(OTHER);
    const foreign = await laneDevice.push(mergingOps.arrive.kind, { station_id: otherLane, container_code: first.cart });
    expect(foreign).toMatchObject({ status: 'rejected', retcode: RET.MERGE_LANE_INVALID });
    expect((await operator.get(`${MERGING}/get_merge_lane`, { station_id: otherLane })).retcode).toBe(RET.MERGE_LANE_INVALID);
    // A bad payload is refused by its schema.
    const bad = await laneDevice.push(mergingOps.arrive.kind, { station_id: laneA });
    expect(bad.status).toBe('rejected');
  });

  test('another warehouse neither sees nor receives this warehouse\'s merging tasks and containers', async () => {
    const { orderNo, zones, taskNos } = await multiZoneOrder(2);
    const laneA = await lane();
    await rule(zones, [laneA]);
    const first = await claim(taskNos[0]!);
    await pickAll(taskNos[0]!, first.lines);
    const task = await mergeTaskOf(orderNo);
    expect((await otherSupervisor.get(`${MERGING}/get_merge_task_detail`, { task_no: task!.taskNo })).retcode).toBe(RET.NOT_FOUND);
    const list = await otherSupervisor.get(`${MERGING}/search_merge_task`, { order_no: orderNo });
    expect(list.data.list).toEqual([]);
    // A lane of the other warehouse, and a cart of the same code there: this warehouse's cart is not theirs.
    const otherLane = await lane(OTHER);
    await db().insert(containers).values({ whsId: OTHER, containerCode: first.cart, containerType: CONTAINER_TYPE.values.PICK_CART });
    const otherDevice = new Device(await server.login((await newUser('Operator', [OTHER])).email));
    const refused = await otherDevice.push(mergingOps.arrive.kind, { station_id: otherLane, container_code: first.cart });
    expect(refused).toMatchObject({ status: 'rejected', data: { reason: 'no_merge' } });
    expect(await mergeStateOf(db(), OTHER, orderNo)).toMatchObject({ needsMerge: false });
    expect(await mergeTaskOf(orderNo)).toMatchObject({ arrivedCount: 0 });
  });

  test('merge rule refusals: a station that is no merge lane, an unknown zone; operators may not write rules', async () => {
    const notLane = await supervisor.post(`${RULES}/create_merge_rule`, { rule_name: 'Bad', priority: 1, station_ids: 'CHK-01', lane_slots: 3, status: 1 });
    expect(notLane.retcode).toBe(RET.BAD_INPUT);
    expect(notLane.message).toContain('not a merge lane station');
    const laneA = await lane();
    const badZone = await supervisor.post(`${RULES}/create_merge_rule`, { rule_name: 'Bad', priority: 1, station_ids: laneA, zone_ids: 'NOPE', lane_slots: 3, status: 1 });
    expect(badZone.retcode).toBe(RET.BAD_INPUT);
    expect(badZone.message).toContain('NOPE');
    const slots = await supervisor.post(`${RULES}/create_merge_rule`, { rule_name: 'Bad', priority: 1, station_ids: laneA, lane_slots: 0, status: 1 });
    expect(slots.retcode).toBe(RET.BAD_INPUT);
    const denied = await operator.post(`${RULES}/create_merge_rule`, { rule_name: 'Op', priority: 1, station_ids: laneA, lane_slots: 3, status: 1 });
    expect(denied.retcode).toBe(RET.PERMISSION_DENIED);
  });
});

describe('the demo', () => {
  test('every demo warehouse has its merge rule, and a multi-zone order waits on a merge lane', async () => {
    const rules = await supervisor.get(`${RULES}/search_merge_rule`, {});
    expect(rules.data.list.find((r: { rule_name: string }) => r.rule_name === 'Every multi-zone order')).toMatchObject({ station_ids: 'MRG-01,MRG-02', lane_slots: 12 });
    const tasks = await db().select().from(mergeTasks).where(eq(mergeTasks.whsId, 'IDJKT1'));
    expect(tasks.length).toBeGreaterThan(0);
    expect(tasks.every((t) => t.stationId === 'MRG-01' || t.stationId === 'MRG-02')).toBe(true);
    // The first one has a container on its lane already (merging.seed.ts).
    expect(tasks.some((t) => t.status === TASK_STATUS.values.ONGOING && t.arrivedCount === 1)).toBe(true);
  });
});
