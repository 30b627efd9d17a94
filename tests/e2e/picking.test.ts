import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PDA_USER_AGENT, PDA_VIEWPORT, launchBrowser, loseNextPushAnswer, opStates, scanInto, signIn } from './browser';
import { startOwnServer, type OwnServer } from './own-server';
import { HttpSession } from '../support/http-session';
import { createTestSku } from '../support/putaway-fixture';
import type { Database, Db } from '../../src/server/db/client';
import { cells, containers, merchants, pathways, roles, shops, userWarehouses, users, zones } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { hashPassword } from '../../src/server/common/passwords';
import { ensureBatch } from '../../src/server/modules/inventory/batches';
import { postStock } from '../../src/server/modules/inventory/ledger';
import {
  ACTIVE_STATUS, CONTAINER_TYPE, INVENTORY_REF_TYPE, INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE, PICKING_TASK_KIND, PICKING_TYPE, QUALITY,
  RACK_TYPE, SALES_ORDER_STATUS, SHORT_PICK_REASON, STORAGE_AREA, TASK_STATUS, TEMPERATURE_ZONE,
} from '../../src/shared/codes';
import { hashPasswordForTransport } from '../../src/shared/password-hash';
import type { PickingWork } from '../../src/shared/contract/picking.contract';
import { pickingContract } from '../../src/shared/contract/picking.contract';
import { salesOrderContract, type PushResult, type SalesOrder, type SalesOrderDetail } from '../../src/shared/contract/sales-order.contract';
import { syncContract, type OpResult } from '../../src/shared/contract/sync.contract';
import { waveContract, type AutoWaveRun, type Wave } from '../../src/shared/contract/wave.contract';
import { pickingOps } from '../../src/shared/ops/picking.ops';
import { inventoryTransactionResource, onhandDetailResource } from '../../src/shared/resources/inventory-map.resource';
import { SKU_MIXING, SUPPLIER_MIXING } from '../../src/shared/resources/location-codes';
import { autoWaveRuleResource, pickingRuleResource, pickingSkillResource } from '../../src/shared/resources/outbound-rules.resource';

/**
 * Picking on PDAs, against a server of this file's own (one prepared warehouse for every journey,
 * each journey in cells and SKUs of its own):
 * - one picker, offline for part of the route: an order released in a manual wave; picks and a
 *   short pick made offline reach the server once, the re-allocated stop joins the route;
 * - two pickers and an auto wave: orders pushed by the order system are released by an auto wave
 *   rule run now (two tasks, by the zone's picker capacity); one picker finishes offline, the
 *   other's push answer is lost once and a stop is short-picked and re-allocated; every order is
 *   picked once, and the ledger and the inventory map agree;
 * - reverse picking: an order cancelled after picking gives a reverse picking task; the operator
 *   puts the units back on the PDA (one put offline), as reverse ledger rows.
 */

const WHS = 'IDJKT1';
const T = TASK_STATUS.values;
const S = SALES_ORDER_STATUS.values;
const TXN = INVENTORY_TRANSACTION_TYPE.values;
const { DEBIT, CREDIT } = INVENTORY_TRANSACTION_DIRECTION.values;

/** The manual wave and reverse picking journeys' zone: cells 1–4 for the first, 5–6 for reverse picking. */
const ZONE = 'PKE2E';
const CELL = (n: number) => `${ZONE}-01-01-${n}`;
const CART = 'PKE2E-CART-01';
const REVERSE_CART = 'PKE2E-CART-02';
/** The auto wave journey's zone, with a picking rule of its own (set by the journey), and its shop and carts. */
const AUTO_ZONE = 'PKAW';
const AUTO_CELL = (n: number) => `${AUTO_ZONE}-01-01-${n}`;
const AUTO_CARTS = ['PKAW-CART-01', 'PKAW-CART-02'] as const;
const AUTO_SHOP = 'PKAW-SHOP';
/** The sorting while picking journey's zone and cart. */
const SORT_ZONE = 'PKSW';
const SORT_CELL = (n: number) => `${SORT_ZONE}-01-01-${n}`;
const SORT_CART = 'PKSW-CART-01';
/** The second picker of the auto wave journey (the demo has one operator account). */
const SECOND_PICKER = 'pkaw.picker@demo.local';

let browser: Browser;
let server: OwnServer;
let skuA: string;
let skuB: string;
let skuC: string;
let skuD: string;
let skuE: string;
let skuF: string;
let skuG: string;
let skuH: string;
let skuI: string;
let skuJ: string;
let secondPickerId: number;

/** A picking zone with one pathway and `count` cells in pick order. */
async function pickingZone(db: Db, zoneId: string, count: number) {
  const common = {
    whsId: WHS, storageArea: STORAGE_AREA.values.PICKING_AREA, rackType: RACK_TYPE.values.GROUND_STACKED, temperatureZone: TEMPERATURE_ZONE.values.NORMAL,
    skuMixing: SKU_MIXING.values.MIX_SKU, supplierMixing: SUPPLIER_MIXING.values.MIX,
  };
  await db.insert(zones).values({ ...common, zoneId, zoneName: `Picking E2E ${zoneId}`, zoneClusterId: 'ZC-BULK', pickSequence: 1 });
  await db.insert(pathways).values({ whsId: WHS, pathwayId: `${zoneId}-01`, zoneId, pickSequence: 1 });
  await db.insert(cells).values(Array.from({ length: count }, (_, i) => ({
    ...common, locationCode: `${zoneId}-01-01-${i + 1}`, zoneId, pathwayId: `${zoneId}-01`, maxQty: 1000, pickSequence: i + 1,
  })));
}

/** Opening stock, a batch per entry in the order given (so the earlier is the older batch). */
async function openingStock(db: Db, stock: readonly [skuId: string, location: string, qty: number][]) {
  for (const [skuId, location, qty] of stock) {
    await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const batchId = await ensureBatch(tx, WHS, { skuId, supplierId: null, inboundRef: `PKE2E-${location}` });
      await postStock(tx, WHS, [{
        location, skuId, batchId, quality: QUALITY.values.GOOD, qty,
        txnType: TXN.ADJUST_INCREASE, direction: DEBIT,
      }], { refType: INVENTORY_REF_TYPE.values.OPENING_BALANCE, refNo: 'PKE2E', operatorId: null });
    });
  }
}

/**
 * The warehouse's fixtures, written before the server owns the data:
 * - zone PKE2E: B in cell 1, A in cells 2 (older batch) and 4, C in cell 3; G in cell 5, H in cell 6; two free carts;
 * - zone PKAW: D in cell 1, E in cell 2, F in cells 3 (older batch) and 4; two free carts; a shop of its own;
 * - a second operator account of the warehouse.
 */
async function prepare(database: Database) {
  const db = database.db;
  await pickingZone(db, ZONE, 6);
  await pickingZone(db, AUTO_ZONE, 4);
  await pickingZone(db, SORT_ZONE, 2);
  await db.insert(containers).values([CART, REVERSE_CART, ...AUTO_CARTS, SORT_CART].map((containerCode) => ({ whsId: WHS, containerCode, containerType: CONTAINER_TYPE.values.PICK_CART })));
  const [merchant] = await db.select({ merchantId: merchants.merchantId }).from(merchants).where(eq(merchants.whsId, WHS)).limit(1);
  await db.insert(shops).values({ whsId: WHS, shopId: AUTO_SHOP, shopName: 'Picking E2E shop', merchantId: merchant!.merchantId });
  const sku = (prefix: string) => createTestSku(db, WHS, prefix);
  [skuA, skuB, skuC] = [await sku('PKA'), await sku('PKB'), await sku('PKC')];
  [skuD, skuE, skuF] = [await sku('PKD'), await sku('PKE'), await sku('PKF')];
  [skuG, skuH] = [await sku('PKG'), await sku('PKH')];
  [skuI, skuJ] = [await sku('PKI'), await sku('PKJ')];
  await openingStock(db, [
    [skuB, CELL(1), 2], [skuA, CELL(2), 4], [skuC, CELL(3), 3], [skuA, CELL(4), 4], [skuG, CELL(5), 3], [skuH, CELL(6), 2],
    [skuD, AUTO_CELL(1), 2], [skuE, AUTO_CELL(2), 6], [skuF, AUTO_CELL(3), 2], [skuF, AUTO_CELL(4), 3],
    [skuI, SORT_CELL(1), 3], [skuJ, SORT_CELL(2), 3],
  ]);
  const [user] = await db.insert(users).values({
    email: SECOND_PICKER, displayName: 'Putri Picker', passwordHash: await hashPassword(hashPasswordForTransport(DEMO_PASSWORD)),
  }).returning();
  const [operatorRole] = await db.select({ roleId: roles.roleId }).from(roles).where(and(eq(roles.whsId, WHS), eq(roles.roleName, 'Operator')));
  await db.insert(userWarehouses).values({ whsId: WHS, userId: user!.userId, roleId: operatorRole!.roleId });
  secondPickerId = user!.userId;
}

beforeAll(async () => {
  server = await startOwnServer('picking', prepare);
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

type Api = <T>(method: 'GET' | 'POST', apiPath: string, body: Record<string, unknown>) => Promise<T>;

/** An API session of `email` in the test's warehouse; calls throw on a refusal. */
async function apiAs(email: string): Promise<Api & { userId: number; session: HttpSession }> {
  const session = new HttpSession();
  const login = await session.signIn(server.baseURL, email, DEMO_PASSWORD);
  if (login.whs_id !== WHS) {
    const switched = await session.call(server.baseURL, 'POST', '/apps/system/user/switch_user_setting', { type: 'whs', value: WHS });
    if (switched.retcode !== 0) throw new Error(`switching to ${WHS}: ${switched.message}`);
    session.whsId = WHS;
  }
  const call = async <T>(method: 'GET' | 'POST', apiPath: string, body: Record<string, unknown>): Promise<T> => {
    const answer = method === 'GET'
      ? await session.call<T>(server.baseURL, 'GET', `${apiPath}?${new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString()}`)
      : await session.call<T>(server.baseURL, 'POST', apiPath, body);
    if (answer.retcode !== 0) throw new Error(`${apiPath}: ${answer.retcode} ${answer.message}`);
    return answer.data;
  };
  return Object.assign(call, { userId: login.user_id, session });
}

/** The admin's API session: orders, waves, rules, and every read of the checks. */
const adminApi = () => apiAs('admin@demo.local');

/** A PDA (360 × 640, a handheld's browser) signed in as `email`, on the picking screen. */
async function pickingPda(email: string) {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: PDA_VIEWPORT, userAgent: PDA_USER_AGENT, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/v2/login?redirect_url=%2Fv2%2Fsalesoutbound%2Fpicking');
  await signIn(page, email);
  await page.waitForURL('**/v2/salesoutbound/picking');
  return { context, page };
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(os.tmpdir(), `picking-${name}.png`), fullPage: true });

/** At the stop on screen: the location, then the SKU once per unit (picking's each-scan-one-piece rule). */
async function pickStop(page: Page, location: string, skuId: string, units: number) {
  await expect.poll(() => page.getByTestId('picking-location').textContent()).toBe(location);
  await scanInto(page, 'picking-location-scan', location);
  for (let i = 0; i < units; i++) await scanInto(page, 'picking-sku-scan', skuId);
}

interface LedgerRow { txn_type: number; direction: number; location_id: string; sku_id: string; qty: number; ref_no: string }
interface BalanceRow { location_id: string; onhand_qty: number; locked_qty: number; prepick_qty: number }
const LIST_PAGE = { page_no: 1, page_size: 200 };

/** The ledger rows of one document (the inventory map's transactions), of one type. */
async function ledgerOf(api: Api, refNo: string, txnType: number) {
  const page = await api<{ list: LedgerRow[]; total: number }>('GET', inventoryTransactionResource.api!.list.path, { ref_no: refNo, txn_type: txnType, ...LIST_PAGE });
  expect(page.total).toBe(page.list.length);
  return page.list.map((r) => ({ direction: r.direction, location: r.location_id, sku: r.sku_id, qty: r.qty }));
}

/** Ledger rows as a sorted list, for comparing sets of rows. */
const sorted = <R extends { direction: number; location: string; sku: string }>(rows: R[]) =>
  [...rows].sort((a, b) => a.sku.localeCompare(b.sku) || a.location.localeCompare(b.location) || a.direction - b.direction);

/**
 * A SKU's balances on the on-hand map (its SKU detail), each with what its ledger rows add up
 * to at that location: the map and the ledger agree when `onhand` equals `ledger` everywhere.
 */
async function mapAndLedger(api: Api, skuId: string) {
  const balances = await api<{ list: BalanceRow[] }>('GET', onhandDetailResource.api!.list.path, { sku_id: skuId, ...LIST_PAGE });
  const ledger = await api<{ list: LedgerRow[]; total: number }>('GET', inventoryTransactionResource.api!.list.path, { sku_id: skuId, ...LIST_PAGE });
  expect(ledger.total).toBe(ledger.list.length);
  const fromLedger = new Map<string, number>();
  for (const r of ledger.list) fromLedger.set(r.location_id, (fromLedger.get(r.location_id) ?? 0) + (r.direction === DEBIT ? r.qty : -r.qty));
  const locations = [...new Set([...balances.list.map((b) => b.location_id), ...fromLedger.keys()])].sort();
  return Object.fromEntries(locations.map((location) => {
    const b = balances.list.find((row) => row.location_id === location);
    return [location, { onhand: b?.onhand_qty ?? 0, locked: b?.locked_qty ?? 0, prepick: b?.prepick_qty ?? 0, ledger: fromLedger.get(location) ?? 0 }];
  }));
}

describe('picking on a PDA, offline for part of the route', () => {
  test('picks and a short pick made offline reach the server once; the re-allocated stop joins the route; task, order and ledger agree', async () => {
    const api = await adminApi();
    const made = await api<{ order: SalesOrder }>('POST', salesOrderContract.createSalesOrder.path, {
      external_no: `PKE2E-${Date.now()}`, lines: [{ sku_id: skuB, qty: 2 }, { sku_id: skuA, qty: 4 }, { sku_id: skuC, qty: 3 }],
    });
    const orderNo = made.order.order_no;
    const wave = await api<{ task_nos: string[] }>('POST', waveContract.createManualWave.path, { order_nos: [orderNo] });
    expect(wave.task_nos).toHaveLength(1);
    const taskNo = wave.task_nos[0]!;

    const { context, page } = await pickingPda('operator@demo.local');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // Claim the task by its number, then the cart.
    await scanInto(page, 'picking-task-scan', taskNo);
    await scanInto(page, 'picking-container-scan', CART);
    await expect.poll(() => page.getByTestId('picking-location').textContent()).toBe(CELL(1));
    expect(await page.getByTestId('picking-container').textContent()).toBe(CART);

    // The network goes. Stop 1: a wrong cell is refused, then B by two scans (queued on the second).
    await context.setOffline(true);
    await scanInto(page, 'picking-location-scan', CELL(3));
    await expect.poll(() => page.getByText(`Wrong location ${CELL(3)}: go to ${CELL(1)}.`).first().isVisible()).toBe(true);
    await scanInto(page, 'picking-location-scan', CELL(1));
    await scanInto(page, 'picking-sku-scan', skuB);
    await expect.poll(() => page.getByTestId('picking-counted').textContent()).toBe('1 of 2 counted');
    await scanInto(page, 'picking-sku-scan', skuB);
    await expect.poll(() => page.getByTestId('picking-location').textContent()).toBe(CELL(2));

    // Stop 2: the cell is empty: short-pick all 4 of A.
    await page.getByTestId('picking-short').click();
    await page.getByTestId(`picking-short-reason-${SHORT_PICK_REASON.values.LOCATION_EMPTY}`).check();
    await page.getByTestId('picking-short-confirm').click();
    await expect.poll(() => page.getByTestId('picking-location').textContent()).toBe(CELL(3));
    expect(await page.getByTestId('picking-progress').textContent()).toBe('6 of 9 units picked, short or queued');
    expect(await opStates(page)).toEqual(['pending', 'pending']);
    // An offline reload: the claimed task comes from the service worker's cache, the queued ops from the outbox.
    await page.reload();
    await expect.poll(() => page.getByTestId('picking-location').textContent()).toBe(CELL(3));
    expect(await page.getByTestId('picking-progress').textContent()).toBe('6 of 9 units picked, short or queued');
    await page.screenshot({ path: path.join(os.tmpdir(), 'picking-pda-offline.png') });

    // Back online: the queue drains in order; the short pick's answer adds A from cell 4 to the route.
    await context.setOffline(false);
    await expect.poll(() => opStates(page), { timeout: 60_000 }).toEqual(['done', 'done']);
    await expect.poll(() => page.getByTestId('picking-short-answer').textContent()).toContain(CELL(4));
    await expect.poll(() => page.getByTestId('picking-progress').textContent()).toBe('6 of 13 units picked, short or queued');
    await page.screenshot({ path: path.join(os.tmpdir(), 'picking-pda-synced.png'), fullPage: true });
    await context.close();

    // The server's view: the task's lines, and the order's picked units.
    const detail = await api<PickingWork>('GET', pickingContract.getPickingTaskDetail.path, { task_no: taskNo });
    const lines = detail.lines.map((l) => [l.location_id, l.sku_id, l.qty, l.picked_qty, l.short_qty]);
    expect(lines).toEqual([[CELL(1), skuB, 2, 2, 0], [CELL(2), skuA, 4, 0, 4], [CELL(3), skuC, 3, 0, 0], [CELL(4), skuA, 4, 0, 0]]);
    expect(detail.task).toMatchObject({ container_code: CART, picked_qty: 2, short_qty: 4 });
    const order = await api<SalesOrderDetail>('GET', salesOrderContract.getSalesOrderDetail.path, { order_no: orderNo });
    expect(order.order.picked_qty).toBe(2);

    // The ledger: the task's one Picking pair, cell 1 → the cart, 2 units, once.
    expect(sorted(await ledgerOf(api, taskNo, TXN.PICKING))).toEqual(sorted([
      { direction: DEBIT, location: CART, sku: skuB, qty: 2 },
      { direction: CREDIT, location: CELL(1), sku: skuB, qty: 2 },
    ]));
  });
});

describe('two pickers on an auto wave', () => {
  test('an auto wave rule releases pushed orders as two tasks; one picker finishes offline, the other loses an answer and re-allocates a short pick; every unit is picked once and the map agrees with the ledger', async () => {
    const api = await adminApi();
    const operator = await apiAs('operator@demo.local');
    // The supervisor's set-up: a picker carries 4 units a task in this zone (pick to wave), both pickers pick here
    // (the demo operator in the other journeys' zones too).
    await api('POST', pickingRuleResource.api!.create.path, {
      zone_id: AUTO_ZONE, max_units_per_task: 4, allow_typed_qty: 0, picking_type: PICKING_TYPE.values.PICK_TO_WAVE, status: ACTIVE_STATUS.values.ACTIVE,
    });
    for (const [userId, zoneIds] of [[operator.userId, `${ZONE},${AUTO_ZONE},${SORT_ZONE}`], [secondPickerId, AUTO_ZONE]] as const) {
      await api('POST', pickingSkillResource.api!.create.path, { user_id: userId, zone_ids: zoneIds });
    }
    const { rule_id: ruleId } = await api<{ rule_id: number }>('POST', autoWaveRuleResource.api!.create.path, {
      rule_name: 'Picking E2E shop', shop_id: AUTO_SHOP, max_orders: 10, max_units: 100, picking_type: PICKING_TYPE.values.PICK_TO_WAVE,
      interval_minutes: 60, status: ACTIVE_STATUS.values.ACTIVE,
    });

    // The order system pushes two orders of the shop; the rule is run now.
    const pushed = await api<{ results: PushResult[] }>('POST', salesOrderContract.pushSalesOrders.path, {
      orders: [
        { external_no: `PKAW-${Date.now()}-1`, shop_id: AUTO_SHOP, lines: [{ sku_id: skuD, qty: 2 }, { sku_id: skuE, qty: 2 }] },
        { external_no: `PKAW-${Date.now()}-2`, shop_id: AUTO_SHOP, lines: [{ sku_id: skuE, qty: 2 }, { sku_id: skuF, qty: 2 }] },
      ],
    });
    expect(pushed.results.map((r) => [r.retcode, r.created])).toEqual([[0, true], [0, true]]);
    const orderNos = pushed.results.map((r) => r.order_no!);
    const { runs } = await api<{ runs: AutoWaveRun[] }>('POST', waveContract.runAutoWave.path, { rule_id: ruleId });
    expect(runs).toHaveLength(1);
    expect(runs[0]!.skipped).toEqual([]);
    expect(runs[0]!.waves.map((w) => [w.is_manual, w.order_count, w.unit_count, w.task_count])).toEqual([[false, 2, 8, 2]]);
    const waveNo = runs[0]!.waves[0]!.wave_no;
    const released = await api<{ tasks: { task_no: string; status: number }[] }>('GET', waveContract.getWaveDetail.path, { wave_no: waveNo });
    // 8 units in the zone, 4 a picker: one picking task, split by the wave into two sub-picking tasks.
    expect(released.tasks.map((t) => t.status).sort()).toEqual([T.PENDING, T.PENDING, T.SPLIT]);
    const claimable = released.tasks.filter((t) => t.status !== T.SPLIT);
    const routes = await Promise.all(claimable.map((t) => api<PickingWork>('GET', pickingContract.getPickingTaskDetail.path, { task_no: t.task_no })));
    // Cut along the pick path: D and E (first order) on one sub task, E and F (second order) on the other.
    const routeOf = (work: PickingWork) => work.lines.map((l) => [l.location_id, l.sku_id, l.qty]);
    const first = routes.find((w) => w.lines[0]!.location_id === AUTO_CELL(1))!;
    const second = routes.find((w) => w !== first)!;
    expect(routeOf(first)).toEqual([[AUTO_CELL(1), skuD, 2], [AUTO_CELL(2), skuE, 2]]);
    expect(routeOf(second)).toEqual([[AUTO_CELL(2), skuE, 2], [AUTO_CELL(3), skuF, 2]]);

    const one = await pickingPda('operator@demo.local');
    const two = await pickingPda(SECOND_PICKER);
    // Picker 1 claims the first task by its number; picker 2 takes the next task of their zones: the other one.
    await scanInto(one.page, 'picking-task-scan', first.task.task_no);
    await scanInto(one.page, 'picking-container-scan', AUTO_CARTS[0]);
    await expect.poll(() => one.page.getByTestId('picking-container').textContent()).toBe(AUTO_CARTS[0]);
    await two.page.getByTestId('picking-next-task').click();
    await expect.poll(() => two.page.getByTestId('picking-claimed').textContent()).toContain(second.task.task_no);
    await scanInto(two.page, 'picking-container-scan', AUTO_CARTS[1]);
    await expect.poll(() => two.page.getByTestId('picking-container').textContent()).toBe(AUTO_CARTS[1]);

    // Picker 1 picks the first stop online, loses the network, and picks the rest offline.
    await pickStop(one.page, AUTO_CELL(1), skuD, 2);
    await expect.poll(() => opStates(one.page), { timeout: 30_000 }).toEqual(['done']);
    await one.context.setOffline(true);
    await pickStop(one.page, AUTO_CELL(2), skuE, 2);
    await expect.poll(() => one.page.getByTestId('picking-complete').isVisible()).toBe(true);
    expect(await opStates(one.page)).toEqual(['done', 'pending']);
    await shot(one.page, 'pda-two-pickers-offline');

    // Picker 2: the answer to their first push is lost on the way back; the pick is sent again.
    const lost = await loseNextPushAnswer(two.page);
    await pickStop(two.page, AUTO_CELL(2), skuE, 2);
    // Cell 3 is empty: the short pick is re-allocated from cell 4, a new stop at the end of the route.
    await expect.poll(() => two.page.getByTestId('picking-location').textContent()).toBe(AUTO_CELL(3));
    await two.page.getByTestId('picking-short').click();
    await two.page.getByTestId(`picking-short-reason-${SHORT_PICK_REASON.values.LOCATION_EMPTY}`).check();
    await two.page.getByTestId('picking-short-confirm').click();
    await expect.poll(() => two.page.getByTestId('picking-short-answer').textContent(), { timeout: 60_000 }).toContain(AUTO_CELL(4));
    expect(lost()).toBe(true);
    await shot(two.page, 'pda-short-reallocated');
    await pickStop(two.page, AUTO_CELL(4), skuF, 2);
    await expect.poll(() => opStates(two.page), { timeout: 60_000 }).toEqual(['done', 'done', 'done']);
    await expect.poll(() => two.page.getByTestId('picking-complete').isVisible()).toBe(true);

    // Picker 1 is back: the offline pick goes through.
    await one.context.setOffline(false);
    await expect.poll(() => opStates(one.page), { timeout: 60_000 }).toEqual(['done', 'done']);
    await shot(one.page, 'pda-two-pickers-synced');
    await one.context.close();
    await two.context.close();

    // Every order picked, every task done, the wave done.
    const after = await api<{ wave: Wave; orders: SalesOrder[]; tasks: { task_no: string; status: number; total_qty: number; picked_qty: number }[] }>(
      'GET', waveContract.getWaveDetail.path, { wave_no: waveNo },
    );
    expect(after.wave.status).toBe(T.DONE);
    expect(after.orders.map((o) => [o.order_no, o.status, o.picked_qty])).toEqual(orderNos.map((no) => [no, S.PICKED, 4]).sort());
    // The second task's total counts the short-picked line too (picked 4, short 2); the split task sums its two.
    const splitTask = released.tasks.find((t) => t.status === T.SPLIT)!.task_no;
    expect(after.tasks.map((t) => [t.task_no, t.status, t.total_qty, t.picked_qty])).toEqual([
      [first.task.task_no, T.DONE, 4, 4], [second.task.task_no, T.DONE, 6, 4], [splitTask, T.DONE, 10, 8],
    ].sort());
    const secondAfter = await api<PickingWork>('GET', pickingContract.getPickingTaskDetail.path, { task_no: second.task.task_no });
    expect(secondAfter.lines.map((l) => [l.location_id, l.sku_id, l.qty, l.picked_qty, l.short_qty])).toEqual([
      [AUTO_CELL(2), skuE, 2, 2, 0], [AUTO_CELL(3), skuF, 2, 0, 2], [AUTO_CELL(4), skuF, 2, 2, 0],
    ]);

    // The ledger: one Picking pair per pick, 8 units in all — the units ordered, none twice.
    const picked = [
      ...(await ledgerOf(api, first.task.task_no, TXN.PICKING)).map((r) => ({ ...r, cart: 1 })),
      ...(await ledgerOf(api, second.task.task_no, TXN.PICKING)).map((r) => ({ ...r, cart: 2 })),
    ];
    expect(sorted(picked.filter((r) => r.direction === CREDIT))).toEqual(sorted([
      { direction: CREDIT, location: AUTO_CELL(1), sku: skuD, qty: 2, cart: 1 },
      { direction: CREDIT, location: AUTO_CELL(2), sku: skuE, qty: 2, cart: 1 },
      { direction: CREDIT, location: AUTO_CELL(2), sku: skuE, qty: 2, cart: 2 },
      { direction: CREDIT, location: AUTO_CELL(4), sku: skuF, qty: 2, cart: 2 },
    ]));
    expect(picked.filter((r) => r.direction === DEBIT).every((r) => r.location === AUTO_CARTS[r.cart - 1])).toBe(true);
    expect(picked.filter((r) => r.direction === DEBIT).reduce((sum, r) => sum + r.qty, 0)).toBe(8);

    // The on-hand map: picked units in the carts, nothing pre-picked any more, the empty cell's units blocked for a count; the ledger says the same.
    const [cartOne, cartTwo] = AUTO_CARTS;
    expect(await mapAndLedger(api, skuD)).toEqual({
      [AUTO_CELL(1)]: { onhand: 0, locked: 0, prepick: 0, ledger: 0 },
      [cartOne]: { onhand: 2, locked: 0, prepick: 0, ledger: 2 },
    });
    expect(await mapAndLedger(api, skuE)).toEqual({
      [AUTO_CELL(2)]: { onhand: 2, locked: 0, prepick: 0, ledger: 2 },
      [cartOne]: { onhand: 2, locked: 0, prepick: 0, ledger: 2 },
      [cartTwo]: { onhand: 2, locked: 0, prepick: 0, ledger: 2 },
    });
    expect(await mapAndLedger(api, skuF)).toEqual({
      [AUTO_CELL(3)]: { onhand: 2, locked: 2, prepick: 0, ledger: 2 },
      [AUTO_CELL(4)]: { onhand: 1, locked: 0, prepick: 0, ledger: 1 },
      [cartTwo]: { onhand: 2, locked: 0, prepick: 0, ledger: 2 },
    });
  }, 240_000);
});

describe('reverse picking on a PDA', () => {
  test('an order cancelled after picking: the operator puts its units back (one put offline), as reverse ledger rows; the cart is empty', async () => {
    const api = await adminApi();
    const operator = await apiAs('operator@demo.local');
    const made = await api<{ order: SalesOrder }>('POST', salesOrderContract.createSalesOrder.path, {
      external_no: `PKRV-${Date.now()}`, lines: [{ sku_id: skuG, qty: 2 }, { sku_id: skuH, qty: 1 }],
    });
    const orderNo = made.order.order_no;
    const { task_nos: [taskNo] } = await api<{ task_nos: string[] }>('POST', waveContract.createManualWave.path, { order_nos: [orderNo] });

    // Picked through the API: the operator claims the task with a cart and sends both picks from a device.
    const work = await operator<PickingWork>('POST', pickingContract.claimPickingTask.path, { task_no: taskNo, container_code: REVERSE_CART });
    const deviceId = randomUUID();
    const { results } = await operator<{ results: OpResult[] }>('POST', syncContract.pushOps.path, {
      device_id: deviceId,
      ops: work.lines.map((l, i) => ({
        op_id: uuidv7(), seq: i + 1, kind: pickingOps.pick.kind, created_at: Date.now(),
        payload: { task_no: taskNo, alloc_id: l.alloc_id, location: l.location_id, sku_id: l.sku_id, qty: l.qty },
      })),
    });
    expect(results.map((r) => [r.status, r.retcode])).toEqual([['applied', 0], ['applied', 0]]);
    expect((await api<SalesOrderDetail>('GET', salesOrderContract.getSalesOrderDetail.path, { order_no: orderNo })).order.status).toBe(S.PICKED);

    // The buyer cancels: the admin cancels the picked order, which gives it a reverse picking task.
    const cancelled = await api<{ order: SalesOrder; reverse_task_no: string | null }>('POST', salesOrderContract.cancelSalesOrder.path, {
      order_no: orderNo, reason: 'Buyer cancelled after picking',
    });
    expect(cancelled.order.status).toBe(S.CANCEL);
    const reverseTaskNo = cancelled.reverse_task_no!;
    expect(reverseTaskNo).toBeTruthy();

    // On the PDA: the reverse task opens by its number; each stop suggests the cell the units came from.
    const { context, page } = await pickingPda('operator@demo.local');
    await scanInto(page, 'picking-task-scan', reverseTaskNo);
    await expect.poll(() => page.getByTestId('picking-progress').textContent()).toBe('0 of 3 units put back or queued');
    // The header says where the units are: the cart they were picked into.
    expect(await page.getByTestId('picking-container').allTextContents()).toEqual([REVERSE_CART]);
    await expect.poll(() => page.getByTestId('picking-location').textContent()).toBe(CELL(5));
    await scanInto(page, 'picking-location-scan', CELL(5));
    await expect.poll(() => page.getByTestId('picking-qty').inputValue()).toBe('2');
    // At PDA width the stop's zone reads whole (not cut to "PK…").
    expect(await page.getByTestId('picking-zone').evaluate((badge) => [...badge.querySelectorAll('*'), badge].every((el) => el.scrollWidth <= el.clientWidth))).toBe(true);
    await shot(page, 'pda-reverse-put');
    await page.getByTestId('picking-confirm').click();
    await expect.poll(() => opStates(page), { timeout: 30_000 }).toEqual(['done']);

    // The network goes for the last stop: the put is queued, and sent once it is back.
    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('picking-location').textContent()).toBe(CELL(6));
    await scanInto(page, 'picking-location-scan', CELL(6));
    await expect.poll(() => page.getByTestId('picking-qty').inputValue()).toBe('1');
    await page.getByTestId('picking-confirm').click();
    await expect.poll(() => page.getByTestId('picking-complete').isVisible()).toBe(true);
    expect(await opStates(page)).toEqual(['done', 'pending']);
    await shot(page, 'pda-reverse-offline');
    await context.setOffline(false);
    await expect.poll(() => opStates(page), { timeout: 60_000 }).toEqual(['done', 'done']);
    await context.close();

    // The reverse task is done, the order stays cancelled, and the ledger has the reverse pairs: cart → cells.
    const reverse = await api<PickingWork>('GET', pickingContract.getPickingTaskDetail.path, { task_no: reverseTaskNo });
    expect(reverse.task).toMatchObject({ kind: PICKING_TASK_KIND.values.REVERSE_PICKING, status: T.DONE, order_no: orderNo, total_qty: 3, picked_qty: 3 });
    expect(reverse.lines.map((l) => [l.location_id, l.sku_id, l.picked_qty, l.returned_qty])).toEqual([[CELL(5), skuG, 2, 2], [CELL(6), skuH, 1, 1]]);
    expect((await api<SalesOrderDetail>('GET', salesOrderContract.getSalesOrderDetail.path, { order_no: orderNo })).order.status).toBe(S.CANCEL);
    expect(sorted(await ledgerOf(api, reverseTaskNo, TXN.REVERSE))).toEqual(sorted([
      { direction: CREDIT, location: REVERSE_CART, sku: skuG, qty: 2 },
      { direction: DEBIT, location: CELL(5), sku: skuG, qty: 2 },
      { direction: CREDIT, location: REVERSE_CART, sku: skuH, qty: 1 },
      { direction: DEBIT, location: CELL(6), sku: skuH, qty: 1 },
    ]));
    // The cart is empty again and the cells hold their opening stock, nothing reserved; map and ledger agree.
    expect(await mapAndLedger(api, skuG)).toEqual({
      [CELL(5)]: { onhand: 3, locked: 0, prepick: 0, ledger: 3 },
      [REVERSE_CART]: { onhand: 0, locked: 0, prepick: 0, ledger: 0 },
    });
    expect(await mapAndLedger(api, skuH)).toEqual({
      [CELL(6)]: { onhand: 2, locked: 0, prepick: 0, ledger: 2 },
      [REVERSE_CART]: { onhand: 0, locked: 0, prepick: 0, ledger: 0 },
    });
  }, 180_000);
});

describe('sorting while picking on a PDA', () => {
  test('each order\'s units go into its cart slot, shown big and confirmed by a scan; a wrong slot is refused; picked offline, sent once', async () => {
    const api = await adminApi();
    const orderNos: string[] = [];
    for (const [i, lines] of [[{ sku_id: skuI, qty: 1 }, { sku_id: skuJ, qty: 1 }], [{ sku_id: skuJ, qty: 1 }]].entries()) {
      const made = await api<{ order: SalesOrder }>('POST', salesOrderContract.createSalesOrder.path, { external_no: `PKSW-${Date.now()}-${i}`, lines });
      orderNos.push(made.order.order_no);
    }
    const wave = await api<{ task_nos: string[] }>('POST', waveContract.createManualWave.path, { order_nos: orderNos, picking_type: PICKING_TYPE.values.SORTING_WHILE_PICKING });
    expect(wave.task_nos).toHaveLength(1);
    const taskNo = wave.task_nos[0]!;

    const { context, page } = await pickingPda('operator@demo.local');
    await scanInto(page, 'picking-task-scan', taskNo);
    await scanInto(page, 'picking-container-scan', SORT_CART);
    await expect.poll(() => page.getByTestId('picking-container').textContent()).toBe(SORT_CART);
    await context.setOffline(true);

    // Stop 1 (the first order's I): counted, then its slot shows big; the second order's slot is refused.
    await expect.poll(() => page.getByTestId('picking-slot-badge').textContent()).toBe('Slot 1');
    await pickStop(page, SORT_CELL(1), skuI, 1);
    await expect.poll(() => page.getByTestId('picking-slot-no').textContent()).toBe('1');
    await scanInto(page, 'picking-slot-scan', `${SORT_CART}-2`);
    await expect.poll(() => page.getByTestId('picking-slot-refused').textContent()).toBe('Wrong slot 2: these units go into slot 1.');
    await shot(page, 'pda-sort-slot');
    expect(await opStates(page)).toEqual([]);
    await scanInto(page, 'picking-slot-scan', `${SORT_CART}-01`);
    await expect.poll(() => page.getByTestId('picking-notice').textContent()).toBe(`1 × ${skuI} from ${SORT_CELL(1)} → slot 1: saved.`);

    // Stop 2: J for both orders, each into its own slot (the plain number on the slot's label is taken too).
    for (const slot of [1, 2]) {
      await expect.poll(() => page.getByTestId('picking-slot-badge').textContent()).toBe(`Slot ${slot}`);
      await pickStop(page, SORT_CELL(2), skuJ, 1);
      await expect.poll(() => page.getByTestId('picking-slot-no').textContent()).toBe(String(slot));
      await scanInto(page, 'picking-slot-scan', String(slot));
    }
    await expect.poll(() => page.getByTestId('picking-complete').isVisible()).toBe(true);
    expect(await opStates(page)).toEqual(['pending', 'pending', 'pending']);
    await context.setOffline(false);
    await expect.poll(() => opStates(page), { timeout: 60_000 }).toEqual(['done', 'done', 'done']);
    await context.close();

    // Each order's units went into its slot once: the task and both orders are picked, the cart holds the three units.
    const work = await api<PickingWork>('GET', pickingContract.getPickingTaskDetail.path, { task_no: taskNo });
    expect(work.task).toMatchObject({ status: T.DONE, picked_qty: 3 });
    expect(work.lines.map((l) => [l.order_no, l.sku_id, l.slot_no, l.picked_qty])).toEqual([
      [orderNos[0], skuI, 1, 1], [orderNos[0], skuJ, 1, 1], [orderNos[1], skuJ, 2, 1],
    ]);
    for (const orderNo of orderNos) {
      expect((await api<SalesOrderDetail>('GET', salesOrderContract.getSalesOrderDetail.path, { order_no: orderNo })).order.status).toBe(S.PICKED);
    }
    expect((await mapAndLedger(api, skuJ))[SORT_CART]).toEqual({ onhand: 2, locked: 0, prepick: 0, ledger: 2 });
  }, 120_000);
});
