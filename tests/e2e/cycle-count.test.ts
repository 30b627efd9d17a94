import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PDA_USER_AGENT, PDA_VIEWPORT, launchBrowser, opStates, scanInto, signIn } from './browser';
import { startOwnServer, type OwnServer } from './own-server';
import { HttpSession } from '../support/http-session';
import { addStock, testItem, type TestItem } from '../support/stock-fixture';
import type { Database, Db } from '../../src/server/db/client';
import { cells, pathways, zones } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import {
  CC_DIFF_STATUS, CYCLE_COUNT_KIND, CYCLE_COUNT_ORDER_TYPE, CYCLE_COUNT_RESULT, CYCLE_COUNT_SCOPE, CYCLE_COUNT_STATUS, RACK_TYPE, STORAGE_AREA, TEMPERATURE_ZONE,
} from '../../src/shared/codes';
import { cycleCountContract, type CcOrder, type CcTask } from '../../src/shared/contract/cycle-count.contract';
import { ccDiffOrderResource } from '../../src/shared/resources/cycle-count.resource';
import { SKU_MIXING, SUPPLIER_MIXING } from '../../src/shared/resources/location-codes';

/**
 * Cycle counting on a PDA (360 × 640), against a server of this file's own: a full location count
 * over one zone of five cells (one with no stock) is one task; the operator claims it by its number,
 * counts two locations online, loses the network, counts the other two (one with a difference),
 * confirms the empty cell and completes; back online the ops drain once each, the order's lines
 * show the counts, the round is over and a difference order holds the one difference.
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

/** The admin's API session in the test's warehouse; calls throw on a refusal. */
async function adminApi() {
  const session = new HttpSession();
  const login = await session.signIn(server.baseURL, 'admin@demo.local', DEMO_PASSWORD);
  if (login.whs_id !== WHS) {
    const switched = await session.call(server.baseURL, 'POST', '/apps/system/user/switch_user_setting', { type: 'whs', value: WHS });
    if (switched.retcode !== 0) throw new Error(`switching to ${WHS}: ${switched.message}`);
    session.whsId = WHS;
  }
  return async <T>(method: 'GET' | 'POST', apiPath: string, body: Record<string, unknown>): Promise<T> => {
    const answer = method === 'GET'
      ? await session.call<T>(server.baseURL, 'GET', `${apiPath}?${new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString()}`)
      : await session.call<T>(server.baseURL, 'POST', apiPath, body);
    if (answer.retcode !== 0) throw new Error(`${apiPath}: ${answer.retcode} ${answer.message}`);
    return answer.data;
  };
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(os.tmpdir(), `cycle-count-${name}.png`), fullPage: true });

/** At the location on screen: scan a SKU, set the quantity, Count. */
async function countSku(page: Page, skuId: string, qty: number) {
  await scanInto(page, 'cc-sku-scan', skuId);
  const field = page.getByTestId('cc-qty');
  await field.fill(String(qty));
  await page.getByTestId('cc-count').click();
  await expect.poll(() => page.getByTestId('cc-qty-step').count()).toBe(0);
}

describe('cycle counting on a PDA, offline for half the task', () => {
  test('counts, an empty cell and Complete made offline reach the server once; the round ends with a difference order', async () => {
    const api = await adminApi();
    const made = await api<{ order_no: string }>('POST', cycleCountContract.createCcOrder.path, {
      order_type: CYCLE_COUNT_ORDER_TYPE.values.FULL, kind: CYCLE_COUNT_KIND.values.LOCATION, scope: CYCLE_COUNT_SCOPE.values.CUSTOMIZED,
      criteria: { zone_ids: [ZONE] },
    });
    const orderNo = made.order_no;
    const { list: tasks } = await api<{ list: CcTask[] }>('GET', cycleCountContract.getCcOrderDetailCcTaskList.path, { order_no: orderNo });
    expect(tasks.map((t) => [t.zone_id, t.location_count])).toEqual([[ZONE, 5]]);
    const taskNo = tasks[0]!.task_no;

    const context = await browser.newContext({ baseURL: server.baseURL, viewport: PDA_VIEWPORT, userAgent: PDA_USER_AGENT, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/v2/login?redirect_url=%2Fv2%2Finventorymanage%2Fcc%2Fccorder%2Fcount');
    await signIn(page, 'operator@demo.local');
    await page.waitForURL('**/v2/inventorymanage/cc/ccorder/count');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // Claim by the task number; a location outside the task is refused at once.
    await scanInto(page, 'cc-task-scan', taskNo);
    await expect.poll(() => page.getByTestId('cc-progress').textContent()).toBe('0 of 5 locations counted');
    await scanInto(page, 'cc-location-scan', 'NOT-A-CELL');
    await expect.poll(() => page.getByText(`NOT-A-CELL is not a location of task ${taskNo}: nothing was counted.`).first().isVisible()).toBe(true);

    // Online: cells 1 and 2, as the book says (the second location scanned from the SKU field: the counter walked on).
    await scanInto(page, 'cc-location-scan', CELL(1));
    await countSku(page, items[0]!.skuId, 4);
    await scanInto(page, 'cc-sku-scan', CELL(2));
    await expect.poll(() => page.getByTestId('cc-location').textContent()).toBe(CELL(2));
    await countSku(page, items[1]!.skuId, 3);
    await expect.poll(() => opStates(page), { timeout: 60_000 }).toEqual(['done', 'done']);
    await shot(page, 'online');

    // The network goes: cell 3 has one unit fewer than the book, cell 4 as booked, cell 5 is empty.
    await context.setOffline(true);
    await page.getByTestId('cc-location-done').click();
    await scanInto(page, 'cc-location-scan', CELL(3));
    await countSku(page, items[2]!.skuId, 4);
    await expect.poll(() => page.locator(`[data-testid="cc-sku-row"][data-sku="${items[2]!.skuId}"] [data-testid="cc-sku-counted"]`).textContent()).toBe('4');
    await scanInto(page, 'cc-sku-scan', CELL(4));
    await countSku(page, items[3]!.skuId, 2);
    await scanInto(page, 'cc-sku-scan', CELL(5));
    await page.getByTestId('cc-empty').click();
    await page.getByTestId('cc-empty-confirm').click();
    await expect.poll(() => page.getByTestId('cc-progress').textContent()).toBe('5 of 5 locations counted');
    await shot(page, 'offline-counted');
    await page.getByTestId('cc-complete').click();
    await expect.poll(() => page.getByTestId('cc-completed').textContent()).toContain('4 ops wait to reach the server');
    expect(await opStates(page)).toEqual(['done', 'done', 'pending', 'pending', 'pending', 'pending']);
    await shot(page, 'offline-completed');

    // Back online: the queue drains in order, each op once.
    await context.setOffline(false);
    await expect.poll(() => opStates(page), { timeout: 60_000 }).toEqual(['done', 'done', 'done', 'done', 'done', 'done']);
    await expect.poll(() => page.getByTestId('cc-completed').textContent()).toContain('the server has every count');
    await context.close();

    // The server's view: the lines carry the counts, once each; the round is over with one difference.
    const lines = await api<{ list: { location_id: string; sku_id: string; counted_qty: number | null; result: number | null }[] }>(
      'GET', cycleCountContract.getCcOrderDetailSkuLocationList.path, { order_no: orderNo, page_no: 1, page_size: 50 },
    );
    const R = CYCLE_COUNT_RESULT.values;
    expect(lines.list.filter((l) => l.sku_id !== '').map((l) => [l.location_id, l.sku_id, l.counted_qty, l.result])).toEqual([
      [CELL(1), items[0]!.skuId, 4, R.NORMAL], [CELL(2), items[1]!.skuId, 3, R.NORMAL], [CELL(3), items[2]!.skuId, 4, R.MISSING],
      [CELL(4), items[3]!.skuId, 2, R.NORMAL],
    ]);
    // The empty cell: nothing booked, nothing counted, no difference.
    const emptyCell = lines.list.filter((l) => l.sku_id === '');
    expect(emptyCell.map((l) => [l.location_id, l.counted_qty ?? 0])).toEqual([[CELL(5), 0]]);
    expect([null, R.NORMAL]).toContain(emptyCell[0]!.result);
    const scans = await api<{ list: { qty: number }[] }>('GET', cycleCountContract.getCcOrderDetailSkuLocationUid.path, { order_no: orderNo, location_id: CELL(3), sku_id: items[2]!.skuId });
    expect(scans.list.map((s) => s.qty)).toEqual([4]);
    const order = await api<CcOrder>('GET', cycleCountContract.getCcOrderDetail.path, { order_no: orderNo });
    expect(order.diff_line_count).toBe(1);
    const { list: taskAfter } = await api<{ list: CcTask[] }>('GET', cycleCountContract.getCcOrderDetailCcTaskList.path, { order_no: orderNo });
    expect(taskAfter.map((t) => t.status)).toEqual([CYCLE_COUNT_STATUS.values.DONE]);
    const diffs = await api<{ list: { order_no: string; status: number; line_count: number; missing_qty: number }[] }>(
      'GET', ccDiffOrderResource.api!.list.path, { order_no: orderNo, page_no: 1, page_size: 20 },
    );
    expect(diffs.list.map((d) => [d.status, d.line_count, d.missing_qty])).toEqual([[CC_DIFF_STATUS.values.PENDING, 1, 1]]);
  });
});
