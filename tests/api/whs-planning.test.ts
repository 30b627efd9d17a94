import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { logicAreas, whsPlannings } from '../../src/server/db/schema';
import { writeConf } from '../../src/server/common/conf';
import { FEATURE_FLAGS } from '../../src/shared/permissions';
import { RET } from '../../src/shared/retcodes';

/**
 * Warehouse planning (Storage Area Setting › whsplanning): a resource that is nothing but its
 * definition and its table — list, detail, create and edit are derived, and its logic area is a
 * reference the server checks. It belongs to the fulfilment chain (spec §2): the demo has it on in
 * VNHCM1 only, so the plans are worked on there; SGSIN1 shows the refusals while it is off.
 */
const LOC = '/apps/basic/location';
const ON = 'VNHCM1';
const OFF = 'SGSIN1';
const { confKey: FULFIL_CHAIN } = FEATURE_FLAGS.fulfilChain;

interface PlanRow {
  logic_area_id: string; fulfillment_chain: string; planned_location_qty: number; planned_sku_qty: number | null;
  daily_outbound_capacity: number | null; target_turnover_days: number; status: number; remark: string | null;
}
interface Page<Row> { list: Row[]; total: number }

let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.loginAt('admin@demo.local', ON);
  // A logic area with no plan yet, in VNHCM1 only.
  await server.database.db.insert(logicAreas).values({ whsId: ON, logicAreaId: 'LA-XDOCK', logicAreaName: 'Cross Dock' });
});
afterAll(async () => {
  await server?.close();
});

describe('search_whs_planning', () => {
  test('the warehouse\'s plans, filtered by chain and by a turnover range', async () => {
    const all = await admin.get<Page<PlanRow>>(`${LOC}/search_whs_planning`);
    expect(all.retcode).toBe(0);
    expect(all.data.list.map((r) => r.logic_area_id)).toEqual(['LA-BULK', 'LA-COLD', 'LA-FAST']);
    const cold = await admin.get<Page<PlanRow>>(`${LOC}/search_whs_planning`, { fulfillment_chain: 'B2C-COLD' });
    expect(cold.data.list.map((r) => r.logic_area_id)).toEqual(['LA-COLD']);
    const quick = await admin.get<Page<PlanRow>>(`${LOC}/search_whs_planning`, { target_turnover_days_from: 7, target_turnover_days_to: 14, sort_by: 'target_turnover_days' });
    expect(quick.data.list.map((r) => r.target_turnover_days)).toEqual([7, 14]);
    expect((await admin.get(`${LOC}/search_whs_planning`, { target_turnover_days_from: 'x' })).retcode).toBe(RET.BAD_INPUT);
  });
});

describe('create and update', () => {
  test('a plan for a logic area the warehouse has; an unknown one is refused on its field', async () => {
    const unknown = await admin.post(`${LOC}/create_whs_planning`, {
      logic_area_id: 'LA-NOPE', fulfillment_chain: 'B2C-SMALL', planned_location_qty: 10, target_turnover_days: 10, status: 1,
    });
    expect(unknown.retcode).toBe(RET.BAD_INPUT);
    expect(unknown.message).toContain('logic_area_id');
    expect(unknown.message).toContain('LA-NOPE');

    const created = await admin.post<PlanRow>(`${LOC}/create_whs_planning`, {
      logic_area_id: 'LA-XDOCK', fulfillment_chain: ' B2B-XDOCK ', planned_location_qty: 0, target_turnover_days: 1, status: 1,
    });
    expect(created.retcode).toBe(0);
    expect(created.data).toMatchObject({ logic_area_id: 'LA-XDOCK', fulfillment_chain: 'B2B-XDOCK', planned_location_qty: 0, planned_sku_qty: null });

    const again = await admin.post(`${LOC}/create_whs_planning`, {
      logic_area_id: 'LA-XDOCK', fulfillment_chain: 'B2B-XDOCK', planned_location_qty: 1, target_turnover_days: 1, status: 1,
    });
    expect(again.retcode).toBe(RET.DUPLICATE);
  });

  test('an edit changes what is sent; out-of-range values are refused and change nothing', async () => {
    const tooLong = await admin.post(`${LOC}/update_whs_planning`, { logic_area_id: 'LA-FAST', target_turnover_days: 366 });
    expect(tooLong.retcode).toBe(RET.BAD_INPUT);
    expect(tooLong.message).toContain('target_turnover_days');
    const negative = await admin.post(`${LOC}/update_whs_planning`, { logic_area_id: 'LA-FAST', planned_location_qty: -1 });
    expect(negative.retcode).toBe(RET.BAD_INPUT);

    const updated = await admin.post<PlanRow>(`${LOC}/update_whs_planning`, { logic_area_id: 'LA-FAST', target_turnover_days: 10, remark: 'Peak season' });
    expect(updated.retcode).toBe(0);
    expect(updated.data).toMatchObject({ target_turnover_days: 10, remark: 'Peak season', fulfillment_chain: 'B2C-SMALL', planned_location_qty: 320 });
    const detail = await admin.get<PlanRow>(`${LOC}/get_whs_planning_detail`, { logic_area_id: 'LA-FAST' });
    expect(detail.data.target_turnover_days).toBe(10);
  });
});

describe('the fulfilment chain (Enable_Fulfill_Chain)', () => {
  const plansIn = async (whsId: string) =>
    (await server.database.db.select({ n: count() }).from(whsPlannings).where(eq(whsPlannings.whsId, whsId)))[0]!.n;
  const plan = (whsId: string, logicAreaId: string) => server.database.db.select().from(whsPlannings)
    .where(and(eq(whsPlannings.whsId, whsId), eq(whsPlannings.logicAreaId, logicAreaId)));

  test('off: every call is refused with -100413 naming the setting, and changes nothing; so is an export of the list', async () => {
    const client = await server.loginAt('admin@demo.local', OFF);
    const before = await plan(OFF, 'LA-FAST');
    const calls = [
      ['search', () => client.get(`${LOC}/search_whs_planning`)],
      ['detail', () => client.get(`${LOC}/get_whs_planning_detail`, { logic_area_id: 'LA-FAST' })],
      ['create', () => client.post(`${LOC}/create_whs_planning`, {
        logic_area_id: 'LA-COLD', fulfillment_chain: 'B2C-COLD', planned_location_qty: 1, target_turnover_days: 1, status: 1,
      })],
      ['update', () => client.post(`${LOC}/update_whs_planning`, { logic_area_id: 'LA-FAST', target_turnover_days: 3 })],
      ['export', () => client.post('/apps/config/export/create_export_task', { resource: 'whs_planning', format: 'csv' })],
    ] as const;
    for (const [what, call] of calls) {
      const res = await call();
      expect(res.retcode, what).toBe(RET.FEATURE_OFF);
      expect(res.message, what).toContain(FULFIL_CHAIN);
      expect(res.data, what).toEqual({ flag: 'fulfilChain', conf_key: FULFIL_CHAIN });
    }
    expect(await plansIn(OFF)).toBe(3);
    expect(await plan(OFF, 'LA-FAST')).toEqual(before);
    expect((await client.get<Page<unknown>>('/apps/config/export/search_export_task')).data.total).toBe(0);
    // The warehouse where it is on is not affected.
    expect((await admin.get(`${LOC}/search_whs_planning`)).retcode).toBe(0);
  });

  test('turned on, the plans kept while it was off answer again; turned off, they are refused again', async () => {
    const client = await server.loginAt('admin@demo.local', OFF);
    await writeConf(server.database.db, OFF, FULFIL_CHAIN, '1');
    try {
      const on = await client.get<Page<PlanRow>>(`${LOC}/search_whs_planning`);
      expect(on.retcode).toBe(0);
      expect(on.data.list.map((r) => r.logic_area_id)).toEqual(['LA-BULK', 'LA-COLD', 'LA-FAST']);
      const updated = await client.post<PlanRow>(`${LOC}/update_whs_planning`, { logic_area_id: 'LA-COLD', target_turnover_days: 9 });
      expect(updated.data.target_turnover_days).toBe(9);
    } finally {
      await writeConf(server.database.db, OFF, FULFIL_CHAIN, '0');
    }
    expect((await client.get(`${LOC}/get_whs_planning_detail`, { logic_area_id: 'LA-COLD' })).retcode).toBe(RET.FEATURE_OFF);
    expect((await plan(OFF, 'LA-COLD'))[0]!.targetTurnoverDays).toBe(9);
  });
});

describe('access', () => {
  test('another warehouse\'s plans are not this one\'s; an operator is refused before the feature is looked at', async () => {
    await writeConf(server.database.db, OFF, FULFIL_CHAIN, '1');
    try {
      const supervisor = await server.loginAt('supervisor@demo.local', OFF);
      expect((await supervisor.get(`${LOC}/get_whs_planning_detail`, { logic_area_id: 'LA-XDOCK' })).retcode).toBe(RET.NOT_FOUND);
      const theirs = await supervisor.get<Page<PlanRow>>(`${LOC}/search_whs_planning`);
      expect(theirs.data.list.map((r) => r.logic_area_id)).toEqual(['LA-BULK', 'LA-COLD', 'LA-FAST']);
    } finally {
      await writeConf(server.database.db, OFF, FULFIL_CHAIN, '0');
    }

    const operator = await server.loginAt('operator@demo.local', OFF);
    expect((await operator.get(`${LOC}/search_whs_planning`)).retcode).toBe(RET.PERMISSION_DENIED);
    expect((await operator.post(`${LOC}/update_whs_planning`, { logic_area_id: 'LA-FAST', target_turnover_days: 3 })).retcode).toBe(RET.PERMISSION_DENIED);
  });
});
