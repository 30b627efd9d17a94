import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { Device } from '../support/op-device';
import { shippingFlow } from '../support/shipping-fixture';
import { docks, inventoryTransactions, locationInventory, parcels, printJobs, salesOrderLogs, salesOrders, shippingHandovers } from '../../src/server/db/schema';
import {
  DOCK_STATUS, DOCK_TYPE, HANDOVER_KIND, HANDOVER_STATUS, INVENTORY_REF_TYPE, INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE, PARCEL_STATUS,
  SALES_ORDER_STATUS,
} from '../../src/shared/codes';
import { shippingOps } from '../../src/shared/ops/shipping.ops';
import type { PrintJob } from '../../src/shared/print';
import { RET } from '../../src/shared/retcodes';

/**
 * Shipping handover (docs/outbound.md "Shipping"): packed parcels loaded at a dock onto a handover the
 * device names, closed when the driver takes them — parcels Shipped, orders Packed → Shipping →
 * Outbound with their units credited (ship order 2, ref SHIPPING), the manifest logged; refusals
 * with their retcodes; ops replayed exactly once; the shipping rules applied; warehouses apart.
 */
const WHS = 'SGSIN1';
const OTHER = 'MYKUL1';
const CALLS = '/apps/process/outbound/shipping';
const RULES = '/apps/rulecenter/shippingrule';
const S = SALES_ORDER_STATUS.values;
const P = PARCEL_STATUS.values;
const K = HANDOVER_KIND.values;
const DOCK = 'SHT-D1';
const INBOUND_DOCK = 'SHT-DIN';

let server: TestServer;
let supervisor: TestClient;
let loader: Device;
const db = () => server.database.db;
const flow = shippingFlow(() => server, WHS, 'SHT');
let skuA: string;
let skuB: string;
let handoverCount = 0;
/** A carrier of the test's own, so rules of one test do not reach another's. */
let carrierCount = 0;
const newCarrier = () => `SHT Carrier ${++carrierCount}`;
const newShippingNo = () => `SHT${Date.now().toString(36).toUpperCase()}${++handoverCount}`;

beforeAll(async () => {
  server = await startTestServer();
  supervisor = await flow.signIn('Supervisor');
  loader = new Device(await flow.signIn('Operator'));
  [skuA, skuB] = (await flow.stockedSkus(2, 250, 200)) as [string, string];
  const base = { whsId: WHS, status: DOCK_STATUS.values.AVAILABLE };
  await db().insert(docks).values([
    { ...base, dockCode: DOCK, dockName: 'Outbound 1', dockType: DOCK_TYPE.values.OUTBOUND },
    { ...base, dockCode: INBOUND_DOCK, dockName: 'Inbound 1', dockType: DOCK_TYPE.values.INBOUND },
  ]).onConflictDoNothing();
}, 120_000);
afterAll(() => server?.close());

const open = (carrier: string, extra: Record<string, unknown> = {}, device = loader) => {
  const shippingNo = newShippingNo();
  return device.push(shippingOps.open.kind, { shipping_no: shippingNo, kind: K.COURIER, carrier_name: carrier, dock_code: DOCK, ...extra })
    .then((answer) => ({ shippingNo, answer }));
};
const load = (shippingNo: string, trackingNo: string, device = loader) => device.push(shippingOps.load.kind, { shipping_no: shippingNo, tracking_no: trackingNo });
const close = (shippingNo: string, device = loader) => device.push(shippingOps.close.kind, { shipping_no: shippingNo });

async function parcelStatus(trackingNo: string) {
  const [row] = await db().select({ status: parcels.status, shippingNo: parcels.shippingNo }).from(parcels)
    .where(and(eq(parcels.whsId, WHS), eq(parcels.trackingNo, trackingNo)));
  return row!;
}
const shipRows = (shippingNo: string) => db().select().from(inventoryTransactions)
  .where(and(eq(inventoryTransactions.whsId, WHS), eq(inventoryTransactions.refType, INVENTORY_REF_TYPE.values.SHIPPING), eq(inventoryTransactions.refNo, shippingNo)));

describe('a courier handover', () => {
  test('open, load every parcel, close: parcels shipped, orders outbound with their log, units credited from the order, manifest logged', async () => {
    const carrier = newCarrier();
    const one = await flow.packedOrder([{ sku_id: skuA, qty: 2 }], carrier);
    const two = await flow.packedOrder([{ sku_id: skuA, qty: 1 }, { sku_id: skuB, qty: 3 }], carrier, [[{ sku_id: skuA, qty: 1 }], [{ sku_id: skuB, qty: 3 }]]);
    const { shippingNo, answer } = await open(carrier, { vehicle_no: 'B 1234 XY', driver_name: 'Budi' });
    expect(answer.status, answer.message).toBe('applied');
    expect(answer.data).toMatchObject({ shipping_no: shippingNo, one_awb: false, max_parcels: null });
    for (const t of [...one.trackingNos, ...two.trackingNos]) {
      const loaded = await load(shippingNo, t);
      expect(loaded.status, loaded.message).toBe('applied');
      expect((await parcelStatus(t))).toEqual({ status: P.SHIPPING, shippingNo });
    }
    const board = await loader.client.get(`${CALLS}/get_shipping_board`, {});
    expect(board.retcode, board.message).toBe(0);
    expect(board.data.handovers.find((h: { shipping_no: string }) => h.shipping_no === shippingNo)).toMatchObject({ parcel_count: 3, qty: 6, status: HANDOVER_STATUS.values.LOADING });
    expect(board.data.docks.map((d: { dock_code: string }) => d.dock_code)).toContain(DOCK);
    expect(board.data.docks.map((d: { dock_code: string }) => d.dock_code)).not.toContain(INBOUND_DOCK);

    const closed = await close(shippingNo);
    expect(closed.status, closed.message).toBe('applied');
    expect(closed.data).toMatchObject({ parcel_count: 3, qty: 6, outbound_order_nos: [one.orderNo, two.orderNo].sort(), shipping_order_nos: [], master_awb: null });
    for (const t of [...one.trackingNos, ...two.trackingNos]) expect((await parcelStatus(t)).status).toBe(P.SHIPPED);
    expect(await flow.orderStatus(one.orderNo)).toBe(S.OUTBOUND);
    expect(await flow.orderStatus(two.orderNo)).toBe(S.OUTBOUND);

    const rows = await shipRows(shippingNo);
    expect(rows.every((r) => r.txnType === INVENTORY_TRANSACTION_TYPE.values.SHIP_ORDER && r.direction === INVENTORY_TRANSACTION_DIRECTION.values.CREDIT)).toBe(true);
    expect(rows.reduce((sum, r) => sum + r.qty, 0)).toBe(6);
    expect(new Set(rows.map((r) => r.locationId))).toEqual(new Set([one.orderNo, two.orderNo]));
    const left = await db().select({ n: sql<number>`coalesce(sum(${locationInventory.onhandQty}), 0)::int` }).from(locationInventory)
      .where(and(eq(locationInventory.whsId, WHS), inArray(locationInventory.locationId, [one.orderNo, two.orderNo])));
    expect(left[0]!.n).toBe(0);

    const logs = await db().select().from(salesOrderLogs).where(and(eq(salesOrderLogs.whsId, WHS), eq(salesOrderLogs.orderNo, two.orderNo)));
    expect(logs.filter((l) => l.fromStatus === S.PACKED && l.toStatus === S.SHIPPING)).toHaveLength(1);
    expect(logs.filter((l) => l.fromStatus === S.SHIPPING && l.toStatus === S.OUTBOUND)).toHaveLength(1);

    const [manifest] = await db().select().from(printJobs).where(and(eq(printJobs.whsId, WHS), eq(printJobs.refNo, shippingNo), eq(printJobs.kind, 'MANIFEST')));
    expect((manifest!.job as PrintJob).print_content).toContain(one.trackingNos[0]);
    expect((manifest!.job as PrintJob).print_content).toContain('TO TRANSIT WAREHOUSE');
    expect((manifest!.job as PrintJob).print_content).toContain('data-barcode-text="' + shippingNo + '"');

    const detail = await supervisor.get(`${CALLS}/get_handover_detail`, { shipping_no: shippingNo });
    expect(detail.data.handover).toMatchObject({ status: HANDOVER_STATUS.values.SHIPPED, parcel_count: 3, vehicle_no: 'B 1234 XY', driver_name: 'Budi', dock_code: DOCK });
    expect(detail.data.orders).toEqual([{ order_no: one.orderNo, status: S.OUTBOUND }, { order_no: two.orderNo, status: S.OUTBOUND }].sort((a, b) => (a.order_no < b.order_no ? -1 : 1)));
    const ofOrder = await supervisor.get(`${CALLS}/get_order_shipping`, { order_no: two.orderNo });
    expect(ofOrder.data.handovers.map((h: { shipping_no: string }) => h.shipping_no)).toEqual([shippingNo]);
    expect(ofOrder.data.parcels).toHaveLength(2);
    const list = await supervisor.get(`${CALLS}/search_shipping_handover`, { shipping_no: shippingNo });
    expect(list.data.list).toHaveLength(1);
    const shipOrders = await supervisor.get(`${CALLS}/search_ship_order`, { shipping_no: shippingNo });
    expect(shipOrders.data.list.map((r: { tracking_no: string }) => r.tracking_no).sort()).toEqual([...one.trackingNos, ...two.trackingNos].sort());
  });

  test('an order with parcels still to load stays Shipping; its last parcel on a later handover makes it Outbound, its units credited once', async () => {
    const carrier = newCarrier();
    const split = await flow.packedOrder([{ sku_id: skuA, qty: 2 }, { sku_id: skuB, qty: 1 }], carrier, [[{ sku_id: skuA, qty: 2 }], [{ sku_id: skuB, qty: 1 }]]);
    const first = await open(carrier);
    expect((await load(first.shippingNo, split.trackingNos[0]!)).status).toBe('applied');
    const closed = await close(first.shippingNo);
    expect(closed.data).toMatchObject({ outbound_order_nos: [], shipping_order_nos: [split.orderNo] });
    expect(await flow.orderStatus(split.orderNo)).toBe(S.SHIPPING);
    expect(await shipRows(first.shippingNo)).toHaveLength(0);
    const second = await open(carrier);
    expect((await load(second.shippingNo, split.trackingNos[1]!)).status).toBe('applied');
    expect((await close(second.shippingNo)).data.outbound_order_nos).toEqual([split.orderNo]);
    expect(await flow.orderStatus(split.orderNo)).toBe(S.OUTBOUND);
    const rows = await shipRows(second.shippingNo);
    expect(rows.reduce((sum, r) => sum + r.qty, 0)).toBe(3);
  });
});

describe('refusals', () => {
  test('the parcel: unknown, another carrier\'s, loaded already, replaced, intercepted, shipped; each refused with its retcode, nothing written', async () => {
    const carrier = newCarrier();
    const mine = await flow.packedOrder([{ sku_id: skuA, qty: 1 }], carrier);
    const theirs = await flow.packedOrder([{ sku_id: skuA, qty: 1 }], newCarrier());
    const odd = await flow.packedOrder([{ sku_id: skuA, qty: 1 }, { sku_id: skuB, qty: 1 }], carrier, [[{ sku_id: skuA, qty: 1 }], [{ sku_id: skuB, qty: 1 }]]);
    const { shippingNo } = await open(carrier);
    expect(await load(shippingNo, 'NO-SUCH-PARCEL')).toMatchObject({ status: 'rejected', retcode: RET.NOT_FOUND });
    expect(await load(shippingNo, theirs.trackingNos[0]!)).toMatchObject({ status: 'rejected', retcode: RET.SHIP_PARCEL_REFUSED, data: { reason: 'carrier' } });
    expect((await load(shippingNo, mine.trackingNos[0]!)).status).toBe('applied');
    expect(await load(shippingNo, mine.trackingNos[0]!)).toMatchObject({ status: 'rejected', retcode: RET.SHIP_PARCEL_REFUSED, data: { reason: 'loaded', shipping_no: shippingNo } });
    await db().update(parcels).set({ status: P.REPLACED, replacedBy: 'NEW-1' }).where(and(eq(parcels.whsId, WHS), eq(parcels.trackingNo, odd.trackingNos[0]!)));
    await db().update(parcels).set({ status: P.INTERCEPTED }).where(and(eq(parcels.whsId, WHS), eq(parcels.trackingNo, odd.trackingNos[1]!)));
    expect(await load(shippingNo, odd.trackingNos[0]!)).toMatchObject({ retcode: RET.SHIP_PARCEL_REFUSED, data: { reason: 'replaced', replaced_by: 'NEW-1' } });
    expect(await load(shippingNo, odd.trackingNos[1]!)).toMatchObject({ retcode: RET.SHIP_PARCEL_REFUSED, data: { reason: 'intercepted' } });
    const [h] = await db().select().from(shippingHandovers).where(and(eq(shippingHandovers.whsId, WHS), eq(shippingHandovers.shippingNo, shippingNo)));
    expect(h).toMatchObject({ parcelCount: 1, qty: 1 });
    expect((await close(shippingNo)).status).toBe('applied');
    const again = await open(carrier);
    expect(await load(again.shippingNo, mine.trackingNos[0]!)).toMatchObject({ retcode: RET.SHIP_PARCEL_REFUSED, data: { reason: 'shipped' } });
    // The closed handover takes nothing more.
    expect(await load(shippingNo, mine.trackingNos[0]!)).toMatchObject({ retcode: RET.SHIP_HANDOVER_UNAVAILABLE, data: { reason: 'shipped' } });
    expect(await close(shippingNo)).toMatchObject({ retcode: RET.SHIP_HANDOVER_UNAVAILABLE, data: { reason: 'shipped' } });
  });

  test('the handover: a number taken, an empty close, an inbound or unknown dock, a pallet still loading, a bad payload', async () => {
    const carrier = newCarrier();
    const { shippingNo } = await open(carrier);
    expect(await loader.push(shippingOps.open.kind, { shipping_no: shippingNo, kind: K.COURIER, carrier_name: carrier }))
      .toMatchObject({ status: 'rejected', retcode: RET.SHIP_HANDOVER_UNAVAILABLE, data: { reason: 'taken' } });
    expect(await close(shippingNo)).toMatchObject({ retcode: RET.SHIP_HANDOVER_UNAVAILABLE, data: { reason: 'empty' } });
    expect((await open(carrier, { dock_code: INBOUND_DOCK })).answer).toMatchObject({ retcode: RET.SHIP_DOCK_UNUSABLE, data: { dock_code: INBOUND_DOCK } });
    expect((await open(carrier, { dock_code: 'NOPE' })).answer).toMatchObject({ retcode: RET.SHIP_DOCK_UNUSABLE });
    const pallet = await open(carrier, { kind: K.PALLET, group_code: 'SHT-PAL-1' });
    expect(pallet.answer.status).toBe('applied');
    expect((await open(carrier, { kind: K.PALLET, group_code: 'SHT-PAL-1' })).answer).toMatchObject({ retcode: RET.SHIP_GROUP_CODE_BUSY, data: { shipping_no: pallet.shippingNo } });
    expect((await open(carrier, { kind: K.PALLET })).answer).toMatchObject({ status: 'rejected', retcode: RET.BAD_INPUT });
    expect((await loader.push(shippingOps.load.kind, { shipping_no: 'lower case', tracking_no: 'X' }))).toMatchObject({ status: 'rejected', retcode: RET.BAD_INPUT });
    expect(await load('SHTNONE000', 'X')).toMatchObject({ retcode: RET.NOT_FOUND });
  });
});

describe('exactly once', () => {
  test('open, loads and close sent again (a lost answer, a retry, the whole batch replayed): applied once, the repeats answered as duplicates', async () => {
    const carrier = newCarrier();
    const a = await flow.packedOrder([{ sku_id: skuA, qty: 2 }], carrier);
    const b = await flow.packedOrder([{ sku_id: skuB, qty: 1 }], carrier);
    const shippingNo = newShippingNo();
    const ops = [
      loader.op(shippingOps.open.kind, { shipping_no: shippingNo, kind: K.COURIER, carrier_name: carrier, dock_code: DOCK }),
      loader.op(shippingOps.load.kind, { shipping_no: shippingNo, tracking_no: a.trackingNos[0] }),
      loader.op(shippingOps.load.kind, { shipping_no: shippingNo, tracking_no: b.trackingNos[0] }),
      loader.op(shippingOps.close.kind, { shipping_no: shippingNo }),
    ];
    const firstTry = await loader.send(...ops.slice(0, 2));
    expect(firstTry.map((r) => r.status)).toEqual(['applied', 'applied']);
    const replay = await loader.send(...ops);
    expect(replay.map((r) => r.status)).toEqual(['duplicate', 'duplicate', 'applied', 'applied']);
    const again = await loader.send(...ops);
    expect(again.map((r) => r.status)).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect(again[3]!.data).toMatchObject({ outbound_order_nos: [a.orderNo, b.orderNo].sort() });
    const rows = await shipRows(shippingNo);
    expect(rows.reduce((sum, r) => sum + r.qty, 0)).toBe(3);
    const logs = await db().select().from(salesOrderLogs).where(and(eq(salesOrderLogs.whsId, WHS), eq(salesOrderLogs.orderNo, a.orderNo), eq(salesOrderLogs.toStatus, S.OUTBOUND)));
    expect(logs).toHaveLength(1);
    const manifests = await db().select().from(printJobs).where(and(eq(printJobs.whsId, WHS), eq(printJobs.refNo, shippingNo)));
    expect(manifests).toHaveLength(1);
  });
});

describe('shipping rules', () => {
  test('group shipping: its carrier\'s parcels refused by courier, loaded onto a pallet up to the rule\'s maximum; one AWB gives the group a master AWB and its label', async () => {
    const carrier = newCarrier();
    const rule = await supervisor.post(`${RULES}/create_group_shipping_rule`, { carrier_name: ` ${carrier} `, shop_ids: '', max_parcels: 2, status: 1 });
    expect(rule.retcode, rule.message).toBe(0);
    expect((await supervisor.post(`${RULES}/create_one_awb_rule`, { carrier_name: carrier, status: 1 })).retcode).toBe(0);
    const orders = [];
    for (let i = 0; i < 3; i += 1) orders.push(await flow.packedOrder([{ sku_id: skuA, qty: 1 }], carrier));
    const courier = await open(carrier);
    expect(await load(courier.shippingNo, orders[0]!.trackingNos[0]!)).toMatchObject({ retcode: RET.SHIP_GROUP_REQUIRED, data: { rule_id: rule.data.rule_id } });
    const bag = await open(carrier, { kind: K.BAG, group_code: `SHT-BAG-${carrierCount}` });
    expect(bag.answer.data).toMatchObject({ one_awb: true, max_parcels: 2 });
    expect((await load(bag.shippingNo, orders[0]!.trackingNos[0]!)).status).toBe('applied');
    expect((await load(bag.shippingNo, orders[1]!.trackingNos[0]!)).status).toBe('applied');
    expect(await load(bag.shippingNo, orders[2]!.trackingNos[0]!)).toMatchObject({ retcode: RET.SHIP_GROUP_FULL, data: { max_parcels: 2 } });
    const closed = await close(bag.shippingNo);
    expect(closed.data).toMatchObject({ master_awb: `M${bag.shippingNo}`, parcel_count: 2 });
    const [label] = await db().select().from(printJobs).where(and(eq(printJobs.whsId, WHS), eq(printJobs.refNo, `M${bag.shippingNo}`)));
    expect(label).toMatchObject({ kind: 'MASTER_AWB' });
    expect(await flow.orderStatus(orders[0]!.orderNo)).toBe(S.OUTBOUND);
    // The bag is free for the next group once shipped.
    expect((await open(carrier, { kind: K.BAG, group_code: `SHT-BAG-${carrierCount}` })).answer.status).toBe('applied');
  });

  test('bypass TWS: the first parcel sets where the vehicle goes, a parcel for the other place is refused, the manifest says line haul', async () => {
    const direct = newCarrier();
    const rule = await supervisor.post(`${RULES}/create_bypass_tws_rule`, { carrier_name: direct, shop_ids: '', line_haul_name: 'LH North', status: 1 });
    expect(rule.retcode, rule.message).toBe(0);
    const a = await flow.packedOrder([{ sku_id: skuA, qty: 1 }], direct);
    const { shippingNo } = await open(direct);
    expect((await load(shippingNo, a.trackingNos[0]!)).status).toBe('applied');
    // The rule stops: the next parcel of the carrier goes through the transit warehouse, not on this vehicle.
    expect((await supervisor.post(`${RULES}/update_bypass_tws_rule`, { rule_id: rule.data.rule_id, status: 2 })).retcode).toBe(0);
    const b = await flow.packedOrder([{ sku_id: skuA, qty: 1 }], direct);
    expect(await load(shippingNo, b.trackingNos[0]!)).toMatchObject({ retcode: RET.SHIP_LINE_HAUL_MISMATCH, data: { parcel_line_haul: false, handover_line_haul: true } });
    expect((await supervisor.post(`${RULES}/update_bypass_tws_rule`, { rule_id: rule.data.rule_id, status: 1 })).retcode).toBe(0);
    expect((await close(shippingNo)).status).toBe('applied');
    const [manifest] = await db().select().from(printJobs).where(and(eq(printJobs.whsId, WHS), eq(printJobs.refNo, shippingNo)));
    expect((manifest!.job as PrintJob).print_content).toContain('DIRECT TO LINE HAUL LH North');
    const detail = await supervisor.get(`${CALLS}/get_handover_detail`, { shipping_no: shippingNo });
    expect(detail.data).toMatchObject({ handover: { line_haul: true }, line_haul_name: 'LH North' });
  });

  test('rules are the Rule Center\'s: shops kept as a sorted list, operators may not write them, the board carries the active ones', async () => {
    const carrier = newCarrier();
    const made = await supervisor.post(`${RULES}/create_group_shipping_rule`, { carrier_name: carrier, shop_ids: 'S2, S1;S2', max_parcels: 5, status: 1 });
    expect(made.retcode, made.message).toBe(0);
    expect(made.data.shop_ids).toBe('S1,S2');
    expect((await supervisor.post(`${RULES}/create_group_shipping_rule`, { carrier_name: carrier, max_parcels: 0, status: 1 })).retcode).toBe(RET.BAD_INPUT);
    expect((await loader.client.post(`${RULES}/create_one_awb_rule`, { carrier_name: carrier, status: 1 })).retcode).toBe(RET.PERMISSION_DENIED);
    const board = await loader.client.get(`${CALLS}/get_shipping_board`, {});
    expect(board.data.rules.group.find((r: { rule_id: number }) => r.rule_id === made.data.rule_id)).toMatchObject({ shop_ids: ['S1', 'S2'], max_parcels: 5 });
  });
});

describe('warehouses apart', () => {
  test('another warehouse\'s handover and parcel are not found there; its board, details and lists hold none of ours', async () => {
    const carrier = newCarrier();
    const mine = await flow.packedOrder([{ sku_id: skuA, qty: 1 }], carrier);
    const { shippingNo } = await open(carrier);
    const outsider = await server.login((await server.createUser({ email: 'sht-outsider@demo.local', role: 'Supervisor', warehouses: [OTHER] })).email);
    const device = new Device(outsider);
    expect(await load(shippingNo, mine.trackingNos[0]!, device)).toMatchObject({ status: 'rejected', retcode: RET.NOT_FOUND });
    const theirs = newShippingNo();
    expect((await device.push(shippingOps.open.kind, { shipping_no: theirs, kind: K.COURIER, carrier_name: carrier })).status).toBe('applied');
    expect(await load(theirs, mine.trackingNos[0]!, device)).toMatchObject({ retcode: RET.NOT_FOUND });
    expect((await outsider.get(`${CALLS}/get_handover_detail`, { shipping_no: shippingNo })).retcode).toBe(RET.NOT_FOUND);
    expect((await outsider.get(`${CALLS}/get_order_shipping`, { order_no: mine.orderNo })).retcode).toBe(RET.NOT_FOUND);
    const board = await outsider.get(`${CALLS}/get_shipping_board`, {});
    expect(board.data.parcels.some((p: { order_no: string }) => p.order_no === mine.orderNo)).toBe(false);
    expect((await outsider.get(`${CALLS}/search_shipping_handover`, { shipping_no: shippingNo })).data.list).toHaveLength(0);
    expect((await load(shippingNo, mine.trackingNos[0]!)).status).toBe('applied');
    const [order] = await db().select({ status: salesOrders.status }).from(salesOrders).where(and(eq(salesOrders.whsId, WHS), eq(salesOrders.orderNo, mine.orderNo)));
    expect(order!.status).toBe(S.PACKED);
  });
});

describe('the demo', () => {
  test('every demo warehouse has its shipping rules, a handover shipped (its order Outbound) and one loading at the dock', async () => {
    const board = await supervisor.get(`${CALLS}/get_shipping_board`, {});
    expect(board.data.rules.one_awb.map((r: { carrier_name: string }) => r.carrier_name)).toContain('Ninja Van');
    expect(board.data.rules.bypass_tws.map((r: { carrier_name: string }) => r.carrier_name)).toContain('SPX Express');
    const shipped = await supervisor.get(`${CALLS}/get_handover_detail`, { shipping_no: `SHDEMO${WHS}1` });
    expect(shipped.retcode, shipped.message).toBe(0);
    expect(shipped.data.handover.status).toBe(HANDOVER_STATUS.values.SHIPPED);
    expect(shipped.data.orders.every((o: { status: number }) => o.status === S.OUTBOUND)).toBe(true);
    const loading = await supervisor.get(`${CALLS}/get_handover_detail`, { shipping_no: `SHDEMO${WHS}2` });
    expect(loading.data.handover).toMatchObject({ status: HANDOVER_STATUS.values.LOADING });
    expect(loading.data.parcels.length).toBeGreaterThan(0);
  });
});
