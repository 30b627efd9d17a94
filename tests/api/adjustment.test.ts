import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { ChangeWatch, rowsOf } from '../support/db-state';
import { addStock, inTransaction, refusedUnchanged, testItem, type TestItem } from '../support/stock-fixture';
import { inventoryTransactions, locationInventory, rolePermissions, roles, userWarehouses } from '../../src/server/db/schema';
import { lockStock } from '../../src/server/modules/inventory/ledger';
import {
  INVENTORY_ADJUSTMENT_DIRECTION, INVENTORY_ADJUSTMENT_REASON, INVENTORY_ADJUSTMENT_STATUS, INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE, QUALITY,
} from '../../src/shared/codes';
import { RET } from '../../src/shared/retcodes';
import { derivePerm } from '../../src/shared/routes/derive';

/**
 * Inventory adjustments (spec §2 /inventorymanage/adjust; §3 statuses, directions, reasons; §4
 * lifecycle): create, submit, approve or reject by another user, adjust through the ledger or
 * fail with nothing posted, cancel; each call with its page's permission and warehouse.
 */
const ADJ = '/apps/process/inventory/adjustment';
const MAP = '/apps/process/inventory/inventorymap';
const WHS = 'SGSIN1';
const CELL = 'A01-01-01-1';
const J = INVENTORY_ADJUSTMENT_STATUS.values;
const { DEDUCTION, ADDITION } = INVENTORY_ADJUSTMENT_DIRECTION.values;
const REASON = INVENTORY_ADJUSTMENT_REASON.values;
const T = INVENTORY_TRANSACTION_TYPE.values;
const { DEBIT, CREDIT } = INVENTORY_TRANSACTION_DIRECTION.values;
const { GOOD } = QUALITY.values;

interface Line { line_no: number; location_id: string; sku_id: string; batch_id: string; quality: number; direction: number; qty: number; onhand_at_create: number; onhand_qty: number; available_qty: number; txn_id: number | null }
interface Detail {
  adjust_no: string; status: number; reason: number; remark: string | null; addition_qty: number; deduction_qty: number;
  created_by: string | null; approved_by: string | null; adjusted_by: string | null; close_reason: string | null; lines: Line[];
}

let server: TestServer;
/** Super admin in SGSIN1: creates adjustments. */
let creator: TestClient;
/** Supervisor in SGSIN1: approves them (four eyes). */
let approver: TestClient;
/** Supervisor in IDJKT1. */
let elsewhere: TestClient;
let operator: TestClient;
let watch: ChangeWatch;

const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
  creator = await server.loginAt('admin@demo.local', WHS);
  approver = await server.loginAt('supervisor@demo.local', WHS);
  await server.createUser({ email: 'adjust.elsewhere@demo.local', warehouses: ['IDJKT1'], role: 'Supervisor' });
  elsewhere = await server.login('adjust.elsewhere@demo.local');
  operator = await server.login('operator@demo.local');
  watch = new ChangeWatch(db());
});
afterAll(async () => {
  await server?.close();
});

/** An item of this file's own with `qty` good units at CELL (none when 0). */
async function stockedSku(qty: number): Promise<TestItem> {
  const item = await testItem(db(), WHS, 'ADJSKU');
  if (qty > 0) await addStock(db(), WHS, item, CELL, qty);
  return item;
}
const lineOf = (item: { skuId: string; batchId: string }, direction: number, qty: number, location = CELL) =>
  ({ location_id: location, sku_id: item.skuId, batch_id: item.batchId, quality: GOOD, direction, qty });

async function create(lines: ReturnType<typeof lineOf>[], extra: Record<string, unknown> = {}): Promise<Detail> {
  const res = await creator.post<Detail>(`${ADJ}/create_adjustment`, { reason: REASON.UNIDENTIFIED, lines, ...extra });
  expect(res.retcode, res.message).toBe(0);
  return res.data;
}
const call = (client: TestClient, verb: string, body: Record<string, unknown>) => client.post<Detail>(`${ADJ}/${verb}`, body);
async function step(client: TestClient, verb: string, adjustNo: string, extra: Record<string, unknown> = {}): Promise<Detail> {
  const res = await call(client, verb, { adjust_no: adjustNo, ...extra });
  expect(res.retcode, `${verb}: ${res.message}`).toBe(0);
  return res.data;
}
/** Created, submitted and approved: ready to adjust. */
async function approved(lines: ReturnType<typeof lineOf>[]): Promise<Detail> {
  const made = await create(lines, { submit: 1 });
  return step(approver, 'approve_adjustment', made.adjust_no);
}
/** A call that must be refused with `retcode` and change nothing at all. */
const refused = (run: () => Promise<{ retcode: number; message: string }>, retcode: number) => refusedUnchanged(watch, run, retcode);
const onhandAt = async (item: { skuId: string; batchId: string }, location = CELL) => (await db().select({ qty: locationInventory.onhandQty }).from(locationInventory)
  .where(and(eq(locationInventory.whsId, WHS), eq(locationInventory.locationId, location), eq(locationInventory.skuId, item.skuId), eq(locationInventory.batchId, item.batchId))))[0]?.qty ?? 0;
const ledgerOf = (refNo: string) => db().select().from(inventoryTransactions)
  .where(and(eq(inventoryTransactions.whsId, WHS), eq(inventoryTransactions.refType, 'ADJUSTMENT'), eq(inventoryTransactions.refNo, refNo))).orderBy(asc(inventoryTransactions.txnId));

describe('create', () => {
  test('lines with the balance\'s on hand; Created, or Pending when submitted; listed with its creator', async () => {
    const item = await stockedSku(20);
    const made = await create([lineOf(item, DEDUCTION, 5), lineOf(item, ADDITION, 3, 'A01-01-01-2')], { reason: REASON.INBOUND_EXCESS_QTY, remark: ' recount ' });
    expect(made).toMatchObject({
      status: J.CREATED, reason: REASON.INBOUND_EXCESS_QTY, remark: 'recount', addition_qty: 3, deduction_qty: 5, created_by: 'admin@demo.local', approved_by: null,
    });
    expect(made.adjust_no).toMatch(/^ADJ\d{12}$/);
    expect(made.lines.map((l) => [l.line_no, l.location_id, l.direction, l.qty, l.onhand_at_create, l.onhand_qty, l.txn_id])).toEqual([
      [1, CELL, DEDUCTION, 5, 20, 20, null], [2, 'A01-01-01-2', ADDITION, 3, 0, 0, null],
    ]);
    const submitted = await create([lineOf(item, DEDUCTION, 1)], { submit: 1 });
    expect(submitted.status).toBe(J.PENDING);
    const page = await creator.get<{ list: Record<string, unknown>[]; total: number }>(`${ADJ}/search_adjustment`, { adjust_no: `${made.adjust_no},${submitted.adjust_no}` });
    expect(page.data.list.map((r) => [r.adjust_no, r.status, r.line_count, r.created_by])).toEqual([
      [submitted.adjust_no, J.PENDING, 1, 'admin@demo.local'], [made.adjust_no, J.CREATED, 2, 'admin@demo.local'],
    ]);
    const pending = await creator.get<{ list: Record<string, unknown>[] }>(`${ADJ}/search_adjustment`, { status: J.PENDING, page_size: 200 });
    expect(pending.data.list.every((r) => r.status === J.PENDING)).toBe(true);
    expect((await creator.get<Detail>(`${ADJ}/get_adjustment_detail`, { adjust_no: made.adjust_no })).data).toEqual(made);
  });

  test('the stock of a location for a new line: its balances of the SKU and the SKU\'s batches', async () => {
    const item = await stockedSku(9);
    const res = await creator.get(`${ADJ}/get_adjustment_stock`, { location_id: CELL, sku_id: item.skuId });
    expect(res.data).toMatchObject({
      location_id: CELL, location_type: 1, sku_id: item.skuId, balances: [{ batch_id: item.batchId, quality: GOOD, onhand_qty: 9, available_qty: 9, locked_qty: 0 }],
      batches: [{ batch_id: item.batchId, production_date: null, expiry_date: null }],
    });
    expect((await creator.get(`${ADJ}/get_adjustment_stock`, { location_id: 'NOWHERE', sku_id: item.skuId })).retcode).toBe(RET.NOT_FOUND);
    expect((await creator.get(`${ADJ}/get_adjustment_stock`, { location_id: CELL, sku_id: 'MYSKU00001' })).retcode).toBe(RET.NOT_FOUND);
  });

  test('bad lines are refused naming the line, and nothing is made', async () => {
    const item = await stockedSku(4);
    const bad = (body: Record<string, unknown>) => () => creator.post(`${ADJ}/create_adjustment`, { reason: REASON.UNIDENTIFIED, ...body });
    expect(await refused(bad({ lines: [lineOf(item, DEDUCTION, 5)] }), RET.BAD_INPUT)).toContain('lines.0.qty');
    expect(await refused(bad({ lines: [lineOf(item, ADDITION, 1), lineOf(item, DEDUCTION, 1)] }), RET.BAD_INPUT)).toContain('lines.1');
    expect(await refused(bad({ lines: [] }), RET.BAD_INPUT)).toContain('lines');
    expect(await refused(bad({ lines: [{ ...lineOf(item, ADDITION, 0) }] }), RET.BAD_INPUT)).toContain('qty');
    expect(await refused(bad({ lines: [{ ...lineOf(item, 3, 1) }] }), RET.BAD_INPUT)).toContain('direction');
    expect(await refused(bad({ reason: 5, lines: [lineOf(item, ADDITION, 1)] }), RET.BAD_INPUT)).toContain('reason');
    await refused(bad({ lines: [lineOf(item, ADDITION, 1, 'NOWHERE')] }), RET.NOT_FOUND);
    await refused(bad({ lines: [lineOf({ skuId: item.skuId, batchId: 'NO-SUCH-LOT' }, ADDITION, 1)] }), RET.NOT_FOUND);
    // Another warehouse's SKU is no SKU here.
    await refused(bad({ lines: [lineOf({ skuId: 'MYSKU00001', batchId: item.batchId }, ADDITION, 1)] }), RET.NOT_FOUND);
    await db().execute(sql`update cells set status = 4 where whs_id = ${WHS} and location_code = 'A01-01-02-1'`);
    try {
      expect(await refused(bad({ lines: [lineOf(item, ADDITION, 1, 'A01-01-02-1')] }), RET.BAD_INPUT)).toContain('lines.0.location_id');
    } finally {
      await db().execute(sql`update cells set status = 1 where whs_id = ${WHS} and location_code = 'A01-01-02-1'`);
    }
  });
});

describe('approve, reject, cancel', () => {
  test('the creator cannot approve or reject; another approver can; a decided adjustment cannot be decided again', async () => {
    const item = await stockedSku(10);
    const made = await create([lineOf(item, DEDUCTION, 2)], { submit: 1 });
    expect(await refused(() => call(creator, 'approve_adjustment', { adjust_no: made.adjust_no }), RET.APPROVER_IS_CREATOR)).toContain(made.adjust_no);
    await refused(() => call(creator, 'reject_adjustment', { adjust_no: made.adjust_no, reason: 'mine' }), RET.APPROVER_IS_CREATOR);
    const ok = await step(approver, 'approve_adjustment', made.adjust_no);
    expect(ok).toMatchObject({ status: J.APPROVED, approved_by: 'supervisor@demo.local' });
    await refused(() => call(approver, 'approve_adjustment', { adjust_no: made.adjust_no }), RET.ILLEGAL_TRANSITION);
    await refused(() => call(approver, 'reject_adjustment', { adjust_no: made.adjust_no, reason: 'late' }), RET.ILLEGAL_TRANSITION);

    const other = await create([lineOf(item, ADDITION, 2)], { submit: 1 });
    const rejected = await step(approver, 'reject_adjustment', other.adjust_no, { reason: 'No evidence attached' });
    expect(rejected).toMatchObject({ status: J.REJECTED, close_reason: 'No evidence attached' });
    expect((await call(approver, 'reject_adjustment', { adjust_no: made.adjust_no, reason: ' ' })).retcode).toBe(RET.BAD_INPUT);
  });

  test('lifecycle refusals: approve before submit, submit twice, adjust before approval, cancel once done', async () => {
    const item = await stockedSku(10);
    const made = await create([lineOf(item, ADDITION, 1)]);
    const message = await refused(() => call(approver, 'approve_adjustment', { adjust_no: made.adjust_no }), RET.ILLEGAL_TRANSITION);
    expect(message).toContain('CREATED');
    await refused(() => call(approver, 'adjust_inventory', { adjust_no: made.adjust_no }), RET.ILLEGAL_TRANSITION);
    await step(creator, 'submit_adjustment', made.adjust_no);
    await refused(() => call(creator, 'submit_adjustment', { adjust_no: made.adjust_no }), RET.ILLEGAL_TRANSITION);
    await refused(() => call(creator, 'adjust_inventory', { adjust_no: made.adjust_no }), RET.ILLEGAL_TRANSITION);
    await step(approver, 'approve_adjustment', made.adjust_no);
    await step(creator, 'adjust_inventory', made.adjust_no);
    await refused(() => call(creator, 'cancel_adjustment', { adjust_no: made.adjust_no }), RET.ILLEGAL_TRANSITION);
    await refused(() => call(creator, 'adjust_inventory', { adjust_no: made.adjust_no }), RET.ILLEGAL_TRANSITION);

    const cancelled = await step(creator, 'cancel_adjustment', (await create([lineOf(item, ADDITION, 1)], { submit: 1 })).adjust_no, { reason: 'Duplicate' });
    expect(cancelled).toMatchObject({ status: J.CANCEL, close_reason: 'Duplicate' });
    await refused(() => call(approver, 'approve_adjustment', { adjust_no: cancelled.adjust_no }), RET.ILLEGAL_TRANSITION);
    await refused(() => call(creator, 'submit_adjustment', { adjust_no: 'ADJ000000000000' }), RET.NOT_FOUND);
  });
});

describe('adjust', () => {
  test('posts Adjust Decrease and Increase through the ledger in one go; the maps and the ledger agree to the unit', async () => {
    const item = await stockedSku(30);
    const ready = await approved([lineOf(item, DEDUCTION, 12), lineOf(item, ADDITION, 5, 'A01-01-01-2')]);
    const done = await step(creator, 'adjust_inventory', ready.adjust_no);
    expect(done).toMatchObject({ status: J.DONE, adjusted_by: 'admin@demo.local' });
    expect(done.lines.map((l) => [l.onhand_at_create, l.onhand_qty])).toEqual([[30, 18], [0, 5]]);
    const ledger = await ledgerOf(ready.adjust_no);
    expect(ledger.map((r) => [r.txnType, r.direction, r.locationId, r.qty, r.onhandAfter])).toEqual([
      [T.ADJUST_DECREASE, CREDIT, CELL, 12, 18], [T.ADJUST_INCREASE, DEBIT, 'A01-01-01-2', 5, 5],
    ]);
    expect(done.lines.map((l) => l.txn_id)).toEqual(ledger.map((r) => r.txnId));
    expect([await onhandAt(item), await onhandAt(item, 'A01-01-01-2')]).toEqual([18, 5]);

    // The on-hand map and the transaction map show the same units the ledger holds.
    const onhand = await creator.get<{ list: Record<string, number>[] }>(`${MAP}/search_onhand_inventory`, { sku_id: item.skuId });
    expect(onhand.data.list[0]).toMatchObject({ onhand_qty: 23, available_qty: 23, location_count: 2 });
    const txns = await creator.get<{ list: Record<string, unknown>[] }>(`${MAP}/search_inventory_transaction`, { ref_no: ready.adjust_no });
    expect(txns.data.list.map((r) => [r.txn_type, r.qty, r.operator])).toEqual([[T.ADJUST_INCREASE, 5, 'admin@demo.local'], [T.ADJUST_DECREASE, 12, 'admin@demo.local']]);
    const { net } = rowsOf<{ net: number }>(await db().execute(sql`select sum(case direction when 1 then qty else -qty end)::int as net
      from inventory_transactions where whs_id = ${WHS} and sku_id = ${item.skuId}`))[0]!;
    expect(net).toBe(23);
  });

  test('stock moved away: the adjustment fails with the reason and nothing is posted', async () => {
    const item = await stockedSku(10);
    const ready = await approved([lineOf(item, ADDITION, 4, 'A01-01-01-2'), lineOf(item, DEDUCTION, 8)]);
    // Meanwhile 5 of the 10 units are blocked (a quality hold): only 5 are available to deduct.
    await inTransaction(db(), (tx) => lockStock(tx, WHS, [{ location: CELL, skuId: item.skuId, batchId: item.batchId, quality: GOOD, qty: 5 }], { reason: 'hold', operatorId: null }));
    const ledgerBefore = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from inventory_transactions where whs_id = ${WHS}`))[0]!.n;
    const res = await call(creator, 'adjust_inventory', { adjust_no: ready.adjust_no });
    expect(res.retcode).toBe(RET.ADJUSTMENT_FAILED);
    expect(res.message).toContain('nothing was posted');
    expect(res.data).toMatchObject({ adjust_no: ready.adjust_no, status: J.FAIL, retcode: RET.INSUFFICIENT_STOCK });
    const detail = (await creator.get<Detail>(`${ADJ}/get_adjustment_detail`, { adjust_no: ready.adjust_no })).data;
    expect(detail.status).toBe(J.FAIL);
    expect(detail.close_reason).toMatch(/Not enough available stock at A01-01-01-1.*wanted 8, available 5/);
    expect(detail.lines.map((l) => l.txn_id)).toEqual([null, null]);
    expect(await ledgerOf(ready.adjust_no)).toEqual([]);
    expect(rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from inventory_transactions where whs_id = ${WHS}`))[0]!.n).toBe(ledgerBefore);
    expect([await onhandAt(item), await onhandAt(item, 'A01-01-01-2')]).toEqual([10, 0]);
    // Fail is final.
    await refused(() => call(creator, 'adjust_inventory', { adjust_no: ready.adjust_no }), RET.ILLEGAL_TRANSITION);
  });
});

describe('permissions and warehouses', () => {
  test('the operator has no adjustment page; a viewer reads but cannot create, approve or adjust', async () => {
    const item = await stockedSku(5);
    const made = await create([lineOf(item, ADDITION, 1)], { submit: 1 });
    for (const [verb, body] of [
      ['create_adjustment', { reason: REASON.UNIDENTIFIED, lines: [lineOf(item, ADDITION, 1)] }], ['approve_adjustment', { adjust_no: made.adjust_no }],
      ['adjust_inventory', { adjust_no: made.adjust_no }], ['cancel_adjustment', { adjust_no: made.adjust_no }],
    ] as const) {
      await refused(() => operator.post(`${ADJ}/${verb}`, body), RET.PERMISSION_DENIED);
    }
    expect((await operator.get(`${ADJ}/search_adjustment`)).retcode).toBe(RET.PERMISSION_DENIED);
    expect((await operator.get(`${ADJ}/get_adjustment_detail`, { adjust_no: made.adjust_no })).retcode).toBe(RET.PERMISSION_DENIED);

    const [role] = await db().insert(roles).values({ whsId: WHS, roleName: 'Adjustment viewer' }).returning();
    await db().insert(rolePermissions).values({ whsId: WHS, roleId: role!.roleId, perm: derivePerm('/inventorymanage/adjust') });
    const { userId } = await server.createUser({ email: 'adjust.viewer@demo.local', warehouses: [] });
    await db().insert(userWarehouses).values({ whsId: WHS, userId, roleId: role!.roleId });
    const viewer = await server.login('adjust.viewer@demo.local');
    expect((await viewer.get(`${ADJ}/get_adjustment_detail`, { adjust_no: made.adjust_no })).retcode).toBe(0);
    await refused(() => viewer.post(`${ADJ}/approve_adjustment`, { adjust_no: made.adjust_no }), RET.PERMISSION_DENIED);
    await refused(() => viewer.post(`${ADJ}/submit_adjustment`, { adjust_no: made.adjust_no }), RET.PERMISSION_DENIED);
  });

  test('another warehouse\'s adjustment is not found there, and nothing is changed', async () => {
    const item = await stockedSku(5);
    const made = await create([lineOf(item, ADDITION, 1)], { submit: 1 });
    expect((await elsewhere.get(`${ADJ}/get_adjustment_detail`, { adjust_no: made.adjust_no })).retcode).toBe(RET.NOT_FOUND);
    for (const verb of ['approve_adjustment', 'submit_adjustment', 'adjust_inventory', 'cancel_adjustment']) {
      await refused(() => elsewhere.post(`${ADJ}/${verb}`, { adjust_no: made.adjust_no }), RET.NOT_FOUND);
    }
    const theirs = await elsewhere.get<{ list: unknown[] }>(`${ADJ}/search_adjustment`, { adjust_no: made.adjust_no });
    expect(theirs.data.list).toEqual([]);
  });
});
