import { and, asc, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { ChangeWatch } from '../support/db-state';
import { refusedUnchanged } from '../support/stock-fixture';
import { dispatchTransit } from '../../src/server/modules/inventory/in-transit';
import { locationInventory, mtOrders, salesOrderLines } from '../../src/server/db/schema';
import {
  QUALITY, RTS_STATUS, STOCK_LOCATION_TYPE, TRANSFER_REQUEST_STATUS, TRANSFER_TASK_STAGE, TRANSIT_DIRECTION,
} from '../../src/shared/codes';
import { RET } from '../../src/shared/retcodes';

/**
 * Transfer requests (transfer-request.contract.ts): SGSIN1 asks IDJKT1 for stock; IDJKT1 accepts
 * (an MT order in IDJKT1) or rejects; SGSIN1 cancels; MYKUL1 sees none of it. Transfer tasks: the
 * source's MT orders with their progress to the destination.
 */

const REQUESTER = 'SGSIN1';
const SOURCE = 'IDJKT1';
const THIRD = 'MYKUL1';
const CALLS = '/apps/process/transfer/transferrequest';
const TASKS = '/apps/process/transfer/transfertask';
const MT = '/apps/process/outbound/mtorder';
const R = TRANSFER_REQUEST_STATUS.values;
const G = TRANSFER_TASK_STAGE.values;
const OUT = TRANSIT_DIRECTION.values.OUTGOING;
const IN = TRANSIT_DIRECTION.values.INCOMING;

let server: TestServer;
let requester: TestClient;
let source: TestClient;
let sourceApprover: TestClient;
let third: TestClient;
let watch: ChangeWatch;
/** IDJKT1's SKUs with stock to give (good units in cells), and one cell of each. */
let stocked: { skuId: string; location: string; batchId: string }[];
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
  requester = await server.loginAt('admin@demo.local', REQUESTER);
  source = await server.loginAt('admin@demo.local', SOURCE);
  sourceApprover = await server.loginAt('supervisor@demo.local', SOURCE);
  third = await server.loginAt('admin@demo.local', THIRD);
  watch = new ChangeWatch(db());
  const li = locationInventory;
  const rows = await db().select({ skuId: li.skuId, location: li.locationId, batchId: li.batchId }).from(li)
    .where(and(eq(li.whsId, SOURCE), eq(li.quality, QUALITY.values.GOOD), eq(li.locationType, STOCK_LOCATION_TYPE.values.CELL), gte(li.availableQty, 30)))
    .orderBy(asc(li.skuId), asc(li.locationId)).limit(200);
  stocked = rows.filter((r, i) => rows.findIndex((o) => o.skuId === r.skuId) === i).slice(-6);
  expect(stocked.length).toBeGreaterThanOrEqual(4);
}, 300_000);
afterAll(async () => {
  await server?.close();
});

const refused = (run: () => Promise<{ retcode: number; message: string }>, retcode: number) => refusedUnchanged(watch, run, retcode);

async function raise(lines: { sku_id: string; qty: number }[], remark: string | null = 'store opening'): Promise<string> {
  const res = await requester.post(`${CALLS}/create_transfer_request`, { source_whs_id: SOURCE, needed_by: '2026-12-24', remark, lines });
  expect(res.retcode, res.message).toBe(0);
  return res.data.request_no as string;
}
async function list(client: TestClient, query: Record<string, string | number> = {}): Promise<Record<string, unknown>[]> {
  const res = await client.get<{ list: Record<string, unknown>[] }>(`${CALLS}/search_transfer_request`, { page_size: 200, ...query });
  expect(res.retcode, res.message).toBe(0);
  return res.data.list;
}
const rowOf = async (client: TestClient, requestNo: string) => (await list(client, { request_no: requestNo }))[0];
const counts = async (client: TestClient) => (await client.get(`${CALLS}/get_transfer_request_counts`)).data.requested as { outgoing: number; incoming: number };

describe('raising a request', () => {
  test('bad input is refused and nothing is written', async () => {
    const sku = stocked[0]!.skuId;
    await refused(() => requester.post(`${CALLS}/create_transfer_request`, { source_whs_id: REQUESTER, lines: [{ sku_id: sku, qty: 1 }] }), RET.BAD_INPUT);
    await refused(() => requester.post(`${CALLS}/create_transfer_request`, { source_whs_id: 'NOWHERE1', lines: [{ sku_id: sku, qty: 1 }] }), RET.BAD_INPUT);
    const unknown = await refused(() => requester.post(`${CALLS}/create_transfer_request`, { source_whs_id: SOURCE, lines: [{ sku_id: 'NO-SUCH-SKU', qty: 1 }] }), RET.BAD_INPUT);
    expect(unknown).toContain('NO-SUCH-SKU');
    await refused(() => requester.post(`${CALLS}/create_transfer_request`, { source_whs_id: SOURCE, lines: [{ sku_id: sku, qty: 1 }, { sku_id: sku, qty: 2 }] }), RET.BAD_INPUT);
    await refused(() => requester.post(`${CALLS}/create_transfer_request`, { source_whs_id: SOURCE, lines: [] }), RET.BAD_INPUT);
    await refused(() => requester.post(`${CALLS}/create_transfer_request`, { source_whs_id: SOURCE, lines: [{ sku_id: sku, qty: 0 }] }), RET.BAD_INPUT);
    await refused(() => requester.post(`${CALLS}/create_transfer_request`, { source_whs_id: SOURCE, needed_by: '2026-13-40', lines: [{ sku_id: sku, qty: 1 }] }), RET.BAD_INPUT);
  });

  test('raised by the requester: outgoing for it, incoming for the source, invisible to a third warehouse; the dashboard counts it on both sides', async () => {
    const before = { mine: await counts(requester), theirs: await counts(source) };
    const requestNo = await raise([{ sku_id: stocked[0]!.skuId, qty: 2 }, { sku_id: stocked[1]!.skuId, qty: 1 }]);
    expect(requestNo).toMatch(/^TR\d{12}$/);

    const detail = await requester.get(`${CALLS}/get_transfer_request`, { request_no: requestNo });
    expect(detail.data).toMatchObject({
      direction: OUT, requester_whs_id: REQUESTER, source_whs_id: SOURCE, status: R.REQUESTED, needed_by: '2026-12-24', remark: 'store opening', line_count: 2, total_qty: 3,
      mt_order_no: null,
    });
    expect(detail.data.lines.map((l: { sku_id: string; qty: number }) => [l.sku_id, l.qty])).toEqual([[stocked[0]!.skuId, 2], [stocked[1]!.skuId, 1]]);
    expect((await source.get(`${CALLS}/get_transfer_request`, { request_no: requestNo })).data).toMatchObject({ direction: IN, status: R.REQUESTED });

    expect(await rowOf(requester, requestNo)).toMatchObject({ direction: OUT, status: R.REQUESTED, source_whs_id: SOURCE });
    expect(await rowOf(source, requestNo)).toMatchObject({ direction: IN, status: R.REQUESTED, requester_whs_id: REQUESTER });
    expect((await list(source, { direction: IN })).map((r) => r.request_no)).toContain(requestNo);
    expect((await list(source, { direction: OUT })).map((r) => r.request_no)).not.toContain(requestNo);

    // A third warehouse: not found, empty lists, no decision.
    expect((await third.get(`${CALLS}/get_transfer_request`, { request_no: requestNo })).retcode).toBe(RET.NOT_FOUND);
    expect((await list(third)).map((r) => r.request_no)).not.toContain(requestNo);
    await refused(() => third.post(`${CALLS}/accept_transfer_request`, { request_no: requestNo }), RET.NOT_FOUND);
    await refused(() => third.post(`${CALLS}/cancel_transfer_request`, { request_no: requestNo, reason: 'no' }), RET.NOT_FOUND);

    expect(await counts(requester)).toEqual({ outgoing: before.mine.outgoing + 1, incoming: before.mine.incoming });
    expect(await counts(source)).toEqual({ outgoing: before.theirs.outgoing, incoming: before.theirs.incoming + 1 });
  });
});

describe('deciding a request', () => {
  test('the requester cannot accept or reject its own; the source cannot cancel it', async () => {
    const requestNo = await raise([{ sku_id: stocked[0]!.skuId, qty: 1 }]);
    await refused(() => requester.post(`${CALLS}/accept_transfer_request`, { request_no: requestNo }), RET.NOT_FOUND);
    await refused(() => requester.post(`${CALLS}/reject_transfer_request`, { request_no: requestNo, reason: 'mine' }), RET.NOT_FOUND);
    await refused(() => source.post(`${CALLS}/cancel_transfer_request`, { request_no: requestNo, reason: 'theirs' }), RET.NOT_FOUND);
  });

  test('rejected by the source with its reason: final, on both sides', async () => {
    const requestNo = await raise([{ sku_id: stocked[2]!.skuId, qty: 1 }]);
    const res = await source.post(`${CALLS}/reject_transfer_request`, { request_no: requestNo, reason: 'Stock kept for the sale' });
    expect(res.retcode, res.message).toBe(0);
    expect(res.data).toMatchObject({ status: R.REJECTED, reject_reason: 'Stock kept for the sale', decided_by_name: expect.any(String) });
    expect(await rowOf(requester, requestNo)).toMatchObject({ status: R.REJECTED, reject_reason: 'Stock kept for the sale' });
    await refused(() => source.post(`${CALLS}/accept_transfer_request`, { request_no: requestNo }), RET.ILLEGAL_TRANSITION);
    await refused(() => requester.post(`${CALLS}/cancel_transfer_request`, { request_no: requestNo, reason: 'late' }), RET.ILLEGAL_TRANSITION);
  });

  test('cancelled by the requester before a decision; then neither accepted nor cancelled again', async () => {
    const requestNo = await raise([{ sku_id: stocked[2]!.skuId, qty: 1 }]);
    const res = await requester.post(`${CALLS}/cancel_transfer_request`, { request_no: requestNo, reason: 'Found it locally' });
    expect(res.retcode, res.message).toBe(0);
    expect(res.data).toMatchObject({ status: R.CANCELLED, cancel_reason: 'Found it locally' });
    expect(await rowOf(source, requestNo)).toMatchObject({ status: R.CANCELLED });
    await refused(() => source.post(`${CALLS}/accept_transfer_request`, { request_no: requestNo }), RET.ILLEGAL_TRANSITION);
    await refused(() => requester.post(`${CALLS}/cancel_transfer_request`, { request_no: requestNo, reason: 'again' }), RET.ILLEGAL_TRANSITION);
  });

  test('accepting more than the source holds is refused and nothing is written', async () => {
    const requestNo = await raise([{ sku_id: stocked[3]!.skuId, qty: 99_999 }]);
    await refused(() => source.post(`${CALLS}/accept_transfer_request`, { request_no: requestNo }), RET.ORDER_LINE_INVALID);
    expect(await rowOf(requester, requestNo)).toMatchObject({ status: R.REQUESTED, mt_order_no: null });
  });
});

describe('an accepted request and its transfer task', () => {
  test('the source accepts: its MT order to the requester with the lines; released and shipped, both sides follow it', async () => {
    const [a, b] = stocked.slice(-2) as [(typeof stocked)[number], (typeof stocked)[number]];
    const requestNo = await raise([{ sku_id: a.skuId, qty: 3 }, { sku_id: b.skuId, qty: 2 }], null);
    const accepted = await source.post(`${CALLS}/accept_transfer_request`, { request_no: requestNo });
    expect(accepted.retcode, accepted.message).toBe(0);
    const orderNo = accepted.data.mt_order_no as string;
    expect(accepted.data).toMatchObject({ status: R.ACCEPTED, mt_order_no: expect.stringMatching(/^MT\d{12}$/) });

    // The MT order is the source's, pending approval, to the requester, with the request's lines.
    const [doc] = await db().select().from(mtOrders).where(and(eq(mtOrders.whsId, SOURCE), eq(mtOrders.orderNo, orderNo)));
    expect(doc).toMatchObject({ destWhsId: REQUESTER, docStatus: RTS_STATUS.values.PENDING, remark: `Transfer request ${requestNo}` });
    const lines = await db().select().from(salesOrderLines).where(and(eq(salesOrderLines.whsId, SOURCE), eq(salesOrderLines.orderNo, orderNo))).orderBy(salesOrderLines.lineNo);
    expect(lines.map((l) => [l.skuId, l.qty])).toEqual([[a.skuId, 3], [b.skuId, 2]]);
    expect(await rowOf(requester, requestNo)).toMatchObject({ status: R.ACCEPTED, mt_order_no: orderNo });
    await refused(() => source.post(`${CALLS}/accept_transfer_request`, { request_no: requestNo }), RET.ILLEGAL_TRANSITION);

    // The transfer task: waiting until released; not the requester's nor a third warehouse's.
    const task = async () => {
      const res = await source.get(`${TASKS}/get_transfer_task`, { order_no: orderNo });
      expect(res.retcode, res.message).toBe(0);
      return res.data;
    };
    expect(await task()).toMatchObject({ stage: G.WAITING, request_no: requestNo, dest_whs_id: REQUESTER, requested_qty: 5, picked_qty: 0, shipped_qty: 0 });
    expect((await requester.get(`${TASKS}/get_transfer_task`, { order_no: orderNo })).retcode).toBe(RET.NOT_FOUND);
    expect((await third.get(`${TASKS}/get_transfer_task`, { order_no: orderNo })).retcode).toBe(RET.NOT_FOUND);
    const taskList = await source.get<{ list: Record<string, unknown>[] }>(`${TASKS}/search_transfer_task`, { order_no: orderNo });
    expect(taskList.data.list).toEqual([expect.objectContaining({ order_no: orderNo, stage: G.WAITING, request_no: requestNo })]);

    // Approved by another than the one who accepted, allocated, released: picking.
    for (const [path, body] of [['approve_mt_order', { order_no: orderNo }], ['allocate_mt_orders', { order_nos: [orderNo] }], ['release_mt_orders', { order_nos: [orderNo] }]] as const) {
      const res = await sourceApprover.post(`${MT}/${path}`, body);
      expect(res.retcode, `${path}: ${res.message}`).toBe(0);
    }
    expect(await task()).toMatchObject({ stage: G.PICKING, doc_status: RTS_STATUS.values.OUTBOUNDING, requested_qty: 5 });
    expect((await task()).lines).toEqual([
      expect.objectContaining({ sku_id: a.skuId, requested_qty: 3, shipped_qty: 0 }), expect.objectContaining({ sku_id: b.skuId, requested_qty: 2, shipped_qty: 0 }),
    ]);
    expect(await rowOf(requester, requestNo)).toMatchObject({ status: R.ACCEPTED });

    // Shipped (as MT shipping will: dispatchTransit under the order's number): in transit on both sides.
    const { shipmentNo } = await db().transaction((tx) => dispatchTransit(tx, SOURCE, {
      orderNo, destWhsId: REQUESTER, actor: null,
      units: [
        { locationId: a.location, skuId: a.skuId, batchId: a.batchId, quality: QUALITY.values.GOOD, qty: 3, boxId: `MTB-TR-${process.pid}-1` },
        { locationId: b.location, skuId: b.skuId, batchId: b.batchId, quality: QUALITY.values.GOOD, qty: 2, boxId: `MTB-TR-${process.pid}-2` },
      ],
    }));
    expect(await task()).toMatchObject({ stage: G.IN_TRANSIT, shipment_no: shipmentNo, shipped_qty: 5, received_qty: 0 });
    expect(await rowOf(requester, requestNo)).toMatchObject({ status: R.IN_TRANSIT });
    expect(await rowOf(source, requestNo)).toMatchObject({ status: R.IN_TRANSIT });
    expect((await requester.get(`${CALLS}/get_transfer_request`, { request_no: requestNo })).data).toMatchObject({ shipment_no: shipmentNo });
  });
});
