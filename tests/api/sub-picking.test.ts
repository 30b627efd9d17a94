import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { Device, type OpAnswer } from '../support/op-device';
import { outboundFixture } from '../support/outbound-fixture';
import { createTestSku } from '../support/putaway-fixture';
import { outboundAllocations, pickingTasks, salesOrders, subPickingGroups, waves } from '../../src/server/db/schema';
import { PICKING_TYPE, SALES_ORDER_STATUS, SHORT_PICK_REASON, STORAGE_AREA, SUB_PICKING_SPLIT_BY, TASK_STATUS } from '../../src/shared/codes';
import { pickingOps } from '../../src/shared/ops/picking.ops';
import { RET } from '../../src/shared/retcodes';

/**
 * Sub-picking (docs/outbound.md "Sub-picking"): a pending picking task split by pickers or by
 * units into sub-picking tasks, refusals, the sub tasks picked through the ordinary pick ops with
 * the split task, its group and its wave settling, merging back, and the lists.
 */
const WHS = 'SGSIN1';
const SUB = '/apps/process/outbound/subpicking';
const SPLIT = `${SUB}/split_picking_task`;
const CLAIM = '/apps/process/outbound/picking/claim_picking_task';
const S = SALES_ORDER_STATUS.values;
const T = TASK_STATUS.values;
const { PICKERS, UNITS } = SUB_PICKING_SPLIT_BY.values;

let server: TestServer;
let supervisor: TestClient;
let operator: TestClient;
let otherOperator: TestClient;
const db = () => server.database.db;

let userCounter = 0;
const signIn = async (role: 'Supervisor' | 'Operator') =>
  server.login((await server.createUser({ email: `subpick${++userCounter}@demo.local`, role })).email);

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

const fixture = outboundFixture(db, WHS, 'SP');
const { container } = fixture;
/** A zone of the test's own with `n` cells in pick order, each stocked with 10 units of a SKU of its own; answers the cells and SKUs. */
async function stockedZone(n: number): Promise<{ zoneId: string; cells: string[]; skus: string[] }> {
  const { zoneId, cells: codes } = await fixture.privateZone(n, STORAGE_AREA.values.PICKING_AREA, 600);
  const skuIds: string[] = [];
  for (let i = 0; i < n; i++) skuIds.push(await createTestSku(db(), WHS, 'SUBP'));
  for (const [i, cell] of codes.entries()) await stockAt(cell, skuIds[i]!, 10);
  return { zoneId, cells: codes, skus: skuIds };
}

/** Units of a SKU at a cell, a batch of their own. */
const stockAt = (cell: string, skuId: string, qty: number) => fixture.stock(skuId, [{ cell, qty }]);

let externalCounter = 0;
/** One order of 2 units of each SKU, released alone in a pick to order wave: one task, a stop per SKU in cell order. */
async function waitingTask(skuIds: readonly string[]): Promise<{ orderNo: string; waveNo: string; taskNo: string }> {
  const created = await supervisor.post('/apps/process/outbound/salesorder/create_sales_order', {
    external_no: `SUBP-${Date.now()}-${++externalCounter}`, lines: skuIds.map((sku_id) => ({ sku_id, qty: 2 })),
  });
  expect(created.retcode, created.message).toBe(0);
  const orderNo = created.data.order.order_no as string;
  const released = await supervisor.post('/apps/process/outbound/wave/create_manual_wave', { order_nos: [orderNo], picking_type: PICKING_TYPE.values.PICK_TO_ORDER });
  expect(released.retcode, released.message).toBe(0);
  expect(released.data.task_nos).toHaveLength(1);
  return { orderNo, waveNo: released.data.wave.wave_no, taskNo: released.data.task_nos[0] };
}

const taskRow = async (taskNo: string) => (await db().select().from(pickingTasks).where(and(eq(pickingTasks.whsId, WHS), eq(pickingTasks.taskNo, taskNo))))[0]!;
const stopsOf = (taskNo: string) => db().select().from(outboundAllocations)
  .where(and(eq(outboundAllocations.whsId, WHS), eq(outboundAllocations.taskNo, taskNo))).orderBy(asc(outboundAllocations.seq));


/** Claims a task (with a container of its own unless it has `cart`) and picks every stop in full through the pick op; answers the last pick's answer. */
async function pickAll(client: TestClient, taskNo: string, cart?: string): Promise<OpAnswer> {
  const claimed = await client.post(CLAIM, { task_no: taskNo, container_code: cart ?? await container(), sub_picking_only: true });
  expect(claimed.retcode, claimed.message).toBe(0);
  const device = new Device(client);
  let last: OpAnswer | undefined;
  for (const line of claimed.data.lines) {
    last = await device.push(pickingOps.pick.kind, { task_no: taskNo, alloc_id: line.alloc_id, location: line.location_id, sku_id: line.sku_id, qty: line.qty - line.picked_qty });
    expect(last.status, last.message).toBe('applied');
  }
  return last!;
}

describe('splitting a picking task', () => {
  test('by pickers: contiguous runs of the route; the split task is not claimed; the sub tasks picked settle it, its group and its wave', async () => {
    const zone = await stockedZone(4);
    const { orderNo, waveNo, taskNo } = await waitingTask(zone.skus);
    const split = await supervisor.post(SPLIT, { task_no: taskNo, split_by: PICKERS, split_value: 2 });
    expect(split.retcode, split.message).toBe(0);
    const { group, parent, sub_tasks: subs } = split.data;
    expect(group).toMatchObject({ parent_task_no: taskNo, wave_no: waveNo, zone_id: zone.zoneId, split_by: PICKERS, split_value: 2, sub_task_count: 2, total_qty: 8, status: T.PENDING });
    expect(group.created_by_name).toEqual(expect.any(String));
    expect(parent).toMatchObject({ task_no: taskNo, status: T.SPLIT, total_qty: 8 });
    expect(subs.map((s: any) => [s.parent_task_no, s.sub_picking_group_id, s.status, s.total_qty, s.stop_count, s.wave_no, s.zone_id]))
      .toEqual([[taskNo, group.group_id, T.PENDING, 4, 2, waveNo, zone.zoneId], [taskNo, group.group_id, T.PENDING, 4, 2, waveNo, zone.zoneId]]);
    // The route cut in pick-path order, each sub task's stops numbered from 1; none left on the split task.
    const first = await stopsOf(subs[0].task_no);
    const second = await stopsOf(subs[1].task_no);
    expect(first.map((a) => [a.locationId, a.seq])).toEqual([[zone.cells[0], 1], [zone.cells[1], 2]]);
    expect(second.map((a) => [a.locationId, a.seq])).toEqual([[zone.cells[2], 1], [zone.cells[3], 2]]);
    expect(await stopsOf(taskNo)).toEqual([]);

    // The split task is claimed by nobody; Task Picking claims only sub tasks.
    const refused = await operator.post(CLAIM, { task_no: taskNo });
    expect(refused.retcode).toBe(RET.TASK_SPLIT);
    expect(refused.data).toEqual({ task_no: taskNo, sub_task_nos: subs.map((s: any) => s.task_no), group_id: group.group_id });
    expect((await taskRow(taskNo)).assigneeId).toBeNull();
    const other = await waitingTask([(await stockedZone(1)).skus[0]!]);
    const notSub = await operator.post(CLAIM, { task_no: other.taskNo, sub_picking_only: true });
    expect(notSub.retcode).toBe(RET.NOT_SUB_PICKING_TASK);
    expect((await taskRow(other.taskNo)).status).toBe(T.PENDING);

    // A claimed sub task makes the group ongoing; the split task and the wave wait.
    const cart = await container();
    const claimed = await operator.post(CLAIM, { task_no: subs[0].task_no, container_code: cart, sub_picking_only: true });
    expect(claimed.retcode, claimed.message).toBe(0);
    expect(claimed.data.task).toMatchObject({ parent_task_no: taskNo, sub_picking_group_id: group.group_id, status: T.ONGOING });
    const groupRow = async () => (await db().select().from(subPickingGroups).where(and(eq(subPickingGroups.whsId, WHS), eq(subPickingGroups.groupId, group.group_id))))[0]!;
    expect((await groupRow()).status).toBe(T.ONGOING);
    expect((await taskRow(taskNo)).status).toBe(T.SPLIT);

    // The first sub task picked by the operator: the split task sums it.
    const answer = await pickAll(operator, subs[0].task_no, cart);
    expect(answer.data).toMatchObject({ task_no: subs[0].task_no, task_status: T.DONE, picked_qty: 4 });
    expect(await taskRow(taskNo)).toMatchObject({ status: T.SPLIT, pickedQty: 4, totalQty: 8 });
    const [waveMid] = await db().select().from(waves).where(and(eq(waves.whsId, WHS), eq(waves.waveNo, waveNo)));
    expect(waveMid!.status).toBe(T.ONGOING);

    // The second by another picker: the split task is done with them, so are the group, the wave and the order.
    await pickAll(otherOperator, subs[1].task_no);
    expect(await taskRow(taskNo)).toMatchObject({ status: T.DONE, pickedQty: 8, shortQty: 0, totalQty: 8 });
    expect((await taskRow(taskNo)).finishedAt).not.toBeNull();
    expect(await groupRow()).toMatchObject({ status: T.DONE });
    const [waveAfter] = await db().select().from(waves).where(and(eq(waves.whsId, WHS), eq(waves.waveNo, waveNo)));
    expect(waveAfter!.status).toBe(T.DONE);
    const [order] = await db().select().from(salesOrders).where(and(eq(salesOrders.whsId, WHS), eq(salesOrders.orderNo, orderNo)));
    expect(order!.status).toBe(S.PICKED);

    // The group's detail: every sub task with its picker and progress.
    const detail = await supervisor.get(`${SUB}/get_sub_picking_group_detail`, { group_id: group.group_id });
    expect(detail.retcode, detail.message).toBe(0);
    expect(detail.data.group.status).toBe(T.DONE);
    expect(detail.data.sub_tasks.map((s: any) => [s.status, s.picked_qty, s.assignee_name !== null])).toEqual([[T.DONE, 4, true], [T.DONE, 4, true]]);
  });

  test('sibling sub tasks finished at the same time both count in the split task', async () => {
    const zone = await stockedZone(2);
    const { taskNo } = await waitingTask(zone.skus);
    const split = await supervisor.post(SPLIT, { task_no: taskNo, split_by: PICKERS, split_value: 2 });
    expect(split.retcode, split.message).toBe(0);
    const pickers = [operator, otherOperator];
    const claims = await Promise.all(split.data.sub_tasks.map(async (sub: any, i: number) => {
      const res = await pickers[i]!.post(CLAIM, { task_no: sub.task_no, container_code: await container(), sub_picking_only: true });
      expect(res.retcode, res.message).toBe(0);
      return res.data;
    }));
    const answers = await Promise.all(claims.map((work: any, i: number) => new Device(pickers[i]!).push(pickingOps.pick.kind, {
      task_no: work.task.task_no, alloc_id: work.lines[0].alloc_id, location: work.lines[0].location_id, sku_id: work.lines[0].sku_id, qty: 2,
    })));
    expect(answers.map((a) => a.status)).toEqual(['applied', 'applied']);
    expect(await taskRow(taskNo)).toMatchObject({ status: T.DONE, pickedQty: 4, totalQty: 4 });
  });

  test('by units: at most that many a sub task; a short pick re-allocates onto the sub task; merging back while none started', async () => {
    const zone = await stockedZone(5);
    const { taskNo } = await waitingTask(zone.skus.slice(0, 4));
    const split = await supervisor.post(SPLIT, { task_no: taskNo, split_by: UNITS, split_value: 5 });
    expect(split.retcode, split.message).toBe(0);
    expect(split.data.sub_tasks.map((s: any) => s.total_qty)).toEqual([4, 4]);
    expect(split.data.group).toMatchObject({ split_by: UNITS, split_value: 5, sub_task_count: 2 });

    // Merged back: the stops return to the task in route order, the sub tasks go, the group is cancelled.
    const merged = await supervisor.post(`${SUB}/merge_sub_picking_group`, { group_id: split.data.group.group_id });
    expect(merged.retcode, merged.message).toBe(0);
    expect(merged.data.group.status).toBe(T.CANCEL);
    expect(merged.data.sub_tasks).toEqual([]);
    expect(merged.data.parent).toMatchObject({ status: T.PENDING, total_qty: 8 });
    expect((await stopsOf(taskNo)).map((a) => [a.locationId, a.seq])).toEqual(zone.cells.slice(0, 4).map((c, i) => [c, i + 1]));
    expect(await db().select().from(pickingTasks).where(and(eq(pickingTasks.whsId, WHS), eq(pickingTasks.parentTaskNo, taskNo)))).toEqual([]);

    // Split again, into one unit's worth a stop: four sub tasks.
    const again = await supervisor.post(SPLIT, { task_no: taskNo, split_by: UNITS, split_value: 2 });
    expect(again.retcode, again.message).toBe(0);
    expect(again.data.sub_tasks).toHaveLength(4);
    const sub = again.data.sub_tasks[0];
    // Started: the split can no longer be merged back.
    const claimed = await operator.post(CLAIM, { task_no: sub.task_no, container_code: await container() });
    expect(claimed.retcode, claimed.message).toBe(0);
    const late = await supervisor.post(`${SUB}/merge_sub_picking_group`, { group_id: again.data.group.group_id });
    expect(late.retcode).toBe(RET.TASK_NOT_SPLITTABLE);
    expect(late.data.reason).toBe('sub_task_started');

    // A short pick on the sub task: the units are re-allocated from another cell onto the sub task's route.
    const line = claimed.data.lines[0];
    await stockAt(zone.cells[4]!, line.sku_id, 5);
    const device = new Device(operator);
    const short = await device.push(pickingOps.shortPick.kind, { task_no: sub.task_no, alloc_id: line.alloc_id, qty: 2, reason: SHORT_PICK_REASON.values.LOCATION_EMPTY });
    expect(short.status, short.message).toBe('applied');
    expect(short.data.reallocated).toHaveLength(1);
    const extra = short.data.reallocated[0];
    expect(extra.location_id).not.toBe(line.location_id);
    expect((await stopsOf(sub.task_no)).map((a) => a.allocId)).toEqual([line.alloc_id, extra.alloc_id]);
    const picked = await device.push(pickingOps.pick.kind, { task_no: sub.task_no, alloc_id: extra.alloc_id, location: extra.location_id, sku_id: extra.sku_id, qty: 2 });
    expect(picked.status, picked.message).toBe('applied');
    expect(picked.data).toMatchObject({ task_status: T.DONE, picked_qty: 2, short_qty: 2, total_qty: 4 });
    // The split task sums its sub tasks: 2 picked and 2 short of 10 (8 asked, 2 re-allocated).
    expect(await taskRow(taskNo)).toMatchObject({ status: T.SPLIT, pickedQty: 2, shortQty: 2, totalQty: 10 });
  });

  test('a split of a started, split, finished, sub or reverse picking task, or one that would not make two sub tasks, is refused and changes nothing', async () => {
    const zone = await stockedZone(3);
    const { orderNo, taskNo } = await waitingTask(zone.skus);
    const refusal = async (body: Record<string, unknown>, retcode: number, reason?: string) => {
      const res = await supervisor.post(SPLIT, body);
      expect(res.retcode, res.message).toBe(retcode);
      if (reason) expect(res.data.reason).toBe(reason);
      return res;
    };
    const tooMany = await refusal({ task_no: taskNo, split_by: PICKERS, split_value: 4 }, RET.SPLIT_SIZE_INVALID);
    expect(tooMany.data).toEqual({ stops: 3, total_qty: 6 });
    await refusal({ task_no: taskNo, split_by: PICKERS, split_value: 1 }, RET.SPLIT_SIZE_INVALID);
    await refusal({ task_no: taskNo, split_by: UNITS, split_value: 6 }, RET.SPLIT_SIZE_INVALID);
    await refusal({ task_no: taskNo, split_by: 3, split_value: 2 }, RET.BAD_INPUT);
    await refusal({ task_no: taskNo, split_by: PICKERS, split_value: 0 }, RET.BAD_INPUT);
    await refusal({ task_no: 'NO-SUCH-TASK', split_by: PICKERS, split_value: 2 }, RET.NOT_FOUND);
    expect(await taskRow(taskNo)).toMatchObject({ status: T.PENDING });
    expect(await db().select().from(subPickingGroups).where(and(eq(subPickingGroups.whsId, WHS), eq(subPickingGroups.parentTaskNo, taskNo)))).toEqual([]);

    // Permission: an operator may not split; another warehouse's task is not found from here.
    const denied = await operator.post(SPLIT, { task_no: taskNo, split_by: PICKERS, split_value: 2 });
    expect(denied.retcode).toBe(RET.PERMISSION_DENIED);
    const [elsewhere] = await db().select().from(pickingTasks).where(and(eq(pickingTasks.whsId, 'IDJKT1'), eq(pickingTasks.status, T.PENDING))).limit(1);
    expect(elsewhere).toBeDefined();
    await refusal({ task_no: elsewhere!.taskNo, split_by: PICKERS, split_value: 2 }, RET.NOT_FOUND);
    expect((await db().select().from(pickingTasks).where(and(eq(pickingTasks.whsId, 'IDJKT1'), eq(pickingTasks.taskNo, elsewhere!.taskNo))))[0]!.status).toBe(T.PENDING);

    // Split, then: again, one of its sub tasks.
    const split = await supervisor.post(SPLIT, { task_no: taskNo, split_by: PICKERS, split_value: 3 });
    expect(split.retcode, split.message).toBe(0);
    await refusal({ task_no: taskNo, split_by: PICKERS, split_value: 2 }, RET.TASK_NOT_SPLITTABLE, 'split');
    await refusal({ task_no: split.data.sub_tasks[0].task_no, split_by: PICKERS, split_value: 2 }, RET.TASK_NOT_SPLITTABLE, 'sub_task');

    // Started.
    const started = await waitingTask((await stockedZone(2)).skus);
    expect((await operator.post(CLAIM, { task_no: started.taskNo, container_code: await container() })).retcode).toBe(0);
    await refusal({ task_no: started.taskNo, split_by: PICKERS, split_value: 2 }, RET.TASK_NOT_SPLITTABLE, 'started');

    // The order cancelled before picking: every sub task is cancelled, and so the split task and its group; a reverse picking task is not split.
    const cancelled = await supervisor.post('/apps/process/outbound/salesorder/cancel_sales_order', { order_no: orderNo, reason: 'Buyer cancelled' });
    expect(cancelled.retcode, cancelled.message).toBe(0);
    const subs = await db().select().from(pickingTasks).where(and(eq(pickingTasks.whsId, WHS), inArray(pickingTasks.taskNo, split.data.sub_tasks.map((s: any) => s.task_no))));
    expect(subs.map((s) => s.status)).toEqual([T.CANCEL, T.CANCEL, T.CANCEL]);
    expect((await taskRow(taskNo)).status).toBe(T.CANCEL);
    const [group] = await db().select().from(subPickingGroups).where(and(eq(subPickingGroups.whsId, WHS), eq(subPickingGroups.groupId, split.data.group.group_id)));
    expect(group!.status).toBe(T.CANCEL);
    await refusal({ task_no: taskNo, split_by: PICKERS, split_value: 2 }, RET.TASK_NOT_SPLITTABLE, 'finished');

    const picked = await waitingTask((await stockedZone(1)).skus);
    const claimed = await operator.post(CLAIM, { task_no: picked.taskNo, container_code: await container() });
    const line = claimed.data.lines[0];
    expect((await new Device(operator).push(pickingOps.pick.kind, { task_no: picked.taskNo, alloc_id: line.alloc_id, location: line.location_id, sku_id: line.sku_id, qty: 2 })).status).toBe('applied');
    const after = await supervisor.post('/apps/process/outbound/salesorder/cancel_sales_order', { order_no: picked.orderNo, reason: 'Buyer cancelled' });
    expect(after.retcode, after.message).toBe(0);
    expect(after.data.reverse_task_no).toEqual(expect.any(String));
    await refusal({ task_no: after.data.reverse_task_no, split_by: PICKERS, split_value: 2 }, RET.TASK_NOT_SPLITTABLE, 'reverse');
  });
});

describe('Task Picking and the sub-picking lists', () => {
  test('"Next sub-task" hands out only sub tasks, "Next task" never a split task; the lists and details show them', async () => {
    const zone = await stockedZone(2);
    const skilled = await server.createUser({ email: `subpick${++userCounter}@demo.local`, role: 'Operator' });
    expect((await supervisor.post('/apps/rulecenter/pickingskill/create_picking_skill', { user_id: skilled.userId, zone_ids: zone.zoneId })).retcode).toBe(0);
    const picker = await server.login(skilled.email);
    const { taskNo } = await waitingTask(zone.skus);
    const plain = await waitingTask([zone.skus[0]!]);
    const split = await supervisor.post(SPLIT, { task_no: taskNo, split_by: PICKERS, split_value: 2 });
    expect(split.retcode, split.message).toBe(0);
    const subNos = split.data.sub_tasks.map((s: any) => s.task_no);

    const next = await picker.post(CLAIM, { sub_picking_only: true });
    expect(next.retcode, next.message).toBe(0);
    expect(next.data.task.task_no).toBe(subNos[0]);
    // Its own sub task first again. On the Picking screen the next task is never the split one (the oldest of
    // the zone, its wave released first): the other sub task, then the plain task.
    expect((await picker.post(CLAIM, { sub_picking_only: true })).data.task.task_no).toBe(subNos[0]);
    const nextOf = async () => {
      const user = await server.createUser({ email: `subpick${++userCounter}@demo.local`, role: 'Operator' });
      expect((await supervisor.post('/apps/rulecenter/pickingskill/create_picking_skill', { user_id: user.userId, zone_ids: zone.zoneId })).retcode).toBe(0);
      const res = await (await server.login(user.email)).post(CLAIM, {});
      expect(res.retcode, res.message).toBe(0);
      return res.data.task.task_no;
    };
    expect(await nextOf()).toBe(subNos[1]);
    expect(await nextOf()).toBe(plain.taskNo);

    // The lists: the sub tasks by their split task, the group; the details.
    const list = await supervisor.get(`${SUB}/search_sub_picking_task`, { parent_task_no: taskNo });
    expect(list.retcode, list.message).toBe(0);
    expect(list.data.list.map((r: any) => r.task_no).sort()).toEqual([...subNos].sort());
    expect(list.data.list.every((r: any) => r.sub_picking_group_id === split.data.group.group_id)).toBe(true);
    const plainListed = await supervisor.get(`${SUB}/search_sub_picking_task`, { task_no: plain.taskNo });
    expect(plainListed.data.list).toEqual([]);
    const groups = await supervisor.get(`${SUB}/search_sub_picking_group`, { parent_task_no: taskNo });
    expect(groups.data.list).toMatchObject([{ group_id: split.data.group.group_id, status: T.ONGOING, sub_task_count: 2, split_by: PICKERS }]);
    const detail = await supervisor.get(`${SUB}/get_sub_picking_task_detail`, { task_no: subNos[1] });
    expect(detail.retcode, detail.message).toBe(0);
    expect(detail.data.task).toMatchObject({ parent_task_no: taskNo, status: T.ONGOING });
    expect(detail.data.lines.map((l: any) => l.location_id)).toEqual([zone.cells[1]]);
    expect((await supervisor.get(`${SUB}/get_sub_picking_task_detail`, { task_no: plain.taskNo })).retcode).toBe(RET.NOT_FOUND);
    expect((await supervisor.get(`${SUB}/get_sub_picking_group_detail`, { group_id: 'NO-SUCH-GROUP' })).retcode).toBe(RET.NOT_FOUND);
    // Another warehouse sees none of it.
    const jkt = await server.loginAt('admin@demo.local', 'IDJKT1');
    expect((await jkt.get(`${SUB}/get_sub_picking_group_detail`, { group_id: split.data.group.group_id })).retcode).toBe(RET.NOT_FOUND);
    expect((await jkt.get(`${SUB}/search_sub_picking_task`, { parent_task_no: taskNo })).data.list).toEqual([]);
    // An operator has no office lists.
    expect((await operator.get(`${SUB}/search_sub_picking_group`, {})).retcode).toBe(RET.PERMISSION_DENIED);
  });
});
