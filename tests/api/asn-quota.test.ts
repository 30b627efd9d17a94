import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { RET } from '../../src/shared/retcodes';
import { ASN, QUOTA, SHIFT, dayAfter, newAsn, one, shiftId, slotUse, warehouseToday } from '../support/asn-fixture';

/** ASN quota and delivery slots (spec §7 ASN quota calls, /apps/conf/inboundshift; §3 quota_mode; §4 the mode switch). */

const SG = 'SGSIN1';
let server: TestServer;
let admin: TestClient;
/** Supervisor in SGSIN1: holds every page and action of the rule center, the switch included. */
let supervisor: TestClient;
let operator: TestClient;
let today: string;
let morning: number;
let afternoon: number;

interface PlanRow { plan_date: string; shift_id: number; shift_name: string; inbound_type: number; quota_qty: number; quota_cartons: number; used_qty: number; used_cartons: number; enabled: number; is_default: number }

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.loginAt('admin@demo.local', SG);
  supervisor = await server.loginAt('supervisor@demo.local', SG);
  operator = await server.loginAt('operator@demo.local', SG);
  today = await warehouseToday(admin);
  morning = await shiftId(admin, 'Morning');
  afternoon = await shiftId(admin, 'Afternoon');
});
afterAll(async () => {
  await server?.close();
});

const plans = async (query: Record<string, unknown>, client = admin) => {
  const res = await client.get<{ quota_mode: number; date_from: string; date_to: string; list: PlanRow[] }>(`${QUOTA}/search_asn_quota_plan`, query);
  expect(res.retcode, res.message).toBe(0);
  return res.data;
};
const plan = async (date: string, shift: number, type: number) => (await plans({ date_from: date, date_to: date, shift_id: shift, inbound_type: type })).list[0]!;
const book = (date: string, shift: number, qty: number, more: Record<string, unknown> = {}) =>
  admin.post(`${ASN}/create_asn`, newAsn({ slot_date: date, shift_id: shift }, { lines: [{ sku_id: 'SGSKU00031', expected_qty: qty }], ...more }));

describe('receiving shifts (the slots of a day)', () => {
  test('search_inbound_shift lists the demo shifts; a shift is created and edited with its rules checked', async () => {
    const list = await admin.get(`${SHIFT}/search_inbound_shift`);
    expect(list.data.list.map((s: { shift_name: string; start_time: string }) => [s.shift_name, s.start_time])).toEqual([
      ['Morning', '08:00:00'], ['Afternoon', '13:00:00'], ['Evening', '18:00:00'],
    ]);
    const bad: [Record<string, unknown>, string][] = [
      [{ start_time: '8:00' }, 'start_time'], [{ start_time: '24:00' }, 'start_time'], [{ end_time: '05:00' }, 'end_time'],
      [{ shift_name: 'morning' }, 'shift_name'], [{ shift_name: '' }, 'shift_name'],
    ];
    for (const [change, field] of bad) {
      const res = await admin.post(`${SHIFT}/create_inbound_shift`, { shift_name: 'Night', start_time: '06:00', end_time: '07:30', status: 1, ...change });
      expect(res.retcode, JSON.stringify(change)).toBe(RET.BAD_INPUT);
      expect(res.data.issues[0].path).toBe(field);
    }
    const created = await admin.post(`${SHIFT}/create_inbound_shift`, { shift_name: 'Dawn', start_time: '06:00', end_time: '07:30', status: 2 });
    expect(created.retcode, created.message).toBe(0);
    expect(created.data).toMatchObject({ shift_name: 'Dawn', start_time: '06:00:00', end_time: '07:30:00', status: 2 });
    // An inactive shift is no delivery slot.
    expect((await plans({ date_from: dayAfter(today, 30), date_to: dayAfter(today, 30), inbound_type: 1 })).list).toHaveLength(3);
    const renamed = await admin.post(`${SHIFT}/update_inbound_shift`, { shift_id: created.data.shift_id, end_time: '07:45' });
    expect(renamed.data.end_time).toBe('07:45:00');
    expect((await admin.post(`${SHIFT}/update_inbound_shift`, { shift_id: created.data.shift_id, end_time: '05:59' })).retcode).toBe(RET.BAD_INPUT);
    expect((await admin.post(`${SHIFT}/update_inbound_shift`, { shift_id: created.data.shift_id, shift_name: 'Evening' })).retcode).toBe(RET.BAD_INPUT);
    expect((await operator.get(`${SHIFT}/search_inbound_shift`)).retcode).toBe(RET.PERMISSION_DENIED);
  });
});

describe('quota plans', () => {
  test('a slot nobody planned shows its shift\'s share of the daily default; the range is checked', async () => {
    const day = dayAfter(today, 20);
    const page = await plans({ date_from: day, date_to: dayAfter(day, 1) });
    expect(page.quota_mode).toBe(0);
    expect(page.list).toHaveLength(2 * 3 * 3);
    expect(page.list.filter((p) => p.plan_date === day && p.inbound_type === 2).map((p) => [p.shift_name, p.quota_qty, p.quota_cartons, p.is_default, p.enabled]))
      .toEqual([['Morning', 1000, 50, 1, 1], ['Afternoon', 1000, 50, 1, 1], ['Evening', 1000, 50, 1, 1]]);
    const defaults = await plans({});
    expect([defaults.date_from, defaults.date_to]).toEqual([today, dayAfter(today, 6)]);
    expect((await admin.get(`${QUOTA}/search_asn_quota_plan`, { date_from: day, date_to: dayAfter(day, 62) })).retcode).toBe(RET.BAD_INPUT);
    expect((await admin.get(`${QUOTA}/search_asn_quota_plan`, { date_from: day, date_to: dayAfter(day, -1) })).retcode).toBe(RET.BAD_INPUT);
    expect((await admin.get(`${QUOTA}/search_asn_quota_plan`, { inbound_type: 0 })).retcode).toBe(RET.BAD_INPUT);
  });

  test('update_asn_quota_plan sets a slot; never below what is booked (-287002), never a day gone by', async () => {
    const day = dayAfter(today, 21);
    expect((await book(day, morning, 40)).retcode).toBe(0);
    const res = await admin.post(`${QUOTA}/update_asn_quota_plan`, { plan_date: day, shift_id: morning, inbound_type: 1, quota_qty: 500, quota_cartons: 20 });
    expect(res.retcode, res.message).toBe(0);
    expect(res.data).toMatchObject({ quota_qty: 500, quota_cartons: 20, used_qty: 40, used_cartons: 2, is_default: 0, enabled: 1 });
    const below = await admin.post(`${QUOTA}/update_asn_quota_plan`, { plan_date: day, shift_id: morning, inbound_type: 1, quota_qty: 39, quota_cartons: 20 });
    expect(below.retcode).toBe(RET.ASN_QUOTA_BELOW_BOOKED);
    expect(below.data).toMatchObject({ used_qty: 40, used_cartons: 2 });
    expect((await plan(day, morning, 1)).quota_qty).toBe(500);
    const refusals: [Record<string, unknown>, string][] = [
      [{ plan_date: dayAfter(today, -1) }, 'plan_date'], [{ inbound_type: 0 }, 'inbound_type'], [{ shift_id: 999999 }, 'shift_id'], [{ quota_qty: -1 }, 'quota_qty'],
    ];
    for (const [change, field] of refusals) {
      const r = await admin.post(`${QUOTA}/update_asn_quota_plan`, { plan_date: day, shift_id: morning, inbound_type: 1, quota_qty: 10, quota_cartons: 10, ...change });
      expect(r.retcode, JSON.stringify(change)).toBe(RET.BAD_INPUT);
      expect(r.data.issues[0].path).toBe(field);
    }
    expect((await operator.post(`${QUOTA}/update_asn_quota_plan`, { plan_date: day, shift_id: morning, inbound_type: 1, quota_qty: 10, quota_cartons: 10 })).retcode).toBe(RET.PERMISSION_DENIED);
  });

  test('mass update: the days of the week, shifts and types asked for; all or nothing', async () => {
    const from = dayAfter(today, 28);
    const to = dayAfter(from, 13);
    const res = await admin.post(`${QUOTA}/mass_update_asn_quota_plan`, { date_from: from, date_to: to, shift_ids: [afternoon], inbound_types: [3], weekdays: [1, 3], quota_qty: 77, quota_cartons: 7 });
    expect(res.retcode, res.message).toBe(0);
    expect(res.data.updated).toBe(4); // two weeks × Monday and Wednesday
    const rows = (await plans({ date_from: from, date_to: to, shift_id: afternoon, inbound_type: 3 })).list;
    const weekday = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay();
    expect(rows.filter((r) => r.quota_qty === 77).every((r) => [1, 3].includes(weekday(r.plan_date)))).toBe(true);
    expect(rows.filter((r) => r.quota_qty === 77)).toHaveLength(4);
    // One slot of the range booked beyond the new quota: nothing of the range changes.
    expect((await book(dayAfter(from, 1), morning, 300)).retcode).toBe(0);
    const refused = await admin.post(`${QUOTA}/mass_update_asn_quota_plan`, { date_from: from, date_to: to, quota_qty: 100, quota_cartons: 100 });
    expect(refused.retcode).toBe(RET.ASN_QUOTA_BELOW_BOOKED);
    expect((await plan(dayAfter(from, 2), morning, 1)).is_default).toBe(1);
    expect((await admin.post(`${QUOTA}/mass_update_asn_quota_plan`, { date_from: from, date_to: to, shift_ids: [999999], quota_qty: 1, quota_cartons: 1 })).data.issues[0].path).toBe('shift_ids.0');
  });

  test('a disabled plan counts bookings without refusing them; enabled again, it refuses', async () => {
    const day = dayAfter(today, 22);
    const key = { plan_date: day, shift_id: afternoon, inbound_type: 1 };
    expect((await admin.post(`${QUOTA}/update_asn_quota_plan`, { ...key, quota_qty: 10, quota_cartons: 10 })).retcode).toBe(0);
    expect((await book(day, afternoon, 11)).retcode).toBe(RET.ASN_QUOTA_FULL);
    expect((await admin.post(`${QUOTA}/disable_asn_quota_plan`, { list: [key] })).data).toEqual({ updated: 1 });
    expect((await book(day, afternoon, 11)).retcode).toBe(0);
    expect(await plan(day, afternoon, 1)).toMatchObject({ enabled: 0, used_qty: 11 });
    expect((await admin.post(`${QUOTA}/enable_asn_quota_plan`, { list: [key] })).data).toEqual({ updated: 1 });
    expect((await book(day, afternoon, 1)).retcode).toBe(RET.ASN_QUOTA_FULL);
    const past = await admin.post(`${QUOTA}/enable_asn_quota_plan`, { list: [key, { ...key, plan_date: dayAfter(today, -2) }] });
    expect(past.data.issues[0].path).toBe('list.1.plan_date');
    expect((await plan(day, afternoon, 1)).enabled).toBe(1);
  });

  test('the delivery slots of coming days, all types together, with their ASN counts', async () => {
    const res = await admin.get(`${QUOTA}/get_carton_used_qty`);
    expect(res.retcode, res.message).toBe(0);
    expect([res.data.date_from, res.data.date_to]).toEqual([today, dayAfter(today, 6)]);
    expect(res.data.list).toHaveLength(7 * 3);
    const tomorrowMorning = res.data.list.find((r: { plan_date: string; shift_id: number }) => r.plan_date === dayAfter(today, 1) && r.shift_id === morning);
    // Demo: ASN 01 (420 units, 3 cartons) books tomorrow's morning; 10,000 + 1,000 + 2,667 of the daily defaults are its.
    expect(tomorrowMorning).toMatchObject({ used_qty: 420, used_cartons: 3, asn_count: 1, quota_qty: 6667 + 1000 + 2667, enabled: 1 });
    expect((await admin.get(`${QUOTA}/get_carton_used_qty`, { date_from: today, date_to: dayAfter(today, 31) })).retcode).toBe(RET.BAD_INPUT);
  });
});

describe('daily defaults (the quota configuration)', () => {
  test('read and set per inbound type of the mode; slots nobody planned follow, planned ones keep theirs', async () => {
    const read = await admin.get(`${QUOTA}/search_asn_quota_config`);
    expect(read.data).toEqual({ quota_mode: 0, list: [
      { inbound_type: 1, daily_quota_qty: 20000, daily_quota_cartons: 600, updated_at: expect.any(Number) },
      { inbound_type: 2, daily_quota_qty: 3000, daily_quota_cartons: 150, updated_at: expect.any(Number) },
      { inbound_type: 3, daily_quota_qty: 8000, daily_quota_cartons: 300, updated_at: expect.any(Number) },
    ] });
    const planned = dayAfter(today, 23);
    const followed = dayAfter(today, 24);
    await admin.post(`${QUOTA}/update_asn_quota_plan`, { plan_date: planned, shift_id: morning, inbound_type: 2, quota_qty: 5, quota_cartons: 5 });
    expect((await book(followed, morning, 1, { inbound_type: 2, purchase_type: 3, supplier_id: null })).retcode).toBe(0);
    const res = await admin.post(`${QUOTA}/update_asn_quota_config`, { list: [{ inbound_type: 2, daily_quota_qty: 300, daily_quota_cartons: 30 }] });
    expect(res.retcode, res.message).toBe(0);
    expect(res.data.list[1]).toMatchObject({ inbound_type: 2, daily_quota_qty: 300, daily_quota_cartons: 30 });
    expect(await plan(followed, morning, 2)).toMatchObject({ quota_qty: 100, quota_cartons: 10, used_qty: 1, is_default: 1 });
    expect(await plan(planned, morning, 2)).toMatchObject({ quota_qty: 5, is_default: 0 });
    expect((await admin.post(`${QUOTA}/update_asn_quota_config`, { list: [{ inbound_type: 0, daily_quota_qty: 1, daily_quota_cartons: 1 }] })).data.issues[0].path).toBe('list.0.inbound_type');
    expect((await admin.post(`${QUOTA}/update_asn_quota_config`, { list: [{ inbound_type: 1, daily_quota_qty: 1, daily_quota_cartons: 1 }, { inbound_type: 1, daily_quota_qty: 2, daily_quota_cartons: 2 }] })).retcode).toBe(RET.BAD_INPUT);
  });

  test('average and highest daily use of the last days, per type of the mode', async () => {
    const res = await admin.get(`${QUOTA}/get_avg_max_used_qty`, { days: 7 });
    expect(res.retcode, res.message).toBe(0);
    // Demo: yesterday's two arrived purchase ASNs, 150 + 96 units in 5 cartons.
    expect(res.data.list[0]).toEqual({ inbound_type: 1, avg_used_qty: Math.round(246 / 7), max_used_qty: 246, avg_used_cartons: 1, max_used_cartons: 5 });
    expect(res.data.list[1]).toMatchObject({ inbound_type: 2, max_used_qty: 0 });
    expect((await admin.get(`${QUOTA}/get_avg_max_used_qty`, { days: 8 })).retcode).toBe(RET.BAD_INPUT);
  });
});

describe('switching the quota mode (spec §4)', () => {
  test('needs the switch permission and the mode the page showed; a refusal changes nothing', async () => {
    expect((await operator.post(`${QUOTA}/switch_asn_quota_mode`, { current_mode: 0, new_mode: 1 })).retcode).toBe(RET.PERMISSION_DENIED);
    const stale = await supervisor.post(`${QUOTA}/switch_asn_quota_mode`, { current_mode: 1, new_mode: 0 });
    expect(stale.retcode).toBe(RET.ASN_QUOTA_MODE_CHANGED);
    expect(stale.data).toEqual({ quota_mode: 0 });
    expect((await supervisor.post(`${QUOTA}/switch_asn_quota_mode`, { current_mode: 0, new_mode: 0 })).retcode).toBe(RET.BAD_INPUT);
    expect((await admin.get(`${QUOTA}/search_asn_quota_config`)).data.quota_mode).toBe(0);
  });

  test('to integrated: each slot\'s plans become one with their quotas added and use kept; bookings then count together; and back', async () => {
    const day = dayAfter(today, 25);
    await admin.post(`${QUOTA}/update_asn_quota_plan`, { plan_date: day, shift_id: morning, inbound_type: 1, quota_qty: 400, quota_cartons: 40 });
    await admin.post(`${QUOTA}/update_asn_quota_plan`, { plan_date: day, shift_id: morning, inbound_type: 3, quota_qty: 100, quota_cartons: 10 });
    expect((await book(day, morning, 60)).retcode).toBe(0);
    expect((await book(day, morning, 20, { inbound_type: 3, purchase_type: 4, supplier_id: null })).retcode).toBe(0);
    // Without an integrated default (the demo keeps one), the switch makes it from the separated ones.
    await server.database.db.execute(sql`delete from asn_quota_configs where whs_id = ${SG} and inbound_type = 0`);
    const res = await supervisor.post(`${QUOTA}/switch_asn_quota_mode`, { current_mode: 0, new_mode: 1 });
    expect(res.retcode, res.message).toBe(0);
    expect(res.data).toEqual({ quota_mode: 1 });
    expect((await admin.get('/apps/basic/location/get_warehouse_detail', { whs_id: SG })).data.quota_mode).toBe(1);
    // The parts added up — 400 and 100 planned, 100 the returns' default share (300 a day since the test above); the use is the slot's.
    expect(await plan(day, morning, 0)).toMatchObject({ quota_qty: 600, quota_cartons: 60, used_qty: 80, used_cartons: 4, is_default: 0 });
    expect((await plans({ date_from: day, date_to: day })).list.every((p) => p.inbound_type === 0)).toBe(true);
    expect(await slotUse(server, SG, day, morning, 1)).toEqual({ used_qty: 0, used_cartons: 0 });
    // The integrated default was made from the separated ones (20,000 + 300 + 8,000 after the change above).
    expect((await admin.get(`${QUOTA}/search_asn_quota_config`)).data).toMatchObject({ quota_mode: 1, list: [{ inbound_type: 0, daily_quota_qty: 28300 }] });
    expect((await book(day, afternoon, 5, { inbound_type: 2, purchase_type: 3, supplier_id: null })).retcode).toBe(0);
    expect(await slotUse(server, SG, day, afternoon, 0)).toEqual({ used_qty: 5, used_cartons: 2 });
    expect((await admin.post(`${QUOTA}/update_asn_quota_plan`, { plan_date: day, shift_id: morning, inbound_type: 1, quota_qty: 1, quota_cartons: 1 })).retcode).toBe(RET.BAD_INPUT);

    const back = await supervisor.post(`${QUOTA}/switch_asn_quota_mode`, { current_mode: 1, new_mode: 0 });
    expect(back.retcode, back.message).toBe(0);
    // Separated again: each type's use counted from its ASNs, quotas from the separated defaults.
    expect(await plan(day, morning, 1)).toMatchObject({ used_qty: 60, used_cartons: 2, quota_qty: 6667, is_default: 1 });
    expect(await plan(day, morning, 3)).toMatchObject({ used_qty: 20, used_cartons: 2 });
    expect(await plan(day, afternoon, 2)).toMatchObject({ used_qty: 5 });
    const zeroRows = await one<{ n: number }>(server, sql`select count(*)::int as n from asn_quota_plans where whs_id = ${SG} and plan_date >= ${today} and inbound_type = 0`);
    expect(Number(zeroRows.n)).toBe(0);
    // A cancelled ASN gives its units back to the slot of the mode now in force.
    const asn = await book(day, morning, 7);
    await admin.post(`${ASN}/cancel_asn`, { asn_no: asn.data.asn_no, reason: 'test' });
    expect(await slotUse(server, SG, day, morning, 1)).toEqual({ used_qty: 60, used_cartons: 2 });
  });
});
