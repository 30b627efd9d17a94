import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PDA_USER_AGENT, PDA_VIEWPORT, inWarehouse, launchBrowser, opStates, scanInto, signIn } from './browser';
import { startOwnServer, type OwnServer } from './own-server';
import { HttpSession } from '../support/http-session';
import { addStock, testItem, type TestItem } from '../support/stock-fixture';
import type { Database, Db } from '../../src/server/db/client';
import { cells, pathways, zones } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import {
  CYCLE_COUNT_KIND, CYCLE_COUNT_ORDER_TYPE, CYCLE_COUNT_RESULT, CYCLE_COUNT_SCOPE, RACK_TYPE, STORAGE_AREA, TEMPERATURE_ZONE,
} from '../../src/shared/codes';
import { contract } from '../../src/shared/contract';
import { CC_PAGES, cycleCountContract, type CcTask } from '../../src/shared/contract/cycle-count.contract';
import { hashPasswordForTransport } from '../../src/shared/password-hash';
import { cycleCountSkillResource } from '../../src/shared/resources/cycle-count.resource';
import { SKU_MIXING, SUPPLIER_MIXING } from '../../src/shared/resources/location-codes';

/**
 * Issue 19's cycle count journey, against a server of this file's own. A full location count over one
 * zone of five cells (one with no stock) is one task. Counter A (a PDA, 360 × 640) claims it and counts
 * two cells; counter B, on a second PDA, joins the same task, loses the network, counts the other three
 * (one unit short at cell 3), confirms the empty cell and completes; back online B's ops drain once
 * each and the round ends with a difference order. On the PC the admin counts the difference again:
 * B, who counted that cell, may not take the recount; counter C does and finds the same; the admin approves, and the
 * adjustment (Done), the ledger (Shortage) and the on-hand map all show the counted 4 units.
 */

const WHS = 'IDJKT1';
const ZONE = 'CCE2E';
const CELL = (n: number) => `${ZONE}-01-01-${n}`;

let browser: Browser;
let server: OwnServer;
let items: TestItem[];

async function prepare(database: Database) {
  const db: Db = database.db;
  const common = {
    whsId: WHS, storageArea: STORAGE_AREA.values.PICKING_AREA, rackType: RACK_TYPE.values.GROUND_STACKED, temperatureZone: TEMPERATURE_ZONE.values.NORMAL,
    skuMixing: SKU_MIXING.values.MIX_SKU, supplierMixing: SUPPLIER_MIXING.values.MIX,
  };
  await db.insert(zones).values({ ...common, zoneId: ZONE, zoneName: 'Cycle count E2E', zoneClusterId: 'ZC-BULK', pickSequence: 1 });
  await db.insert(pathways).values({ whsId: WHS, pathwayId: `${ZONE}-01`, zoneId: ZONE, pickSequence: 1 });
  await db.insert(cells).values(Array.from({ length: 5 }, (_, i) => ({
    ...common, locationCode: CELL(i + 1), zoneId: ZONE, pathwayId: `${ZONE}-01`, maxQty: 1000, pickSequence: i + 1,
  })));
  items = [];
  for (const prefix of ['CCA', 'CCB', 'CCC', 'CCD']) items.push(await testItem(db, WHS, prefix));
  // Cells 1–4 hold 4, 3, 5 and 2 units; cell 5 nothing.
  for (const [i, qty] of [4, 3, 5, 2].entries()) await addStock(db, WHS, items[i]!, CELL(i + 1), qty);
}

beforeAll(async () => {
  server = await startOwnServer('cycle-count', prepare);
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

type Api = <T>(method: 'GET' | 'POST', apiPath: string, body: Record<string, unknown>) => Promise<T>;

/** A user's API session in the test's warehouse; calls throw on a refusal. */
async function apiAs(email: string, password = DEMO_PASSWORD): Promise<{ api: Api; userId: number }> {
  const session = new HttpSession();
  const login = await session.signIn(server.baseURL, email, password);
  const api: Api = async <T>(method: 'GET' | 'POST', apiPath: string, body: Record<string, unknown>) => {
    const answer = method === 'GET'
      ? await session.call<T>(server.baseURL, 'GET', `${apiPath}?${new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString()}`)
      : await session.call<T>(server.baseURL, 'POST', apiPath, body);
    if (answer.retcode !== 0) throw new Error(`${apiPath}: ${answer.retcode} ${answer.message}`);
    return answer.data;
  };
  if (login.whs_id !== WHS) {
    await api('POST', contract.switchWarehouse.path, { type: 'whs', value: WHS });
    session.whsId = WHS;
  }
  return { api, userId: login.user_id };
}

/** The counters: A is the demo operator; B and C are outsourced counters the admin adds (their first sign-in sets their password). */
const COUNTER_A = 'operator@demo.local';
const COUNTER_B = 'counter.b@agency.example';
const COUNTER_C = 'counter.c@agency.example';

/** Adds B and C as Operators of the warehouse and gives A, B and C the zone as their cycle count skill (the warehouse had none). */
async function setUpCounters(admin: Api): Promise<void> {
  const { list: roles } = await admin<{ list: { role_id: number; role_name: string }[] }>('GET', contract.getBpoRoleList.path, {});
  const operator = roles.find((r) => r.role_name === 'Operator')!;
  const userIds = [(await apiAs(COUNTER_A)).userId];
  for (const [email, name] of [[COUNTER_B, 'Bayu Counter'], [COUNTER_C, 'Citra Counter']] as const) {
    const made = await admin<{ user_id: number; temporary_password: string }>('POST', contract.createBpoUser.path, { email, display_name: name, role_id: operator.role_id });
    const { api } = await apiAs(email, made.temporary_password);
    await api('POST', contract.resetMyPwd.path, { old_pwd: hashPasswordForTransport(made.temporary_password), new_pwd: DEMO_PASSWORD });
    userIds.push(made.user_id);
  }
  for (const userId of userIds) await admin('POST', cycleCountSkillResource.api!.create!.path, { user_id: userId, zone_ids: ZONE });
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(os.tmpdir(), `cycle-count-${name}.png`), fullPage: true });

const COUNT_PAGE = `/v2${CC_PAGES.count}`;

/**
 * A handheld has no hover, but the test's mouse rests where it last clicked: a toast appearing under
 * it would stay open (hovering holds every toast), covering the screen. The pointer goes to a corner
 * no toast reaches (they show top-center).
 */
const parkPointer = (page: Page) => page.mouse.move(0, PDA_VIEWPORT.height - 1);

/** Taps a button of the PDA screen by its test id. */
async function tap(page: Page, testId: string) {
  await page.getByTestId(testId).click();
  await parkPointer(page);
}

/**
 * A PDA signed in as `email` on the counting screen. `offline`: it will lose the network, so the
 * service worker must control the page first.
 */
async function openCounting(email: string, { offline = false } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: PDA_VIEWPORT, userAgent: PDA_USER_AGENT, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(`/v2/login?redirect_url=${encodeURIComponent(COUNT_PAGE)}`);
  await signIn(page, email);
  await page.waitForURL(`**${COUNT_PAGE}`);
  await parkPointer(page);
  if (offline) {
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  }
  return { context, page };
}

/** At the location on screen: scan a SKU, set the quantity, Count. */
async function countSku(page: Page, skuId: string, qty: number) {
  await scanInto(page, 'cc-sku-scan', skuId);
  const field = page.getByTestId('cc-qty');
  await field.fill(String(qty));
  await tap(page, 'cc-count');
  await expect.poll(() => page.getByTestId('cc-qty-step').count()).toBe(0);
}

const progress = (page: Page) => page.getByTestId('cc-progress').textContent();
const table = (page: Page) => page.getByTestId('resource-table');

/** The text of each cell of the table's first body row containing `text`, by column header. */
async function rowOf(scope: Locator, text: string): Promise<Record<string, string>> {
  const row = scope.locator('tbody tr', { hasText: text }).first();
  await row.waitFor();
  const headers = await scope.locator('thead th').allTextContents();
  const cells = await row.locator('td').allTextContents();
  return Object.fromEntries(headers.map((h, i) => [h.trim(), (cells[i] ?? '').trim()]));
}

describe('cycle count journey: two counters on PDAs, one offline; a second round; approval', () => {
  test('counts reach the server once, the recount confirms the difference, and the approved adjustment shows in the ledger and the map', async () => {
    const { api: admin } = await apiAs('admin@demo.local');
    await setUpCounters(admin);
    const made = await admin<{ order_no: string }>('POST', cycleCountContract.createCcOrder.path, {
      order_type: CYCLE_COUNT_ORDER_TYPE.values.FULL, kind: CYCLE_COUNT_KIND.values.LOCATION, scope: CYCLE_COUNT_SCOPE.values.CUSTOMIZED,
      criteria: { zone_ids: [ZONE] },
    });
    const orderNo = made.order_no;
    const { list: tasks } = await admin<{ list: CcTask[] }>('GET', cycleCountContract.getCcOrderDetailCcTaskList.path, { order_no: orderNo });
    expect(tasks.map((t) => [t.zone_id, t.location_count])).toEqual([[ZONE, 5]]);
    const taskNo = tasks[0]!.task_no;

    // Counter A claims the task by its number; a location outside the task is refused at once.
    const a = await openCounting(COUNTER_A);
    await scanInto(a.page, 'cc-task-scan', taskNo);
    await expect.poll(() => progress(a.page)).toBe('0 of 5 locations counted');
    await scanInto(a.page, 'cc-location-scan', 'NOT-A-CELL');
    await expect.poll(() => a.page.getByText(`NOT-A-CELL is not a location of task ${taskNo}: nothing was counted.`).first().isVisible()).toBe(true);
    // Cells 1 and 2, as the book says (the second scanned from the SKU field: the counter walked on).
    await scanInto(a.page, 'cc-location-scan', CELL(1));
    await countSku(a.page, items[0]!.skuId, 4);
    await scanInto(a.page, 'cc-sku-scan', CELL(2));
    await expect.poll(() => a.page.getByTestId('cc-location').textContent()).toBe(CELL(2));
    await countSku(a.page, items[1]!.skuId, 3);
    await expect.poll(() => opStates(a.page), { timeout: 60_000 }).toEqual(['done', 'done']);
    await shot(a.page, 'a-counted');
    await a.context.close();

    // Counter B joins the same task and sees A's two cells counted.
    const b = await openCounting(COUNTER_B, { offline: true });
    await scanInto(b.page, 'cc-task-scan', taskNo);
    await expect.poll(() => progress(b.page)).toBe('2 of 5 locations counted');
    // The network goes: cell 3 has one unit fewer than the book, cell 4 as booked, cell 5 is empty.
    await b.context.setOffline(true);
    await scanInto(b.page, 'cc-location-scan', CELL(3));
    await countSku(b.page, items[2]!.skuId, 4);
    await expect.poll(() => b.page.locator(`[data-testid="cc-sku-row"][data-sku="${items[2]!.skuId}"] [data-testid="cc-sku-counted"]`).textContent()).toBe('4');
    await scanInto(b.page, 'cc-sku-scan', CELL(4));
    await countSku(b.page, items[3]!.skuId, 2);
    await scanInto(b.page, 'cc-sku-scan', CELL(5));
    await tap(b.page, 'cc-empty');
    await tap(b.page, 'cc-empty-confirm');
    await expect.poll(() => progress(b.page)).toBe('5 of 5 locations counted');
    await shot(b.page, 'b-offline-counted');
    await tap(b.page, 'cc-complete');
    await expect.poll(() => b.page.getByTestId('cc-completed').textContent()).toContain('4 ops wait to reach the server');
    expect(await opStates(b.page)).toEqual(['pending', 'pending', 'pending', 'pending']);
    await shot(b.page, 'b-offline-completed');
    // Back online: B's queue drains in order, each op once.
    await b.context.setOffline(false);
    await expect.poll(() => opStates(b.page), { timeout: 60_000 }).toEqual(['done', 'done', 'done', 'done']);
    await expect.poll(() => b.page.getByTestId('cc-completed').textContent()).toContain('the server has every count');

    // The server's view: each line counted once, by whoever counted it; one difference.
    const R = CYCLE_COUNT_RESULT.values;
    const lines = await admin<{ list: { location_id: string; sku_id: string; counted_qty: number | null; result: number | null }[] }>(
      'GET', cycleCountContract.getCcOrderDetailSkuLocationList.path, { order_no: orderNo, page_no: 1, page_size: 50 },
    );
    expect(lines.list.filter((l) => l.sku_id !== '').map((l) => [l.location_id, l.sku_id, l.counted_qty, l.result])).toEqual([
      [CELL(1), items[0]!.skuId, 4, R.NORMAL], [CELL(2), items[1]!.skuId, 3, R.NORMAL], [CELL(3), items[2]!.skuId, 4, R.MISSING],
      [CELL(4), items[3]!.skuId, 2, R.NORMAL],
    ]);
    const scans = await admin<{ list: { qty: number }[] }>('GET', cycleCountContract.getCcOrderDetailSkuLocationUid.path, { order_no: orderNo, location_id: CELL(3), sku_id: items[2]!.skuId });
    expect(scans.list.map((s) => s.qty)).toEqual([4]);

    // On the PC the admin counts the difference again: the order's second count page lists cell 3.
    const pc = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1366, height: 800 }, locale: 'en-US' });
    const desk = await pc.newPage();
    const orderView = `/v2${CC_PAGES.orderView}?order_no=${orderNo}`;
    await desk.goto(`/v2/login?redirect_url=${encodeURIComponent(orderView)}`);
    await signIn(desk, 'admin@demo.local');
    await desk.waitForURL(`**${CC_PAGES.orderView}?order_no=*`);
    await inWarehouse(desk, WHS);
    await desk.getByTestId('cc-second-count').click();
    await desk.waitForURL(`**${CC_PAGES.secondCount}?order_no=*`);
    expect(await rowOf(desk.getByTestId('cc-second-lines'), CELL(3))).toMatchObject({ 'SKU ID': items[2]!.skuId, Book: '5', Counted: '4', Result: 'Missing' });
    await shot(desk, 'pc-second-count');
    await desk.getByTestId('cc-second-confirm').click();
    const madeRound = desk.getByTestId('cc-second-made');
    await expect.poll(() => madeRound.textContent()).toContain('Round 2 created');
    const recountTasks = await madeRound.getByRole('link').filter({ hasNotText: 'Back to the order' }).allTextContents();
    expect(recountTasks).toHaveLength(1);
    const recountTask = recountTasks[0]!;

    // B counted cell 3 in round 1, so its recount is not B's.
    await b.page.goto(COUNT_PAGE);
    await scanInto(b.page, 'cc-task-scan', recountTask);
    await expect.poll(() => b.page.getByTestId('cc-task-refused').textContent())
      .toBe(`Cannot open ${recountTask}You counted these locations in an earlier round: a second count is done by another counter.`);
    await shot(b.page, 'b-recount-refused');
    await b.context.close();

    // Counter C takes the next task, the recount of cell 3, and finds the same 4 units.
    const c = await openCounting(COUNTER_C);
    await tap(c.page, 'cc-next-task');
    await expect.poll(() => c.page.getByTestId('cc-task-no').textContent()).toContain(recountTask);
    await expect.poll(() => progress(c.page)).toBe('0 of 1 locations counted');
    await scanInto(c.page, 'cc-location-scan', CELL(3));
    await countSku(c.page, items[2]!.skuId, 4);
    await tap(c.page, 'cc-complete');
    await expect.poll(() => c.page.getByTestId('cc-completed').textContent(), { timeout: 60_000 }).toContain('the server has every count');
    await shot(c.page, 'c-recounted');
    await c.context.close();

    // The round-2 difference order is approved on the PC.
    await desk.goto(`/v2${CC_PAGES.diffOrders}?order_no=${orderNo}`);
    await expect.poll(() => table(desk).locator('tbody tr').count(), { timeout: 30_000 }).toBe(2);
    const pending = table(desk).locator('tbody tr', { hasText: 'Pending' });
    expect(await pending.count()).toBe(1);
    expect(await table(desk).locator('tbody tr', { hasText: 'Recounting' }).count()).toBe(1);
    await pending.getByRole('link').first().click();
    await desk.waitForURL(`**${CC_PAGES.diffOrders}/*`);
    await desk.getByRole('link', { name: 'Approve Difference' }).click();
    await desk.waitForURL('**/approve');
    expect(await rowOf(desk.getByTestId('cc-diff-lines'), CELL(3))).toMatchObject({ Book: '5', Counted: '4', Result: 'Missing' });
    await desk.getByTestId('cc-diff-approve').click();
    await desk.getByRole('dialog').getByLabel('Remark').fill('Recount confirmed one unit short');
    await desk.getByTestId('cc-diff-approve-confirm').click();
    await expect.poll(() => desk.getByTestId('cc-diff-approved').textContent()).toContain('Approved: the stock was adjusted by inventory adjustment');
    expect(await rowOf(desk.getByTestId('cc-diff-lines'), CELL(3))).toMatchObject({ Counted: '4', 'Adjusted Qty': '-1' });
    const facts = await desk.getByTestId('cc-diff-facts').textContent();
    expect(facts).toContain('Approved Byadmin@demo.local');
    expect(facts).toContain('RemarkRecount confirmed one unit short');
    await shot(desk, 'pc-approved');

    // The adjustment it made: Done, one unit deducted at cell 3, which now holds the counted 4.
    await desk.getByTestId('cc-diff-approved').getByRole('link').click();
    await desk.waitForURL('**/inventorymanage/adjust/view?adjust_no=*');
    const adjustNo = new URL(desk.url()).searchParams.get('adjust_no')!;
    await expect.poll(() => desk.getByRole('heading', { level: 1 }).textContent()).toContain(adjustNo);
    await expect.poll(() => desk.getByText('Done', { exact: true }).count()).toBeGreaterThan(0);
    expect(await rowOf(desk.getByTestId('adjustment-lines'), CELL(3))).toMatchObject({
      'SKU ID': items[2]!.skuId, Direction: 'Deduction', Qty: '1', 'On Hand Now': '4',
    });
    await shot(desk, 'pc-adjustment');

    // The ledger: one Shortage out of cell 3, leaving 4; the on-hand map: 4 at cell 3.
    await desk.goto(`/v2/inventorymap/transactionInventoryMap?ref_no=${adjustNo}`);
    await expect.poll(() => desk.getByTestId('list-total').textContent(), { timeout: 30_000 }).toBe('Total 1');
    expect(await rowOf(table(desk), CELL(3))).toMatchObject({ 'Transaction Type': 'Shortage', 'SKU ID': items[2]!.skuId, 'On Hand After': '4' });
    await shot(desk, 'pc-ledger');
    await desk.goto(`/v2/inventorymap/onhand/detail/${items[2]!.skuId}`);
    expect(await rowOf(table(desk), CELL(3))).toMatchObject({ 'On Hand': '4' });
    await shot(desk, 'pc-map');
    await pc.close();
  }, 150_000);
});
