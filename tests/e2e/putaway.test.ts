import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PDA_USER_AGENT, PDA_VIEWPORT, launchBrowser, loseNextPushAnswer, opStates, scanInto, signIn } from './browser';
import { startOwnServer, type OwnServer } from './own-server';
import { asnStatusOf, createTestSku, receivedAsnWithPutawayTask, type ReceivedAsn } from '../support/putaway-fixture';
import type { Database } from '../../src/server/db/client';
import { cells, inboundExceptions, inboundTasks, inventoryTransactions, locationInventory, pathways, putawayRules, syncOps, zones } from '../../src/server/db/schema';
import {
  ABC_CLASS, INBOUND_EXCEPTION_REASON, INBOUND_EXCEPTION_SOURCE, INBOUND_STATUS, INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE, PUTAWAY_MODE,
  PUTAWAY_STRATEGY, RACK_TYPE, STORAGE_AREA, TASK_STATUS, TEMPERATURE_ZONE,
} from '../../src/shared/codes';
import { RET } from '../../src/shared/retcodes';
import { SKU_MIXING, SUPPLIER_MIXING } from '../../src/shared/resources/location-codes';

/**
 * Standard and mass putaway on a PDA: puts with the network cut, the report-exception
 * pages, and a put queued offline that the server refuses because its cell was blocked meanwhile.
 * The server is one of this file's own, started on a data directory that already holds received
 * ASNs with their putaway tasks, so that afterwards the ledger can be read straight from it.
 */

// The operator's first warehouse (sign-in starts there).
const WHS = 'IDJKT1';
const ZONE = 'PZE2E';
const CELL = (n: number) => `${ZONE}-01-01-${n}`;

let browser: Browser;
let server: OwnServer;
let fixture: ReceivedAsn;
/** A standard task whose put is refused, and a mass task at another staging location. */
let refused: ReceivedAsn;
let mass: ReceivedAsn;
let skuA: string;
let skuB: string;
let skuC: string;
let skuD: string;
let skuE: string;

/** A zone of its own (five empty cells that mix SKUs) and a rule sending the test's SKUs there, consolidating. */
async function prepare(database: Database) {
  const db = database.db;
  const common = {
    whsId: WHS, storageArea: STORAGE_AREA.values.MIX_AREA, rackType: RACK_TYPE.values.GROUND_STACKED, temperatureZone: TEMPERATURE_ZONE.values.NORMAL,
    skuMixing: SKU_MIXING.values.MIX_SKU, supplierMixing: SUPPLIER_MIXING.values.MIX,
  };
  await db.insert(zones).values({ ...common, zoneId: ZONE, zoneName: 'Putaway E2E', zoneClusterId: 'ZC-BULK', pickSequence: 900 });
  await db.insert(pathways).values({ whsId: WHS, pathwayId: `${ZONE}-01`, zoneId: ZONE, pickSequence: 1 });
  await db.insert(cells).values([1, 2, 3, 4, 5].map((n) => ({ ...common, locationCode: CELL(n), zoneId: ZONE, pathwayId: `${ZONE}-01`, maxQty: 1000, pickSequence: n })));
  await db.insert(putawayRules).values({
    whsId: WHS, ruleName: 'E2E items', priority: 1, abcClass: ABC_CLASS.values.EXCLUDED, targetZoneId: ZONE, strategy: PUTAWAY_STRATEGY.values.CONSOLIDATE,
  });
  skuA = await createTestSku(db, WHS, 'E2EA', { abcClass: ABC_CLASS.values.EXCLUDED });
  skuB = await createTestSku(db, WHS, 'E2EB', { abcClass: ABC_CLASS.values.EXCLUDED });
  fixture = await receivedAsnWithPutawayTask(db, [{ skuId: skuA, qty: 6 }, { skuId: skuB, qty: 4 }], { whsId: WHS });
  skuC = await createTestSku(db, WHS, 'E2EC', { abcClass: ABC_CLASS.values.EXCLUDED });
  refused = await receivedAsnWithPutawayTask(db, [{ skuId: skuC, qty: 4 }], { whsId: WHS });
  skuD = await createTestSku(db, WHS, 'E2ED', { abcClass: ABC_CLASS.values.EXCLUDED });
  skuE = await createTestSku(db, WHS, 'E2EE', { abcClass: ABC_CLASS.values.EXCLUDED });
  mass = await receivedAsnWithPutawayTask(db, [{ skuId: skuD, qty: 3 }, { skuId: skuE, qty: 2 }], { whsId: WHS, staging: 'IB-PUTAWAY-02', mode: PUTAWAY_MODE.values.MASS });
}

beforeAll(async () => {
  server = await startOwnServer('putaway', prepare);
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Scans SKU and cell of the line on screen, enters the quantity and puts. */
async function putUnits(page: Page, sku: string, cell: string, qty: number) {
  await scanInto(page, 'putaway-sku-scan', sku);
  await scanInto(page, 'putaway-cell-scan', cell);
  const qtyField = page.getByTestId('putaway-qty');
  await qtyField.fill(String(qty));
  await page.getByTestId('putaway-put').click();
  await expect.poll(() => page.getByTestId('putaway-notice').textContent()).toContain(`${qty} × ${sku} → ${cell}`);
}

const remaining = (page: Page) => page.getByTestId('putaway-line-remaining').textContent();
const suggested = (page: Page) => page.getByTestId('putaway-suggested').textContent();

describe('standard putaway on a PDA, offline for some puts', () => {
  test('puts made online and offline (and across an offline reload) reach the server once each', async () => {
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: PDA_VIEWPORT, userAgent: PDA_USER_AGENT, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/v2/login?redirect_url=%2Fv2%2Finbound%2Fstandardputaway');
    await signIn(page, 'operator@demo.local');
    await page.waitForURL('**/v2/inbound/standardputaway');
    // The service worker takes control: it answers the task read and the app shell offline.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // Online: open the task, put 2 of SKU A into the suggested cell.
    await scanInto(page, 'putaway-task-scan', fixture.taskNo);
    await expect.poll(() => page.getByTestId('putaway-line-sku').textContent()).toBe(skuA);
    expect(await suggested(page)).toBe(CELL(1));
    expect(await remaining(page)).toBe('6');
    await page.screenshot({ path: path.join(os.tmpdir(), 'putaway-standard-pda.png') });
    const refreshed = page.waitForResponse((r) => r.url().includes('/standardputaway/open_putaway_task') && r.ok());
    await putUnits(page, skuA, CELL(1), 2);
    await expect.poll(() => page.locator('[data-testid="putaway-op"][data-state="done"]').count(), { timeout: 30_000 }).toBe(1);
    await refreshed;

    // Offline: 2 more into the suggested cell, queued at once.
    await context.setOffline(true);
    await putUnits(page, skuA, CELL(1), 2);
    await expect.poll(() => page.locator('[data-testid="putaway-op"][data-state="pending"]').count()).toBe(1);
    expect(await remaining(page)).toBe('2');

    // An offline reload: the task comes from the service worker's cache, the queued put from the outbox.
    await page.reload();
    await scanInto(page, 'putaway-task-scan', fixture.taskNo);
    await expect.poll(() => remaining(page)).toBe('2');
    // The last 2 of A into another cell: allowed, with a warning.
    await scanInto(page, 'putaway-sku-scan', skuA);
    await scanInto(page, 'putaway-cell-scan', CELL(3));
    await expect.poll(() => page.getByTestId('putaway-notice').textContent()).toContain(`is not the suggested cell ${CELL(1)}`);
    await page.getByTestId('putaway-qty').fill('2');
    await page.getByTestId('putaway-put').click();
    // Then SKU B, whose suggested cell is the next empty one.
    await expect.poll(() => page.getByTestId('putaway-line-sku').textContent()).toBe(skuB);
    expect(await suggested(page)).toBe(CELL(2));
    await putUnits(page, skuB, CELL(2), 4);
    await expect.poll(() => page.getByTestId('putaway-task-complete').isVisible()).toBe(true);
    await page.screenshot({ path: path.join(os.tmpdir(), 'putaway-standard-pda-offline.png') });
    expect(await opStates(page)).toEqual(['done', 'pending', 'pending', 'pending']);

    // Back online, and the first answer is lost on the way: the device sends the batch again.
    const answerLost = await loseNextPushAnswer(page);
    await context.setOffline(false);
    await expect.poll(() => opStates(page), { timeout: 60_000 }).toEqual(['done', 'done', 'done', 'done']);
    expect(answerLost()).toBe(true);
    await expect.poll(() => page.locator('[data-testid="putaway-op"][data-state="done"]').count()).toBe(4);
    await context.close();

    // The ledger, read from the server's own data once it has stopped.
    await server.readDatabase(async (db) => {
      const balances = await db.select({ location: locationInventory.locationId, sku: locationInventory.skuId, qty: locationInventory.onhandQty })
        .from(locationInventory).where(and(eq(locationInventory.whsId, WHS), inArray(locationInventory.skuId, [skuA, skuB])))
        .orderBy(asc(locationInventory.locationId), asc(locationInventory.skuId));
      expect(balances.filter((b) => b.qty > 0)).toEqual([
        { location: CELL(1), sku: skuA, qty: 4 },
        { location: CELL(2), sku: skuB, qty: 4 },
        { location: CELL(3), sku: skuA, qty: 2 },
      ]);
      const puts = await db.select().from(inventoryTransactions)
        .where(and(eq(inventoryTransactions.whsId, WHS), inArray(inventoryTransactions.skuId, [skuA, skuB]), eq(inventoryTransactions.txnType, INVENTORY_TRANSACTION_TYPE.values.PUT_AWAY)));
      const byOp = new Map<string | null, typeof puts>();
      for (const row of puts) byOp.set(row.opId, [...(byOp.get(row.opId) ?? []), row]);
      expect(byOp.size).toBe(4);
      for (const pair of byOp.values()) {
        expect(pair.map((r) => r.direction).sort()).toEqual([INVENTORY_TRANSACTION_DIRECTION.values.DEBIT, INVENTORY_TRANSACTION_DIRECTION.values.CREDIT]);
        expect(pair[0]!.qty).toBe(pair[1]!.qty);
      }
      const [task] = await db.select().from(inboundTasks).where(and(eq(inboundTasks.whsId, WHS), eq(inboundTasks.taskNo, fixture.taskNo)));
      expect(task).toMatchObject({ status: TASK_STATUS.values.DONE, doneQty: 10 });
      expect(await asnStatusOf(db, WHS, fixture.asnNo)).toBe(INBOUND_STATUS.values.DONE);
    });
  });
});

/** Signs in on a PDA (the operator) or a PC and opens `to`. */
async function openAs(email: string, to: string, device: 'pda' | 'pc') {
  const context = await browser.newContext({
    baseURL: server.baseURL, locale: 'en-US', ...(device === 'pda' ? { viewport: PDA_VIEWPORT, userAgent: PDA_USER_AGENT } : { viewport: { width: 1366, height: 800 } }),
  });
  const page = await context.newPage();
  await page.goto(`/v2/login?redirect_url=${encodeURIComponent(`/v2${to}`)}`);
  await signIn(page, email);
  await page.waitForURL(`**/v2${to.split('?')[0]}**`);
  return { context, page };
}

/** Fills the report-exception page (standard or mass) and reports: the op is queued and the page goes back to putaway. */
async function reportException(page: Page, qty: number, remark: string) {
  await page.getByTestId('exception-type').click();
  await page.getByRole('option', { name: 'Abnormal Item' }).click();
  await page.getByTestId('exception-reason').click();
  await page.getByRole('option', { name: 'Damaged' }).click();
  await page.getByLabel('Quantity').fill(String(qty));
  await page.getByLabel('Remark').fill(remark);
  await page.screenshot({ path: path.join(os.tmpdir(), `putaway-report-exception-${page.url().includes('mass') ? 'mass' : 'standard'}.png`) });
  await page.getByTestId('exception-submit').click();
}

describe('mass putaway and the report-exception pages on a PDA', () => {
  test('a staging location\'s units, scanned one by one, go into one cell; an exception is reported on the mass page; the rest follows', async () => {
    await server.restart();
    const { context, page } = await openAs('operator@demo.local', '/inbound/massputaway', 'pda');
    await scanInto(page, 'putaway-source-scan', mass.staging);
    await expect.poll(() => page.getByTestId('putaway-mass-line').count()).toBe(2);
    // One scan per unit: the three of D.
    for (let i = 0; i < 3; i++) await scanInto(page, 'putaway-sku-scan', skuD);
    await expect.poll(() => page.getByTestId('putaway-mass-line').filter({ hasText: skuD }).textContent()).toContain(`${skuD}`);
    await page.screenshot({ path: path.join(os.tmpdir(), 'putaway-mass-pda.png') });
    await page.getByTestId('putaway-to-cell').click();
    await scanInto(page, 'putaway-cell-scan', CELL(4));
    await expect.poll(() => page.getByTestId('putaway-notice').textContent()).toContain(`3 units → ${CELL(4)}`);
    await expect.poll(() => page.locator('[data-testid="putaway-op"][data-state="done"]').count(), { timeout: 30_000 }).toBe(1);

    // One of E is damaged: reported on the mass page's report-exception page, which goes back to the staging location.
    await expect.poll(() => page.getByTestId('putaway-mass-line').count()).toBe(1);
    await page.getByRole('link', { name: 'Report exception' }).click();
    await page.waitForURL('**/v2/inbound/massputaway/reportexception**');
    expect(await page.getByTestId('exception-sku').inputValue()).toBe(skuE);
    await reportException(page, 1, 'Crushed box');
    await page.waitForURL('**/v2/inbound/massputaway?**');
    await expect.poll(() => opStates(page), { timeout: 30_000 }).toEqual(['done', 'done']);

    // The damaged unit is held under the exception: what is left of E, everything taken, goes into one cell.
    await expect.poll(() => page.getByTestId('putaway-mass-line').locator('td').nth(1).textContent()).toBe('1');
    await page.getByRole('button', { name: 'Take everything' }).click();
    await page.getByTestId('putaway-to-cell').click();
    await scanInto(page, 'putaway-cell-scan', CELL(5));
    await expect.poll(() => page.getByTestId('putaway-task-complete').isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => opStates(page), { timeout: 30_000 }).toEqual(['done', 'done', 'done']);
    await context.close();
  }, 120_000);

  test('a put queued offline into a cell blocked meanwhile is refused: on the screen, in the sync panel, in the supervisor\'s Sync Queue', async () => {
    const { context, page } = await openAs('operator@demo.local', '/inbound/standardputaway', 'pda');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await scanInto(page, 'putaway-task-scan', refused.taskNo);
    await expect.poll(() => page.getByTestId('putaway-line-sku').textContent()).toBe(skuC);

    // The standard page's report-exception page: one unit is damaged; it goes back to the task.
    await page.getByRole('link', { name: 'Report exception' }).click();
    await page.waitForURL('**/v2/inbound/standardputaway/reportexception**');
    await reportException(page, 1, 'Torn wrapping');
    await page.waitForURL('**/v2/inbound/standardputaway?**');
    await expect.poll(() => opStates(page), { timeout: 30_000 }).toEqual(['done']);
    // The damaged unit is held under the exception: 3 are left to put.
    const qty = 3;
    await expect.poll(() => page.getByTestId('putaway-line-remaining').textContent()).toBe(String(qty));

    // Offline, the rest is put into the suggested cell: queued and shown at once.
    const cell = (await page.getByTestId('putaway-suggested').textContent())!;
    await context.setOffline(true);
    await putUnits(page, skuC, cell, qty);
    await expect.poll(() => page.locator('[data-testid="putaway-op"][data-state="pending"]').count()).toBe(1);

    // Meanwhile a supervisor blocks that cell on the Location Block page.
    const desk = await openAs('supervisor@demo.local', `/inventorymanage/locationblock?location_code=${cell}`, 'pc');
    const row = desk.page.getByTestId('resource-table').locator('tbody tr', { hasText: cell });
    await row.getByRole('button', { name: 'Block', exact: true }).click();
    const dialog = desk.page.getByRole('dialog', { name: 'Block Location' });
    await dialog.getByLabel('Reason').fill('Rack beam damaged');
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await expect.poll(() => row.textContent()).toContain('Blocked');
    await desk.page.screenshot({ path: path.join(os.tmpdir(), 'location-block.png'), fullPage: true });

    // Back online: the server refuses the put. The operator sees it under the scan field and in the sync panel.
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    const refusedPut = page.locator('[data-testid="putaway-op"][data-state="rejected"]');
    await expect.poll(() => refusedPut.count(), { timeout: 60_000 }).toBe(1);
    const reason = `Location ${cell} is not usable`;
    expect(await refusedPut.textContent()).toContain('Refused');
    expect(await refusedPut.textContent()).toContain(reason);
    await expect.poll(() => page.getByText(/^Put refused: /).count()).toBeGreaterThan(0);
    await page.screenshot({ path: path.join(os.tmpdir(), 'putaway-refused-pda.png') });
    await page.getByRole('button', { name: 'Sync: 0 pending, 1 rejected' }).click();
    const panel = page.getByRole('dialog', { name: 'Sync' });
    const panelRow = panel.locator('tbody tr', { hasText: 'inbound.putaway.put' }).filter({ hasText: 'Rejected' });
    await expect.poll(() => panelRow.count()).toBe(1);
    expect(await panelRow.textContent()).toContain(reason);
    await page.screenshot({ path: path.join(os.tmpdir(), 'putaway-refused-sync-panel.png') });

    // The supervisor sees the rejected op in the Sync Queue with the server's reason, and resolves it once dealt with.
    await desk.page.goto('/v2/wmsconfig/syncqueue');
    const rejectedRow = desk.page.getByTestId('sync-rejected-row').filter({ hasText: 'inbound.putaway.put' });
    await expect.poll(() => rejectedRow.count(), { timeout: 30_000 }).toBe(1);
    expect(await rejectedRow.textContent()).toContain(reason);
    expect(await rejectedRow.textContent()).toContain('operator@demo.local');
    await desk.page.screenshot({ path: path.join(os.tmpdir(), 'sync-queue-rejected.png'), fullPage: true });
    await rejectedRow.getByRole('button', { name: 'Resolve' }).click();
    const resolve = desk.page.getByRole('dialog');
    await resolve.getByLabel('Reason').fill('Put again into another cell');
    await resolve.getByRole('button', { name: 'Resolve' }).click();
    await expect.poll(() => rejectedRow.count(), { timeout: 15_000 }).toBe(0);

    // The cell is unblocked on the same page; the units are then put again, into it.
    await desk.page.goto(`/v2/inventorymanage/locationblock?location_code=${cell}`);
    await row.getByRole('button', { name: 'Unblock', exact: true }).click();
    const unblock = desk.page.getByRole('dialog', { name: 'Unblock Location' });
    await unblock.getByLabel('Reason').fill('Beam replaced');
    await unblock.getByRole('button', { name: 'Unblock', exact: true }).click();
    await expect.poll(() => row.textContent()).toContain('Normal');
    await desk.context.close();
    // The refusal re-opened the task: its units are to put again.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('putaway-line-remaining').textContent()).toBe(String(qty));
    await putUnits(page, skuC, cell, qty);
    await expect.poll(() => page.getByTestId('putaway-task-complete').isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => opStates(page), { timeout: 30_000 }).toEqual(['done', 'rejected', 'done']);
    await context.close();
  }, 180_000);

  test('the server applied each put and report once, and refused the put into the blocked cell', async () => {
    await server.readDatabase(async (db) => {
      const balances = await db.select({ location: locationInventory.locationId, sku: locationInventory.skuId, qty: locationInventory.onhandQty })
        .from(locationInventory).where(and(eq(locationInventory.whsId, WHS), inArray(locationInventory.skuId, [skuC, skuD, skuE])));
      const inCells = balances.filter((b) => b.location.startsWith(ZONE) && b.qty > 0).map((b) => [b.sku, b.location, b.qty]).sort();
      expect(inCells.filter(([sku]) => sku === skuD)).toEqual([[skuD, CELL(4), 3]]);
      expect(inCells.filter(([sku]) => sku === skuE)).toEqual([[skuE, CELL(5), 1]]);
      expect(inCells.filter(([sku]) => sku === skuC).map(([, , q]) => q)).toEqual([3]);
      // The damaged units wait in staging under their exceptions.
      expect(balances.filter((b) => !b.location.startsWith(ZONE) && b.qty > 0).map((b) => [b.sku, b.qty]).sort()).toEqual([[skuC, 1], [skuE, 1]].sort());
      const exceptions = await db.select().from(inboundExceptions)
        .where(and(eq(inboundExceptions.whsId, WHS), inArray(inboundExceptions.asnNo, [refused.asnNo, mass.asnNo])));
      expect(exceptions.map((e) => [e.skuId, e.qty, e.source, e.reason]).sort()).toEqual([
        [skuC, 1, INBOUND_EXCEPTION_SOURCE.values.PUTAWAY, INBOUND_EXCEPTION_REASON.values.DAMAGED],
        [skuE, 1, INBOUND_EXCEPTION_SOURCE.values.PUTAWAY, INBOUND_EXCEPTION_REASON.values.DAMAGED],
      ].sort());
      const ops = await db.select().from(syncOps).where(and(eq(syncOps.whsId, WHS), inArray(syncOps.kind, ['inbound.putaway.put', 'inbound.putaway.mass_put'])));
      const rejected = ops.filter((o) => o.status === 'rejected');
      expect(rejected.map((o) => [o.kind, o.retcode, o.resolvedBy !== null])).toEqual([['inbound.putaway.put', RET.PUTAWAY_CELL_UNUSABLE, true]]);
      for (const task of [refused, mass]) expect(await asnStatusOf(db, WHS, task.asnNo)).toBe(INBOUND_STATUS.values.DONE);
    });
  });
});
