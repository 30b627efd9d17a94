import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PDA_USER_AGENT, PDA_VIEWPORT, launchBrowser, loseNextPushAnswer, opStates, scanInto, signIn } from './browser';
import { startOwnServer, type OwnServer } from './own-server';
import { asnStatusOf, createTestSku, receivedAsnWithPutawayTask, type ReceivedAsn } from '../support/putaway-fixture';
import type { Database } from '../../src/server/db/client';
import { cells, inboundTasks, inventoryTransactions, locationInventory, pathways, putawayRules, zones } from '../../src/server/db/schema';
import {
  ABC_CLASS, INBOUND_STATUS, INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE, PUTAWAY_STRATEGY, RACK_TYPE, STORAGE_AREA, TASK_STATUS,
  TEMPERATURE_ZONE,
} from '../../src/shared/codes';
import { SKU_MIXING, SUPPLIER_MIXING } from '../../src/shared/resources/location-codes';

/**
 * Standard putaway on a PDA with the network cut for some puts (issue 6): the server is one of
 * this file's own, started on a data directory that already holds a received ASN with its
 * putaway task, so that afterwards the ledger can be read straight from that directory.
 */

// The operator's first warehouse (sign-in starts there).
const WHS = 'IDJKT1';
const ZONE = 'PZE2E';
const CELL = (n: number) => `${ZONE}-01-01-${n}`;

let browser: Browser;
let server: OwnServer;
let fixture: ReceivedAsn;
let skuA: string;
let skuB: string;

/** A zone of its own (three empty cells that mix SKUs) and a rule sending the test's SKUs there, consolidating. */
async function prepare(database: Database) {
  const db = database.db;
  const common = {
    whsId: WHS, storageArea: STORAGE_AREA.values.MIX_AREA, rackType: RACK_TYPE.values.GROUND_STACKED, temperatureZone: TEMPERATURE_ZONE.values.NORMAL,
    skuMixing: SKU_MIXING.values.MIX_SKU, supplierMixing: SUPPLIER_MIXING.values.MIX,
  };
  await db.insert(zones).values({ ...common, zoneId: ZONE, zoneName: 'Putaway E2E', zoneClusterId: 'ZC-BULK', pickSequence: 900 });
  await db.insert(pathways).values({ whsId: WHS, pathwayId: `${ZONE}-01`, zoneId: ZONE, pickSequence: 1 });
  await db.insert(cells).values([1, 2, 3].map((n) => ({ ...common, locationCode: CELL(n), zoneId: ZONE, pathwayId: `${ZONE}-01`, maxQty: 1000, pickSequence: n })));
  await db.insert(putawayRules).values({
    whsId: WHS, ruleName: 'E2E items', priority: 1, abcClass: ABC_CLASS.values.EXCLUDED, targetZoneId: ZONE, strategy: PUTAWAY_STRATEGY.values.CONSOLIDATE,
  });
  skuA = await createTestSku(db, WHS, 'E2EA', { abcClass: ABC_CLASS.values.EXCLUDED });
  skuB = await createTestSku(db, WHS, 'E2EB', { abcClass: ABC_CLASS.values.EXCLUDED });
  fixture = await receivedAsnWithPutawayTask(db, [{ skuId: skuA, qty: 6 }, { skuId: skuB, qty: 4 }], { whsId: WHS });
}

beforeAll(async () => {
  server = await startOwnServer('putaway', prepare);
  browser = await launchBrowser();
});
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
