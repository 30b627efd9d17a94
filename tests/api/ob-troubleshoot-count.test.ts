import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { Device } from '../support/op-device';
import { outboundFlow } from '../support/outbound-flow';
import { ccOrders, cells, inventoryTransactions, locationInventory } from '../../src/server/db/schema';
import {
  CYCLE_COUNT_KIND, CYCLE_COUNT_ORDER_TYPE, CYCLE_COUNT_SCOPE, CYCLE_COUNT_SOURCE, CYCLE_COUNT_STATUS, INVENTORY_TRANSACTION_TYPE, OB_EXCEPTION_DECISION,
  OB_EXCEPTION_STATUS, OB_EXCEPTION_TYPE, PICKING_TYPE, SHORT_PICK_REASON,
} from '../../src/shared/codes';
import { cycleCountOps } from '../../src/shared/ops/cycle-count.ops';
import { pickingOps } from '../../src/shared/ops/picking.ops';
import { RET } from '../../src/shared/retcodes';

/**
 * A short pick raises a cycle count of source OB troubleshoot (docs/inventory-accuracy.md "Short
 * picks"): the SKU at the location, built at once and claimable by a counter; the units blocked by the
 * short pick stay blocked until the count ends — a confirmed shortage written off (shortage 6) and the
 * rest free to pick, or released by a cancel. A location already in an open count that lists the SKU
 * gets no second order: that count settles the block.
 */
const WHS = 'SGSIN1';
const CC = '/apps/process/inventory/cyclecount/ccorder';
const TASK = '/apps/process/inventory/cyclecount/cctask';
const DIFF = '/apps/process/inventory/cyclecount/difforder';
const TROUBLESHOOT = '/apps/process/outbound/troubleshoot';
const STATUS = CYCLE_COUNT_STATUS.values;
const OB = CYCLE_COUNT_SOURCE.values.OB_TROUBLESHOOT;

let server: TestServer;
let supervisor: TestClient;
let counter: TestClient;
const db = () => server.database.db;
const flow = outboundFlow(() => server, WHS, 'OBC');

beforeAll(async () => {
  server = await startTestServer();
  supervisor = await flow.signIn('Supervisor');
  counter = await flow.signIn('Operator');
}, 300_000); // the first file of a run builds the seeded template
afterAll(async () => {
  await server?.close();
});

const cellOf = async (skuId: string) => (await db().select({ location: locationInventory.locationId }).from(locationInventory)
  .where(and(eq(locationInventory.whsId, WHS), eq(locationInventory.skuId, skuId))))[0]!.location;
async function balance(cell: string, skuId: string) {
  const [row] = await db().select({
    onhand: sql<number>`sum(${locationInventory.onhandQty})::int`, locked: sql<number>`sum(${locationInventory.lockedQty})::int`,
    available: sql<number>`sum(${locationInventory.availableQty})::int`,
  }).from(locationInventory).where(and(eq(locationInventory.whsId, WHS), eq(locationInventory.locationId, cell), eq(locationInventory.skuId, skuId)));
  return { onhand: Number(row!.onhand), locked: Number(row!.locked), available: Number(row!.available) };
}
const obOrdersOf = (exceptionNo: string) => db().select().from(ccOrders)
  .where(and(eq(ccOrders.whsId, WHS), eq(ccOrders.source, OB), eq(ccOrders.sourceRef, exceptionNo)));
const troubleshoot = async (taskId: string) => (await supervisor.get(`${TROUBLESHOOT}/get_ob_troubleshoot_task_detail`, { task_id: taskId })).data;

/** An order of `qty` units of the SKU released and short-picked by `short` at its only cell: answers the exception's number. */
async function shortPick(skuId: string, qty: number, short: number): Promise<string> {
  const orderNo = await flow.order([{ sku_id: skuId, qty }]);
  const released = await supervisor.post('/apps/process/outbound/wave/create_manual_wave', { order_nos: [orderNo], picking_type: PICKING_TYPE.values.PICK_TO_ORDER });
  expect(released.retcode, released.message).toBe(0);
  const picker = await flow.signIn('Operator');
  const taskNo = released.data.task_nos[0];
  const claimed = await picker.post('/apps/process/outbound/picking/claim_picking_task', { task_no: taskNo, container_code: await flow.fixture.container() });
  expect(claimed.retcode, claimed.message).toBe(0);
  const answer = await new Device(picker).push(pickingOps.shortPick.kind, {
    task_no: taskNo, alloc_id: claimed.data.lines[0].alloc_id, qty: short, reason: SHORT_PICK_REASON.values.LOCATION_EMPTY,
  });
  expect(answer.status, answer.message).toBe('applied');
  const listed = await supervisor.get(`${TROUBLESHOOT}/search_ob_troubleshoot_task`, { order_no: orderNo, type: OB_EXCEPTION_TYPE.values.SHORT_PICK });
  expect(listed.data.list).toHaveLength(1);
  return listed.data.list[0].task_id;
}

describe('a short pick raises an OB troubleshoot cycle count', () => {
  test('the count of the SKU there is claimable; a shortage counted and approved writes off the missing units and ends the block', async () => {
    const [s] = await flow.stockedSkus(1, 250, 10);
    const cell = await cellOf(s!);
    // 8 ordered, 6 missing: the SKU has no other cell, so the order fails and its other 2 units are released.
    const exceptionNo = await shortPick(s!, 8, 6);
    expect(await balance(cell, s!)).toEqual({ onhand: 10, locked: 6, available: 4 });

    const [order] = await obOrdersOf(exceptionNo);
    expect(order).toMatchObject({
      source: OB, kind: CYCLE_COUNT_KIND.values.SKU, scope: CYCLE_COUNT_SCOPE.values.CUSTOMIZED, orderType: CYCLE_COUNT_ORDER_TYPE.values.EXPRESS,
      status: STATUS.PENDING, locationCount: 1, skuCount: 1,
    });
    const lines = (await supervisor.get(`${CC}/get_cc_order_detail_sku_location_list`, { order_no: order!.orderNo })).data.list;
    expect(lines).toEqual([expect.objectContaining({ location_id: cell, sku_id: s, system_qty: 10 })]);
    const pending = await troubleshoot(exceptionNo);
    expect(pending.task).toMatchObject({ status: OB_EXCEPTION_STATUS.values.PENDING, cc_order_no: order!.orderNo });
    expect(pending.task.detail).toContain(`Cycle count ${order!.orderNo}`);

    const [task] = (await supervisor.get(`${CC}/get_cc_order_detail_cc_task_list`, { order_no: order!.orderNo })).data.list;
    const claimed = await counter.post(`${TASK}/claim_cc_task`, { task_no: task.task_no });
    expect(claimed.retcode, claimed.message).toBe(0);
    expect(claimed.data.locations).toEqual([expect.objectContaining({ location_id: cell, skus: [expect.objectContaining({ sku_id: s })] })]);
    const device = new Device(counter);
    expect((await device.push(cycleCountOps.count.kind, { task_no: task.task_no, location_id: cell, code: s, qty: 4 })).status).toBe('applied');
    expect((await device.push(cycleCountOps.complete.kind, { task_no: task.task_no })).status).toBe('applied');
    // Counting does not end the block: the difference waits for approval.
    expect(await balance(cell, s!)).toEqual({ onhand: 10, locked: 6, available: 4 });

    const [diff] = (await supervisor.get(`${DIFF}/search_cc_diff_order`, { order_no: order!.orderNo })).data.list;
    expect(diff).toMatchObject({ missing_qty: 6, surplus_qty: 0 });
    const approved = await supervisor.post(`${DIFF}/approve_cc_diff_order`, { diff_no: diff.diff_no });
    expect(approved.retcode, approved.message).toBe(0);
    const written = await db().select().from(inventoryTransactions)
      .where(and(eq(inventoryTransactions.whsId, WHS), eq(inventoryTransactions.refNo, approved.data.adjust_no)));
    expect(written).toEqual([expect.objectContaining({ txnType: INVENTORY_TRANSACTION_TYPE.values.SHORTAGE, qty: 6, locationId: cell, skuId: s })]);
    // The block is gone and what is left is free to pick again.
    expect(await balance(cell, s!)).toEqual({ onhand: 4, locked: 0, available: 4 });
    const settled = await troubleshoot(exceptionNo);
    expect(settled.task).toMatchObject({ status: OB_EXCEPTION_STATUS.values.HANDLED, decision: null, decided_at: expect.any(Number) });
    expect(settled.task.outcome).toContain(`Counted by cycle count ${order!.orderNo}`);
    // Settled by the count: no decision by hand on top of it.
    expect((await supervisor.post(`${TROUBLESHOOT}/handle_ob_troubleshoot_task`, { task_id: exceptionNo, decision: OB_EXCEPTION_DECISION.values.NO_STOCK })).retcode)
      .toBe(RET.OB_EXCEPTION_HANDLED);
    expect(await balance(cell, s!)).toEqual({ onhand: 4, locked: 0, available: 4 });
    const again = await flow.order([{ sku_id: s!, qty: 4 }]);
    const wave = await supervisor.post('/apps/process/outbound/wave/create_manual_wave', { order_nos: [again], picking_type: PICKING_TYPE.values.PICK_TO_ORDER });
    expect(wave.retcode, wave.message).toBe(0);
  });

  test('decided by hand first: the units are unblocked and the count raised for it is cancelled', async () => {
    const [s] = await flow.stockedSkus(1, 250, 10);
    const cell = await cellOf(s!);
    const exceptionNo = await shortPick(s!, 3, 2);
    const decided = await supervisor.post(`${TROUBLESHOOT}/handle_ob_troubleshoot_task`, { task_id: exceptionNo, decision: OB_EXCEPTION_DECISION.values.STOCK_FOUND });
    expect(decided.retcode, decided.message).toBe(0);
    expect(await balance(cell, s!)).toMatchObject({ onhand: 10, locked: 0 });
    const [order] = await obOrdersOf(exceptionNo);
    expect(order!.status).toBe(STATUS.CANCEL);
  });
});

describe('a short pick at a location already in an open count', () => {
  test('no second order: the open count that lists the SKU settles the block, and cancelling it releases the units', async () => {
    const [s] = await flow.stockedSkus(1, 250, 10);
    const cell = await cellOf(s!);
    const [{ zoneId }] = await db().select({ zoneId: cells.zoneId }).from(cells).where(and(eq(cells.whsId, WHS), eq(cells.locationCode, cell))) as [{ zoneId: string }];
    const open = await supervisor.post(`${CC}/create_cc_order`, {
      order_type: CYCLE_COUNT_ORDER_TYPE.values.EXPRESS, kind: CYCLE_COUNT_KIND.values.LOCATION, scope: CYCLE_COUNT_SCOPE.values.CUSTOMIZED, criteria: { zone_ids: [zoneId] },
    });
    expect(open.retcode, open.message).toBe(0);

    const exceptionNo = await shortPick(s!, 5, 3);
    expect(await obOrdersOf(exceptionNo)).toEqual([]);
    expect(await balance(cell, s!)).toMatchObject({ onhand: 10, locked: 3 });
    const detail = await troubleshoot(exceptionNo);
    expect(detail.task).toMatchObject({ status: OB_EXCEPTION_STATUS.values.PENDING, cc_order_no: open.data.order_no });
    expect(detail.task.detail).toContain(`already in open cycle count ${open.data.order_no}`);

    const cancelled = await supervisor.post(`${CC}/cancel_cc_order`, { order_no: open.data.order_no, reason: 'not needed' });
    expect(cancelled.retcode, cancelled.message).toBe(0);
    expect(await balance(cell, s!)).toEqual({ onhand: 10, locked: 0, available: 10 });
    const after = await troubleshoot(exceptionNo);
    expect(after.task.status).toBe(OB_EXCEPTION_STATUS.values.HANDLED);
    expect(after.task.outcome).toContain('released uncounted');
  });

  test('an open count of other SKUs there raises none: the units stay blocked until the exception is decided by hand', async () => {
    const [s1, s2] = await flow.stockedSkus(2, 250, 10);
    const cell = await cellOf(s1!);
    await flow.fixture.stock(s2!, [{ cell, qty: 5 }]);
    const open = await supervisor.post(`${CC}/create_cc_order`, {
      order_type: CYCLE_COUNT_ORDER_TYPE.values.EXPRESS, kind: CYCLE_COUNT_KIND.values.SKU, scope: CYCLE_COUNT_SCOPE.values.CUSTOMIZED, criteria: { sku_ids: [s2] },
    });
    expect(open.retcode, open.message).toBe(0);

    const exceptionNo = await shortPick(s1!, 4, 2);
    expect(await obOrdersOf(exceptionNo)).toEqual([]);
    const detail = await troubleshoot(exceptionNo);
    expect(detail).toMatchObject({ task: { cc_order_no: null }, decisions: [OB_EXCEPTION_DECISION.values.STOCK_FOUND, OB_EXCEPTION_DECISION.values.NO_STOCK] });
    expect(detail.task.detail).toContain(`which does not count SKU ${s1}`);
    // The other count ends without touching this block.
    expect((await supervisor.post(`${CC}/cancel_cc_order`, { order_no: open.data.order_no })).retcode).toBe(0);
    expect(await balance(cell, s1!)).toMatchObject({ onhand: 10, locked: 2 });
    expect((await supervisor.post(`${TROUBLESHOOT}/handle_ob_troubleshoot_task`, { task_id: exceptionNo, decision: OB_EXCEPTION_DECISION.values.STOCK_FOUND })).retcode).toBe(0);
    expect(await balance(cell, s1!)).toMatchObject({ onhand: 10, locked: 0 });
  });
});
