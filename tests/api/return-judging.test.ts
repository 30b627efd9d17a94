import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { rolePermissions, roles, userWarehouses } from '../../src/server/db/schema';
import { INBOUND_STATUS, INVENTORY_TRANSACTION_TYPE, QUALITY, RETURN_DISPUTE_KIND, RETURN_DISPUTE_STATUS, RETURN_INBOUND_CONDITION, RETURN_INBOUND_REASON, RETURN_JUDGEMENT } from '../../src/shared/codes';
import { returnArrivalOps } from '../../src/shared/ops/return-arrival.ops';
import { countingOps } from '../../src/shared/ops/counting.ops';
import { putawayOps } from '../../src/shared/ops/putaway.ops';
import { returnQcOps } from '../../src/shared/ops/return-qc.ops';
import { RET } from '../../src/shared/retcodes';
import { newTrackingId } from '../support/asn-fixture';
import { Device } from '../support/op-device';

/**
 * Return QC (docs/returns.md): the return QC checklist and return inbound rules of the Rule Center,
 * and each returned unit judged by them on the floor (the offline op), exactly once.
 */

const S = INBOUND_STATUS.values;
const R = RETURN_INBOUND_REASON.values;
const C = RETURN_INBOUND_CONDITION.values;
const J = RETURN_JUDGEMENT.values;
const CALLS = '/apps/process/returninbound';
const RULES = '/apps/rulecenter/returninbound';
const CHECKS = '/apps/rulecenter/returnqc';
const SG = 'SGSIN1';
let server: TestServer;
let admin: TestClient;
let operator: TestClient;
let jakarta: TestClient;
let checks: { check_id: number; check_name: string; fail_condition: number }[];

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.loginAt('admin@demo.local', SG);
  operator = await server.loginAt('operator@demo.local', SG);
  jakarta = await server.loginAt('admin@demo.local', 'IDJKT1');
  checks = (await ok(operator.get(`${CALLS}/qc/get_returns_to_judge`))).checks;
});
afterAll(async () => {
  await server?.close();
});

async function ok(res: Promise<{ retcode: number; message: string; data: any }>) {
  const answer = await res;
  expect(answer.retcode, answer.message).toBe(0);
  return answer.data;
}

let returnSeq = 0;
/** A return of SGSKU00031 × 2 and SGSKU00032 × 1, arrived at the dock. */
async function arrivedReturn(reason: number = R.CHANGE_OF_MIND) {
  const body = {
    return_order_no: `RMA-QC-${process.pid}-${++returnSeq}`, tracking_no: newTrackingId('RQ'), return_reason: reason,
    lines: [{ sku_id: 'SGSKU00031', qty: 2 }, { sku_id: 'SGSKU00032', qty: 1 }],
  };
  const { order } = await ok(admin.post(`${CALLS}/order/create_return_order`, body));
  const arrived = await new Device(operator).push(returnArrivalOps.scanParcel.kind, { tracking_no: order.tracking_no });
  expect(arrived.status).toBe('applied');
  return order as { asn_no: string; return_order_no: string; tracking_no: string };
}

const unitRows = async (asnNo: string) => {
  const res = await server.database.db.execute(sql`select unit_no, sku_id, condition, judgement, override_reason, dispute_no from return_units where whs_id = ${SG} and asn_no = ${asnNo} order by unit_no`);
  return ((res as unknown as { rows?: unknown[] }).rows ?? res) as { unit_no: number; sku_id: string; judgement: number | null; dispute_no: string | null }[];
};
const checkNamed = (prefix: string) => checks.find((c) => c.check_name.startsWith(prefix))!.check_id;

describe('the Rule Center', () => {
  test('the demo checklist and rules are listed; a rule made there decides the units it matches first, in its warehouse only', async () => {
    const list = await ok(admin.get(`${CHECKS}/search_return_qc_check`, { page_size: 50 }));
    expect(list.list.map((c: { check_name: string }) => c.check_name)).toContain('Outer packaging intact');
    const rules = await ok(admin.get(`${RULES}/search_return_inbound_rule`, { page_size: 50 }));
    expect(rules.list.map((r: { judgement: number }) => r.judgement)).toEqual([J.THREE_PL_CLAIM, J.REINBOUND, J.RETURN_TO_SELLER]);

    // Refused: a check that fails to Good, a rule with no judgement; nothing is made.
    expect((await admin.post(`${CHECKS}/create_return_qc_check`, { sequence: 5, check_name: 'x', fail_condition: C.GOOD, status: 1 })).retcode).toBe(RET.BAD_INPUT);
    expect((await admin.post(`${RULES}/create_return_inbound_rule`, { rule_name: 'x', priority: 1, status: 1 })).retcode).toBe(RET.BAD_INPUT);

    const made = await ok(admin.post(`${RULES}/create_return_inbound_rule`, {
      rule_name: 'Faulty and good: replace', priority: 1, condition: C.GOOD, return_reason: R.FAULTY, judgement: J.REPLACEMENT, status: 1,
    }));
    const order = await arrivedReturn(R.FAULTY);
    const device = new Device(operator);
    const faulty = await device.push(returnQcOps.judgeUnit.kind, { return_no: order.tracking_no, sku_code: 'SGSKU00031', condition: C.GOOD });
    expect(faulty.data).toMatchObject({ outcome: 'judged', judgement: J.REPLACEMENT, rule_id: made.rule_id, overridden: false });
    // The unit's reason said otherwise: the next rule decides.
    const changed = await device.push(returnQcOps.judgeUnit.kind, { return_no: order.tracking_no, sku_code: 'SGSKU00031', condition: C.GOOD, return_reason: R.CHANGE_OF_MIND });
    expect(changed.data).toMatchObject({ outcome: 'judged', judgement: J.REINBOUND });
    // Another warehouse's rules are its own.
    const elsewhere = await ok(jakarta.get(`${RULES}/search_return_inbound_rule`, { page_size: 50 }));
    expect(elsewhere.list.map((r: { rule_name: string }) => r.rule_name)).not.toContain('Faulty and good: replace');
    await ok(admin.post(`${RULES}/update_return_inbound_rule`, { rule_id: made.rule_id, status: 2 }));
  });
});

describe('judging returned units', () => {
  test('each unit is judged by the rules, a wrong item goes to dispute, a judgement against the rule needs a reason; the return is Checking, then Checked; replays apply once', async () => {
    const order = await arrivedReturn();
    const toJudge = await ok(operator.get(`${CALLS}/qc/get_returns_to_judge`));
    expect(toJudge.returns.find((r: { asn_no: string }) => r.asn_no === order.asn_no)).toMatchObject({
      status: S.ARRIVED, return_reason: R.CHANGE_OF_MIND,
      lines: [expect.objectContaining({ sku_id: 'SGSKU00031', expected_qty: 2, judged_qty: 0 }), expect.objectContaining({ sku_id: 'SGSKU00032', expected_qty: 1, judged_qty: 0 })],
    });
    expect(toJudge.rules.map((r: { priority: number }) => r.priority)).toEqual([...toJudge.rules.map((r: { priority: number }) => r.priority)].sort((a, b) => a - b));

    const device = new Device(operator);
    const judge = (payload: Record<string, unknown>) => device.op(returnQcOps.judgeUnit.kind, { return_no: order.return_order_no, ...payload });
    const packaging = checkNamed('Outer packaging');
    const ops = [
      judge({ sku_code: 'SGSKU00031', condition: C.GOOD }),
      judge({ sku_code: 'SGSKU00031', condition: C.GOOD, failed_checks: [packaging] }),
      judge({ sku_code: 'SGSKU00031', condition: C.DAMAGE, failed_checks: [packaging] }),
      judge({ sku_code: 'SGSKU00099', condition: C.ABNORMAL }),
      judge({ sku_code: 'SGSKU00032', condition: C.ABNORMAL, judgement: J.LIQUIDATION }),
      judge({ sku_code: 'SGSKU00032', condition: C.ABNORMAL, judgement: J.LIQUIDATION, override_reason: 'Seller asked to liquidate' }),
      judge({ sku_code: 'SGSKU00031', condition: C.GOOD, failed_checks: [999_999] }),
    ];
    const answers = await device.send(...ops);
    expect(answers.map((a) => [a.status, a.retcode, a.data?.reason ?? a.data?.outcome])).toEqual([
      ['applied', 0, 'judged'],
      ['rejected', RET.RETURN_JUDGEMENT_INVALID, 'checks_failed'],
      ['applied', 0, 'judged'],
      ['applied', 0, 'dispute'],
      ['rejected', RET.RETURN_JUDGEMENT_INVALID, 'override_reason'],
      ['applied', 0, 'judged'],
      ['rejected', RET.RETURN_NOT_JUDGEABLE, 'closed'],
    ]);
    expect(answers[0]!.data).toMatchObject({ unit_no: 1, sku_id: 'SGSKU00031', judgement: J.REINBOUND, overridden: false });
    expect(answers[2]!.data).toMatchObject({ unit_no: 2, judgement: J.THREE_PL_CLAIM });
    expect(answers[3]!.data).toMatchObject({ unit_no: 3, sku_id: 'SGSKU00099', dispute_no: expect.stringMatching(/^RDP/) });
    expect(answers[5]!.data).toMatchObject({ unit_no: 4, judgement: J.LIQUIDATION, overridden: true });

    const detail = await ok(admin.get(`${CALLS}/order/get_return_order_detail`, { asn_no: order.asn_no }));
    expect(detail.order.status).toBe(S.CHECKED);
    expect(detail.units.map((u: { unit_no: number; judgement: number | null; rule_judgement: number | null; override_reason: string | null }) => [u.unit_no, u.judgement, u.rule_judgement, u.override_reason])).toEqual([
      [1, J.REINBOUND, J.REINBOUND, null], [2, J.THREE_PL_CLAIM, J.THREE_PL_CLAIM, null], [3, null, null, null], [4, J.LIQUIDATION, J.RETURN_TO_SELLER, 'Seller asked to liquidate'],
    ]);
    expect(detail.units[1].failed_checks).toEqual([packaging]);
    const disputes = await ok(admin.get(`${CALLS}/dispute/search_dispute`, { page_size: 50, tracking_no: order.tracking_no }));
    expect(disputes.list).toEqual([expect.objectContaining({ dispute_no: answers[3]!.data.dispute_no, kind: RETURN_DISPUTE_KIND.values.WRONG_ITEM, status: RETURN_DISPUTE_STATUS.values.OPEN })]);
    expect((await ok(operator.get(`${CALLS}/qc/get_returns_to_judge`))).returns.map((r: { asn_no: string }) => r.asn_no)).not.toContain(order.asn_no);
    // Checked: out of the QC task list.
    expect((await ok(admin.get(`${CALLS}/qc/search_return_qc_task`, { page_size: 100, asn_no: order.asn_no }))).list).toEqual([]);

    const again = await device.send(...ops);
    expect(again.map((a) => [a.status, a.retcode])).toEqual(answers.map((a) => ['duplicate', a.retcode]));
    expect(await unitRows(order.asn_no)).toHaveLength(4);
  });

  test('the first unit makes the return Checking; a second wrong item joins the open dispute; more units of a line than it carries go to dispute', async () => {
    const order = await arrivedReturn();
    const device = new Device(operator);
    const judge = (payload: Record<string, unknown>) => device.push(returnQcOps.judgeUnit.kind, { return_no: order.asn_no, ...payload });
    const qcTask = async () => (await ok(admin.get(`${CALLS}/qc/search_return_qc_task`, { page_size: 100, asn_no: order.asn_no }))).list;
    expect(await qcTask()).toEqual([expect.objectContaining({ asn_no: order.asn_no, status: S.ARRIVED, total_qty: 3, judged_qty: 0 })]);
    await judge({ sku_code: 'SGSKU00032', condition: C.GOOD });
    expect((await ok(admin.get(`${CALLS}/order/get_return_order_detail`, { asn_no: order.asn_no }))).order.status).toBe(S.CHECKING);
    expect(await qcTask()).toEqual([expect.objectContaining({ status: S.CHECKING, judged_qty: 1 })]);
    const extra = await judge({ sku_code: 'SGSKU00032', condition: C.GOOD });
    const stranger = await judge({ sku_code: 'NOT-A-SKU', condition: C.ABNORMAL });
    expect([extra.data.outcome, stranger.data.outcome]).toEqual(['dispute', 'dispute']);
    expect(stranger.data.dispute_no).toBe(extra.data.dispute_no);
    expect((await unitRows(order.asn_no)).map((u) => [u.sku_id, u.dispute_no !== null])).toEqual([['SGSKU00032', false], ['SGSKU00032', true], ['NOT-A-SKU', true]]);
  });

  test('a return not arrived, unknown, or of another warehouse cannot be judged; without the QC action nothing is judged', async () => {
    const { order } = await ok(admin.post(`${CALLS}/order/create_return_order`, {
      return_order_no: `RMA-QC-${process.pid}-waiting`, tracking_no: newTrackingId('RQ'), return_reason: R.CHANGE_OF_MIND, lines: [{ sku_id: 'SGSKU00031', qty: 1 }],
    }));
    const device = new Device(operator);
    const waiting = await device.push(returnQcOps.judgeUnit.kind, { return_no: order.return_order_no, sku_code: 'SGSKU00031', condition: C.GOOD });
    expect([waiting.retcode, waiting.data.reason]).toEqual([RET.RETURN_NOT_JUDGEABLE, 'not_arrived']);
    const unknown = await device.push(returnQcOps.judgeUnit.kind, { return_no: 'RMA-NO-SUCH', sku_code: 'SGSKU00031', condition: C.GOOD });
    expect([unknown.retcode, unknown.data.reason]).toEqual([RET.RETURN_NOT_JUDGEABLE, 'unknown']);

    const arrived = await arrivedReturn();
    const other = await new Device(jakarta).push(returnQcOps.judgeUnit.kind, { return_no: arrived.asn_no, sku_code: 'SGSKU00031', condition: C.GOOD });
    expect([other.retcode, other.data.reason]).toEqual([RET.RETURN_NOT_JUDGEABLE, 'unknown']);
    expect((await ok(jakarta.get(`${CALLS}/qc/get_returns_to_judge`))).returns.map((r: { asn_no: string }) => r.asn_no)).not.toContain(arrived.asn_no);

    const db = server.database.db;
    const [role] = await db.insert(roles).values({ whsId: SG, roleName: 'Return QC test: view only' }).returning();
    await db.insert(rolePermissions).values({ whsId: SG, roleId: role!.roleId, perm: 'PC.Returninbound.Qc.View' });
    const user = await server.createUser({ email: 'return.qc.view@demo.local', warehouses: [SG], role: 'Operator' });
    await db.update(userWarehouses).set({ roleId: role!.roleId }).where(eq(userWarehouses.userId, user.userId));
    const viewer = await server.loginAt('return.qc.view@demo.local', SG);
    expect((await ok(viewer.get(`${CALLS}/qc/get_returns_to_judge`))).returns.map((r: { asn_no: string }) => r.asn_no)).toContain(arrived.asn_no);
    const refused = await new Device(viewer).push(returnQcOps.judgeUnit.kind, { return_no: arrived.asn_no, sku_code: 'SGSKU00031', condition: C.GOOD });
    expect([refused.status, refused.retcode]).toEqual(['rejected', RET.PERMISSION_DENIED]);
    expect(await unitRows(order.asn_no)).toEqual([]);
    expect(await unitRows(arrived.asn_no)).toEqual([]);
  });
});

describe("a return's re-inbound units", () => {
  test('are received as re-received 22 and put away on the inbound screens; the other units stay out of stock; counting and inbound QC refuse a return', async () => {
    const order = await arrivedReturn();
    const inspected = await operator.post('/apps/process/inbound/qc/save_qc_record', { asn_no: order.asn_no, sku_id: 'SGSKU00031', passed_qty: 1, failed_qty: 0 });
    expect([inspected.retcode, inspected.message]).toEqual([RET.ILLEGAL_TRANSITION, expect.stringContaining('Return Inbound › QC')]);
    const res = await server.database.db.execute(sql`select group_no from asn_orders where whs_id = ${SG} and asn_no = ${order.asn_no}`);
    const groupNo = (((res as unknown as { rows?: unknown[] }).rows ?? res) as { group_no: string }[])[0]!.group_no;
    const counted = await new Device(operator).push(countingOps.save.kind, { group_no: groupNo, sku_id: 'SGSKU00031', qty: 2, tracking_id: order.tracking_no });
    expect([counted.status, counted.retcode]).toEqual(['rejected', RET.ILLEGAL_TRANSITION]);

    const device = new Device(operator);
    const judge = (payload: Record<string, unknown>) => device.op(returnQcOps.judgeUnit.kind, { return_no: order.tracking_no, ...payload });
    const packaging = checkNamed('Outer packaging');
    const judged = await device.send(
      judge({ sku_code: 'SGSKU00031', condition: C.GOOD }),
      judge({ sku_code: 'SGSKU00031', condition: C.DAMAGE, failed_checks: [packaging] }),
      judge({ sku_code: 'SGSKU00032', condition: C.DAMAGE, failed_checks: [packaging], judgement: J.REINBOUND, override_reason: 'Dented box only: sell as damaged' }),
    );
    expect(judged.map((a) => a.data?.judgement)).toEqual([J.REINBOUND, J.THREE_PL_CLAIM, J.REINBOUND]);

    const RECEIVING = '/apps/process/inbound/receiving';
    const view = await ok(operator.get(`${RECEIVING}/get_receiving_asn`, { asn_no: order.asn_no }));
    expect(view).toMatchObject({ status: S.CHECKED, receivable: true });
    expect(view.lines.map((l: Record<string, unknown>) => [l.sku_id, l.counted_qty, l.good_qty, l.damaged_qty])).toEqual([
      ['SGSKU00031', 1, 1, 0], ['SGSKU00032', 1, 0, 1],
    ]);
    const received = await ok(operator.post(`${RECEIVING}/complete_receiving`, { asn_no: order.asn_no, staging_location: 'IB-PUTAWAY-01' }));
    expect(received.putaway_task_nos).toHaveLength(1);
    const ledger = async () => {
      const res = await server.database.db.execute(sql`select sku_id, txn_type, quality, qty, location_id from inventory_transactions
        where whs_id = ${SG} and ref_no in (${order.asn_no}, ${received.putaway_task_nos[0]}) and direction = 1 order by txn_id`);
      return (((res as unknown as { rows?: unknown[] }).rows ?? res) as { sku_id: string; txn_type: number; quality: number; qty: number; location_id: string }[])
        .map((r) => [r.sku_id, r.txn_type, r.quality, r.qty]);
    };
    const TX = INVENTORY_TRANSACTION_TYPE.values;
    expect(await ledger()).toEqual([['SGSKU00031', TX.RE_RECEIVED, QUALITY.values.GOOD, 1], ['SGSKU00032', TX.RE_RECEIVED, QUALITY.values.DAMAGED, 1]]);
    // Judging ends with receiving.
    const late = await device.push(returnQcOps.judgeUnit.kind, { return_no: order.tracking_no, sku_code: 'SGSKU00031', condition: C.GOOD });
    expect([late.retcode, late.data.reason]).toEqual([RET.RETURN_NOT_JUDGEABLE, 'closed']);

    // The good unit goes to a shelf through the inbound standard putaway.
    const task = await ok(operator.post('/apps/process/inbound/standardputaway/open_putaway_task', { code: received.putaway_task_nos[0] }));
    const good = task.lines.find((l: { sku_id: string }) => l.sku_id === 'SGSKU00031');
    const put = await device.push(putawayOps.put.kind, { task_no: good.task_no, line_no: good.line_no, sku_id: good.sku_id, location: good.suggested_location, qty: 1 });
    expect(put.status, put.message).toBe('applied');
    expect((await ledger()).filter((r) => r[1] === TX.PUT_AWAY)).toEqual([['SGSKU00031', TX.PUT_AWAY, QUALITY.values.GOOD, 1]]);
  });

  test('a return short of units is received from Checking with what was judged re-inbound', async () => {
    const order = await arrivedReturn();
    const judged = await new Device(operator).push(returnQcOps.judgeUnit.kind, { return_no: order.asn_no, sku_code: 'SGSKU00031', condition: C.GOOD });
    expect(judged.data.judgement).toBe(J.REINBOUND);
    expect(await ok(operator.get('/apps/process/inbound/receiving/get_receiving_asn', { asn_no: order.asn_no }))).toMatchObject({ status: S.CHECKING, receivable: true });
    const received = await ok(operator.post('/apps/process/inbound/receiving/complete_receiving', { asn_no: order.asn_no, staging_location: 'IB-PUTAWAY-01' }));
    expect(received.lines.map((l: Record<string, unknown>) => [l.sku_id, l.received_qty])).toEqual([['SGSKU00031', 1], ['SGSKU00032', 0]]);
    expect(received.putaway_task_nos).toHaveLength(1);
  });
});
