import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { rolePermissions, roles, userWarehouses } from '../../src/server/db/schema';
import { ARRIVAL_TIMELINESS, INBOUND_EXCEPTION_STATUS, INBOUND_EXCEPTION_TYPE, INBOUND_STATUS, TRACKING_ID_STATUS } from '../../src/shared/codes';
import { RET } from '../../src/shared/retcodes';
import { ARRIVAL, ASN, SHIFT, countRows, dayAfter, newAsn, newTrackingId, shiftId, warehouseToday } from '../support/asn-fixture';
import { Device } from '../support/op-device';
import { arrivalOps } from '../../src/shared/ops/arrival.ops';

/** Arrival (spec §2 /inbound/arriving, §7 the move-transfer arrival calls) over inbound ASNs: sheets, boxes, completion. */

const S = INBOUND_STATUS.values;
const B = TRACKING_ID_STATUS.values;
const SG = 'SGSIN1';
let server: TestServer;
/** Demo operator in SGSIN1 (boxes are scanned there: is_scan_mtb 1). */
let operator: TestClient;
let admin: TestClient;
/** Supervisor in IDJKT1 (the sheet alone brings the boxes: is_scan_mtb off). */
let jakarta: TestClient;
let today: string;

beforeAll(async () => {
  server = await startTestServer();
  operator = await server.loginAt('operator@demo.local', SG);
  admin = await server.loginAt('admin@demo.local', SG);
  jakarta = await server.loginAt('supervisor@demo.local', 'IDJKT1');
  today = await warehouseToday(admin);
});
afterAll(async () => {
  await server?.close();
});

const scan = (sheet: string, client = operator) => client.post(`${ARRIVAL}/scan_arrival_sheet_id`, { sheet_id: sheet });
const check = (sheet: string, box: string, client = operator) => client.post(`${ARRIVAL}/save_arrival_mtb`, { sheet_id: sheet, tracking_id: box });
const complete = (sheet: string, client = operator) => client.post(`${ARRIVAL}/complete_arrival`, { sheet_id: sheet });
const boxes = async (which: 'expected' | 'checked' | 'missing', sheet: string, client = operator) => {
  const res = await client.get(`${ARRIVAL}/search_${which}_arrival_mtb`, { sheet_id: sheet });
  expect(res.retcode, res.message).toBe(0);
  return res.data.list as { tracking_id: string; status: number; is_damaged: number; carton_qty: number; arrived_at: number | null }[];
};
const status = async (asnNo: string) => (await admin.get(`${ASN}/get_asn_detail`, { asn_no: asnNo })).data.asn.status as number;
const exceptionsOf = (asnNo: string) => server.database.db.execute(sql`select exception_type, reason, status, tracking_id, qty, source from inbound_exceptions where whs_id = ${SG} and asn_no = ${asnNo} order by exception_no`)
  .then((r) => ((r as unknown as { rows?: unknown[] }).rows ?? r) as { exception_type: number; status: number; tracking_id: string; qty: number; source: number }[]);

describe('arrival config', () => {
  test('is_scan_mtb follows the warehouse\'s setting', async () => {
    expect((await operator.get(`${ARRIVAL}/get_arrival_config`, { random: '0.123' })).data).toEqual({ is_scan_mtb: 1 });
    expect((await jakarta.get(`${ARRIVAL}/get_arrival_config`)).data).toEqual({ is_scan_mtb: 0 });
  });
});

describe('one ASN, boxes scanned (Arriving & Pre-QC)', () => {
  const sheet = 'ASNSGDEMO01';

  test('scanning the sheet starts the arrival; scanning it again resumes it', async () => {
    const res = await scan(sheet);
    expect(res.retcode, res.message).toBe(0);
    expect(res.data).toMatchObject({ sheet_id: sheet, sheet_type: 1, group_no: sheet, is_scan_mtb: 1, expected_count: 3, checked_count: 0, missing_count: 0 });
    expect(res.data.asn_list).toEqual([expect.objectContaining({ asn_no: sheet, status: S.ARRIVING, shift_name: 'Morning' })]);
    expect(await status(sheet)).toBe(S.ARRIVING);
    expect((await scan(sheet)).data.asn_list[0].status).toBe(S.ARRIVING);
  });

  test('a box is checked once; another sheet\'s box or an unknown one is refused; nothing changes', async () => {
    const res = await check(sheet, 'trksg011'.toUpperCase());
    expect(res.retcode, res.message).toBe(0);
    expect(res.data.box).toMatchObject({ tracking_id: 'TRKSG011', status: B.ARRIVED, is_damaged: 0 });
    expect(res.data.sheet).toMatchObject({ expected_count: 2, checked_count: 1 });
    const again = await check(sheet, 'TRKSG011');
    expect(again.retcode).toBe(RET.ARRIVAL_BOX_ALREADY_CHECKED);
    expect(again.data.arrived_at).toBe(res.data.box.arrived_at);
    const foreign = await check(sheet, 'TRKSG021');
    expect(foreign.retcode).toBe(RET.ARRIVAL_BOX_NOT_ON_SHEET);
    expect(foreign.data).toEqual({ asn_no: 'ASNSGDEMO02' });
    const unknown = await check(sheet, 'NOPE-1');
    expect(unknown.retcode).toBe(RET.ARRIVAL_BOX_NOT_ON_SHEET);
    expect(unknown.data).toEqual({ asn_no: null });
    expect((await check(sheet, 'bad box!')).retcode).toBe(RET.BAD_INPUT);
    // A sheet not scanned yet: its boxes wait for it.
    const early = await check('ASNSGDEMO02', 'TRKSG021');
    expect(early.retcode).toBe(RET.ILLEGAL_TRANSITION);
    expect(early.data).toEqual({ from: S.PENDING, to: S.ARRIVING });
    expect((await boxes('expected', 'ASNSGDEMO02')).map((b) => b.tracking_id)).toEqual(['TRKSG021', 'TRKSG022']);
    expect((await boxes('checked', sheet)).map((b) => b.tracking_id)).toEqual(['TRKSG011']);
  });

  test('Pre-QC: a damaged box raises an exception, withdrawn when it proves fine; the carton count is corrected', async () => {
    const update = (body: Record<string, unknown>) => operator.post(`${ARRIVAL}/update_arrival_mtb`, { sheet_id: sheet, tracking_id: 'TRKSG011', ...body });
    const damaged = await update({ is_damaged: 1 });
    expect(damaged.retcode, damaged.message).toBe(0);
    expect(damaged.data.box).toMatchObject({ status: B.EXCEPTION, is_damaged: 1 });
    expect(damaged.data.sheet.checked_count).toBe(1);
    expect(await exceptionsOf(sheet)).toEqual([expect.objectContaining({ exception_type: INBOUND_EXCEPTION_TYPE.values.ABNORMAL_ITEM, status: 10, tracking_id: 'TRKSG011', source: 1 })]);
    expect((await update({ is_damaged: 1 })).retcode).toBe(0);
    expect(await exceptionsOf(sheet)).toHaveLength(1);
    const fine = await update({ is_damaged: 0, carton_qty: 2 });
    expect(fine.data.box).toMatchObject({ status: B.ARRIVED, is_damaged: 0, carton_qty: 2 });
    expect((await exceptionsOf(sheet))[0]!.status).toBe(INBOUND_EXCEPTION_STATUS.values.CANCELLED);
    expect((await update({})).retcode).toBe(RET.BAD_INPUT);
    const unchecked = await operator.post(`${ARRIVAL}/update_arrival_mtb`, { sheet_id: sheet, tracking_id: 'TRKSG012', is_damaged: 1 });
    expect(unchecked.retcode).toBe(RET.BAD_INPUT);
    expect(unchecked.data.issues[0].path).toBe('tracking_id');
    expect(await exceptionsOf(sheet)).toHaveLength(1);
  });

  test('completing: Arrived, timeliness against the slot (tomorrow: early), boxes not scanned recorded missing with shortage exceptions', async () => {
    const res = await complete(sheet);
    expect(res.retcode, res.message).toBe(0);
    expect(res.data.missing).toEqual(['TRKSG012', 'TRKSG013']);
    expect(res.data.sheet).toMatchObject({ expected_count: 0, checked_count: 1, missing_count: 2 });
    expect(res.data.sheet.asn_list[0]).toMatchObject({ status: S.ARRIVED, arrival_timeliness: ARRIVAL_TIMELINESS.values.EARLY });
    expect((await boxes('missing', sheet)).map((b) => [b.tracking_id, b.status, b.arrived_at])).toEqual([['TRKSG012', B.EXCEPTION, null], ['TRKSG013', B.EXCEPTION, null]]);
    const shortages = (await exceptionsOf(sheet)).filter((e) => e.exception_type === INBOUND_EXCEPTION_TYPE.values.SHORTAGE);
    expect(shortages.map((e) => [e.tracking_id, e.qty, e.status])).toEqual([['TRKSG012', 1, 10], ['TRKSG013', 1, 10]]);
    const detail = (await admin.get(`${ASN}/get_asn_detail`, { asn_no: sheet })).data;
    expect(detail.history.map((h: { status: number }) => h.status)).toEqual([S.PENDING, S.ARRIVED]);
    // Open shortages make it a reprocess order; it now waits in the queue for counting.
    expect((await admin.get(`${ASN}/search_reprocess_order`)).data.list.map((r: { asn_no: string }) => r.asn_no)).toContain(sheet);
    expect((await admin.get(`${ASN}/search_queue_list`)).data.list.map((r: { asn_no: string }) => r.asn_no)).toContain(sheet);
  });

  test('an arrived sheet cannot be scanned, checked or completed again (-100412), and nothing changes', async () => {
    const exceptions = await countRows(server, 'inbound_exceptions', SG);
    expect((await scan(sheet)).retcode).toBe(RET.ILLEGAL_TRANSITION);
    expect((await complete(sheet)).retcode).toBe(RET.ILLEGAL_TRANSITION);
    expect((await check(sheet, 'TRKSG012')).retcode).toBe(RET.ILLEGAL_TRANSITION);
    expect(await countRows(server, 'inbound_exceptions', SG)).toBe(exceptions);
    expect(await status(sheet)).toBe(S.ARRIVED);
  });
});

describe('groups, warehouses without box scanning, refusals', () => {
  test('a group sheet brings all its ASNs; the group follows them', async () => {
    const res = await scan('ASNSGDEMO04');
    expect(res.retcode, res.message).toBe(0);
    expect(res.data.sheet_type).toBe(2);
    expect(res.data.asn_list.map((a: { asn_no: string; status: number }) => [a.asn_no, a.status])).toEqual([['ASNSGDEMO04', S.ARRIVING], ['ASNSGDEMO05', S.ARRIVING]]);
    expect((await admin.get(`${ASN}/get_asn_group_detail`, { group_no: 'ASNSGDEMO04' })).data.status).toBe(S.ARRIVING);
    for (const box of ['TRKSG041', 'TRKSG042', 'TRKSG051', 'TRKSG052']) expect((await check('ASNSGDEMO04', box)).retcode).toBe(0);
    const done = await complete('ASNSGDEMO04');
    expect(done.data.missing).toEqual([]);
    expect(done.data.sheet.asn_list.every((a: { status: number }) => a.status === S.ARRIVED)).toBe(true);
    expect((await admin.get(`${ASN}/get_asn_group_detail`, { group_no: 'ASNSGDEMO04' })).data.status).toBe(S.ARRIVED);
  });

  test('without box scanning the sheet brings every box: nothing is missing', async () => {
    expect((await scan('ASNIDDEMO07', jakarta)).data.is_scan_mtb).toBe(0);
    const res = await complete('ASNIDDEMO07', jakarta);
    expect(res.retcode, res.message).toBe(0);
    expect(res.data.missing).toEqual([]);
    expect(res.data.sheet).toMatchObject({ expected_count: 0, checked_count: 4, missing_count: 0 });
    expect((await boxes('checked', 'ASNIDDEMO07', jakarta)).every((b) => b.status === B.ARRIVED && b.arrived_at !== null)).toBe(true);
  });

  test('timeliness: on time within the slot, late after it', async () => {
    const created = await admin.post(`${SHIFT}/create_inbound_shift`, { shift_name: 'All Day', start_time: '00:00', end_time: '23:59', status: 1 });
    expect(created.retcode, created.message).toBe(0);
    const allDay = created.data.shift_id as number;
    const onTime = await admin.post(`${ASN}/create_asn`, newAsn({ slot_date: today, shift_id: allDay }));
    expect(onTime.retcode, onTime.message).toBe(0);
    expect((await scan(onTime.data.asn_no)).retcode).toBe(0);
    const arrived = await complete(onTime.data.asn_no);
    expect(arrived.data.sheet.asn_list[0].arrival_timeliness).toBe(ARRIVAL_TIMELINESS.values.ON_TIME);
    // An ASN whose slot was yesterday (moved there in the database: a slot in the past cannot be booked).
    const late = await admin.post(`${ASN}/create_asn`, newAsn({ slot_date: dayAfter(today, 1), shift_id: await shiftId(admin, 'Morning') }));
    await server.database.db.execute(sql`update asn_orders set slot_date = ${dayAfter(today, -1)} where whs_id = ${SG} and asn_no = ${late.data.asn_no}`);
    await scan(late.data.asn_no);
    expect((await complete(late.data.asn_no)).data.sheet.asn_list[0].arrival_timeliness).toBe(ARRIVAL_TIMELINESS.values.LATE);
  });

  test('a cancelled ASN cannot arrive; an unknown or another warehouse\'s sheet is not found', async () => {
    const created = await admin.post(`${ASN}/create_asn`, newAsn({ slot_date: dayAfter(today, 3), shift_id: await shiftId(admin, 'Morning') }));
    await admin.post(`${ASN}/cancel_asn`, { asn_no: created.data.asn_no, reason: 'Not coming' });
    const res = await scan(created.data.asn_no);
    expect(res.retcode).toBe(RET.ILLEGAL_TRANSITION);
    expect(res.data).toEqual({ from: S.CANCELLED, to: S.ARRIVING });
    expect((await scan('NOSUCHSHEET')).retcode).toBe(RET.NOT_FOUND);
    expect((await scan('ASNIDDEMO01')).retcode).toBe(RET.NOT_FOUND);
    expect((await operator.get(`${ARRIVAL}/search_expected_arrival_mtb`, { sheet_id: 'ASNIDDEMO01' })).retcode).toBe(RET.NOT_FOUND);
    expect((await complete('ASNSGDEMO03')).retcode).toBe(RET.ILLEGAL_TRANSITION);
    expect(await status('ASNSGDEMO03')).toBe(S.PENDING);
  });

  test('a user without the arriving permissions is refused (-100406); the page\'s View reads but arrives nothing', async () => {
    const db = server.database.db;
    const [role] = await db.insert(roles).values({ whsId: SG, roleName: 'Arrival test: nothing' }).returning();
    const user = await server.createUser({ email: 'arrival.none@demo.local', warehouses: [SG], role: 'Operator' });
    await db.update(userWarehouses).set({ roleId: role!.roleId }).where(eq(userWarehouses.userId, user.userId));
    const none = await server.loginAt('arrival.none@demo.local', SG);
    const res = await scan('ASNSGDEMO03', none);
    expect(res.retcode).toBe(RET.PERMISSION_DENIED);
    expect(res.data.perm).toBe('PC.Inbound.Arriving.Action');
    expect((await none.get(`${ARRIVAL}/get_arrival_config`)).data.perm).toBe('PC.Inbound.Arriving.View');

    await db.insert(rolePermissions).values({ whsId: SG, roleId: role!.roleId, perm: 'PC.Inbound.Arriving.View' });
    expect((await none.get(`${ARRIVAL}/get_arrival_config`)).retcode).toBe(0);
    expect((await none.get(`${ARRIVAL}/search_expected_arrival_mtb`, { sheet_id: 'ASNSGDEMO03' })).retcode).toBe(0);
    expect((await scan('ASNSGDEMO03', none)).data.perm).toBe('PC.Inbound.Arriving.Action');
    expect(await status('ASNSGDEMO03')).toBe(S.PENDING);
  });
});

describe('the dock offline: arrival ops (arrival.ops.ts)', () => {
  /** A new ASN of SGSIN1 booked tomorrow morning, with three boxes. */
  async function asnWithThreeBoxes() {
    const boxesOf = [newTrackingId(), newTrackingId(), newTrackingId()];
    const created = await admin.post(`${ASN}/create_asn`, newAsn(
      { slot_date: dayAfter(today, 1), shift_id: await shiftId(admin, 'Morning') },
      { expected_cartons: 3, tracking_ids: boxesOf.map((tracking_id) => ({ tracking_id })) },
    ));
    expect(created.retcode, created.message).toBe(0);
    return { asnNo: created.data.asn_no as string, boxes: boxesOf };
  }

  test('the sheet read shows the sheet and every box without starting it; an unknown sheet is not found', async () => {
    const { asnNo, boxes: ids } = await asnWithThreeBoxes();
    const res = await operator.get(`${ARRIVAL}/get_arrival_sheet`, { sheet_id: asnNo });
    expect(res.retcode, res.message).toBe(0);
    expect(res.data.sheet).toMatchObject({ sheet_id: asnNo, is_scan_mtb: 1, expected_count: 3, checked_count: 0 });
    expect(res.data.sheet.asn_list).toEqual([expect.objectContaining({ asn_no: asnNo, status: S.PENDING })]);
    expect(res.data.boxes.map((b: { tracking_id: string }) => b.tracking_id)).toEqual([...ids].sort());
    expect(await status(asnNo)).toBe(S.PENDING);
    expect((await operator.get(`${ARRIVAL}/get_arrival_sheet`, { sheet_id: 'NOSUCHSHEET' })).retcode).toBe(RET.NOT_FOUND);
    expect((await operator.get(`${ARRIVAL}/get_arrival_sheet`, { sheet_id: 'ASNIDDEMO01' })).retcode).toBe(RET.NOT_FOUND);
  });

  test('a queue replayed after the network came back applies once, at the moments of the scans; refusals are recorded and do not stop it', async () => {
    const { asnNo, boxes: [first, second, third] } = await asnWithThreeBoxes();
    const dock = new Device(operator);
    const scannedAt = Date.now() - 20 * 60_000;
    const at = (op: ReturnType<Device['op']>, minutes: number) => ({ ...op, created_at: scannedAt + minutes * 60_000 });
    const ops = [
      at(dock.op(arrivalOps.start.kind, { sheet_id: asnNo }), 0),
      at(dock.op(arrivalOps.check.kind, { sheet_id: asnNo, tracking_id: first }), 1),
      at(dock.op(arrivalOps.check.kind, { sheet_id: asnNo, tracking_id: 'TRKSG021' }), 2),
      at(dock.op(arrivalOps.check.kind, { sheet_id: asnNo, tracking_id: second }), 3),
      at(dock.op(arrivalOps.check.kind, { sheet_id: asnNo, tracking_id: first }), 4),
      at(dock.op(arrivalOps.preQc.kind, { sheet_id: asnNo, tracking_id: second, is_damaged: 1 }), 5),
      at(dock.op(arrivalOps.complete.kind, { sheet_id: asnNo }), 6),
    ];
    const answers = await dock.send(...ops);
    expect(answers.map((a) => [a.status, a.retcode])).toEqual([
      ['applied', 0], ['applied', 0], ['rejected', RET.ARRIVAL_BOX_NOT_ON_SHEET], ['applied', 0],
      ['rejected', RET.ARRIVAL_BOX_ALREADY_CHECKED], ['applied', 0], ['applied', 0],
    ]);
    expect(answers[6]!.data.missing).toEqual([third]);
    expect(answers[6]!.data.sheet).toMatchObject({ expected_count: 0, checked_count: 2, missing_count: 1 });

    const seconds = (minutes: number) => Math.floor((scannedAt + minutes * 60_000) / 1000);
    const checked = await boxes('checked', asnNo);
    expect(checked.map((b) => [b.tracking_id, b.status, b.is_damaged, b.arrived_at]).sort()).toEqual([
      [first, B.ARRIVED, 0, seconds(1)], [second, B.EXCEPTION, 1, seconds(3)],
    ].sort());
    expect((await boxes('missing', asnNo)).map((b) => b.tracking_id)).toEqual([third]);
    expect(await status(asnNo)).toBe(S.ARRIVED);
    const arrivedRows = await server.database.db.execute(sql`select floor(extract(epoch from arrived_at))::int as at from asn_orders where whs_id = ${SG} and asn_no = ${asnNo}`);
    expect(((arrivedRows as unknown as { rows?: { at: number }[] }).rows ?? (arrivedRows as unknown as { at: number }[]))[0]!.at).toBe(seconds(6));
    const exceptions = await exceptionsOf(asnNo);
    expect(exceptions.map((e) => [e.exception_type, e.tracking_id]).sort()).toEqual([
      [INBOUND_EXCEPTION_TYPE.values.ABNORMAL_ITEM, second], [INBOUND_EXCEPTION_TYPE.values.SHORTAGE, third],
    ].sort());

    // The device sends the same queue again (its answers were lost): nothing is applied twice.
    const again = await dock.send(...ops);
    expect(again.map((a) => [a.status, a.retcode])).toEqual(answers.map((a) => ['duplicate', a.retcode]));
    expect(await exceptionsOf(asnNo)).toHaveLength(2);
    expect((await boxes('checked', asnNo)).map((b) => b.arrived_at).sort()).toEqual([seconds(1), seconds(3)].sort());
  });

  test('an op of a user without the arriving action is refused (-100406) and changes nothing', async () => {
    const { asnNo } = await asnWithThreeBoxes();
    const db = server.database.db;
    const [role] = await db.insert(roles).values({ whsId: SG, roleName: 'Arrival ops test: view only' }).returning();
    await db.insert(rolePermissions).values({ whsId: SG, roleId: role!.roleId, perm: 'PC.Inbound.Arriving.View' });
    const user = await server.createUser({ email: 'arrival.ops.view@demo.local', warehouses: [SG], role: 'Operator' });
    await db.update(userWarehouses).set({ roleId: role!.roleId }).where(eq(userWarehouses.userId, user.userId));
    const viewer = new Device(await server.loginAt('arrival.ops.view@demo.local', SG));
    const answer = await viewer.push(arrivalOps.start.kind, { sheet_id: asnNo });
    expect([answer.status, answer.retcode]).toEqual(['rejected', RET.PERMISSION_DENIED]);
    expect(await status(asnNo)).toBe(S.PENDING);
  });
});
