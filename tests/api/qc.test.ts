import { afterAll, beforeAll, afterEach, describe, expect, test } from 'vitest';
import type { TestClient, TestServer } from '../support/api-harness';
import {
  arrivedGroup, countAndComplete, demoSku, groupState, inboundTestServer, memberWithoutPermissions, type ArrivedGroup, withoutQcRules,
} from '../support/inbound-fixture';
import {
  INBOUND_EXCEPTION_REASON, INBOUND_EXCEPTION_SOURCE, INBOUND_EXCEPTION_TYPE, INBOUND_STATUS, INBOUND_TASK_KIND, QC_RULE_KIND, TASK_STATUS,
} from '../../src/shared/codes';
import { RET } from '../../src/shared/retcodes';

const Q = '/apps/process/inbound/qc';
const RULES = '/apps/rulecenter/qcrule';
const HOME = 'SGSIN1';
const A = INBOUND_STATUS.values;
const T = TASK_STATUS.values;
const K = QC_RULE_KIND.values;

let server: TestServer;
let admin: TestClient;
let operator: TestClient;

beforeAll(async () => {
  ({ server, clients: [admin, operator] } = await inboundTestServer(HOME, ['admin@demo.local', 'operator@demo.local']));
});
afterAll(async () => {
  await server?.close();
});
// Each test brings its own rules: none stays active for the next one.
afterEach(() => withoutQcRules(server, HOME));

const state = (group: ArrivedGroup) => groupState(server, HOME, group);

async function rule(body: Record<string, unknown>) {
  const res = await admin.post(`${RULES}/create_qc_rule`, { priority: 10, status: 1, ...body });
  expect(res.retcode, res.message).toBe(0);
  return res.data as { rule_id: number };
}

/** One ASN of the supplier, counted: 120 of SKU 5, 3 of SKU 6; an AQL 2.5 rule on the supplier's SKU 5 category. */
async function countedForQc() {
  await rule({ rule_name: 'Supplier AQL', rule_kind: K.AQL, aql_level: '2.5', supplier_id: 'SUPSG0002', priority: 5 });
  const group = await arrivedGroup(server, HOME, [{ supplierId: 'SUPSG0002', lines: [{ sku: demoSku(5), expected: 120 }, { sku: demoSku(6), expected: 3 }] }]);
  const done = await countAndComplete(operator, group, [[demoSku(5), 120], [demoSku(6), 3]]);
  return { group, asnNo: group.asnNos[0]!, taskNo: done.asns[0]!.task_no };
}

describe('QC rules (Rule Center › QC Rule)', () => {
  test('create, list, detail and edit; each kind keeps its own setting only', async () => {
    const created = await admin.post(`${RULES}/create_qc_rule`, {
      rule_name: 'Electronics 10%', rule_kind: K.PERCENTAGE_BASED, sample_percent: 10, aql_level: '4.0', category_prefix: 'Elec', priority: 20, status: 1,
    });
    expect(created.retcode).toBe(0);
    expect(created.data).toMatchObject({ rule_kind: K.PERCENTAGE_BASED, sample_percent: 10, aql_level: null, high_value_only: 0 });
    const id = created.data.rule_id;
    expect((await admin.get(`${RULES}/get_qc_rule_detail`, { rule_id: id })).data.rule_name).toBe('Electronics 10%');
    const list = await admin.get(`${RULES}/search_qc_rule`, { rule_name: 'electronics' });
    expect(list.data.list.map((r: { rule_id: number }) => r.rule_id)).toContain(id);

    const toAql = await admin.post(`${RULES}/update_qc_rule`, { rule_id: id, rule_kind: K.AQL, aql_level: '1.0' });
    expect(toAql.data).toMatchObject({ rule_kind: K.AQL, aql_level: '1.0', sample_percent: null });
    const toAttributes = await admin.post(`${RULES}/update_qc_rule`, { rule_id: id, rule_kind: K.SKU_ATTRIBUTES });
    expect(toAttributes.data).toMatchObject({ sample_percent: null, aql_level: null });
  });

  test('a rule missing its kind\'s setting, an unknown supplier or a bad level is refused on the field', async () => {
    for (const [body, path] of [
      [{ rule_name: 'P', rule_kind: K.PERCENTAGE_BASED }, 'sample_percent'],
      [{ rule_name: 'Q', rule_kind: K.AQL }, 'aql_level'],
      [{ rule_name: 'R', rule_kind: K.AQL, aql_level: '3.3' }, 'aql_level'],
      [{ rule_name: 'S', rule_kind: K.SKU_ATTRIBUTES, supplier_id: 'NO-SUCH' }, 'supplier_id'],
      [{ rule_name: 'T', rule_kind: K.PERCENTAGE_BASED, sample_percent: 101 }, 'sample_percent'],
    ] as const) {
      const res = await admin.post(`${RULES}/create_qc_rule`, { priority: 1, status: 1, ...body });
      expect(res.retcode, JSON.stringify(body)).toBe(RET.BAD_INPUT);
      expect(res.data.issues[0].path).toBe(path);
    }
    const ruleId = (await rule({ rule_name: 'Percent', rule_kind: K.PERCENTAGE_BASED, sample_percent: 5 })).rule_id;
    const clear = await admin.post(`${RULES}/update_qc_rule`, { rule_id: ruleId, sample_percent: null });
    expect(clear.retcode).toBe(RET.BAD_INPUT);
    expect((await admin.get(`${RULES}/get_qc_rule_detail`, { rule_id: ruleId })).data.sample_percent).toBe(5);
  });

  test('"high-value only" is yes or no, never null; a blank supplier is refused, null clears it', async () => {
    const body = { rule_name: 'Any', rule_kind: K.SKU_ATTRIBUTES, priority: 1, status: 1 };
    for (const [input, path] of [[{ high_value_only: null }, 'high_value_only'], [{ supplier_id: '' }, 'supplier_id'], [{ supplier_id: '   ' }, 'supplier_id']] as const) {
      const created = await admin.post(`${RULES}/create_qc_rule`, { ...body, ...input });
      expect(created.retcode, JSON.stringify(input)).toBe(RET.BAD_INPUT);
      expect(created.data.issues[0].path).toBe(path);
    }
    expect((await admin.get(`${RULES}/search_qc_rule`, { rule_name: 'Any' })).data.total).toBe(0);
    const ruleId = (await rule({ ...body, supplier_id: 'SUPSG0002', high_value_only: 1 })).rule_id;
    for (const input of [{ high_value_only: null }, { supplier_id: '' }, { supplier_id: '  ' }]) {
      const res = await admin.post(`${RULES}/update_qc_rule`, { rule_id: ruleId, ...input });
      expect(res.retcode, JSON.stringify(input)).toBe(RET.BAD_INPUT);
      expect(res.data.issues[0].path).toBe(Object.keys(input)[0]);
    }
    expect((await admin.get(`${RULES}/get_qc_rule_detail`, { rule_id: ruleId })).data).toMatchObject({ supplier_id: 'SUPSG0002', high_value_only: 1 });
    expect((await admin.post(`${RULES}/update_qc_rule`, { rule_id: ruleId, supplier_id: null })).data).toMatchObject({ supplier_id: null, high_value_only: 1 });
  });

  test('the operator may not read or change rules', async () => {
    expect((await operator.get(`${RULES}/search_qc_rule`, {})).retcode).toBe(RET.PERMISSION_DENIED);
    expect((await operator.post(`${RULES}/create_qc_rule`, { rule_name: 'X', rule_kind: 1, priority: 1, status: 1 })).retcode).toBe(RET.PERMISSION_DENIED);
  });
});

describe('QC of an ASN', () => {
  test('the QC view shows each line\'s sample; an AQL lot of 120 inspects 20 (Ac 1, Re 2)', async () => {
    const { asnNo, taskNo } = await countedForQc();
    const byTask = await operator.get(`${Q}/get_qc_asn`, { task_no: taskNo });
    const byAsn = await operator.get(`${Q}/get_qc_asn`, { asn_no: asnNo });
    expect(byTask.data).toEqual(byAsn.data);
    expect(byAsn.data).toMatchObject({ status: A.COUNTED, task_no: taskNo, task_status: T.PENDING, can_complete: false });
    expect(byAsn.data.lines.map((l: Record<string, unknown>) => [l.sku_id, l.counted_qty, l.sample_qty, l.code_letter, l.accept_qty, l.reject_qty])).toEqual([
      [demoSku(5), 120, 20, 'F', 1, 2], [demoSku(6), 3, 3, 'A', 0, 1],
    ]);
    const asSupervisor = await server.loginAt('supervisor@demo.local', HOME);
    expect((await asSupervisor.get('/apps/process/inbound/qctask/get_qc_task_detail', { task_no: taskNo })).data)
      .toMatchObject({ task_no: taskNo, asn_no: asnNo, status: T.PENDING, total_qty: 23, done_qty: 0 });
    const list = await asSupervisor.get('/apps/process/inbound/qctask/search_qc_task', { asn_no: asnNo });
    expect(list.data.list.map((t: { task_no: string }) => t.task_no)).toEqual([taskNo]);
    // A receiving task is not a QC task.
    const other = await arrivedGroup(server, HOME, [{ lines: [{ sku: demoSku(7), expected: 1 }] }]);
    const receiveTask = (await countAndComplete(operator, other, [[demoSku(7), 1]])).asns[0]!.task_no;
    expect((await asSupervisor.get('/apps/process/inbound/qctask/get_qc_task_detail', { task_no: receiveTask })).retcode).toBe(RET.NOT_FOUND);
    expect((await asSupervisor.get('/apps/process/inbound/receivetask/get_receive_task_detail', { task_no: receiveTask })).data.total_qty).toBe(1);
  });

  test('inspections: the first moves COUNTED → CHECKING; failed units are a Rejected Item exception; completion makes the receiving task', async () => {
    const { group, asnNo, taskNo } = await countedForQc();
    const first = await operator.post(`${Q}/save_qc_record`, {
      asn_no: asnNo, sku_id: demoSku(5), passed_qty: 18, failed_qty: 2, fail_reason: INBOUND_EXCEPTION_REASON.values.DAMAGED, remark: 'crushed corners',
    });
    expect(first.retcode).toBe(0);
    expect(first.data.line).toMatchObject({ inspected_qty: 20, passed_qty: 18, failed_qty: 2, verdict: 'reject' });
    expect(first.data.exception_no).toMatch(/^IEX/);
    let now = await state(group);
    expect(now.orders[0]!.status).toBe(A.CHECKING);
    expect(now.tasks[0]).toMatchObject({ taskNo, status: T.ONGOING, doneQty: 20, assigneeId: expect.any(Number) });
    expect(now.lines[0]).toMatchObject({ qcPassedQty: 18, qcFailedQty: 2 });
    expect(now.exceptions.map((e) => [e.exceptionType, e.reason, e.source, e.qty, e.skuId, e.taskNo, e.remark])).toEqual([
      [INBOUND_EXCEPTION_TYPE.values.REJECTED_ITEM, INBOUND_EXCEPTION_REASON.values.DAMAGED, INBOUND_EXCEPTION_SOURCE.values.QC, 2, demoSku(5), taskNo, 'crushed corners'],
    ]);

    const early = await operator.post(`${Q}/complete_qc`, { asn_no: asnNo });
    expect(early.retcode).toBe(RET.QC_INCOMPLETE);
    expect(early.data.lines).toEqual([{ sku_id: demoSku(6), left_qty: 3 }]);
    expect(await state(group)).toEqual(now);

    expect((await operator.post(`${Q}/save_qc_record`, { asn_no: asnNo, sku_id: demoSku(6), passed_qty: 3, failed_qty: 0 })).retcode).toBe(0);
    const view = await operator.get(`${Q}/get_qc_asn`, { asn_no: asnNo });
    expect(view.data.can_complete).toBe(true);
    const done = await operator.post(`${Q}/complete_qc`, { asn_no: asnNo });
    expect(done.retcode).toBe(0);
    expect(done.data).toMatchObject({ status: A.CHECKED, receive_task_no: expect.stringMatching(/^IT/) });
    now = await state(group);
    expect(now.orders[0]).toMatchObject({ status: A.CHECKED, checkedAt: expect.any(Date) });
    expect(now.tasks.map((t) => [t.kind, t.status, t.totalQty, t.doneQty])).toEqual([
      [INBOUND_TASK_KIND.values.QC, T.DONE, 23, 23], [INBOUND_TASK_KIND.values.RECEIVING, T.PENDING, 123, 0],
    ]);
    expect((await operator.post(`${Q}/complete_qc`, { asn_no: asnNo })).retcode).toBe(RET.ILLEGAL_TRANSITION);
    expect((await operator.post(`${Q}/save_qc_record`, { asn_no: asnNo, sku_id: demoSku(5), passed_qty: 1, failed_qty: 0 })).retcode).toBe(RET.ILLEGAL_TRANSITION);
  });

  test('refusals change nothing: too many units, no reason, nothing inspected, an SKU not on the ASN', async () => {
    const { group, asnNo } = await countedForQc();
    const before = await state(group);
    const cases: [Record<string, unknown>, number, string | null][] = [
      [{ sku_id: demoSku(6), passed_qty: 4, failed_qty: 0 }, RET.INBOUND_QTY_EXCEEDS, null],
      [{ sku_id: demoSku(5), passed_qty: 1, failed_qty: 1 }, RET.BAD_INPUT, 'fail_reason'],
      [{ sku_id: demoSku(5), passed_qty: 0, failed_qty: 0 }, RET.BAD_INPUT, 'passed_qty'],
      [{ sku_id: demoSku(9), passed_qty: 1, failed_qty: 0 }, RET.BAD_INPUT, 'sku_id'],
      [{ sku_id: demoSku(5), passed_qty: -1, failed_qty: 0 }, RET.BAD_INPUT, 'passed_qty'],
      [{ sku_id: demoSku(5), passed_qty: 0, failed_qty: 1, fail_reason: INBOUND_EXCEPTION_REASON.values.SURPLUS }, RET.BAD_INPUT, 'fail_reason'],
    ];
    for (const [body, retcode, path] of cases) {
      const res = await operator.post(`${Q}/save_qc_record`, { asn_no: asnNo, ...body });
      expect(res.retcode, JSON.stringify(body)).toBe(retcode);
      if (path) expect(res.data.issues[0].path).toBe(path);
      if (retcode === RET.INBOUND_QTY_EXCEEDS) expect(res.data.available).toBe(3);
    }
    expect(await state(group)).toEqual(before);
    const bare = await memberWithoutPermissions(server, HOME);
    expect((await bare.post(`${Q}/save_qc_record`, { asn_no: asnNo, sku_id: demoSku(5), passed_qty: 1, failed_qty: 0 })).retcode).toBe(RET.PERMISSION_DENIED);
    expect((await bare.get(`${Q}/get_qc_asn`, { asn_no: asnNo })).retcode).toBe(RET.PERMISSION_DENIED);
    expect(await state(group)).toEqual(before);
  });

  test('an ASN no rule picks has no QC: inspecting it is refused, it goes to receiving', async () => {
    const group = await arrivedGroup(server, HOME, [{ lines: [{ sku: demoSku(8), expected: 4 }] }]);
    const done = await countAndComplete(operator, group, [[demoSku(8), 4]]);
    expect(done.asns[0]!.qc_required).toBe(false);
    const before = await state(group);
    const res = await operator.post(`${Q}/save_qc_record`, { asn_no: group.asnNos[0], sku_id: demoSku(8), passed_qty: 1, failed_qty: 0 });
    expect(res.retcode).toBe(RET.ILLEGAL_TRANSITION);
    expect(await state(group)).toEqual(before);
  });

  test('another warehouse\'s ASN is not found', async () => {
    const elsewhere = await arrivedGroup(server, 'IDJKT1', [{ lines: [{ sku: 'IDSKU00001', expected: 1 }] }]);
    expect((await operator.get(`${Q}/get_qc_asn`, { asn_no: elsewhere.asnNos[0] })).retcode).toBe(RET.NOT_FOUND);
    expect((await operator.post(`${Q}/save_qc_record`, { asn_no: elsewhere.asnNos[0], sku_id: 'IDSKU00001', passed_qty: 1, failed_qty: 0 })).retcode).toBe(RET.NOT_FOUND);
    expect((await operator.post(`${Q}/complete_qc`, { asn_no: elsewhere.asnNos[0] })).retcode).toBe(RET.NOT_FOUND);
  });
});
