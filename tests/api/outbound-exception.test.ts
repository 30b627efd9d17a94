import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { Device } from '../support/op-device';
import { outboundFlow } from '../support/outbound-flow';
import { checkingRefusals, checkingTaskOrders, inventoryTransactions, locationInventory, outboundExceptionDecisions } from '../../src/server/db/schema';
import {
  CHECKING_REFUSAL_REASON, INVENTORY_TRANSACTION_TYPE, OB_EXCEPTION_DECISION, OB_EXCEPTION_STATUS, OB_EXCEPTION_TYPE, QUALITY, SHORT_PICK_REASON, TASK_STATUS,
} from '../../src/shared/codes';
import { pickingOps } from '../../src/shared/ops/picking.ops';
import { RET } from '../../src/shared/retcodes';

/**
 * Outbound exceptions (docs/outbound.md "Outbound exceptions"): short picks, units refused at
 * checking, damaged units reported and intercepted orders listed as troubleshoot tasks, each
 * handled once by a decision of its type that acts on stock (unblocked, written off, regraded) or
 * waits for the intercepted units to be back; permissions, warehouses and bad input.
 */
const WHS = 'SGSIN1';
const BASE = '/apps/process/outbound/troubleshoot';
const LIST = `${BASE}/search_ob_troubleshoot_task`;
const DETAIL = `${BASE}/get_ob_troubleshoot_task_detail`;
const HANDLE = `${BASE}/handle_ob_troubleshoot_task`;
const REPORT = `${BASE}/report_damaged_unit`;
const X = OB_EXCEPTION_TYPE.values;
const D = OB_EXCEPTION_DECISION.values;
const ST = OB_EXCEPTION_STATUS.values;

let server: TestServer;
let supervisor: TestClient;
let operator: TestClient;
const db = () => server.database.db;
const flow = outboundFlow(() => server, WHS, 'OBX');

beforeAll(async () => {
  server = await startTestServer();
  supervisor = await flow.signIn('Supervisor');
  operator = await flow.signIn('Operator');
});
afterAll(async () => {
  await server?.close();
});

/** A balance's figures (good unless said). */
async function balance(location: string, skuId: string, quality: number = QUALITY.values.GOOD) {
  const [row] = await db().select({ onhand: sql<number>`sum(${locationInventory.onhandQty})::int`, locked: sql<number>`sum(${locationInventory.lockedQty})::int` })
    .from(locationInventory)
    .where(and(eq(locationInventory.whsId, WHS), eq(locationInventory.locationId, location), eq(locationInventory.skuId, skuId), eq(locationInventory.quality, quality)));
  return { onhand: row?.onhand ?? 0, locked: row?.locked ?? 0 };
}

/** A short pick of one unit of a one-line order (the SKU's only cell): answers the exception's task id and the cell. */
async function shortPick(skuId: string): Promise<{ taskId: string; cell: string }> {
  const orderNo = await flow.order([{ sku_id: skuId, qty: 2 }]);
  const released = await supervisor.post('/apps/process/outbound/wave/create_manual_wave', { order_nos: [orderNo], picking_type: 1 });
  expect(released.retcode, released.message).toBe(0);
  const picker = await flow.signIn('Operator');
  const claimed = await picker.post('/apps/process/outbound/picking/claim_picking_task', { task_no: released.data.task_nos[0], container_code: await flow.fixture.container() });
  expect(claimed.retcode, claimed.message).toBe(0);
  const line = claimed.data.lines[0];
  const answer = await new Device(picker).push(pickingOps.shortPick.kind, {
    task_no: released.data.task_nos[0], alloc_id: line.alloc_id, qty: 1, reason: SHORT_PICK_REASON.values.LOCATION_EMPTY,
  });
  expect(answer.status, answer.message).toBe('applied');
  const listed = await supervisor.get(LIST, { order_no: orderNo, type: X.SHORT_PICK });
  expect(listed.data.list).toHaveLength(1);
  return { taskId: listed.data.list[0].task_id, cell: line.location_id };
}

describe('outbound troubleshoot tasks', () => {
  test('a short pick is listed pending; counted with no stock, its blocked unit is written off; counted with stock found, unblocked', async () => {
    const [a] = await flow.stockedSkus(1);
    const first = await shortPick(a!);
    expect(await balance(first.cell, a!)).toEqual({ onhand: 50, locked: 1 });
    const detail = await supervisor.get(DETAIL, { task_id: first.taskId });
    expect(detail.retcode, detail.message).toBe(0);
    expect(detail.data).toMatchObject({
      task: { task_id: first.taskId, type: X.SHORT_PICK, status: ST.PENDING, sku_id: a, qty: 1, location_id: first.cell, decision: null },
      decisions: [D.STOCK_FOUND, D.NO_STOCK], return_task: null,
    });

    // A decision of another type is refused; nothing is written.
    const wrong = await supervisor.post(HANDLE, { task_id: first.taskId, decision: D.MOVED_TO_DAMAGED });
    expect(wrong.retcode).toBe(RET.OB_DECISION_INVALID);
    expect(wrong.data).toMatchObject({ type: X.SHORT_PICK, allowed: [D.STOCK_FOUND, D.NO_STOCK] });

    const handled = await supervisor.post(HANDLE, { task_id: first.taskId, decision: D.NO_STOCK, note: 'Counted twice, cell empty' });
    expect(handled.retcode, handled.message).toBe(0);
    expect(handled.data).toMatchObject({
      task: { status: ST.HANDLED, decision: D.NO_STOCK, note: 'Counted twice, cell empty', decided_by: expect.stringContaining('@'), decided_at: expect.any(Number) },
      decisions: [],
    });
    expect(handled.data.task.outcome).toMatch(/written off/);
    expect(await balance(first.cell, a!)).toEqual({ onhand: 49, locked: 0 });
    const [txn] = await db().select().from(inventoryTransactions).where(and(eq(inventoryTransactions.whsId, WHS), eq(inventoryTransactions.refNo, first.taskId)));
    expect(txn).toMatchObject({ txnType: INVENTORY_TRANSACTION_TYPE.values.SHORTAGE, qty: 1, locationId: first.cell });

    // Once only.
    const twice = await supervisor.post(HANDLE, { task_id: first.taskId, decision: D.STOCK_FOUND });
    expect(twice.retcode).toBe(RET.OB_EXCEPTION_HANDLED);
    expect(await balance(first.cell, a!)).toEqual({ onhand: 49, locked: 0 });

    const second = await shortPick(a!);
    expect((await supervisor.post(HANDLE, { task_id: second.taskId, decision: D.STOCK_FOUND })).retcode).toBe(0);
    expect(await balance(second.cell, a!)).toEqual({ onhand: 49, locked: 0 });
    const handledList = await supervisor.get(LIST, { task_id: [first.taskId, second.taskId].join(','), status: ST.HANDLED });
    expect(handledList.data.list.map((r: any) => r.decision).sort()).toEqual([D.STOCK_FOUND, D.NO_STOCK]);
  });

  test('a unit refused at checking as not the order\'s is listed and recorded as returned to its cell; refused packaging is not an exception', async () => {
    const [a] = await flow.stockedSkus(1);
    const orderNo = await flow.checkedOrder([{ sku_id: a!, qty: 1 }]);
    const [line] = await db().select().from(checkingTaskOrders).where(and(eq(checkingTaskOrders.whsId, WHS), eq(checkingTaskOrders.orderNo, orderNo)));
    const refusal = (reason: number, scanned: string) => ({ whsId: WHS, taskNo: line!.taskNo, orderNo, reason, scanned, skuId: null, stationId: 'OBX-CHK' });
    await db().insert(checkingRefusals).values([
      refusal(CHECKING_REFUSAL_REASON.values.NOT_IN_ORDER, 'OBX-STRAY-1'), refusal(CHECKING_REFUSAL_REASON.values.WRONG_PACKAGING, 'OBX-BOX'),
    ]);
    const listed = await supervisor.get(LIST, { order_no: orderNo });
    expect(listed.data.list).toEqual([expect.objectContaining({ type: X.WRONG_ITEM, status: ST.PENDING, qty: 1, location_id: 'OBX-CHK', detail: 'Scanned OBX-STRAY-1' })]);
    const taskId = listed.data.list[0].task_id;
    const handled = await supervisor.post(HANDLE, { task_id: taskId, decision: D.RETURNED_TO_CELL });
    expect(handled.retcode, handled.message).toBe(0);
    expect(handled.data.task).toMatchObject({ status: ST.HANDLED, decision: D.RETURNED_TO_CELL });
    expect(handled.data.task.outcome).toMatch(/OBX-STRAY-1/);
  });

  test('a damaged unit reported is blocked, then moved to damaged quality; one on an order found not damaged is unblocked', async () => {
    const [a] = await flow.stockedSkus(1);
    const cell = Object.keys(await cellsOf(a!))[0]!;
    const tooMany = await supervisor.post(REPORT, { location: cell, sku_id: a, qty: 51 });
    expect(tooMany.retcode).toBe(RET.OB_DAMAGED_QTY_EXCEEDS);
    expect(tooMany.data).toMatchObject({ available: 50 });
    const reported = await supervisor.post(REPORT, { location: cell, sku_id: a, qty: 2, note: 'Crushed carton' });
    expect(reported.retcode, reported.message).toBe(0);
    expect(reported.data).toMatchObject({ task: { type: X.DAMAGED, status: ST.PENDING, qty: 2, location_id: cell, detail: 'Crushed carton' }, decisions: [D.MOVED_TO_DAMAGED, D.NOT_DAMAGED] });
    expect(await balance(cell, a!)).toEqual({ onhand: 50, locked: 2 });
    const moved = await supervisor.post(HANDLE, { task_id: reported.data.task.task_id, decision: D.MOVED_TO_DAMAGED });
    expect(moved.retcode, moved.message).toBe(0);
    expect(await balance(cell, a!)).toEqual({ onhand: 48, locked: 0 });
    expect(await balance(cell, a!, QUALITY.values.DAMAGED)).toEqual({ onhand: 2, locked: 0 });

    const orderNo = await flow.checkedOrder([{ sku_id: a!, qty: 1 }]);
    const onOrder = await supervisor.post(REPORT, { location: orderNo, sku_id: a, qty: 1 });
    expect(onOrder.retcode, onOrder.message).toBe(0);
    expect(onOrder.data.task).toMatchObject({ order_no: orderNo, location_id: orderNo });
    expect(await balance(orderNo, a!)).toEqual({ onhand: 1, locked: 1 });
    expect((await supervisor.post(HANDLE, { task_id: onOrder.data.task.task_id, decision: D.NOT_DAMAGED })).retcode).toBe(0);
    expect(await balance(orderNo, a!)).toEqual({ onhand: 1, locked: 0 });
  });

  test('an intercept is confirmed only once its units are back through its return task', async () => {
    const [a] = await flow.stockedSkus(1);
    const orderNo = await flow.checkedOrder([{ sku_id: a!, qty: 2 }]);
    const cancelled = await supervisor.post('/apps/process/outbound/salesorder/cancel_sales_order', { order_no: orderNo, reason: 'Buyer intercept' });
    expect(cancelled.retcode, cancelled.message).toBe(0);
    const taskNo = cancelled.data.reverse_task_no;
    const detail = await supervisor.get(DETAIL, { task_id: taskNo });
    expect(detail.data).toMatchObject({
      task: { type: X.INTERCEPT, status: ST.PENDING, order_no: orderNo, qty: 2, location_id: orderNo }, decisions: [D.UNITS_RETURNED],
      return_task: { task_no: taskNo, status: TASK_STATUS.values.PENDING, total_qty: 2, returned_qty: 0, on_order_qty: 2 },
    });
    const early = await supervisor.post(HANDLE, { task_id: taskNo, decision: D.UNITS_RETURNED });
    expect(early.retcode).toBe(RET.OB_UNITS_NOT_RETURNED);
    expect(early.data).toMatchObject({ task_no: taskNo, on_order_qty: 2 });
    expect(await db().select().from(outboundExceptionDecisions).where(and(eq(outboundExceptionDecisions.whsId, WHS), eq(outboundExceptionDecisions.taskId, taskNo)))).toEqual([]);

    const claimed = await operator.post('/apps/process/outbound/picking/claim_picking_task', { task_no: taskNo, container_code: null });
    const l = claimed.data.lines[0];
    expect((await new Device(operator).push(pickingOps.reversePut.kind, { task_no: taskNo, alloc_id: l.alloc_id, location: l.location_id, qty: 2 })).status).toBe('applied');
    const confirmed = await supervisor.post(HANDLE, { task_id: taskNo, decision: D.UNITS_RETURNED, note: 'Checked the cell' });
    expect(confirmed.retcode, confirmed.message).toBe(0);
    expect(confirmed.data).toMatchObject({ task: { status: ST.HANDLED }, return_task: { status: TASK_STATUS.values.DONE, returned_qty: 2, on_order_qty: 0 } });
  });

  test('permissions, warehouses and bad input', async () => {
    const [a] = await flow.stockedSkus(1);
    const { taskId } = await shortPick(a!);
    expect((await operator.post(HANDLE, { task_id: taskId, decision: D.STOCK_FOUND })).retcode).toBe(RET.PERMISSION_DENIED);
    expect((await operator.post(REPORT, { location: 'X', sku_id: a, qty: 1 })).retcode).toBe(RET.PERMISSION_DENIED);
    const elsewhere = await server.login((await server.createUser({ email: 'obx-elsewhere@demo.local', role: 'Supervisor', warehouses: ['IDJKT1'] })).email);
    expect((await elsewhere.get(DETAIL, { task_id: taskId })).retcode).toBe(RET.NOT_FOUND);
    expect((await elsewhere.post(HANDLE, { task_id: taskId, decision: D.STOCK_FOUND })).retcode).toBe(RET.NOT_FOUND);
    expect((await elsewhere.get(LIST, { task_id: taskId })).data.list).toEqual([]);
    expect((await supervisor.post(HANDLE, { task_id: taskId, decision: 99 })).retcode).toBe(RET.BAD_INPUT);
    expect((await supervisor.post(HANDLE, { task_id: '', decision: D.STOCK_FOUND })).retcode).toBe(RET.BAD_INPUT);
    expect((await supervisor.post(HANDLE, { task_id: 'OEX-NONE', decision: D.STOCK_FOUND })).retcode).toBe(RET.NOT_FOUND);
    expect((await supervisor.post(REPORT, { location: 'NO-SUCH-CELL', sku_id: a, qty: 1 })).retcode).toBe(RET.OB_DAMAGED_QTY_EXCEEDS);
    expect((await supervisor.post(REPORT, { location: 'NO-SUCH-CELL', sku_id: a, qty: 0 })).retcode).toBe(RET.BAD_INPUT);
    expect((await supervisor.get(DETAIL, { task_id: taskId })).data.task.status).toBe(ST.PENDING);
  });
});

async function cellsOf(skuId: string): Promise<Record<string, number>> {
  const rows = await db().select({ location: locationInventory.locationId, qty: sql<number>`sum(${locationInventory.onhandQty})::int` })
    .from(locationInventory).where(and(eq(locationInventory.whsId, WHS), eq(locationInventory.skuId, skuId), sql`${locationInventory.onhandQty} > 0`))
    .groupBy(locationInventory.locationId);
  return Object.fromEntries(rows.map((r) => [r.location, r.qty]));
}
