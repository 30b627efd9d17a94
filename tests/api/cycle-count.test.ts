import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { Device, type OpAnswer } from '../support/op-device';
import { outboundFlow } from '../support/outbound-flow';
import { ccCounts, ccOrders, ccTaskLocations, ccTasks, cells, inventoryTransactions, skus } from '../../src/server/db/schema';
import { runPendingCcBuilds } from '../../src/server/modules/inventory/cycle-count-worker';
import {
  CC_DIFF_STATUS, CYCLE_COUNT_CREATION_STATUS, CYCLE_COUNT_KIND, CYCLE_COUNT_ORDER_TYPE, CYCLE_COUNT_RESULT, CYCLE_COUNT_SCOPE, CYCLE_COUNT_SOURCE,
  CYCLE_COUNT_STATUS, INVENTORY_TRANSACTION_TYPE, PICKING_TYPE, RACK_TYPE, STORAGE_AREA, TEMPERATURE_ZONE,
} from '../../src/shared/codes';
import { SKU_MIXING, SUPPLIER_MIXING } from '../../src/shared/resources/location-codes';
import { cycleCountOps } from '../../src/shared/ops/cycle-count.ops';
import { pickingOps } from '../../src/shared/ops/picking.ops';
import { RET } from '../../src/shared/retcodes';

/**
 * Cycle count (docs/inventory-accuracy.md): orders made from criteria (preview, limit, lines already
 * counted elsewhere, background build of big ones); tasks claimed within skills and counted through
 * offline ops exactly once, two counters' counts summed; a round that ends with a difference makes a
 * difference order; a second round goes to another counter; approval posts the adjustment (shortage 6,
 * overage 5). Stock moved between the count and the round's end (a putaway after it; a pick made
 * before it but replayed after) makes no false difference and is never deducted twice.
 */
const WHS = 'SGSIN1';
const OTHER = 'MYKUL1';
const CC = '/apps/process/inventory/cyclecount/ccorder';
const TASK = '/apps/process/inventory/cyclecount/cctask';
const DIFF = '/apps/process/inventory/cyclecount/difforder';
const K = CYCLE_COUNT_KIND.values;
const STATUS = CYCLE_COUNT_STATUS.values;

let server: TestServer;
let supervisor: TestClient;
let counterA: TestClient;
let counterB: TestClient;
let counterC: TestClient;
const db = () => server.database.db;
const flow = outboundFlow(() => server, WHS, 'CCT');

beforeAll(async () => {
  server = await startTestServer();
  supervisor = await flow.signIn('Supervisor');
  counterA = await flow.signIn('Operator');
  counterB = await flow.signIn('Operator');
  counterC = await flow.signIn('Operator');
}, 300_000); // the first file of a run builds the seeded template
afterAll(async () => {
  await server?.close();
});

const zoneOf = async (cell: string) => (await db().select({ zoneId: cells.zoneId }).from(cells).where(and(eq(cells.whsId, WHS), eq(cells.locationCode, cell))))[0]!.zoneId;
/** The cell a test SKU was stocked at (stockedSkus puts each in a cell of its own). */
const cellOf = async (skuId: string) => Object.keys(await stockBySku(skuId)).find((l) => l.startsWith('CCTZ'))!;
const stockBySku = async (skuId: string): Promise<Record<string, number>> => {
  const rows = (await db().execute(sql`select location_id, sum(onhand_qty)::int as qty from location_inventory
    where whs_id = ${WHS} and sku_id = ${skuId} and onhand_qty > 0 group by location_id`)) as unknown as { rows: { location_id: string; qty: number }[] };
  return Object.fromEntries(rows.rows.map((r) => [r.location_id, Number(r.qty)]));
};
const locationOrder = (zoneIds: string[], more: Record<string, unknown> = {}) => ({
  order_type: CYCLE_COUNT_ORDER_TYPE.values.EXPRESS, kind: K.LOCATION, scope: CYCLE_COUNT_SCOPE.values.CUSTOMIZED, criteria: { zone_ids: zoneIds }, ...more,
});
const created = async (input: Record<string, unknown>) => {
  const res = await supervisor.post(`${CC}/create_cc_order`, input);
  expect(res.retcode, res.message).toBe(0);
  return res.data.order_no as string;
};
const orderOf = async (orderNo: string) => (await supervisor.get(`${CC}/get_cc_order_detail`, { order_no: orderNo })).data;
const tasksOf = async (orderNo: string) => (await supervisor.get(`${CC}/get_cc_order_detail_cc_task_list`, { order_no: orderNo })).data.list as any[];
const linesOf = async (orderNo: string) => (await supervisor.get(`${CC}/get_cc_order_detail_sku_location_list`, { order_no: orderNo, page_size: 500 })).data.list as any[];
const diffsOf = async (orderNo: string) => (await supervisor.get(`${DIFF}/search_cc_diff_order`, { order_no: orderNo })).data.list as any[];
const claim = async (client: TestClient, taskNo: string | null = null) => client.post(`${TASK}/claim_cc_task`, { task_no: taskNo });
/** A moment passes (device times and booking times in the order the test tells). */
const later = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('a location count over one zone, two counters, a second round and approval', () => {
  test('counts summed per task, replays applied once, refusals clear, difference → second round by another counter → adjustment on the ledger', async () => {
    const [s1, s2, s3] = await flow.stockedSkus(3, 250, 50);
    const [c1, c2, c3] = [await cellOf(s1!), await cellOf(s2!), await cellOf(s3!)];
    const zone = await zoneOf(c1);

    const confirm = await supervisor.post(`${CC}/location_cc_search_confirm`, locationOrder([zone]));
    expect(confirm.retcode, confirm.message).toBe(0);
    expect(confirm.data).toMatchObject({ location_count: 3, sku_count: 3, line_count: 3, within_limit: true });
    const page = await supervisor.post(`${CC}/location_cc_search_location`, locationOrder([zone]));
    expect(page.data.list.map((l: any) => [l.location_id, l.sku_id, l.onhand_qty])).toEqual([[c1, s1, 50], [c2, s2, 50], [c3, s3, 50]]);

    const orderNo = await created(locationOrder([zone]));
    expect(orderNo).toMatch(/^CC\d{12}$/);
    expect(await orderOf(orderNo)).toMatchObject({
      status: STATUS.PENDING, creation_status: CYCLE_COUNT_CREATION_STATUS.values.SUCCESS, source: CYCLE_COUNT_SOURCE.values.MANUAL, location_count: 3, sku_count: 3, round: 1,
    });
    const [task] = await tasksOf(orderNo);
    expect(task).toMatchObject({ round: 1, zone_id: zone, location_count: 3, status: STATUS.PENDING });

    // Counter A claims it (the next task of theirs); counter B joins it by its number.
    const claimedA = await claim(counterA, task.task_no);
    expect(claimedA.retcode, claimedA.message).toBe(0);
    expect(claimedA.data.show_system_qty).toBe(false);
    expect(claimedA.data.locations.map((l: any) => l.location_id)).toEqual([c1, c2, c3]);
    expect(claimedA.data.locations[0].skus[0]).toMatchObject({ sku_id: s1, system_qty: null, counted_qty: 0 });
    expect((await claim(counterB, task.task_no)).retcode).toBe(0);

    const a = new Device(counterA);
    const b = new Device(counterB);
    const first = a.op(cycleCountOps.count.kind, { task_no: task.task_no, location_id: c1, code: s1, qty: 30 });
    const [applied] = await a.send(first);
    expect(applied!.status, applied!.message).toBe('applied');
    // The same op again (a replay after a lost answer) is answered, not counted twice.
    const [again] = await a.send(first);
    expect(again!.status).toBe('duplicate');
    expect((await b.push(cycleCountOps.count.kind, { task_no: task.task_no, location_id: c1, code: s1, qty: 20 })).data.counted_qty).toBe(50);
    expect((await a.push(cycleCountOps.count.kind, { task_no: task.task_no, location_id: c2, code: s2, qty: 47 })).status).toBe('applied');
    expect((await b.push(cycleCountOps.count.kind, { task_no: task.task_no, location_id: c3, code: s3, qty: 50 })).status).toBe('applied');
    expect((await b.push(cycleCountOps.unknown.kind, { task_no: task.task_no, location_id: c3, code: 'NO-LABEL', qty: 1 })).status).toBe('applied');

    const wrongPlace = await a.push(cycleCountOps.count.kind, { task_no: task.task_no, location_id: 'NOT-IN-TASK', code: s1, qty: 1 });
    expect([wrongPlace.status, wrongPlace.retcode]).toEqual(['rejected', RET.CC_WRONG_LOCATION]);
    const unknownCode = await a.push(cycleCountOps.count.kind, { task_no: task.task_no, location_id: c2, code: 'NOT-A-SKU', qty: 1 });
    expect([unknownCode.status, unknownCode.retcode]).toEqual(['rejected', RET.CC_UNKNOWN_SKU]);

    const done = await a.push(cycleCountOps.complete.kind, { task_no: task.task_no });
    expect(done.status, done.message).toBe('applied');
    const lines = await linesOf(orderNo);
    expect(lines.map((l) => [l.location_id, l.sku_id, l.counted_qty, l.book_qty, l.result])).toEqual([
      [c1, s1, 50, 50, CYCLE_COUNT_RESULT.values.NORMAL], [c2, s2, 47, 50, CYCLE_COUNT_RESULT.values.MISSING], [c3, s3, 50, 50, CYCLE_COUNT_RESULT.values.NORMAL],
    ]);
    const [diff] = await diffsOf(orderNo);
    expect(diff).toMatchObject({ status: CC_DIFF_STATUS.values.PENDING, round: 1, line_count: 1, missing_qty: 3 });
    const log = (await supervisor.get(`${CC}/get_cc_order_detail_log`, { order_no: orderNo })).data.list.map((l: any) => l.action);
    expect(log).toEqual(expect.arrayContaining(['created', 'tasks_made', 'unknown_item', 'task_done', 'round_ended', 'difference_order']));

    // The second round counts the differing location only, by someone who did not count it.
    const second = await supervisor.post(`${TASK}/create_second_cc`, { order_no: orderNo });
    expect(second.retcode, second.message).toBe(0);
    expect(second.data.round).toBe(2);
    const [task2] = second.data.task_nos;
    expect((await diffsOf(orderNo))[0].status).toBe(CC_DIFF_STATUS.values.RECOUNTING);
    const refused = await claim(counterA, task2);
    expect([refused.retcode, refused.data?.reason]).toEqual([RET.CC_TASK_REFUSED, 'recount']);
    const claimedC = await claim(counterC, task2);
    expect(claimedC.retcode, claimedC.message).toBe(0);
    expect(claimedC.data.locations.map((l: any) => l.location_id)).toEqual([c2]);
    const c = new Device(counterC);
    expect((await c.push(cycleCountOps.complete.kind, { task_no: task2 })).retcode).toBe(RET.CC_STATE_REFUSED);
    expect((await c.push(cycleCountOps.count.kind, { task_no: task2, location_id: c2, code: s2, qty: 49 })).status).toBe('applied');
    expect((await c.push(cycleCountOps.complete.kind, { task_no: task2 })).status).toBe('applied');
    const diffs = await diffsOf(orderNo);
    const pending = diffs.find((d) => d.status === CC_DIFF_STATUS.values.PENDING);
    expect(pending).toMatchObject({ round: 2, missing_qty: 1 });

    const approved = await supervisor.post(`${DIFF}/approve_cc_diff_order`, { diff_no: pending.diff_no, remark: 'recounted' });
    expect(approved.retcode, approved.message).toBe(0);
    expect(approved.data.adjust_no).toMatch(/^ADJ/);
    expect(await stockBySku(s2!)).toEqual({ [c2]: 49 });
    const posted = await db().select().from(inventoryTransactions).where(and(eq(inventoryTransactions.whsId, WHS), eq(inventoryTransactions.refNo, approved.data.adjust_no)));
    expect(posted.map((t) => [t.txnType, t.locationId, t.skuId, t.qty])).toEqual([[INVENTORY_TRANSACTION_TYPE.values.SHORTAGE, c2, s2, 1]]);
    const adjustment = await supervisor.get('/apps/process/inventory/adjustment/get_adjustment_detail', { adjust_no: approved.data.adjust_no });
    expect(adjustment.retcode, adjustment.message).toBe(0);
    expect(adjustment.data.lines).toHaveLength(1);
    expect((await orderOf(orderNo)).status).toBe(STATUS.DONE);
    expect((await supervisor.post(`${DIFF}/approve_cc_diff_order`, { diff_no: pending.diff_no })).retcode).toBe(RET.CC_STATE_REFUSED);
  });
});

/**
 * A push of many counts applies them as one run (cycle-count-rounds.ts applyCounts through the count
 * and empty ops' applyRun): its answers and what it leaves must be what the same ops pushed one at a
 * time give, and a refusal inside a run must land on its own op alone.
 */
describe('a run of counts in one push', () => {
  /** A location count of a zone of its own: 4 cells, a SKU of 50 units each; one task, claimed by counter A. */
  async function countable() {
    const skuIds = await flow.stockedSkus(4, 250, 50);
    const cellIds = await Promise.all(skuIds.map(cellOf));
    const orderNo = await created(locationOrder([await zoneOf(cellIds[0]!)]));
    const [task] = await tasksOf(orderNo);
    expect((await claim(counterA, task.task_no)).retcode).toBe(0);
    const barcodes = await db().select({ skuId: skus.skuId, barcode: skus.barcode }).from(skus).where(and(eq(skus.whsId, WHS), inArray(skus.skuId, skuIds)));
    return { skuIds, cellIds, orderNo, taskNo: task.task_no as string, barcodeOf: (skuId: string) => barcodes.find((b) => b.skuId === skuId)!.barcode! };
  }
  type Fixture = Awaited<ReturnType<typeof countable>>;

  /** Counts by id, barcode and id in lower case, two of one line apart; two empty confirmations (a run of their own); then one more count. */
  function opsOf(fx: Fixture) {
    const [s1, s2, s3] = fx.skuIds;
    const [c1, c2, c3, c4] = fx.cellIds;
    const at = (location_id: string) => ({ task_no: fx.taskNo, location_id });
    return [
      [cycleCountOps.count.kind, { ...at(c1!), code: s1!, qty: 2 }], [cycleCountOps.count.kind, { ...at(c1!), code: s1!, qty: 3 }],
      [cycleCountOps.count.kind, { ...at(c2!), code: fx.barcodeOf(s2!), qty: 7 }], [cycleCountOps.count.kind, { ...at(c1!), code: ` ${s1!.toLowerCase()} `, qty: 1 }],
      [cycleCountOps.empty.kind, at(c4!)], [cycleCountOps.empty.kind, at(c3!)],
      [cycleCountOps.count.kind, { ...at(c3!), code: s3!, qty: 50 }],
    ] as const;
  }

  /** The fixture's names as tokens, so two fixtures compare. */
  const normalizer = (fx: Fixture) => {
    const names = new Map<string, string>([
      ...fx.skuIds.map((id, i) => [id, `<sku${i}>`] as const), ...fx.cellIds.map((c, i) => [c, `<cell${i}>`] as const),
      [fx.orderNo, '<order>'], [fx.taskNo, '<task>'],
    ]);
    const longestFirst = [...names.keys()].sort((a, b) => b.length - a.length);
    return (value: unknown) => {
      let text = JSON.stringify(value);
      for (const name of longestFirst) text = text.split(name).join(names.get(name)!);
      return JSON.parse(text) as unknown;
    };
  };

  /** Everything counting changes, read back: counts, the task's locations, the task, the order. */
  async function stateOf(fx: Fixture, firstCountAt: ReadonlyMap<string, number>) {
    const counts = await db().select().from(ccCounts).where(and(eq(ccCounts.whsId, WHS), eq(ccCounts.taskNo, fx.taskNo))).orderBy(asc(ccCounts.countId));
    const places = await db().select().from(ccTaskLocations).where(and(eq(ccTaskLocations.whsId, WHS), eq(ccTaskLocations.taskNo, fx.taskNo))).orderBy(asc(ccTaskLocations.seq));
    const [task] = await db().select().from(ccTasks).where(and(eq(ccTasks.whsId, WHS), eq(ccTasks.taskNo, fx.taskNo)));
    const [order] = await db().select().from(ccOrders).where(and(eq(ccOrders.whsId, WHS), eq(ccOrders.orderNo, fx.orderNo)));
    return normalizer(fx)({
      counts: counts.map((c) => ({ order: c.orderNo, round: c.round, location: c.locationId, sku: c.skuId, qty: c.qty, counter: c.counterId, hasOp: c.opId !== null })),
      ops_counted_once: new Set(counts.map((c) => c.opId)).size === counts.length,
      places: places.map((p) => ({ location: p.locationId, status: p.status, atFirstCount: p.countedAt?.getTime() === firstCountAt.get(p.locationId) })),
      task: { status: task!.status, counted: task!.countedLocationCount, locations: task!.locationCount },
      order: { status: order!.status },
    });
  }

  /** Each location's first count's device time. */
  const firstCounts = (ops: readonly { created_at: number; payload: Record<string, unknown> }[]) => {
    const first = new Map<string, number>();
    for (const op of ops) {
      const at = first.get(op.payload.location_id as string);
      if (at === undefined || op.created_at < at) first.set(op.payload.location_id as string, op.created_at);
    }
    return first;
  };

  test('answers and leaves what the same counts pushed one at a time do; pushed again it answers the same and changes nothing', async () => {
    const [together, alone] = [await countable(), await countable()];
    const device = new Device(counterA);
    const ops = opsOf(together).map(([kind, payload]) => device.op(kind, payload));
    const answersTogether = await device.send(...ops);
    const single = new Device(counterA);
    const singleOps = opsOf(alone).map(([kind, payload]) => single.op(kind, payload));
    const answersAlone: OpAnswer[] = [];
    for (const op of singleOps) answersAlone.push(...await single.send(op));

    const answers = (fx: Fixture, list: OpAnswer[]) => normalizer(fx)(list.map((a) => ({ status: a.status, retcode: a.retcode, message: a.message, data: a.data })));
    expect(answersTogether.map((a) => a.status)).toEqual(ops.map(() => 'applied'));
    expect(answers(together, answersTogether)).toEqual(answers(alone, answersAlone));
    const state = await stateOf(together, firstCounts(ops));
    expect(state).toEqual(await stateOf(alone, firstCounts(singleOps)));
    // What that state is: the line totals as counted, every location counted at its first count, the task and order under way.
    expect(answersTogether.map((a) => a.data.counted_qty)).toEqual([2, 5, 7, 6, 0, 0, 50]);
    expect(state).toMatchObject({
      ops_counted_once: true, task: { status: STATUS.ONGOING, counted: 4, locations: 4 }, order: { status: STATUS.ONGOING },
      places: Array.from({ length: 4 }, () => ({ status: 1, atFirstCount: true })),
    });

    // The answers lost, the device pushes the same ops again: the recorded answers, nothing counted twice.
    const again = await device.send(...ops);
    expect(again.map((a) => a.status)).toEqual(ops.map(() => 'duplicate'));
    expect(again.map((a) => a.data)).toEqual(answersTogether.map((a) => a.data));
    expect(await stateOf(together, firstCounts(ops))).toEqual(state);
  });

  test('a refused count inside a run is rejected alone; the counts around it apply in order', async () => {
    const fx = await countable();
    const [s1] = fx.skuIds;
    const [c1] = fx.cellIds;
    const device = new Device(counterA);
    const answers = await device.send(
      device.op(cycleCountOps.count.kind, { task_no: fx.taskNo, location_id: c1!, code: s1!, qty: 4 }),
      device.op(cycleCountOps.count.kind, { task_no: fx.taskNo, location_id: 'NOT-IN-TASK', code: s1!, qty: 1 }),
      device.op(cycleCountOps.count.kind, { task_no: fx.taskNo, location_id: c1!, code: 'NOT-A-SKU', qty: 1 }),
      device.op(cycleCountOps.count.kind, { task_no: fx.taskNo, location_id: c1!, code: s1!, qty: 6 }),
    );
    expect(answers.map((a) => [a.status, a.retcode])).toEqual([['applied', 0], ['rejected', RET.CC_WRONG_LOCATION], ['rejected', RET.CC_UNKNOWN_SKU], ['applied', 0]]);
    expect(answers[1]!.message).toBe(`Location NOT-IN-TASK is not one of task ${fx.taskNo}'s locations.`);
    expect(answers[2]!.message).toBe('NOT-A-SKU names no SKU of this warehouse: report it as an unknown item.');
    expect(answers[3]!.data).toMatchObject({ sku_id: s1, counted_qty: 10 });
    const counts = await db().select().from(ccCounts).where(and(eq(ccCounts.whsId, WHS), eq(ccCounts.taskNo, fx.taskNo)));
    expect(counts.map((c) => c.qty).sort()).toEqual([4, 6]);
  });
});

describe('stock that moves around the count', () => {
  test('a putaway booked after the count is not a surplus', async () => {
    const [s] = await flow.stockedSkus(1, 250, 20);
    const cell = await cellOf(s!);
    const orderNo = await created(locationOrder([await zoneOf(cell)]));
    const [task] = await tasksOf(orderNo);
    expect((await claim(counterA, task.task_no)).retcode).toBe(0);
    const device = new Device(counterA);
    // Counted: 20 units; then 5 units were put away there, before the counter completed the task.
    await later();
    expect((await device.push(cycleCountOps.count.kind, { task_no: task.task_no, location_id: cell, code: s, qty: 20 })).status).toBe('applied');
    await later();
    await flow.fixture.stock(s!, [{ cell, qty: 5 }]);
    expect((await device.push(cycleCountOps.complete.kind, { task_no: task.task_no })).status).toBe('applied');
    expect((await linesOf(orderNo))[0]).toMatchObject({ counted_qty: 20, book_qty: 20, result: CYCLE_COUNT_RESULT.values.NORMAL });
    expect((await orderOf(orderNo)).status).toBe(STATUS.DONE);
    expect(await diffsOf(orderNo)).toEqual([]);
  });

  test('a pick made before the count but replayed after it: no false difference once replayed, never deducted twice', async () => {
    const [s] = await flow.stockedSkus(1, 250, 50);
    const cell = await cellOf(s!);
    const salesOrder = await flow.order([{ sku_id: s!, qty: 3 }]);
    const released = await supervisor.post('/apps/process/outbound/wave/create_manual_wave', { order_nos: [salesOrder], picking_type: PICKING_TYPE.values.PICK_TO_ORDER });
    expect(released.retcode, released.message).toBe(0);
    const picker = await flow.signIn('Operator');
    const cart = await flow.fixture.container();
    const pickTask = released.data.task_nos[0];
    const claimedPick = await picker.post('/apps/process/outbound/picking/claim_picking_task', { task_no: pickTask, container_code: cart });
    expect(claimedPick.retcode, claimedPick.message).toBe(0);
    const line = claimedPick.data.lines[0];
    // The picker takes 3 units, offline: the op waits on the device.
    await later();
    const pickerDevice = new Device(picker);
    const pick = pickerDevice.op(pickingOps.pick.kind, { task_no: pickTask, alloc_id: line.alloc_id, location: cell, sku_id: s, qty: 3 });
    await later();

    const orderNo = await created(locationOrder([await zoneOf(cell)]));
    const [task] = await tasksOf(orderNo);
    expect((await claim(counterB, task.task_no)).retcode).toBe(0);
    const device = new Device(counterB);
    // Then the counter finds 47: the 3 units were already in the cart.
    await device.push(cycleCountOps.count.kind, { task_no: task.task_no, location_id: cell, code: s, qty: 47 });
    expect((await device.push(cycleCountOps.complete.kind, { task_no: task.task_no })).status).toBe('applied');
    // Ended before the pick replayed: a difference of 3, all reserved for the open pick.
    const [diff] = await diffsOf(orderNo);
    const detail = (await supervisor.get(`${DIFF}/get_cc_diff_order_detail`, { diff_no: diff.diff_no })).data;
    expect(detail.lines[0]).toMatchObject({ location_id: cell, book_qty: 50, counted_qty: 47, reserved_qty: 3 });

    const [replayed] = await pickerDevice.send(pick);
    expect(replayed!.status, replayed!.message).toBe('applied');
    expect(await stockBySku(s!)).toEqual({ [cell]: 47, [cart]: 3 });
    const approved = await supervisor.post(`${DIFF}/approve_cc_diff_order`, { diff_no: diff.diff_no });
    expect(approved.retcode, approved.message).toBe(0);
    // Judged again with the pick replayed: nothing left to adjust.
    expect(approved.data.adjust_no).toBeNull();
    expect(await stockBySku(s!)).toEqual({ [cell]: 47, [cart]: 3 });
    const approvedDetail = (await supervisor.get(`${DIFF}/get_cc_diff_order_detail`, { diff_no: diff.diff_no })).data;
    expect(approvedDetail.lines[0]).toMatchObject({ book_qty: 47, adjust_qty: 0 });
    // The approver by email, as the adjustment pages name people.
    expect(approvedDetail.approved_by).toBe((await supervisor.get('/apps/system/user/get_login_info')).data.email);
  });

  test('a shortage approved while the pick is still offline spares the units reserved for it', async () => {
    const [s] = await flow.stockedSkus(1, 250, 10);
    const cell = await cellOf(s!);
    const salesOrder = await flow.order([{ sku_id: s!, qty: 4 }]);
    const released = await supervisor.post('/apps/process/outbound/wave/create_manual_wave', { order_nos: [salesOrder], picking_type: PICKING_TYPE.values.PICK_TO_ORDER });
    const picker = await flow.signIn('Operator');
    const cart = await flow.fixture.container();
    const claimedPick = await picker.post('/apps/process/outbound/picking/claim_picking_task', { task_no: released.data.task_nos[0], container_code: cart });
    await later();
    const pickerDevice = new Device(picker);
    const pick = pickerDevice.op(pickingOps.pick.kind, { task_no: released.data.task_nos[0], alloc_id: claimedPick.data.lines[0].alloc_id, location: cell, sku_id: s, qty: 4 });
    await later();

    const orderNo = await created(locationOrder([await zoneOf(cell)]));
    const [task] = await tasksOf(orderNo);
    await claim(counterC, task.task_no);
    const device = new Device(counterC);
    // 4 units in the picker's cart, 1 really lost: 5 on the shelf.
    await device.push(cycleCountOps.count.kind, { task_no: task.task_no, location_id: cell, code: s, qty: 5 });
    await device.push(cycleCountOps.complete.kind, { task_no: task.task_no });
    const [diff] = await diffsOf(orderNo);
    const approved = await supervisor.post(`${DIFF}/approve_cc_diff_order`, { diff_no: diff.diff_no });
    expect(approved.retcode, approved.message).toBe(0);
    expect(await stockBySku(s!)).toEqual({ [cell]: 9 });
    const [replayed] = await pickerDevice.send(pick);
    expect(replayed!.status, replayed!.message).toBe('applied');
    expect(await stockBySku(s!)).toEqual({ [cell]: 5, [cart]: 4 });
  });
});

describe('making orders', () => {
  test('criteria, limit, nothing to count, lines already counted elsewhere, cancel', async () => {
    const [s1, s2] = await flow.stockedSkus(2, 250, 10);
    const [c1, c2] = [await cellOf(s1!), await cellOf(s2!)];
    const zone = await zoneOf(c1);
    const invalid = await supervisor.post(`${CC}/create_cc_order`, locationOrder([], { criteria: { location_from: c1 } }));
    expect([invalid.retcode, invalid.data?.field]).toEqual([RET.CC_CRITERIA_INVALID, 'location_to']);
    expect((await supervisor.post(`${CC}/create_cc_order`, { ...locationOrder([]), kind: K.MOVEMENT })).retcode).toBe(RET.CC_CRITERIA_INVALID);
    const empty = await flow.fixture.privateZone(2);
    expect((await supervisor.post(`${CC}/create_cc_order`, locationOrder([empty.zoneId]))).retcode).toBe(RET.CC_NOTHING_TO_COUNT);
    // A full location count visits the empty locations too.
    const full = await created(locationOrder([empty.zoneId], { order_type: CYCLE_COUNT_ORDER_TYPE.values.FULL }));
    expect((await linesOf(full)).map((l) => [l.location_id, l.sku_id])).toEqual(empty.cells.map((c) => [c, '']));

    const config = (await supervisor.get('/apps/process/inventory/cyclecount/get_cycle_count_config', {})).data;
    const limits = (await supervisor.get('/apps/process/inventory/cyclecount/get_cycle_count_sku_location_limit_config', {})).data;
    expect(await supervisor.post('/apps/process/inventory/cyclecount/update_cycle_count_config', { ...config, ...limits, max_locations: 1 })).toMatchObject({ retcode: 0 });
    const over = await supervisor.post(`${CC}/create_cc_order`, locationOrder([zone]));
    expect([over.retcode, over.data]).toEqual([RET.CC_OVER_LIMIT, { max_locations: 1, max_skus: limits.max_skus, location_count: 2, sku_count: 2 }]);
    expect((await supervisor.post('/apps/process/inventory/cyclecount/update_cycle_count_config', { ...config, ...limits })).retcode).toBe(0);

    // One location in an open order: a second order over both is refused (-285029, nothing made), then made without it when asked.
    const first = await created(locationOrder([], { criteria: { location_from: c1, location_to: c1 } }));
    const overlap = await supervisor.post(`${CC}/create_cc_order`, locationOrder([zone]));
    expect([overlap.retcode, overlap.data]).toEqual([RET.CC_LINES_SKIPPED, { skipped: 1, line_count: 2, other_orders: [first] }]);
    const partial = await supervisor.post(`${CC}/create_cc_order`, locationOrder([zone], { skip_open: true }));
    expect(partial.retcode, partial.message).toBe(0);
    expect(partial.data.skipped).toBe(1);
    expect((await linesOf(partial.data.order_no)).map((l) => l.location_id)).toEqual([c2]);

    const cancelled = await supervisor.post(`${CC}/cancel_cc_order`, { order_no: first, reason: 'test' });
    expect(cancelled.retcode, cancelled.message).toBe(0);
    expect((await tasksOf(first)).every((t) => t.status === STATUS.CANCEL)).toBe(true);
    expect((await supervisor.post(`${CC}/cancel_cc_order`, { order_no: first })).retcode).toBe(RET.CC_STATE_REFUSED);
    const closedTask = (await tasksOf(first))[0];
    expect((await new Device(counterA).push(cycleCountOps.count.kind, { task_no: closedTask.task_no, location_id: c1, code: s1, qty: 1 })).retcode).toBe(RET.CC_STATE_REFUSED);
  });

  test('a big order is built in the background, its tasks by pathway of at most 200 locations', async () => {
    const zoneId = 'CCTBIG';
    const common = {
      whsId: WHS, storageArea: STORAGE_AREA.values.STORAGE_AREA, rackType: RACK_TYPE.values.LIGHT_RACK, temperatureZone: TEMPERATURE_ZONE.values.NORMAL,
      skuMixing: SKU_MIXING.values.MIX_SKU, supplierMixing: SUPPLIER_MIXING.values.MIX,
    };
    await db().execute(sql`insert into zones (whs_id, zone_id, zone_name, zone_cluster_id, storage_area, rack_type, temperature_zone, sku_mixing, supplier_mixing)
      values (${WHS}, ${zoneId}, 'Big zone', 'ZC-AMB', ${common.storageArea}, ${common.rackType}, ${common.temperatureZone}, ${common.skuMixing}, ${common.supplierMixing})`);
    await db().execute(sql`insert into pathways (whs_id, pathway_id, zone_id) values (${WHS}, 'CCTBIG-A', ${zoneId}), (${WHS}, 'CCTBIG-B', ${zoneId})`);
    await db().insert(cells).values(Array.from({ length: 2100 }, (_, i) => ({
      ...common, locationCode: `CCTBIG-${i < 1500 ? 'A' : 'B'}-${String(i).padStart(4, '0')}`, zoneId, pathwayId: i < 1500 ? 'CCTBIG-A' : 'CCTBIG-B',
    })));
    const res = await supervisor.post(`${CC}/create_cc_order`, locationOrder([zoneId], { order_type: CYCLE_COUNT_ORDER_TYPE.values.FULL }));
    expect(res.retcode, res.message).toBe(0);
    expect(res.data.creation_status).toBe(CYCLE_COUNT_CREATION_STATUS.values.INITIAL);
    expect((await orderOf(res.data.order_no)).creation_status).toBe(CYCLE_COUNT_CREATION_STATUS.values.INITIAL);
    await runPendingCcBuilds(db());
    expect(await orderOf(res.data.order_no)).toMatchObject({ creation_status: CYCLE_COUNT_CREATION_STATUS.values.SUCCESS, progress: 100, location_count: 2100 });
    const tasks = await tasksOf(res.data.order_no);
    expect(tasks.map((t) => [t.pathway_id, t.location_count]).sort()).toEqual([
      ...Array.from({ length: 7 }, () => ['CCTBIG-A', 200]), ['CCTBIG-A', 100], ['CCTBIG-B', 200], ['CCTBIG-B', 200], ['CCTBIG-B', 200],
    ].sort());
  });

  test('an imported list is checked row by row and counted as it is', async () => {
    const [s1] = await flow.stockedSkus(1, 250, 10);
    const c1 = await cellOf(s1!);
    const csv = `Location,SKU ID\n${c1},${s1}\nNOWHERE-1,${s1}\n${c1},NOT-A-SKU\n`;
    const read = await supervisor.post('/apps/basic/importdata/search_import_data_task', { file_name: 'list.csv', content_base64: Buffer.from(csv).toString('base64') });
    expect(read.retcode, read.message).toBe(0);
    expect(read.data.lines).toEqual([{ location_id: c1, sku_id: s1 }]);
    expect(read.data.refused.map((r: any) => [r.row, r.reason])).toEqual([[3, 'no such location in this warehouse'], [4, 'no such SKU in this warehouse']]);
    const bad = await supervisor.post('/apps/basic/importdata/search_import_data_task', { file_name: 'list.csv', content_base64: Buffer.from('Where,What\nA,B\n').toString('base64') });
    expect(bad.retcode).toBe(RET.IMPORT_HEADER_INVALID);
    const orderNo = await created({ order_type: 1, kind: K.SKU, scope: CYCLE_COUNT_SCOPE.values.CUSTOMIZED, criteria: { lines: read.data.lines } });
    expect((await linesOf(orderNo)).map((l) => [l.location_id, l.sku_id, l.system_qty])).toEqual([[c1, s1, 10]]);
  });

  test('the create page\'s reads: pathways, supplier search, SKU mapping', async () => {
    const pathways = await supervisor.get(`${CC}/cc_get_all_pathway_info`, { zone_ids: 'CCTBIG' });
    expect(pathways.data.list).toEqual([{ pathway_id: 'CCTBIG-A', zone_id: 'CCTBIG', cell_count: 1500 }, { pathway_id: 'CCTBIG-B', zone_id: 'CCTBIG', cell_count: 600 }]);
    expect((await supervisor.get(`${CC}/sku_cc_search_supplier_fuzzy`, { keyword: '' })).retcode).toBe(0);
    expect(typeof (await supervisor.get(`${CC}/get_whs_is_sku_mapping`, {})).data.is_sku_mapping).toBe('boolean');
  });
});

describe('who may do what', () => {
  test('operators count but make no orders; another warehouse sees none of them', async () => {
    const [s] = await flow.stockedSkus(1, 250, 5);
    const cell = await cellOf(s!);
    expect((await counterA.post(`${CC}/create_cc_order`, locationOrder([await zoneOf(cell)]))).retcode).toBe(RET.PERMISSION_DENIED);
    const orderNo = await created(locationOrder([await zoneOf(cell)]));
    const outsider = await server.login((await server.createUser({ email: 'cct-other@demo.local', role: 'Supervisor', warehouses: [OTHER] })).email);
    expect((await outsider.get(`${CC}/get_cc_order_detail`, { order_no: orderNo })).retcode).toBe(RET.NOT_FOUND);
    const [task] = await tasksOf(orderNo);
    expect((await outsider.post(`${TASK}/claim_cc_task`, { task_no: task.task_no })).retcode).toBe(RET.NOT_FOUND);
    expect((await outsider.get(`${CC}/search_cc_order`, {})).data.list.some((o: any) => o.order_no === orderNo)).toBe(false);
  });

  test('cycle count skills: a counter claims only tasks of their zones', async () => {
    const [s] = await flow.stockedSkus(1, 250, 5);
    const cell = await cellOf(s!);
    const zone = await zoneOf(cell);
    const orderNo = await created(locationOrder([zone]));
    const [task] = await tasksOf(orderNo);
    const skilled = await server.createUser({ email: 'cct-skilled@demo.local', role: 'Operator', warehouses: [WHS] });
    expect((await supervisor.post('/apps/rulecenter/cyclecountskill/create_cycle_count_skill', { user_id: skilled.userId, zone_ids: 'NO-SUCH-ZONE' })).retcode).toBe(RET.BAD_INPUT);
    const elsewhere = await flow.fixture.privateZone(1);
    const skill = await supervisor.post('/apps/rulecenter/cyclecountskill/create_cycle_count_skill', { user_id: skilled.userId, zone_ids: elsewhere.zoneId });
    expect(skill.retcode, skill.message).toBe(0);
    const refused = await claim(counterA, task.task_no);
    expect([refused.retcode, refused.data?.reason]).toEqual([RET.CC_TASK_REFUSED, 'skill']);
    expect((await supervisor.post('/apps/rulecenter/cyclecountskill/update_cycle_count_skill', { user_id: skilled.userId, zone_ids: zone })).retcode).toBe(0);
    const ok = await claim(await server.login(skilled.email), task.task_no);
    expect(ok.retcode, ok.message).toBe(0);
    await db().execute(sql`delete from cycle_count_skills where whs_id = ${WHS}`);
  });
});

describe('daily cycle count', () => {
  test('the frequency rule makes one daily order a day, with the SKUs due; the dashboard counts it', async () => {
    const [s] = await flow.stockedSkus(1, 250, 5);
    await db().update(skus).set({ abcClass: 1 }).where(and(eq(skus.whsId, WHS), eq(skus.skuId, s!)));
    await db().execute(sql`delete from cc_frequency_rules where whs_id = ${WHS}`);
    const none = await supervisor.post('/apps/process/inventory/cyclecount/run_daily_cycle_count', {});
    expect([none.retcode, none.message]).toEqual([RET.CC_CRITERIA_INVALID, 'Please go to Rule Center>Cycle Count Frequency to configure parameters.']);
    const rule = await supervisor.post('/apps/rulecenter/cyclecountfrequency/create_cc_frequency_rule', { abc_class: 1, high_value: 2, every_days: 7, enabled: 1 });
    expect(rule.retcode, rule.message).toBe(0);
    const made = await supervisor.post('/apps/process/inventory/cyclecount/run_daily_cycle_count', {});
    expect(made.retcode, made.message).toBe(0);
    expect(made.data.order_no).toMatch(/^CC/);
    const order = await orderOf(made.data.order_no);
    expect(order).toMatchObject({ source: CYCLE_COUNT_SOURCE.values.DAILY, kind: K.SKU });
    expect(order.criteria.sku_ids).toContain(s);
    expect((await supervisor.post('/apps/process/inventory/cyclecount/run_daily_cycle_count', {})).data).toEqual({ order_no: null, sku_count: 0 });
    const today = new Date().toISOString().slice(0, 10);
    const board = await supervisor.get('/apps/process/inventory/cyclecount/dashboard/get_daily_cc_dashboard', { date_from: '2020-01-01', date_to: '2099-12-31' });
    expect(board.retcode, board.message).toBe(0);
    expect(board.data.planned).toBeGreaterThan(0);
    expect(board.data.frequency_configured).toBe(true);
    expect(board.data.trend.length).toBeGreaterThan(0);
    expect(today.length).toBe(10);
    // Compliance mode: by hand only park range and location counts.
    const config = (await supervisor.get('/apps/process/inventory/cyclecount/get_cycle_count_config', {})).data;
    const limits = (await supervisor.get('/apps/process/inventory/cyclecount/get_cycle_count_sku_location_limit_config', {})).data;
    await supervisor.post('/apps/process/inventory/cyclecount/update_cycle_count_config', { ...config, ...limits, compliance_mode: true });
    const refused = await supervisor.post(`${CC}/create_cc_order`, { order_type: 1, kind: K.SKU, scope: CYCLE_COUNT_SCOPE.values.CUSTOMIZED, criteria: { sku_ids: [s] } });
    expect([refused.retcode, refused.message]).toEqual([RET.CC_CRITERIA_INVALID, 'Daily Cycle Count is in compliance mode, only Park Range and Location CC is allowed.']);
    await supervisor.post('/apps/process/inventory/cyclecount/update_cycle_count_config', { ...config, ...limits, compliance_mode: false });
  });
});
