import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { TestClient, TestServer } from '../support/api-harness';
import { countAndComplete, inboundTestServer, memberWithoutPermissions } from '../support/inbound-fixture';
import { dispatchTransit, spreadReceipt, type TransitUnit } from '../../src/server/modules/inventory/in-transit';
import {
  asnLines, asnOrders, inboundTrackingIds, inventoryTransactions, locationInventory, transitShipmentLines, transitShipments,
} from '../../src/server/db/schema';
import {
  INBOUND_EXCEPTION_REASON, INBOUND_ORDER_TYPE, INBOUND_STATUS, INVENTORY_TRANSACTION_TYPE, STOCK_LOCATION_TYPE, TRANSIT_DIRECTION, TRANSIT_SHIPMENT_STATUS,
} from '../../src/shared/codes';
import { RET } from '../../src/shared/retcodes';
import { fingerprint, fingerprintDiff } from '../support/db-state';

const SRC = 'IDJKT1';
const DEST = 'SGSIN1';
const THIRD = 'MYKUL1';
const TRANSIT = '/apps/process/transfer/transit';
const MAP = '/apps/process/inventory/inventorymap';
const ARRIVAL = '/apps/process/inbound/transferinbound/trarrival';
const STAGING = 'IB-PUTAWAY-01';
const TX = INVENTORY_TRANSACTION_TYPE.values;
const S = TRANSIT_SHIPMENT_STATUS.values;

let server: TestServer;
let destAdmin: TestClient;
let destOperator: TestClient;
let srcAdmin: TestClient;
let thirdAdmin: TestClient;
/** Two good balances of the source's demo stock in cells (two SKUs). */
let balances: { location: string; skuId: string; batchId: string; available: number | null }[];

beforeAll(async () => {
  ({ server, clients: [destAdmin, destOperator] } = await inboundTestServer(DEST, ['admin@demo.local', 'operator@demo.local']));
  srcAdmin = await server.loginAt('admin@demo.local', SRC);
  thirdAdmin = await server.loginAt('admin@demo.local', THIRD);
  const db = server.database.db;
  const rows = await db.select({ location: locationInventory.locationId, skuId: locationInventory.skuId, batchId: locationInventory.batchId, available: locationInventory.availableQty })
    .from(locationInventory)
    .where(and(eq(locationInventory.whsId, SRC), eq(locationInventory.quality, 1), eq(locationInventory.locationType, STOCK_LOCATION_TYPE.values.CELL), gte(locationInventory.availableQty, 10)))
    .orderBy(locationInventory.skuId, locationInventory.locationId).limit(50);
  const bySku = new Map<string, (typeof rows)[number]>();
  for (const r of rows) if (!bySku.has(r.skuId)) bySku.set(r.skuId, r);
  balances = [...bySku.values()].slice(0, 2);
  expect(balances).toHaveLength(2);
}, 300_000);
afterAll(async () => {
  await server?.close();
});

let boxSeq = 0;
const box = () => `MTB-${process.pid}-${Date.now().toString(36)}-${++boxSeq}`;

/** Dispatches from the source's demo stock as an MT order's shipping would: in a transaction of its own. */
const dispatch = (units: TransitUnit[], destWhsId = DEST, orderNo = `MT-${Date.now()}`) =>
  server.database.db.transaction((tx) => dispatchTransit(tx, SRC, { orderNo, destWhsId, units, actor: null }));

async function available(b: (typeof balances)[number]) {
  const [row] = await server.database.db.select({ onhand: locationInventory.onhandQty, available: locationInventory.availableQty }).from(locationInventory)
    .where(and(eq(locationInventory.whsId, SRC), eq(locationInventory.locationId, b.location), eq(locationInventory.skuId, b.skuId),
      eq(locationInventory.batchId, b.batchId), eq(locationInventory.quality, 1)));
  return row!;
}

/** Ledger sums per SKU of a type and document in a warehouse. */
async function ledgerSum(whsId: string, type: number, refNo: string, skuId: string) {
  const [row] = await server.database.db.select({ qty: sql<number>`coalesce(sum(${inventoryTransactions.qty}), 0)::int` }).from(inventoryTransactions)
    .where(and(eq(inventoryTransactions.whsId, whsId), eq(inventoryTransactions.txnType, type), eq(inventoryTransactions.refNo, refNo), eq(inventoryTransactions.skuId, skuId)));
  return row!.qty;
}

/** Source 21 = destination 20 + short + in transit − over, per SKU: no unit is lost or counted twice. */
async function assertInvariant(shipmentNo: string, asnNo: string) {
  const lines = await server.database.db.select().from(transitShipmentLines)
    .where(and(eq(transitShipmentLines.whsId, SRC), eq(transitShipmentLines.shipmentNo, shipmentNo)));
  for (const skuId of new Set(lines.map((l) => l.skuId))) {
    const of = lines.filter((l) => l.skuId === skuId);
    const sum = (f: (l: (typeof of)[number]) => number) => of.reduce((n, l) => n + f(l), 0);
    const inTransit = sum((l) => l.dispatchedQty + l.overQty - l.receivedQty - l.shortQty);
    expect(inTransit).toBeGreaterThanOrEqual(0);
    expect(await ledgerSum(SRC, TX.MOVE_OUTBOUND, shipmentNo, skuId))
      .toBe(await ledgerSum(DEST, TX.MOVE_INBOUND, asnNo, skuId) + sum((l) => l.shortQty) + inTransit - sum((l) => l.overQty));
  }
}

const inTransitRows = async (client: TestClient, asnNo: string) =>
  ((await client.get(`${MAP}/search_in_transit_inventory`, { asn_no: asnNo, page_size: 50 })).data?.list ?? []) as Record<string, unknown>[];

describe('spreading a receipt over shipment lines', () => {
  test('lines fill up to what they dispatched; the last takes the rest as over; damaged follows the received units', () => {
    const lines = [{ lineNo: 1, dispatchedQty: 3 }, { lineNo: 2, dispatchedQty: 2 }];
    expect(spreadReceipt(lines, 4, 1)).toEqual([{ lineNo: 1, receivedQty: 3, damagedQty: 1, overQty: 0 }, { lineNo: 2, receivedQty: 1, damagedQty: 0, overQty: 0 }]);
    expect(spreadReceipt(lines, 7, 0)).toEqual([{ lineNo: 1, receivedQty: 3, damagedQty: 0, overQty: 0 }, { lineNo: 2, receivedQty: 4, damagedQty: 0, overQty: 2 }]);
  });
});

describe('a move transfer from IDJKT1 to SGSIN1', () => {
  test('dispatch, arrival by MTB scan, receipt with one short and one damaged: discrepancies on both sides, ledger 21 and 20, nothing lost', async () => {
    const [a, b] = balances as [(typeof balances)[number], (typeof balances)[number]];
    const before = [await available(a), await available(b)];
    const boxes = [box(), box()];
    const { shipmentNo, destAsnNo } = await dispatch([
      { locationId: a.location, skuId: a.skuId, batchId: a.batchId, quality: 1, qty: 3, boxId: boxes[0]! },
      { locationId: b.location, skuId: b.skuId, batchId: b.batchId, quality: 1, qty: 2, boxId: boxes[1]! },
    ]);

    // The source's on hand went down by a move outbound; the units are available nowhere.
    expect(await available(a)).toEqual({ onhand: before[0]!.onhand - 3, available: before[0]!.available! - 3 });
    expect(await available(b)).toEqual({ onhand: before[1]!.onhand - 2, available: before[1]!.available! - 2 });
    expect(await ledgerSum(SRC, TX.MOVE_OUTBOUND, shipmentNo, a.skuId)).toBe(3);
    const destStock = await server.database.db.select().from(locationInventory).where(and(eq(locationInventory.whsId, DEST), eq(locationInventory.skuId, a.skuId)));
    expect(destStock).toEqual([]);
    await assertInvariant(shipmentNo, destAsnNo);

    // The destination's ASN: Transfer Inbound, in transit, a line per SKU, the MTBs as its boxes.
    const [asn] = await server.database.db.select().from(asnOrders).where(and(eq(asnOrders.whsId, DEST), eq(asnOrders.asnNo, destAsnNo)));
    expect(asn).toMatchObject({ inboundType: INBOUND_ORDER_TYPE.values.TRANSFER_INBOUND, status: INBOUND_STATUS.values.IN_TRANSIT, totalExpectedQty: 5, expectedCartons: 2 });
    const lines = await server.database.db.select().from(asnLines).where(and(eq(asnLines.whsId, DEST), eq(asnLines.asnNo, destAsnNo))).orderBy(asnLines.lineNo);
    expect(lines.map((l) => [l.skuId, l.expectedQty])).toEqual([[a.skuId, 3], [b.skuId, 2]]);
    const cartons = await server.database.db.select({ id: inboundTrackingIds.trackingId }).from(inboundTrackingIds).where(and(eq(inboundTrackingIds.whsId, DEST), eq(inboundTrackingIds.asnNo, destAsnNo)));
    expect(cartons.map((c) => c.id).sort()).toEqual([...boxes].sort());

    // In transit on both maps: outgoing at the source, incoming at the destination.
    const outgoing = await inTransitRows(srcAdmin, destAsnNo);
    expect(outgoing.map((r) => [r.direction, r.sku_id, r.in_transit_qty, r.counterpart_whs_id])).toEqual(expect.arrayContaining([
      [TRANSIT_DIRECTION.values.OUTGOING, a.skuId, 3, DEST], [TRANSIT_DIRECTION.values.OUTGOING, b.skuId, 2, DEST],
    ]));
    const incoming = await inTransitRows(destAdmin, destAsnNo);
    // The destination sees where they come from.
    expect(incoming.map((r) => [r.direction, r.sku_id, r.in_transit_qty, r.counterpart_whs_id]))
      .toEqual([[TRANSIT_DIRECTION.values.INCOMING, a.skuId, 3, SRC], [TRANSIT_DIRECTION.values.INCOMING, b.skuId, 2, SRC]]);
    // Not available at the destination.
    const availableAtDest = await destAdmin.get(`${MAP}/search_available_inventory`, { sku_id: a.skuId });
    expect(availableAtDest.data.list.reduce((n: number, r: { available_qty: number }) => n + r.available_qty, 0)).toBe(0);

    // Lists and detail: outgoing at the source, incoming at the destination.
    const srcDetail = await srcAdmin.get(`${TRANSIT}/get_transit_shipment`, { shipment_no: shipmentNo });
    expect(srcDetail.data).toMatchObject({ direction: TRANSIT_DIRECTION.values.OUTGOING, dest_asn_no: destAsnNo, status: S.IN_TRANSIT });
    expect((await destAdmin.get(`${TRANSIT}/get_incoming_transit_shipment`, { shipment_no: shipmentNo })).data).toMatchObject({ direction: TRANSIT_DIRECTION.values.INCOMING });
    expect((await srcAdmin.get(`${TRANSIT}/get_incoming_transit_shipment`, { shipment_no: shipmentNo })).retcode).toBe(RET.NOT_FOUND);

    // Arrival: the sheet is the ASN, the MTBs are checked, the arrival completes.
    expect((await destOperator.post(`${ARRIVAL}/scan_arrival_sheet_id`, { sheet_id: destAsnNo })).retcode).toBe(0);
    for (const id of boxes) expect((await destOperator.post(`${ARRIVAL}/save_arrival_mtb`, { sheet_id: destAsnNo, tracking_id: id })).retcode).toBe(0);
    expect((await destOperator.post(`${ARRIVAL}/complete_arrival`, { sheet_id: destAsnNo })).retcode).toBe(0);
    expect((await srcAdmin.get(`${TRANSIT}/get_transit_shipment`, { shipment_no: shipmentNo })).data.status).toBe(S.ARRIVED);

    // Counted one short of SKU b; one unit of SKU a reported damaged; received.
    await countAndComplete(destOperator, { groupNo: destAsnNo, asnNos: [destAsnNo], cartons: [boxes] }, [[a.skuId, 3], [b.skuId, 1]]);
    const report = await destOperator.post('/apps/process/inbound/exception/report_inbound_exception', {
      asn_no: destAsnNo, sku_id: a.skuId, reason: INBOUND_EXCEPTION_REASON.values.DAMAGED, qty: 1, remark: 'crushed in transit',
    });
    expect(report.retcode).toBe(0);
    const received = await destOperator.post('/apps/process/inbound/receiving/complete_receiving', { asn_no: destAsnNo, staging_location: STAGING });
    expect(received.retcode).toBe(0);

    expect(await ledgerSum(DEST, TX.MOVE_INBOUND, destAsnNo, a.skuId)).toBe(3);
    expect(await ledgerSum(DEST, TX.MOVE_INBOUND, destAsnNo, b.skuId)).toBe(1);
    expect(await ledgerSum(DEST, TX.RECEIVED, destAsnNo, a.skuId)).toBe(0);
    const settled = (await srcAdmin.get(`${TRANSIT}/get_transit_shipment`, { shipment_no: shipmentNo })).data;
    expect(settled.status).toBe(S.RECEIVED);
    expect(settled.lines.map((l: Record<string, unknown>) => [l.sku_id, l.dispatched_qty, l.received_qty, l.damaged_qty, l.short_qty, l.over_qty, l.in_transit_qty]))
      .toEqual([[a.skuId, 3, 3, 1, 0, 0, 0], [b.skuId, 2, 1, 0, 1, 0, 0]]);
    // The destination sees the same discrepancies on its side.
    const destSide = (await destAdmin.get(`${TRANSIT}/get_incoming_transit_shipment`, { shipment_no: shipmentNo })).data;
    expect(destSide.lines).toEqual(settled.lines);
    await assertInvariant(shipmentNo, destAsnNo);
    expect(await inTransitRows(srcAdmin, destAsnNo)).toEqual([]);

    const dashboard = (await srcAdmin.get(`${TRANSIT}/get_transit_dashboard`, {})).data;
    expect(dashboard.outgoing).toMatchObject({ received: 1, with_discrepancy: 1 });
    expect((await destAdmin.get(`${TRANSIT}/get_transit_dashboard`, {})).data.incoming).toMatchObject({ received: 1, with_discrepancy: 1 });
  });

  test('refusals change nothing: unknown destination, the source itself, too little stock, a bad quantity, a box known at the destination', async () => {
    const [a] = balances as [(typeof balances)[number]];
    const unit = (more: Partial<TransitUnit> = {}): TransitUnit => ({ locationId: a.location, skuId: a.skuId, batchId: a.batchId, quality: 1, qty: 1, boxId: box(), ...more });
    const before = await fingerprint(server.database.db);
    const refused = async (run: Promise<unknown>, retcode: number) => {
      await expect(run).rejects.toMatchObject({ retcode });
    };
    await refused(dispatch([unit()], 'NOWHERE1'), RET.NOT_FOUND);
    await refused(dispatch([unit()], SRC), RET.BAD_INPUT);
    await refused(dispatch([unit({ qty: (await available(a)).available! + 1 })]), RET.INSUFFICIENT_STOCK);
    await refused(dispatch([unit({ qty: 0 })]), RET.BAD_INPUT);
    await refused(dispatch([unit({ boxId: 'not a box!' })]), RET.BAD_INPUT);
    const [known] = await server.database.db.select({ id: inboundTrackingIds.trackingId }).from(inboundTrackingIds).where(eq(inboundTrackingIds.whsId, DEST)).limit(1);
    await refused(dispatch([unit({ boxId: known!.id })]), RET.BAD_INPUT);
    await refused(dispatch([]), RET.BAD_INPUT);
    expect(fingerprintDiff(before, await fingerprint(server.database.db)).filter((t) => !t.includes('seq'))).toEqual([]);
  });

  test('permissions and warehouses: a third warehouse sees nothing; a member without permissions is refused', async () => {
    const [a] = balances as [(typeof balances)[number]];
    const { shipmentNo, destAsnNo } = await dispatch([{ locationId: a.location, skuId: a.skuId, batchId: a.batchId, quality: 1, qty: 1, boxId: box() }]);
    expect((await thirdAdmin.get(`${TRANSIT}/get_transit_shipment`, { shipment_no: shipmentNo })).retcode).toBe(RET.NOT_FOUND);
    expect((await thirdAdmin.get(`${TRANSIT}/get_incoming_transit_shipment`, { shipment_no: shipmentNo })).retcode).toBe(RET.NOT_FOUND);
    expect(await inTransitRows(thirdAdmin, destAsnNo)).toEqual([]);
    const third = (await thirdAdmin.get(`${TRANSIT}/get_transit_dashboard`, {})).data;
    expect(third).toEqual({ outgoing: { in_transit: 0, received: 0, with_discrepancy: 0 }, incoming: { in_transit: 0, received: 0, with_discrepancy: 0 } });
    const bare = await memberWithoutPermissions(server, SRC);
    expect((await bare.get(`${TRANSIT}/get_transit_shipment`, { shipment_no: shipmentNo })).retcode).toBe(RET.PERMISSION_DENIED);
    expect((await bare.get(`${TRANSIT}/get_transit_dashboard`, {})).retcode).toBe(RET.PERMISSION_DENIED);
    // Move Transfer Inbound's lists: the destination's ASN list of Transfer Inbound ASNs and its MT orders; nothing at the source.
    const mtAsns = (client: TestClient) => client.get('/apps/process/inbound/asn/search_mt_asn', { asn_no: destAsnNo });
    expect((await mtAsns(destAdmin)).data.list.map((r: { asn_no: string; inbound_type: number }) => [r.asn_no, r.inbound_type])).toEqual([[destAsnNo, INBOUND_ORDER_TYPE.values.TRANSFER_INBOUND]]);
    expect((await mtAsns(srcAdmin)).data.list).toEqual([]);
    const incomingList = (client: TestClient) => client.get(`${TRANSIT}/search_incoming_transit_shipment`, { shipment_no: shipmentNo });
    expect((await incomingList(destAdmin)).data.list.map((r: Record<string, unknown>) => [r.shipment_no, r.direction, r.src_whs_id, r.dispatched_qty, r.in_transit_qty]))
      .toEqual([[shipmentNo, TRANSIT_DIRECTION.values.INCOMING, SRC, 1, 1]]);
    expect((await incomingList(srcAdmin)).data.list).toEqual([]);
    expect((await srcAdmin.get(`${TRANSIT}/search_transit_shipment`, { shipment_no: shipmentNo })).data.list.map((r: Record<string, unknown>) => r.direction)).toEqual([TRANSIT_DIRECTION.values.OUTGOING]);
    expect((await thirdAdmin.get(`${TRANSIT}/search_transit_shipment`, { shipment_no: shipmentNo })).data.list).toEqual([]);
    const [row] = await server.database.db.select().from(transitShipments).where(and(eq(transitShipments.whsId, SRC), eq(transitShipments.shipmentNo, shipmentNo)));
    expect(row).toMatchObject({ destWhsId: DEST, status: S.IN_TRANSIT });
  });
});
