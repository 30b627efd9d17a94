import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { rolePermissions, roles, userWarehouses } from '../../src/server/db/schema';
import { INBOUND_ORDER_TYPE, INBOUND_STATUS, PURCHASE_TYPE, RETURN_DISPUTE_STATUS, RETURN_INBOUND_REASON, RETURN_ORDER_SOURCE, TRACKING_ID_STATUS } from '../../src/shared/codes';
import { returnArrivalOps } from '../../src/shared/ops/return-arrival.ops';
import { RET } from '../../src/shared/retcodes';
import { countRows, newTrackingId } from '../support/asn-fixture';
import { Device } from '../support/op-device';

/** Return orders (spec §2 /returninbound; docs/returns.md): intake, lists, the return dock's scan and disputes. */

const S = INBOUND_STATUS.values;
const R = RETURN_INBOUND_REASON.values;
const CALLS = '/apps/process/returninbound';
const SG = 'SGSIN1';
let server: TestServer;
let admin: TestClient;
let operator: TestClient;
/** The supervisor of another warehouse. */
let jakarta: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.loginAt('admin@demo.local', SG);
  operator = await server.loginAt('operator@demo.local', SG);
  jakarta = await server.loginAt('supervisor@demo.local', 'IDJKT1');
});
afterAll(async () => {
  await server?.close();
});

let returnSeq = 0;
const newReturn = (more: Record<string, unknown> = {}) => ({
  return_order_no: `RMA-${process.pid}-${Date.now().toString(36)}-${++returnSeq}`,
  sales_order_no: 'SO-ORIGINAL-1',
  tracking_no: newTrackingId('RT'),
  return_reason: R.CHANGE_OF_MIND,
  buyer_name: 'Tan Mei Ling',
  lines: [{ sku_id: 'SGSKU00031', qty: 2 }, { sku_id: 'SGSKU00032', qty: 1 }],
  ...more,
});

async function ok(res: Promise<{ retcode: number; message: string; data: any }>) {
  const answer = await res;
  expect(answer.retcode, answer.message).toBe(0);
  return answer.data;
}
const create = (body: Record<string, unknown>, client = admin) => client.post(`${CALLS}/order/create_return_order`, body);
const disputeRows = async (trackingNo: string) => {
  const res = await server.database.db.execute(sql`select dispute_no, status, kind, reported_by from return_disputes where whs_id = ${SG} and tracking_no = ${trackingNo}`);
  return ((res as unknown as { rows?: unknown[] }).rows ?? res) as { dispute_no: string; status: number; kind: number }[];
};

describe('return orders', () => {
  test('a return made on screen is a Return ASN with the parcel as its tracking id; the same content again answers it, other content is refused', async () => {
    const body = newReturn();
    const made = await ok(create(body));
    expect(made.created).toBe(true);
    expect(made.order).toMatchObject({
      return_order_no: body.return_order_no, tracking_no: body.tracking_no, return_reason: R.CHANGE_OF_MIND, status: S.PENDING, total_qty: 3,
      source: RETURN_ORDER_SOURCE.values.SCREEN, sales_order_no: 'SO-ORIGINAL-1', buyer_name: 'Tan Mei Ling',
    });
    const asnNo = made.order.asn_no as string;
    const asn = await ok(admin.get('/apps/process/inbound/asn/get_return_asn_detail', { asn_no: asnNo }));
    expect(asn.asn).toMatchObject({ inbound_type: INBOUND_ORDER_TYPE.values.RETURN, purchase_type: PURCHASE_TYPE.values.RETURN_INBOUND, status: S.PENDING, total_expected_qty: 3 });
    expect(asn.tracking_ids.map((b: { tracking_id: string }) => b.tracking_id)).toEqual([body.tracking_no]);
    expect(asn.lines.map((l: { sku_id: string; expected_qty: number }) => [l.sku_id, l.expected_qty])).toEqual([['SGSKU00031', 2], ['SGSKU00032', 1]]);

    const again = await ok(create({ ...body, remark: 'sent twice' }));
    expect(again).toMatchObject({ created: false, order: { asn_no: asnNo } });
    const clash = await create({ ...body, lines: [{ sku_id: 'SGSKU00031', qty: 3 }] });
    expect([clash.retcode, clash.data?.asn_no]).toEqual([RET.RETURN_ORDER_NO_CLASH, asnNo]);
    expect((await ok(admin.get(`${CALLS}/order/get_return_order_detail`, { asn_no: asnNo }))).order.asn_no).toBe(asnNo);
  });

  test('bad input is refused with its retcode and writes nothing', async () => {
    const before = await countRows(server, 'asn_orders', SG);
    const unknownSku = await create(newReturn({ lines: [{ sku_id: 'SGSKU00031', qty: 1 }, { sku_id: 'NO-SUCH-SKU', qty: 1 }] }));
    expect([unknownSku.retcode, unknownSku.data]).toEqual([RET.RETURN_ORDER_LINE_INVALID, { line: 2, sku_id: 'NO-SUCH-SKU' }]);
    const taken = await ok(create(newReturn()));
    const sameParcel = await create(newReturn({ tracking_no: taken.order.tracking_no.toLowerCase() }));
    expect(sameParcel.retcode).toBe(RET.TRACKING_NO_TAKEN);
    for (const bad of [{ return_reason: 999 }, { tracking_no: 'has space' }, { lines: [] }, { lines: [{ sku_id: 'SGSKU00031', qty: 0 }] }, { return_order_no: '' }]) {
      expect((await create(newReturn(bad))).retcode, JSON.stringify(bad)).toBe(RET.BAD_INPUT);
    }
    expect(await countRows(server, 'asn_orders', SG)).toBe(before + 1);
  });

  test('the order system\'s push answers each return on its own; a resend of the push answers the same', async () => {
    const good = newReturn();
    const bad = newReturn({ lines: [{ sku_id: 'NO-SUCH-SKU', qty: 1 }] });
    const first = await ok(admin.post(`${CALLS}/order/push_return_orders`, { orders: [good, bad] }));
    expect(first.results.map((r: { retcode: number; created: boolean; line: number | null }) => [r.retcode, r.created, r.line]))
      .toEqual([[0, true, null], [RET.RETURN_ORDER_LINE_INVALID, false, 1]]);
    const second = await ok(admin.post(`${CALLS}/order/push_return_orders`, { orders: [good] }));
    expect(second.results[0]).toMatchObject({ retcode: 0, created: false, asn_no: first.results[0].asn_no });
    const detail = await ok(admin.get(`${CALLS}/order/get_return_order_detail`, { asn_no: first.results[0].asn_no }));
    expect(detail.order.source).toBe(RETURN_ORDER_SOURCE.values.ORDER_SYSTEM);
  });

  test('the Return ASN List shows returns only, filtered by the return\'s fields; another warehouse sees none of them', async () => {
    const body = newReturn({ return_reason: R.FAULTY });
    const { order } = await ok(create(body));
    const listed = await ok(admin.get(`${CALLS}/order/search_return_order`, { page_size: 50, tracking_no: body.tracking_no }));
    expect(listed.list).toEqual([expect.objectContaining({ asn_no: order.asn_no, return_order_no: body.return_order_no, return_reason: R.FAULTY, status: S.PENDING, total_qty: 3 })]);
    const all = await ok(admin.get(`${CALLS}/order/search_return_order`, { page_size: 200 }));
    expect(all.list.length).toBeGreaterThan(0);
    const inbound = await ok(admin.get('/apps/process/inbound/asn/get_return_asn_detail', { asn_no: order.asn_no }));
    expect(inbound.asn.inbound_type).toBe(INBOUND_ORDER_TYPE.values.RETURN);
    // A purchase ASN is no return: the return detail call does not show it.
    expect((await admin.get('/apps/process/inbound/asn/get_return_asn_detail', { asn_no: 'ASNSGDEMO01' })).retcode).toBe(RET.NOT_FOUND);
    expect((await ok(jakarta.get(`${CALLS}/order/search_return_order`, { page_size: 50, tracking_no: body.tracking_no }))).list).toEqual([]);
    expect((await jakarta.get(`${CALLS}/order/get_return_order_detail`, { asn_no: order.asn_no })).retcode).toBe(RET.NOT_FOUND);
  });

  test('the enums call answers the return inbound code lists', async () => {
    const enums = await ok(operator.get(`${CALLS}/enums`));
    expect(enums.condition.map((c: { name: string }) => c.name)).toEqual(['GOOD', 'DAMAGE', 'ABNORMAL']);
    expect(enums.reason).toContainEqual({ value: 104, name: 'WRONG_PRODUCT' });
    expect(enums.dispute_status.map((c: { value: number }) => c.value)).toEqual([1, 2, 3]);
  });
});

describe('the return dock', () => {
  test('a parcel scanned arrives its return; an unknown one opens a dispute; the queue list and dispute list show them; a replay applies nothing twice', async () => {
    const { order } = await ok(create(newReturn()));
    const expected = await ok(operator.get(`${CALLS}/arrival/get_expected_parcels`));
    expect(expected.list).toContainEqual(expect.objectContaining({ tracking_no: order.tracking_no, asn_no: order.asn_no, total_qty: 3 }));

    const dock = new Device(operator);
    const stranger = newTrackingId('UNK');
    const scannedAt = Date.now() - 10 * 60_000;
    const ops = [
      { ...dock.op(returnArrivalOps.scanParcel.kind, { tracking_no: order.tracking_no }), created_at: scannedAt },
      { ...dock.op(returnArrivalOps.scanParcel.kind, { tracking_no: stranger }), created_at: scannedAt + 60_000 },
      dock.op(returnArrivalOps.scanParcel.kind, { tracking_no: order.tracking_no }),
      dock.op(returnArrivalOps.scanParcel.kind, { tracking_no: stranger }),
      dock.op(returnArrivalOps.scanParcel.kind, { tracking_no: 'ASNSGDEMO01-BOX' }),
    ];
    const answers = await dock.send(...ops);
    expect(answers.slice(0, 4).map((a) => [a.status, a.retcode, a.data?.reason ?? null])).toEqual([
      ['applied', 0, null], ['applied', 0, null], ['rejected', RET.RETURN_PARCEL_REFUSED, 'closed'], ['rejected', RET.RETURN_PARCEL_REFUSED, 'disputed'],
    ]);
    expect(answers[0]!.data).toEqual({ outcome: 'arrived', tracking_no: order.tracking_no, asn_no: order.asn_no, return_order_no: order.return_order_no, total_qty: 3 });
    expect(answers[1]!.data).toMatchObject({ outcome: 'dispute', tracking_no: stranger, dispute_no: expect.stringMatching(/^RDP\d{12}$/) });

    const asn = await ok(admin.get('/apps/process/inbound/asn/get_return_asn_detail', { asn_no: order.asn_no }));
    expect(asn.asn.status).toBe(S.ARRIVED);
    expect(asn.history.find((h: { status: number }) => h.status === S.ARRIVED)?.at).toBe(Math.floor(scannedAt / 1000));
    expect(asn.tracking_ids[0]).toMatchObject({ status: TRACKING_ID_STATUS.values.ARRIVED });
    const queue = await ok(admin.get(`${CALLS}/order/search_return_queue_list`, { page_size: 50, tracking_no: order.tracking_no }));
    expect(queue.list.map((r: { asn_no: string; status: number }) => [r.asn_no, r.status])).toEqual([[order.asn_no, S.ARRIVED]]);
    expect((await ok(operator.get(`${CALLS}/arrival/get_expected_parcels`))).list.map((p: { tracking_no: string }) => p.tracking_no)).not.toContain(order.tracking_no);

    const disputes = await ok(admin.get(`${CALLS}/dispute/search_dispute`, { page_size: 50, tracking_no: stranger }));
    expect(disputes.list).toEqual([expect.objectContaining({ dispute_no: answers[1]!.data.dispute_no, status: RETURN_DISPUTE_STATUS.values.OPEN, kind: 1 })]);

    const again = await dock.send(...ops);
    expect(again.map((a) => [a.status, a.retcode])).toEqual(answers.map((a) => ['duplicate', a.retcode]));
    expect(await disputeRows(stranger)).toHaveLength(1);
  });

  test('a box of another kind of ASN is refused, not disputed; an op without the arriving action is refused and changes nothing', async () => {
    const { order } = await ok(create(newReturn()));
    const purchaseBox = await server.database.db.execute(sql`select t.tracking_id from inbound_tracking_ids t join asn_orders a on a.whs_id = t.whs_id and a.asn_no = t.asn_no
      where t.whs_id = ${SG} and a.inbound_type = ${INBOUND_ORDER_TYPE.values.PURCHASE} limit 1`);
    const box = (((purchaseBox as unknown as { rows?: { tracking_id: string }[] }).rows ?? purchaseBox) as { tracking_id: string }[])[0]!.tracking_id;
    const answer = await new Device(operator).push(returnArrivalOps.scanParcel.kind, { tracking_no: box });
    expect([answer.status, answer.retcode, answer.data?.reason]).toEqual(['rejected', RET.RETURN_PARCEL_REFUSED, 'not_return']);
    expect(await disputeRows(box)).toEqual([]);

    const db = server.database.db;
    const [role] = await db.insert(roles).values({ whsId: SG, roleName: 'Return dock test: view only' }).returning();
    await db.insert(rolePermissions).values({ whsId: SG, roleId: role!.roleId, perm: 'PC.Returninbound.Arrving.View' });
    const user = await server.createUser({ email: 'return.dock.view@demo.local', warehouses: [SG], role: 'Operator' });
    await db.update(userWarehouses).set({ roleId: role!.roleId }).where(eq(userWarehouses.userId, user.userId));
    const viewer = await server.loginAt('return.dock.view@demo.local', SG);
    const refused = await new Device(viewer).push(returnArrivalOps.scanParcel.kind, { tracking_no: order.tracking_no });
    expect([refused.status, refused.retcode]).toEqual(['rejected', RET.PERMISSION_DENIED]);
    expect((await ok(viewer.get(`${CALLS}/arrival/get_expected_parcels`))).list.map((p: { asn_no: string }) => p.asn_no)).toContain(order.asn_no);
    expect((await ok(admin.get(`${CALLS}/order/get_return_order_detail`, { asn_no: order.asn_no }))).order.status).toBe(S.PENDING);
  });

  test('an open dispute is matched to the return it belongs to (which arrives) or returned to the buyer, once; bad settling is refused and writes nothing', async () => {
    const settle = (body: Record<string, unknown>, client = admin) => client.post(`${CALLS}/dispute/settle_dispute`, body);
    const dock = new Device(operator);
    const openDispute = async () => (await dock.push(returnArrivalOps.scanParcel.kind, { tracking_no: newTrackingId('UNK') })).data as { dispute_no: string; tracking_no: string };
    const { order } = await ok(create(newReturn()));
    const first = await openDispute();

    // Refusals: the field the outcome needs, a return that is not one, another warehouse's dispute, no settling action.
    const missing = await settle({ dispute_no: first.dispute_no, outcome: 'match' });
    expect([missing.retcode, missing.data.issues[0].path]).toEqual([RET.BAD_INPUT, 'return_no']);
    expect((await settle({ dispute_no: first.dispute_no, outcome: 'return_to_buyer', remark: '  ' })).retcode).toBe(RET.BAD_INPUT);
    const unknown = await settle({ dispute_no: first.dispute_no, outcome: 'match', return_no: 'RMA-NO-SUCH' });
    expect([unknown.retcode, unknown.data.reason]).toEqual([RET.RETURN_DISPUTE_UNMATCHED, 'unknown']);
    expect((await settle({ dispute_no: first.dispute_no, outcome: 'return_to_buyer', remark: 'x' }, jakarta)).retcode).toBe(RET.NOT_FOUND);
    expect((await settle({ dispute_no: first.dispute_no, outcome: 'return_to_buyer', remark: 'x' }, operator)).retcode).toBe(RET.PERMISSION_DENIED);
    expect(await disputeRows(first.tracking_no)).toEqual([expect.objectContaining({ status: RETURN_DISPUTE_STATUS.values.OPEN })]);

    // Matched by the return order number: the return arrives; the dispute holds its ASN.
    const matched = await ok(settle({ dispute_no: first.dispute_no, outcome: 'match', return_no: order.return_order_no }));
    expect(matched.arrival).toMatchObject({ outcome: 'arrived', asn_no: order.asn_no, total_qty: 3 });
    expect(matched.dispute).toMatchObject({ status: RETURN_DISPUTE_STATUS.values.MATCHED, asn_no: order.asn_no, settled_by: expect.any(Number) });
    expect((await ok(admin.get(`${CALLS}/order/get_return_order_detail`, { asn_no: order.asn_no }))).order.status).toBe(S.ARRIVED);
    const twice = await settle({ dispute_no: first.dispute_no, outcome: 'return_to_buyer', remark: 'late' });
    expect(twice.retcode).toBe(RET.ILLEGAL_TRANSITION);

    // A return that arrived already cannot take another parcel; the buyer gets it back, with the remark.
    const second = await openDispute();
    const closed = await settle({ dispute_no: second.dispute_no, outcome: 'match', return_no: order.asn_no });
    expect([closed.retcode, closed.data.reason, closed.data.asn_no]).toEqual([RET.RETURN_DISPUTE_UNMATCHED, 'closed', order.asn_no]);
    const back = await ok(settle({ dispute_no: second.dispute_no, outcome: 'return_to_buyer', remark: 'Sent back with J&T, JT0001' }));
    expect(back).toMatchObject({ arrival: null, dispute: { status: RETURN_DISPUTE_STATUS.values.RETURNED_TO_BUYER, asn_no: null, remark: 'Sent back with J&T, JT0001' } });
    const list = await ok(admin.get(`${CALLS}/dispute/search_dispute`, { page_size: 50, tracking_no: second.tracking_no }));
    expect(list.list).toEqual([expect.objectContaining({ status: RETURN_DISPUTE_STATUS.values.RETURNED_TO_BUYER })]);
  });
});
