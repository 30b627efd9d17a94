import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { ChangeWatch } from '../support/db-state';
import { Device, type Op } from '../support/op-device';
import { outboundFixture } from '../support/outbound-fixture';
import { createTestSku } from '../support/putaway-fixture';
import { refusedUnchanged } from '../support/stock-fixture';
import { inventoryTransactions, locationInventory, pickingRules, pickingTasks, printJobs, rtsOrders, salesOrders, suppliers, waves } from '../../src/server/db/schema';
import {
  ACTIVE_STATUS, INBOUND_ORDER_TYPE, INBOUND_STATUS, INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE, OUTBOUND_ORDER_TYPE, PICKING_TYPE, RTS_REMOVAL_DISPOSAL, RTS_STATUS, RTS_TYPE,
  SALES_ORDER_STATUS, STORAGE_AREA, TASK_STATUS,
} from '../../src/shared/codes';
import { pickingOps } from '../../src/shared/ops/picking.ops';
import { warehouseTimeZone } from '../../src/server/common/time';
import { lockAsn, moveAsn } from '../../src/server/modules/inbound/asn-status';
import { RET } from '../../src/shared/retcodes';

/**
 * RTS orders (rts-order.contract.ts): create within the supplier's RTS quota → approve (four eyes) →
 * allocate by the RTS allocate rules → release (one supplier) → pick with the sales picking ops →
 * ship the task: the units leave the warehouse (return to supplier 4) with a manifest.
 */

const WHS = 'SGSIN1';
const RTS = '/apps/process/outbound/rtsorder';
const SHIP = `${RTS}/rtsshipment`;
const QUOTA = '/apps/rulecenter/rtsquota';
const D = RTS_STATUS.values;
const S = SALES_ORDER_STATUS.values;
const T = TASK_STATUS.values;

let server: TestServer;
let creator: TestClient;
let approver: TestClient;
let operator: TestClient;
let watch: ChangeWatch;
const db = () => server.database.db;

let userCounter = 0;
const signIn = async (role: 'Supervisor' | 'Operator', warehouses = [WHS]) =>
  server.login((await server.createUser({ email: `rtsorder${++userCounter}@demo.local`, role, warehouses })).email);

let supplierCounter = 0;
const run = Date.now().toString(36).toUpperCase();
async function supplier(whsId = WHS): Promise<string> {
  const supplierId = `RTSSUP${run}${++supplierCounter}`;
  await db().insert(suppliers).values({ whsId, supplierId, supplierName: `Supplier ${supplierCounter}` });
  return supplierId;
}

beforeAll(async () => {
  server = await startTestServer();
  creator = await signIn('Supervisor');
  approver = await signIn('Supervisor');
  operator = await signIn('Operator');
  watch = new ChangeWatch(db());
}, 300_000);
afterAll(async () => {
  await server?.close();
});

const fixture = outboundFixture(db, WHS, 'RTO');
const refused = (call: () => Promise<{ retcode: number; message: string }>, retcode: number) => refusedUnchanged(watch, call, retcode);

async function stockedSku(qty: number): Promise<{ skuId: string; cell: string }> {
  const skuId = await createTestSku(db(), WHS, 'RTO');
  const { cells } = await fixture.privateZone(1, STORAGE_AREA.values.PICKING_AREA);
  await fixture.stock(skuId, [{ cell: cells[0]!, qty }]);
  return { skuId, cell: cells[0]! };
}

const body = (supplierId: string, lines: { sku_id: string; qty: number }[], rtsType: number = RTS_TYPE.values.REAL_RTS) => ({
  supplier_id: supplierId, rts_type: rtsType, reason_code: 'R3', remark: 'defective lot', lines,
});
async function create(supplierId: string, lines: { sku_id: string; qty: number }[], by = creator, rtsType?: number): Promise<string> {
  const res = await by.post(`${RTS}/create_rts_order`, body(supplierId, lines, rtsType));
  expect(res.retcode, res.message).toBe(0);
  return res.data.order.order_no as string;
}
async function ok(res: Promise<{ retcode: number; message: string; data: any }>): Promise<any> {
  const r = await res;
  expect(r.retcode, r.message).toBe(0);
  return r.data;
}
const docOf = async (orderNo: string) => (await db().select().from(rtsOrders).where(and(eq(rtsOrders.whsId, WHS), eq(rtsOrders.orderNo, orderNo))))[0]!;
const orderOf = async (orderNo: string) => (await db().select().from(salesOrders).where(and(eq(salesOrders.whsId, WHS), eq(salesOrders.orderNo, orderNo))))[0]!;
const onhandAt = async (location: string, skuId: string) => (await db().select().from(locationInventory)
  .where(and(eq(locationInventory.whsId, WHS), eq(locationInventory.locationId, location), eq(locationInventory.skuId, skuId)))).reduce((sum, r) => sum + r.onhandQty, 0);

/** An RTS order of `qty` units approved, allocated and released: its one task. */
async function released(supplierId: string, qty: number, stock = qty, rtsType?: number): Promise<{ orderNo: string; skuId: string; cell: string; taskNo: string }> {
  const { skuId, cell } = await stockedSku(stock);
  const orderNo = await create(supplierId, [{ sku_id: skuId, qty }], creator, rtsType);
  await ok(approver.post(`${RTS}/approve_rts_order`, { order_no: orderNo }));
  const allocated = await ok(approver.post(`${RTS}/allocate_rts_orders`, { order_nos: [orderNo] }));
  expect(allocated.results[0]).toMatchObject({ order_no: orderNo, allocated: true });
  const { task_nos: taskNos } = await ok(approver.post(`${RTS}/release_rts_orders`, { order_nos: [orderNo] }));
  expect(taskNos.length).toBe(1);
  return { orderNo, skuId, cell, taskNo: taskNos[0] };
}

/** Claims the task on the RTS picking screen and picks every unit through the sales pick op. */
async function pickAll(taskNo: string, qty: number): Promise<{ cart: string; device: Device; op: Op }> {
  const cart = await fixture.container();
  const claim = await ok(operator.post(`${RTS}/claim_rts_picking_task`, { task_no: taskNo, container_code: cart }));
  const line = claim.lines[0] as { alloc_id: number; location_id: string; sku_id: string };
  const device = new Device(operator);
  const op = device.op(pickingOps.pick.kind, { task_no: taskNo, alloc_id: line.alloc_id, location: line.location_id, sku_id: line.sku_id, qty });
  const [picked] = await device.send(op);
  expect(picked!.status, picked!.message).toBe('applied');
  expect(picked!.data).toMatchObject({ task_status: T.DONE, order_status: S.PICKED });
  return { cart, device, op };
}

describe('RTS orders', () => {
  test('created pending as an outbound order of type RTS with its supplier, type and reason; bad input is refused and nothing is written', async () => {
    const supplierId = await supplier();
    const { skuId } = await stockedSku(5);
    const orderNo = await create(supplierId, [{ sku_id: skuId, qty: 2 }]);
    expect(orderNo).toMatch(/^RTS\d{12}$/);
    expect(await orderOf(orderNo)).toMatchObject({ orderType: OUTBOUND_ORDER_TYPE.values.RTS, status: S.CREATED, totalQty: 2 });
    expect(await docOf(orderNo)).toMatchObject({ supplierId, docStatus: D.PENDING, rtsType: RTS_TYPE.values.REAL_RTS, reasonCode: 'R3' });
    const detail = await ok(creator.get(`${RTS}/get_rts_order_detail`, { order_no: orderNo }));
    expect(detail.order).toMatchObject({ order_no: orderNo, supplier_id: supplierId, doc_status: D.PENDING });
    expect(detail.lines).toEqual([expect.objectContaining({ sku_id: skuId, qty: 2 })]);
    const listed = await ok(creator.get(`${RTS}/search_rts_order`, { page_size: 200, supplier_id: supplierId }));
    expect(listed.list.map((r: { order_no: string }) => r.order_no)).toEqual([orderNo]);

    expect(await refused(() => creator.post(`${RTS}/create_rts_order`, body('NO-SUCH-SUPPLIER', [{ sku_id: skuId, qty: 1 }])), RET.BAD_INPUT))
      .toContain('supplier_id: NO-SUCH-SUPPLIER is not a supplier of warehouse');
    const inactive = await supplier();
    await db().update(suppliers).set({ status: ACTIVE_STATUS.values.INACTIVE }).where(and(eq(suppliers.whsId, WHS), eq(suppliers.supplierId, inactive)));
    expect(await refused(() => creator.post(`${RTS}/create_rts_order`, body(inactive, [{ sku_id: skuId, qty: 1 }])), RET.BAD_INPUT)).toContain('inactive');
    await refused(() => creator.post(`${RTS}/update_rts_order`, { ...body('NO-SUCH-SUPPLIER', [{ sku_id: skuId, qty: 1 }]), order_no: orderNo }), RET.BAD_INPUT);
    await refused(() => creator.post(`${RTS}/create_rts_order`, { ...body(supplierId, [{ sku_id: skuId, qty: 1 }]), rts_type: 99 }), RET.BAD_INPUT);
    await refused(() => creator.post(`${RTS}/create_rts_order`, { ...body(supplierId, [{ sku_id: skuId, qty: 1 }]), reason_code: 'R99' }), RET.BAD_INPUT);
    // A sales call never reaches it.
    await refused(() => creator.get('/apps/process/outbound/salesorder/get_sales_order_detail', { order_no: orderNo }), RET.NOT_FOUND);
  });

  test('approved by another than its creator; edited only while pending', async () => {
    const supplierId = await supplier();
    const { skuId } = await stockedSku(5);
    const orderNo = await create(supplierId, [{ sku_id: skuId, qty: 1 }]);
    await ok(creator.post(`${RTS}/update_rts_order`, { ...body(supplierId, [{ sku_id: skuId, qty: 3 }]), order_no: orderNo, removal_disposal: RTS_REMOVAL_DISPOSAL.values.SENT_BACK }));
    expect(await orderOf(orderNo)).toMatchObject({ totalQty: 3 });
    expect(await docOf(orderNo)).toMatchObject({ removalDisposal: RTS_REMOVAL_DISPOSAL.values.SENT_BACK });
    await refused(() => creator.post(`${RTS}/approve_rts_order`, { order_no: orderNo }), RET.APPROVER_IS_CREATOR);
    await ok(approver.post(`${RTS}/approve_rts_order`, { order_no: orderNo }));
    expect(await docOf(orderNo)).toMatchObject({ docStatus: D.APPROVED });
    await refused(() => creator.post(`${RTS}/update_rts_order`, { ...body(supplierId, [{ sku_id: skuId, qty: 1 }]), order_no: orderNo }), RET.ILLEGAL_TRANSITION);
  });

  test('the supplier\'s RTS quota refuses units past the day\'s maximum at create, edit and approve (-286005)', async () => {
    const supplierId = await supplier();
    const { skuId } = await stockedSku(20);
    await ok(creator.post(`${QUOTA}/create_rts_quota`, { supplier_id: supplierId, daily_max_qty: 5 }));
    await refused(() => creator.post(`${QUOTA}/create_rts_quota`, { supplier_id: 'NO-SUCH-SUPPLIER', daily_max_qty: 5 }), RET.BAD_INPUT);
    const first = await create(supplierId, [{ sku_id: skuId, qty: 3 }]);
    const refusal = await refused(() => creator.post(`${RTS}/create_rts_order`, body(supplierId, [{ sku_id: skuId, qty: 3 }])), RET.RTS_QUOTA_EXCEEDED);
    expect(refusal).toContain('5 units a day');
    const second = await create(supplierId, [{ sku_id: skuId, qty: 2 }]);
    await refused(() => creator.post(`${RTS}/update_rts_order`, { ...body(supplierId, [{ sku_id: skuId, qty: 4 }]), order_no: second }), RET.RTS_QUOTA_EXCEEDED);
    // The quota lowered after both were made: approving the second is refused until the first is cancelled (cancelled orders free their units).
    const quota = await ok(creator.get(`${QUOTA}/get_rts_quota_detail`, { supplier_id: supplierId }));
    expect(quota).toMatchObject({ supplier_id: supplierId, daily_max_qty: 5 });
    await ok(creator.post(`${QUOTA}/update_rts_quota`, { supplier_id: supplierId, daily_max_qty: 4 }));
    await refused(() => approver.post(`${RTS}/approve_rts_order`, { order_no: second }), RET.RTS_QUOTA_EXCEEDED);
    await ok(creator.post(`${RTS}/cancel_rts_order`, { order_no: first, reason: 'wrong lot' }));
    await ok(approver.post(`${RTS}/approve_rts_order`, { order_no: second }));
  });

  test('the RTS quota counts the orders of the warehouse day: from its first instant, not the one before', async () => {
    const supplierId = await supplier();
    const { skuId } = await stockedSku(20);
    await ok(creator.post(`${QUOTA}/create_rts_quota`, { supplier_id: supplierId, daily_max_qty: 5 }));
    const moved = await create(supplierId, [{ sku_id: skuId, qty: 3 }]);
    const tz = await warehouseTimeZone(db(), WHS);
    const dayStart = sql`date_trunc('day', now() at time zone ${tz}) at time zone ${tz}`;
    const createdAt = (at: SQL) => db().update(rtsOrders).set({ createdAt: at }).where(and(eq(rtsOrders.whsId, WHS), eq(rtsOrders.orderNo, moved)));
    // Made at the last instant of yesterday: today's units are all free, and yesterday holds it alone.
    await createdAt(sql`${dayStart} - interval '1 microsecond'`);
    await create(supplierId, [{ sku_id: skuId, qty: 5 }]);
    await ok(creator.post(`${RTS}/update_rts_order`, { ...body(supplierId, [{ sku_id: skuId, qty: 5 }]), order_no: moved }));
    // Made at the first instant of today: it shares today with the other.
    await createdAt(dayStart);
    await refused(() => creator.post(`${RTS}/update_rts_order`, { ...body(supplierId, [{ sku_id: skuId, qty: 1 }]), order_no: moved }), RET.RTS_QUOTA_EXCEEDED);
    await refused(() => creator.post(`${RTS}/create_rts_order`, body(supplierId, [{ sku_id: skuId, qty: 1 }])), RET.RTS_QUOTA_EXCEEDED);
  });

  test('one release takes the orders of one supplier', async () => {
    const [a, b] = [await supplier(), await supplier()];
    const { skuId } = await stockedSku(4);
    const orders = [await create(a, [{ sku_id: skuId, qty: 1 }]), await create(b, [{ sku_id: skuId, qty: 1 }])];
    for (const orderNo of orders) await ok(approver.post(`${RTS}/approve_rts_order`, { order_no: orderNo }));
    await ok(approver.post(`${RTS}/allocate_rts_orders`, { order_nos: orders }));
    await refused(() => approver.post(`${RTS}/release_rts_orders`, { order_nos: orders }), RET.BAD_INPUT);
  });
});

describe('RTS picking and shipping', () => {
  test('approve → allocate → pick → ship: the units leave as return to supplier 4, the order is done, the manifest is logged', async () => {
    const supplierId = await supplier();
    const { orderNo, skuId, cell, taskNo } = await released(supplierId, 4, 10);
    const [wave] = await db().select().from(waves).where(and(eq(waves.whsId, WHS), eq(waves.waveNo, (await orderOf(orderNo)).waveNo!)));
    expect(wave!.orderType).toBe(OUTBOUND_ORDER_TYPE.values.RTS);
    expect(await docOf(orderNo)).toMatchObject({ docStatus: D.OUTBOUNDING });
    const tasks = await ok(creator.get(`${RTS}/search_rts_picking_task`, { page_size: 200 }));
    expect(tasks.list.map((r: { task_no: string }) => r.task_no)).toContain(taskNo);
    expect(await ok(creator.get(`${RTS}/get_rts_picking_task_detail`, { task_no: taskNo, order_no: orderNo }))).toMatchObject({
      task: { task_no: taskNo, status: T.PENDING }, lines: [expect.objectContaining({ order_no: orderNo, qty: 4, picked_qty: 0 })],
      orders: [{ order_no: orderNo, qty: 4, picked_qty: 0, open_qty: 4, stops: 1 }],
    });
    await refused(() => operator.post('/apps/process/outbound/picking/claim_picking_task', { task_no: taskNo, container_code: null }), RET.NOT_FOUND);

    // Not finished: nothing ships.
    await refused(() => approver.post(`${SHIP}/create_rts_shipment`, { task_no: taskNo }), RET.ILLEGAL_TRANSITION);
    const { cart, device, op } = await pickAll(taskNo, 4);
    // The same op replayed is applied once: a duplicate, nothing moves twice.
    const [again] = await device.send(op);
    expect(again!.status).toBe('duplicate');
    expect(await onhandAt(cart, skuId)).toBe(4);
    expect(await onhandAt(cell, skuId)).toBe(6);

    // The task list and detail show the order picked.
    expect((await ok(creator.get(`${RTS}/search_rts_picking_task`, { order_no: orderNo }))).list)
      .toEqual([expect.objectContaining({ task_no: taskNo, order_no: orderNo, status: T.DONE, total_qty: 4, picked_qty: 4, container_code: cart })]);
    expect((await ok(creator.get(`${RTS}/get_rts_picking_task_detail`, { task_no: taskNo, order_no: orderNo }))).orders)
      .toEqual([expect.objectContaining({ order_no: orderNo, picked_qty: 4, open_qty: 0 })]);

    const waiting = await ok(creator.get(`${SHIP}/list_rts_shipping_task`, {}));
    expect(waiting.list).toEqual(expect.arrayContaining([expect.objectContaining({ task_no: taskNo, supplier_id: supplierId, order_nos: [orderNo], shipment_no: null })]));

    expect(await ok(creator.get(`${SHIP}/get_manifest_auto_print_config`, {}))).toEqual({ config_value: 0 });
    await ok(approver.post(`${SHIP}/update_manifest_auto_print_config`, { config_value: 1 }));
    expect(await ok(creator.get(`${SHIP}/get_manifest_auto_print_config`, {}))).toEqual({ config_value: 1 });

    const shipped = await ok(approver.post(`${SHIP}/create_rts_shipment`, {
      task_no: taskNo, carrier_name: 'J&T', tracking_no: 'JT123', removal_disposal: RTS_REMOVAL_DISPOSAL.values.PICKED_UP_BY_SUPPLIER,
    }));
    expect(shipped.auto_print).toBe(true);
    expect(shipped.shipment).toMatchObject({ task_no: taskNo, supplier_id: supplierId, qty: 4, order_nos: [orderNo], carrier_name: 'J&T' });
    expect(shipped.print_job.print_content).toContain(`RETURN TO SUPPLIER ${supplierId}`);
    const shipmentNo = shipped.shipment.shipment_no as string;

    // Ledger: 4 units credited from the cart as return to supplier (4), under the shipment.
    const ledger = await db().select().from(inventoryTransactions)
      .where(and(eq(inventoryTransactions.whsId, WHS), eq(inventoryTransactions.refNo, shipmentNo))).orderBy(asc(inventoryTransactions.txnId));
    expect(ledger).toEqual([expect.objectContaining({
      txnType: INVENTORY_TRANSACTION_TYPE.values.RETURN_TO_SUPPLIER, direction: INVENTORY_TRANSACTION_DIRECTION.values.CREDIT, locationId: cart, skuId, qty: 4,
      refType: 'RTS_SHIPMENT',
    })]);
    expect(await onhandAt(cart, skuId)).toBe(0);
    expect(await onhandAt(cell, skuId)).toBe(6);
    expect(await orderOf(orderNo)).toMatchObject({ status: S.OUTBOUND });
    expect(await docOf(orderNo)).toMatchObject({ docStatus: D.DONE, removalDisposal: RTS_REMOVAL_DISPOSAL.values.PICKED_UP_BY_SUPPLIER, reinboundAsnNo: null });
    const [job] = await db().select().from(printJobs).where(and(eq(printJobs.whsId, WHS), eq(printJobs.refNo, shipmentNo)));
    expect(job).toMatchObject({ kind: 'MANIFEST' });

    // Shipped once: the task again is refused and nothing changes; it is on the shipped list.
    await refused(() => approver.post(`${SHIP}/create_rts_shipment`, { task_no: taskNo }), RET.ILLEGAL_TRANSITION);
    const shippedList = await ok(creator.get(`${SHIP}/list_rts_shipping_task`, { shipped: 1, task_no: taskNo }));
    expect(shippedList.list).toEqual([expect.objectContaining({ task_no: taskNo, shipment_no: shipmentNo })]);
    const detail = await ok(creator.get(`${RTS}/get_rts_order_detail`, { order_no: orderNo }));
    expect(detail.shipments).toEqual([expect.objectContaining({ shipment_no: shipmentNo, qty: 4 })]);
    await ok(approver.post(`${SHIP}/update_manifest_auto_print_config`, { config_value: 0 }));
  });

  test('a virtual RTS with re-inbound (a replacement alike) ships, then comes back in on the supplier\'s ASN: in transit, inbounding once it arrives, done once put away', async () => {
    const supplierId = await supplier();
    const virtual = RTS_TYPE.values.VIRTUAL_RTS_WITH_REINBOUND;
    const { orderNo, skuId, taskNo } = await released(supplierId, 3, 5, virtual);
    await pickAll(taskNo, 3);
    await ok(approver.post(`${SHIP}/create_rts_shipment`, { task_no: taskNo, carrier_name: null, tracking_no: null, removal_disposal: null }));
    expect(await orderOf(orderNo)).toMatchObject({ status: S.OUTBOUND });
    const doc = await docOf(orderNo);
    expect(doc).toMatchObject({ docStatus: D.IN_TRANSIT, reinboundAsnNo: expect.any(String) });
    const asnNo = doc.reinboundAsnNo!;
    // The supplier's ASN for exactly what left, pending on the inbound list.
    const asn = await ok(creator.get('/apps/process/inbound/asn/get_asn_detail', { asn_no: asnNo }));
    expect(asn.asn).toMatchObject({ asn_no: asnNo, supplier_id: supplierId, po_no: orderNo, status: INBOUND_STATUS.values.PENDING, inbound_type: INBOUND_ORDER_TYPE.values.PURCHASE });
    expect(asn.lines).toEqual([expect.objectContaining({ sku_id: skuId, expected_qty: 3 })]);
    expect((await ok(creator.get(`${RTS}/get_rts_order_detail`, { order_no: orderNo }))).order).toMatchObject({ doc_status: D.IN_TRANSIT, reinbound_asn_no: asnNo });

    // The inbound flow moves the ASN (asn-status.ts tells common/asn-events.ts): the document follows.
    const move = (to: number) => db().transaction(async (tx) => void (await moveAsn(tx, await lockAsn(tx, WHS, asnNo), to as never)));
    await move(INBOUND_STATUS.values.ARRIVED);
    expect(await docOf(orderNo)).toMatchObject({ docStatus: D.INBOUNDING });
    await move(INBOUND_STATUS.values.COUNTING);
    expect(await docOf(orderNo)).toMatchObject({ docStatus: D.INBOUNDING });
    for (const to of [INBOUND_STATUS.values.COUNTED, INBOUND_STATUS.values.SCANNING, INBOUND_STATUS.values.RECEIVED, INBOUND_STATUS.values.PUTTING, INBOUND_STATUS.values.DONE]) await move(to);
    expect(await docOf(orderNo)).toMatchObject({ docStatus: D.DONE });

    // A replacement waits for the supplier's new units the same way; an ASN cancelled before it arrives ends its document too.
    const other = await released(supplierId, 1, 1, RTS_TYPE.values.REPLACEMENT);
    await pickAll(other.taskNo, 1);
    await ok(approver.post(`${SHIP}/create_rts_shipment`, { task_no: other.taskNo, carrier_name: null, tracking_no: null, removal_disposal: null }));
    expect(await docOf(other.orderNo)).toMatchObject({ docStatus: D.IN_TRANSIT });
    const otherAsn = (await docOf(other.orderNo)).reinboundAsnNo!;
    expect((await ok(creator.get('/apps/process/inbound/asn/get_asn_detail', { asn_no: otherAsn }))).asn.remark).toBe(`Replacement for RTS ${other.orderNo} from supplier ${supplierId}`);
    await ok(approver.post('/apps/process/inbound/asn/cancel_asn', { asn_no: otherAsn, reason: 'the supplier keeps the units' }));
    expect(await docOf(other.orderNo)).toMatchObject({ docStatus: D.DONE });
  });

  test('the demo: IDJKT1 has an RTS order picked and waiting to ship, and a virtual RTS shipped whose re-inbound ASN is pending', async () => {
    const demo = await server.loginAt('admin@demo.local', 'IDJKT1');
    const waiting = await ok(demo.get(`${SHIP}/list_rts_shipping_task`, {}));
    expect(waiting.list).toEqual([expect.objectContaining({ container_code: 'BSK017', shipment_no: null })]);
    const { list } = await ok(demo.get(`${RTS}/search_rts_order`, { page_size: 50, doc_status: D.IN_TRANSIT }));
    expect(list).toEqual([expect.objectContaining({ rts_type: RTS_TYPE.values.VIRTUAL_RTS_WITH_REINBOUND, reinbound_asn_no: expect.any(String) })]);
    const asn = await ok(demo.get('/apps/process/inbound/asn/get_asn_detail', { asn_no: list[0].reinbound_asn_no }));
    expect(asn.asn).toMatchObject({ po_no: list[0].order_no, status: INBOUND_STATUS.values.PENDING });
  });
});

/** Runs `step` with the warehouse's picking rule (the one without a zone) set to a picking type, then puts the rule back as it was. */
async function withPickingType<R>(pickingType: number, step: () => Promise<R>): Promise<R> {
  const [before] = await db().select().from(pickingRules).where(and(eq(pickingRules.whsId, WHS), isNull(pickingRules.zoneId)));
  if (before) await db().update(pickingRules).set({ pickingType }).where(and(eq(pickingRules.whsId, WHS), eq(pickingRules.ruleId, before.ruleId)));
  else await db().insert(pickingRules).values({ whsId: WHS, maxUnitsPerTask: 1000, pickingType });
  try {
    return await step();
  } finally {
    if (before) await db().update(pickingRules).set({ pickingType: before.pickingType }).where(and(eq(pickingRules.whsId, WHS), eq(pickingRules.ruleId, before.ruleId)));
    else await db().delete(pickingRules).where(and(eq(pickingRules.whsId, WHS), isNull(pickingRules.zoneId)));
  }
}

describe('RTS picking task list and detail', () => {
  test('a task carrying two orders of one supplier is a row per order; its detail shows the order named and lists both', async () => {
    const supplierId = await supplier();
    const { skuId } = await stockedSku(5);
    const [first, second] = [await create(supplierId, [{ sku_id: skuId, qty: 2 }]), await create(supplierId, [{ sku_id: skuId, qty: 3 }])];
    for (const orderNo of [first, second]) await ok(approver.post(`${RTS}/approve_rts_order`, { order_no: orderNo }));
    await ok(approver.post(`${RTS}/allocate_rts_orders`, { order_nos: [first, second] }));
    // Pick to wave (the warehouse's picking rule): the zone's stops of both orders make one task.
    const { task_nos: taskNos } = await withPickingType(PICKING_TYPE.values.PICK_TO_WAVE, () => ok(approver.post(`${RTS}/release_rts_orders`, { order_nos: [first, second] })));
    expect(taskNos.length).toBe(1);
    const taskNo = taskNos[0] as string;

    const rows = (await ok(creator.get(`${RTS}/search_rts_picking_task`, { supplier_id: supplierId, page_size: 200 }))).list;
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(expect.arrayContaining([
      expect.objectContaining({ task_no: taskNo, order_no: first, supplier_id: supplierId, status: T.PENDING, total_qty: 2, picked_qty: 0 }),
      expect.objectContaining({ task_no: taskNo, order_no: second, supplier_id: supplierId, status: T.PENDING, total_qty: 3, picked_qty: 0 }),
    ]));
    expect(new Set(rows.map((r: { task_order: string }) => r.task_order)).size).toBe(2);
    expect((await ok(creator.get(`${RTS}/search_rts_picking_task`, { order_no: second }))).list.map((r: { task_no: string }) => r.task_no)).toEqual([taskNo]);

    const detail = await ok(creator.get(`${RTS}/get_rts_picking_task_detail`, { task_no: taskNo, order_no: second }));
    expect(detail).toMatchObject({ order_no: second, supplier_id: supplierId, task: { task_no: taskNo, status: T.PENDING } });
    expect(detail.lines).toEqual([expect.objectContaining({ order_no: second, sku_id: skuId, qty: 3 })]);
    expect(detail.orders).toEqual([
      { order_no: first, doc_status: D.OUTBOUNDING, stops: 1, qty: 2, picked_qty: 0, short_qty: 0, open_qty: 2 },
      { order_no: second, doc_status: D.OUTBOUNDING, stops: 1, qty: 3, picked_qty: 0, short_qty: 0, open_qty: 3 },
    ]);

    // An order not on the task is refused, naming the task's orders.
    const stranger = await create(supplierId, [{ sku_id: skuId, qty: 1 }]);
    await watch.mark();
    const refusal = await creator.get(`${RTS}/get_rts_picking_task_detail`, { task_no: taskNo, order_no: stranger });
    expect(refusal.retcode, refusal.message).toBe(RET.NOT_FOUND);
    expect(refusal.message).toContain(`${stranger} is not on picking task ${taskNo}`);
    expect(refusal.data).toEqual({ task_no: taskNo, order_no: stranger, order_nos: [first, second] });
    expect(await watch.changes()).toEqual([]);
  });

  test('the detail is an RTS task of the caller\'s warehouse, read with the task list\'s permission', async () => {
    const supplierId = await supplier();
    const { orderNo, taskNo } = await released(supplierId, 1, 2);
    await refused(() => operator.get(`${RTS}/get_rts_picking_task_detail`, { task_no: taskNo, order_no: orderNo }), RET.PERMISSION_DENIED);
    await refused(() => operator.get(`${RTS}/search_rts_picking_task`, {}), RET.PERMISSION_DENIED);
    const jakarta = await signIn('Supervisor', ['IDJKT1']);
    await refused(() => jakarta.get(`${RTS}/get_rts_picking_task_detail`, { task_no: taskNo, order_no: orderNo }), RET.NOT_FOUND);
    expect((await ok(jakarta.get(`${RTS}/search_rts_picking_task`, { order_no: orderNo }))).list).toEqual([]);
    await refused(() => creator.get(`${RTS}/get_rts_picking_task_detail`, { task_no: 'PK000000000000', order_no: orderNo }), RET.NOT_FOUND);

    // A sales picking task: not an RTS task.
    const salesTask = `PKRTS${run}`.slice(0, 32);
    await db().insert(pickingTasks).values({ whsId: WHS, taskNo: salesTask, orderType: OUTBOUND_ORDER_TYPE.values.SALES, pickingType: PICKING_TYPE.values.PICK_TO_ORDER, totalQty: 1 });
    await refused(() => creator.get(`${RTS}/get_rts_picking_task_detail`, { task_no: salesTask, order_no: orderNo }), RET.NOT_FOUND);
  });
});

describe('RTS access', () => {
  test('each call needs its permission: an operator creates, approves, allocates and ships nothing', async () => {
    const supplierId = await supplier();
    const { skuId } = await stockedSku(3);
    await refused(() => operator.post(`${RTS}/create_rts_order`, body(supplierId, [{ sku_id: skuId, qty: 1 }])), RET.PERMISSION_DENIED);
    const orderNo = await create(supplierId, [{ sku_id: skuId, qty: 1 }]);
    await refused(() => operator.post(`${RTS}/approve_rts_order`, { order_no: orderNo }), RET.PERMISSION_DENIED);
    await refused(() => operator.post(`${RTS}/allocate_rts_orders`, { order_nos: [orderNo] }), RET.PERMISSION_DENIED);
    await refused(() => operator.get(`${RTS}/get_rts_order_detail`, { order_no: orderNo }), RET.PERMISSION_DENIED);
    await refused(() => operator.post(`${SHIP}/update_manifest_auto_print_config`, { config_value: 1 }), RET.PERMISSION_DENIED);
  });

  test('an RTS order or task of another warehouse, or a sales order, is not found', async () => {
    const jakarta = await signIn('Supervisor', ['IDJKT1']);
    const jakartaFixture = outboundFixture(db, 'IDJKT1', 'RTJ');
    const skuId = await createTestSku(db(), 'IDJKT1', 'RTJ');
    const { cells } = await jakartaFixture.privateZone(1);
    await jakartaFixture.stock(skuId, [{ cell: cells[0]!, qty: 5 }]);
    const theirs = await ok(jakarta.post(`${RTS}/create_rts_order`, body(await supplier('IDJKT1'), [{ sku_id: skuId, qty: 1 }])));
    const orderNo = theirs.order.order_no as string;
    await refused(() => creator.get(`${RTS}/get_rts_order_detail`, { order_no: orderNo }), RET.NOT_FOUND);
    await refused(() => approver.post(`${RTS}/approve_rts_order`, { order_no: orderNo }), RET.NOT_FOUND);
    await refused(() => creator.post(`${RTS}/cancel_rts_order`, { order_no: orderNo, reason: 'x' }), RET.NOT_FOUND);
    const listed = await ok(creator.get(`${RTS}/search_rts_order`, { page_size: 200 }));
    expect(listed.list.map((r: { order_no: string }) => r.order_no)).not.toContain(orderNo);

    const { skuId: own } = await stockedSku(2);
    const sale = await ok(creator.post('/apps/process/outbound/salesorder/create_sales_order', { external_no: `RTS-TEST-${run}`, lines: [{ sku_id: own, qty: 1 }] }));
    await refused(() => creator.get(`${RTS}/get_rts_order_detail`, { order_no: sale.order.order_no }), RET.NOT_FOUND);
    await refused(() => approver.post(`${SHIP}/create_rts_shipment`, { task_no: 'PK000000000000' }), RET.NOT_FOUND);
  });
});
