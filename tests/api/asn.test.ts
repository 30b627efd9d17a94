import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { INBOUND_STATUS } from '../../src/shared/codes';
import { RET } from '../../src/shared/retcodes';
import { ASN, QUOTA, countRows, dayAfter, newAsn, newTrackingId, one, shiftId, slotUse, warehouseToday } from '../support/asn-fixture';

/** ASNs (spec §2 /inbound/order and its list variants, createasn, detail; §4 lifecycle) and the booking of their delivery slots. */

const S = INBOUND_STATUS.values;
const SG = 'SGSIN1';
let server: TestServer;
/** Super admin in SGSIN1. */
let admin: TestClient;
/** Demo operator in SGSIN1: operation screens only. */
let operator: TestClient;
/** Supervisor in IDJKT1. */
let elsewhere: TestClient;
let today: string;
let morning: number;
let afternoon: number;

interface Page<Row> { list: Row[]; total: number }
interface AsnRow { asn_no: string; group_no: string; status: number; is_jit: number; expected_arrival_at: number; total_expected_qty: number }

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.loginAt('admin@demo.local', SG);
  operator = await server.loginAt('operator@demo.local', SG);
  elsewhere = await server.loginAt('supervisor@demo.local', 'IDJKT1');
  today = await warehouseToday(admin);
  morning = await shiftId(admin, 'Morning');
  afternoon = await shiftId(admin, 'Afternoon');
});
afterAll(async () => {
  await server?.close();
});

const list = async (path: string, query: Record<string, unknown> = {}, client = admin) => {
  const res = await client.get<Page<AsnRow>>(`${ASN}/${path}`, { page_size: 200, ...query });
  expect(res.retcode, res.message).toBe(0);
  return res.data;
};

describe('the ASN list and its variants (demo data)', () => {
  test('search_asn lists the warehouse\'s ASNs newest first, filtered by status, type, JIT and PO number', async () => {
    const all = await list('search_asn');
    expect(all.list.map((r) => r.asn_no)).toEqual(expect.arrayContaining(['ASNSGDEMO01', 'ASNSGDEMO10']));
    expect(all.list.every((r) => r.asn_no.startsWith('ASNSG') || !r.asn_no.includes('DEMO'))).toBe(true);
    const pending = await list('search_asn', { status: S.PENDING });
    expect(pending.list.length).toBeGreaterThanOrEqual(5);
    expect(pending.list.every((r) => r.status === S.PENDING)).toBe(true);
    const po = await list('search_asn', { po_no: 'sg7001' });
    expect(po.list.map((r) => r.asn_no)).toEqual(['ASNSGDEMO01']);
    const other = await list('search_asn', {}, elsewhere);
    expect(other.list.some((r) => r.asn_no.startsWith('ASNSG'))).toBe(false);
  });

  test('the queue list holds only arriving and arrived ASNs, in the order they are expected at the dock', async () => {
    const queue = await list('search_queue_list');
    // The ASN demo's own (other demo data may queue more).
    const mine = queue.list.filter((r) => /^ASNSGDEMO\d\d$/.test(r.asn_no));
    expect(mine.map((r) => r.asn_no).sort()).toEqual(['ASNSGDEMO08', 'ASNSGDEMO09', 'ASNSGDEMO10']);
    expect(queue.list.every((r) => [S.ARRIVING, S.ARRIVED].includes(r.status as 6))).toBe(true);
    const times = queue.list.map((r) => r.expected_arrival_at).filter((t) => t !== null);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // The fixed statuses cannot be widened by a filter: a pending one is simply not in the queue.
    expect((await list('search_queue_list', { status: S.PENDING })).total).toBe(0);
  });

  test('the JIT list holds only JIT ASNs; the reprocess list only ASNs with an inbound exception still open', async () => {
    const jit = await list('search_jit_asn');
    expect(jit.list.map((r) => r.asn_no).sort()).toEqual(['ASNSGDEMO02', 'ASNSGDEMO06']);
    const reprocess = await list('search_reprocess_order');
    expect(reprocess.list.map((r) => r.asn_no)).toEqual(['ASNSGDEMO10']);
  });

  test('ASN groups and tracking ids list and open by their keys; another warehouse\'s are not found', async () => {
    const groups = await admin.get(`${ASN}/search_asn_group`, { group_no: 'ASNSGDEMO04' });
    expect(groups.data.list).toEqual([expect.objectContaining({ group_no: 'ASNSGDEMO04', status: S.PENDING })]);
    expect((await admin.get(`${ASN}/get_asn_group_detail`, { group_no: 'ASNSGDEMO04' })).data.group_no).toBe('ASNSGDEMO04');
    const members = await list('search_asn', { group_no: 'ASNSGDEMO04' });
    expect(members.list.map((r) => r.asn_no).sort()).toEqual(['ASNSGDEMO04', 'ASNSGDEMO05']);
    const boxes = await admin.get(`${ASN}/search_tracking_id`, { asn_no: 'ASNSGDEMO01' });
    expect(boxes.data.list.map((b: { tracking_id: string }) => b.tracking_id).sort()).toEqual(['TRKSG011', 'TRKSG012', 'TRKSG013']);
    expect((await admin.get(`${ASN}/get_tracking_id_detail`, { tracking_id: 'TRKSG011' })).data).toMatchObject({ asn_no: 'ASNSGDEMO01', status: 1 });
    expect((await elsewhere.get(`${ASN}/get_tracking_id_detail`, { tracking_id: 'TRKSG011' })).retcode).toBe(RET.NOT_FOUND);
    expect((await elsewhere.get(`${ASN}/get_asn_group_detail`, { group_no: 'ASNSGDEMO04' })).retcode).toBe(RET.NOT_FOUND);
  });
});

describe('the ASN detail', () => {
  test('header, lines with their progress, tracking ids, history and exceptions', async () => {
    const res = await admin.get(`${ASN}/get_asn_detail`, { asn_no: 'ASNSGDEMO10' });
    expect(res.retcode, res.message).toBe(0);
    const d = res.data;
    expect(d.asn).toMatchObject({ asn_no: 'ASNSGDEMO10', status: S.ARRIVED, shift_name: 'Morning', arrival_timeliness: 3, total_expected_qty: 96 });
    expect(d.asn.supplier_name).toEqual(expect.any(String));
    expect(d.lines.map((l: { sku_id: string; expected_qty: number }) => [l.sku_id, l.expected_qty])).toEqual([['SGSKU00020', 64], ['SGSKU00021', 32]]);
    expect(d.lines[0]).toMatchObject({ counted_qty: 0, received_qty: 0, putaway_qty: 0, sku_name: expect.any(String) });
    expect(d.tracking_ids).toHaveLength(3);
    expect(d.history.map((h: { status: number }) => h.status)).toEqual([S.PENDING, S.ARRIVED]);
    expect(d.exceptions).toEqual([expect.objectContaining({ exception_type: 3, status: 10, tracking_id: 'TRKSG103' })]);
  });

  test('each list\'s detail call shows only its own rows; another warehouse\'s ASN is not found', async () => {
    expect((await admin.get(`${ASN}/get_jit_asn_detail`, { asn_no: 'ASNSGDEMO02' })).retcode).toBe(0);
    expect((await admin.get(`${ASN}/get_jit_asn_detail`, { asn_no: 'ASNSGDEMO01' })).retcode).toBe(RET.NOT_FOUND);
    expect((await admin.get(`${ASN}/get_reprocess_order_detail`, { asn_no: 'ASNSGDEMO10' })).retcode).toBe(0);
    expect((await admin.get(`${ASN}/get_reprocess_order_detail`, { asn_no: 'ASNSGDEMO09' })).retcode).toBe(RET.NOT_FOUND);
    expect((await elsewhere.get(`${ASN}/get_asn_detail`, { asn_no: 'ASNSGDEMO01' })).retcode).toBe(RET.NOT_FOUND);
    expect((await admin.get(`${ASN}/get_asn_detail`, {})).retcode).toBe(RET.BAD_INPUT);
  });
});

describe('create_asn', () => {
  test('the form\'s options: active suppliers, the selectable purchase types, joinable groups, the booking window', async () => {
    const res = await admin.get(`${ASN}/get_asn_form_options`);
    expect(res.data.suppliers.length).toBe(24); // 30 demo suppliers, every fifth inactive
    expect(res.data.suppliers.some((s: { supplier_id: string }) => s.supplier_id === 'SUPSG0005')).toBe(false);
    expect(res.data.purchase_types).toEqual([
      { inbound_type: 1, purchase_types: [0, 1] }, { inbound_type: 2, purchase_types: [3] }, { inbound_type: 3, purchase_types: [4] },
    ]);
    expect(res.data.groups.map((g: { group_no: string }) => g.group_no)).toContain('ASNSGDEMO04');
    expect(res.data.groups.map((g: { group_no: string }) => g.group_no)).not.toContain('ASNSGDEMO08');
    expect(res.data.last_booking_date).toBe(dayAfter(today, 90));
    // The alternate case (an RMS warehouse, spec §1 is_rms) offers consignment only.
    const vn = await server.loginAt('admin@demo.local', 'VNHCM1');
    expect((await vn.get(`${ASN}/get_asn_form_options`)).data.purchase_types[0]).toEqual({ inbound_type: 1, purchase_types: [1] });
  });

  test('SKUs for a line by id, UPC or name; delivery slots of a day with each shift\'s share of the daily default', async () => {
    const skus = await admin.get(`${ASN}/search_asn_sku`, { keyword: 'SGSKU00031' });
    expect(skus.data.list[0].sku_id).toBe('SGSKU00031');
    const slots = await admin.get(`${ASN}/search_delivery_slot`, { slot_date: dayAfter(today, 20), inbound_type: 1 });
    expect(slots.data.list.map((s: { shift_name: string; quota_qty: number; is_default: number; bookable: number }) => [s.shift_name, s.quota_qty, s.is_default, s.bookable]))
      .toEqual([['Morning', 6667, 1, 1], ['Afternoon', 6667, 1, 1], ['Evening', 6666, 1, 1]]);
    expect((await admin.get(`${ASN}/search_delivery_slot`, { slot_date: dayAfter(today, -1), inbound_type: 1 })).data.list.every((s: { bookable: number }) => s.bookable === 0)).toBe(true);
  });

  test('creates a pending ASN with lines and boxes, a group of its own, and books its slot', async () => {
    const slot = { slot_date: dayAfter(today, 10), shift_id: morning };
    const before = await slotUse(server, SG, slot.slot_date, morning, 1);
    const input = newAsn(slot, { is_jit: 1, remark: 'first' });
    const res = await admin.post(`${ASN}/create_asn`, input);
    expect(res.retcode, res.message).toBe(0);
    expect(res.data.asn_no).toMatch(/^ASN\d{12}$/);
    expect(res.data).toMatchObject({ group_no: res.data.asn_no, status: S.PENDING, slot_date: slot.slot_date, shift_id: morning });
    expect(await slotUse(server, SG, slot.slot_date, morning, 1)).toEqual({ used_qty: before.used_qty + 15, used_cartons: before.used_cartons + 2 });
    const detail = (await admin.get(`${ASN}/get_asn_detail`, { asn_no: res.data.asn_no })).data;
    expect(detail.asn).toMatchObject({ status: S.PENDING, is_jit: 1, total_expected_qty: 15, expected_cartons: 2, shift_name: 'Morning', created_by: 'admin@demo.local' });
    expect(detail.lines[1]).toMatchObject({ sku_id: 'SGSKU00032', batch_no: 'LOT-A1', expiry_date: '2027-01-01' });
    expect(detail.tracking_ids.map((t: { tracking_id: string }) => t.tracking_id).sort()).toEqual(input.tracking_ids.map((t) => t.tracking_id).sort());
    expect(res.data.expected_arrival_at).toBe(detail.asn.expected_arrival_at);
    expect((await list('search_jit_asn')).list.map((r) => r.asn_no)).toContain(res.data.asn_no);
    expect((await admin.get(`${ASN}/get_asn_group_detail`, { group_no: res.data.asn_no })).data.status).toBe(S.PENDING);
  });

  test('joins a pending group; a group that has begun arriving refuses with -287004 and nothing changes', async () => {
    const slot = { slot_date: dayAfter(today, 11), shift_id: afternoon };
    const res = await admin.post(`${ASN}/create_asn`, newAsn(slot, { group_no: 'ASNSGDEMO04' }));
    expect(res.retcode, res.message).toBe(0);
    expect(res.data.group_no).toBe('ASNSGDEMO04');
    expect((await list('search_asn', { group_no: 'ASNSGDEMO04' })).total).toBe(3);
    const asns = await countRows(server, 'asn_orders', SG);
    const closed = await admin.post(`${ASN}/create_asn`, newAsn(slot, { group_no: 'ASNSGDEMO08' }));
    expect(closed.retcode).toBe(RET.ASN_GROUP_CLOSED);
    expect(closed.data.status).toBe(S.ARRIVING);
    expect(await countRows(server, 'asn_orders', SG)).toBe(asns);
  });

  test('bad input is refused with -100400 naming the field, and changes nothing', async () => {
    const slot = { slot_date: dayAfter(today, 12), shift_id: morning };
    const cases: [Record<string, unknown>, string][] = [
      [{ purchase_type: 2 }, 'purchase_type'],
      [{ inbound_type: 2, purchase_type: 0 }, 'purchase_type'],
      [{ supplier_id: null }, 'supplier_id'],
      [{ supplier_id: 'SUPSG0005' }, 'supplier_id'],
      [{ supplier_id: 'SUPID0001' }, 'supplier_id'],
      [{ lines: [{ sku_id: 'SGSKU00031', expected_qty: 1 }, { sku_id: 'NOPE', expected_qty: 1 }] }, 'lines.1.sku_id'],
      [{ lines: [{ sku_id: 'MYSKU00001', expected_qty: 1 }] }, 'lines.0.sku_id'],
      [{ lines: [{ sku_id: 'SGSKU00031', expected_qty: 1 }, { sku_id: 'sgsku00031', expected_qty: 2 }] }, 'lines.1.sku_id'],
      [{ lines: [{ sku_id: 'SGSKU00031', expected_qty: 0 }] }, 'lines.0.expected_qty'],
      [{ lines: [{ sku_id: 'SGSKU00031', expected_qty: 100000 }] }, 'lines.0.expected_qty'],
      [{ lines: [{ sku_id: 'SGSKU00031', expected_qty: 1, production_date: '2026-05-01', expiry_date: '2026-04-01' }] }, 'lines.0.expiry_date'],
      [{ lines: [{ sku_id: 'SGSKU00031', expected_qty: 1, batch_no: 'bad lot!' }] }, 'lines.0.batch_no'],
      [{ lines: [] }, 'lines'],
      [{ slot_date: dayAfter(today, -1) }, 'slot_date'],
      [{ slot_date: dayAfter(today, 91) }, 'slot_date'],
      [{ slot_date: '2026-02-30' }, 'slot_date'],
      [{ shift_id: 999999 }, 'shift_id'],
      [{ expected_arrival_at: 1 }, 'expected_arrival_at'],
      [{ expected_cartons: 1 }, 'tracking_ids'],
      [{ expected_cartons: 0 }, 'expected_cartons'],
      [{ group_no: 'NOSUCHGROUP' }, 'group_no'],
      [{ tracking_ids: [{ tracking_id: 'X-1' }, { tracking_id: 'x-1' }] }, 'tracking_ids.1.tracking_id'],
    ];
    const asns = await countRows(server, 'asn_orders', SG);
    const use = await slotUse(server, SG, slot.slot_date, morning, 1);
    for (const [change, field] of cases) {
      const res = await admin.post(`${ASN}/create_asn`, newAsn(slot, change));
      expect(res.retcode, `${JSON.stringify(change)}: ${res.message}`).toBe(RET.BAD_INPUT);
      expect(res.data.issues.map((i: { path: string }) => i.path), JSON.stringify(change)).toContain(field);
    }
    // A box already on another ASN: a duplicate key.
    const taken = await admin.post(`${ASN}/create_asn`, newAsn(slot, { tracking_ids: [{ tracking_id: 'TRKSG011' }] }));
    expect(taken.retcode).toBe(RET.DUPLICATE);
    expect(taken.message).toContain('ASNSGDEMO01');
    expect(await countRows(server, 'asn_orders', SG)).toBe(asns);
    expect(await slotUse(server, SG, slot.slot_date, morning, 1)).toEqual(use);
  });

  test('a slot whose quota cannot take the ASN refuses with -287001 and its figures; nothing is booked', async () => {
    const slot = { slot_date: dayAfter(today, 13), shift_id: afternoon };
    expect((await admin.post(`${QUOTA}/update_asn_quota_plan`, { plan_date: slot.slot_date, shift_id: afternoon, inbound_type: 1, quota_qty: 20, quota_cartons: 10 })).retcode).toBe(0);
    const asns = await countRows(server, 'asn_orders', SG);
    const res = await admin.post(`${ASN}/create_asn`, newAsn(slot, { lines: [{ sku_id: 'SGSKU00031', expected_qty: 21 }] }));
    expect(res.retcode).toBe(RET.ASN_QUOTA_FULL);
    expect(res.data).toMatchObject({ slot_date: slot.slot_date, shift_id: afternoon, inbound_type: 1, quota_qty: 20, used_qty: 0, wanted_qty: 21, wanted_cartons: 2 });
    expect(await countRows(server, 'asn_orders', SG)).toBe(asns);
    expect(await slotUse(server, SG, slot.slot_date, afternoon, 1)).toEqual({ used_qty: 0, used_cartons: 0 });
    // The cartons count too.
    expect((await admin.post(`${ASN}/create_asn`, newAsn(slot, { expected_cartons: 11, lines: [{ sku_id: 'SGSKU00031', expected_qty: 1 }] }))).retcode).toBe(RET.ASN_QUOTA_FULL);
    expect((await admin.post(`${ASN}/create_asn`, newAsn(slot, { lines: [{ sku_id: 'SGSKU00031', expected_qty: 20 }] }))).retcode).toBe(0);
  });

  test('bookings racing for a slot never overbook it: exactly as many as fit are taken', async () => {
    const slot = { slot_date: dayAfter(today, 14), shift_id: morning };
    expect((await admin.post(`${QUOTA}/update_asn_quota_plan`, { plan_date: slot.slot_date, shift_id: morning, inbound_type: 1, quota_qty: 100, quota_cartons: 99 })).retcode).toBe(0);
    const clients = await Promise.all(Array.from({ length: 4 }, () => server.loginAt('admin@demo.local', SG)));
    const racers = Array.from({ length: 8 }, (_, i) => clients[i % clients.length]!.post(`${ASN}/create_asn`, newAsn(slot, {
      lines: [{ sku_id: 'SGSKU00031', expected_qty: 30 }], tracking_ids: [{ tracking_id: newTrackingId('RACE') }], expected_cartons: 1,
    })));
    const results = await Promise.all(racers);
    expect(results.filter((r) => r.retcode === 0)).toHaveLength(3);
    expect(results.filter((r) => r.retcode !== 0).every((r) => r.retcode === RET.ASN_QUOTA_FULL)).toBe(true);
    expect(await slotUse(server, SG, slot.slot_date, morning, 1)).toEqual({ used_qty: 90, used_cartons: 3 });
    const booked = await one<{ n: number }>(server, sql`select count(*)::int as n from asn_orders where whs_id = ${SG} and slot_date = ${slot.slot_date} and slot_shift_id = ${morning}`);
    expect(Number(booked.n)).toBe(3);
  });
});

describe('the lifecycle: cancel and in transit', () => {
  test('cancel needs a reason, releases the booked quota and is final (-100412 afterwards)', async () => {
    const slot = { slot_date: dayAfter(today, 15), shift_id: morning };
    const created = await admin.post(`${ASN}/create_asn`, newAsn(slot));
    const asnNo = created.data.asn_no as string;
    expect(await slotUse(server, SG, slot.slot_date, morning, 1)).toEqual({ used_qty: 15, used_cartons: 2 });
    expect((await admin.post(`${ASN}/cancel_asn`, { asn_no: asnNo, reason: ' ' })).retcode).toBe(RET.BAD_INPUT);
    const res = await admin.post(`${ASN}/cancel_asn`, { asn_no: asnNo, reason: 'Supplier withdrew' });
    expect(res.retcode, res.message).toBe(0);
    expect(res.data).toEqual({ asn_no: asnNo, status: S.CANCELLED });
    expect(await slotUse(server, SG, slot.slot_date, morning, 1)).toEqual({ used_qty: 0, used_cartons: 0 });
    const detail = (await admin.get(`${ASN}/get_asn_detail`, { asn_no: asnNo })).data;
    expect(detail.asn.close_reason).toBe('Supplier withdrew');
    expect(detail.history.at(-1)).toMatchObject({ status: S.CANCELLED, note: 'Supplier withdrew' });
    const again = await admin.post(`${ASN}/cancel_asn`, { asn_no: asnNo, reason: 'again' });
    expect(again.retcode).toBe(RET.ILLEGAL_TRANSITION);
    expect(again.data).toEqual({ from: S.CANCELLED, to: S.CANCELLED });
    expect(await slotUse(server, SG, slot.slot_date, morning, 1)).toEqual({ used_qty: 0, used_cartons: 0 });
  });

  test('mark in transit moves a pending ASN only', async () => {
    const created = await admin.post(`${ASN}/create_asn`, newAsn({ slot_date: dayAfter(today, 16), shift_id: morning }));
    const asnNo = created.data.asn_no as string;
    expect((await admin.post(`${ASN}/mark_asn_in_transit`, { asn_no: asnNo })).data).toEqual({ asn_no: asnNo, status: S.IN_TRANSIT });
    const again = await admin.post(`${ASN}/mark_asn_in_transit`, { asn_no: asnNo });
    expect(again.retcode).toBe(RET.ILLEGAL_TRANSITION);
    expect(again.message).toContain('IN_TRANSIT');
    expect((await admin.post(`${ASN}/mark_asn_in_transit`, { asn_no: 'ASNSGDEMO09' })).retcode).toBe(RET.ILLEGAL_TRANSITION);
    expect((await admin.get(`${ASN}/get_asn_detail`, { asn_no: 'ASNSGDEMO09' })).data.asn.status).toBe(S.ARRIVED);
  });

  test('another warehouse\'s ASN cannot be moved: -100404, unchanged', async () => {
    expect((await elsewhere.post(`${ASN}/cancel_asn`, { asn_no: 'ASNSGDEMO01', reason: 'x' })).retcode).toBe(RET.NOT_FOUND);
    expect((await elsewhere.post(`${ASN}/mark_asn_in_transit`, { asn_no: 'ASNSGDEMO01' })).retcode).toBe(RET.NOT_FOUND);
    expect((await admin.get(`${ASN}/get_asn_detail`, { asn_no: 'ASNSGDEMO01' })).data.asn.status).toBe(S.PENDING);
  });
});

describe('permissions', () => {
  test('the operator holds none of the ASN pages: -100406 naming the permission, nothing created', async () => {
    const asns = await countRows(server, 'asn_orders', SG);
    const checks: [Promise<{ retcode: number; data: { perm?: string } }>, string][] = [
      [operator.post(`${ASN}/create_asn`, newAsn({ slot_date: dayAfter(today, 17), shift_id: morning })), 'PC.Inbound.Order.Create'],
      [operator.get(`${ASN}/search_asn`), 'PC.Inbound.Order.View'],
      [operator.get(`${ASN}/get_asn_detail`, { asn_no: 'ASNSGDEMO01' }), 'PC.Inbound.Order.View'],
      [operator.get(`${ASN}/search_queue_list`), 'PC.Inbound.Queuelist.View'],
      [operator.get(`${ASN}/get_jit_asn_detail`, { asn_no: 'ASNSGDEMO02' }), 'PC.Inbound.Jitorder.View'],
      [operator.post(`${ASN}/cancel_asn`, { asn_no: 'ASNSGDEMO01', reason: 'x' }), 'PC.Inbound.Order.Cancel'],
      [operator.post(`${ASN}/mark_asn_in_transit`, { asn_no: 'ASNSGDEMO01' }), 'PC.Inbound.Order.Edit'],
    ];
    for (const [call, perm] of checks) {
      const res = await call;
      expect(res.retcode, perm).toBe(RET.PERMISSION_DENIED);
      expect(res.data.perm).toBe(perm);
    }
    expect(await countRows(server, 'asn_orders', SG)).toBe(asns);
  });
});
