import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TestClient, TestServer } from '../support/api-harness';
import { arrivedGroup, demoSku, groupState, inboundTestServer, memberWithoutPermissions, newOpId, type ArrivedGroup } from '../support/inbound-fixture';
import { countingRecords, inboundTrackingIds, skuMappings, skus, syncOps } from '../../src/server/db/schema';
import {
  COUNTING_RECORD_KIND, INBOUND_EXCEPTION_REASON, INBOUND_EXCEPTION_TYPE, INBOUND_STATUS, INBOUND_TASK_KIND, TRACKING_ID_STATUS,
} from '../../src/shared/codes';
import { RET } from '../../src/shared/retcodes';

const C = '/apps/process/inbound/counting';
const PUSH = '/apps/system/sync/push_ops';
const HOME = 'SGSIN1';
const A = INBOUND_STATUS.values;
const K = COUNTING_RECORD_KIND.values;

let server: TestServer;
let admin: TestClient;
let operator: TestClient;

beforeAll(async () => {
  ({ server, clients: [admin, operator] } = await inboundTestServer(HOME, ['admin@demo.local', 'operator@demo.local']));
});
afterAll(async () => {
  await server?.close();
});

const state = (group: ArrivedGroup) => groupState(server, HOME, group);
const asnStatuses = async (group: ArrivedGroup) => (await state(group)).orders.map((o) => o.status);

/** Two ASNs: the first expects 5 of SKU 1 and 3 of SKU 2 (one carton), the second 4 more of SKU 1. */
const twoAsns = () => arrivedGroup(server, HOME, [
  { lines: [{ sku: demoSku(1), expected: 5 }, { sku: demoSku(2), expected: 3 }], cartons: ['CTN-A'], supplierId: 'SUPSG0001' },
  { lines: [{ sku: demoSku(1), expected: 4 }], cartons: ['CTN-B'] },
]);

describe('reading a group', () => {
  test('the detail has the ASNs, the lines with barcodes and mapping codes, the cartons; the list shows it waiting', async () => {
    const group = await twoAsns();
    const res = await operator.get(`${C}/search_group_detail`, { group_no: group.groupNo });
    expect(res.retcode).toBe(0);
    expect(res.data.status).toBe(A.ARRIVED);
    expect(res.data.asns.map((a: { asn_no: string }) => a.asn_no)).toEqual(group.asnNos);
    const [first] = await server.database.db.select().from(skus).where(and(eq(skus.whsId, HOME), eq(skus.skuId, demoSku(1))));
    const codes = (await server.database.db.select().from(skuMappings).where(and(eq(skuMappings.whsId, HOME), eq(skuMappings.skuId, demoSku(1))))).map((m) => m.mappingCode).sort();
    expect(res.data.lines[0]).toMatchObject({ asn_no: group.asnNos[0], sku_id: demoSku(1), barcode: first!.barcode, expected_qty: 5, counted_qty: 0 });
    expect([...res.data.lines[0].mapping_codes].sort()).toEqual(codes);
    expect(codes.length).toBeGreaterThan(0);
    expect(res.data.tracking_ids.map((t: { tracking_id: string }) => t.tracking_id).sort()).toEqual(group.cartons.flat().sort());
    expect(res.data.last_record_id).toBe(0);

    const list = await operator.get(`${C}/search_group_list`, { group_no: group.groupNo });
    expect(list.data.list).toEqual([expect.objectContaining({ group_no: group.groupNo, status: A.ARRIVED, asn_count: 2, expected_qty: 12, counted_qty: 0 })]);
    expect(list.data.total).toBe(1);
  });

  test('a scanned SKU id, UPC or mapping code resolves against the group; others are not in it', async () => {
    const group = await twoAsns();
    const [row] = await server.database.db.select().from(skus).where(and(eq(skus.whsId, HOME), eq(skus.skuId, demoSku(1))));
    const [mapping] = await server.database.db.select().from(skuMappings).where(and(eq(skuMappings.whsId, HOME), eq(skuMappings.skuId, demoSku(1))));
    for (const code of [demoSku(1), row!.barcode!, mapping!.mappingCode]) {
      const res = await operator.get(`${C}/search_sku_scanning`, { group_no: group.groupNo, code });
      expect(res.data).toMatchObject({ sku_id: demoSku(1), in_group: true, expected_qty: 9, counted_qty: 0, remaining_qty: 9 });
    }
    const other = await operator.get(`${C}/search_sku_scanning`, { group_no: group.groupNo, code: demoSku(50) });
    expect(other.data).toMatchObject({ sku_id: demoSku(50), in_group: false });
    const unknown = await operator.get(`${C}/search_sku_scanning`, { group_no: group.groupNo, code: 'NO-SUCH-ITEM' });
    expect(unknown.data).toMatchObject({ sku_id: null, in_group: false });
  });

  test('unknown groups, and groups of another warehouse, are not found; bad input names the field', async () => {
    const elsewhere = await arrivedGroup(server, 'IDJKT1', [{ lines: [{ sku: 'IDSKU00001', expected: 2 }] }]);
    for (const groupNo of ['NO-SUCH-GROUP', elsewhere.groupNo]) {
      const res = await operator.get(`${C}/search_group_detail`, { group_no: groupNo });
      expect(res.retcode).toBe(RET.NOT_FOUND);
    }
    const bad = await operator.get(`${C}/check_surplus`, { group_no: elsewhere.groupNo, sku_id: 'X', qty: 0 });
    expect(bad.retcode).toBe(RET.BAD_INPUT);
    expect(bad.data.issues[0].path).toBe('qty');
    const noTarget = await operator.get(`${C}/get_expected_qc_qty`, {});
    expect(noTarget.retcode).toBe(RET.BAD_INPUT);
  });

  test('a user without the Counting page is refused every call', async () => {
    const group = await twoAsns();
    const bare = await memberWithoutPermissions(server, HOME);
    expect((await bare.get(`${C}/search_group_detail`, { group_no: group.groupNo })).retcode).toBe(RET.PERMISSION_DENIED);
    const before = await state(group);
    const res = await bare.post(`${C}/save_counting_record`, { group_no: group.groupNo, sku_id: demoSku(1), qty: 1 });
    expect(res.retcode).toBe(RET.PERMISSION_DENIED);
    expect(await state(group)).toEqual(before);
  });
});

describe('counting', () => {
  test('the first count moves the group\'s ASNs ARRIVED → COUNTING; counts fill lines in order, the carton\'s ASN first', async () => {
    const group = await twoAsns();
    const first = await operator.post(`${C}/save_counting_record`, { group_no: group.groupNo, sku_id: demoSku(1), qty: 3 });
    expect(first.retcode).toBe(0);
    expect(first.data).toMatchObject({ qty: 3, surplus_qty: 0, expected_qty: 9, counted_qty: 3 });
    expect(first.data.allocations).toEqual([{ asn_no: group.asnNos[0], line_no: 1, qty: 3, kind: K.NORMAL }]);
    expect(await asnStatuses(group)).toEqual([A.COUNTING, A.COUNTING]);
    expect((await state(group)).groups[0]!.status).toBe(A.COUNTING);

    // Carton B is the second ASN's: its lines go first.
    const inCarton = await operator.post(`${C}/save_counting_record`, { group_no: group.groupNo, sku_id: demoSku(1), qty: 5, tracking_id: group.cartons[1]![0] });
    expect(inCarton.data.allocations).toEqual([
      { asn_no: group.asnNos[1], line_no: 1, qty: 4, kind: K.NORMAL },
      { asn_no: group.asnNos[0], line_no: 1, qty: 1, kind: K.NORMAL },
    ]);
    const after = await state(group);
    expect(after.lines.map((l) => l.countedQty)).toEqual([4, 0, 4]);
    expect(after.cartons.find((c) => c.trackingId === group.cartons[1]![0])!.status).toBe(TRACKING_ID_STATUS.values.COUNTED);

    const working = await operator.get(`${C}/search_group_working_list`, { mine: 1 });
    expect(working.data.list.map((g: { group_no: string }) => g.group_no)).toContain(group.groupNo);
    const detail = await operator.get(`${C}/search_group_detail`, { group_no: group.groupNo });
    expect(detail.data.last_record_id).toBe(inCarton.data.record_id);
    expect(detail.data.tracking_ids.map((t: { counted_qty: number }) => t.counted_qty)).toEqual([0, 5]);
    expect(detail.data.asns.map((a: { counted_qty: number }) => a.counted_qty)).toEqual([4, 4]);
    const list = await operator.get(`${C}/search_group_list`, { group_no: group.groupNo });
    expect(list.data.list[0]).toMatchObject({ status: A.COUNTING, counted_qty: 8, expected_qty: 12, last_counted_at: expect.any(Number) });
  });

  test('a count past what the group expects needs the surplus confirmed; refused, it changes nothing', async () => {
    const group = await twoAsns();
    await operator.post(`${C}/save_counting_record`, { group_no: group.groupNo, sku_id: demoSku(2), qty: 2 });
    const check = await operator.get(`${C}/check_surplus`, { group_no: group.groupNo, sku_id: demoSku(2), qty: 4 });
    expect(check.data).toMatchObject({ expected_qty: 3, counted_qty: 2, surplus_qty: 3, is_surplus: true });

    const before = await state(group);
    const refused = await operator.post(`${C}/save_counting_record`, { group_no: group.groupNo, sku_id: demoSku(2), qty: 4 });
    expect(refused.retcode).toBe(RET.COUNTING_SURPLUS_UNCONFIRMED);
    expect(refused.data).toMatchObject({ sku_id: demoSku(2), expected_qty: 3, counted_qty: 2, surplus_qty: 3 });
    expect(await state(group)).toEqual(before);

    const confirmed = await operator.post(`${C}/save_counting_record`, { group_no: group.groupNo, sku_id: demoSku(2), qty: 4, confirm_surplus: true });
    expect(confirmed.retcode).toBe(0);
    expect(confirmed.data.allocations).toEqual([
      { asn_no: group.asnNos[0], line_no: 2, qty: 1, kind: K.NORMAL },
      { asn_no: group.asnNos[0], line_no: 2, qty: 3, kind: K.SURPLUS },
    ]);
    const records = (await state(group)).records.filter((r) => r.skuId === demoSku(2));
    expect(records.map((r) => [r.kind, r.qty])).toEqual([[K.NORMAL, 2], [K.NORMAL, 1], [K.SURPLUS, 3]]);
  });

  test('a SKU the group does not expect is refused; as a wrong-SKU record it is kept apart', async () => {
    const group = await twoAsns();
    const before = await state(group);
    const refused = await operator.post(`${C}/save_counting_record`, { group_no: group.groupNo, sku_id: demoSku(60), qty: 1 });
    expect(refused.retcode).toBe(RET.COUNTING_SKU_NOT_IN_GROUP);
    expect(await state(group)).toEqual(before);

    const [row] = await server.database.db.select().from(skus).where(and(eq(skus.whsId, HOME), eq(skus.skuId, demoSku(60))));
    const known = await operator.post(`${C}/create_wrong_sku_record`, { group_no: group.groupNo, code: row!.barcode, qty: 2, tracking_id: group.cartons[0]![0] });
    expect(known.data).toMatchObject({ sku_id: demoSku(60), known_sku: true, qty: 2 });
    const unknown = await operator.post(`${C}/create_wrong_sku_record`, { group_no: group.groupNo, code: 'MYSTERY-BOX', qty: 1 });
    expect(unknown.data).toMatchObject({ sku_id: 'MYSTERY-BOX', known_sku: false });
    const inGroup = await operator.post(`${C}/create_wrong_sku_record`, { group_no: group.groupNo, code: demoSku(2), qty: 1 });
    expect(inGroup.retcode).toBe(RET.BAD_INPUT);
    expect(inGroup.data.issues[0].path).toBe('code');

    const after = await state(group);
    expect(after.records.map((r) => [r.kind, r.skuId, r.asnNo, r.lineNo])).toEqual([
      [K.WRONG_SKU, demoSku(60), group.asnNos[0], null], [K.WRONG_SKU, 'MYSTERY-BOX', null, null],
    ]);
    expect(after.orders.map((o) => o.status)).toEqual([A.COUNTING, A.COUNTING]); // a wrong SKU starts counting too
    const detail = await operator.get(`${C}/search_group_detail`, { group_no: group.groupNo });
    expect(detail.data.wrong_skus).toEqual([{ sku_id: 'MYSTERY-BOX', qty: 1 }, { sku_id: demoSku(60), qty: 2 }]);
  });

  test('an op id counts once: the same online call again is -100411 and changes nothing', async () => {
    const group = await twoAsns();
    const opId = newOpId();
    const first = await operator.post(`${C}/save_counting_record`, { group_no: group.groupNo, sku_id: demoSku(1), qty: 2, op_id: opId });
    expect(first.retcode).toBe(0);
    const before = await state(group);
    const again = await operator.post(`${C}/save_counting_record`, { group_no: group.groupNo, sku_id: demoSku(1), qty: 2, op_id: opId });
    expect(again.retcode).toBe(RET.DUPLICATE);
    expect(await state(group)).toEqual(before);
    expect(before.records.filter((r) => r.opId === opId)).toHaveLength(1);
  });

  test('groups not arrived, or counted already, refuse counts with -100412', async () => {
    const arriving = await arrivedGroup(server, HOME, [{ lines: [{ sku: demoSku(3), expected: 2 }], status: A.ARRIVING }]);
    const res = await operator.post(`${C}/save_counting_record`, { group_no: arriving.groupNo, sku_id: demoSku(3), qty: 1 });
    expect(res.retcode).toBe(RET.ILLEGAL_TRANSITION);
    expect(res.data).toEqual({ from: A.ARRIVING, to: A.COUNTING });

    const done = await twoAsns();
    await operator.post(`${C}/save_counting_record`, { group_no: done.groupNo, sku_id: demoSku(1), qty: 9 });
    expect((await operator.post(`${C}/create_group_complete_record`, { group_no: done.groupNo })).retcode).toBe(0);
    const before = await state(done);
    const late = await operator.post(`${C}/save_counting_record`, { group_no: done.groupNo, sku_id: demoSku(1), qty: 1 });
    expect(late.retcode).toBe(RET.ILLEGAL_TRANSITION);
    expect(await state(done)).toEqual(before);
  });

  test('bad counts name the field', async () => {
    const group = await twoAsns();
    for (const [body, path] of [
      [{ group_no: group.groupNo, sku_id: demoSku(1), qty: 0 }, 'qty'],
      [{ group_no: group.groupNo, sku_id: demoSku(1), qty: 1.5 }, 'qty'],
      [{ group_no: group.groupNo, sku_id: demoSku(1), qty: 100000 }, 'qty'],
      [{ group_no: '', sku_id: demoSku(1), qty: 1 }, 'group_no'],
      [{ group_no: group.groupNo, sku_id: demoSku(1), qty: 1, op_id: 'not-a-uuid' }, 'op_id'],
    ] as const) {
      const res = await operator.post(`${C}/save_counting_record`, body);
      expect(res.retcode, JSON.stringify(body)).toBe(RET.BAD_INPUT);
      expect(res.data.issues[0].path).toBe(path);
    }
    expect((await state(group)).records).toEqual([]);
  });
});

describe('cartons', () => {
  test('check, register, change and delete a carton; one that holds counts stays', async () => {
    const group = await twoAsns();
    const announced = await operator.get(`${C}/check_tracking_id`, { group_no: group.groupNo, tracking_id: group.cartons[0]![0] });
    expect(announced.data).toMatchObject({ exists: true, asn_no: group.asnNos[0], status: TRACKING_ID_STATUS.values.ARRIVED, counted_qty: 0 });
    const fresh = `NEW-${group.groupNo}`;
    expect((await operator.get(`${C}/check_tracking_id`, { group_no: group.groupNo, tracking_id: fresh })).data).toMatchObject({ exists: false, asn_no: null });

    const ambiguous = await operator.post(`${C}/create_tracking_id`, { group_no: group.groupNo, tracking_id: fresh });
    expect(ambiguous.retcode).toBe(RET.BAD_INPUT);
    expect(ambiguous.data.issues[0].path).toBe('asn_no');
    const created = await operator.post(`${C}/create_tracking_id`, { group_no: group.groupNo, tracking_id: fresh, asn_no: group.asnNos[1], carton_qty: 2 });
    expect(created.data).toMatchObject({ tracking_id: fresh, asn_no: group.asnNos[1], status: TRACKING_ID_STATUS.values.ARRIVED, carton_qty: 2 });
    // The same registration again answers the carton (an offline replay from another device).
    expect((await operator.post(`${C}/create_tracking_id`, { group_no: group.groupNo, tracking_id: fresh, asn_no: group.asnNos[1] })).data.tracking_id).toBe(fresh);

    const moved = await operator.post(`${C}/update_tracking_id`, { group_no: group.groupNo, tracking_id: fresh, asn_no: group.asnNos[0], carton_qty: 3 });
    expect(moved.data).toMatchObject({ asn_no: group.asnNos[0], carton_qty: 3 });
    await operator.post(`${C}/save_counting_record`, { group_no: group.groupNo, sku_id: demoSku(2), qty: 1, tracking_id: fresh });
    const before = await state(group);
    const stuck = await operator.post(`${C}/update_tracking_id`, { group_no: group.groupNo, tracking_id: fresh, asn_no: group.asnNos[1] });
    expect(stuck.retcode).toBe(RET.TRACKING_ID_HAS_COUNTS);
    const kept = await operator.post(`${C}/delete_tracking_id`, { group_no: group.groupNo, tracking_id: fresh });
    expect(kept.retcode).toBe(RET.TRACKING_ID_HAS_COUNTS);
    expect(await state(group)).toEqual(before);

    const spare = `SPARE-${group.groupNo}`;
    await operator.post(`${C}/create_tracking_id`, { group_no: group.groupNo, tracking_id: spare, asn_no: group.asnNos[0] });
    expect((await operator.post(`${C}/delete_tracking_id`, { group_no: group.groupNo, tracking_id: spare })).data).toEqual({ tracking_id: spare });
    expect((await operator.get(`${C}/check_tracking_id`, { group_no: group.groupNo, tracking_id: spare })).data.exists).toBe(false);
  });

  test('a carton of another group is refused with -287103, and counts in it too', async () => {
    const group = await twoAsns();
    const other = await twoAsns();
    const foreign = other.cartons[0]![0]!;
    const check = await operator.get(`${C}/check_tracking_id`, { group_no: group.groupNo, tracking_id: foreign });
    expect(check.retcode).toBe(RET.TRACKING_ID_ELSEWHERE);
    expect(check.data).toMatchObject({ group_no: other.groupNo, asn_no: other.asnNos[0] });
    const before = await state(group);
    const count = await operator.post(`${C}/save_counting_record`, { group_no: group.groupNo, sku_id: demoSku(1), qty: 1, tracking_id: foreign });
    expect(count.retcode).toBe(RET.TRACKING_ID_ELSEWHERE);
    const register = await operator.post(`${C}/create_tracking_id`, { group_no: group.groupNo, tracking_id: foreign, asn_no: group.asnNos[0] });
    expect(register.retcode).toBe(RET.TRACKING_ID_ELSEWHERE);
    const unregistered = await operator.post(`${C}/save_counting_record`, { group_no: group.groupNo, sku_id: demoSku(1), qty: 1, tracking_id: 'NEVER-SEEN' });
    expect(unregistered.retcode).toBe(RET.NOT_FOUND);
    // Corrections name the group counted: another group's carton is neither changed nor deleted.
    const othersBefore = await state(other);
    const change = await operator.post(`${C}/update_tracking_id`, { group_no: group.groupNo, tracking_id: foreign, carton_qty: 9 });
    expect(change.retcode).toBe(RET.TRACKING_ID_ELSEWHERE);
    expect(change.data).toMatchObject({ group_no: other.groupNo });
    expect((await operator.post(`${C}/delete_tracking_id`, { group_no: group.groupNo, tracking_id: foreign })).retcode).toBe(RET.TRACKING_ID_ELSEWHERE);
    expect((await operator.post(`${C}/delete_tracking_id`, { group_no: group.groupNo, tracking_id: 'NEVER-SEEN' })).retcode).toBe(RET.NOT_FOUND);
    expect((await operator.post(`${C}/update_tracking_id`, { tracking_id: foreign, carton_qty: 9 })).retcode).toBe(RET.BAD_INPUT);
    expect(await state(group)).toEqual(before);
    expect(await state(other)).toEqual(othersBefore);
  });

  test('a carton\'s open exceptions show on check_exception_tracking_id', async () => {
    const group = await twoAsns();
    const carton = group.cartons[0]![0]!;
    expect((await operator.get(`${C}/check_exception_tracking_id`, { tracking_id: carton })).data).toMatchObject({ has_exception: false, exceptions: [] });
    await operator.post(`${C}/save_counting_record`, { group_no: group.groupNo, sku_id: demoSku(1), qty: 9 });
    await operator.post(`${C}/save_counting_record`, { group_no: group.groupNo, sku_id: demoSku(2), qty: 3 });
    await operator.post(`${C}/create_group_complete_record`, { group_no: group.groupNo });
    const report = await admin.post('/apps/process/inbound/exception/report_inbound_exception', {
      asn_no: group.asnNos[0], sku_id: demoSku(2), tracking_id: carton, reason: INBOUND_EXCEPTION_REASON.values.DAMAGED, qty: 1,
    });
    expect(report.retcode).toBe(0);
    const res = await operator.get(`${C}/check_exception_tracking_id`, { tracking_id: carton });
    expect(res.data).toMatchObject({ has_exception: true, status: TRACKING_ID_STATUS.values.EXCEPTION });
    expect(res.data.exceptions).toEqual([expect.objectContaining({ exception_no: report.data.exception_no, reason: INBOUND_EXCEPTION_REASON.values.DAMAGED, qty: 1 })]);
    expect((await operator.get(`${C}/check_exception_tracking_id`, { tracking_id: 'NO-SUCH' })).retcode).toBe(RET.NOT_FOUND);
  });
});

describe('completing a group', () => {
  test('check, then complete: COUNTED, shortage, surplus and wrong-SKU exceptions, and each ASN\'s next task', async () => {
    const group = await twoAsns();
    await operator.post(`${C}/save_counting_record`, { group_no: group.groupNo, sku_id: demoSku(1), qty: 11, confirm_surplus: true });
    await operator.post(`${C}/save_counting_record`, { group_no: group.groupNo, sku_id: demoSku(2), qty: 1 });
    await operator.post(`${C}/create_wrong_sku_record`, { group_no: group.groupNo, code: demoSku(70), qty: 2 });

    const check = await operator.get(`${C}/check_group_complete_record`, { group_no: group.groupNo });
    expect(check.data).toMatchObject({ can_complete: true, reason: null });
    expect(check.data.lines.map((l: { shortage_qty: number; surplus_qty: number }) => [l.shortage_qty, l.surplus_qty])).toEqual([[0, 2], [2, 0], [0, 0]]);
    expect(check.data.wrong_skus).toEqual([{ asn_no: null, sku_id: demoSku(70), qty: 2 }]);
    expect(check.data.uncounted_tracking_ids.map((c: { tracking_id: string }) => c.tracking_id).sort()).toEqual(group.cartons.flat().sort());

    const done = await operator.post(`${C}/create_group_complete_record`, { group_no: group.groupNo });
    expect(done.retcode).toBe(0);
    expect(done.data.asns).toEqual([
      { asn_no: group.asnNos[0], status: A.COUNTED, qc_required: false, task_no: expect.stringMatching(/^IT\d{12}$/) },
      { asn_no: group.asnNos[1], status: A.COUNTED, qc_required: false, task_no: expect.stringMatching(/^IT\d{12}$/) },
    ]);
    const after = await state(group);
    expect(after.orders.map((o) => [o.status, o.countedAt !== null])).toEqual([[A.COUNTED, true], [A.COUNTED, true]]);
    expect(after.groups[0]).toMatchObject({ status: A.COUNTED, countingCompletedBy: expect.any(Number) });
    expect(after.exceptions.map((e) => [e.asnNo, e.skuId, e.exceptionType, e.reason, e.qty, e.status])).toEqual([
      [group.asnNos[0], demoSku(1), INBOUND_EXCEPTION_TYPE.values.SURPLUS, INBOUND_EXCEPTION_REASON.values.SURPLUS, 2, 10],
      [group.asnNos[0], demoSku(2), INBOUND_EXCEPTION_TYPE.values.SHORTAGE, INBOUND_EXCEPTION_REASON.values.OTHER_ISSUES, 2, 10],
      [group.asnNos[0], demoSku(70), INBOUND_EXCEPTION_TYPE.values.WRONG_SKU, INBOUND_EXCEPTION_REASON.values.SKU_NOT_IN_ASN_GROUP, 2, 10],
    ]);
    expect(after.tasks.map((t) => [t.asnNo, t.kind, t.status, t.totalQty])).toEqual([
      [group.asnNos[0], INBOUND_TASK_KIND.values.RECEIVING, 0, 8],
      [group.asnNos[1], INBOUND_TASK_KIND.values.RECEIVING, 0, 4],
    ]);

    const again = await operator.post(`${C}/create_group_complete_record`, { group_no: group.groupNo });
    expect(again.retcode).toBe(RET.ILLEGAL_TRANSITION);
    expect(await state(group)).toEqual(after);
    expect((await operator.get(`${C}/check_group_complete_record`, { group_no: group.groupNo })).data.can_complete).toBe(false);
  });

  test('a group nothing was counted in cannot be completed', async () => {
    const group = await twoAsns();
    const before = await state(group);
    const res = await operator.post(`${C}/create_group_complete_record`, { group_no: group.groupNo });
    expect(res.retcode).toBe(RET.ILLEGAL_TRANSITION);
    expect(res.data).toEqual({ from: A.ARRIVED, to: A.COUNTED });
    expect(await state(group)).toEqual(before);
  });

  test('get_expected_qc_qty follows the QC rules; completion makes QC tasks for the ASNs they pick', async () => {
    const rule = await admin.post('/apps/rulecenter/qcrule/create_qc_rule', {
      rule_name: `AQL for ${demoSku(1)}`, rule_kind: 3, priority: 1, supplier_id: 'SUPSG0001', aql_level: '2.5', status: 1, high_value_only: 0,
    });
    expect(rule.retcode).toBe(0);
    const group = await twoAsns();
    await operator.post(`${C}/save_counting_record`, { group_no: group.groupNo, sku_id: demoSku(1), qty: 9 });
    await operator.post(`${C}/save_counting_record`, { group_no: group.groupNo, sku_id: demoSku(2), qty: 3 });
    const expected = await operator.get(`${C}/get_expected_qc_qty`, { group_no: group.groupNo });
    // Only the first ASN is the supplier's: its lines (5 and 3 counted, code letter A) are inspected whole.
    expect(expected.data.list.map((l: { asn_no: string; sample_qty: number; rule_id: number | null }) => [l.asn_no, l.sample_qty, l.rule_id])).toEqual([
      [group.asnNos[0], 5, rule.data.rule_id], [group.asnNos[0], 3, rule.data.rule_id], [group.asnNos[1], 0, null],
    ]);
    expect(expected.data.list[0]).toMatchObject({ code_letter: 'A', aql_level: '2.5', accept_qty: 0, reject_qty: 1 });
    const done = await operator.post(`${C}/create_group_complete_record`, { group_no: group.groupNo });
    expect(done.data.asns.map((a: { qc_required: boolean }) => a.qc_required)).toEqual([true, false]);
    const tasks = (await state(group)).tasks;
    expect(tasks.map((t) => [t.asnNo, t.kind, t.totalQty])).toEqual([
      [group.asnNos[0], INBOUND_TASK_KIND.values.QC, 8], [group.asnNos[1], INBOUND_TASK_KIND.values.RECEIVING, 4],
    ]);
    await admin.post('/apps/rulecenter/qcrule/update_qc_rule', { rule_id: rule.data.rule_id, status: 2 });
  });
});

describe('offline ops', () => {
  async function push(client: TestClient, deviceId: string, ops: { op_id: string; seq: number; kind: string; payload: Record<string, unknown> }[]) {
    return client.post(PUSH, { device_id: deviceId, ops: ops.map((o) => ({ ...o, created_at: Date.now() })) });
  }
  const device = () => newOpId();

  test('a count op replayed is applied once; a rejected op is recorded and later ops still apply', async () => {
    const group = await twoAsns();
    const deviceId = device();
    const ops = [
      { op_id: newOpId(), seq: 1, kind: 'inbound.counting.save_counting_record', payload: { group_no: group.groupNo, sku_id: demoSku(1), qty: 4 } },
      { op_id: newOpId(), seq: 2, kind: 'inbound.counting.save_counting_record', payload: { group_no: group.groupNo, sku_id: demoSku(2), qty: 9 } },
      { op_id: newOpId(), seq: 3, kind: 'inbound.counting.create_tracking_id', payload: { group_no: group.groupNo, tracking_id: `OFF-${group.groupNo}`, asn_no: group.asnNos[0] } },
      { op_id: newOpId(), seq: 4, kind: 'inbound.counting.save_counting_record', payload: { group_no: group.groupNo, sku_id: demoSku(2), qty: 1, tracking_id: `OFF-${group.groupNo}` } },
    ];
    const first = await push(operator, deviceId, ops);
    expect(first.retcode).toBe(0);
    expect(first.data.results.map((r: { status: string; retcode: number }) => [r.status, r.retcode])).toEqual([
      ['applied', 0], ['rejected', RET.COUNTING_SURPLUS_UNCONFIRMED], ['applied', 0], ['applied', 0],
    ]);
    expect(first.data.results[1].message).toContain('Confirm the surplus');
    const after = await state(group);

    // The answer was lost: the device sends the same batch again.
    const replay = await push(operator, deviceId, ops);
    expect(replay.data.results.map((r: { status: string }) => r.status)).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect(await state(group)).toEqual(after);
    expect(after.lines.map((l) => l.countedQty)).toEqual([4, 1, 0]);
    const withOp = await server.database.db.select().from(countingRecords).where(and(eq(countingRecords.whsId, HOME), eq(countingRecords.groupNo, group.groupNo)));
    expect(withOp.filter((r) => r.opId !== null).map((r) => r.opId).sort()).toEqual([ops[0]!.op_id, ops[3]!.op_id].sort());
    const recorded = await server.database.db.select().from(syncOps).where(eq(syncOps.deviceId, deviceId));
    expect(recorded.map((r) => r.status).sort()).toEqual(['applied', 'applied', 'applied', 'rejected']);
  });

  test('ops out of order are refused until the device resends from its acked seq', async () => {
    const group = await twoAsns();
    const deviceId = device();
    const one = { op_id: newOpId(), seq: 1, kind: 'inbound.counting.save_counting_record', payload: { group_no: group.groupNo, sku_id: demoSku(1), qty: 1 } };
    const two = { op_id: newOpId(), seq: 2, kind: 'inbound.counting.save_counting_record', payload: { group_no: group.groupNo, sku_id: demoSku(1), qty: 2 } };
    const gap = await push(operator, deviceId, [two]);
    expect(gap.retcode).toBe(RET.OUT_OF_SEQUENCE);
    expect(gap.data.acked_seq).toBe(0);
    expect((await state(group)).records).toEqual([]);
    const ok = await push(operator, deviceId, [one, two]);
    expect(ok.data.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
    const complete = { op_id: newOpId(), seq: 3, kind: 'inbound.counting.create_group_complete_record', payload: { group_no: group.groupNo } };
    const completed = await push(operator, deviceId, [complete]);
    expect(completed.data.results[0]).toMatchObject({ status: 'applied' });
    expect(await asnStatuses(group)).toEqual([A.COUNTED, A.COUNTED]);
    // A count queued offline after the group was completed elsewhere is rejected, not applied.
    const late = { op_id: newOpId(), seq: 4, kind: 'inbound.counting.save_counting_record', payload: { group_no: group.groupNo, sku_id: demoSku(1), qty: 1 } };
    const lateRes = await push(operator, deviceId, [late]);
    expect(lateRes.data.results[0]).toMatchObject({ status: 'rejected', retcode: RET.ILLEGAL_TRANSITION });
  });

  test('a user without the Counting permission gets each op rejected', async () => {
    const group = await twoAsns();
    const bare = await memberWithoutPermissions(server, HOME);
    const res = await push(bare, device(), [{ op_id: newOpId(), seq: 1, kind: 'inbound.counting.save_counting_record', payload: { group_no: group.groupNo, sku_id: demoSku(1), qty: 1 } }]);
    expect(res.data.results[0]).toMatchObject({ status: 'rejected', retcode: RET.PERMISSION_DENIED });
    expect((await state(group)).records).toEqual([]);
  });

  test('a carton registered offline is in the group\'s detail afterwards', async () => {
    const group = await twoAsns();
    const trackingId = `OFF2-${group.groupNo}`;
    await push(operator, device(), [{ op_id: newOpId(), seq: 1, kind: 'inbound.counting.create_tracking_id', payload: { group_no: group.groupNo, tracking_id: trackingId, asn_no: group.asnNos[1] } }]);
    const [row] = await server.database.db.select().from(inboundTrackingIds).where(and(eq(inboundTrackingIds.whsId, HOME), eq(inboundTrackingIds.trackingId, trackingId)));
    expect(row).toMatchObject({ asnNo: group.asnNos[1], groupNo: group.groupNo, status: TRACKING_ID_STATUS.values.ARRIVED });
  });

  test('carton corrections apply in the device\'s order: before a count into the carton they apply, after it they are rejected', async () => {
    const group = await twoAsns();
    const [spare, full] = [`FIX1-${group.groupNo}`, `FIX2-${group.groupNo}`];
    const op = (seq: number, kind: string, payload: Record<string, unknown>) => ({ op_id: newOpId(), seq, kind, payload: { group_no: group.groupNo, ...payload } });
    const ops = [
      op(1, 'inbound.counting.create_tracking_id', { tracking_id: spare, asn_no: group.asnNos[0] }),
      op(2, 'inbound.counting.create_tracking_id', { tracking_id: full, asn_no: group.asnNos[0] }),
      // Registered to the wrong ASN and with the wrong piece count: corrected before anything is counted in it.
      op(3, 'inbound.counting.update_tracking_id', { tracking_id: full, asn_no: group.asnNos[1], carton_qty: 2 }),
      op(4, 'inbound.counting.delete_tracking_id', { tracking_id: spare }),
      op(5, 'inbound.counting.save_counting_record', { sku_id: demoSku(1), qty: 2, tracking_id: full }),
      // Once it holds counts, it stays with its ASN and cannot go.
      op(6, 'inbound.counting.update_tracking_id', { tracking_id: full, asn_no: group.asnNos[0] }),
      op(7, 'inbound.counting.delete_tracking_id', { tracking_id: full }),
      op(8, 'inbound.counting.update_tracking_id', { tracking_id: full, carton_qty: 3 }),
    ];
    const res = await push(operator, device(), ops);
    expect(res.data.results.map((r: { status: string; retcode: number }) => [r.status, r.retcode])).toEqual([
      ['applied', 0], ['applied', 0], ['applied', 0], ['applied', 0], ['applied', 0],
      ['rejected', RET.TRACKING_ID_HAS_COUNTS], ['rejected', RET.TRACKING_ID_HAS_COUNTS], ['applied', 0],
    ]);
    const after = await state(group);
    expect(after.cartons.find((c) => c.trackingId === spare)).toBeUndefined();
    expect(after.cartons.find((c) => c.trackingId === full)).toMatchObject({ asnNo: group.asnNos[1], cartonQty: 3, status: TRACKING_ID_STATUS.values.COUNTED });
    // The carton's ASN (the second) took the count first.
    expect(after.lines.map((l) => l.countedQty)).toEqual([0, 0, 2]);
  });
});
