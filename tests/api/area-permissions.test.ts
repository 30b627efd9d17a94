import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { ChangeWatch } from '../support/db-state';
import { Device, type OpAnswer } from '../support/op-device';
import { checkingRecords, outboundFixture } from '../support/outbound-fixture';
import { createTestSku } from '../support/putaway-fixture';
import { rolePermissions, roles, stations, suppliers } from '../../src/server/db/schema';
import { CHECKING_STATION_MODE, RTS_TYPE, SALES_ORDER_STATUS, STATION_STATUS, STATION_TYPE, STORAGE_AREA } from '../../src/shared/codes';
import { CHECKING_ACCESS } from '../../src/shared/contract/checking.contract';
import { MT_ORDER_ACCESS } from '../../src/shared/contract/mt-order.contract';
import { MT_SHIPPING_ACCESS } from '../../src/shared/contract/mt-shipping.contract';
import { PICKING_ACCESS } from '../../src/shared/contract/picking.contract';
import { RTS_ORDER_ACCESS } from '../../src/shared/contract/rts-order.contract';
import { checkingOps } from '../../src/shared/ops/checking.ops';
import { pickingOps } from '../../src/shared/ops/picking.ops';
import { RET } from '../../src/shared/retcodes';

/**
 * Sales, MT and RTS share one picking engine and sales and MT one checking engine
 * (shared/contract/area-access.ts): the shared ops let in any area's permission, and each task
 * then needs its own area's. A picker of one area works its area's tasks and is refused the
 * others' — the claim call, and an op on a task of another area (a recorded rejection, nothing
 * written, the queue goes on).
 */

const WHS = 'SGSIN1';
const MT = '/apps/process/outbound/mtorder';
const RTS = '/apps/process/outbound/rtsorder';
const PICKING = '/apps/process/outbound/picking';
const CHECKING = '/apps/process/outbound/checking';
const MT_CHECKING = '/apps/process/outbound/mtshipping';
const STATION = 'AREA-CHK';
const S = SALES_ORDER_STATUS.values;

const SALES_PICK = PICKING_ACCESS.pick.perm;
const MT_PICK = MT_ORDER_ACCESS.pick.perm;
const RTS_PICK = RTS_ORDER_ACCESS.pick.perm;
const SALES_CHECK = CHECKING_ACCESS.check.perm;
const MT_CHECK = MT_SHIPPING_ACCESS.check.perm;

let server: TestServer;
let creator: TestClient;
let approver: TestClient;
let watch: ChangeWatch;
const db = () => server.database.db;
const fixture = outboundFixture(db, WHS, 'APR');

let roleCounter = 0;
/** A user whose role in the warehouse holds exactly `perms`; `roleId` to change the role later. */
async function userWith(perms: readonly string[]): Promise<{ client: TestClient; roleId: number }> {
  const roleName = `Area perms ${++roleCounter}`;
  const [role] = await db().insert(roles).values({ whsId: WHS, roleName }).returning();
  await db().insert(rolePermissions).values(perms.map((perm) => ({ whsId: WHS, roleId: role!.roleId, perm })));
  const user = await server.createUser({ email: `area.perms${roleCounter}@demo.local`, role: roleName as 'Operator' });
  return { client: await server.login(user.email), roleId: role!.roleId };
}

let supervisorCounter = 0;
const supervisor = async () => server.login((await server.createUser({ email: `area.sup${++supervisorCounter}@demo.local`, role: 'Supervisor' })).email);

beforeAll(async () => {
  server = await startTestServer();
  creator = await supervisor();
  approver = await supervisor();
  watch = new ChangeWatch(db());
  await db().insert(stations).values({
    whsId: WHS, stationId: STATION, stationName: 'Area check', stationType: STATION_TYPE.values.CHECKING, checkingMode: CHECKING_STATION_MODE.values.CHECKING,
    status: STATION_STATUS.values.ENABLED,
  });
  // Checking stations here ask for neither packaging nor a weight (Record Settings).
  await checkingRecords(server, 'area.admin@demo.local');
}, 300_000);
afterAll(async () => {
  await server?.close();
});

async function ok<T = any>(res: Promise<{ retcode: number; message: string; data: T }>): Promise<T> {
  const r = await res;
  expect(r.retcode, r.message).toBe(0);
  return r.data;
}

/** A SKU of 10 units in a picking zone of its own. */
async function stockedSku(): Promise<string> {
  const skuId = await createTestSku(db(), WHS, 'APR');
  const { cells } = await fixture.privateZone(1, STORAGE_AREA.values.PICKING_AREA);
  await fixture.stock(skuId, [{ cell: cells[0]!, qty: 10 }]);
  return skuId;
}

/** A released task of each order type: 2 units of a SKU of its own. */
const released = {
  async sales(): Promise<string> {
    const skuId = await stockedSku();
    const order = await ok(creator.post('/apps/process/outbound/salesorder/create_sales_order', { external_no: `APR-${Date.now()}-${skuId}`, lines: [{ sku_id: skuId, qty: 2 }] }));
    const wave = await ok(creator.post('/apps/process/outbound/wave/create_manual_wave', { order_nos: [order.order.order_no] }));
    return wave.task_nos[0];
  },
  async mt(): Promise<string> {
    const skuId = await stockedSku();
    const created = await ok(creator.post(`${MT}/create_mt_order`, { dest_whs_id: 'IDJKT1', remark: null, lines: [{ sku_id: skuId, qty: 2 }] }));
    const orderNo = created.order.order_no;
    await ok(approver.post(`${MT}/approve_mt_order`, { order_no: orderNo }));
    await ok(approver.post(`${MT}/allocate_mt_orders`, { order_nos: [orderNo] }));
    return (await ok(approver.post(`${MT}/release_mt_orders`, { order_nos: [orderNo] }))).task_nos[0];
  },
  async rts(): Promise<string> {
    const skuId = await stockedSku();
    const supplierId = `APRSUP${Date.now().toString(36).toUpperCase()}${skuId.slice(-4)}`;
    await db().insert(suppliers).values({ whsId: WHS, supplierId, supplierName: 'Area perms supplier' });
    const created = await ok(creator.post(`${RTS}/create_rts_order`, {
      supplier_id: supplierId, rts_type: RTS_TYPE.values.REAL_RTS, reason_code: 'R3', remark: null, lines: [{ sku_id: skuId, qty: 2 }],
    }));
    const orderNo = created.order.order_no;
    await ok(approver.post(`${RTS}/approve_rts_order`, { order_no: orderNo }));
    await ok(approver.post(`${RTS}/allocate_rts_orders`, { order_nos: [orderNo] }));
    return (await ok(approver.post(`${RTS}/release_rts_orders`, { order_nos: [orderNo] }))).task_nos[0];
  },
};

const CLAIM = { sales: `${PICKING}/claim_picking_task`, mt: `${MT}/claim_mt_picking_task`, rts: `${RTS}/claim_rts_picking_task` } as const;

interface Line { alloc_id: number; location_id: string; sku_id: string; qty: number }
/** Claims the task on its area's screen into a new cart: its one line. */
async function claim(by: TestClient, area: keyof typeof CLAIM, taskNo: string): Promise<{ cart: string; line: Line }> {
  const cart = await fixture.container();
  const work = await ok(by.post(CLAIM[area], { task_no: taskNo, container_code: cart }));
  return { cart, line: work.lines[0] };
}
const pickOf = (taskNo: string, line: Line) => ({ task_no: taskNo, alloc_id: line.alloc_id, location: line.location_id, sku_id: line.sku_id, qty: line.qty });

/** An op refused for the permission of its task's area: recorded, and nothing but the sync queue written. */
async function refusedOp(device: Device, kind: string, payload: Record<string, unknown>, perm: string): Promise<OpAnswer> {
  await watch.mark();
  const answer = await device.push(kind, payload);
  expect(answer, answer.message).toMatchObject({ status: 'rejected', retcode: RET.PERMISSION_DENIED, data: { perm } });
  expect(answer.message).toContain(perm);
  expect((await watch.changes()).filter((t) => !t.startsWith('sync_'))).toEqual([]);
  return answer;
}

describe('picking under each area\'s permission', () => {
  test('a picker holding only Pick MT orders claims and picks an MT task; a sales task is refused, its claim and its pick', async () => {
    const mtPicker = (await userWith([MT_PICK])).client;
    const mtTask = await released.mt();
    const { line } = await claim(mtPicker, 'mt', mtTask);
    const device = new Device(mtPicker);
    const picked = await device.push(pickingOps.pick.kind, pickOf(mtTask, line));
    expect(picked.status, picked.message).toBe('applied');
    expect(picked.data).toMatchObject({ order_status: S.PICKED });

    const salesTask = await released.sales();
    const cart = await fixture.container();
    await watch.mark();
    const salesClaim = await mtPicker.post(CLAIM.sales, { task_no: salesTask, container_code: cart });
    expect(salesClaim).toMatchObject({ retcode: RET.PERMISSION_DENIED, data: { perm: SALES_PICK } });
    expect(await watch.changes()).toEqual([]);
    // A sales task someone else claimed: the MT picker's pick on it is refused for the area, before anything else.
    const salesLine = (await claim((await userWith([SALES_PICK])).client, 'sales', salesTask)).line;
    const refusal = await refusedOp(device, pickingOps.pick.kind, pickOf(salesTask, salesLine), SALES_PICK);
    expect(refusal.data).toMatchObject({ task_no: salesTask });
  });

  test('a sales-only picker is refused MT and RTS tasks: the claims, and picks, short picks queued for them', async () => {
    const salesPicker = (await userWith([SALES_PICK])).client;
    const device = new Device(salesPicker);
    for (const [area, task, perm] of [['mt', await released.mt(), MT_PICK], ['rts', await released.rts(), RTS_PICK]] as const) {
      const cart = await fixture.container();
      await watch.mark();
      const res = await salesPicker.post(CLAIM[area], { task_no: task, container_code: cart });
      expect(res, `${area} claim`).toMatchObject({ retcode: RET.PERMISSION_DENIED, data: { perm } });
      expect(await watch.changes()).toEqual([]);
      const areaPicker = (await userWith([perm])).client;
      const { line } = await claim(areaPicker, area, task);
      await refusedOp(device, pickingOps.pick.kind, pickOf(task, line), perm);
      await refusedOp(device, pickingOps.shortPick.kind, { task_no: task, alloc_id: line.alloc_id, qty: 1, reason: 1 }, perm);
    }
    // Its own area's task it picks.
    const salesTask = await released.sales();
    const { line } = await claim(salesPicker, 'sales', salesTask);
    expect((await device.push(pickingOps.pick.kind, pickOf(salesTask, line))).status).toBe('applied');
  });

  test('a picker who loses Pick MT orders: the queued MT pick is refused on replay and the next op of the push still applies', async () => {
    const { client: picker, roleId } = await userWith([SALES_PICK, MT_PICK]);
    const mtTask = await released.mt();
    const salesTask = await released.sales();
    const mt = await claim(picker, 'mt', mtTask);
    const sales = await claim(picker, 'sales', salesTask);
    await db().delete(rolePermissions).where(and(eq(rolePermissions.whsId, WHS), eq(rolePermissions.roleId, roleId), eq(rolePermissions.perm, MT_PICK)));

    const device = new Device(picker);
    const [refused, applied] = await device.send(device.op(pickingOps.pick.kind, pickOf(mtTask, mt.line)), device.op(pickingOps.pick.kind, pickOf(salesTask, sales.line)));
    expect(refused).toMatchObject({ status: 'rejected', retcode: RET.PERMISSION_DENIED, data: { perm: MT_PICK, task_no: mtTask } });
    expect(applied!.status, applied!.message).toBe('applied');
    const detail = await ok(creator.get(`${MT}/get_mt_picking_task_detail`, { task_no: mtTask }));
    expect(detail.lines[0]).toMatchObject({ picked_qty: 0 });
  });

  test('a user with none of the picking permissions is refused the pick op itself, naming all three', async () => {
    const none = (await userWith([SALES_CHECK])).client;
    const answer = await new Device(none).push(pickingOps.pick.kind, { task_no: 'PT-NONE', alloc_id: 1, location: 'A', sku_id: 'S', qty: 1 });
    expect(answer).toMatchObject({ status: 'rejected', retcode: RET.PERMISSION_DENIED, data: { perms: [SALES_PICK, MT_PICK, RTS_PICK] } });
  });
});

describe('checking under each area\'s permission', () => {
  /** A task of `area` picked whole into a cart by a picker of that area: the cart and the order's line. */
  async function pickedCart(area: 'sales' | 'mt'): Promise<{ cart: string; line: Line }> {
    const task = await released[area]();
    const picker = (await userWith([area === 'mt' ? MT_PICK : SALES_PICK])).client;
    const claimed = await claim(picker, area, task);
    expect((await new Device(picker).push(pickingOps.pick.kind, pickOf(task, claimed.line))).status).toBe('applied');
    return claimed;
  }
  const START = { sales: `${CHECKING}/start_checking_task`, mt: `${MT_CHECKING}/start_mt_checking_task` } as const;
  /** The check of the started task's one order, its units whole. */
  const checkOf = (work: { task: { task_no: string }; orders: { order_no: string; lines: { sku_id: string; qty: number }[] }[] }) => ({
    task_no: work.task.task_no, order_no: work.orders[0]!.order_no, units: work.orders[0]!.lines.map((l) => ({ sku_id: l.sku_id, qty: l.qty })), weight_g: null,
  });

  test('a checker holding only Check MT orders checks an MT container; a sales container\'s check is refused, and the sales checker is refused the MT one', async () => {
    const mtChecker = (await userWith([MT_CHECK])).client;
    const salesChecker = (await userWith([SALES_CHECK])).client;
    const mtDevice = new Device(mtChecker);
    const salesDevice = new Device(salesChecker);

    const mt = await pickedCart('mt');
    await watch.mark();
    expect(await salesChecker.post(START.mt, { station_id: STATION, container_code: mt.cart })).toMatchObject({ retcode: RET.PERMISSION_DENIED, data: { perm: MT_CHECK } });
    expect(await watch.changes()).toEqual([]);
    const mtWork = await ok(mtChecker.post(START.mt, { station_id: STATION, container_code: mt.cart }));
    // The sales checker's check (and refused-scan record) of the MT task: refused for the area.
    await refusedOp(salesDevice, checkingOps.check.kind, checkOf(mtWork), MT_CHECK);
    await refusedOp(salesDevice, checkingOps.refuse.kind, { task_no: mtWork.task.task_no, order_no: null, reason: 1, scanned: 'X', sku_id: null }, MT_CHECK);
    const checked = await mtDevice.push(checkingOps.check.kind, checkOf(mtWork));
    expect(checked.status, checked.message).toBe('applied');

    const sales = await pickedCart('sales');
    await watch.mark();
    expect(await mtChecker.post(START.sales, { station_id: STATION, container_code: sales.cart })).toMatchObject({ retcode: RET.PERMISSION_DENIED, data: { perm: SALES_CHECK } });
    expect(await watch.changes()).toEqual([]);
    const salesWork = await ok(salesChecker.post(START.sales, { station_id: STATION, container_code: sales.cart }));
    await refusedOp(mtDevice, checkingOps.check.kind, checkOf(salesWork), SALES_CHECK);
    expect((await salesDevice.push(checkingOps.check.kind, checkOf(salesWork))).status).toBe('applied');
  });
});
