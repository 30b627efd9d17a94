import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { receivingSetup } from '../support/new-warehouse';
import { inTransaction, testItem, type TestItem } from '../support/stock-fixture';
import { categoryNodes, skus } from '../../src/server/db/schema';
import { postStock } from '../../src/server/modules/inventory/ledger';
import { runPendingAbcRuns } from '../../src/server/modules/inventory/abc';
import { dueSkus, readFrequencyRules } from '../../src/server/modules/inventory/cycle-count-frequency';
import { contract } from '../../src/shared/contract';
import { ABC_CLASS, INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE, QUALITY } from '../../src/shared/codes';
import { RET } from '../../src/shared/retcodes';

/** ABC classification, high value and cycle count frequency rules (spec §7 ABC calls; §2 Rule Center; docs/inventory-accuracy.md). */

const ABC = '/apps/basic/abc';
const HV = '/apps/rulecenter/highvalue';
const FREQ = '/apps/rulecenter/cyclecountfrequency';
const SG = 'SGSIN1';
/** A warehouse of this file's own: its SKUs, ledger and classes are known exactly. */
const W = 'SGABC1';
const { SA, A, B, C, EXCLUDED } = ABC_CLASS.values;

let server: TestServer;
let admin: TestClient;
let adminW: TestClient;
let operator: TestClient;
/** P1…P7 of W: picks 50, 30, 10, 6, 4, none, and 100 of an excluded category. */
let items: TestItem[];

const ok = <T,>(res: { retcode: number; message: string; data: T }) => {
  expect(res.retcode, res.message).toBe(0);
  return res.data;
};

const CELL = 'R01-01-01-1';

/** Posts ledger rows of one type out of (credit) the cell, after putting the units in. */
async function moved(item: TestItem, qty: number, txnType: number) {
  const line = { location: CELL, skuId: item.skuId, batchId: item.batchId, quality: QUALITY.values.GOOD, qty };
  await inTransaction(server.database.db, async (tx) => {
    await postStock(tx, W, [{ ...line, txnType: INVENTORY_TRANSACTION_TYPE.values.ADJUST_INCREASE, direction: INVENTORY_TRANSACTION_DIRECTION.values.DEBIT }],
      { refType: 'ADJUSTMENT', refNo: 'ABC-SETUP', operatorId: null });
    await postStock(tx, W, [{ ...line, txnType, direction: INVENTORY_TRANSACTION_DIRECTION.values.CREDIT }], { refType: 'SALES_ORDER', refNo: 'ABC-TEST', operatorId: null });
  });
}

const classesOf = async (whsId: string, ids?: string[]) => new Map((await server.database.db.select({ id: skus.skuId, abc: skus.abcClass, hv: skus.isHighValue }).from(skus)
  .where(and(eq(skus.whsId, whsId), ...(ids ? [inArray(skus.skuId, ids)] : [])))).map((r) => [r.id, { abc: r.abc, hv: r.hv }]));

const saveConfig = (client: TestClient, more: Record<string, unknown> = {}) => client.post(`${ABC}/update_new_abc_config`, {
  basis: 1, window_days: 30, a_max_pct: 80, b_max_pct: 95, sa_top_n: 0, excluded_categories: ['Office'], ...more,
});

/** Asks a run, runs the queue to the end and answers the finished run. */
async function calculate(client: TestClient) {
  const asked = ok(await client.post(`${ABC}/run_calculate_abc`, {}));
  expect(asked.status).toBe(0);
  await runPendingAbcRuns(server.database.db);
  const history = ok(await client.get(`${ABC}/search_abc_run_calculate_history`));
  expect(history.running).toBeNull();
  const run = history.list.find((r: { task_id: number }) => r.task_id === asked.task_id);
  expect(run).toMatchObject({ status: 2, progress: 100, operator: 'admin@demo.local' });
  return run;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.loginAt('admin@demo.local', SG);
  operator = await server.loginAt('operator@demo.local', SG);
  ok(await admin.post(contract.createWarehouse.path, { whs_id: W, whs_name: 'ABC test', time_region: 'Asia/Singapore', is_use_channel: 0, quota_mode: 0 }));
  adminW = await server.loginAt('admin@demo.local', W);
  const setup = receivingSetup(W);
  for (const [path, body] of setup.calls.slice(0, 5)) {
    // The cells: A, B and one not classified yet.
    const cellClass = { 'R01-01-01-1': A, 'R01-01-01-2': B }[String(body.location_code)];
    ok(await adminW.post(path, cellClass === undefined ? body : { ...body, abc_class: cellClass }));
  }
  const db = server.database.db;
  await db.insert(categoryNodes).values([
    { whsId: W, categoryId: 'C01', parentId: null, level: 1, categoryName: 'Electronics' },
    { whsId: W, categoryId: 'C02', parentId: null, level: 1, categoryName: 'Office' },
    { whsId: W, categoryId: 'C0201', parentId: 'C02', level: 2, categoryName: 'Office Paper' },
  ]);
  items = [];
  for (let i = 1; i <= 7; i++) items.push(await testItem(db, W, 'ABCP'));
  const category = ['Electronics', 'Electronics', 'Toys', 'Toys', 'Toys', 'Toys', 'Office'];
  const unitValue = [2, 70, 5, 100, null, 100, 100];
  for (const [i, item] of items.entries()) {
    await db.update(skus).set({ category: category[i], unitValue: unitValue[i] }).where(and(eq(skus.whsId, W), eq(skus.skuId, item.skuId)));
  }
  const PICKING = INVENTORY_TRANSACTION_TYPE.values.PICKING;
  const SHIP = INVENTORY_TRANSACTION_TYPE.values.SHIP_ORDER;
  for (const [i, qty] of [50, 30, 10, 6, 4, 0, 100].entries()) if (qty > 0) await moved(items[i]!, qty, PICKING);
  // Shipped: P1 5 × 2 = 10, P2 1 × 70 = 70, P3 4 × 5 = 20, P5 10 × no value = 0, P7 excluded.
  for (const [i, qty] of [5, 1, 4, 0, 10, 0, 3].entries()) if (qty > 0) await moved(items[i]!, qty, SHIP);
});
afterAll(async () => {
  await server?.close();
});

describe('ABC settings', () => {
  test('a warehouse without settings reads the defaults; a save is logged with who, when, before and after', async () => {
    expect(ok(await adminW.get(`${ABC}/search_new_abc_config`))).toMatchObject({
      is_default: 1, basis: 1, window_days: 30, a_max_pct: 80, b_max_pct: 95, sa_top_n: 0, excluded_categories: [], updated_by: null,
    });
    expect(ok(await adminW.get(`${ABC}/search_abc_config_modify_log`))).toMatchObject({ list: [], total: 0, page_no: 1, page_size: 20 });
    const saved = ok(await saveConfig(adminW));
    expect(saved).toMatchObject({ is_default: 0, excluded_categories: ['Office'], updated_by: 'admin@demo.local' });
    expect(saved.updated_at).toBeGreaterThan(1_700_000_000);
    // The same settings again change and log nothing.
    ok(await saveConfig(adminW));
    const second = ok(await saveConfig(adminW, { window_days: 7, sa_top_n: 1 }));
    expect(second).toMatchObject({ window_days: 7, sa_top_n: 1 });
    const log = ok(await adminW.get(`${ABC}/search_abc_config_modify_log`));
    expect(log.total).toBe(2);
    expect(log.list[0]).toMatchObject({
      operator: 'admin@demo.local', changed: ['window_days', 'sa_top_n'],
      old_value: { window_days: 30, sa_top_n: 0 }, new_value: { window_days: 7, sa_top_n: 1 },
    });
    expect(log.list[1]).toMatchObject({ changed: ['excluded_categories'], old_value: { excluded_categories: [] }, new_value: { excluded_categories: ['Office'] } });
    expect(ok(await adminW.get(`${ABC}/search_abc_config_modify_log`, { page_no: 2, page_size: 20 })).list).toEqual([]);
    // The demo warehouse keeps its own settings and log.
    expect(ok(await admin.get(`${ABC}/search_new_abc_config`))).toMatchObject({ is_default: 0, sa_top_n: 5, window_days: 30 });
    expect(ok(await admin.get(`${ABC}/search_abc_config_modify_log`)).total).toBe(1);
    ok(await saveConfig(adminW, { window_days: 30, sa_top_n: 0 }));
  });

  test('thresholds must ascend within 1–100, windows are the spec\'s, exclusions L1 categories of the warehouse; a refusal changes nothing', async () => {
    const before = ok(await adminW.get(`${ABC}/search_new_abc_config`));
    const logged = ok(await adminW.get(`${ABC}/search_abc_config_modify_log`)).total;
    const refused: [Record<string, unknown>, number][] = [
      [{ a_max_pct: 95, b_max_pct: 80 }, RET.ABC_THRESHOLDS_NOT_ASCENDING],
      [{ a_max_pct: 90, b_max_pct: 90 }, RET.ABC_THRESHOLDS_NOT_ASCENDING],
      [{ a_max_pct: 0 }, RET.BAD_INPUT],
      [{ b_max_pct: 101 }, RET.BAD_INPUT],
      [{ a_max_pct: 50.5 }, RET.BAD_INPUT],
      [{ window_days: 45 }, RET.BAD_INPUT],
      [{ basis: 3 }, RET.BAD_INPUT],
      [{ sa_top_n: -1 }, RET.BAD_INPUT],
      [{ excluded_categories: ['Office Paper'] }, RET.ABC_CATEGORY_UNKNOWN],
      [{ excluded_categories: ['Groceries'] }, RET.ABC_CATEGORY_UNKNOWN],
    ];
    for (const [change, retcode] of refused) {
      const res = await saveConfig(adminW, change);
      expect(res.retcode, JSON.stringify(change)).toBe(retcode);
      expect(res.message).not.toBe('');
    }
    expect((await saveConfig(adminW, { a_max_pct: 95, b_max_pct: 80 })).data).toEqual({ a_max_pct: 95, b_max_pct: 80 });
    expect((await saveConfig(adminW, { excluded_categories: ['Office', 'Groceries'] })).data).toEqual({ unknown: ['Groceries'] });
    expect(ok(await adminW.get(`${ABC}/search_new_abc_config`))).toEqual(before);
    expect(ok(await adminW.get(`${ABC}/search_abc_config_modify_log`)).total).toBe(logged);
  });

  test('the L1 category picker: names starting with the prefix, any case, of the warehouse\'s tree', async () => {
    expect(ok(await adminW.get(`${ABC}/get_category_l1_by_prefix`, { prefix: 'of' })).list).toEqual([{ category_id: 'C02', category_name: 'Office' }]);
    expect(ok(await adminW.get(`${ABC}/get_category_l1_by_prefix`, { prefix: '' })).list.map((c: { category_name: string }) => c.category_name)).toEqual(['Electronics', 'Office']);
    expect(ok(await adminW.get(`${ABC}/get_category_l1_by_prefix`, { prefix: 'office p' })).list).toEqual([]);
    expect(ok(await adminW.get(`${ABC}/get_category_l1_by_prefix`, { prefix: '%' })).list).toEqual([]);
    // The demo warehouse's tree has twelve L1 categories.
    expect(ok(await admin.get(`${ABC}/get_category_l1_by_prefix`)).list).toHaveLength(12);
  });
});

describe('ABC calculation', () => {
  test('by picks: cumulative shares 50/80/90/96/100 make A, A, B, B, C; no picks C; the excluded category EXCLUDED; other warehouses untouched', async () => {
    const demoBefore = await classesOf(SG);
    ok(await saveConfig(adminW, { basis: 1, sa_top_n: 0 }));
    const run = await calculate(adminW);
    expect(run).toMatchObject({ sku_count: 7, sa_count: 0, a_count: 2, b_count: 2, c_count: 2, excluded_count: 1, config: { basis: 1, a_max_pct: 80 } });
    expect(run.started_at).toBeGreaterThanOrEqual(run.created_at);
    expect(run.finished_at).toBeGreaterThanOrEqual(run.started_at);
    const classes = await classesOf(W);
    expect(items.map((i) => classes.get(i.skuId)?.abc)).toEqual([A, A, B, B, C, C, EXCLUDED]);
    expect(await classesOf(SG)).toEqual(demoBefore);
    // The SKU list shows the class.
    const sku = ok(await adminW.get('/apps/basic/sku/get_sku_detail', { sku_id: items[0]!.skuId }));
    expect(sku.abc_class).toBe(A);
  });

  test('SA takes the top N first; by value the ranking is units shipped × unit value', async () => {
    ok(await saveConfig(adminW, { sa_top_n: 1 }));
    await calculate(adminW);
    let classes = await classesOf(W);
    expect(items.map((i) => classes.get(i.skuId)?.abc)).toEqual([SA, A, B, B, C, C, EXCLUDED]);
    // Values 10, 70, 20, 0 (P5 has no unit value), none: P2 70 → SA, P3 before 70 → A, P1 before 90 → B.
    ok(await saveConfig(adminW, { basis: 2, sa_top_n: 1 }));
    const run = await calculate(adminW);
    expect(run).toMatchObject({ sa_count: 1, a_count: 1, b_count: 1, c_count: 3, excluded_count: 1, config: { basis: 2 } });
    classes = await classesOf(W);
    expect(items.map((i) => classes.get(i.skuId)?.abc)).toEqual([B, SA, A, C, C, C, EXCLUDED]);
    ok(await saveConfig(adminW, { basis: 2, sa_top_n: 0 }));
    await calculate(adminW);
    classes = await classesOf(W);
    expect(items.map((i) => classes.get(i.skuId)?.abc)).toEqual([B, A, A, C, C, C, EXCLUDED]);
  });

  test('one run at a time per warehouse; the history lists runs newest first with the one waiting apart', async () => {
    const first = ok(await adminW.post(`${ABC}/run_calculate_abc`, {}));
    const second = await adminW.post(`${ABC}/run_calculate_abc`, {});
    expect(second.retcode).toBe(RET.ABC_RUN_IN_PROGRESS);
    expect(second.data).toEqual({ task_id: first.task_id });
    // Another warehouse may run meanwhile.
    const demo = ok(await admin.post(`${ABC}/run_calculate_abc`, {}));
    const waiting = ok(await adminW.get(`${ABC}/search_abc_run_calculate_history`, { page_size: 20 }));
    expect(waiting.running).toMatchObject({ task_id: first.task_id, status: 0, progress: 0, sku_count: null });
    expect(waiting.list[0].task_id).toBe(first.task_id);
    expect(waiting.list.every((r: { task_id: number }) => r.task_id !== demo.task_id)).toBe(true);
    await runPendingAbcRuns(server.database.db);
    const done = ok(await adminW.get(`${ABC}/search_abc_run_calculate_history`));
    expect(done.running).toBeNull();
    expect(done.total).toBe(5);
    expect(done.list.map((r: { status: number }) => r.status)).toEqual([2, 2, 2, 2, 2]);
    // The demo warehouse: its seeded run and this one.
    const demoHistory = ok(await admin.get(`${ABC}/search_abc_run_calculate_history`));
    expect(demoHistory.list.map((r: { status: number }) => r.status)).toEqual([2, 2]);
    expect(demoHistory.list[0].sku_count).toBeGreaterThanOrEqual(120);
  });
});

describe('the location side', () => {
  test('search_abc_config: cells per class by zone, and SKUs per class', async () => {
    const summary = ok(await adminW.get('/apps/basic/location/search_abc_config'));
    expect(summary.zones).toEqual([{
      zone_id: 'R01', zone_name: 'Reserve Racks', undefined_count: 1, sa_count: 0, a_count: 1, b_count: 1, c_count: 0, excluded_count: 0, total: 3,
    }]);
    expect(summary.cells).toMatchObject({ a_count: 1, b_count: 1, undefined_count: 1, total: 3 });
    expect(summary.skus).toMatchObject({ a_count: 2, b_count: 1, c_count: 3, excluded_count: 1, total: 7 });
    const demo = ok(await admin.get('/apps/basic/location/search_abc_config'));
    expect(demo.zones.length).toBeGreaterThan(1);
    expect(demo.zones.every((z: { total: number }) => z.total > 0)).toBe(true);
  });
});

describe('permissions', () => {
  test('a user without the ABC Level page is refused every ABC call; the rules pages likewise', async () => {
    const calls: [string, string, Record<string, unknown>][] = [
      ['GET', `${ABC}/search_new_abc_config`, {}], ['GET', `${ABC}/search_abc_config_modify_log`, {}], ['GET', `${ABC}/get_category_l1_by_prefix`, { prefix: 'a' }],
      ['GET', `${ABC}/search_abc_run_calculate_history`, {}], ['POST', `${ABC}/update_new_abc_config`, { basis: 1, window_days: 7, a_max_pct: 10, b_max_pct: 20, sa_top_n: 0, excluded_categories: [] }],
      ['POST', `${ABC}/run_calculate_abc`, {}], ['GET', '/apps/basic/location/search_abc_config', {}],
      ['GET', `${HV}/search_high_value_rule`, {}], ['POST', `${HV}/create_high_value_rule`, { category_l1: 'Electronics', min_unit_value: 1, status: 1 }],
      ['GET', `${FREQ}/search_cc_frequency_rule`, {}], ['POST', `${FREQ}/create_cc_frequency_rule`, { abc_class: 1, high_value: 2, every_days: 7, enabled: 1 }],
      ['GET', `${FREQ}/get_daily_cc_compliance_mode`, {}], ['POST', `${FREQ}/update_daily_cc_compliance_mode`, { daily_cc_compliance_mode: 1 }],
    ];
    for (const [method, path, body] of calls) {
      const res = method === 'GET' ? await operator.get(path, body) : await operator.post(path, body);
      expect(res.retcode, path).toBe(RET.PERMISSION_DENIED);
    }
    expect(ok(await admin.get(`${ABC}/search_new_abc_config`)).window_days).toBe(30);
  });
});

describe('high value rules', () => {
  test('saving a rule flags the warehouse\'s SKUs it matches and clears the others; other warehouses untouched', async () => {
    const demoBefore = await classesOf(SG);
    const none = await adminW.post(`${HV}/create_high_value_rule`, { min_unit_value: 50, status: 1 });
    expect(none.retcode).toBe(RET.HIGH_VALUE_RULE_NO_TARGET);
    expect((await adminW.post(`${HV}/create_high_value_rule`, { category_l1: '  ', sku_prefix: '', min_unit_value: 50, status: 1 })).retcode).toBe(RET.HIGH_VALUE_RULE_NO_TARGET);
    expect((await adminW.post(`${HV}/create_high_value_rule`, { category_l1: 'Electronics', min_unit_value: -1, status: 1 })).retcode).toBe(RET.BAD_INPUT);
    const rule = ok(await adminW.post(`${HV}/create_high_value_rule`, { category_l1: 'Electronics', min_unit_value: 50, status: 1 }));
    let flags = await classesOf(W);
    // Electronics: P1 (value 2) no, P2 (70) yes.
    expect(items.map((i) => flags.get(i.skuId)?.hv)).toEqual([0, 1, 0, 0, 0, 0, 0]);
    const prefix = ok(await adminW.post(`${HV}/create_high_value_rule`, { sku_prefix: items[3]!.skuId, min_unit_value: 100, status: 1 }));
    flags = await classesOf(W);
    expect(items.map((i) => flags.get(i.skuId)?.hv)).toEqual([0, 1, 0, 1, 0, 0, 0]);
    ok(await adminW.post(`${HV}/update_high_value_rule`, { rule_id: rule.rule_id, status: 2 }));
    flags = await classesOf(W);
    expect(items.map((i) => flags.get(i.skuId)?.hv)).toEqual([0, 0, 0, 1, 0, 0, 0]);
    // A rule must keep a target when edited.
    expect((await adminW.post(`${HV}/update_high_value_rule`, { rule_id: prefix.rule_id, sku_prefix: '' })).retcode).toBe(RET.HIGH_VALUE_RULE_NO_TARGET);
    expect(ok(await adminW.get(`${HV}/search_high_value_rule`)).list).toHaveLength(2);
    expect(await classesOf(SG)).toEqual(demoBefore);
    // The demo rule flags the demo Electronics, as seeded.
    const demoRules = ok(await admin.get(`${HV}/search_high_value_rule`)).list;
    expect(demoRules).toMatchObject([{ category_l1: 'Electronics', status: 1 }]);
    const demoFlags = await server.database.db.select({ category: skus.category, hv: skus.isHighValue }).from(skus).where(eq(skus.whsId, SG));
    expect(demoFlags.every((s) => s.hv === (s.category === 'Electronics' ? 1 : 0))).toBe(true);
  });
});

describe('cycle count frequency', () => {
  test('rules per ABC class and high value flag, unique; every 1–365 days; read by the daily count', async () => {
    const created = ok(await adminW.post(`${FREQ}/create_cc_frequency_rule`, { abc_class: A, high_value: 2, every_days: 7 }));
    expect(created).toMatchObject({ abc_class: A, high_value: 2, every_days: 7, enabled: 1 });
    const clash = await adminW.post(`${FREQ}/create_cc_frequency_rule`, { abc_class: A, high_value: 2, every_days: 3 });
    expect(clash.retcode).toBe(RET.CC_FREQUENCY_RULE_EXISTS);
    expect(clash.data).toEqual({ rule_id: created.rule_id });
    for (const every_days of [0, 366, 1.5]) {
      expect((await adminW.post(`${FREQ}/create_cc_frequency_rule`, { abc_class: B, high_value: 2, every_days })).retcode).toBe(RET.BAD_INPUT);
    }
    expect((await adminW.post(`${FREQ}/create_cc_frequency_rule`, { abc_class: 9, high_value: 2, every_days: 5 })).retcode).toBe(RET.BAD_INPUT);
    expect((await adminW.post(`${FREQ}/create_cc_frequency_rule`, { abc_class: B, high_value: 3, every_days: 5 })).retcode).toBe(RET.BAD_INPUT);
    const highValue = ok(await adminW.post(`${FREQ}/create_cc_frequency_rule`, { abc_class: A, high_value: 1, every_days: 1 }));
    const b = ok(await adminW.post(`${FREQ}/create_cc_frequency_rule`, { abc_class: B, high_value: 2, every_days: 30 }));
    // Editing into another rule's class and flag is refused too; into its own is fine.
    expect((await adminW.post(`${FREQ}/update_cc_frequency_rule`, { rule_id: b.rule_id, abc_class: A, high_value: 1 })).retcode).toBe(RET.CC_FREQUENCY_RULE_EXISTS);
    ok(await adminW.post(`${FREQ}/update_cc_frequency_rule`, { rule_id: b.rule_id, abc_class: B, every_days: 31 }));
    ok(await adminW.post(`${FREQ}/update_cc_frequency_rule`, { rule_id: highValue.rule_id, enabled: 0 }));

    const rules = await readFrequencyRules(server.database.db, W);
    expect(rules).toEqual([
      { abc_class: A, high_value: 2, every_days: 7, enabled: 1 },
      { abc_class: A, high_value: 1, every_days: 1, enabled: 0 },
      { abc_class: B, high_value: 2, every_days: 31, enabled: 1 },
    ]);
    const flags = await classesOf(W);
    const due = dueSkus(rules, items.map((i) => ({ sku_id: i.skuId, abc_class: flags.get(i.skuId)!.abc, is_high_value: flags.get(i.skuId)!.hv, last_counted_on: null })), '2026-03-01');
    // Classes by value now: B, A, A, C, C, C, EXCLUDED: the A and B SKUs, never counted.
    expect(due).toEqual([items[0]!.skuId, items[1]!.skuId, items[2]!.skuId]);
    // The demo warehouse's seeded rules: SA 1, A 7, B 30, C 90.
    expect((await readFrequencyRules(server.database.db, SG)).map((r) => [r.abc_class, r.high_value, r.every_days])).toEqual([[SA, 2, 1], [A, 2, 7], [B, 2, 30], [C, 2, 90]]);
  });

  test('the daily cycle count compliance mode is the warehouse\'s own', async () => {
    expect(ok(await adminW.get(`${FREQ}/get_daily_cc_compliance_mode`))).toEqual({ daily_cc_compliance_mode: 0 });
    expect(ok(await adminW.post(`${FREQ}/update_daily_cc_compliance_mode`, { daily_cc_compliance_mode: 1 }))).toEqual({ daily_cc_compliance_mode: 1 });
    expect(ok(await adminW.get(`${FREQ}/get_daily_cc_compliance_mode`))).toEqual({ daily_cc_compliance_mode: 1 });
    expect(ok(await admin.get(`${FREQ}/get_daily_cc_compliance_mode`))).toEqual({ daily_cc_compliance_mode: 0 });
    expect((await adminW.post(`${FREQ}/update_daily_cc_compliance_mode`, { daily_cc_compliance_mode: 2 })).retcode).toBe(RET.BAD_INPUT);
    const conf = ok(await adminW.post('/configuration/get_conf_list', { conf_key: ['daily_cc_compliance_mode'], whs_id: W }));
    expect(conf.conf_list).toEqual([{ conf_key: 'daily_cc_compliance_mode', conf_value: '1' }]);
  });
});
