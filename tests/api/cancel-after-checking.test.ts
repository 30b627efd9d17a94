import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { Device } from '../support/op-device';
import { outboundFlow } from '../support/outbound-flow';
import {
  inventoryTransactions, locationInventory, packingTasks, parcelItems, parcels, pickingTasks, salesOrderLogs, salesOrders, stations,
} from '../../src/server/db/schema';
import {
  INVENTORY_REF_TYPE, INVENTORY_TRANSACTION_TYPE, PARCEL_STATUS, PICKING_TASK_KIND, SALES_ORDER_STATUS, STATION_STATUS, STATION_TYPE, TASK_STATUS,
} from '../../src/shared/codes';
import { pickingOps } from '../../src/shared/ops/picking.ops';
import { RET } from '../../src/shared/retcodes';

/**
 * Cancel after checking (docs/outbound.md "Cancel after checking"): a checked, packing or packed
 * order cancelled from the order list: its open packing task cancelled, its live parcels
 * intercepted, its units left on the order until a reverse picking task puts them back into cells
 * (exactly once, replays included); an order shipping or shipped is refused; permissions and
 * warehouses apart; the Cancel After Checking list shows each with its parcels and return task.
 */
const WHS = 'SGSIN1';
const CANCEL = '/apps/process/outbound/salesorder/cancel_sales_order';
const CLAIM = '/apps/process/outbound/picking/claim_picking_task';
const LIST = '/apps/process/outbound/cancelafterchecking/search_cancelled_after_checking';
const S = SALES_ORDER_STATUS.values;
const T = TASK_STATUS.values;
const P = PARCEL_STATUS.values;
const PACK_STATION = 'CAN-PACK';

let server: TestServer;
let supervisor: TestClient;
let operator: TestClient;
const db = () => server.database.db;
const flow = outboundFlow(() => server, WHS, 'CAN');

beforeAll(async () => {
  server = await startTestServer();
  supervisor = await flow.signIn('Supervisor');
  operator = await flow.signIn('Operator');
  await db().insert(stations).values({
    whsId: WHS, stationId: PACK_STATION, stationName: 'CAN pack', stationType: STATION_TYPE.values.PACKING, checkingMode: null, status: STATION_STATUS.values.ENABLED,
  }).onConflictDoNothing();
});
afterAll(async () => {
  await server?.close();
});

// ---- fixtures ----

async function stockAt(location: string): Promise<Record<string, number>> {
  const rows = await db().select({ skuId: locationInventory.skuId, qty: sql<number>`sum(${locationInventory.onhandQty})::int` })
    .from(locationInventory).where(and(eq(locationInventory.whsId, WHS), eq(locationInventory.locationId, location), sql`${locationInventory.onhandQty} > 0`))
    .groupBy(locationInventory.skuId);
  return Object.fromEntries(rows.map((r) => [r.skuId, r.qty]));
}

/** Where a SKU's units are (its cells), by location. */
async function cellsOf(skuId: string): Promise<Record<string, number>> {
  const rows = await db().select({ location: locationInventory.locationId, qty: sql<number>`sum(${locationInventory.onhandQty})::int` })
    .from(locationInventory).where(and(eq(locationInventory.whsId, WHS), eq(locationInventory.skuId, skuId), sql`${locationInventory.onhandQty} > 0`))
    .groupBy(locationInventory.locationId);
  return Object.fromEntries(rows.map((r) => [r.location, r.qty]));
}

let parcelCounter = 0;
/**
 * A checked order taken to packing (an open packing task) or packed (its task done, one parcel per
 * SKU in these statuses): rows written here for the states packing's op does not make by itself
 * (several parcels, one loaded in a handover or shipped; see flow.packedOrder for a real pack).
 */
async function packingOrder(orderNo: string, parcelStatuses: readonly number[] | null): Promise<{ taskNo: string; trackingNos: string[] }> {
  const taskNo = `CANPT${Date.now()}${++parcelCounter}`;
  const [order] = await db().select().from(salesOrders).where(and(eq(salesOrders.whsId, WHS), eq(salesOrders.orderNo, orderNo)));
  await db().insert(packingTasks).values({
    whsId: WHS, taskNo, orderNo, stationId: PACK_STATION, status: parcelStatuses ? T.DONE : T.ONGOING, totalQty: order!.totalQty,
    parcelCount: parcelStatuses?.length ?? 0,
  });
  const trackingNos: string[] = [];
  const units = await stockAt(orderNo);
  for (const [i, status] of (parcelStatuses ?? []).entries()) {
    const trackingNo = `CANTN${Date.now()}${++parcelCounter}`;
    const [skuId, qty] = Object.entries(units)[i % Object.keys(units).length]!;
    await db().insert(parcels).values({ whsId: WHS, trackingNo, orderNo, parcelNo: i + 1, packingTaskNo: taskNo, status, qty });
    await db().insert(parcelItems).values({ whsId: WHS, trackingNo, skuId, qty });
    trackingNos.push(trackingNo);
  }
  await db().update(salesOrders).set({ status: parcelStatuses ? S.PACKED : S.PACKING }).where(and(eq(salesOrders.whsId, WHS), eq(salesOrders.orderNo, orderNo)));
  return { taskNo, trackingNos };
}

const parcelStatuses = async (trackingNos: readonly string[]) => Promise.all(trackingNos.map(async (no) =>
  (await db().select({ status: parcels.status }).from(parcels).where(and(eq(parcels.whsId, WHS), eq(parcels.trackingNo, no))))[0]!.status));

/** Claims the reverse picking task and puts every line back into its suggested cell, one op each; answers the ops and the answers. */
async function putBack(taskNo: string, device = new Device(operator)) {
  const claimed = await operator.post(CLAIM, { task_no: taskNo, container_code: null });
  expect(claimed.retcode, claimed.message).toBe(0);
  const ops = claimed.data.lines.map((l: any) => device.op(pickingOps.reversePut.kind, {
    task_no: taskNo, alloc_id: l.alloc_id, location: l.location_id, qty: l.picked_qty - l.returned_qty,
  }));
  return { claimed, device, ops, answers: await device.send(...ops) };
}

// ---- tests ----

describe('cancel after checking', () => {
  test('a checked order is cancelled: its units stay on the order until the reverse picking task puts them back, exactly once', async () => {
    const [a, b] = await flow.stockedSkus(2);
    const orderNo = await flow.checkedOrder([{ sku_id: a!, qty: 2 }, { sku_id: b!, qty: 1 }]);
    // The cells as checking left them (the order holds the rest).
    const before = Object.fromEntries(Object.entries({ ...(await cellsOf(a!)), ...(await cellsOf(b!)) }).filter(([location]) => location !== orderNo));
    expect(await stockAt(orderNo)).toEqual({ [a!]: 2, [b!]: 1 });

    const res = await supervisor.post(CANCEL, { order_no: orderNo, reason: 'Buyer changed mind' });
    expect(res.retcode, res.message).toBe(0);
    expect(res.data).toMatchObject({ order: { status: S.CANCEL }, reverse_task_no: expect.any(String), intercepted_tracking_nos: [] });
    const taskNo = res.data.reverse_task_no as string;
    const [task] = await db().select().from(pickingTasks).where(and(eq(pickingTasks.whsId, WHS), eq(pickingTasks.taskNo, taskNo)));
    expect(task).toMatchObject({ kind: PICKING_TASK_KIND.values.REVERSE_PICKING, orderNo, sourceLocation: orderNo, status: T.PENDING, totalQty: 3 });
    expect(await stockAt(orderNo)).toEqual({ [a!]: 2, [b!]: 1 });
    const [log] = await db().select().from(salesOrderLogs).where(and(eq(salesOrderLogs.whsId, WHS), eq(salesOrderLogs.orderNo, orderNo), eq(salesOrderLogs.toStatus, S.CANCEL)));
    expect(log!.note).toMatch(/Cancelled after checking \(was checked\): Buyer changed mind/);

    const { claimed, device, ops, answers } = await putBack(taskNo);
    // The PDA shows the units on the order, not in the cart they were picked into.
    expect(claimed.data.lines.map((l: any) => l.container_code)).toEqual([orderNo, orderNo]);
    expect(answers.map((a) => a.status)).toEqual(['applied', 'applied']);
    expect(answers.at(-1)!.data).toMatchObject({ task_status: T.DONE, picked_qty: 3 });
    expect(await stockAt(orderNo)).toEqual({});
    // Each line's units are back in the cell they were picked from.
    const back: Record<string, number> = { ...before };
    for (const l of claimed.data.lines) back[l.location_id] = (back[l.location_id] ?? 0) + l.picked_qty;
    expect({ ...(await cellsOf(a!)), ...(await cellsOf(b!)) }).toEqual(back);
    const txns = await db().select().from(inventoryTransactions).where(and(eq(inventoryTransactions.whsId, WHS), eq(inventoryTransactions.refNo, taskNo)));
    expect(txns).toHaveLength(4);
    expect(txns.every((t) => t.txnType === INVENTORY_TRANSACTION_TYPE.values.REVERSE && t.refType === INVENTORY_REF_TYPE.values.REVERSE_PICKING_TASK)).toBe(true);

    // The queue sent again (a device that lost the answers): each op answered as before, nothing moves twice.
    const replayed = await device.send(...ops);
    expect(replayed.map((a) => a.status)).toEqual(['duplicate', 'duplicate']);
    expect(await db().select().from(inventoryTransactions).where(and(eq(inventoryTransactions.whsId, WHS), eq(inventoryTransactions.refNo, taskNo)))).toHaveLength(4);
    // A new op for units already back is refused: the task is done.
    const again = await device.push(pickingOps.reversePut.kind, { task_no: taskNo, alloc_id: claimed.data.lines[0].alloc_id, location: claimed.data.lines[0].location_id, qty: 1 });
    expect(again.status).toBe('rejected');
    expect(await stockAt(orderNo)).toEqual({});
  });

  test('a packing order is cancelled: its open packing task is cancelled', async () => {
    const [a] = await flow.stockedSkus(1);
    const orderNo = await flow.checkedOrder([{ sku_id: a!, qty: 1 }]);
    const { taskNo } = await packingOrder(orderNo, null);
    const res = await supervisor.post(CANCEL, { order_no: orderNo, reason: 'Out of stock at the seller' });
    expect(res.retcode, res.message).toBe(0);
    expect(res.data.order.status).toBe(S.CANCEL);
    const [task] = await db().select().from(packingTasks).where(and(eq(packingTasks.whsId, WHS), eq(packingTasks.taskNo, taskNo)));
    expect(task).toMatchObject({ status: T.CANCEL, finishedAt: expect.any(Date) });
    expect(await stockAt(orderNo)).toEqual({ [a!]: 1 });
  });

  test('a packed order is intercepted: its packed and loaded parcels are intercepted, its units returned by the task', async () => {
    const [a, b] = await flow.stockedSkus(2);
    const orderNo = await flow.checkedOrder([{ sku_id: a!, qty: 1 }, { sku_id: b!, qty: 2 }]);
    const { trackingNos } = await packingOrder(orderNo, [P.PACKED, P.SHIPPING]);
    const res = await supervisor.post(CANCEL, { order_no: orderNo, reason: 'Buyer intercept' });
    expect(res.retcode, res.message).toBe(0);
    expect(res.data.intercepted_tracking_nos.sort()).toEqual([...trackingNos].sort());
    expect(await parcelStatuses(trackingNos)).toEqual([P.INTERCEPTED, P.INTERCEPTED]);

    const list = await supervisor.get(LIST, { order_no: orderNo });
    expect(list.retcode, list.message).toBe(0);
    expect(list.data.list).toEqual([expect.objectContaining({
      order_no: orderNo, order_status: S.CANCEL, cancelled_from: S.PACKED, task_no: res.data.reverse_task_no, task_status: T.PENDING,
      total_qty: 3, returned_qty: 0, on_order_qty: 3, parcel_count: 2, intercepted_tracking_nos: [...trackingNos].sort().join(', '),
    })]);

    const { answers } = await putBack(res.data.reverse_task_no);
    expect(answers.every((a) => a.status === 'applied')).toBe(true);
    expect(await stockAt(orderNo)).toEqual({});
    const after = await supervisor.get(LIST, { order_no: orderNo });
    expect(after.data.list[0]).toMatchObject({ task_status: T.DONE, returned_qty: 3, on_order_qty: 0 });
  });

  test('an order packed at a packing station is intercepted: its parcel intercepted, the packed task stays done, the units returned', async () => {
    const [a] = await flow.stockedSkus(1);
    const { orderNo, trackingNo, taskNo } = await flow.packedOrder([{ sku_id: a!, qty: 2 }]);
    expect(await flow.orderStatus(orderNo)).toBe(S.PACKED);
    const res = await supervisor.post(CANCEL, { order_no: orderNo, reason: 'Intercept at the dock' });
    expect(res.retcode, res.message).toBe(0);
    expect(res.data.intercepted_tracking_nos).toEqual([trackingNo]);
    expect(await parcelStatuses([trackingNo])).toEqual([P.INTERCEPTED]);
    const [task] = await db().select().from(packingTasks).where(and(eq(packingTasks.whsId, WHS), eq(packingTasks.taskNo, taskNo)));
    expect(task!.status).toBe(T.DONE);
    const { answers } = await putBack(res.data.reverse_task_no);
    expect(answers.map((x) => x.status)).toEqual(['applied']);
    expect(await stockAt(orderNo)).toEqual({});
  });

  test('an order shipping, shipped or with a shipped parcel is not cancelled (-290201), and nothing changes', async () => {
    const [a] = await flow.stockedSkus(1);
    const [shipping, outbound, parcelShipped] = await flow.checkedOrders([[{ sku_id: a!, qty: 1 }], [{ sku_id: a!, qty: 1 }], [{ sku_id: a!, qty: 1 }]]);
    await packingOrder(shipping!, [P.SHIPPING]);
    await db().update(salesOrders).set({ status: S.SHIPPING }).where(and(eq(salesOrders.whsId, WHS), eq(salesOrders.orderNo, shipping!)));
    await db().update(salesOrders).set({ status: S.OUTBOUND }).where(and(eq(salesOrders.whsId, WHS), eq(salesOrders.orderNo, outbound!)));
    const { trackingNos } = await packingOrder(parcelShipped!, [P.PACKED, P.SHIPPED]);
    for (const [orderNo, reason] of [[shipping, 'shipping'], [outbound, 'outbound'], [parcelShipped, 'parcel_shipped']] as const) {
      const res = await supervisor.post(CANCEL, { order_no: orderNo, reason: 'Too late' });
      expect(res.retcode, res.message).toBe(RET.ORDER_NOT_CANCELLABLE);
      expect(res.data).toMatchObject({ order_no: orderNo, reason });
      expect(res.message).toMatch(/cannot be cancelled/);
    }
    expect(await flow.orderStatus(parcelShipped!)).toBe(S.PACKED);
    expect(await parcelStatuses(trackingNos)).toEqual([P.PACKED, P.SHIPPED]);
    expect(await db().select().from(pickingTasks).where(and(eq(pickingTasks.whsId, WHS), eq(pickingTasks.orderNo, parcelShipped!)))).toHaveLength(0);
    // Cancelled already: the lifecycle refuses.
    const [checked] = await flow.checkedOrders([[{ sku_id: a!, qty: 1 }]]);
    expect((await supervisor.post(CANCEL, { order_no: checked, reason: 'once' })).retcode).toBe(0);
    expect((await supervisor.post(CANCEL, { order_no: checked, reason: 'twice' })).retcode).toBe(RET.ILLEGAL_TRANSITION);
  });

  test('an operator may not cancel; another warehouse neither sees nor cancels the order, nor lists it', async () => {
    const [a] = await flow.stockedSkus(1);
    const orderNo = await flow.checkedOrder([{ sku_id: a!, qty: 1 }]);
    expect((await operator.post(CANCEL, { order_no: orderNo, reason: 'no' })).retcode).toBe(RET.PERMISSION_DENIED);
    const elsewhere = await server.login((await server.createUser({ email: 'can-elsewhere@demo.local', role: 'Supervisor', warehouses: ['IDJKT1'] })).email);
    expect((await elsewhere.post(CANCEL, { order_no: orderNo, reason: 'no' })).retcode).toBe(RET.NOT_FOUND);
    expect(await flow.orderStatus(orderNo)).toBe(S.CHECKED);
    expect((await supervisor.post(CANCEL, { order_no: orderNo, reason: 'yes' })).retcode).toBe(0);
    expect((await elsewhere.get(LIST, { order_no: orderNo })).data.list).toEqual([]);
    // Bad input: no reason.
    expect((await supervisor.post(CANCEL, { order_no: orderNo, reason: '' })).retcode).toBe(RET.BAD_INPUT);
  });
});
