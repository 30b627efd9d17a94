import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { TestClient, TestServer } from '../support/api-harness';
import { arrivedGroup, countAndComplete, groupState, inboundTestServer, memberWithoutPermissions, type FixtureLine } from '../support/inbound-fixture';
import { createTestSku, receivedAsnWithPutawayTask } from '../support/putaway-fixture';
import {
  asnLines, asnOrders, inboundExceptions, inboundTasks, inventoryLockLogs, inventoryTransactions, locationInventory, putawayTaskLines,
} from '../../src/server/db/schema';
import {
  INBOUND_EXCEPTION_REASON, INBOUND_EXCEPTION_STATUS, INBOUND_EXCEPTION_TYPE, INBOUND_HANDLING_DECISION, INBOUND_STATUS, INBOUND_TASK_KIND,
  INVENTORY_LOCK_ACTION, INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE, QC_RULE_KIND, QUALITY, TASK_STATUS,
} from '../../src/shared/codes';
import { putawayOps } from '../../src/shared/ops/putaway.ops';
import { RET } from '../../src/shared/retcodes';

/**
 * Handling decisions carried out: what each does with an exception's units — held in
 * staging from receipt, then put away, regraded, reworked, returned, written off — or with its ASN
 * (rejected, a new ASN); the ASN's end states REJECTED and FAILED; the ledger agreeing with the
 * balances and blocks afterwards.
 */

const EX = '/apps/process/inbound/exception';
const ASN = '/apps/process/inbound/asn';
const HOME = 'SGSIN1';
const STAGING = 'IB-PUTAWAY-01';
const DISPUTE = 'IB-DISPUTE-01';
/** The supplier whose ASNs a QC rule of this file inspects in full. */
const QC_SUPPLIER = 'SUPSG0007';
const S = INBOUND_EXCEPTION_STATUS.values;
const R = INBOUND_EXCEPTION_REASON.values;
const D = INBOUND_HANDLING_DECISION.values;
const A = INBOUND_STATUS.values;
const T = TASK_STATUS.values;
const TX = INVENTORY_TRANSACTION_TYPE.values;
const { GOOD, DAMAGED } = QUALITY.values;
const { DEBIT, CREDIT } = INVENTORY_TRANSACTION_DIRECTION.values;

let server: TestServer;
let supervisor: TestClient;
let operator: TestClient;

beforeAll(async () => {
  ({ server, clients: [supervisor, operator] } = await inboundTestServer(HOME, ['supervisor@demo.local', 'operator@demo.local']));
  const rule = await supervisor.post('/apps/rulecenter/qcrule/create_qc_rule', {
    rule_name: 'Inspect everything of one supplier', rule_kind: QC_RULE_KIND.values.PERCENTAGE_BASED, sample_percent: 100, supplier_id: QC_SUPPLIER, priority: 1, status: 1,
  });
  expect(rule.retcode, rule.message).toBe(0);
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;
const sku = () => createTestSku(db(), HOME, 'DEC');

interface Line extends FixtureLine {
  counted: number;
  /** QC failures (only with the QC supplier), reason Damaged. */
  failed?: number;
}

/** An ASN counted (QC'd when the supplier is the QC one), with receiving reports; `receive` completes receiving into STAGING. */
async function inbound(lines: Line[], opts: { supplierId?: string; reports?: [skuId: string, reason: number, qty: number][]; receive?: boolean } = {}) {
  const group = await arrivedGroup(server, HOME, [{ supplierId: opts.supplierId ?? null, lines }]);
  const asnNo = group.asnNos[0]!;
  await countAndComplete(operator, group, lines.map((l) => [l.sku, l.counted] as const));
  if (opts.supplierId === QC_SUPPLIER) {
    for (const l of lines) {
      const failed = l.failed ?? 0;
      const res = await operator.post('/apps/process/inbound/qc/save_qc_record', {
        asn_no: asnNo, sku_id: l.sku, passed_qty: l.counted - failed, failed_qty: failed, fail_reason: failed > 0 ? R.DAMAGED : null,
      });
      expect(res.retcode, res.message).toBe(0);
    }
  }
  for (const [skuId, reason, qty] of opts.reports ?? []) {
    const res = await operator.post(`${EX}/report_inbound_exception`, { asn_no: asnNo, sku_id: skuId, reason, qty });
    expect(res.retcode, res.message).toBe(0);
  }
  if (opts.receive !== false) {
    if (opts.supplierId === QC_SUPPLIER) expect((await operator.post('/apps/process/inbound/qc/complete_qc', { asn_no: asnNo })).retcode).toBe(0);
    const done = await operator.post('/apps/process/inbound/receiving/complete_receiving', { asn_no: asnNo, staging_location: STAGING });
    expect(done.retcode, done.message).toBe(0);
  }
  return { group, asnNo };
}

/** The exceptions of an ASN, oldest first. */
const exceptionsOf = (asnNo: string) => db().select().from(inboundExceptions)
  .where(and(eq(inboundExceptions.whsId, HOME), eq(inboundExceptions.asnNo, asnNo))).orderBy(asc(inboundExceptions.exceptionNo));
const exceptionOf = async (asnNo: string, type: number, skuId?: string) =>
  (await exceptionsOf(asnNo)).find((e) => e.exceptionType === type && (skuId === undefined || e.skuId === skuId))!;
const asnRow = async (asnNo: string) => (await db().select().from(asnOrders).where(and(eq(asnOrders.whsId, HOME), eq(asnOrders.asnNo, asnNo))))[0]!;
const taskRow = async (taskNo: string) => (await db().select().from(inboundTasks).where(and(eq(inboundTasks.whsId, HOME), eq(inboundTasks.taskNo, taskNo))))[0]!;
const tasksOf = (asnNo: string) => db().select().from(inboundTasks).where(and(eq(inboundTasks.whsId, HOME), eq(inboundTasks.asnNo, asnNo))).orderBy(asc(inboundTasks.taskNo));
const putLinesOf = (taskNo: string) => db().select().from(putawayTaskLines)
  .where(and(eq(putawayTaskLines.whsId, HOME), eq(putawayTaskLines.taskNo, taskNo))).orderBy(asc(putawayTaskLines.lineNo));
const balance = async (location: string, skuId: string, quality: number) =>
  (await db().select().from(locationInventory).where(and(
    eq(locationInventory.whsId, HOME), eq(locationInventory.locationId, location), eq(locationInventory.skuId, skuId), eq(locationInventory.quality, quality),
  )))[0];
const ledgerOf = (skuId: string) => db().select().from(inventoryTransactions)
  .where(and(eq(inventoryTransactions.whsId, HOME), eq(inventoryTransactions.skuId, skuId))).orderBy(asc(inventoryTransactions.txnId));

/** Every balance of the SKUs is its ledger (Σ debit − Σ credit) and its blocks are its block log (Σ block − Σ unblock). */
async function expectLedgerAgrees(skuIds: string[]) {
  const balances = await db().select().from(locationInventory).where(and(eq(locationInventory.whsId, HOME), inArray(locationInventory.skuId, skuIds)));
  const ledger = await db().select({
    location: inventoryTransactions.locationId, skuId: inventoryTransactions.skuId, batchId: inventoryTransactions.batchId, quality: inventoryTransactions.quality,
    net: sql<number>`sum(case when ${inventoryTransactions.direction} = ${DEBIT} then ${inventoryTransactions.qty} else -${inventoryTransactions.qty} end)::int`,
  }).from(inventoryTransactions).where(and(eq(inventoryTransactions.whsId, HOME), inArray(inventoryTransactions.skuId, skuIds)))
    .groupBy(inventoryTransactions.locationId, inventoryTransactions.skuId, inventoryTransactions.batchId, inventoryTransactions.quality);
  const blocks = await db().select({
    location: inventoryLockLogs.locationId, skuId: inventoryLockLogs.skuId, batchId: inventoryLockLogs.batchId, quality: inventoryLockLogs.quality,
    net: sql<number>`sum(case when ${inventoryLockLogs.action} = ${INVENTORY_LOCK_ACTION.values.BLOCK} then ${inventoryLockLogs.qty} else -${inventoryLockLogs.qty} end)::int`,
  }).from(inventoryLockLogs).where(and(eq(inventoryLockLogs.whsId, HOME), inArray(inventoryLockLogs.skuId, skuIds)))
    .groupBy(inventoryLockLogs.locationId, inventoryLockLogs.skuId, inventoryLockLogs.batchId, inventoryLockLogs.quality);
  const key = (r: { location: string; skuId: string; batchId: string; quality: number }) => `${r.location}|${r.skuId}|${r.batchId}|${r.quality}`;
  const net = new Map(ledger.map((r) => [key(r), r.net]));
  const blocked = new Map(blocks.map((r) => [key(r), r.net]));
  expect(balances.length).toBeGreaterThan(0);
  for (const b of balances) {
    const k = key({ location: b.locationId, skuId: b.skuId, batchId: b.batchId, quality: b.quality });
    expect(b.onhandQty, k).toBe(net.get(k) ?? 0);
    expect(b.lockedQty, k).toBe(blocked.get(k) ?? 0);
  }
}

const check = (no: string) => supervisor.post(`${EX}/check_inbound_exception`, { exception_no: no });
/** Checks the exception and completes it with the decision; answers the completion. */
async function settle(no: string, decision: number, remark?: string) {
  expect((await check(no)).retcode).toBe(0);
  return supervisor.post(`${EX}/complete_inbound_exception`, { exception_no: no, handling_decision: decision, remark });
}

describe('holding an exception\'s units', () => {
  test('receiving holds the units of open exceptions in staging, blocked under them; the rest goes to putaway', async () => {
    const [a, b] = [await sku(), await sku()];
    const { asnNo } = await inbound([{ sku: a, expected: 10, counted: 12 }, { sku: b, expected: 5, counted: 5 }], {
      reports: [[b, R.DAMAGED, 1], [b, R.EXPIRING, 1]],
    });
    const surplus = await exceptionOf(asnNo, INBOUND_EXCEPTION_TYPE.values.SURPLUS);
    const [damaged, expiring] = (await exceptionsOf(asnNo)).filter((e) => e.skuId === b);
    expect(surplus).toMatchObject({ skuId: a, qty: 2, heldQty: 2, holdLocation: STAGING, holdQuality: GOOD });
    expect(damaged).toMatchObject({ reason: R.DAMAGED, heldQty: 1, holdQuality: DAMAGED });
    expect(expiring).toMatchObject({ reason: R.EXPIRING, heldQty: 1, holdQuality: GOOD });
    const [putaway] = (await tasksOf(asnNo)).filter((t) => t.kind === INBOUND_TASK_KIND.values.PUTAWAY);
    expect((await putLinesOf(putaway!.taskNo)).map((l) => [l.skuId, l.quality, l.qty])).toEqual([[a, GOOD, 10], [b, GOOD, 3]]);
    expect(await balance(STAGING, a, GOOD)).toMatchObject({ onhandQty: 12, lockedQty: 2, availableQty: 10 });
    expect(await balance(STAGING, b, DAMAGED)).toMatchObject({ onhandQty: 1, lockedQty: 1, availableQty: 0 });
    const logs = await db().select().from(inventoryLockLogs).where(and(eq(inventoryLockLogs.whsId, HOME), eq(inventoryLockLogs.skuId, a)));
    expect(logs.map((l) => [l.action, l.qty, l.refType, l.refNo])).toEqual([[INVENTORY_LOCK_ACTION.values.BLOCK, 2, 'INBOUND_EXCEPTION', surplus.exceptionNo]]);
    await expectLedgerAgrees([a, b]);
  });

  test('a putaway report takes the units off its task line and holds them; the task finishes when nothing else is left', async () => {
    const skuId = await sku();
    const fx = await receivedAsnWithPutawayTask(db(), [{ skuId, qty: 5 }], { whsId: HOME });
    const report = (qty: number) => operator.post('/apps/system/sync/push_ops', {
      device_id: crypto.randomUUID(),
      ops: [{
        op_id: uuidv7(), seq: 1, kind: putawayOps.reportException.kind, created_at: Date.now(),
        payload: { task_no: fx.taskNo, line_no: 1, sku_id: skuId, exception_type: INBOUND_EXCEPTION_TYPE.values.ABNORMAL_ITEM, reason: R.DAMAGED, qty, remark: null },
      }],
    });
    const first = await report(2);
    expect(first.data.results[0].status, first.data.results[0].message).toBe('applied');
    expect(await putLinesOf(fx.taskNo)).toMatchObject([{ qty: 3, putQty: 0 }]);
    expect(await taskRow(fx.taskNo)).toMatchObject({ totalQty: 3, status: T.PENDING });
    const held = await exceptionOf(fx.asnNo, INBOUND_EXCEPTION_TYPE.values.ABNORMAL_ITEM);
    expect(held).toMatchObject({ taskLineNo: 1, heldQty: 2, holdLocation: fx.staging, holdQuality: GOOD });
    // More than the line has left holds what is left; the task has nothing to put any more.
    expect((await report(9)).data.results[0].status).toBe('applied');
    expect(await putLinesOf(fx.taskNo)).toEqual([]);
    expect(await taskRow(fx.taskNo)).toMatchObject({ totalQty: 0, status: T.CANCEL });
    expect((await exceptionsOf(fx.asnNo)).map((e) => [e.qty, e.heldQty])).toEqual([[2, 2], [9, 3]]);
    // Nothing of the ASN waits for a task any more: it is done; its exceptions are settled on their own.
    expect(await asnRow(fx.asnNo)).toMatchObject({ status: A.DONE });
    await expectLedgerAgrees([skuId]);
  });
});

describe('carrying out a decision', () => {
  test('Accept Surplus and Inbound to Current ASN put the surplus away; the current ASN then expects it', async () => {
    const [a, b] = [await sku(), await sku()];
    const { asnNo } = await inbound([{ sku: a, expected: 4, counted: 6 }, { sku: b, expected: 3, counted: 5 }]);
    const accepted = await settle((await exceptionOf(asnNo, INBOUND_EXCEPTION_TYPE.values.SURPLUS, a)).exceptionNo, D.ACCEPT_SURPLUS);
    expect(accepted.data).toMatchObject({ status: S.DONE, held_qty: 0, hold_location: null, result_no: expect.stringMatching(/^IT/) });
    expect(await taskRow(accepted.data.result_no)).toMatchObject({ kind: INBOUND_TASK_KIND.values.PUTAWAY, totalQty: 2, status: T.PENDING, stagingLocation: STAGING });
    const current = await settle((await exceptionOf(asnNo, INBOUND_EXCEPTION_TYPE.values.SURPLUS, b)).exceptionNo, D.INBOUND_TO_CURRENT_ASN);
    expect(current.data.status).toBe(S.DONE);
    const lines = await db().select().from(asnLines).where(and(eq(asnLines.whsId, HOME), eq(asnLines.asnNo, asnNo))).orderBy(asc(asnLines.lineNo));
    expect(lines.map((l) => l.expectedQty)).toEqual([4, 5]);
    expect((await asnRow(asnNo)).totalExpectedQty).toBe(9);
    expect(await balance(STAGING, a, GOOD)).toMatchObject({ onhandQty: 6, lockedQty: 0 });
    await expectLedgerAgrees([a, b]);
  });

  test('Transfer to Available regrades damaged units good, Accept as Damaged regrades good ones damaged; both go to putaway', async () => {
    const skuId = await sku();
    const { asnNo } = await inbound([{ sku: skuId, expected: 6, counted: 6 }], { reports: [[skuId, R.DAMAGED, 2], [skuId, R.WRONG_UPC, 1]] });
    const [damaged, wrongUpc] = await exceptionsOf(asnNo);
    const good = await settle(damaged!.exceptionNo, D.TRANSFER_TO_AVAILABLE);
    expect((await putLinesOf(good.data.result_no)).map((l) => [l.quality, l.qty])).toEqual([[GOOD, 2]]);
    const worse = await settle(wrongUpc!.exceptionNo, D.ACCEPT_AS_DAMAGED);
    expect((await putLinesOf(worse.data.result_no)).map((l) => [l.quality, l.qty])).toEqual([[DAMAGED, 1]]);
    const regrades = (await ledgerOf(skuId)).filter((r) => r.txnType === TX.BATCH_TRANSFER);
    expect(regrades.map((r) => [r.direction, r.quality, r.qty, r.refType, r.refNo])).toEqual([
      [CREDIT, DAMAGED, 2, 'INBOUND_EXCEPTION', damaged!.exceptionNo], [DEBIT, GOOD, 2, 'INBOUND_EXCEPTION', damaged!.exceptionNo],
      [CREDIT, GOOD, 1, 'INBOUND_EXCEPTION', wrongUpc!.exceptionNo], [DEBIT, DAMAGED, 1, 'INBOUND_EXCEPTION', wrongUpc!.exceptionNo],
    ]);
    expect(await balance(STAGING, skuId, DAMAGED)).toMatchObject({ onhandQty: 1, lockedQty: 0 });
    expect(await balance(STAGING, skuId, GOOD)).toMatchObject({ onhandQty: 5, lockedQty: 0 });
    await expectLedgerAgrees([skuId]);
  });

  test('Dispose writes the units off', async () => {
    const skuId = await sku();
    // Everything counted is reported damaged: nothing goes to putaway, so the ASN is done; its exception holds the units.
    const { asnNo } = await inbound([{ sku: skuId, expected: 3, counted: 3 }], { reports: [[skuId, R.DAMAGED, 3]] });
    expect(await asnRow(asnNo)).toMatchObject({ status: A.DONE });
    const [e] = await exceptionsOf(asnNo);
    const done = await settle(e!.exceptionNo, D.DISPOSE, 'Crushed beyond use');
    expect(done.data).toMatchObject({ status: S.DONE, handling_decision: D.DISPOSE, held_qty: 0 });
    const writeOff = (await ledgerOf(skuId)).filter((r) => r.txnType === TX.ADJUST_DECREASE);
    expect(writeOff.map((r) => [r.direction, r.locationId, r.quality, r.qty, r.onhandAfter, r.refType, r.refNo])).toEqual([
      [CREDIT, STAGING, DAMAGED, 3, 0, 'INBOUND_EXCEPTION', e!.exceptionNo],
    ]);
    await expectLedgerAgrees([skuId]);
  });

  test('units a decision releases after the ASN is done are put away; the ASN stays done', async () => {
    const skuId = await sku();
    const { asnNo } = await inbound([{ sku: skuId, expected: 2, counted: 2 }], { reports: [[skuId, R.EXPIRED, 2]] });
    expect((await asnRow(asnNo)).status).toBe(A.DONE);
    const [e] = await exceptionsOf(asnNo);
    const released = await settle(e!.exceptionNo, D.TRANSFER_TO_AVAILABLE);
    const taskNo = released.data.result_no as string;
    const open = await operator.post('/apps/process/inbound/standardputaway/open_putaway_task', { code: taskNo });
    const cell = open.data.lines[0].suggested_location as string;
    expect(cell).toBeTruthy();
    const put = await operator.post('/apps/system/sync/push_ops', {
      device_id: crypto.randomUUID(),
      ops: [{ op_id: uuidv7(), seq: 1, kind: putawayOps.put.kind, created_at: Date.now(), payload: { task_no: taskNo, line_no: 1, sku_id: skuId, location: cell, qty: 2 } }],
    });
    expect(put.data.results[0].status, put.data.results[0].message).toBe('applied');
    expect(await taskRow(taskNo)).toMatchObject({ status: T.DONE, doneQty: 2 });
    expect(await asnRow(asnNo)).toMatchObject({ status: A.DONE });
    expect(await balance(cell, skuId, GOOD)).toMatchObject({ onhandQty: 2 });
    await expectLedgerAgrees([skuId]);
  });

  test('Return to Supplier and Pass Good, Reject Damaged move the units to a Dispute location, blocked there for the return order', async () => {
    const skuId = await sku();
    const { asnNo } = await inbound([{ sku: skuId, expected: 8, counted: 8, failed: 3 }], { supplierId: QC_SUPPLIER, reports: [[skuId, R.EXPIRING, 2]] });
    const rejected = await exceptionOf(asnNo, INBOUND_EXCEPTION_TYPE.values.REJECTED_ITEM);
    const expiring = await exceptionOf(asnNo, INBOUND_EXCEPTION_TYPE.values.ABNORMAL_ITEM);
    expect(rejected).toMatchObject({ heldQty: 3, holdQuality: DAMAGED });
    const before = (await balance(DISPUTE, skuId, DAMAGED))?.onhandQty ?? 0;
    const passGood = await settle(rejected.exceptionNo, D.PASS_GOOD_REJECT_DAMAGE);
    expect(passGood.data).toMatchObject({ status: S.DONE, held_qty: 3, hold_location: DISPUTE, result_no: null });
    const moves = (await ledgerOf(skuId)).filter((r) => r.txnType === TX.RACK_TRANSFER);
    expect(moves.map((r) => [r.direction, r.locationId, r.counterLocationId, r.qty])).toEqual([[CREDIT, STAGING, DISPUTE, 3], [DEBIT, DISPUTE, STAGING, 3]]);
    expect(await balance(DISPUTE, skuId, DAMAGED)).toMatchObject({ onhandQty: before + 3, lockedQty: 3, availableQty: before });
    const rts = await settle(expiring.exceptionNo, D.RETURN_TO_SUPPLIER);
    expect(rts.data).toMatchObject({ status: S.DONE, held_qty: 2, hold_location: DISPUTE });
    expect(await balance(DISPUTE, skuId, GOOD)).toMatchObject({ lockedQty: 2 });
    // The returns stay held for the return order; the ASN waits for its putaway only.
    expect((await asnRow(asnNo)).status).toBe(A.RECEIVED);
    await expectLedgerAgrees([skuId]);
  });

  test('Hold for Investigation keeps the units held: done needs the decision the investigation reached', async () => {
    const skuId = await sku();
    const { asnNo } = await inbound([{ sku: skuId, expected: 2, counted: 2 }], { reports: [[skuId, R.OTHER_ISSUES, 1]] });
    const [e] = await exceptionsOf(asnNo);
    await check(e!.exceptionNo);
    const held = await supervisor.post(`${EX}/confirm_inbound_exception`, { exception_no: e!.exceptionNo, handling_decision: D.HOLD_FOR_INVESTIGATION });
    expect(held.data).toMatchObject({ status: S.BD_CONFIRMED, held_qty: 1 });
    const notYet = await supervisor.post(`${EX}/complete_inbound_exception`, { exception_no: e!.exceptionNo });
    expect(notYet.retcode).toBe(RET.BAD_INPUT);
    expect(notYet.data.issues[0].path).toBe('handling_decision');
    const done = await supervisor.post(`${EX}/complete_inbound_exception`, { exception_no: e!.exceptionNo, handling_decision: D.CORRECT_SKU_INFORMATION });
    expect(done.data).toMatchObject({ status: S.DONE, handling_decision: D.CORRECT_SKU_INFORMATION, held_qty: 0, result_no: expect.stringMatching(/^IT/) });
    await expectLedgerAgrees([skuId]);
  });

  test('a cancelled exception lets its units go on to putaway', async () => {
    const skuId = await sku();
    const { asnNo } = await inbound([{ sku: skuId, expected: 2, counted: 2 }], { reports: [[skuId, R.WRONG_SKU_INFORMATION, 2]] });
    const [e] = await exceptionsOf(asnNo);
    const cancelled = await supervisor.post(`${EX}/cancel_inbound_exception`, { exception_no: e!.exceptionNo, remark: 'Label was right after all.' });
    expect(cancelled.data).toMatchObject({ status: S.CANCELLED, held_qty: 0, result_no: expect.stringMatching(/^IT/) });
    expect((await putLinesOf(cancelled.data.result_no)).map((l) => [l.skuId, l.quality, l.qty])).toEqual([[skuId, GOOD, 2]]);
    expect(await balance(STAGING, skuId, GOOD)).toMatchObject({ onhandQty: 2, lockedQty: 0 });
    await expectLedgerAgrees([skuId]);
  });

  test('a decision acting on units refuses while they are not received (-100412); nothing changes', async () => {
    const skuId = await sku();
    const { group, asnNo } = await inbound([{ sku: skuId, expected: 4, counted: 4, failed: 1 }], { supplierId: QC_SUPPLIER, receive: false });
    const e = await exceptionOf(asnNo, INBOUND_EXCEPTION_TYPE.values.REJECTED_ITEM);
    await check(e.exceptionNo);
    const before = await groupState(server, HOME, group);
    const early = await supervisor.post(`${EX}/complete_inbound_exception`, { exception_no: e.exceptionNo, handling_decision: D.DISPOSE });
    expect(early.retcode).toBe(RET.ILLEGAL_TRANSITION);
    expect(early.message).toContain('Dispose');
    expect(await groupState(server, HOME, group)).toEqual(before);
  });
});

describe('decisions that make an ASN', () => {
  test('Inbound to New ASN brings a wrong SKU in on a new arrived ASN; Re-supply asks the supplier on a new pending one', async () => {
    const [expected, stranger] = [await sku(), await sku()];
    const group = await arrivedGroup(server, HOME, [{ supplierId: 'SUPSG0003', lines: [{ sku: expected, expected: 5 }] }]);
    const asnNo = group.asnNos[0]!;
    const counting = '/apps/process/inbound/counting';
    expect((await operator.post(`${counting}/save_counting_record`, { group_no: group.groupNo, sku_id: expected, qty: 3 })).retcode).toBe(0);
    expect((await operator.post(`${counting}/create_wrong_sku_record`, { group_no: group.groupNo, code: stranger, qty: 2 })).retcode).toBe(0);
    expect((await operator.post(`${counting}/create_group_complete_record`, { group_no: group.groupNo })).retcode).toBe(0);

    const wrong = await exceptionOf(asnNo, INBOUND_EXCEPTION_TYPE.values.WRONG_SKU);
    const inbounded = await settle(wrong.exceptionNo, D.INBOUND_TO_NEW_ASN);
    expect(inbounded.retcode, inbounded.message).toBe(0);
    const fresh = await supervisor.get(`${ASN}/get_asn_detail`, { asn_no: inbounded.data.result_no });
    expect(fresh.data.asn).toMatchObject({ status: A.ARRIVED, supplier_id: 'SUPSG0003', total_expected_qty: 2, remark: expect.stringContaining(wrong.exceptionNo) });
    expect(fresh.data.lines).toMatchObject([{ sku_id: stranger, expected_qty: 2, vas_kind: null }]);

    const short = await exceptionOf(asnNo, INBOUND_EXCEPTION_TYPE.values.SHORTAGE);
    const resupply = await settle(short.exceptionNo, D.RE_SUPPLY);
    const later = await supervisor.get(`${ASN}/get_asn_detail`, { asn_no: resupply.data.result_no });
    expect(later.data.asn).toMatchObject({ status: A.PENDING, total_expected_qty: 2 });
    expect(later.data.lines).toMatchObject([{ sku_id: expected, expected_qty: 2 }]);
  });

  test('an unknown item cannot be inbounded on a new ASN until the SKU exists (-100400 on the decision)', async () => {
    const skuId = await sku();
    const { asnNo } = await inbound([{ sku: skuId, expected: 1, counted: 1 }], { receive: false });
    const report = await operator.post(`${EX}/report_inbound_exception`, { asn_no: asnNo, sku_id: 'NO-SUCH-ITEM', reason: R.UNKNOWN_ITEM, qty: 1 });
    await check(report.data.exception_no);
    const res = await supervisor.post(`${EX}/complete_inbound_exception`, { exception_no: report.data.exception_no, handling_decision: D.INBOUND_TO_NEW_ASN });
    expect(res.retcode).toBe(RET.BAD_INPUT);
    expect(res.data.issues[0].path).toBe('handling_decision');
    expect((await exceptionOf(asnNo, INBOUND_EXCEPTION_TYPE.values.WRONG_SKU)).status).toBe(S.CHECKED);
  });
});

describe('the ASN\'s end states', () => {
  test('Rejected All rejects the ASN from QC: its tasks and other exceptions are cancelled, nothing is received', async () => {
    const [a, b] = [await sku(), await sku()];
    const { asnNo } = await inbound([{ sku: a, expected: 4, counted: 4, failed: 4 }, { sku: b, expected: 2, counted: 2, failed: 1 }], { supplierId: QC_SUPPLIER, receive: false });
    const [first, second] = (await exceptionsOf(asnNo)).filter((e) => e.exceptionType === INBOUND_EXCEPTION_TYPE.values.REJECTED_ITEM);
    expect((await asnRow(asnNo)).status).toBe(A.CHECKING);
    const rejected = await settle(first!.exceptionNo, D.REJECTED_ALL);
    expect(rejected.data).toMatchObject({ status: S.DONE, handling_decision: D.REJECTED_ALL });
    expect(await asnRow(asnNo)).toMatchObject({ status: A.REJECTED, closedAt: expect.any(Date), closeReason: expect.stringContaining(first!.exceptionNo) });
    expect((await tasksOf(asnNo)).map((t) => [t.kind, t.status])).toEqual([[INBOUND_TASK_KIND.values.QC, T.CANCEL]]);
    expect((await exceptionsOf(asnNo)).find((e) => e.exceptionNo === second!.exceptionNo)).toMatchObject({ status: S.CANCELLED, remark: expect.stringContaining('rejected') });
    expect(await ledgerOf(a)).toEqual([]);
    // A rejected ASN goes nowhere: receiving is refused.
    const receive = await operator.post('/apps/process/inbound/receiving/complete_receiving', { asn_no: asnNo, staging_location: STAGING });
    expect(receive.retcode).toBe(RET.ILLEGAL_TRANSITION);
  });

  test('Rejected All after receipt is an illegal move and changes nothing', async () => {
    const skuId = await sku();
    const { group, asnNo } = await inbound([{ sku: skuId, expected: 2, counted: 2, failed: 2 }], { supplierId: QC_SUPPLIER });
    const e = await exceptionOf(asnNo, INBOUND_EXCEPTION_TYPE.values.REJECTED_ITEM);
    await check(e.exceptionNo);
    const before = await groupState(server, HOME, group);
    const late = await supervisor.post(`${EX}/complete_inbound_exception`, { exception_no: e.exceptionNo, handling_decision: D.REJECTED_ALL });
    expect(late.retcode).toBe(RET.ILLEGAL_TRANSITION);
    // Every unit failed and is held: nothing was left to put away, so the ASN is done.
    expect(late.data).toEqual({ from: A.DONE, to: A.REJECTED });
    expect(await groupState(server, HOME, group)).toEqual(before);
  });

  test('fail_asn closes an ASN whose inbound cannot go on, between counting and the first receipt', async () => {
    const skuId = await sku();
    const { group, asnNo } = await inbound([{ sku: skuId, expected: 5, counted: 3 }], { receive: false });
    const bare = await memberWithoutPermissions(server, HOME);
    expect((await bare.post(`${ASN}/fail_asn`, { asn_no: asnNo, reason: 'x' })).retcode).toBe(RET.PERMISSION_DENIED);
    expect((await supervisor.post(`${ASN}/fail_asn`, { asn_no: asnNo, reason: '  ' })).retcode).toBe(RET.BAD_INPUT);
    const elsewhere = await arrivedGroup(server, 'IDJKT1', [{ lines: [{ sku: 'IDSKU00001', expected: 1 }] }]);
    expect((await supervisor.post(`${ASN}/fail_asn`, { asn_no: elsewhere.asnNos[0], reason: 'x' })).retcode).toBe(RET.NOT_FOUND);

    const failed = await supervisor.post(`${ASN}/fail_asn`, { asn_no: asnNo, reason: 'Pallet destroyed at the dock' });
    expect(failed.data).toEqual({ asn_no: asnNo, status: A.FAILED });
    expect(await asnRow(asnNo)).toMatchObject({ closeReason: 'Pallet destroyed at the dock', closedAt: expect.any(Date) });
    const now = await groupState(server, HOME, group);
    expect(now.tasks.map((t) => t.status)).toEqual([T.CANCEL]);
    expect(now.exceptions.map((e) => e.status)).toEqual([S.CANCELLED]);
    expect(now.groups[0]!.status).toBe(A.FAILED);
    const again = await supervisor.post(`${ASN}/fail_asn`, { asn_no: asnNo, reason: 'again' });
    expect(again.retcode).toBe(RET.ILLEGAL_TRANSITION);
    expect(again.data).toEqual({ from: A.FAILED, to: A.FAILED });

    const receivedAsn = await inbound([{ sku: await sku(), expected: 1, counted: 1 }]);
    const late = await supervisor.post(`${ASN}/fail_asn`, { asn_no: receivedAsn.asnNo, reason: 'too late' });
    expect(late.retcode).toBe(RET.ILLEGAL_TRANSITION);
    expect(late.data).toEqual({ from: A.RECEIVED, to: A.FAILED });
    const arrived = await arrivedGroup(server, HOME, [{ lines: [{ sku: skuId, expected: 1 }] }]);
    const early = await supervisor.post(`${ASN}/fail_asn`, { asn_no: arrived.asnNos[0], reason: 'not counted' });
    expect([early.retcode, early.data]).toEqual([RET.ILLEGAL_TRANSITION, { from: A.ARRIVED, to: A.FAILED }]);
  });
});

describe('reaching the handling steps', () => {
  test('the operator is refused (-100406), another warehouse\'s exception is not found, a decision number out of range is bad input', async () => {
    const skuId = await sku();
    const { asnNo } = await inbound([{ sku: skuId, expected: 1, counted: 2 }]);
    const e = await exceptionOf(asnNo, INBOUND_EXCEPTION_TYPE.values.SURPLUS);
    await check(e.exceptionNo);
    expect((await operator.post(`${EX}/complete_inbound_exception`, { exception_no: e.exceptionNo, handling_decision: D.ACCEPT_SURPLUS })).retcode).toBe(RET.PERMISSION_DENIED);
    expect((await supervisor.post(`${EX}/complete_inbound_exception`, { exception_no: e.exceptionNo, handling_decision: 17 })).retcode).toBe(RET.BAD_INPUT);
    const admin = await server.loginAt('admin@demo.local', 'IDJKT1');
    expect((await admin.post(`${EX}/complete_inbound_exception`, { exception_no: e.exceptionNo, handling_decision: D.ACCEPT_SURPLUS })).retcode).toBe(RET.NOT_FOUND);
    expect((await exceptionOf(asnNo, INBOUND_EXCEPTION_TYPE.values.SURPLUS))).toMatchObject({ status: S.CHECKED, heldQty: 1 });
  });
});
