import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { createTestSku } from '../support/putaway-fixture';
import {
  cells, flowPickSettings, flowPickingSkills, outboundAllocations, pathways, pickingSkills, pickingTasks, salesOrders, skuBatches, waves, zones,
} from '../../src/server/db/schema';
import { postStock } from '../../src/server/modules/inventory/ledger';
import {
  INVENTORY_REF_TYPE, INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE, ORDER_PRIORITY, PICKING_TYPE, QUALITY, RACK_TYPE, SALES_ORDER_STATUS,
  STORAGE_AREA, TASK_STATUS, TEMPERATURE_ZONE,
} from '../../src/shared/codes';
import { flowPickContract } from '../../src/shared/contract/flow-pick.contract';
import { flowPickingSkillResource } from '../../src/shared/resources/outbound-rules.resource';
import { SKU_MIXING, SUPPLIER_MIXING } from '../../src/shared/resources/location-codes';
import { RET } from '../../src/shared/retcodes';

/**
 * Flow pick (docs/outbound.md "Flow pick"): the setting, flow picking skills, and the flow task a
 * picker's "Next task" makes when none waits. Every test works in zones of its own, its pickers'
 * picking skills limited to them, so the demo's pending tasks and orders never reach them.
 */

const WHS = 'SGSIN1';
const ORDERS = '/apps/process/outbound/salesorder';
const CLAIM = '/apps/process/outbound/picking/claim_picking_task';
const GET_SETTING = flowPickContract.getFlowPickSetting.path;
const SET = flowPickContract.updateFlowPickSetting.path;
const OVERVIEW = flowPickContract.getFlowPickOverview.path;
const SKILLS = flowPickingSkillResource.api!;
const S = SALES_ORDER_STATUS.values;
const T = TASK_STATUS.values;
const P = ORDER_PRIORITY.values;

let server: TestServer;
let supervisor: TestClient;
let operator: TestClient;
const db = () => server.database.db;

let userCounter = 0;
const newUser = (role: 'Supervisor' | 'Operator', warehouses: readonly string[] = [WHS]) =>
  server.createUser({ email: `flow${++userCounter}@demo.local`, role, warehouses });

beforeAll(async () => {
  server = await startTestServer();
  supervisor = await server.login((await newUser('Supervisor')).email);
  operator = await server.login((await newUser('Operator')).email);
});
afterAll(async () => {
  await server?.close();
});

// ---- fixtures ----

let zoneCounter = 0;
/** A zone of the test's own with `n` cells in pick order. */
async function privateZone(n: number, whsId = WHS): Promise<{ zoneId: string; cells: string[] }> {
  const zoneId = `FZ${++zoneCounter}`;
  const pathwayId = `${zoneId}-01`;
  const common = {
    whsId, storageArea: STORAGE_AREA.values.PICKING_AREA, rackType: RACK_TYPE.values.LIGHT_RACK, temperatureZone: TEMPERATURE_ZONE.values.NORMAL,
    skuMixing: SKU_MIXING.values.MIX_SKU, supplierMixing: SUPPLIER_MIXING.values.MIX,
  };
  await db().insert(zones).values({ ...common, zoneId, zoneName: `Flow test ${zoneId}`, zoneClusterId: 'ZC-AMB', pickSequence: 900 });
  await db().insert(pathways).values({ whsId, pathwayId, zoneId, pickSequence: 1 });
  const codes = Array.from({ length: n }, (_, i) => `${pathwayId}-01-${i + 1}`);
  if (n > 0) await db().insert(cells).values(codes.map((locationCode, i) => ({ ...common, locationCode, zoneId, pathwayId, maxQty: 5000, pickSequence: i + 1 })));
  return { zoneId, cells: codes };
}

let batchCounter = 0;
/** A new SKU with `qty` good units at `cell`. */
async function stockedSku(cell: string, qty = 50): Promise<string> {
  const skuId = await createTestSku(db(), WHS, 'FLW');
  const batchId = `FB${++batchCounter}`;
  await db().transaction(async (tx) => {
    await tx.insert(skuBatches).values({ whsId: WHS, skuId, batchId });
    await postStock(tx, WHS, [{
      txnType: INVENTORY_TRANSACTION_TYPE.values.ADJUST_INCREASE, direction: INVENTORY_TRANSACTION_DIRECTION.values.DEBIT, location: cell, skuId, batchId,
      quality: QUALITY.values.GOOD, qty,
    }], { refType: INVENTORY_REF_TYPE.values.OPENING_BALANCE, refNo: 'FLOW-TEST', operatorId: null });
  });
  return skuId;
}

let externalCounter = 0;
/** An order of `lines`, allocated unless on hold. */
async function order(lines: { sku_id: string; qty: number }[], more: { priority?: number; cutoffInHours?: number } = {}): Promise<string> {
  const res = await supervisor.post(`${ORDERS}/create_sales_order`, {
    external_no: `FLOW-${Date.now()}-${++externalCounter}`, lines, priority: more.priority ?? P.NORMAL,
    ...(more.cutoffInHours === undefined ? {} : { cutoff_at: Math.floor(Date.now() / 1000) + more.cutoffInHours * 3600 }),
  });
  expect(res.retcode, res.message).toBe(0);
  const orderNo = res.data.order.order_no as string;
  if ((more.priority ?? P.NORMAL) !== P.ON_HOLD) {
    const allocated = await supervisor.post(`${ORDERS}/allocate_sales_orders`, { order_nos: [orderNo] });
    expect(allocated.retcode, allocated.message).toBe(0);
  }
  return orderNo;
}

interface SettingInput { enabled: boolean; zone_ids: string[]; max_orders: number; max_units: number | null; item_kind: number; min_priority: number }
const setting = (change: Partial<SettingInput>): SettingInput => ({ enabled: true, zone_ids: [], max_orders: 20, max_units: null, item_kind: 0, min_priority: 2, ...change });
async function saveSetting(change: Partial<SettingInput>) {
  const res = await supervisor.post(SET, setting(change));
  expect(res.retcode, res.message).toBe(0);
  return res.data;
}

/** A picker signed in, picking (and flow picking, unless `flow` is false) only in `zoneIds`. */
async function picker(zoneIds: readonly string[], flow = true): Promise<{ client: TestClient; userId: number }> {
  const user = await newUser('Operator');
  await db().insert(pickingSkills).values({ whsId: WHS, userId: user.userId, zoneIds: zoneIds.join(',') });
  if (flow) await db().insert(flowPickingSkills).values({ whsId: WHS, userId: user.userId, zoneIds: zoneIds.join(',') });
  return { client: await server.login(user.email), userId: user.userId };
}

const nextTask = (client: TestClient) => client.post(CLAIM, { task_no: null, container_code: null });
const ordersOfWave = async (waveNo: string) => (await db().select({ orderNo: salesOrders.orderNo }).from(salesOrders)
  .where(and(eq(salesOrders.whsId, WHS), eq(salesOrders.waveNo, waveNo)))).map((r) => r.orderNo).sort();
const orderRows = (orderNos: string[]) => db().select().from(salesOrders).where(and(eq(salesOrders.whsId, WHS), inArray(salesOrders.orderNo, orderNos)));
/** The orders of a task's lines, in route order, each once. */
const taskOrders = (lines: { order_no: string }[]) => [...new Set(lines.map((l) => l.order_no))];

// ---- the setting ----

describe('flow pick setting', () => {
  test('off with the defaults until saved; bad input is refused naming the field and changes nothing', async () => {
    const fresh = await supervisor.get(GET_SETTING);
    expect(fresh.retcode).toBe(0);
    expect(fresh.data).toMatchObject({ enabled: false, zone_ids: [], max_orders: 20, max_units: null, item_kind: 0, min_priority: 2, updated_at: null });
    expect(fresh.data.default_max_units).toBe(200);
    const { zoneId } = await privateZone(0);
    const cases: [Partial<SettingInput>, string][] = [
      [{ zone_ids: [zoneId, 'NOPE-ZONE'] }, 'zone_ids'],
      [{ max_orders: 0 }, 'max_orders'],
      [{ max_orders: 1001 }, 'max_orders'],
      [{ max_units: 0 }, 'max_units'],
      [{ max_units: 5001 }, 'max_units'],
      [{ item_kind: 2 }, 'item_kind'],
      [{ min_priority: 1 }, 'min_priority'],
    ];
    for (const [change, field] of cases) {
      const res = await supervisor.post(SET, setting(change));
      expect(res.retcode, JSON.stringify(change)).toBe(RET.BAD_INPUT);
      expect(JSON.stringify(res.data.issues), JSON.stringify(change)).toContain(field);
    }
    const unknown = await supervisor.post(SET, setting({ zone_ids: [zoneId, 'NOPE-ZONE'] }));
    expect(unknown.message).toContain('NOPE-ZONE');
    expect(unknown.message).not.toContain(zoneId);
    // A zone of another warehouse is not one of this warehouse's.
    const elsewhere = await privateZone(0, 'IDJKT1');
    expect((await supervisor.post(SET, setting({ zone_ids: [elsewhere.zoneId] }))).message).toContain(elsewhere.zoneId);
    expect(await db().select().from(flowPickSettings).where(eq(flowPickSettings.whsId, WHS))).toEqual([]);

    const saved = await saveSetting({ enabled: false, zone_ids: [zoneId, zoneId], max_orders: 7, max_units: 40, item_kind: 1, min_priority: 3 });
    expect(saved).toMatchObject({ enabled: false, zone_ids: [zoneId], max_orders: 7, max_units: 40, item_kind: 1, min_priority: 3 });
    expect(saved.updated_by_name).toMatch(/^flow/);
    expect((await supervisor.get(GET_SETTING)).data).toMatchObject({ zone_ids: [zoneId], max_orders: 7 });
    // The demo's setting of another warehouse is untouched.
    const [other] = await db().select().from(flowPickSettings).where(eq(flowPickSettings.whsId, 'IDJKT1'));
    expect(other?.enabled).toBe(true);
  });

  test('an operator may not change it; a call for another warehouse is refused', async () => {
    const denied = await operator.post(SET, setting({}));
    expect(denied.retcode).toBe(RET.PERMISSION_DENIED);
    expect((await operator.get(OVERVIEW)).retcode).toBe(RET.PERMISSION_DENIED);
    const mismatch = await supervisor.request('POST', SET, setting({}), { headers: { 'x-tally-whs': 'IDJKT1' } });
    expect(mismatch.retcode).toBe(RET.WAREHOUSE_MISMATCH);
  });
});

// ---- flow picking skills ----

describe('flow picking skills', () => {
  test('a member of the warehouse, zones the warehouse has; one row a user', async () => {
    const { zoneId } = await privateZone(0);
    const member = await newUser('Operator');
    const stranger = await newUser('Operator', ['IDJKT1']);
    const elsewhere = await privateZone(0, 'IDJKT1');
    const refused = [
      [{ user_id: stranger.userId, zone_ids: zoneId }, 'user_id', `user ${stranger.userId}`],
      [{ user_id: 99_999_999, zone_ids: zoneId }, 'user_id', 'user 99999999'],
      [{ user_id: member.userId, zone_ids: `${zoneId},NOPE-Z` }, 'zone_ids', 'NOPE-Z'],
      [{ user_id: member.userId, zone_ids: elsewhere.zoneId }, 'zone_ids', elsewhere.zoneId],
      [{ user_id: member.userId, zone_ids: ' , ' }, 'zone_ids', 'at least one zone'],
    ] as const;
    for (const [input, field, named] of refused) {
      const res = await supervisor.post(SKILLS.create.path, input);
      expect(res.retcode, JSON.stringify(input)).toBe(RET.BAD_INPUT);
      expect(res.message).toContain(field);
      expect(res.message).toContain(named);
    }
    expect(await db().select().from(flowPickingSkills).where(eq(flowPickingSkills.userId, member.userId))).toEqual([]);
    const created = await supervisor.post(SKILLS.create.path, { user_id: member.userId, zone_ids: `${zoneId} A01`, remark: 'Flow' });
    expect(created.retcode, created.message).toBe(0);
    const detail = await supervisor.get(SKILLS.detail.path, { user_id: member.userId });
    expect(detail.data.zone_ids).toBe(`A01,${zoneId}`);
    const again = await supervisor.post(SKILLS.create.path, { user_id: member.userId, zone_ids: zoneId });
    expect(again.retcode).toBe(RET.BAD_INPUT);
    expect(again.message).toContain('already');
    const edited = await supervisor.post(SKILLS.update.path, { user_id: member.userId, zone_ids: zoneId });
    expect(edited.retcode, edited.message).toBe(0);
    expect((await supervisor.get(SKILLS.detail.path, { user_id: member.userId })).data.zone_ids).toBe(zoneId);
    // An operator may not change skills.
    expect((await operator.post(SKILLS.update.path, { user_id: member.userId, zone_ids: 'A01' })).retcode).toBe(RET.PERMISSION_DENIED);
  });
});

// ---- releasing flow tasks ----

describe('flow tasks on "Next task"', () => {
  test('takes the right orders in the right order, up to the orders and units; a picker without a flow skill gets none', async () => {
    const z1 = await privateZone(8);
    const z2 = await privateZone(2);
    const outside = await privateZone(1);
    const sku = await Promise.all(z1.cells.map((c) => stockedSku(c)));
    const skuOutside = await stockedSku(outside.cells[0]!);
    const skuZ2 = await stockedSku(z2.cells[0]!);
    // In creation order (the oldest first).
    const normalLater = await order([{ sku_id: sku[0]!, qty: 2 }], { cutoffInHours: 5 });
    const priority = await order([{ sku_id: sku[1]!, qty: 1 }], { priority: P.PRIORITY, cutoffInHours: 8 });
    const normalSoon = await order([{ sku_id: sku[2]!, qty: 3 }], { cutoffInHours: 1 });
    const noCutoff = await order([{ sku_id: sku[3]!, qty: 1 }]);
    const big = await order([{ sku_id: sku[4]!, qty: 10 }]);
    const onHold = await order([{ sku_id: sku[5]!, qty: 1 }], { priority: P.ON_HOLD, cutoffInHours: 1 });
    const partlyOutside = await order([{ sku_id: sku[6]!, qty: 1 }, { sku_id: skuOutside, qty: 1 }], { priority: P.PRIORITY });
    const overTwoZones = await order([{ sku_id: sku[7]!, qty: 1 }, { sku_id: skuZ2, qty: 1 }], { cutoffInHours: 24 });
    await saveSetting({ zone_ids: [z1.zoneId, z2.zoneId], max_orders: 3, max_units: 10 });

    const bystander = await picker([z1.zoneId], false);
    expect((await nextTask(bystander.client)).retcode).toBe(RET.NOT_FOUND);

    // First picker: priority first, then the nearest cut-off, then the later one (3 orders, 6 units).
    const first = await picker([z1.zoneId]);
    const one = await nextTask(first.client);
    expect(one.retcode, one.message).toBe(0);
    expect(one.data.task).toMatchObject({ status: T.ONGOING, assignee_id: first.userId, zone_id: z1.zoneId, picking_type: PICKING_TYPE.values.PICK_TO_WAVE });
    expect(taskOrders(one.data.lines).sort()).toEqual([normalLater, normalSoon, priority].sort());
    const [wave] = await db().select().from(waves).where(and(eq(waves.whsId, WHS), eq(waves.waveNo, one.data.task.wave_no)));
    expect(wave).toMatchObject({ isFlow: true, isManual: false, autoWaveRuleId: null, orderCount: 3, unitCount: 6, status: T.ONGOING });
    // Asked again, the picker gets the same task (theirs, under way).
    expect((await nextTask(first.client)).data.task.task_no).toBe(one.data.task.task_no);

    // Second picker: the order without a cut-off, then the big one would pass 10 units; the order over two zones is not theirs (z2).
    const second = await picker([z1.zoneId]);
    const two = await nextTask(second.client);
    expect(two.retcode, two.message).toBe(0);
    expect(taskOrders(two.data.lines)).toEqual([noCutoff]);
    expect(two.data.task.picking_type).toBe(PICKING_TYPE.values.PICK_TO_ORDER);
    // Third: the big one alone (10 units fit the limit by itself).
    const third = await picker([z1.zoneId]);
    expect(taskOrders((await nextTask(third.client)).data.lines)).toEqual([big]);
    // Fourth: nothing left in z1 alone: on hold, partly outside the setting's zones, over z1 and z2.
    const fourth = await picker([z1.zoneId]);
    const none = await nextTask(fourth.client);
    expect(none.retcode).toBe(RET.NOT_FOUND);
    // A picker of both zones takes the order over both: two tasks in its flow wave, the picker claims one, the other waits for anyone.
    const both = await picker([z1.zoneId, z2.zoneId]);
    const spanning = await nextTask(both.client);
    expect(spanning.retcode, spanning.message).toBe(0);
    expect(taskOrders(spanning.data.lines)).toEqual([overTwoZones]);
    const spanTasks = await db().select().from(pickingTasks).where(and(eq(pickingTasks.whsId, WHS), eq(pickingTasks.waveNo, spanning.data.task.wave_no)));
    expect(spanTasks.map((t) => [t.zoneId, t.status]).sort()).toEqual([[z1.zoneId, T.ONGOING], [z2.zoneId, T.PENDING]]);
    const left = await orderRows([onHold, partlyOutside]);
    expect(left.map((o) => [o.waveNo, o.status])).toEqual([[null, S.CREATED], [null, S.CREATED]]);

    // The Flow Pick screen: the zones of the setting, their tasks and pickers; today's flow waves.
    const overview = await supervisor.get(OVERVIEW);
    expect(overview.retcode, overview.message).toBe(0);
    const zone1 = overview.data.zones.find((z: { zone_id: string }) => z.zone_id === z1.zoneId);
    expect(zone1).toMatchObject({ in_setting: true, waiting_orders: 0, pending_tasks: 0, ongoing_tasks: 4 });
    expect(zone1.pickers.map((p: { user_id: number }) => p.user_id)).toEqual(expect.arrayContaining([first.userId, both.userId]));
    expect(overview.data.zones.find((z: { zone_id: string }) => z.zone_id === z2.zoneId)).toMatchObject({ pending_tasks: 1 });
    const waveNos = overview.data.waves.map((w: { wave_no: string; is_flow: boolean }) => w.wave_no);
    expect(waveNos).toContain(one.data.task.wave_no);
    expect(overview.data.waves.every((w: { is_flow: boolean }) => w.is_flow)).toBe(true);
  });

  test('single-item only and the lowest priority narrow what is taken; off, nothing is', async () => {
    const z = await privateZone(4);
    const sku = await Promise.all(z.cells.map((c) => stockedSku(c)));
    const multi = await order([{ sku_id: sku[0]!, qty: 1 }, { sku_id: sku[1]!, qty: 1 }], { priority: P.PRIORITY });
    const normalSingle = await order([{ sku_id: sku[2]!, qty: 1 }]);
    const prioritySingle = await order([{ sku_id: sku[3]!, qty: 1 }], { priority: P.PRIORITY });
    await saveSetting({ enabled: false, zone_ids: [z.zoneId] });
    const off = await picker([z.zoneId]);
    expect((await nextTask(off.client)).retcode).toBe(RET.NOT_FOUND);
    expect((await orderRows([multi, normalSingle, prioritySingle])).every((o) => o.waveNo === null)).toBe(true);

    await saveSetting({ zone_ids: [z.zoneId], item_kind: 1, min_priority: 3 });
    const first = await picker([z.zoneId]);
    expect(taskOrders((await nextTask(first.client)).data.lines)).toEqual([prioritySingle]);
    const second = await picker([z.zoneId]);
    expect((await nextTask(second.client)).retcode).toBe(RET.NOT_FOUND);
    await saveSetting({ zone_ids: [z.zoneId], item_kind: 0, min_priority: 2 });
    const third = await picker([z.zoneId]);
    expect(taskOrders((await nextTask(third.client)).data.lines).sort()).toEqual([multi, normalSingle].sort());
  });

  test('pickers asking at once never get the same order, and none is left empty-handed while orders remain', async () => {
    for (let round = 0; round < 3; round++) {
      const z = await privateZone(6);
      const sku = await Promise.all(z.cells.map((c) => stockedSku(c)));
      const orderNos: string[] = [];
      for (const s of sku) orderNos.push(await order([{ sku_id: s, qty: 1 }]));
      await saveSetting({ zone_ids: [z.zoneId], max_orders: 2 });
      const pickers = await Promise.all([picker([z.zoneId]), picker([z.zoneId]), picker([z.zoneId])]);
      const answers = await Promise.all(pickers.map((p) => nextTask(p.client)));
      for (const a of answers) expect(a.retcode, a.message).toBe(0);
      const taken = answers.map((a) => taskOrders(a.data.lines));
      expect(taken.map((t) => t.length)).toEqual([2, 2, 2]);
      expect(taken.flat().sort()).toEqual([...orderNos].sort());
      // Each order is in one wave and on one task.
      const waveNos = answers.map((a) => a.data.task.wave_no as string);
      expect(new Set(waveNos).size).toBe(3);
      for (const [i, waveNo] of waveNos.entries()) expect(await ordersOfWave(waveNo)).toEqual([...taken[i]!].sort());
      const placed = await db().select({ orderNo: outboundAllocations.orderNo, tasks: sql<number>`count(distinct ${outboundAllocations.taskNo})::int` })
        .from(outboundAllocations).where(and(eq(outboundAllocations.whsId, WHS), inArray(outboundAllocations.orderNo, orderNos))).groupBy(outboundAllocations.orderNo);
      expect(placed.map((p) => Number(p.tasks))).toEqual([1, 1, 1, 1, 1, 1]);
    }
  });
});

describe('the demo', () => {
  test('flow pick is on in IDJKT1: the Flow Pick screen shows orders waiting and the demo operator as a flow picker', async () => {
    const demoSupervisor = await server.loginAt('supervisor@demo.local', 'IDJKT1');
    const overview = await demoSupervisor.get(OVERVIEW);
    expect(overview.retcode, overview.message).toBe(0);
    expect(overview.data.setting).toMatchObject({ enabled: true, max_orders: 5, max_units: 30 });
    const zonesOf = overview.data.zones as { zone_id: string; waiting_orders: number; pickers: { name: string }[] }[];
    expect(zonesOf.reduce((sum, z) => sum + z.waiting_orders, 0)).toBeGreaterThan(0);
    expect(zonesOf.every((z) => z.pickers.some((p) => p.name === 'Oki Operator'))).toBe(true);
  });
});
