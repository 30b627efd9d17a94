import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { ChangeWatch } from '../support/db-state';
import { Device } from '../support/op-device';
import { outboundFixture } from '../support/outbound-fixture';
import { createTestSku } from '../support/putaway-fixture';
import { refusedUnchanged } from '../support/stock-fixture';
import { locationInventory, mtOrders, outboundAllocations, pickingTasks, salesOrders, waves } from '../../src/server/db/schema';
import { OUTBOUND_ORDER_TYPE, RTS_STATUS, SALES_ORDER_STATUS, STORAGE_AREA, TASK_STATUS } from '../../src/shared/codes';
import { pickingOps } from '../../src/shared/ops/picking.ops';
import { RET } from '../../src/shared/retcodes';

/**
 * MT orders (mt-order.contract.ts): the document's lifecycle, allocation by the MT allocate rules and
 * the MT destination priority, release into MT waves and picking through the sales picking ops.
 */

const WHS = 'SGSIN1';
const MT = '/apps/process/outbound/mtorder';
const SALES = '/apps/process/outbound/salesorder';
const ALLOCATE_RULES = '/apps/rulecenter/allocaterule';
const DEST_PRIORITY = '/apps/rulecenter/mtdestinationpriority';
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
  server.login((await server.createUser({ email: `mtorder${++userCounter}@demo.local`, role, warehouses })).email);

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

const fixture = outboundFixture(db, WHS, 'MTO');
const sku = () => createTestSku(db(), WHS, 'MTO');
const refused = (run: () => Promise<{ retcode: number; message: string }>, retcode: number) => refusedUnchanged(watch, run, retcode);

/** A SKU with `qty` units at one cell of a zone of its own (`cells` cells in pick order). */
async function stockedSku(qty: number): Promise<{ skuId: string; cell: string }> {
  const skuId = await sku();
  const { cells } = await fixture.privateZone(1, STORAGE_AREA.values.PICKING_AREA);
  await fixture.stock(skuId, [{ cell: cells[0]!, qty }]);
  return { skuId, cell: cells[0]! };
}

async function create(dest: string, lines: { sku_id: string; qty: number }[], by = creator): Promise<string> {
  const res = await by.post(`${MT}/create_mt_order`, { dest_whs_id: dest, remark: 'restock', lines });
  expect(res.retcode, res.message).toBe(0);
  return res.data.order.order_no as string;
}
async function approve(orderNo: string): Promise<void> {
  const res = await approver.post(`${MT}/approve_mt_order`, { order_no: orderNo });
  expect(res.retcode, res.message).toBe(0);
}
const docOf = async (orderNo: string) => (await db().select().from(mtOrders).where(and(eq(mtOrders.whsId, WHS), eq(mtOrders.orderNo, orderNo))))[0]!;
const orderOf = async (orderNo: string) => (await db().select().from(salesOrders).where(and(eq(salesOrders.whsId, WHS), eq(salesOrders.orderNo, orderNo))))[0]!;
const allocationsOf = (orderNo: string) => db().select().from(outboundAllocations)
  .where(and(eq(outboundAllocations.whsId, WHS), eq(outboundAllocations.orderNo, orderNo))).orderBy(asc(outboundAllocations.allocId));
const prepickAt = async (cell: string, skuId: string) => (await db().select().from(locationInventory)
  .where(and(eq(locationInventory.whsId, WHS), eq(locationInventory.locationId, cell), eq(locationInventory.skuId, skuId)))).reduce((sum, r) => sum + r.prepickQty, 0);
async function list(path: string, query: Record<string, string | number> = {}, by = creator): Promise<Record<string, unknown>[]> {
  const res = await by.get<{ list: Record<string, unknown>[] }>(path, { page_size: 200, ...query });
  expect(res.retcode, res.message).toBe(0);
  return res.data.list;
}

describe('MT order document', () => {
  test('created pending as an outbound order of type MT; the sales calls never reach it', async () => {
    const { skuId } = await stockedSku(10);
    const orderNo = await create('IDJKT1', [{ sku_id: skuId, qty: 2 }]);
    expect(orderNo).toMatch(/^MT\d{12}$/);
    const order = await orderOf(orderNo);
    expect(order).toMatchObject({ orderType: OUTBOUND_ORDER_TYPE.values.MT, status: S.CREATED, totalQty: 2, allocatedQty: 0 });
    expect(await docOf(orderNo)).toMatchObject({ destWhsId: 'IDJKT1', docStatus: D.PENDING, remark: 'restock' });

    const detail = await creator.get(`${MT}/get_mt_order_detail`, { order_no: orderNo });
    expect(detail.retcode, detail.message).toBe(0);
    expect(detail.data.order).toMatchObject({ order_no: orderNo, dest_whs_id: 'IDJKT1', dest_whs_name: 'Jakarta Cikarang FC', doc_status: D.PENDING, status: S.CREATED });
    expect(detail.data.lines).toEqual([expect.objectContaining({ sku_id: skuId, qty: 2 })]);
    expect((await list(`${MT}/search_mt_order`)).map((r) => r.order_no)).toContain(orderNo);

    // The sales list, detail, priority, allocation and cancel answer as if it were not there.
    expect((await list(`${SALES}/search_sales_order`, { order_no: orderNo })).length).toBe(0);
    await refused(() => creator.get(`${SALES}/get_sales_order_detail`, { order_no: orderNo }), RET.NOT_FOUND);
    await refused(() => creator.post(`${SALES}/cancel_sales_order`, { order_no: orderNo, reason: 'no' }), RET.NOT_FOUND);
    await refused(() => creator.post(`${SALES}/update_sales_order_priority`, { order_nos: [orderNo], priority: 3 }), RET.NOT_FOUND);
    await refused(() => creator.post(`${SALES}/allocate_sales_orders`, { order_nos: [orderNo] }), RET.NOT_FOUND);
  });

  test('a destination that is this warehouse or none of the deployment, or a bad line, is refused and nothing is written', async () => {
    const { skuId } = await stockedSku(3);
    await refused(() => creator.post(`${MT}/create_mt_order`, { dest_whs_id: WHS, lines: [{ sku_id: skuId, qty: 1 }] }), RET.BAD_INPUT);
    await refused(() => creator.post(`${MT}/create_mt_order`, { dest_whs_id: 'NOWHERE1', lines: [{ sku_id: skuId, qty: 1 }] }), RET.BAD_INPUT);
    await refused(() => creator.post(`${MT}/create_mt_order`, { dest_whs_id: 'MYKUL1', lines: [{ sku_id: 'NO-SUCH-SKU', qty: 1 }] }), RET.ORDER_LINE_INVALID);
    const over = await refused(() => creator.post(`${MT}/create_mt_order`, { dest_whs_id: 'MYKUL1', lines: [{ sku_id: skuId, qty: 4 }] }), RET.ORDER_LINE_INVALID);
    expect(over).toContain('holds 3');
    await refused(() => creator.post(`${MT}/create_mt_order`, { dest_whs_id: 'MYKUL1', lines: [] }), RET.BAD_INPUT);
  });

  test('edited while pending; approved by another than its creator; then no longer edited', async () => {
    const { skuId } = await stockedSku(10);
    const orderNo = await create('IDJKT1', [{ sku_id: skuId, qty: 2 }]);
    const edit = await creator.post(`${MT}/update_mt_order`, { order_no: orderNo, dest_whs_id: 'MYKUL1', remark: null, lines: [{ sku_id: skuId, qty: 3 }, { sku_id: skuId, qty: 1 }] });
    expect(edit.retcode, edit.message).toBe(0);
    expect(edit.data.order).toMatchObject({ dest_whs_id: 'MYKUL1', line_count: 2, total_qty: 4, remark: null });

    const own = await refused(() => creator.post(`${MT}/approve_mt_order`, { order_no: orderNo }), RET.APPROVER_IS_CREATOR);
    expect(own).toContain('another approver');
    await refused(() => creator.post(`${MT}/reject_mt_order`, { order_no: orderNo, reason: 'mine' }), RET.APPROVER_IS_CREATOR);
    const ok = await approver.post(`${MT}/approve_mt_order`, { order_no: orderNo });
    expect(ok.retcode, ok.message).toBe(0);
    expect(ok.data.order).toMatchObject({ doc_status: D.APPROVED, approved_by_name: expect.any(String) });

    await refused(() => creator.post(`${MT}/update_mt_order`, { order_no: orderNo, dest_whs_id: 'IDJKT1', lines: [{ sku_id: skuId, qty: 1 }] }), RET.ILLEGAL_TRANSITION);
    await refused(() => approver.post(`${MT}/approve_mt_order`, { order_no: orderNo }), RET.ILLEGAL_TRANSITION);
    await refused(() => approver.post(`${MT}/reject_mt_order`, { order_no: orderNo, reason: 'late' }), RET.ILLEGAL_TRANSITION);
    await refused(() => approver.post(`${MT}/release_mt_orders`, { order_nos: [orderNo] }), RET.ILLEGAL_TRANSITION);
  });

  test('rejected with its reason: final, and the outbound order is cancelled', async () => {
    const { skuId } = await stockedSku(10);
    const orderNo = await create('IDJKT1', [{ sku_id: skuId, qty: 2 }]);
    const res = await approver.post(`${MT}/reject_mt_order`, { order_no: orderNo, reason: 'Destination is full' });
    expect(res.retcode, res.message).toBe(0);
    expect(res.data.order).toMatchObject({ doc_status: D.REJECTED, reject_reason: 'Destination is full', status: S.CANCEL });
    await refused(() => approver.post(`${MT}/allocate_mt_orders`, { order_nos: [orderNo] }), RET.ILLEGAL_TRANSITION);
    await refused(() => creator.post(`${MT}/cancel_mt_order`, { order_no: orderNo, reason: 'x' }), RET.ILLEGAL_TRANSITION);
  });

  test('cancelled before picking: the allocation is released through the cancel path', async () => {
    const { skuId, cell } = await stockedSku(10);
    const orderNo = await create('IDJKT1', [{ sku_id: skuId, qty: 4 }]);
    await approve(orderNo);
    const alloc = await approver.post(`${MT}/allocate_mt_orders`, { order_nos: [orderNo] });
    expect(alloc.retcode, alloc.message).toBe(0);
    expect(alloc.data.results).toEqual([expect.objectContaining({ order_no: orderNo, allocated: true })]);
    expect(await prepickAt(cell, skuId)).toBe(4);
    const res = await creator.post(`${MT}/cancel_mt_order`, { order_no: orderNo, reason: 'Plan changed' });
    expect(res.retcode, res.message).toBe(0);
    expect(res.data.order).toMatchObject({ doc_status: D.CANCEL, status: S.CANCEL });
    expect(await prepickAt(cell, skuId)).toBe(0);
    expect((await allocationsOf(orderNo)).map((a) => a.cancelledQty)).toEqual([4]);
  });
});

describe('MT allocation', () => {
  test('decided by the MT allocate rules, never the sales ones', async () => {
    const skuId = await sku();
    const { cells } = await fixture.privateZone(2, STORAGE_AREA.values.PICKING_AREA);
    // The first cell on the path expires later; FEFO takes the second.
    await fixture.stock(skuId, [{ cell: cells[0]!, qty: 5, expiresInDays: 300 }, { cell: cells[1]!, qty: 5, expiresInDays: 30 }]);
    const noSteps = { priority: 1, fefo: 0, fifo: 0, picking_area_first: 0, fewest_locations: 1, status: 1 };
    const sales = await creator.post(`${ALLOCATE_RULES}/create_sales_allocate_rule`, { rule_name: 'Sales: path only', ...noSteps });
    expect(sales.retcode, sales.message).toBe(0);

    const first = await create('IDJKT1', [{ sku_id: skuId, qty: 2 }]);
    await approve(first);
    expect((await approver.post(`${MT}/allocate_mt_orders`, { order_nos: [first] })).retcode).toBe(0);
    expect((await allocationsOf(first)).map((a) => a.locationId)).toEqual([cells[1]]);

    const mtRule = await creator.post(`${ALLOCATE_RULES}/create_mt_allocate_rule`, { rule_name: 'MT: path only', ...noSteps });
    expect(mtRule.retcode, mtRule.message).toBe(0);
    expect((await list(`${ALLOCATE_RULES}/search_mt_allocate_rule`)).map((r) => r.rule_id)).toEqual([mtRule.data.rule_id]);
    expect((await list(`${ALLOCATE_RULES}/search_sales_allocate_rule`)).map((r) => r.rule_id)).not.toContain(mtRule.data.rule_id);
    const second = await create('IDJKT1', [{ sku_id: skuId, qty: 2 }]);
    await approve(second);
    expect((await approver.post(`${MT}/allocate_mt_orders`, { order_nos: [second] })).retcode).toBe(0);
    expect((await allocationsOf(second)).map((a) => a.locationId)).toEqual([cells[0]]);
    expect(await docOf(second)).toMatchObject({ docStatus: D.ALLOCATED });

    // Off again: the other tests allocate by every step.
    for (const [kind, id] of [['sales', sales.data.rule_id], ['mt', mtRule.data.rule_id]] as const) {
      const off = await creator.post(`${ALLOCATE_RULES}/update_${kind}_allocate_rule`, { rule_id: id, status: 2 });
      expect(off.retcode, off.message).toBe(0);
    }
  });

  test('the MT destination priority decides who gets scarce stock, and sorts the list; the short order is left as it was', async () => {
    const self = await creator.post(`${DEST_PRIORITY}/create_mt_destination_priority`, { dest_whs_id: WHS, priority: 5 });
    expect(self.retcode).toBe(RET.BAD_INPUT);
    for (const [dest, priority] of [['MYKUL1', 1], ['IDJKT1', 2]] as const) {
      const res = await creator.post(`${DEST_PRIORITY}/create_mt_destination_priority`, { dest_whs_id: dest, priority });
      expect(res.retcode, res.message).toBe(0);
    }
    const destinations = await creator.get(`${MT}/list_mt_destinations`);
    expect(destinations.data.list.slice(0, 2)).toEqual([
      expect.objectContaining({ whs_id: 'MYKUL1', priority: 1 }), expect.objectContaining({ whs_id: 'IDJKT1', priority: 2 }),
    ]);
    expect(destinations.data.list.map((d: { whs_id: string }) => d.whs_id)).not.toContain(WHS);

    const { skuId } = await stockedSku(4);
    // Jakarta's order is older, Kuala Lumpur's destination ranks first.
    const toJakarta = await create('IDJKT1', [{ sku_id: skuId, qty: 3 }]);
    const toKualaLumpur = await create('MYKUL1', [{ sku_id: skuId, qty: 3 }]);
    await approve(toJakarta);
    await approve(toKualaLumpur);
    const res = await approver.post(`${MT}/allocate_mt_orders`, { order_nos: [toJakarta, toKualaLumpur] });
    expect(res.retcode, res.message).toBe(0);
    const byOrder = new Map(res.data.results.map((r: { order_no: string }) => [r.order_no, r]));
    expect(byOrder.get(toKualaLumpur)).toMatchObject({ allocated: true });
    expect(byOrder.get(toJakarta)).toMatchObject({ allocated: false, hold_reason: expect.stringContaining(`SKU ${skuId}`) });
    // The short one: nothing reserved, nothing logged, its document still approved and its order created.
    expect(await allocationsOf(toJakarta)).toEqual([]);
    expect(await docOf(toJakarta)).toMatchObject({ docStatus: D.APPROVED });
    expect(await orderOf(toJakarta)).toMatchObject({ status: S.CREATED, holdReason: null, allocatedQty: 0 });
    expect(await docOf(toKualaLumpur)).toMatchObject({ docStatus: D.ALLOCATED });

    // Alone and short: refused naming the SKU, nothing written.
    const alone = await refused(() => approver.post(`${MT}/allocate_mt_orders`, { order_nos: [toJakarta] }), RET.INSUFFICIENT_STOCK);
    expect(alone).toContain(`SKU ${skuId}`);

    const rows = await list(`${MT}/search_mt_order`);
    const place = (no: string) => rows.findIndex((r) => r.order_no === no);
    expect(place(toKualaLumpur)).toBeGreaterThanOrEqual(0);
    expect(place(toKualaLumpur)).toBeLessThan(place(toJakarta));
  });

  test('a destination priority is deleted by who holds the Delete action, in its own warehouse only; the destination then comes last', async () => {
    const remove = (client: TestClient, dest: string) => client.post(`${DEST_PRIORITY}/delete_mt_destination_priority`, { dest_whs_id: dest });
    await refused(() => remove(operator, 'MYKUL1'), RET.PERMISSION_DENIED);
    const jakarta = await signIn('Supervisor', ['IDJKT1']);
    // Singapore lists IDJKT1; Jakarta's own list never can.
    await refused(() => remove(jakarta, 'IDJKT1'), RET.NOT_FOUND);
    const res = await remove(creator, 'MYKUL1');
    expect(res.retcode, res.message).toBe(0);
    expect(res.data).toEqual({ dest_whs_id: 'MYKUL1' });
    await refused(() => remove(creator, 'MYKUL1'), RET.NOT_FOUND);
    const destinations = (await creator.get(`${MT}/list_mt_destinations`)).data.list as { whs_id: string; priority: number | null }[];
    expect(destinations[0]).toMatchObject({ whs_id: 'IDJKT1', priority: 2 });
    expect(destinations.find((d) => d.whs_id === 'MYKUL1')).toMatchObject({ priority: null });
  });
});

describe('MT release and picking', () => {
  test('released in an MT wave: its tasks are on the MT list, claimed by the MT screen and picked by the sales ops', async () => {
    const { skuId, cell } = await stockedSku(6);
    const orderNo = await create('IDJKT1', [{ sku_id: skuId, qty: 3 }]);
    await refused(() => approver.post(`${MT}/allocate_mt_orders`, { order_nos: [orderNo] }), RET.ILLEGAL_TRANSITION);
    await approve(orderNo);
    await refused(() => approver.post(`${MT}/release_mt_orders`, { order_nos: [orderNo] }), RET.ILLEGAL_TRANSITION);
    expect((await approver.post(`${MT}/allocate_mt_orders`, { order_nos: [orderNo] })).retcode).toBe(0);
    // The sales manual wave skips it.
    const salesWave = await approver.post('/apps/process/outbound/wave/create_manual_wave', { order_nos: [orderNo] });
    expect(salesWave.retcode).toBe(RET.WAVE_ORDER_UNAVAILABLE);

    const released = await approver.post(`${MT}/release_mt_orders`, { order_nos: [orderNo] });
    expect(released.retcode, released.message).toBe(0);
    const { wave_no: waveNo, task_nos: taskNos } = released.data as { wave_no: string; task_nos: string[] };
    expect(taskNos.length).toBe(1);
    const [wave] = await db().select().from(waves).where(and(eq(waves.whsId, WHS), eq(waves.waveNo, waveNo)));
    expect(wave!.orderType).toBe(OUTBOUND_ORDER_TYPE.values.MT);
    expect(await docOf(orderNo)).toMatchObject({ docStatus: D.OUTBOUNDING });
    expect(await orderOf(orderNo)).toMatchObject({ status: S.PICKING, waveNo });
    await refused(() => creator.post(`${MT}/cancel_mt_order`, { order_no: orderNo, reason: 'late' }), RET.ILLEGAL_TRANSITION);

    expect((await list(`${MT}/search_mt_picking_task`)).map((r) => r.task_no)).toContain(taskNos[0]);
    expect((await list('/apps/process/outbound/pickingtask/search_picking_task', { wave_no: waveNo })).length).toBe(0);
    const detail = await creator.get(`${MT}/get_mt_picking_task_detail`, { task_no: taskNos[0]! });
    expect(detail.retcode, detail.message).toBe(0);
    expect(detail.data.lines).toEqual([expect.objectContaining({ order_no: orderNo, location_id: cell, qty: 3 })]);

    // The sales picking screen cannot claim it; the MT one can, and the next MT task is it.
    const cart = await fixture.container();
    await refused(() => operator.post('/apps/process/outbound/picking/claim_picking_task', { task_no: taskNos[0], container_code: cart }), RET.NOT_FOUND);
    const claim = await operator.post(`${MT}/claim_mt_picking_task`, { task_no: null, container_code: cart });
    expect(claim.retcode, claim.message).toBe(0);
    expect(claim.data.task.task_no).toBe(taskNos[0]);
    const line = claim.data.lines[0] as { alloc_id: number; location_id: string; sku_id: string };
    const picked = await new Device(operator).push(pickingOps.pick.kind, { task_no: taskNos[0], alloc_id: line.alloc_id, location: line.location_id, sku_id: line.sku_id, qty: 3 });
    expect(picked.status, picked.message).toBe('applied');
    expect(picked.data).toMatchObject({ order_status: S.PICKED, task_status: T.DONE });
    expect(await orderOf(orderNo)).toMatchObject({ status: S.PICKED, pickedQty: 3 });
    expect(await docOf(orderNo)).toMatchObject({ docStatus: D.OUTBOUNDING });
    const [task] = await db().select().from(pickingTasks).where(and(eq(pickingTasks.whsId, WHS), eq(pickingTasks.taskNo, taskNos[0]!)));
    expect(task).toMatchObject({ orderType: OUTBOUND_ORDER_TYPE.values.MT, status: T.DONE });
  });
});

describe('MT access', () => {
  test('each call needs its permission; an operator creates, approves and allocates nothing', async () => {
    const { skuId } = await stockedSku(5);
    await refused(() => operator.post(`${MT}/create_mt_order`, { dest_whs_id: 'IDJKT1', lines: [{ sku_id: skuId, qty: 1 }] }), RET.PERMISSION_DENIED);
    const orderNo = await create('IDJKT1', [{ sku_id: skuId, qty: 1 }]);
    await refused(() => operator.post(`${MT}/approve_mt_order`, { order_no: orderNo }), RET.PERMISSION_DENIED);
    await refused(() => operator.post(`${MT}/allocate_mt_orders`, { order_nos: [orderNo] }), RET.PERMISSION_DENIED);
    await refused(() => operator.get(`${MT}/get_mt_order_detail`, { order_no: orderNo }), RET.PERMISSION_DENIED);
  });

  test('an MT order of another warehouse, or a sales order, is not found', async () => {
    const jakarta = await signIn('Supervisor', ['IDJKT1']);
    const jakartaFixture = outboundFixture(db, 'IDJKT1', 'MTJ');
    const skuId = await createTestSku(db(), 'IDJKT1', 'MTJ');
    const { cells } = await jakartaFixture.privateZone(1);
    await jakartaFixture.stock(skuId, [{ cell: cells[0]!, qty: 5 }]);
    const theirs = await jakarta.post(`${MT}/create_mt_order`, { dest_whs_id: WHS, lines: [{ sku_id: skuId, qty: 1 }] });
    expect(theirs.retcode, theirs.message).toBe(0);
    const orderNo = theirs.data.order.order_no as string;
    await refused(() => creator.get(`${MT}/get_mt_order_detail`, { order_no: orderNo }), RET.NOT_FOUND);
    await refused(() => approver.post(`${MT}/approve_mt_order`, { order_no: orderNo }), RET.NOT_FOUND);
    await refused(() => creator.post(`${MT}/cancel_mt_order`, { order_no: orderNo, reason: 'x' }), RET.NOT_FOUND);
    expect((await list(`${MT}/search_mt_order`)).map((r) => r.order_no)).not.toContain(orderNo);

    const { skuId: own } = await stockedSku(2);
    const sale = await creator.post(`${SALES}/create_sales_order`, { external_no: `MT-TEST-${Date.now()}`, lines: [{ sku_id: own, qty: 1 }] });
    expect(sale.retcode, sale.message).toBe(0);
    await refused(() => creator.get(`${MT}/get_mt_order_detail`, { order_no: sale.data.order.order_no }), RET.NOT_FOUND);
    await refused(() => approver.post(`${MT}/approve_mt_order`, { order_no: sale.data.order.order_no }), RET.NOT_FOUND);
  });
});
