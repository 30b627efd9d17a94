import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { Device } from '../support/op-device';
import { outboundFlow } from '../support/outbound-flow';
import { docks, inventoryTransactions, locationInventory, parcels, printJobs, salesOrderLogs, stations } from '../../src/server/db/schema';
import {
  CHECKING_REFUSAL_REASON, CHECKING_STATION_MODE, DOCK_STATUS, DOCK_TYPE, HANDOVER_KIND, INVENTORY_REF_TYPE, INVENTORY_TRANSACTION_DIRECTION,
  INVENTORY_TRANSACTION_TYPE, PARCEL_STATUS, PICKING_TYPE, SALES_ORDER_STATUS, STATION_STATUS, STATION_TYPE,
} from '../../src/shared/codes';
import { checkingOps } from '../../src/shared/ops/checking.ops';
import { packingOps } from '../../src/shared/ops/packing.ops';
import { shippingOps } from '../../src/shared/ops/shipping.ops';
import { sortingOps } from '../../src/shared/ops/sorting.ops';
import type { PrintJob } from '../../src/shared/print';
import { RET } from '../../src/shared/retcodes';

/**
 * The journey through the API, every step as its station sends it (offline ops through a
 * device, each sent twice to prove the replay): a batch wave picked into one cart → sorted at a put
 * wall (a wrong slot refused) → each order checked from its slot (a wrong unit refused and recorded)
 * → packed (a carton taken from consumable stock) with its label logged → handed over in a group
 * with one AWB → orders Outbound. The ledger and each order's log tell the same story, nothing doubled.
 */
const WHS = 'SGSIN1';
const S = SALES_ORDER_STATUS.values;
const WALL = 'JRN-PW';
const CHECK = 'JRN-CHK';
const PACK = 'JRN-PACK';
const DOCK = 'JRN-D1';
const CARRIER = 'JRN Express';

let server: TestServer;
let supervisor: TestClient;
let operator: TestClient;
const flow = outboundFlow(() => server, WHS, 'JRN');
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
  supervisor = await flow.signIn('Supervisor');
  const op = await server.createUser({ email: 'jrn-operator@demo.local', role: 'Operator', warehouses: [WHS] });
  operator = await server.login(op.email);
  const base = { whsId: WHS, status: STATION_STATUS.values.ENABLED, checkingMode: null };
  await db().insert(stations).values([
    { ...base, stationId: WALL, stationName: 'Journey wall', stationType: STATION_TYPE.values.SORTING },
    { ...base, stationId: CHECK, stationName: 'Journey check', stationType: STATION_TYPE.values.CHECKING, checkingMode: CHECKING_STATION_MODE.values.CHECKING },
    { ...base, stationId: PACK, stationName: 'Journey pack', stationType: STATION_TYPE.values.PACKING },
  ]);
  await db().insert(docks).values({ whsId: WHS, dockCode: DOCK, dockName: 'Journey dock', dockType: DOCK_TYPE.values.OUTBOUND, status: DOCK_STATUS.values.AVAILABLE });
  const rules = [
    ['/apps/rulecenter/sortingrule/create_sorting_rule', { rule_name: 'Journey waves', priority: 1, station_ids: WALL, wall_slots: 4, picking_type: PICKING_TYPE.values.PICK_TO_WAVE, min_orders: 2, status: 1 }],
    ['/apps/rulecenter/sortingskill/create_sorting_skill', { user_id: op.userId, station_ids: WALL }],
    ['/apps/rulecenter/shippingrule/create_group_shipping_rule', { carrier_name: CARRIER, shop_ids: '', max_parcels: 10, status: 1 }],
    ['/apps/rulecenter/shippingrule/create_one_awb_rule', { carrier_name: CARRIER, status: 1 }],
  ] as const;
  for (const [path, body] of rules) {
    const made = await supervisor.post(path, body);
    expect(made.retcode, `${path}: ${made.message}`).toBe(0);
  }
}, 120_000);
afterAll(() => server?.close());

/** Sends an op, then the same op again (a lost answer's retry): applied once, the replay a duplicate. */
async function twice(device: Device, kind: string, payload: Record<string, unknown>) {
  const op = device.op(kind, payload);
  const [first] = await device.send(op);
  expect(first!.status, `${kind}: ${first!.message}`).toBe('applied');
  const [again] = await device.send(op);
  expect(again!.status).toBe('duplicate');
  return first!;
}

describe('from a picked batch to the dock', () => {
  test('sorted, checked, packed, labelled and handed over in a group: orders Outbound, the ledger and the logs agree, nothing doubled', async () => {
    const [a, b] = await flow.stockedSkus(2, 300);
    const orders = [
      await flow.order([{ sku_id: a!, qty: 2 }, { sku_id: b!, qty: 1 }], { carrier: CARRIER, tracking_no: `JRN${Date.now()}A`, receiver: { name: 'Ana', phone: null, address: 'Rua 1\nSão Paulo' } }),
      await flow.order([{ sku_id: b!, qty: 2 }], { carrier: CARRIER, receiver: { name: 'Budi', phone: '+62 1', address: 'Jl. 2, Jakarta' } }),
    ];
    const cart = await flow.pickedCart(orders, PICKING_TYPE.values.PICK_TO_WAVE);
    const device = new Device(operator);

    // Sorting at the put wall: each order its slot; a unit scanned into the wrong slot moves nothing.
    const sorting = await operator.post('/apps/process/outbound/sorting/start_sorting_task', { station_id: WALL, container_code: cart });
    expect(sorting.retcode, sorting.message).toBe(0);
    const slots = new Map<string, { slot_no: number; slot_container: string; lines: { sku_id: string; qty: number }[] }>(
      sorting.data.orders.map((o: { order_no: string }) => [o.order_no, o]),
    );
    const taskNo = sorting.data.task.task_no;
    const wrongSlot = await device.push(sortingOps.sort.kind, { task_no: taskNo, order_no: orders[0], sku_id: a, qty: 1, slot_no: slots.get(orders[1]!)!.slot_no });
    expect(wrongSlot.retcode).toBe(RET.SORT_WRONG_SLOT);
    for (const orderNo of orders) {
      for (const line of slots.get(orderNo)!.lines) {
        for (let i = 0; i < line.qty; i++) await twice(device, sortingOps.sort.kind, { task_no: taskNo, order_no: orderNo, sku_id: line.sku_id, qty: 1, slot_no: slots.get(orderNo)!.slot_no });
      }
      expect(await flow.orderStatus(orderNo)).toBe(S.SORTED);
    }

    // Checking each order from its slot: a unit of another SKU refused (recorded), the order checked whole in a carton.
    for (const orderNo of orders) {
      const started = await operator.post('/apps/process/outbound/checking/start_checking_task', { station_id: CHECK, container_code: slots.get(orderNo)!.slot_container });
      expect(started.retcode, started.message).toBe(0);
      const [order] = started.data.orders;
      if (orderNo === orders[1]) {
        await twice(device, checkingOps.refuse.kind, { task_no: started.data.task.task_no, order_no: orderNo, reason: CHECKING_REFUSAL_REASON.values.NOT_IN_ORDER, scanned: a, sku_id: a });
      }
      await twice(device, checkingOps.check.kind, {
        task_no: started.data.task.task_no, order_no: orderNo, units: order.lines.map((l: { sku_id: string; qty: number }) => ({ sku_id: l.sku_id, qty: l.qty })),
        outer_packaging: started.data.task.need_scan_outer_packaging ? 'CB-S' : null, weight_g: started.data.task.remove_weight_input ? null : order.expected_weight_g,
      });
      expect(await flow.orderStatus(orderNo)).toBe(S.CHECKED);
    }

    // Packing: the first order in a medium carton (taken from stock; checking's small one back), the second in checking's box.
    const trackingNos: string[] = [];
    for (const [i, orderNo] of orders.entries()) {
      const started = await operator.post('/apps/process/outbound/packing/start_packing', { station_id: PACK, order: orderNo });
      expect(started.retcode, started.message).toBe(0);
      const work = started.data;
      const box = i === 0 ? 'CB-M' : work.checked_box_id;
      const tare = box ? work.boxes.find((x: { consumable_id: string }) => x.consumable_id === box).tare_weight_g : 0;
      const units = work.lines.reduce((sum: number, l: { qty: number }) => sum + l.qty, 0);
      const packed = await twice(device, packingOps.pack.kind, {
        task_no: work.task.task_no, labelled_at: Math.floor(Date.now() / 1000),
        parcels: [{ box_id: box, weight_g: units * 300 + tare, items: work.lines.map((l: { sku_id: string; qty: number }) => ({ sku_id: l.sku_id, qty: l.qty })) }],
      });
      trackingNos.push(...packed.data.tracking_nos);
      const [label] = await db().select({ job: printJobs.job }).from(printJobs)
        .where(and(eq(printJobs.whsId, WHS), eq(printJobs.kind, 'SHIPPING_LABEL'), eq(printJobs.refNo, packed.data.tracking_nos[0])));
      expect((label!.job as PrintJob).print_content).toContain(`data-barcode-text="${packed.data.tracking_nos[0]}"`);
    }

    // Group shipping: a pallet of the carrier (its rule sends it by group, one AWB), both parcels, handed over.
    const shippingNo = `JRN${Date.now().toString(36).toUpperCase()}`;
    await twice(device, shippingOps.open.kind, { shipping_no: shippingNo, kind: HANDOVER_KIND.values.PALLET, carrier_name: CARRIER, dock_code: DOCK, group_code: 'JRN-PLT1' });
    for (const trackingNo of trackingNos) await twice(device, shippingOps.load.kind, { shipping_no: shippingNo, tracking_no: trackingNo });
    const closed = await twice(device, shippingOps.close.kind, { shipping_no: shippingNo });
    expect(closed.data).toMatchObject({ outbound_order_nos: [...orders].sort(), master_awb: expect.any(String) });

    // The story: every order Outbound, its parcels shipped, nothing left on it; each unit credited once by the handover.
    const parcelRows = await db().select().from(parcels).where(and(eq(parcels.whsId, WHS), inArray(parcels.orderNo, orders)));
    expect(parcelRows.map((p) => [p.status, p.shippingNo])).toEqual(parcelRows.map(() => [PARCEL_STATUS.values.SHIPPED, shippingNo]));
    const left = await db().select().from(locationInventory).where(and(eq(locationInventory.whsId, WHS), inArray(locationInventory.locationId, [...orders, cart])));
    expect(left.filter((r) => r.onhandQty > 0)).toEqual([]);
    const ships = await db().select().from(inventoryTransactions)
      .where(and(eq(inventoryTransactions.whsId, WHS), eq(inventoryTransactions.refType, INVENTORY_REF_TYPE.values.SHIPPING), eq(inventoryTransactions.refNo, shippingNo)));
    expect(ships.every((r) => r.txnType === INVENTORY_TRANSACTION_TYPE.values.SHIP_ORDER && r.direction === INVENTORY_TRANSACTION_DIRECTION.values.CREDIT)).toBe(true);
    expect(ships.reduce((sum, r) => sum + r.qty, 0)).toBe(5);
    const path = [S.CREATED, S.PICKING, S.PICKED, S.SORTING, S.SORTED, S.CHECKING, S.CHECKED, S.PACKING, S.PACKED, S.SHIPPING, S.OUTBOUND];
    for (const orderNo of orders) {
      expect(await flow.orderStatus(orderNo)).toBe(S.OUTBOUND);
      const logs = await db().select({ from: salesOrderLogs.fromStatus, to: salesOrderLogs.toStatus }).from(salesOrderLogs)
        .where(and(eq(salesOrderLogs.whsId, WHS), eq(salesOrderLogs.orderNo, orderNo))).orderBy(asc(salesOrderLogs.logId));
      // Each status once, in order from its creation (allocation logs Created → Created; nothing doubled by the replays).
      expect(logs[0]).toEqual({ from: null, to: S.CREATED });
      const moves = logs.filter((l) => l.from !== null && l.from !== l.to).map((l) => l.to);
      expect([S.CREATED, ...moves]).toEqual(path);
    }
  });
});
