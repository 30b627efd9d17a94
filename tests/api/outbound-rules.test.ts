import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { outboundFixture } from '../support/outbound-fixture';
import { createTestSku } from '../support/putaway-fixture';
import {
  autoWaveRules, merchants, outboundAllocations, pickingTasks, salesOrderLogs, salesOrders, shopGroups, shops, waveGroupingRules, waveGroups, waveRules,
} from '../../src/server/db/schema';
import { claimDueRules, runDueAutoWaves, startAutoWaveScheduler } from '../../src/server/modules/outbound/auto-wave';
import { ORDER_ITEM_KIND, ORDER_PRIORITY, PICKING_TYPE, SALES_ORDER_STATUS, STORAGE_AREA, TASK_STATUS, WAVE_HELD_REASON } from '../../src/shared/codes';
import { RET } from '../../src/shared/retcodes';

/**
 * The Rule Center of sales outbound, each rule by what it changes: the sales allocate rule's steps,
 * the picking rule's capacity and typed quantity, picking skills on claiming, and auto wave runs
 * (filters, limits, order, and runs racing). Rules are warehouse-wide: each test keeps to its own
 * shop, zones and operators, so the others' rules never reach it.
 */

const WHS = 'SGSIN1';
const ORDERS = '/apps/process/outbound/salesorder';
const WAVE = '/apps/process/outbound/wave';
const CLAIM = '/apps/process/outbound/picking/claim_picking_task';
const ALLOCATE_RULES = '/apps/rulecenter/allocaterule';
const PICKING_RULES = '/apps/rulecenter/pickingrule';
const SKILLS = '/apps/rulecenter/pickingskill';
const AUTO_RULES = '/apps/rulecenter/autowaverule';
const WAVE_RULES = '/apps/rulecenter/waverule';
const S = SALES_ORDER_STATUS.values;

let server: TestServer;
let supervisor: TestClient;
const db = () => server.database.db;

let userCounter = 0;
const newUser = (role: 'Supervisor' | 'Operator') => server.createUser({ email: `rules${++userCounter}@demo.local`, role });
const signIn = async (role: 'Supervisor' | 'Operator') => server.login((await newUser(role)).email);

beforeAll(async () => {
  server = await startTestServer();
  supervisor = await signIn('Supervisor');
});
afterAll(async () => {
  await server?.close();
});

// ---- fixtures (as tests/api/outbound.test.ts) ----

const { privateZone, stock, container } = outboundFixture(db, WHS, 'R');

const sku = () => createTestSku(db(), WHS, 'RUL');
let externalCounter = 0;
async function createOrder(lines: { sku_id: string; qty: number }[], more: Record<string, unknown> = {}) {
  const res = await supervisor.post(`${ORDERS}/create_sales_order`, { external_no: `RULES-${Date.now()}-${++externalCounter}`, lines, ...more });
  expect(res.retcode, res.message).toBe(0);
  return res.data.order as { order_no: string; status: number };
}
const allocatedAt = async (orderNo: string) => (await db().select().from(outboundAllocations)
  .where(and(eq(outboundAllocations.whsId, WHS), eq(outboundAllocations.orderNo, orderNo))).orderBy(asc(outboundAllocations.allocId)))
  .map((a) => [a.locationId, a.qty]);
const allocate = async (orderNo: string) => {
  const res = await supervisor.post(`${ORDERS}/allocate_sales_orders`, { order_nos: [orderNo] });
  expect(res.retcode, res.message).toBe(0);
};

let shopCounter = 0;
/** A shop of the test's own (in a group of its own when asked). */
async function newShop(groupId: string | null = null): Promise<string> {
  const [merchant] = await db().select({ merchantId: merchants.merchantId }).from(merchants).where(eq(merchants.whsId, WHS)).limit(1);
  const shopId = `RSHOP${++shopCounter}`;
  await db().insert(shops).values({ whsId: WHS, shopId, shopName: `Rules shop ${shopId}`, merchantId: merchant!.merchantId, groupId });
  return shopId;
}

async function createRule(path: string, body: Record<string, unknown>): Promise<number> {
  const res = await supervisor.post(path, body);
  expect(res.retcode, res.message).toBe(0);
  return res.data.rule_id as number;
}

// ---- allocate rule ----

describe('sales allocate rule (Rule Center › Allocate Rule › Sales)', () => {
  test('the rule matching the order decides the steps: FEFO off takes the batch received first, the others keep every step', async () => {
    const skuId = await sku();
    const { cells: [early, late] } = await privateZone(2, STORAGE_AREA.values.PICKING_AREA);
    // Expiring first but received last (early) vs expiring later but received first (late).
    await stock(skuId, [{ cell: early!, qty: 10, expiresInDays: 30, receivedDaysAgo: 1 }, { cell: late!, qty: 10, expiresInDays: 300, receivedDaysAgo: 20 }]);
    const shopId = await newShop();
    const ruleId = await createRule(`${ALLOCATE_RULES}/create_sales_allocate_rule`, {
      rule_name: 'FIFO only for the test shop', priority: 1, shop_id: shopId, fefo: 0, fifo: 1, picking_area_first: 1, fewest_locations: 1, status: 1,
    });
    const ruled = await createOrder([{ sku_id: skuId, qty: 2 }], { shop_id: shopId });
    const other = await createOrder([{ sku_id: skuId, qty: 2 }]);
    await allocate(ruled.order_no);
    await allocate(other.order_no);
    expect(await allocatedAt(ruled.order_no)).toEqual([[late, 2]]);
    expect(await allocatedAt(other.order_no)).toEqual([[early, 2]]);

    // Inactive, the rule decides nothing: the full rule applies again.
    expect((await supervisor.post(`${ALLOCATE_RULES}/update_sales_allocate_rule`, { rule_id: ruleId, status: 2 })).retcode).toBe(0);
    const after = await createOrder([{ sku_id: skuId, qty: 2 }], { shop_id: shopId });
    await allocate(after.order_no);
    expect(await allocatedAt(after.order_no)).toEqual([[early, 2]]);
  });

  test('fewest locations off and picking area first off, matched by order priority', async () => {
    const skuId = await sku();
    const { cells: [small, big] } = await privateZone(2, STORAGE_AREA.values.PICKING_AREA);
    const { cells: [reserve] } = await privateZone(1, STORAGE_AREA.values.STORAGE_AREA);
    await stock(skuId, [{ cell: small!, qty: 2 }, { cell: big!, qty: 9 }, { cell: reserve!, qty: 20 }]);
    const shopId = await newShop();
    await createRule(`${ALLOCATE_RULES}/create_sales_allocate_rule`, {
      rule_name: 'Priority: walk the path', priority: 1, shop_id: shopId, order_priority: ORDER_PRIORITY.values.PRIORITY, fewest_locations: 0, status: 1,
    });
    await createRule(`${ALLOCATE_RULES}/create_sales_allocate_rule`, {
      rule_name: 'Normal: anywhere', priority: 2, shop_id: shopId, order_priority: ORDER_PRIORITY.values.NORMAL, picking_area_first: 0, status: 1,
    });
    const urgent = await createOrder([{ sku_id: skuId, qty: 4 }], { shop_id: shopId, priority: ORDER_PRIORITY.values.PRIORITY });
    await allocate(urgent.order_no);
    expect(await allocatedAt(urgent.order_no)).toEqual([[small, 2], [big, 2]]);
    const normal = await createOrder([{ sku_id: skuId, qty: 12 }], { shop_id: shopId });
    await allocate(normal.order_no);
    expect(await allocatedAt(normal.order_no)).toEqual([[reserve, 12]]);
  });

  test('a rule naming a shop the warehouse does not have is refused on the field', async () => {
    const res = await supervisor.post(`${ALLOCATE_RULES}/create_sales_allocate_rule`, { rule_name: 'Nowhere', priority: 1, shop_id: 'NO-SUCH-SHOP', status: 1 });
    expect(res.retcode).toBe(RET.BAD_INPUT);
    expect(res.data.issues[0].path).toBe('shop_id');
  });
});

// ---- picking rule ----

/** Orders of fresh SKUs stocked in the zone's cells, one order a cell. */
async function ordersIn(cellCodes: readonly string[], qty: number, more: Record<string, unknown> = {}) {
  const orderNos: string[] = [];
  for (const cell of cellCodes) {
    const skuId = await sku();
    await stock(skuId, [{ cell, qty: qty + 5 }]);
    orderNos.push((await createOrder([{ sku_id: skuId, qty }], more)).order_no);
  }
  return orderNos;
}

describe('picking rule (Rule Center › Picking Rule)', () => {
  test('the zone\'s capacity cuts a wave that names none, and the PDA learns whether it may type the quantity', async () => {
    const { zoneId, cells: cellCodes } = await privateZone(4, STORAGE_AREA.values.PICKING_AREA);
    await createRule(`${PICKING_RULES}/create_picking_rule`, {
      zone_id: zoneId, max_units_per_task: 6, allow_typed_qty: 1, picking_type: PICKING_TYPE.values.PICK_TO_WAVE, status: 1,
    });
    const orderNos = await ordersIn(cellCodes, 3);
    const res = await supervisor.post(`${WAVE}/create_manual_wave`, { order_nos: orderNos, picking_type: PICKING_TYPE.values.PICK_TO_WAVE });
    expect(res.retcode, res.message).toBe(0);
    const tasks = await db().select().from(pickingTasks).where(and(eq(pickingTasks.whsId, WHS), eq(pickingTasks.waveNo, res.data.wave.wave_no)));
    // 12 units at 6 a picker: one task of the zone, split by the wave into two sub-picking tasks of 6.
    expect(tasks.filter((t) => t.parentTaskNo !== null).map((t) => t.totalQty)).toEqual([6, 6]);
    expect(tasks.filter((t) => t.parentTaskNo === null).map((t) => [t.totalQty, t.status])).toEqual([[12, TASK_STATUS.values.SPLIT]]);

    // A capacity the wave names wins over the rule.
    const more = await ordersIn((await privateZone(2, STORAGE_AREA.values.PICKING_AREA)).cells, 3);
    const named = await supervisor.post(`${WAVE}/create_manual_wave`, { order_nos: more, picking_type: PICKING_TYPE.values.PICK_TO_WAVE, max_units_per_task: 100 });
    expect(named.data.task_nos).toHaveLength(1);

    const picker = await signIn('Operator');
    const claim = await picker.post(CLAIM, { task_no: res.data.task_nos[0], container_code: await container() });
    expect(claim.retcode, claim.message).toBe(0);
    expect(claim.data.pick_rule).toEqual({ allow_typed_qty: true });
    // A zone without a rule of its own follows the warehouse's (seeded: units counted by scans).
    const elsewhere = await picker.post(CLAIM, { task_no: named.data.task_nos[0], container_code: await container() });
    expect(elsewhere.data.pick_rule).toEqual({ allow_typed_qty: false });
  });

  test('one rule a zone: a second is refused, naming the first', async () => {
    const { zoneId } = await privateZone(1, STORAGE_AREA.values.PICKING_AREA);
    await createRule(`${PICKING_RULES}/create_picking_rule`, { zone_id: zoneId, max_units_per_task: 10, status: 1, picking_type: 1, allow_typed_qty: 0 });
    const again = await supervisor.post(`${PICKING_RULES}/create_picking_rule`, { zone_id: zoneId, max_units_per_task: 20, status: 1, picking_type: 1, allow_typed_qty: 0 });
    expect(again.retcode).toBe(RET.BAD_INPUT);
    expect(again.data.issues[0].path).toBe('zone_id');
  });
});

// ---- picking skills ----

describe('picking skills (Rule Center › Picking Skills)', () => {
  test('the next task is one of the operator\'s zones; a task of another zone is refused; without skills, any zone', async () => {
    const home = await privateZone(1, STORAGE_AREA.values.PICKING_AREA, 1);
    const away = await privateZone(1, STORAGE_AREA.values.PICKING_AREA, 1);
    // The away task is released first, so it is the oldest pending one.
    const awayWave = await supervisor.post(`${WAVE}/create_manual_wave`, { order_nos: await ordersIn(away.cells, 1) });
    const homeWave = await supervisor.post(`${WAVE}/create_manual_wave`, { order_nos: await ordersIn(home.cells, 1) });
    const skilled = await newUser('Operator');
    const created = await supervisor.post(`${SKILLS}/create_picking_skill`, { user_id: skilled.userId, zone_ids: ` ${home.zoneId}, ${home.zoneId} ` });
    expect(created.retcode, created.message).toBe(0);
    expect(created.data.zone_ids).toBe(home.zoneId);
    const picker = await server.login(skilled.email);

    const refused = await picker.post(CLAIM, { task_no: awayWave.data.task_nos[0] });
    expect(refused.retcode).toBe(RET.PICK_ZONE_NOT_SKILLED);
    expect(refused.data).toEqual({ zone_id: away.zoneId, skill_zones: [home.zoneId] });
    expect(refused.message).toContain(away.zoneId);
    const [untouched] = await db().select().from(pickingTasks).where(and(eq(pickingTasks.whsId, WHS), eq(pickingTasks.taskNo, awayWave.data.task_nos[0])));
    expect(untouched!.assigneeId).toBeNull();

    const next = await picker.post(CLAIM, {});
    expect(next.retcode, next.message).toBe(0);
    expect(next.data.task.task_no).toBe(homeWave.data.task_nos[0]);
    expect(next.data.task.zone_id).toBe(home.zoneId);

    // The skills edited to the away zone: that task is the operator's to claim now.
    const edited = await supervisor.post(`${SKILLS}/update_picking_skill`, { user_id: skilled.userId, zone_ids: `${away.zoneId},${home.zoneId}` });
    expect(edited.retcode, edited.message).toBe(0);
    expect((await picker.post(CLAIM, { task_no: awayWave.data.task_nos[0] })).retcode).toBe(0);

    // An operator without skills claims in any zone.
    const free = await signIn('Operator');
    const third = await supervisor.post(`${WAVE}/create_manual_wave`, { order_nos: await ordersIn(away.cells, 1) });
    expect((await free.post(CLAIM, { task_no: third.data.task_nos[0] })).retcode).toBe(0);
  });

  test('skills name zones of the warehouse, for one of its members, once', async () => {
    const member = await newUser('Operator');
    const unknownZone = await supervisor.post(`${SKILLS}/create_picking_skill`, { user_id: member.userId, zone_ids: 'NO-SUCH-ZONE' });
    expect(unknownZone.retcode).toBe(RET.BAD_INPUT);
    expect(unknownZone.data.issues[0].path).toBe('zone_ids');
    const stranger = await server.createUser({ email: `rules${++userCounter}@demo.local`, warehouses: ['IDJKT1'] });
    const elsewhere = await supervisor.post(`${SKILLS}/create_picking_skill`, { user_id: stranger.userId, zone_ids: 'A01' });
    expect(elsewhere.retcode).toBe(RET.BAD_INPUT);
    expect(elsewhere.data.issues[0].path).toBe('user_id');
    const { zoneId } = await privateZone(1, STORAGE_AREA.values.PICKING_AREA);
    expect((await supervisor.post(`${SKILLS}/create_picking_skill`, { user_id: member.userId, zone_ids: zoneId })).retcode).toBe(0);
    const twice = await supervisor.post(`${SKILLS}/create_picking_skill`, { user_id: member.userId, zone_ids: zoneId });
    expect(twice.retcode).toBe(RET.BAD_INPUT);
  });
});

// ---- auto waves ----

const run = (client: TestClient, ruleId: number | null) => client.post(`${WAVE}/run_auto_wave`, { rule_id: ruleId });
const waveOf = async (orderNos: readonly string[]) => new Map((await db().select({ orderNo: salesOrders.orderNo, waveNo: salesOrders.waveNo, status: salesOrders.status })
  .from(salesOrders).where(and(eq(salesOrders.whsId, WHS), inArray(salesOrders.orderNo, [...orderNos])))).map((r) => [r.orderNo, r]));

describe('auto wave rule (Rule Center › Wave Rules › Auto Wave Rule)', () => {
  test('a run waves the shop\'s eligible orders by priority then age, within the orders and units of a wave; on hold, short and other shops stay', async () => {
    const shopId = await newShop();
    const { cells: cellCodes } = await privateZone(8, STORAGE_AREA.values.PICKING_AREA);
    const [a, b, c, d] = await ordersIn(cellCodes.slice(0, 4), 2, { shop_id: shopId });
    const [urgent] = await ordersIn(cellCodes.slice(4, 5), 2, { shop_id: shopId, priority: ORDER_PRIORITY.values.PRIORITY });
    const [held] = await ordersIn(cellCodes.slice(5, 6), 2, { shop_id: shopId, priority: ORDER_PRIORITY.values.ON_HOLD });
    const [big] = await ordersIn(cellCodes.slice(6, 7), 7, { shop_id: shopId });
    const [otherShop] = await ordersIn(cellCodes.slice(7, 8), 2, { shop_id: await newShop() });
    // Short: its one unit is taken by an order of another shop first.
    const shortSku = await sku();
    await stock(shortSku, [{ cell: (await privateZone(1, STORAGE_AREA.values.PICKING_AREA)).cells[0]!, qty: 1 }]);
    const short = (await createOrder([{ sku_id: shortSku, qty: 1 }], { shop_id: shopId })).order_no;
    await allocate((await createOrder([{ sku_id: shortSku, qty: 1 }])).order_no);

    const ruleId = await createRule(`${AUTO_RULES}/create_auto_wave_rule`, {
      rule_name: 'Test shop', shop_id: shopId, max_orders: 2, max_units: 6, picking_type: PICKING_TYPE.values.PICK_TO_ORDER, interval_minutes: 60, status: 1,
    });
    const res = await run(supervisor, ruleId);
    expect(res.retcode, res.message).toBe(0);
    const [result] = res.data.runs;
    expect(result.rule_id).toBe(ruleId);
    expect(result.waves.map((w: { order_count: number }) => w.order_count)).toEqual([2, 2, 1]);
    expect(result.waves.every((w: { is_manual: boolean; unit_count: number }) => !w.is_manual && w.unit_count <= 6)).toBe(true);
    // Each wave names the rule that released it, in the run's answer and on its detail.
    for (const w of result.waves) expect(w.auto_wave_rule).toEqual({ rule_id: ruleId, rule_name: 'Test shop' });
    const detail = await supervisor.get(`${WAVE}/get_wave_detail`, { wave_no: result.waves[0].wave_no });
    expect(detail.retcode, detail.message).toBe(0);
    expect(detail.data.wave.auto_wave_rule).toEqual({ rule_id: ruleId, rule_name: 'Test shop' });
    expect(result.skipped.map((s: { order_no: string }) => s.order_no)).toEqual([short]);

    const rows = await waveOf([a!, b!, c!, d!, urgent!, held!, big!, otherShop!, short]);
    const waveNos = result.waves.map((w: { wave_no: string }) => w.wave_no);
    // Priority first, then by age.
    expect(rows.get(urgent!)!.waveNo).toBe(waveNos[0]);
    expect(rows.get(a!)!.waveNo).toBe(waveNos[0]);
    expect([rows.get(b!)!.waveNo, rows.get(c!)!.waveNo]).toEqual([waveNos[1], waveNos[1]]);
    expect(rows.get(d!)!.waveNo).toBe(waveNos[2]);
    for (const orderNo of [a!, b!, c!, d!, urgent!]) expect(rows.get(orderNo)!.status).toBe(S.PICKING);
    for (const orderNo of [held!, big!, otherShop!]) expect(rows.get(orderNo)!).toMatchObject({ waveNo: null, status: S.CREATED });
    expect(rows.get(short)!).toMatchObject({ waveNo: null, status: S.PENDING_PICK });
    const [log] = await db().select().from(salesOrderLogs).where(and(eq(salesOrderLogs.whsId, WHS), eq(salesOrderLogs.orderNo, a!), eq(salesOrderLogs.toStatus, S.PICKING)));
    expect(log!.note).toContain('auto wave');
    const [rule] = await db().select().from(autoWaveRules).where(and(eq(autoWaveRules.whsId, WHS), eq(autoWaveRules.ruleId, ruleId)));
    expect(rule!.lastRunAt).not.toBeNull();

    // Nothing left to wave: a second run releases nothing.
    const again = await run(supervisor, ruleId);
    expect(again.data.runs[0].waves).toEqual([]);
  });

  test('filters: cut-off window, order priority, shop group, single-item orders', async () => {
    const [group] = await db().insert(shopGroups).values({ whsId: WHS, groupId: 'RGROUP1', groupName: 'Rules group' }).returning();
    const shopId = await newShop(group!.groupId);
    const { cells: cellCodes } = await privateZone(6, STORAGE_AREA.values.PICKING_AREA);
    const soon = Math.floor(Date.now() / 1000) + 30 * 60;
    const later = Math.floor(Date.now() / 1000) + 5 * 3600;
    const [dueSoon] = await ordersIn(cellCodes.slice(0, 1), 1, { shop_id: shopId, cutoff_at: soon, priority: ORDER_PRIORITY.values.PRIORITY });
    const [dueLater] = await ordersIn(cellCodes.slice(1, 2), 1, { shop_id: shopId, cutoff_at: later, priority: ORDER_PRIORITY.values.PRIORITY });
    const [noCutoff] = await ordersIn(cellCodes.slice(2, 3), 1, { shop_id: shopId, priority: ORDER_PRIORITY.values.PRIORITY });
    const [normal] = await ordersIn(cellCodes.slice(3, 4), 1, { shop_id: shopId, cutoff_at: soon });
    const urgentRule = await createRule(`${AUTO_RULES}/create_auto_wave_rule`, {
      rule_name: 'Group: priority due within the hour', shop_group_id: group!.groupId, cutoff_within_minutes: 60, order_priority: ORDER_PRIORITY.values.PRIORITY,
      max_orders: 100, max_units: 1000, picking_type: 1, interval_minutes: 15, status: 1,
    });
    const urgentRun = await run(supervisor, urgentRule);
    expect(urgentRun.retcode, urgentRun.message).toBe(0);
    let rows = await waveOf([dueSoon!, dueLater!, noCutoff!, normal!]);
    expect([...rows.values()].filter((r) => r.waveNo !== null).map((r) => r.orderNo)).toEqual([dueSoon]);

    // Single-item orders of the group: one SKU line.
    const skuA = await sku();
    const skuB = await sku();
    await stock(skuA, [{ cell: cellCodes[4]!, qty: 10 }]);
    await stock(skuB, [{ cell: cellCodes[5]!, qty: 10 }]);
    const multi = (await createOrder([{ sku_id: skuA, qty: 1 }, { sku_id: skuB, qty: 1 }], { shop_id: shopId })).order_no;
    const single = (await createOrder([{ sku_id: skuA, qty: 2 }], { shop_id: shopId })).order_no;
    const singles = await createRule(`${AUTO_RULES}/create_auto_wave_rule`, {
      rule_name: 'Group: single-item', shop_group_id: group!.groupId, item_kind: ORDER_ITEM_KIND.values.SINGLE_ITEM, max_orders: 100, max_units: 1000,
      picking_type: PICKING_TYPE.values.PICK_TO_WAVE, interval_minutes: 15, status: 1,
    });
    const singleRun = await run(supervisor, singles);
    expect(singleRun.data.runs[0].waves[0].picking_type).toBe(PICKING_TYPE.values.PICK_TO_WAVE);
    rows = await waveOf([multi, single, dueLater!, noCutoff!, normal!]);
    expect(rows.get(multi)!.waveNo).toBeNull();
    for (const orderNo of [single, dueLater!, noCutoff!, normal!]) expect(rows.get(orderNo)!.waveNo).not.toBeNull();
  });

  test('an unknown rule is -100404, an inactive one is refused', async () => {
    expect((await run(supervisor, 999_999)).retcode).toBe(RET.NOT_FOUND);
    const off = await createRule(`${AUTO_RULES}/create_auto_wave_rule`, { rule_name: 'Off', max_orders: 1, max_units: 1, picking_type: 1, interval_minutes: 5, status: 2 });
    const res = await run(supervisor, off);
    expect(res.retcode).toBe(RET.BAD_INPUT);
  });

  test('two runs racing never wave an order twice', async () => {
    const shopId = await newShop();
    const { cells: cellCodes } = await privateZone(12, STORAGE_AREA.values.PICKING_AREA);
    const orderNos = await ordersIn(cellCodes, 1, { shop_id: shopId });
    const ruleId = await createRule(`${AUTO_RULES}/create_auto_wave_rule`, {
      rule_name: 'Race', shop_id: shopId, max_orders: 3, max_units: 100, picking_type: 1, interval_minutes: 60, status: 1,
    });
    const other = await signIn('Supervisor');
    const [ra, rb] = await Promise.all([run(supervisor, ruleId), run(other, ruleId)]);
    expect([ra.retcode, rb.retcode], `${ra.message} / ${rb.message}`).toEqual([0, 0]);
    const waved = [...ra.data.runs[0].waves, ...rb.data.runs[0].waves] as { wave_no: string; order_count: number }[];
    expect(waved.reduce((sum, w) => sum + w.order_count, 0)).toBe(12);
    const rows = await waveOf(orderNos);
    expect([...rows.values()].every((r) => r.status === S.PICKING && r.waveNo !== null)).toBe(true);
    const perWave = new Map<string, number>();
    for (const r of rows.values()) perWave.set(r.waveNo!, (perWave.get(r.waveNo!) ?? 0) + 1);
    expect([...perWave.keys()].sort()).toEqual(waved.map((w) => w.wave_no).sort());
    for (const w of waved) expect(perWave.get(w.wave_no)).toBe(w.order_count);
    // Every allocation is on exactly one task of its order's wave.
    const allocs = await db().select({ orderNo: outboundAllocations.orderNo, waveNo: pickingTasks.waveNo }).from(outboundAllocations)
      .innerJoin(pickingTasks, and(eq(pickingTasks.whsId, outboundAllocations.whsId), eq(pickingTasks.taskNo, outboundAllocations.taskNo)))
      .where(and(eq(outboundAllocations.whsId, WHS), inArray(outboundAllocations.orderNo, orderNos)));
    expect(allocs).toHaveLength(12);
    for (const a of allocs) expect(a.waveNo).toBe(rows.get(a.orderNo)!.waveNo);
  });

  test('the schedule: a due rule is claimed by one of two processes racing, runs, and waits its interval', async () => {
    // Only this test's rule is due: the others ran (or are off).
    await db().update(autoWaveRules).set({ lastRunAt: sql`now()` }).where(eq(autoWaveRules.whsId, WHS));
    const shopId = await newShop();
    const orderNos = await ordersIn((await privateZone(3, STORAGE_AREA.values.PICKING_AREA)).cells, 1, { shop_id: shopId });
    const ruleId = await createRule(`${AUTO_RULES}/create_auto_wave_rule`, {
      rule_name: 'Scheduled', shop_id: shopId, max_orders: 10, max_units: 100, picking_type: 1, interval_minutes: 10, status: 1,
    });
    const mine = (rules: { whsId: string; ruleId: number }[]) => rules.filter((r) => r.whsId === WHS && r.ruleId === ruleId);
    const [first, second] = await Promise.all([claimDueRules(db()), claimDueRules(db())]);
    expect(mine(first).length + mine(second).length).toBe(1);
    expect(mine(await claimDueRules(db()))).toHaveLength(0);
    // Due again (its interval passed): the scheduler started as main.ts starts it runs it.
    await db().update(autoWaveRules).set({ lastRunAt: sql`now() - interval '11 minutes'` }).where(and(eq(autoWaveRules.whsId, WHS), eq(autoWaveRules.ruleId, ruleId)));
    const scheduler = startAutoWaveScheduler(db(), { pollMs: 50 });
    try {
      await expect.poll(async () => [...(await waveOf(orderNos)).values()].filter((r) => r.waveNo !== null).length, { timeout: 10_000 }).toBe(3);
    } finally {
      await scheduler.stop();
    }
    expect((await runDueAutoWaves(db())).filter((r) => r.rule_id === ruleId)).toEqual([]);
  });
});

// ---- wave rules, grouping rules, store group templates, wave groups, and the Wave Plan ----

const plan = (client: TestClient, ruleId: number) => client.get(`${WAVE}/get_wave_plan`, { rule_id: ruleId });
async function create(path: string, body: Record<string, unknown>, key: string): Promise<number> {
  const res = await supervisor.post(`${WAVE_RULES}/${path}`, body);
  expect(res.retcode, res.message).toBe(0);
  return res.data[key] as number;
}
type PlannedWave = { step: number; wave_rule_id: number | null; picking_type: number; group: Record<string, unknown>; order_count: number; unit_count: number; sku_count: number; order_nos: string[] };
type Held = { reason: number; order_count: number; order_nos: string[] };

describe('wave rules through a wave group (Rule Center › Wave Rules), and the Wave Plan', () => {
  test('the plan previews what the run then releases: template scope, steps in order, grouping by shop and by zones, minimum, picking type, task size', async () => {
    const [group] = await db().insert(shopGroups).values({ whsId: WHS, groupId: 'RGROUP2', groupName: 'Template group' }).returning();
    const shopA = await newShop();
    const shopB = await newShop(group!.groupId);
    const shopC = await newShop();
    const z1 = await privateZone(6, STORAGE_AREA.values.PICKING_AREA);
    const z2 = await privateZone(3, STORAGE_AREA.values.PICKING_AREA);
    const P = ORDER_PRIORITY.values.PRIORITY;
    const [p1, p2] = await ordersIn(z2.cells.slice(0, 2), 1, { shop_id: shopA, priority: P });
    const [p3] = await ordersIn(z2.cells.slice(2, 3), 1, { shop_id: shopB, priority: P });
    const [p4] = await ordersIn(z1.cells.slice(5, 6), 1, { shop_id: shopC, priority: P });
    // n1: two lines in zone 1; n2: one line in zone 1; n3: alone in zone 2 (below the minimum of 2).
    const skuX = await sku();
    const skuY = await sku();
    await stock(skuX, [{ cell: z1.cells[0]!, qty: 10 }]);
    await stock(skuY, [{ cell: z1.cells[1]!, qty: 10 }]);
    const n1 = (await createOrder([{ sku_id: skuX, qty: 1 }, { sku_id: skuY, qty: 1 }], { shop_id: shopA })).order_no;
    const [n2] = await ordersIn(z1.cells.slice(2, 3), 1, { shop_id: shopB });
    const [held] = await ordersIn(z1.cells.slice(3, 4), 1, { shop_id: shopA, priority: ORDER_PRIORITY.values.ON_HOLD });
    const n3Sku = await sku();
    await stock(n3Sku, [{ cell: (await privateZone(1, STORAGE_AREA.values.PICKING_AREA)).cells[0]!, qty: 5 }]);
    const n3 = (await createOrder([{ sku_id: n3Sku, qty: 1 }, { sku_id: skuX, qty: 1 }], { shop_id: shopA })).order_no;
    for (const orderNo of [n1, n2!, n3]) await allocate(orderNo);

    const template = await create('create_store_group_template', { template_name: 'Shop A and group 2', shop_ids: `${shopA}`, shop_group_ids: group!.groupId, status: 1 }, 'template_id');
    const byShop = await create('create_grouping_rule', { rule_name: 'By shop', by_shop: 1, status: 1 }, 'rule_id');
    const byZones = await create('create_grouping_rule', { rule_name: 'By zones', by_zones: 1, status: 1 }, 'rule_id');
    const singles = await create('create_wave_rule', {
      rule_name: 'Priority singles', grouping_rule_id: byShop, order_priority: P, item_kind: ORDER_ITEM_KIND.values.SINGLE_ITEM,
      picking_type: PICKING_TYPE.values.PICK_TO_WAVE, max_orders: 10, max_units: 100, status: 1,
    }, 'rule_id');
    const rest = await create('create_wave_rule', {
      rule_name: 'The rest by zone', grouping_rule_id: byZones, picking_type: PICKING_TYPE.values.PICK_TO_ORDER, max_orders: 5, max_units: 100,
      min_orders: 2, max_units_per_task: 1, status: 1,
    }, 'rule_id');
    const waveGroup = await create('create_wave_group', { group_name: 'Singles then the rest', wave_rule_ids: `${singles}, ${rest}`, status: 1 }, 'group_id');
    const ruleId = await createRule(`${AUTO_RULES}/create_auto_wave_rule`, {
      rule_name: 'Template through the group', store_group_template_id: template, wave_group_id: waveGroup,
      max_orders: 1, max_units: 1, picking_type: 1, interval_minutes: 60, status: 1,
    });

    const preview = await plan(supervisor, ruleId);
    expect(preview.retcode, preview.message).toBe(0);
    const [rulePlan] = preview.data.rules;
    expect(rulePlan).toMatchObject({ rule_id: ruleId, wave_group_id: waveGroup, wave_group_name: 'Singles then the rest', step_count: 2, last_run_at: null });
    const waves = rulePlan.waves as PlannedWave[];
    // Step 1, by shop: shop A's two priority singles, shop B's one (shop C is outside the template).
    expect(waves.map((w) => [w.step, w.wave_rule_id, w.picking_type, w.order_nos.slice().sort()])).toEqual([
      [0, singles, PICKING_TYPE.values.PICK_TO_WAVE, [p1, p2].sort()],
      [0, singles, PICKING_TYPE.values.PICK_TO_WAVE, [p3]],
      [1, rest, PICKING_TYPE.values.PICK_TO_ORDER, [n1, n2].sort()],
    ]);
    expect(waves[0]!.group).toEqual({ shop_id: shopA });
    expect(waves[2]!.group).toEqual({ zone_ids: [z1.zoneId] });
    expect(waves[2]).toMatchObject({ unit_count: 3, sku_count: 3 });
    const heldBy = new Map((rulePlan.held as Held[]).map((h) => [h.reason, h.order_nos]));
    expect(heldBy.get(WAVE_HELD_REASON.values.ON_HOLD)).toEqual([held]);
    expect(heldBy.get(WAVE_HELD_REASON.values.BELOW_MINIMUM)).toEqual([n3]);
    expect(JSON.stringify(rulePlan)).not.toContain(p4);
    // A preview changes nothing.
    expect([...(await waveOf([p1!, n1])).values()].every((r) => r.waveNo === null)).toBe(true);

    const res = await run(supervisor, ruleId);
    expect(res.retcode, res.message).toBe(0);
    const released = res.data.runs[0].waves as { wave_no: string; picking_type: number; order_count: number; task_count: number }[];
    expect(released.map((w) => [w.picking_type, w.order_count])).toEqual(waves.map((w) => [w.picking_type, w.order_count]));
    // The rest's tasks hold one unit each: n1's two lines are two tasks, n2's one.
    expect(released[2]!.task_count).toBe(3);
    const rows = await waveOf([p1!, p2!, p3!, p4!, n1, n2!, n3, held!]);
    expect(rows.get(p1!)!.waveNo).toBe(released[0]!.wave_no);
    expect(rows.get(p3!)!.waveNo).toBe(released[1]!.wave_no);
    expect(rows.get(n1)!.waveNo).toBe(released[2]!.wave_no);
    for (const orderNo of [p4!, n3, held!]) expect(rows.get(orderNo)!.waveNo).toBeNull();

    const after = (await plan(supervisor, ruleId)).data.rules[0];
    expect(after.waves).toEqual([]);
    expect(after.last_run_at).not.toBeNull();
    expect(after.next_run_at).toBe(after.last_run_at + 60 * 60);
  });

  test('grouped by store group template, the plan names each group\'s template', async () => {
    const shop = await newShop();
    const zone = await privateZone(1, STORAGE_AREA.values.PICKING_AREA);
    const [orderNo] = await ordersIn(zone.cells, 1, { shop_id: shop });
    await allocate(orderNo!);
    const template = await create('create_store_group_template', { template_name: 'Named in the plan', shop_ids: shop, status: 1 }, 'template_id');
    const byTemplate = await create('create_grouping_rule', { rule_name: 'By template', by_store_template: 1, status: 1 }, 'rule_id');
    const waveRule = await create('create_wave_rule', {
      rule_name: 'Templates apart', grouping_rule_id: byTemplate, picking_type: PICKING_TYPE.values.PICK_TO_ORDER, max_orders: 50, max_units: 500, status: 1,
    }, 'rule_id');
    const waveGroup = await create('create_wave_group', { group_name: 'Templates', wave_rule_ids: `${waveRule}`, status: 1 }, 'group_id');
    const ruleId = await createRule(`${AUTO_RULES}/create_auto_wave_rule`, {
      rule_name: 'Apart by template', shop_id: shop, wave_group_id: waveGroup, max_orders: 50, max_units: 500, picking_type: 1, interval_minutes: 60, status: 1,
    });
    const waves = (await plan(supervisor, ruleId)).data.rules[0].waves as PlannedWave[];
    expect(waves.map((w) => [w.group, w.order_nos])).toEqual([[{ store_group_template_id: template, store_group_template_name: 'Named in the plan' }, [orderNo]]]);
  });

  test('a cut-off near waives the minimum; a wave closes at its most SKUs; an order larger than a whole wave waits; windows of cut-off keep waves apart', async () => {
    const shopId = await newShop();
    const zone = await privateZone(5, STORAGE_AREA.values.PICKING_AREA);
    const now = Math.floor(Date.now() / 1000);
    const [soon] = await ordersIn(zone.cells.slice(0, 1), 1, { shop_id: shopId, cutoff_at: now + 20 * 60 });
    const [lateA, lateB, lateC] = await ordersIn(zone.cells.slice(1, 4), 1, { shop_id: shopId, cutoff_at: now + 26 * 3600 });
    const [big] = await ordersIn(zone.cells.slice(4, 5), 50, { shop_id: shopId, cutoff_at: now + 26 * 3600 });
    const windows = await create('create_grouping_rule', { rule_name: 'Daily windows', cutoff_window_minutes: 1440, status: 1 }, 'rule_id');
    const shape = await create('create_wave_rule', {
      rule_name: 'Two SKUs a wave', grouping_rule_id: windows, picking_type: 1, max_orders: 10, max_units: 20, max_skus: 2, min_orders: 2,
      min_waived_within_minutes: 60, status: 1,
    }, 'rule_id');
    const waveGroup = await create('create_wave_group', { group_name: 'One step', wave_rule_ids: String(shape), status: 1 }, 'group_id');
    const ruleId = await createRule(`${AUTO_RULES}/create_auto_wave_rule`, {
      rule_name: 'Windows', shop_id: shopId, wave_group_id: waveGroup, max_orders: 1, max_units: 1, picking_type: 1, interval_minutes: 60, status: 1,
    });
    const rulePlan = (await plan(supervisor, ruleId)).data.rules[0];
    const waves = rulePlan.waves as PlannedWave[];
    // The order due in 20 minutes waves alone (its window has no other), the minimum waived; the later three make a
    // wave of two SKUs and leave one below the minimum.
    expect(waves.map((w) => w.order_nos)).toEqual([[soon], [lateA, lateB]]);
    expect(waves[0]!.group.cutoff_from).not.toBe(waves[1]!.group.cutoff_from);
    const heldBy = new Map((rulePlan.held as Held[]).map((h) => [h.reason, h.order_nos]));
    expect(heldBy.get(WAVE_HELD_REASON.values.TOO_LARGE)).toEqual([big]);
    expect(heldBy.get(WAVE_HELD_REASON.values.BELOW_MINIMUM)).toEqual([lateC]);
    const res = await run(supervisor, ruleId);
    expect(res.data.runs[0].waves.map((w: { order_count: number }) => w.order_count)).toEqual([1, 2]);
  });

  test('refusals: a minimum above the maximum, a group naming an unknown rule or one of another warehouse, a template of unknown shops, references across warehouses', async () => {
    const bad = await supervisor.post(`${WAVE_RULES}/create_wave_rule`, { rule_name: 'Min above max', picking_type: 1, max_orders: 2, max_units: 10, min_orders: 3, status: 1 });
    expect(bad.retcode).toBe(RET.BAD_INPUT);
    expect(bad.message).toContain('min_orders');
    const ok = await create('create_wave_rule', { rule_name: 'Fine', picking_type: 1, max_orders: 5, max_units: 10, min_orders: 2, status: 1 }, 'rule_id');
    const lowered = await supervisor.post(`${WAVE_RULES}/update_wave_rule`, { rule_id: ok, max_orders: 1 });
    expect(lowered.retcode).toBe(RET.BAD_INPUT);

    const [foreignGrouping] = await db().insert(waveGroupingRules).values({ whsId: 'MYKUL1', ruleName: 'Elsewhere' }).returning();
    const [foreignRule] = await db().insert(waveRules).values({ whsId: 'MYKUL1', ruleName: 'Elsewhere', maxOrders: 5, maxUnits: 10 }).returning();
    const [foreignGroup] = await db().insert(waveGroups).values({ whsId: 'MYKUL1', groupName: 'Elsewhere', waveRuleIds: String(foreignRule!.ruleId) }).returning();
    for (const [path, body] of [
      ['create_wave_group', { group_name: 'Foreign step', wave_rule_ids: `${ok},${foreignRule!.ruleId}`, status: 1 }],
      ['create_wave_group', { group_name: 'Twice', wave_rule_ids: `${ok},${ok}`, status: 1 }],
      ['create_wave_group', { group_name: 'Not ids', wave_rule_ids: 'abc', status: 1 }],
      ['create_wave_rule', { rule_name: 'Foreign grouping', grouping_rule_id: foreignGrouping!.ruleId, picking_type: 1, max_orders: 5, max_units: 10, status: 1 }],
      ['create_store_group_template', { template_name: 'Nothing', shop_ids: '', shop_group_ids: '', status: 1 }],
      ['create_store_group_template', { template_name: 'Unknown', shop_ids: 'NO-SUCH-SHOP', status: 1 }],
    ] as const) {
      const res = await supervisor.post(`${WAVE_RULES}/${path}`, body);
      expect(res.retcode, `${path} ${JSON.stringify(body)}: ${res.message}`).toBe(RET.BAD_INPUT);
    }
    const foreign = await supervisor.post(`${AUTO_RULES}/create_auto_wave_rule`, {
      rule_name: 'Foreign group', wave_group_id: foreignGroup!.groupId, max_orders: 1, max_units: 1, picking_type: 1, interval_minutes: 5, status: 1,
    });
    expect(foreign.retcode).toBe(RET.BAD_INPUT);
    // A group of this warehouse's rule is kept as typed, in run order.
    const second = await create('create_wave_rule', { rule_name: 'Second', picking_type: 1, max_orders: 5, max_units: 10, status: 1 }, 'rule_id');
    const groupRes = await supervisor.post(`${WAVE_RULES}/create_wave_group`, { group_name: 'Order kept', wave_rule_ids: `${second} ${ok}`, status: 1 });
    expect(groupRes.data.wave_rule_ids).toBe(`${second},${ok}`);
  });

  test('the plan of another warehouse\'s rule is -100404; an operator without the Wave Plan is refused', async () => {
    const [foreign] = await db().insert(autoWaveRules).values({ whsId: 'MYKUL1', ruleName: 'Elsewhere', maxOrders: 1, maxUnits: 1, intervalMinutes: 5 }).returning();
    expect((await plan(supervisor, foreign!.ruleId)).retcode).toBe(RET.NOT_FOUND);
    const all = await supervisor.get(`${WAVE}/get_wave_plan`, {});
    expect(all.retcode, all.message).toBe(0);
    expect(all.data.rules.some((r: { rule_id: number }) => r.rule_id === foreign!.ruleId)).toBe(false);
    const operator = await signIn('Operator');
    expect((await operator.get(`${WAVE}/get_wave_plan`, {})).retcode).not.toBe(0);
  });
});
