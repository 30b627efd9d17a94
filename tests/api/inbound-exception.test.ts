import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TestClient, TestServer } from '../support/api-harness';
import { arrivedGroup, countAndComplete, demoSku, groupState, inboundTestServer, memberWithoutPermissions, type ArrivedGroup } from '../support/inbound-fixture';
import { inboundExceptions } from '../../src/server/db/schema';
import {
  INBOUND_EXCEPTION_REASON, INBOUND_EXCEPTION_SOURCE, INBOUND_EXCEPTION_STATUS, INBOUND_EXCEPTION_TYPE, INBOUND_HANDLING_DECISION,
} from '../../src/shared/codes';
import { EXCEPTION_HANDLE_PERM } from '../../src/shared/contract/inbound-exception.contract';
import { ROUTES } from '../../src/shared/routes/manifest';
import { permOf } from '../../src/shared/routes/derive';
import { HANDLING_DECISIONS_BY_TYPE } from '../../src/shared/inbound-exception';
import { RET } from '../../src/shared/retcodes';

const E = '/apps/process/inbound/exception';
const HOME = 'SGSIN1';
const S = INBOUND_EXCEPTION_STATUS.values;
const R = INBOUND_EXCEPTION_REASON.values;
const D = INBOUND_HANDLING_DECISION.values;

let server: TestServer;
let supervisor: TestClient;
let operator: TestClient;

beforeAll(async () => {
  ({ server, clients: [supervisor, operator] } = await inboundTestServer(HOME, ['supervisor@demo.local', 'operator@demo.local']));
});
afterAll(async () => {
  await server?.close();
});

const state = (group: ArrivedGroup) => groupState(server, HOME, group);

/** A counted ASN 8 short of SKU 21 (one Shortage exception), with a carton. */
async function shortAsn() {
  const group = await arrivedGroup(server, HOME, [{ lines: [{ sku: demoSku(21), expected: 10 }, { sku: demoSku(22), expected: 5 }], cartons: ['X1'] }]);
  const done = await countAndComplete(operator, group, [[demoSku(21), 2], [demoSku(22), 5]]);
  return { group, asnNo: group.asnNos[0]!, shortage: done.exception_nos[0]! };
}

describe('reporting at the receiving desk', () => {
  test('the type follows the reason; damaged units are capped by the line\'s good units', async () => {
    const { group, asnNo } = await shortAsn();
    const damaged = await operator.post(`${E}/report_inbound_exception`, { asn_no: asnNo, sku_id: demoSku(22), reason: R.DAMAGED, qty: 2, remark: 'wet' });
    expect(damaged.retcode).toBe(0);
    expect(damaged.data).toMatchObject({
      asn_no: asnNo, sku_id: demoSku(22), exception_type: INBOUND_EXCEPTION_TYPE.values.ABNORMAL_ITEM, reason: R.DAMAGED,
      source: INBOUND_EXCEPTION_SOURCE.values.RECEIVING, qty: 2, status: S.PENDING, remark: 'wet', task_no: expect.stringMatching(/^IT/),
    });
    const unknown = await operator.post(`${E}/report_inbound_exception`, { asn_no: asnNo, sku_id: 'ODD-THING', reason: R.UNKNOWN_ITEM, qty: 1 });
    expect(unknown.data).toMatchObject({ exception_type: INBOUND_EXCEPTION_TYPE.values.WRONG_SKU, sku_id: 'ODD-THING' });

    const before = await state(group);
    const cases: [Record<string, unknown>, number, string | null][] = [
      [{ sku_id: demoSku(22), reason: R.EXPIRED, qty: 4 }, RET.INBOUND_QTY_EXCEEDS, null],
      [{ sku_id: demoSku(23), reason: R.WRONG_UPC, qty: 1 }, RET.BAD_INPUT, 'sku_id'],
      [{ reason: R.DAMAGED, qty: 1 }, RET.BAD_INPUT, 'sku_id'],
      [{ sku_id: demoSku(22), reason: R.SURPLUS, qty: 1 }, RET.BAD_INPUT, 'reason'],
      [{ sku_id: demoSku(22), reason: R.DAMAGED, qty: 0 }, RET.BAD_INPUT, 'qty'],
      [{ sku_id: demoSku(22), reason: R.DAMAGED, qty: 1, tracking_id: 'NO-SUCH' }, RET.NOT_FOUND, null],
      [{ sku_id: demoSku(22), reason: R.DAMAGED, qty: 1, remark: 'x'.repeat(301) }, RET.BAD_INPUT, 'remark'],
    ];
    for (const [body, retcode, path] of cases) {
      const res = await operator.post(`${E}/report_inbound_exception`, { asn_no: asnNo, ...body });
      expect(res.retcode, JSON.stringify(body).slice(0, 100)).toBe(retcode);
      if (path) expect(res.data.issues[0].path).toBe(path);
      if (retcode === RET.INBOUND_QTY_EXCEEDS) expect(res.data.available).toBe(3);
    }
    expect(await state(group)).toEqual(before);
  });

  test('only while the ASN waits for or is in receiving', async () => {
    const arrived = await arrivedGroup(server, HOME, [{ lines: [{ sku: demoSku(24), expected: 1 }] }]);
    const res = await operator.post(`${E}/report_inbound_exception`, { asn_no: arrived.asnNos[0], sku_id: demoSku(24), reason: R.DAMAGED, qty: 1 });
    expect(res.retcode).toBe(RET.ILLEGAL_TRANSITION);
    const elsewhere = await arrivedGroup(server, 'IDJKT1', [{ lines: [{ sku: 'IDSKU00001', expected: 1 }] }]);
    expect((await operator.post(`${E}/report_inbound_exception`, { asn_no: elsewhere.asnNos[0], reason: R.UNKNOWN_ITEM, qty: 1 })).retcode).toBe(RET.NOT_FOUND);
    const bare = await memberWithoutPermissions(server, HOME);
    expect((await bare.post(`${E}/report_inbound_exception`, { asn_no: arrived.asnNos[0], reason: R.UNKNOWN_ITEM, qty: 1 })).retcode).toBe(RET.PERMISSION_DENIED);
    expect((await state(arrived)).exceptions).toEqual([]);
  });
});

describe('the troubleshoot task list and detail', () => {
  test('an ASN\'s exceptions are the list filtered by its number; detail by number; other warehouses\' are not found', async () => {
    const { asnNo, shortage } = await shortAsn();
    const list = await supervisor.get(`${E}/search_inbound_exception`, { asn_no: asnNo });
    expect(list.data.list.map((e: { exception_no: string }) => e.exception_no)).toEqual([shortage]);
    expect(list.data.list[0]).toMatchObject({ exception_type: INBOUND_EXCEPTION_TYPE.values.SHORTAGE, qty: 8, status: S.PENDING, reported_at: expect.any(Number) });
    const pending = await supervisor.get(`${E}/search_inbound_exception`, { status: S.PENDING, exception_type: INBOUND_EXCEPTION_TYPE.values.SHORTAGE, page_size: 200 });
    expect(pending.data.list.map((e: { exception_no: string }) => e.exception_no)).toContain(shortage);
    expect((await supervisor.get(`${E}/get_inbound_exception_detail`, { exception_no: shortage })).data.asn_no).toBe(asnNo);

    const elsewhere = await arrivedGroup(server, 'IDJKT1', [{ lines: [{ sku: 'IDSKU00001', expected: 3 }] }]);
    const admin = await server.loginAt('admin@demo.local', 'IDJKT1');
    const foreign = (await countAndComplete(admin, elsewhere, [['IDSKU00001', 1]])).exception_nos[0]!;
    expect((await supervisor.get(`${E}/get_inbound_exception_detail`, { exception_no: foreign })).retcode).toBe(RET.NOT_FOUND);
    expect((await supervisor.post(`${E}/check_inbound_exception`, { exception_no: foreign })).retcode).toBe(RET.NOT_FOUND);
  });
});

describe('handling along the lifecycle', () => {
  const row = async (no: string) => (await server.database.db.select().from(inboundExceptions).where(and(eq(inboundExceptions.whsId, HOME), eq(inboundExceptions.exceptionNo, no))))[0]!;

  test('check → BD confirm with a decision that suits the type → done; notes accumulate', async () => {
    const { shortage } = await shortAsn();
    const checked = await supervisor.post(`${E}/check_inbound_exception`, { exception_no: shortage, remark: 'Counted again: 8 missing.' });
    expect(checked.data).toMatchObject({ status: S.CHECKED, handled_by: expect.any(Number), handled_at: expect.any(Number) });

    const before = await row(shortage);
    const unfit = await supervisor.post(`${E}/confirm_inbound_exception`, { exception_no: shortage, handling_decision: D.ACCEPT_SURPLUS });
    expect(unfit.retcode).toBe(RET.BAD_INPUT);
    expect(unfit.data.issues[0].path).toBe('handling_decision');
    expect(await row(shortage)).toEqual(before);

    const confirmed = await supervisor.post(`${E}/confirm_inbound_exception`, { exception_no: shortage, handling_decision: D.RE_SUPPLY, remark: 'Supplier re-sends.' });
    expect(confirmed.data).toMatchObject({ status: S.BD_CONFIRMED, handling_decision: D.RE_SUPPLY });
    const done = await supervisor.post(`${E}/complete_inbound_exception`, { exception_no: shortage });
    expect(done.data).toMatchObject({ status: S.DONE, handling_decision: D.RE_SUPPLY });
    expect(done.data.remark).toBe('Expected 10, counted 2.\nCounted again: 8 missing.\nSupplier re-sends.');
    for (const path of ['check_inbound_exception', 'cancel_inbound_exception']) {
      const res = await supervisor.post(`${E}/${path}`, { exception_no: shortage, remark: 'late' });
      expect(res.retcode, path).toBe(RET.ILLEGAL_TRANSITION);
    }
    expect(await row(shortage)).toMatchObject({ status: S.DONE });
  });

  test('illegal moves are -100412; done needs a decision; cancel needs a reason', async () => {
    const { shortage } = await shortAsn();
    const before = await row(shortage);
    const skip = await supervisor.post(`${E}/confirm_inbound_exception`, { exception_no: shortage, handling_decision: D.RE_SUPPLY });
    expect(skip.retcode).toBe(RET.ILLEGAL_TRANSITION);
    expect(skip.data).toEqual({ from: S.PENDING, to: S.BD_CONFIRMED });
    expect((await supervisor.post(`${E}/complete_inbound_exception`, { exception_no: shortage, handling_decision: D.RE_SUPPLY })).retcode).toBe(RET.ILLEGAL_TRANSITION);
    const noReason = await supervisor.post(`${E}/cancel_inbound_exception`, { exception_no: shortage, remark: '  ' });
    expect(noReason.retcode).toBe(RET.BAD_INPUT);
    expect(noReason.data.issues[0].path).toBe('remark');
    expect(await row(shortage)).toEqual(before);

    await supervisor.post(`${E}/check_inbound_exception`, { exception_no: shortage });
    const noDecision = await supervisor.post(`${E}/complete_inbound_exception`, { exception_no: shortage });
    expect(noDecision.retcode).toBe(RET.BAD_INPUT);
    const direct = await supervisor.post(`${E}/complete_inbound_exception`, { exception_no: shortage, handling_decision: D.WRITE_OFF_SHORTAGE });
    expect(direct.data).toMatchObject({ status: S.DONE, handling_decision: D.WRITE_OFF_SHORTAGE });

    const other = await shortAsn();
    const cancelled = await supervisor.post(`${E}/cancel_inbound_exception`, { exception_no: other.shortage, remark: 'Counted in the wrong group.' });
    expect(cancelled.data).toMatchObject({ status: S.CANCELLED });
  });

  test('the operator may not handle exceptions; the page\'s permission is the one the calls check', async () => {
    const handlePage = ROUTES.find((r) => r.path === '/exceptioncenter/troubleshoottaskhandle')!;
    expect(permOf(handlePage)).toBe(EXCEPTION_HANDLE_PERM);
    const { shortage } = await shortAsn();
    const before = await row(shortage);
    expect((await operator.post(`${E}/check_inbound_exception`, { exception_no: shortage })).retcode).toBe(RET.PERMISSION_DENIED);
    expect(await row(shortage)).toEqual(before);
    expect(await row(shortage)).toMatchObject({ status: S.PENDING });
  });

  test('every type has decisions to choose from, and every decision settles some type', () => {
    for (const type of INBOUND_EXCEPTION_TYPE.options) expect(HANDLING_DECISIONS_BY_TYPE[type.value as 1].length).toBeGreaterThan(1);
    const used = new Set(Object.values(HANDLING_DECISIONS_BY_TYPE).flat());
    expect([...used].sort((a, b) => a - b)).toEqual(INBOUND_HANDLING_DECISION.options.map((o) => o.value));
  });
});
