import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PDA_USER_AGENT, PDA_VIEWPORT, launchBrowser, scanInto, signIn } from './browser';
import { startOwnServer, type OwnServer } from './own-server';
import { arrivedGroup } from '../support/inbound-fixture';
import { createTestSku } from '../support/putaway-fixture';
import type { Database, Db } from '../../src/server/db/client';
import { inboundExceptions, inboundTasks, inventoryTransactions, locationInventory, putawayTaskLines, users } from '../../src/server/db/schema';
import { completeGroupCounting, saveCountingRecord } from '../../src/server/modules/inbound/counting';
import { reportReceivingException } from '../../src/server/modules/inbound/inbound-exception';
import { completeReceiving } from '../../src/server/modules/inbound/receiving';
import {
  INBOUND_EXCEPTION_REASON, INBOUND_EXCEPTION_STATUS, INBOUND_HANDLING_DECISION, INBOUND_TASK_KIND, INVENTORY_TRANSACTION_DIRECTION,
  INVENTORY_TRANSACTION_TYPE, QUALITY, TASK_STATUS,
} from '../../src/shared/codes';

/**
 * A VAS task from its origin to putaway in the browser: units reported damaged at
 * receiving wait in staging under their exception; the supervisor settles it with Repackage and
 * Inbound on the handle page (which says what that does); the operator repackages them on the
 * Reprocess screen of a PDA; they go to putaway as good stock. The server is the file's own, so
 * the ledger is read from its database afterwards.
 */

// The supervisor's and the operator's first warehouse (sign-in starts there).
const WHS = 'IDJKT1';
/** A Putaway staging location no demo VAS task uses, so scanning it opens this test's task. */
const STAGING = 'IB-PUTAWAY-02';

let browser: Browser;
let server: OwnServer;
let skuId: string;
let exceptionNo: string;

/** An ASN of 6 units, 2 reported damaged at receiving, received into STAGING: the 2 are held under their exception. */
async function prepare(database: Database) {
  skuId = await createTestSku(database.db, WHS, 'VASE2E');
  const group = await arrivedGroup({ database }, WHS, [{ lines: [{ sku: skuId, expected: 6 }] }]);
  const asnNo = group.asnNos[0]!;
  const [operator] = await database.db.select({ userId: users.userId }).from(users).where(eq(users.email, 'operator@demo.local'));
  await database.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const actor = { whsId: WHS, userId: operator!.userId, opId: null };
    await saveCountingRecord(tx, actor, { group_no: group.groupNo, sku_id: skuId, qty: 6 });
    await completeGroupCounting(tx, actor, group.groupNo);
    const report = await reportReceivingException(tx, actor, { asn_no: asnNo, sku_id: skuId, reason: INBOUND_EXCEPTION_REASON.values.DAMAGED, qty: 2 });
    exceptionNo = report.exceptionNo;
    await completeReceiving(tx, actor, { asn_no: asnNo, staging_location: STAGING });
  });
}

beforeAll(async () => {
  server = await startOwnServer('vas', prepare);
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openAs(email: string, to: string, device: 'pda' | 'pc'): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.baseURL, locale: 'en-US', ...(device === 'pda' ? { viewport: PDA_VIEWPORT, userAgent: PDA_USER_AGENT } : { viewport: { width: 1366, height: 800 } }),
  });
  const page = await context.newPage();
  await page.goto(`/v2/login?redirect_url=${encodeURIComponent(`/v2${to}`)}`);
  await signIn(page, email);
  await page.waitForURL(`**/v2${to.split('?')[0]}**`);
  return page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(os.tmpdir(), `tally-vas-${name}.png`), fullPage: true });

describe('an exception repackaged on the Reprocess screen', () => {
  test('the supervisor settles it with Repackage and Inbound; the operator repackages the units on a PDA; they go to putaway', async () => {
    const desk = await openAs('supervisor@demo.local', `/exceptioncenter/troubleshoottaskhandle?exception_no=${exceptionNo}`, 'pc');
    await desk.getByRole('button', { name: 'Checked' }).click();
    await desk.getByTestId('exception-decision').click();
    await desk.getByRole('option', { name: 'Repackage and Inbound' }).click();
    // The page says what the decision does before it is carried out.
    await expect.poll(() => desk.getByTestId('exception-effect').isVisible()).toBe(true);
    await shot(desk, 'exception-handle');
    await desk.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => desk.getByText('This exception is closed: nothing more to handle.').isVisible(), { timeout: 15_000 }).toBe(true);
    await shot(desk, 'exception-done');

    // The operator scans the staging location: its VAS task opens (the one the decision made); the SKU, then the units done.
    const pda = await openAs('operator@demo.local', '/inbound/reprocess', 'pda');
    await scanInto(pda, 'vas-task-scan', STAGING);
    await expect.poll(() => pda.getByTestId('vas-task-no').textContent()).toMatch(/^IT\d+$/);
    const taskNo = (await pda.getByTestId('vas-task-no').textContent())!;
    await expect.poll(() => desk.getByTestId('resource-detail').textContent()).toContain(taskNo);
    expect(await pda.getByTestId('vas-row').textContent()).toContain('Damaged');
    await scanInto(pda, 'vas-sku-scan', skuId);
    await expect.poll(() => pda.getByTestId('vas-qty').inputValue()).toBe('2');
    await pda.getByTestId('vas-qty').fill('1');
    await shot(pda, 'reprocess-pda');
    await pda.getByTestId('vas-confirm').click();
    await expect.poll(() => pda.getByTestId('vas-row').textContent()).toContain('1 / 2');
    await scanInto(pda, 'vas-sku-scan', skuId);
    await pda.getByTestId('vas-confirm').click();
    await expect.poll(() => pda.getByTestId('vas-done').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await pda.getByTestId('vas-row').textContent()).toContain('2 / 2');
    await shot(pda, 'reprocess-done-pda');

    // The Repackaging Task list shows it done; its detail names the exception.
    await desk.goto(`/v2/inbound/reprocesstask/repackaging?task_no=${taskNo}`);
    const row = desk.getByTestId('resource-table').locator('tbody tr', { hasText: taskNo });
    await expect.poll(() => row.textContent()).toContain('Done');
    await shot(desk, 'repackaging-list');
    await desk.goto(`/v2/inbound/reprocesstask/repackaging/detail/${taskNo}`);
    await expect.poll(() => desk.getByTestId('resource-detail').textContent()).toContain(exceptionNo);
    await shot(desk, 'repackaging-detail');
    await desk.context().close();
    await pda.context().close();

    await server.readDatabase(async (db) => {
      const [exception] = await db.select().from(inboundExceptions).where(and(eq(inboundExceptions.whsId, WHS), eq(inboundExceptions.exceptionNo, exceptionNo)));
      expect(exception).toMatchObject({ status: INBOUND_EXCEPTION_STATUS.values.DONE, handlingDecision: INBOUND_HANDLING_DECISION.values.REPACKAGE_INBOUND, heldQty: 0, resultNo: taskNo });
      const [task] = await db.select().from(inboundTasks).where(and(eq(inboundTasks.whsId, WHS), eq(inboundTasks.taskNo, taskNo)));
      expect(task).toMatchObject({ kind: INBOUND_TASK_KIND.values.REPACKAGING, status: TASK_STATUS.values.DONE, doneQty: 2, totalQty: 2 });
      // Repackaged, the 2 units are good: regraded under the task and on a putaway task of their own.
      const regrade = await db.select().from(inventoryTransactions).where(and(
        eq(inventoryTransactions.whsId, WHS), eq(inventoryTransactions.skuId, skuId), eq(inventoryTransactions.txnType, INVENTORY_TRANSACTION_TYPE.values.BATCH_TRANSFER),
      ));
      expect(regrade.map((r) => [r.direction, r.quality, r.qty, r.refNo])).toEqual([
        [INVENTORY_TRANSACTION_DIRECTION.values.CREDIT, QUALITY.values.DAMAGED, 2, taskNo], [INVENTORY_TRANSACTION_DIRECTION.values.DEBIT, QUALITY.values.GOOD, 2, taskNo],
      ]);
      const putLines = await db.select().from(putawayTaskLines).where(and(eq(putawayTaskLines.whsId, WHS), eq(putawayTaskLines.skuId, skuId)));
      expect(putLines.map((l) => [l.quality, l.qty]).sort()).toEqual([[QUALITY.values.GOOD, 2], [QUALITY.values.GOOD, 4]]);
      // Every balance of the SKU is its ledger; nothing stays blocked or damaged.
      const balances = await db.select().from(locationInventory).where(and(eq(locationInventory.whsId, WHS), eq(locationInventory.skuId, skuId)));
      const ledger = await db.select({
        location: inventoryTransactions.locationId, quality: inventoryTransactions.quality,
        net: sql<number>`sum(case when ${inventoryTransactions.direction} = 1 then ${inventoryTransactions.qty} else -${inventoryTransactions.qty} end)::int`,
      }).from(inventoryTransactions).where(and(eq(inventoryTransactions.whsId, WHS), eq(inventoryTransactions.skuId, skuId)))
        .groupBy(inventoryTransactions.locationId, inventoryTransactions.quality);
      expect(balances.map((b) => [b.locationId, b.quality, b.onhandQty, b.lockedQty]).sort()).toEqual([[STAGING, QUALITY.values.DAMAGED, 0, 0], [STAGING, QUALITY.values.GOOD, 6, 0]].sort());
      for (const b of balances) expect(ledger.find((l) => l.location === b.locationId && l.quality === b.quality)?.net ?? 0).toBe(b.onhandQty);
    });
  }, 240_000);
});
