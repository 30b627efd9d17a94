import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TestClient, TestServer } from '../support/api-harness';
import { arrivedGroup, countAndComplete, groupState, inboundTestServer, memberWithoutPermissions, type ArrivedGroup } from '../support/inbound-fixture';
import { createTestSku } from '../support/putaway-fixture';
import { dayAfter, newAsn, shiftId, warehouseToday } from '../support/asn-fixture';
import { inboundTasks, inventoryTransactions, locationInventory, putawayTaskLines } from '../../src/server/db/schema';
import {
  INBOUND_EXCEPTION_REASON, INBOUND_EXCEPTION_TYPE, INBOUND_HANDLING_DECISION, INBOUND_STATUS, INBOUND_TASK_KIND,
  INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE, QUALITY, TASK_STATUS,
} from '../../src/shared/codes';
import { RET } from '../../src/shared/retcodes';

/**
 * VAS tasks (spec §3 labelling, bundling, repackaging): made for ASN lines that ask for a
 * service and for exceptions relabelled or repackaged; their lists and details (one per kind); the
 * Reprocess screen's calls that do them; the units blocked in staging until the last is done, then
 * handed to putaway — the ledger and the balances agreeing throughout.
 */

const VAS = '/apps/process/inbound/reprocess';
const LISTS = '/apps/process/inbound/reprocesstask';
const EX = '/apps/process/inbound/exception';
const HOME = 'SGSIN1';
const STAGING = 'IB-PUTAWAY-01';
const K = INBOUND_TASK_KIND.values;
const T = TASK_STATUS.values;
const A = INBOUND_STATUS.values;
const { GOOD, DAMAGED } = QUALITY.values;

let server: TestServer;
let supervisor: TestClient;
let operator: TestClient;

beforeAll(async () => {
  ({ server, clients: [supervisor, operator] } = await inboundTestServer(HOME, ['supervisor@demo.local', 'operator@demo.local']));
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;
const sku = () => createTestSku(db(), HOME, 'VAS');

/** A group whose lines ask for services, counted and received into STAGING; answers the completion. */
async function receivedWithVas(lines: { sku: string; qty: number; vasKind?: number }[]): Promise<{ group: ArrivedGroup; asnNo: string; done: { putaway_task_nos: string[]; vas_task_nos: string[] } }> {
  const group = await arrivedGroup(server, HOME, [{ lines: lines.map((l) => ({ sku: l.sku, expected: l.qty, vasKind: l.vasKind ?? null })) }]);
  const asnNo = group.asnNos[0]!;
  await countAndComplete(operator, group, lines.map((l) => [l.sku, l.qty] as const));
  const done = await operator.post('/apps/process/inbound/receiving/complete_receiving', { asn_no: asnNo, staging_location: STAGING });
  expect(done.retcode, done.message).toBe(0);
  return { group, asnNo, done: done.data };
}

const balance = async (skuId: string, quality: number) => (await db().select().from(locationInventory).where(and(
  eq(locationInventory.whsId, HOME), eq(locationInventory.locationId, STAGING), eq(locationInventory.skuId, skuId), eq(locationInventory.quality, quality),
)))[0];
const putLines = (taskNo: string) => db().select().from(putawayTaskLines)
  .where(and(eq(putawayTaskLines.whsId, HOME), eq(putawayTaskLines.taskNo, taskNo))).orderBy(asc(putawayTaskLines.lineNo));

/** On hand of every balance of the SKUs equals its ledger (Σ debit − Σ credit). */
async function expectLedgerAgrees(skuIds: string[]) {
  const balances = await db().select().from(locationInventory).where(and(eq(locationInventory.whsId, HOME), inArray(locationInventory.skuId, skuIds)));
  const ledger = await db().select({
    key: sql<string>`${inventoryTransactions.locationId} || '|' || ${inventoryTransactions.skuId} || '|' || ${inventoryTransactions.batchId} || '|' || ${inventoryTransactions.quality}`,
    net: sql<number>`sum(case when ${inventoryTransactions.direction} = ${INVENTORY_TRANSACTION_DIRECTION.values.DEBIT} then ${inventoryTransactions.qty} else -${inventoryTransactions.qty} end)::int`,
  }).from(inventoryTransactions).where(and(eq(inventoryTransactions.whsId, HOME), inArray(inventoryTransactions.skuId, skuIds)))
    .groupBy(inventoryTransactions.locationId, inventoryTransactions.skuId, inventoryTransactions.batchId, inventoryTransactions.quality);
  const net = new Map(ledger.map((r) => [r.key, r.net]));
  for (const b of balances) expect(b.onhandQty).toBe(net.get(`${b.locationId}|${b.skuId}|${b.batchId}|${b.quality}`) ?? 0);
}

describe('VAS tasks from ASN lines', () => {
  test('receiving sends the good units of lines asking for a service to a VAS task per kind, blocked in staging; the rest to putaway', async () => {
    const [plain, label, bundle] = [await sku(), await sku(), await sku()];
    const { asnNo, done } = await receivedWithVas([{ sku: plain, qty: 3 }, { sku: label, qty: 4, vasKind: K.LABELLING }, { sku: bundle, qty: 6, vasKind: K.BUNDLING }]);
    expect(done.vas_task_nos).toHaveLength(2);
    expect(done.putaway_task_nos).toHaveLength(1);
    expect((await putLines(done.putaway_task_nos[0]!)).map((l) => [l.skuId, l.qty])).toEqual([[plain, 3]]);
    const tasks = await db().select().from(inboundTasks).where(and(eq(inboundTasks.whsId, HOME), inArray(inboundTasks.taskNo, done.vas_task_nos)));
    expect(tasks.map((t) => [t.kind, t.status, t.totalQty, t.stagingLocation, t.asnNo]).sort()).toEqual([
      [K.LABELLING, T.PENDING, 4, STAGING, asnNo], [K.BUNDLING, T.PENDING, 6, STAGING, asnNo],
    ].sort());
    expect(await balance(label, GOOD)).toMatchObject({ onhandQty: 4, lockedQty: 4, availableQty: 0 });

    // Each kind lists its own tasks only; the detail answers the task; filters are checked.
    const labelling = await supervisor.get(`${LISTS}/search_labelling_task`, { asn_no: asnNo });
    expect(labelling.data.list).toMatchObject([{ status: T.PENDING, total_qty: 4, done_qty: 0, staging_location: STAGING, exception_no: null }]);
    const labelNo = labelling.data.list[0].task_no as string;
    expect((await supervisor.get(`${LISTS}/search_bundling_task`, { asn_no: asnNo })).data.list.map((t: { task_no: string }) => t.task_no)).not.toContain(labelNo);
    expect((await supervisor.get(`${LISTS}/search_repackaging_task`, { asn_no: asnNo })).data.list).toEqual([]);
    expect((await supervisor.get(`${LISTS}/get_labelling_task_detail`, { task_no: labelNo })).data).toMatchObject({ task_no: labelNo, asn_no: asnNo });
    expect((await supervisor.get(`${LISTS}/get_bundling_task_detail`, { task_no: labelNo })).retcode).toBe(RET.NOT_FOUND);
    expect((await supervisor.get(`${LISTS}/search_labelling_task`, { status: 42 })).retcode).toBe(RET.BAD_INPUT);
    expect((await operator.get(`${LISTS}/search_labelling_task`, {})).retcode).toBe(RET.PERMISSION_DENIED);
    await expectLedgerAgrees([plain, label, bundle]);
  });

  test('an operator does a task line by line: the last unit unblocks the units and hands them to putaway', async () => {
    const skuId = await sku();
    const { group, asnNo, done } = await receivedWithVas([{ sku: skuId, qty: 5, vasKind: K.LABELLING }]);
    const taskNo = done.vas_task_nos[0]!;
    expect(done.putaway_task_nos).toEqual([]);
    expect((await db().select().from(inboundTasks).where(eq(inboundTasks.asnNo, asnNo))).find((t) => t.kind === K.RECEIVING)?.status).toBe(T.DONE);

    const open = await operator.get(`${VAS}/get_vas_task`, { code: STAGING });
    expect(open.retcode).toBe(0);
    const byNo = await operator.get(`${VAS}/get_vas_task`, { code: taskNo });
    expect(byNo.data).toMatchObject({ task: { task_no: taskNo, kind: K.LABELLING, status: T.PENDING }, lines: [{ sku_id: skuId, qty: 5, done_qty: 0, quality: GOOD, location: STAGING }] });

    const before = await groupState(server, HOME, group);
    for (const [body, retcode, path] of [
      [{ task_no: taskNo, sku_id: skuId, qty: 6 }, RET.INBOUND_QTY_EXCEEDS, null],
      [{ task_no: taskNo, sku_id: 'SGSKU00001', qty: 1 }, RET.BAD_INPUT, 'sku_id'],
      [{ task_no: taskNo, sku_id: skuId, qty: 0 }, RET.BAD_INPUT, 'qty'],
      [{ task_no: 'IT000000000000', sku_id: skuId, qty: 1 }, RET.NOT_FOUND, null],
    ] as const) {
      const res = await operator.post(`${VAS}/do_vas_line`, body);
      expect(res.retcode, JSON.stringify(body)).toBe(retcode);
      if (path) expect(res.data.issues[0].path).toBe(path);
    }
    expect(await groupState(server, HOME, group)).toEqual(before);

    const part = await operator.post(`${VAS}/do_vas_line`, { task_no: taskNo, sku_id: skuId, qty: 2 });
    expect(part.data).toMatchObject({ task: { status: T.ONGOING, done_qty: 2, assignee_id: expect.any(Number) }, lines: [{ done_qty: 2 }], putaway_task_no: null });
    expect(await balance(skuId, GOOD)).toMatchObject({ lockedQty: 5 });
    const last = await operator.post(`${VAS}/do_vas_line`, { task_no: taskNo, sku_id: skuId, qty: 3 });
    expect(last.data).toMatchObject({ task: { status: T.DONE, done_qty: 5, finished_at: expect.any(Number) }, putaway_task_no: expect.stringMatching(/^IT/) });
    expect((await putLines(last.data.putaway_task_no)).map((l) => [l.skuId, l.quality, l.qty, l.fromLocation])).toEqual([[skuId, GOOD, 5, STAGING]]);
    expect(await balance(skuId, GOOD)).toMatchObject({ onhandQty: 5, lockedQty: 0, availableQty: 5 });
    // The ASN waits for the putaway the task handed on.
    expect((await groupState(server, HOME, group)).orders[0]!.status).toBe(A.RECEIVED);

    const again = await operator.post(`${VAS}/do_vas_line`, { task_no: taskNo, sku_id: skuId, qty: 1 });
    expect(again.retcode).toBe(RET.ILLEGAL_TRANSITION);
    expect(again.data).toEqual({ from: T.DONE, to: T.ONGOING });
    await expectLedgerAgrees([skuId]);
  });

  test('the Reprocess calls need the page\'s permission and see only the warehouse\'s tasks', async () => {
    const skuId = await sku();
    const { done } = await receivedWithVas([{ sku: skuId, qty: 1, vasKind: K.BUNDLING }]);
    const taskNo = done.vas_task_nos[0]!;
    const bare = await memberWithoutPermissions(server, HOME);
    expect((await bare.get(`${VAS}/get_vas_task`, { code: taskNo })).retcode).toBe(RET.PERMISSION_DENIED);
    expect((await bare.post(`${VAS}/do_vas_line`, { task_no: taskNo, sku_id: skuId, qty: 1 })).retcode).toBe(RET.PERMISSION_DENIED);
    const elsewhere = await server.loginAt('admin@demo.local', 'IDJKT1');
    expect((await elsewhere.get(`${VAS}/get_vas_task`, { code: taskNo })).retcode).toBe(RET.NOT_FOUND);
    expect((await elsewhere.post(`${VAS}/do_vas_line`, { task_no: taskNo, sku_id: skuId, qty: 1 })).retcode).toBe(RET.NOT_FOUND);
    expect((await operator.get(`${VAS}/get_vas_task`, { code: '' })).retcode).toBe(RET.BAD_INPUT);
    expect((await operator.get(`${VAS}/get_vas_task`, { code: 'NOWHERE-01' })).retcode).toBe(RET.NOT_FOUND);
  });

  test('a task another operator started is theirs: the others are refused and change nothing', async () => {
    const skuId = await sku();
    const { group, done } = await receivedWithVas([{ sku: skuId, qty: 3, vasKind: K.LABELLING }]);
    const taskNo = done.vas_task_nos[0]!;
    expect((await operator.post(`${VAS}/do_vas_line`, { task_no: taskNo, sku_id: skuId, qty: 1 })).retcode).toBe(0);
    const before = await groupState(server, HOME, group);
    const other = await supervisor.post(`${VAS}/do_vas_line`, { task_no: taskNo, sku_id: skuId, qty: 1 });
    expect(other.retcode).toBe(RET.TASK_ASSIGNED_ELSEWHERE);
    expect(other.data).toMatchObject({ task_no: taskNo, assignee_id: expect.any(Number) });
    expect(await groupState(server, HOME, group)).toEqual(before);
  });
});

describe('VAS tasks from handling decisions', () => {
  test('Repackage and Inbound reworks damaged units in a repackaging task; done, they are regraded good and go to putaway', async () => {
    const skuId = await sku();
    const group = await arrivedGroup(server, HOME, [{ lines: [{ sku: skuId, expected: 4 }] }]);
    const asnNo = group.asnNos[0]!;
    await countAndComplete(operator, group, [[skuId, 4]]);
    const report = await operator.post(`${EX}/report_inbound_exception`, { asn_no: asnNo, sku_id: skuId, reason: INBOUND_EXCEPTION_REASON.values.DAMAGED, qty: 2 });
    expect(report.data.exception_type).toBe(INBOUND_EXCEPTION_TYPE.values.ABNORMAL_ITEM);
    expect((await operator.post('/apps/process/inbound/receiving/complete_receiving', { asn_no: asnNo, staging_location: STAGING })).retcode).toBe(0);

    const exceptionNo = report.data.exception_no as string;
    await supervisor.post(`${EX}/check_inbound_exception`, { exception_no: exceptionNo });
    const decided = await supervisor.post(`${EX}/complete_inbound_exception`, { exception_no: exceptionNo, handling_decision: INBOUND_HANDLING_DECISION.values.REPACKAGE_INBOUND });
    expect(decided.data).toMatchObject({ status: 50, held_qty: 0, result_no: expect.stringMatching(/^IT/) });
    const taskNo = decided.data.result_no as string;
    const repack = await supervisor.get(`${LISTS}/search_repackaging_task`, { exception_no: exceptionNo });
    expect(repack.data.list).toMatchObject([{ task_no: taskNo, exception_no: exceptionNo, total_qty: 2, asn_no: asnNo }]);
    expect(await balance(skuId, DAMAGED)).toMatchObject({ onhandQty: 2, lockedQty: 2 });

    const finished = await operator.post(`${VAS}/do_vas_line`, { task_no: taskNo, sku_id: skuId, qty: 2 });
    expect(finished.data.task.status).toBe(T.DONE);
    expect((await putLines(finished.data.putaway_task_no)).map((l) => [l.quality, l.qty])).toEqual([[GOOD, 2]]);
    expect(await balance(skuId, DAMAGED)).toMatchObject({ onhandQty: 0, lockedQty: 0 });
    expect(await balance(skuId, GOOD)).toMatchObject({ onhandQty: 4, lockedQty: 0 });
    const regrade = await db().select().from(inventoryTransactions)
      .where(and(eq(inventoryTransactions.whsId, HOME), eq(inventoryTransactions.skuId, skuId), eq(inventoryTransactions.txnType, INVENTORY_TRANSACTION_TYPE.values.BATCH_TRANSFER)));
    expect(regrade.map((r) => [r.quality, r.qty, r.refType, r.refNo])).toEqual([[DAMAGED, 2, 'VAS_TASK', taskNo], [GOOD, 2, 'VAS_TASK', taskNo]]);
    await expectLedgerAgrees([skuId]);
  });

  test('Relabel and Inbound makes a labelling task over the exception\'s units', async () => {
    const skuId = await sku();
    const group = await arrivedGroup(server, HOME, [{ lines: [{ sku: skuId, expected: 3 }] }]);
    const asnNo = group.asnNos[0]!;
    await countAndComplete(operator, group, [[skuId, 3]]);
    const report = await operator.post(`${EX}/report_inbound_exception`, { asn_no: asnNo, sku_id: skuId, reason: INBOUND_EXCEPTION_REASON.values.WRONG_UPC, qty: 3 });
    await operator.post('/apps/process/inbound/receiving/complete_receiving', { asn_no: asnNo, staging_location: STAGING });
    await supervisor.post(`${EX}/check_inbound_exception`, { exception_no: report.data.exception_no });
    const decided = await supervisor.post(`${EX}/complete_inbound_exception`, { exception_no: report.data.exception_no, handling_decision: INBOUND_HANDLING_DECISION.values.RELABEL_INBOUND });
    const task = await operator.get(`${VAS}/get_vas_task`, { code: decided.data.result_no });
    expect(task.data).toMatchObject({ task: { kind: K.LABELLING, exception_no: report.data.exception_no, total_qty: 3 }, lines: [{ quality: GOOD, qty: 3 }] });
    expect(await balance(skuId, GOOD)).toMatchObject({ onhandQty: 3, lockedQty: 3 });
    await expectLedgerAgrees([skuId]);
  });
});

describe('ASN lines asking for a service', () => {
  test('create_asn takes a line\'s VAS kind and the detail shows it; another kind is bad input', async () => {
    const admin = await server.loginAt('admin@demo.local', HOME);
    const slot = { slot_date: dayAfter(await warehouseToday(admin), 3), shift_id: await shiftId(admin, 'Morning') };
    const body = newAsn(slot);
    const lines = [{ ...body.lines[0]!, vas_kind: K.LABELLING }, body.lines[1]!];
    const bad = await admin.post('/apps/process/inbound/asn/create_asn', { ...body, lines: [{ ...body.lines[0]!, vas_kind: K.PUTAWAY }] });
    expect(bad.retcode).toBe(RET.BAD_INPUT);
    expect(bad.data.issues[0].path).toBe('lines.0.vas_kind');
    const created = await admin.post('/apps/process/inbound/asn/create_asn', { ...body, lines });
    expect(created.retcode, created.message).toBe(0);
    const detail = await admin.get('/apps/process/inbound/asn/get_asn_detail', { asn_no: created.data.asn_no });
    expect(detail.data.lines.map((l: { vas_kind: number | null }) => l.vas_kind)).toEqual([K.LABELLING, null]);
  });
});
