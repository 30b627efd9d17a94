import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { ChangeWatch } from '../support/db-state';
import { Device, type OpAnswer } from '../support/op-device';
import { checkingRecords, outboundFixture } from '../support/outbound-fixture';
import { createTestSku } from '../support/putaway-fixture';
import {
  asnOrders, inboundTrackingIds, inventoryTransactions, locationInventory, mtBoxes, mtOrders, mtPallets, salesOrders, stations, transitShipments,
} from '../../src/server/db/schema';
import {
  CHECKING_STATION_MODE, HANDOVER_STATUS, INBOUND_STATUS, INVENTORY_TRANSACTION_TYPE, MT_PACK_STATUS, MT_SHIP_BY, RTS_STATUS, SALES_ORDER_STATUS, STATION_STATUS, STATION_TYPE,
  STORAGE_AREA, TASK_STATUS,
} from '../../src/shared/codes';
import { transitAsnMoved } from '../../src/server/modules/inventory/in-transit';
import { checkingOps } from '../../src/shared/ops/checking.ops';
import { mtPackingOps, mtShippingOps } from '../../src/shared/ops/mt-shipping.ops';
import { pickingOps } from '../../src/shared/ops/picking.ops';
import { RET } from '../../src/shared/retcodes';

/**
 * MT checking, packing and shipping (mt-shipping.contract.ts, docs/outbound.md "MT checking, packing
 * and shipping"): a released MT order picked, checked on the MT checking call, packed into boxes on
 * two pallets and shipped by pallet — one dispatch in transit whose MTBs are the pallets.
 */

const WHS = 'SGSIN1';
const DEST = 'IDJKT1';
const MT = '/apps/process/outbound/mtorder';
const CALLS = '/apps/process/outbound/mtshipping';
const D = RTS_STATUS.values;
const S = SALES_ORDER_STATUS.values;
const P = MT_PACK_STATUS.values;
const STATION = 'MTS-CHK';

let server: TestServer;
let creator: TestClient;
let approver: TestClient;
let operator: TestClient;
let device: Device;
let watch: ChangeWatch;
const db = () => server.database.db;

let userCounter = 0;
const signIn = async (role: 'Supervisor' | 'Operator', warehouses = [WHS]) =>
  server.login((await server.createUser({ email: `mtship${++userCounter}@demo.local`, role, warehouses })).email);

const fixture = outboundFixture(db, WHS, 'MTS');

beforeAll(async () => {
  server = await startTestServer();
  creator = await signIn('Supervisor');
  approver = await signIn('Supervisor');
  operator = await signIn('Operator');
  device = new Device(operator);
  watch = new ChangeWatch(db());
  await db().insert(stations).values({
    whsId: WHS, stationId: STATION, stationName: 'MT check', stationType: STATION_TYPE.values.CHECKING, checkingMode: CHECKING_STATION_MODE.values.CHECKING,
    status: STATION_STATUS.values.ENABLED,
  });
  // Checking stations here ask for neither packaging nor a weight (Record Settings).
  await checkingRecords(server, 'mtship-admin@demo.local');
}, 300_000);
afterAll(async () => {
  await server?.close();
});

const ok = (answer: OpAnswer) => {
  expect(answer.status, answer.message).toBe('applied');
  return answer.data;
};
const orderOf = async (orderNo: string) => (await db().select().from(salesOrders).where(and(eq(salesOrders.whsId, WHS), eq(salesOrders.orderNo, orderNo))))[0]!;
const docOf = async (orderNo: string) => (await db().select().from(mtOrders).where(and(eq(mtOrders.whsId, WHS), eq(mtOrders.orderNo, orderNo))))[0]!;
const onOrder = async (orderNo: string) => (await db().select().from(locationInventory)
  .where(and(eq(locationInventory.whsId, WHS), eq(locationInventory.locationId, orderNo)))).reduce((n, r) => n + r.onhandQty, 0);

/** An MT order of `lines` (SKU ids made here, stocked), released and picked into a cart: answers the order and the cart. */
async function pickedMtOrder(qtys: readonly number[]): Promise<{ orderNo: string; cart: string; skuIds: string[] }> {
  const skuIds: string[] = [];
  // One zone: one picking task, one cart.
  const { cells } = await fixture.privateZone(qtys.length, STORAGE_AREA.values.PICKING_AREA);
  for (const [i, qty] of qtys.entries()) {
    const skuId = await createTestSku(db(), WHS, 'MTS');
    await fixture.stock(skuId, [{ cell: cells[i]!, qty: qty + 2 }]);
    skuIds.push(skuId);
  }
  const created = await creator.post(`${MT}/create_mt_order`, { dest_whs_id: DEST, remark: null, lines: skuIds.map((sku_id, i) => ({ sku_id, qty: qtys[i] })) });
  expect(created.retcode, created.message).toBe(0);
  const orderNo = created.data.order.order_no as string;
  for (const [path, by] of [['approve_mt_order', approver], ['allocate_mt_orders', approver], ['release_mt_orders', approver]] as const) {
    const res = await by.post(`${MT}/${path}`, path === 'approve_mt_order' ? { order_no: orderNo } : { order_nos: [orderNo] });
    expect(res.retcode, res.message).toBe(0);
  }
  const cart = await fixture.container();
  const claim = await operator.post(`${MT}/claim_mt_picking_task`, { task_no: null, container_code: cart });
  expect(claim.retcode, claim.message).toBe(0);
  for (const line of claim.data.lines as { alloc_id: number; location_id: string; sku_id: string; qty: number }[]) {
    ok(await device.push(pickingOps.pick.kind, { task_no: claim.data.task.task_no, alloc_id: line.alloc_id, location: line.location_id, sku_id: line.sku_id, qty: line.qty }));
  }
  expect((await orderOf(orderNo)).status).toBe(S.PICKED);
  return { orderNo, cart, skuIds };
}

/** Checks the order on the MT checking call: its units move from the cart onto the order's location. */
async function checkMt(orderNo: string, cart: string, units: { sku_id: string; qty: number }[]): Promise<string> {
  const started = await operator.post(`${CALLS}/start_mt_checking_task`, { station_id: STATION, container_code: cart });
  expect(started.retcode, started.message).toBe(0);
  const task = started.data.task as { task_no: string; remove_weight_input: boolean };
  ok(await device.push(checkingOps.check.kind, { task_no: task.task_no, order_no: orderNo, units, weight_g: task.remove_weight_input ? null : 500 }));
  return task.task_no;
}

const pack = (kind: string, payload: Record<string, unknown>) => device.push(kind, payload);

describe('MT checking, packing onto pallets and shipping by pallet', () => {
  let orderNo: string;
  let skuIds: string[];
  let packingId: string;
  const shippingId = 'MTS-SHIP-0001';

  test('checking: the MT call checks MT containers only, onto the order; the sales list keeps to sales tasks', async () => {
    const picked = await pickedMtOrder([4, 2]);
    ({ orderNo, skuIds } = picked);
    // The sales checking call refuses an MT container, changing nothing.
    await watch.mark();
    const sales = await operator.post('/apps/process/outbound/checking/start_checking_task', { station_id: STATION, container_code: picked.cart });
    expect(sales).toMatchObject({ retcode: RET.CHECK_NOTHING_TO_CHECK, data: { reason: 'other_type' } });
    expect(await watch.changes()).toEqual([]);

    const taskNo = await checkMt(orderNo, picked.cart, [{ sku_id: skuIds[0]!, qty: 4 }, { sku_id: skuIds[1]!, qty: 2 }]);
    expect(await orderOf(orderNo)).toMatchObject({ status: S.CHECKED });
    expect(await onOrder(orderNo)).toBe(6);
    const mtList = await creator.get<{ list: { task_no: string }[] }>(`${CALLS}/search_mt_checking_task`, { page_size: 50 });
    expect(mtList.data.list.map((r) => r.task_no)).toContain(taskNo);
    const salesList = await creator.get<{ list: { task_no: string }[] }>('/apps/process/outbound/checking/search_checking_task', { page_size: 50 });
    expect(salesList.data.list.map((r) => r.task_no)).not.toContain(taskNo);
    expect((await creator.get(`${CALLS}/get_mt_checking_task_detail`, { task_no: taskNo })).data.orders[0]).toMatchObject({ order_no: orderNo, status: TASK_STATUS.values.DONE });
    expect((await creator.get('/apps/process/outbound/checking/get_checking_task_detail', { task_no: taskNo })).retcode).toBe(0);
  });

  test('packing: boxes of exactly the checked units, onto two pallets; over-packing and mixing orders are refused', async () => {
    const started = await operator.post(`${CALLS}/start_mt_packing`, { order_no: orderNo });
    expect(started.retcode, started.message).toBe(0);
    packingId = started.data.task.packing_id;
    expect(started.data.task).toMatchObject({ order_no: orderNo, dest_whs_id: DEST, total_qty: 6, packed_qty: 0 });
    expect(started.data.lines).toEqual([
      expect.objectContaining({ sku_id: skuIds[0], qty: 4, packed_qty: 0 }), expect.objectContaining({ sku_id: skuIds[1], qty: 2, packed_qty: 0 }),
    ]);
    expect((await operator.post(`${CALLS}/start_mt_packing`, { order_no: orderNo })).data.task.packing_id).toBe(packingId);

    ok(await pack(mtPackingOps.openBox.kind, { packing_id: packingId, box_id: 'MTB-T-BOX1' }));
    expect(await orderOf(orderNo)).toMatchObject({ status: S.PACKING });
    expect(await pack(mtPackingOps.openBox.kind, { packing_id: packingId, box_id: 'MTB-T-BOX2' }))
      .toMatchObject({ status: 'rejected', retcode: RET.MT_PACK_BOX_REFUSED, data: { reason: 'open' } });
    expect(await pack(mtPackingOps.pack.kind, { box_id: 'MTB-T-BOX1', sku_id: skuIds[0], qty: 5 }))
      .toMatchObject({ status: 'rejected', retcode: RET.MT_PACK_OVER_PACKED, data: { left: 4 } });
    ok(await pack(mtPackingOps.pack.kind, { box_id: 'MTB-T-BOX1', sku_id: skuIds[0], qty: 4 }));
    ok(await pack(mtPackingOps.closeBox.kind, { box_id: 'MTB-T-BOX1' }));
    expect(await pack(mtPackingOps.pack.kind, { box_id: 'MTB-T-BOX1', sku_id: skuIds[1], qty: 1 }))
      .toMatchObject({ status: 'rejected', retcode: RET.MT_PACK_BOX_REFUSED, data: { reason: 'closed' } });
    ok(await pack(mtPackingOps.openBox.kind, { packing_id: packingId, box_id: 'MTB-T-BOX2' }));
    ok(await pack(mtPackingOps.pack.kind, { box_id: 'MTB-T-BOX2', sku_id: skuIds[1], qty: 2 }));
    const closed = ok(await pack(mtPackingOps.closeBox.kind, { box_id: 'MTB-T-BOX2' }));
    expect(closed).toMatchObject({ task_status: TASK_STATUS.values.DONE, packed_qty: 6, order_status: S.PACKED });

    ok(await pack(mtPackingOps.palletize.kind, { pallet_id: 'MTB-T-PAL1', box_id: 'MTB-T-BOX1' }));
    ok(await pack(mtPackingOps.palletize.kind, { pallet_id: 'MTB-T-PAL2', box_id: 'MTB-T-BOX2' }));
    expect(await pack(mtPackingOps.palletize.kind, { pallet_id: 'MTB-T-PAL2', box_id: 'MTB-T-BOX1' }))
      .toMatchObject({ status: 'rejected', retcode: RET.MT_PACK_BOX_REFUSED, data: { reason: 'on_pallet' } });
    ok(await pack(mtPackingOps.closePallet.kind, { pallet_id: 'MTB-T-PAL1' }));

    // Another MT order's box goes on neither pallet.
    const other = await pickedMtOrder([1]);
    await checkMt(other.orderNo, other.cart, [{ sku_id: other.skuIds[0]!, qty: 1 }]);
    const otherTask = (await operator.post(`${CALLS}/start_mt_packing`, { order_no: other.orderNo })).data.task.packing_id as string;
    ok(await pack(mtPackingOps.openBox.kind, { packing_id: otherTask, box_id: 'MTB-T-OTHER' }));
    ok(await pack(mtPackingOps.pack.kind, { box_id: 'MTB-T-OTHER', sku_id: other.skuIds[0], qty: 1 }));
    ok(await pack(mtPackingOps.closeBox.kind, { box_id: 'MTB-T-OTHER' }));
    expect(await pack(mtPackingOps.palletize.kind, { pallet_id: 'MTB-T-PAL2', box_id: 'MTB-T-OTHER' }))
      .toMatchObject({ status: 'rejected', retcode: RET.MT_PACK_BOX_REFUSED, data: { reason: 'other_order' } });
    expect(await pack(mtPackingOps.openBox.kind, { packing_id: otherTask, box_id: 'MTB-T-PAL1' }))
      .toMatchObject({ status: 'rejected', retcode: RET.MT_PACK_ORDER_UNAVAILABLE, data: { reason: 'packed' } });

    const detail = await creator.get(`${CALLS}/get_mt_packing_detail`, { packing_id: packingId });
    expect(detail.data.boxes).toEqual([
      expect.objectContaining({ box_id: 'MTB-T-BOX1', status: P.PACKED, pallet_id: 'MTB-T-PAL1', items: [{ sku_id: skuIds[0], qty: 4 }] }),
      expect.objectContaining({ box_id: 'MTB-T-BOX2', status: P.PACKED, pallet_id: 'MTB-T-PAL2', items: [{ sku_id: skuIds[1], qty: 2 }] }),
    ]);
    expect(detail.data.pallets).toEqual([
      expect.objectContaining({ pallet_id: 'MTB-T-PAL1', status: P.PACKED, box_count: 1, qty: 4 }),
      expect.objectContaining({ pallet_id: 'MTB-T-PAL2', status: P.PACKING, box_count: 1, qty: 2 }),
    ]);
    expect((await creator.get<{ list: { packing_id: string }[] }>(`${CALLS}/search_mt_packing_task`, { page_size: 50 })).data.list.map((r) => r.packing_id))
      .toContain(packingId);
  });

  test('shipping by pallet: refusals change nothing; the close dispatches both pallets as the MTBs of one transit shipment', async () => {
    ok(await pack(mtShippingOps.open.kind, { shipping_id: shippingId, dest_whs_id: DEST, ship_by: MT_SHIP_BY.values.PALLET }));
    const toKl = 'MTS-SHIP-KL01';
    ok(await pack(mtShippingOps.open.kind, { shipping_id: toKl, dest_whs_id: 'MYKUL1', ship_by: MT_SHIP_BY.values.PALLET }));
    const stock = () => db().select().from(locationInventory).where(eq(locationInventory.whsId, WHS)).orderBy(asc(locationInventory.locationId), asc(locationInventory.skuId));
    const before = await stock();

    const refusedLoad = async (shipping: string, code: string, reason: string) => {
      expect(await device.push(mtShippingOps.load.kind, { shipping_id: shipping, code })).toMatchObject({ status: 'rejected', retcode: RET.MT_SHIP_REFUSED, data: { reason } });
    };
    await refusedLoad(shippingId, 'MTB-T-PAL2', 'not_closed');
    await refusedLoad(toKl, 'MTB-T-PAL1', 'destination');
    await refusedLoad(shippingId, 'MTB-T-BOX1', 'unknown');
    ok(await device.push(mtShippingOps.load.kind, { shipping_id: shippingId, code: 'MTB-T-PAL1' }));
    await refusedLoad(shippingId, 'MTB-T-PAL1', 'loaded');
    // Not every pallet of the order is on it: closing is refused, nothing ships.
    expect(await device.push(mtShippingOps.close.kind, { shipping_id: shippingId }))
      .toMatchObject({ status: 'rejected', retcode: RET.MT_SHIP_UNAVAILABLE, data: { reason: 'incomplete', order_no: orderNo, missing: ['MTB-T-PAL2'] } });
    expect(await stock()).toEqual(before);
    expect(await orderOf(orderNo)).toMatchObject({ status: S.PACKED });

    ok(await pack(mtPackingOps.closePallet.kind, { pallet_id: 'MTB-T-PAL2' }));
    ok(await device.push(mtShippingOps.load.kind, { shipping_id: shippingId, code: 'MTB-T-PAL2' }));
    const close = device.op(mtShippingOps.close.kind, { shipping_id: shippingId });
    const [closed] = await device.send(close);
    expect(closed!.status, closed!.message).toBe('applied');
    const dispatch = closed!.data.dispatches[0] as { transit_shipment_no: string; dest_asn_no: string; qty: number };
    expect(closed!.data).toMatchObject({ status: HANDOVER_STATUS.values.SHIPPED, loaded_count: 2, qty: 6, dispatches: [expect.objectContaining({ order_no: orderNo, qty: 6 })] });

    // The source: move outbound 21 for every unit, nothing left on the order; the order Outbound, its document In Transit.
    const outbound = await db().select().from(inventoryTransactions)
      .where(and(eq(inventoryTransactions.whsId, WHS), eq(inventoryTransactions.refNo, dispatch.transit_shipment_no)));
    expect(outbound.every((t) => t.txnType === INVENTORY_TRANSACTION_TYPE.values.MOVE_OUTBOUND)).toBe(true);
    expect(outbound.reduce((n, t) => n + t.qty, 0)).toBe(6);
    expect(await onOrder(orderNo)).toBe(0);
    expect(await orderOf(orderNo)).toMatchObject({ status: S.OUTBOUND });
    expect(await docOf(orderNo)).toMatchObject({ docStatus: D.IN_TRANSIT });
    const shipped = await db().select().from(mtPallets).where(and(eq(mtPallets.whsId, WHS), eq(mtPallets.orderNo, orderNo)));
    expect(shipped.map((p) => p.status)).toEqual([P.SHIPPED, P.SHIPPED]);
    expect((await db().select().from(mtBoxes).where(and(eq(mtBoxes.whsId, WHS), eq(mtBoxes.orderNo, orderNo)))).map((b) => b.status)).toEqual([P.SHIPPED, P.SHIPPED]);
    // The destination: a Transfer Inbound ASN whose tracking ids are the two pallets.
    const [transit] = await db().select().from(transitShipments).where(and(eq(transitShipments.whsId, WHS), eq(transitShipments.shipmentNo, dispatch.transit_shipment_no)));
    expect(transit).toMatchObject({ orderNo, destWhsId: DEST, destAsnNo: dispatch.dest_asn_no });
    const [asn] = await db().select().from(asnOrders).where(and(eq(asnOrders.whsId, DEST), eq(asnOrders.asnNo, dispatch.dest_asn_no)));
    expect(asn).toMatchObject({ totalExpectedQty: 6, expectedCartons: 2 });
    const mtbs = await db().select().from(inboundTrackingIds).where(and(eq(inboundTrackingIds.whsId, DEST), eq(inboundTrackingIds.asnNo, dispatch.dest_asn_no)));
    expect(mtbs.map((t) => t.trackingId).sort()).toEqual(['MTB-T-PAL1', 'MTB-T-PAL2']);

    // The same op again answers the recorded result; a new close is refused.
    const [again] = await device.send(close);
    expect(again).toMatchObject({ status: 'duplicate', data: closed!.data });
    expect(await device.push(mtShippingOps.close.kind, { shipping_id: shippingId })).toMatchObject({ status: 'rejected', retcode: RET.MT_SHIP_UNAVAILABLE, data: { reason: 'shipped' } });
    await refusedLoad(toKl, 'MTB-T-PAL2', 'shipped');

    const detail = await creator.get(`${CALLS}/get_mt_shipment_detail`, { shipping_id: shippingId });
    expect(detail.data).toMatchObject({
      shipment: { dest_whs_id: DEST, ship_by: MT_SHIP_BY.values.PALLET, status: HANDOVER_STATUS.values.SHIPPED },
      loaded: [expect.objectContaining({ code: 'MTB-T-PAL1', status: P.SHIPPED }), expect.objectContaining({ code: 'MTB-T-PAL2' })],
      dispatches: [{ order_no: orderNo, transit_shipment_no: dispatch.transit_shipment_no, dest_asn_no: dispatch.dest_asn_no, qty: 6 }],
    });
    expect((await creator.get<{ list: { shipping_id: string }[] }>(`${CALLS}/search_mt_shipment`, { page_size: 50 })).data.list.map((r) => r.shipping_id))
      .toContain(shippingId);

    // The destination moves its ASN (asn-status.ts tells the shipment): the document follows, Inbounding once arrived, Done once closed.
    const destAsn = { whsId: DEST, asnNo: dispatch.dest_asn_no, inboundType: asn!.inboundType };
    await db().transaction((tx) => transitAsnMoved(tx, destAsn, INBOUND_STATUS.values.ARRIVED));
    expect(await docOf(orderNo)).toMatchObject({ docStatus: D.INBOUNDING });
    await db().transaction((tx) => transitAsnMoved(tx, destAsn, INBOUND_STATUS.values.DONE));
    expect(await docOf(orderNo)).toMatchObject({ docStatus: D.DONE });
  });

  test('shipping by box: a loose box ships alone; a box on a pallet is refused', async () => {
    const picked = await pickedMtOrder([3]);
    await checkMt(picked.orderNo, picked.cart, [{ sku_id: picked.skuIds[0]!, qty: 3 }]);
    const task = (await operator.post(`${CALLS}/start_mt_packing`, { order_no: picked.orderNo })).data.task.packing_id as string;
    ok(await pack(mtPackingOps.openBox.kind, { packing_id: task, box_id: 'MTB-T-LOOSE' }));
    ok(await pack(mtPackingOps.pack.kind, { box_id: 'MTB-T-LOOSE', sku_id: picked.skuIds[0], qty: 3 }));
    ok(await pack(mtPackingOps.closeBox.kind, { box_id: 'MTB-T-LOOSE' }));
    ok(await device.push(mtShippingOps.open.kind, { shipping_id: 'MTS-BOX-0001', dest_whs_id: DEST, ship_by: MT_SHIP_BY.values.BOX }));
    expect(await device.push(mtShippingOps.load.kind, { shipping_id: 'MTS-BOX-0001', code: 'MTB-T-BOX1' }))
      .toMatchObject({ status: 'rejected', retcode: RET.MT_SHIP_REFUSED, data: { reason: 'on_pallet' } });
    // Loaded and unloaded again: the other order's box stays behind.
    ok(await device.push(mtShippingOps.load.kind, { shipping_id: 'MTS-BOX-0001', code: 'MTB-T-OTHER' }));
    ok(await device.push(mtShippingOps.unload.kind, { shipping_id: 'MTS-BOX-0001', code: 'MTB-T-OTHER' }));
    ok(await device.push(mtShippingOps.load.kind, { shipping_id: 'MTS-BOX-0001', code: 'MTB-T-LOOSE' }));
    const closed = ok(await device.push(mtShippingOps.close.kind, { shipping_id: 'MTS-BOX-0001' }));
    const asnNo = closed.dispatches[0].dest_asn_no as string;
    const mtbs = await db().select().from(inboundTrackingIds).where(and(eq(inboundTrackingIds.whsId, DEST), eq(inboundTrackingIds.asnNo, asnNo)));
    expect(mtbs.map((t) => t.trackingId)).toEqual(['MTB-T-LOOSE']);
    expect(await orderOf(picked.orderNo)).toMatchObject({ status: S.OUTBOUND });
  });

  test('the demo: IDJKT1 has an MT order to SGSIN1 packed on two closed pallets, ready to ship', async () => {
    const demo = await server.loginAt('admin@demo.local', DEST);
    const { list } = (await demo.get<{ list: { packing_id: string; order_no: string; status: number }[] }>(`${CALLS}/search_mt_packing_task`, { page_size: 50 })).data;
    expect(list).toHaveLength(1);
    const detail = (await demo.get(`${CALLS}/get_mt_packing_detail`, { packing_id: list[0]!.packing_id })).data;
    expect(detail.task).toMatchObject({ dest_whs_id: WHS, status: TASK_STATUS.values.DONE, total_qty: 2, packed_qty: 2, order_status: S.PACKED });
    expect(detail.pallets).toEqual([
      expect.objectContaining({ pallet_id: 'PLT-DEMO-IDJKT1-1', status: P.PACKED, box_count: 1, qty: 1 }),
      expect.objectContaining({ pallet_id: 'PLT-DEMO-IDJKT1-2', status: P.PACKED, box_count: 1, qty: 1 }),
    ]);
    expect((await demo.get(`${MT}/get_mt_order_detail`, { order_no: list[0]!.order_no })).data.order).toMatchObject({ doc_status: D.OUTBOUNDING, status: S.PACKED });
  });

  test('another warehouse\'s user finds none of it', async () => {
    const stranger = await signIn('Supervisor', ['MYKUL1']);
    expect((await stranger.get(`${CALLS}/get_mt_packing_detail`, { packing_id: packingId })).retcode).toBe(RET.NOT_FOUND);
    expect((await stranger.get(`${CALLS}/get_mt_shipment_detail`, { shipping_id: shippingId })).retcode).toBe(RET.NOT_FOUND);
    expect(await new Device(stranger).push(mtPackingOps.closePallet.kind, { pallet_id: 'MTB-T-PAL1' }))
      .toMatchObject({ status: 'rejected', retcode: RET.MT_PACK_BOX_REFUSED, data: { reason: 'unknown' } });
    expect((await stranger.post(`${CALLS}/start_mt_packing`, { order_no: orderNo })).retcode).toBe(RET.MT_PACK_ORDER_UNAVAILABLE);
    expect((await stranger.get<{ list: unknown[] }>(`${CALLS}/search_mt_shipment`, { page_size: 50 })).data.list).toEqual([]);
  });
});
