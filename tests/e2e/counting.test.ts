import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PDA_USER_AGENT, PDA_VIEWPORT, launchBrowser, opStates, scanInto, signIn } from './browser';
import { api } from './asn-helpers';
import { startOwnServer, type OwnServer } from './own-server';
import { arrivedGroup, type ArrivedGroup } from '../support/inbound-fixture';
import { asnOrders, countingRecords, inboundExceptions, inboundTasks, inboundTrackingIds, syncOps } from '../../src/server/db/schema';
import { countingDemoAsnNo } from '../../src/server/modules/inbound/counting.seed';
import { COUNTING_RECORD_KIND, INBOUND_EXCEPTION_STATUS, INBOUND_HANDLING_DECISION, INBOUND_STATUS, INBOUND_TASK_KIND } from '../../src/shared/codes';

/**
 * Counting on a PDA with the network cut half way: counts made offline are queued,
 * shown at once, survive a reload, and reach the server once when the network returns. The
 * server is this file's own, so the counts can be read from its data directory afterwards.
 */

// The demo operator's first warehouse (sign-in starts there) and its demo group waiting to be counted.
const WHS = 'IDJKT1';
const GROUP = countingDemoAsnNo(WHS, 'C3');
const SKU1 = 'IDSKU00001';
const SKU2 = 'IDSKU00002';

let browser: Browser;
let server: OwnServer;
/** A group of two ASNs with a carton each, for the cartons and the server's checks. */
let twoAsns: ArrivedGroup;

beforeAll(async () => {
  server = await startOwnServer('counting', async (database) => {
    twoAsns = await arrivedGroup({ database }, WHS, [
      { lines: [{ sku: SKU1, expected: 5 }], cartons: ['CT'] },
      { lines: [{ sku: SKU2, expected: 4 }], cartons: ['CT'] },
    ]);
  });
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Scans a SKU and counts `qty` of it (the quantity field, then Enter). */
async function count(page: Page, sku: string, qty: number) {
  await scanInto(page, 'counting-scan', sku);
  const field = page.getByLabel('Quantity');
  await field.waitFor();
  await field.fill(String(qty));
  await field.press('Enter');
  await page.getByTestId('counting-scan').waitFor();
}

const counted = (page: Page, sku: string) => page.locator(`[data-testid="counting-line"][data-sku="${sku}"] [data-testid="counting-line-counted"]`).textContent();

describe('counting on a PDA', () => {
  test('counts made with the network gone are queued, shown at once, survive a reload and reach the server once', async () => {
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: PDA_VIEWPORT, userAgent: PDA_USER_AGENT, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/v2/login?redirect_url=%2Fv2%2Finbound%2Fcounting');
    await signIn(page, 'operator@demo.local');
    await page.waitForURL('**/v2/inbound/counting');
    // The service worker must control the page: it answers the cached group detail offline.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await page.getByTestId('counting-group').filter({ hasText: GROUP }).click();
    await expect.poll(() => page.getByTestId('counting-group-no').textContent()).toBe(GROUP);
    expect(await counted(page, SKU1)).toBe('0 / 6');

    // Online: a count is queued, sent and applied.
    await count(page, SKU1, 2);
    await expect.poll(() => opStates(page), { timeout: 30_000 }).toEqual(['done']);
    await expect.poll(() => counted(page, SKU1)).toBe('2 / 6');

    // Network gone: counts are checked against the cached group and shown at once.
    await context.setOffline(true);
    await count(page, SKU1, 4);
    await count(page, SKU2, 4);
    await expect.poll(() => counted(page, SKU1)).toBe('6 / 6');
    expect(await counted(page, SKU2)).toBe('4 / 4');
    await expect.poll(() => page.getByTestId('counting-queued').textContent()).toContain('8 units waiting to sync');
    // One more is surplus: the screen asks before counting it; cancelled, nothing is queued.
    await scanInto(page, 'counting-scan', SKU2);
    await page.getByLabel('Quantity').press('Enter');
    await expect.poll(() => page.getByRole('dialog', { name: 'More than expected' }).isVisible()).toBe(true);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('counting-sku').getByRole('button', { name: 'Cancel' }).click();
    expect(await opStates(page)).toEqual(['done', 'pending', 'pending']);

    // A reload offline: the shell and the group come from the cache, the counts from the outbox.
    await page.reload();
    await expect.poll(() => page.getByTestId('counting-group-no').textContent()).toBe(GROUP);
    await expect.poll(() => counted(page, SKU1)).toBe('6 / 6');
    expect(await counted(page, SKU2)).toBe('4 / 4');
    await page.screenshot({ path: path.join(os.tmpdir(), 'tally-counting-offline.png') });

    // Back online: the queued counts are sent once and the screen shows the server's figures.
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => opStates(page), { timeout: 30_000 }).toEqual(['done', 'done', 'done']);
    await expect.poll(() => page.getByTestId('counting-queued').count()).toBe(0);
    expect(await counted(page, SKU1)).toBe('6 / 6');

    await page.getByTestId('counting-complete-open').click();
    await page.getByTestId('counting-complete-confirm').click();
    await expect.poll(() => page.getByTestId('counting-complete').isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('counting-complete').textContent()).toContain('receiving task');
    await page.screenshot({ path: path.join(os.tmpdir(), 'tally-counting-done.png') });
    await context.close();
  });

  test('the server counted each op once', async () => {
    await server.readDatabase(async (db) => {
      const records = await db.select().from(countingRecords)
        .where(and(eq(countingRecords.whsId, WHS), eq(countingRecords.groupNo, GROUP))).orderBy(asc(countingRecords.recordId));
      expect(records.map((r) => [r.skuId, r.qty, r.kind])).toEqual([
        [SKU1, 2, COUNTING_RECORD_KIND.values.NORMAL], [SKU1, 4, COUNTING_RECORD_KIND.values.NORMAL], [SKU2, 4, COUNTING_RECORD_KIND.values.NORMAL],
      ]);
      expect(new Set(records.map((r) => r.opId)).size).toBe(3);
      const ops = await db.select().from(syncOps).where(eq(syncOps.whsId, WHS));
      const countingOps = ops.filter((o) => o.kind.startsWith('inbound.counting.'));
      expect(countingOps.map((o) => [o.kind, o.status]).sort()).toEqual([
        ['inbound.counting.create_group_complete_record', 'applied'],
        ['inbound.counting.save_counting_record', 'applied'], ['inbound.counting.save_counting_record', 'applied'], ['inbound.counting.save_counting_record', 'applied'],
      ]);
      const [asn] = await db.select().from(asnOrders).where(and(eq(asnOrders.whsId, WHS), eq(asnOrders.asnNo, GROUP)));
      expect(asn?.status).toBe(INBOUND_STATUS.values.COUNTED);
      const tasks = await db.select().from(inboundTasks).where(and(eq(inboundTasks.whsId, WHS), eq(inboundTasks.asnNo, GROUP)));
      expect(tasks.map((t) => [t.kind, t.totalQty])).toEqual([[INBOUND_TASK_KIND.values.RECEIVING, 10]]);
    });
  });
});

describe('QC, receiving and its report-exception page on a PDA; the exception handled in the Exception Center', () => {
  test('a demo ASN is inspected, reported, received and handed to putaway; the supervisor settles the exception', async () => {
    await server.restart();
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: PDA_VIEWPORT, userAgent: PDA_USER_AGENT, locale: 'en-US' });
    const page = await context.newPage();
    const qcAsn = countingDemoAsnNo(WHS, 'C1');
    const receiveAsn = countingDemoAsnNo(WHS, 'C2');
    await page.goto('/v2/login?redirect_url=%2Fv2%2Finbound%2Fqc');
    await signIn(page, 'operator@demo.local');
    await page.waitForURL('**/v2/inbound/qc');

    // QC: the high-value line's AQL sample (30 units, AQL 1.0: 13), inspected and passed.
    await scanInto(page, 'step-asn-scan', qcAsn);
    await expect.poll(() => page.getByTestId('step-asn-no').textContent()).toBe(qcAsn);
    await scanInto(page, 'qc-scan', 'IDSKU00008');
    await expect.poll(() => page.getByTestId('qc-passed').inputValue()).toBe('13');
    await page.getByTestId('qc-save').click();
    await page.getByTestId('qc-complete').click();
    await expect.poll(() => page.getByText('QC is complete').isVisible(), { timeout: 15_000 }).toBe(true);
    await page.screenshot({ path: path.join(os.tmpdir(), 'tally-qc.png') });

    // Report a damaged unit of the ASN waiting for receiving, then receive it.
    await page.goto(`/v2/inbound/receiving/reportexception?asn=${receiveAsn}`);
    await scanInto(page, 'report-sku', 'IDSKU00001');
    await page.getByTestId('report-reason').click();
    await page.getByRole('option', { name: 'Damaged' }).click();
    await page.getByTestId('report-submit').click();
    await expect.poll(() => page.getByTestId('report-done').isVisible()).toBe(true);
    await page.screenshot({ path: path.join(os.tmpdir(), 'tally-report-exception.png') });

    await page.goto(`/v2/inbound/receiving?asn=${receiveAsn}`);
    await expect.poll(() => page.getByTestId('receiving-staging').inputValue()).toBe('IB-PUTAWAY-01');
    await scanInto(page, 'receiving-scan', 'IDSKU00001');
    await expect.poll(() => page.getByTestId('receiving-row').first().textContent()).toContain('24 / 24');
    expect(await page.getByTestId('receiving-row').first().textContent()).toMatch(/23 good\s*1 damaged/);
    await page.getByTestId('receiving-complete').click();
    await expect.poll(() => page.getByTestId('receiving-done').isVisible(), { timeout: 15_000 }).toBe(true);
    await page.screenshot({ path: path.join(os.tmpdir(), 'tally-receiving.png') });
    await context.close();

    // The damaged unit waits in the Exception Center: the supervisor checks it, BD confirms a decision, and it is done.
    const office = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1366, height: 800 }, locale: 'en-US' });
    const desk = await office.newPage();
    await desk.goto(`/v2/login?redirect_url=${encodeURIComponent(`/v2/exceptioncenter/troubleshoottask?asn_no=${receiveAsn}`)}`);
    await signIn(desk, 'supervisor@demo.local');
    await desk.waitForURL('**/v2/exceptioncenter/troubleshoottask**');
    await desk.getByRole('link', { name: /^IEX/ }).first().click();
    await desk.getByRole('link', { name: 'Handle' }).click();
    await desk.waitForURL('**/v2/exceptioncenter/troubleshoottaskhandle**');
    await desk.getByRole('button', { name: 'Checked' }).click();
    await desk.getByTestId('exception-decision').click();
    await desk.getByRole('option', { name: 'Accept as Damaged' }).click();
    await desk.getByRole('button', { name: 'BD Confirm' }).click();
    // Each step's answer clears the remark field: the next one is typed once BD Confirm is through.
    await expect.poll(() => desk.getByRole('button', { name: 'BD Confirm' }).count(), { timeout: 15_000 }).toBe(0);
    await desk.getByTestId('exception-remark').fill('Sold as damaged stock.');
    await desk.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => desk.getByText('This exception is closed: nothing more to handle.').isVisible(), { timeout: 15_000 }).toBe(true);
    await desk.screenshot({ path: path.join(os.tmpdir(), 'tally-exception-handle.png'), fullPage: true });
    await office.close();

    await server.readDatabase(async (db) => {
      const [exception] = await db.select().from(inboundExceptions).where(and(eq(inboundExceptions.whsId, WHS), eq(inboundExceptions.asnNo, receiveAsn)));
      expect(exception).toMatchObject({ status: INBOUND_EXCEPTION_STATUS.values.DONE, handlingDecision: INBOUND_HANDLING_DECISION.values.ACCEPT_AS_DAMAGED });
      expect(exception?.remark).toContain('Sold as damaged stock.');
      const [asn] = await db.select().from(asnOrders).where(and(eq(asnOrders.whsId, WHS), eq(asnOrders.asnNo, receiveAsn)));
      expect(asn?.status).toBe(INBOUND_STATUS.values.RECEIVED);
      const putaway = await db.select().from(inboundTasks)
        .where(and(eq(inboundTasks.whsId, WHS), eq(inboundTasks.asnNo, receiveAsn), eq(inboundTasks.kind, INBOUND_TASK_KIND.values.PUTAWAY)));
      // The damaged unit waited in staging under its exception; Accept as Damaged gave it a putaway task of its own.
      expect(putaway.map((t) => t.totalQty).sort((a, b) => a - b)).toEqual([1, 35]);
      const [checked] = await db.select().from(asnOrders).where(and(eq(asnOrders.whsId, WHS), eq(asnOrders.asnNo, qcAsn)));
      expect(checked?.status).toBe(INBOUND_STATUS.values.CHECKED);
    });
  });
});

describe('cartons, another device\'s counts and the completion check on a PDA', () => {
  const carton = (page: Page, trackingId: string) => page.locator(`[data-testid="counting-carton-row"][data-carton="${trackingId}"]`);

  test('a carton registered, corrected and removed; a surplus only the server knows of; the server\'s completion check, or the device\'s offline', async () => {
    await server.restart();
    const { groupNo, asnNos: [first, second], cartons: [[announced], [mistaken]] } = twoAsns as { groupNo: string; asnNos: [string, string]; cartons: [[string], [string]] };
    const fresh = `NEW-${groupNo}`;
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: PDA_VIEWPORT, userAgent: PDA_USER_AGENT, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/v2/login?redirect_url=%2Fv2%2Finbound%2Fcounting');
    await signIn(page, 'operator@demo.local');
    await page.waitForURL('**/v2/inbound/counting');
    await page.getByTestId('counting-group').filter({ hasText: groupNo }).click();
    await expect.poll(() => page.getByTestId('counting-group-no').textContent()).toBe(groupNo);

    // A carton the ASNs did not announce: the server knows no SKU by its code; registered to the first ASN.
    await scanInto(page, 'counting-scan', fresh);
    const prompt = page.getByRole('dialog', { name: 'Not in this group' });
    await expect.poll(() => prompt.getByTestId('counting-code-facts').textContent()).toContain('The warehouse knows no SKU by this code');
    await prompt.getByRole('combobox', { name: 'ASN of the carton' }).click();
    await prompt.getByRole('option', { name: first }).click();
    await prompt.getByTestId('counting-register-carton').click();
    await expect.poll(() => opStates(page), { timeout: 30_000 }).toEqual(['done']);

    // Its label says 3 pieces, and it is the second ASN's: corrected before anything is counted in it.
    await carton(page, fresh).getByTestId('counting-carton-edit').click();
    const edit = page.getByRole('dialog', { name: `Carton ${fresh}` });
    await edit.getByTestId('counting-carton-pieces').fill('3');
    await edit.getByRole('combobox', { name: 'ASN of the carton' }).click();
    await edit.getByRole('option', { name: second }).click();
    await page.screenshot({ path: path.join(os.tmpdir(), 'tally-counting-carton.png') });
    await edit.getByTestId('counting-carton-save').click();
    await expect.poll(() => opStates(page), { timeout: 30_000 }).toEqual(['done', 'done']);
    await expect.poll(() => carton(page, fresh).getByTestId('counting-carton-facts').textContent()).toBe(`ASN ${second} · 3 pcs · 0 counted`);

    // The second ASN's announced carton never came: removed.
    await carton(page, mistaken).getByTestId('counting-carton-edit').click();
    await page.getByRole('dialog', { name: `Carton ${mistaken}` }).getByTestId('counting-carton-remove').click();
    await expect.poll(() => carton(page, mistaken).count(), { timeout: 30_000 }).toBe(0);

    // A SKU of the warehouse the group does not expect: the server says which it is; nothing is counted.
    await scanInto(page, 'counting-scan', 'IDSKU00050');
    await expect.poll(() => prompt.getByTestId('counting-code-facts').textContent()).toContain('It is SKU IDSKU00050 of this warehouse');
    await prompt.getByRole('button', { name: 'Cancel' }).last().click();

    // Counted into the announced carton: from then on it stays.
    await scanInto(page, 'counting-scan', announced);
    await expect.poll(() => page.getByTestId('counting-carton').textContent()).toBe(`Carton ${announced} (ASN ${first})`);
    await count(page, SKU1, 2);
    await expect.poll(() => opStates(page), { timeout: 30_000 }).toEqual(['done', 'done', 'done', 'done']);
    await carton(page, announced).getByTestId('counting-carton-edit').click();
    const locked = page.getByRole('dialog', { name: `Carton ${announced}` });
    await expect.poll(() => locked.getByTestId('counting-carton-locked').textContent()).toContain('2 units are counted in it');
    expect(await locked.getByTestId('counting-carton-remove').isDisabled()).toBe(true);
    await locked.getByRole('button', { name: 'Cancel' }).click();

    // Another device counts 3 more: this one still shows 2 of 5, so only the server sees that 1 more is surplus.
    const office = await browser.newContext({ baseURL: server.baseURL, locale: 'en-US' });
    const desk = await office.newPage();
    await desk.goto('/v2/login');
    await signIn(desk, 'supervisor@demo.local');
    await desk.waitForURL('**/v2/home');
    await api(desk, 'POST', '/apps/process/inbound/counting/save_counting_record', { group_no: groupNo, sku_id: SKU1, qty: 3 }, WHS);
    await office.close();
    expect(await counted(page, SKU1)).toBe('2 / 5');
    await scanInto(page, 'counting-scan', SKU1);
    await page.getByLabel('Quantity').fill('1');
    await page.getByLabel('Quantity').press('Enter');
    await expect.poll(() => page.getByTestId('counting-surplus-elsewhere').isVisible()).toBe(true);
    await page.screenshot({ path: path.join(os.tmpdir(), 'tally-counting-surplus-elsewhere.png') });
    await page.getByTestId('counting-surplus-confirm').click();
    await expect.poll(() => opStates(page), { timeout: 30_000 }).toHaveLength(5);
    await expect.poll(() => counted(page, SKU1)).toBe('6 / 5');

    // Completing, online with every count sent: the server's check of every device's counts.
    await page.getByTestId('counting-complete-open').click();
    await expect.poll(() => page.getByTestId('counting-complete-source').textContent()).toContain('Checked with the server');
    const totals = page.getByTestId('counting-complete-totals');
    await expect.poll(() => totals.textContent()).toContain('6 of 9 units are counted.');
    expect(await totals.textContent()).toContain('4 units short');
    expect(await totals.textContent()).toContain(`Nothing is counted in cartons ${fresh}.`);
    await expect.poll(() => page.getByTestId('counting-complete-qc').textContent()).toContain('No QC rule picks these lines');
    await page.screenshot({ path: path.join(os.tmpdir(), 'tally-counting-complete-online.png') });
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    // Offline the device works the same figures out itself, and says so.
    await context.setOffline(true);
    await page.getByTestId('counting-complete-open').click();
    await expect.poll(() => page.getByTestId('counting-complete-source').textContent()).toContain('Worked out on this device');
    expect(await totals.textContent()).toContain('6 of 9 units are counted.');
    expect(await page.getByTestId('counting-complete-qc').textContent()).toContain('shown when the device is online');
    await page.screenshot({ path: path.join(os.tmpdir(), 'tally-counting-complete-offline.png') });
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await context.setOffline(false);

    // The group is the operator's: offered to resume among "My groups".
    await page.getByRole('button', { name: 'Other group' }).click();
    await page.getByTestId('counting-my-group').filter({ hasText: groupNo }).waitFor();
    await page.screenshot({ path: path.join(os.tmpdir(), 'tally-counting-my-groups.png'), fullPage: true });
    await page.getByTestId('counting-my-group').filter({ hasText: groupNo }).click();
    await expect.poll(() => page.getByTestId('counting-group-no').textContent()).toBe(groupNo);
    await page.screenshot({ path: path.join(os.tmpdir(), 'tally-counting-cartons.png'), fullPage: true });
    await context.close();

    await server.readDatabase(async (db) => {
      const cartons = await db.select().from(inboundTrackingIds).where(and(eq(inboundTrackingIds.whsId, WHS), eq(inboundTrackingIds.groupNo, groupNo)));
      expect(cartons.map((c) => [c.trackingId, c.asnNo, c.cartonQty]).sort()).toEqual([[announced, first, 1], [fresh, second, 3]].sort());
      const records = await db.select().from(countingRecords).where(and(eq(countingRecords.whsId, WHS), eq(countingRecords.groupNo, groupNo)));
      expect(records.map((r) => [r.qty, r.kind, r.trackingId]).sort()).toEqual([
        [2, COUNTING_RECORD_KIND.values.NORMAL, announced], [3, COUNTING_RECORD_KIND.values.NORMAL, null], [1, COUNTING_RECORD_KIND.values.SURPLUS, announced],
      ].sort());
      const ops = await db.select().from(syncOps).where(and(eq(syncOps.whsId, WHS), inArray(syncOps.kind, [
        'inbound.counting.create_tracking_id', 'inbound.counting.update_tracking_id', 'inbound.counting.delete_tracking_id',
      ])));
      expect(ops.map((o) => [o.kind, o.status]).sort()).toEqual([
        ['inbound.counting.create_tracking_id', 'applied'], ['inbound.counting.delete_tracking_id', 'applied'], ['inbound.counting.update_tracking_id', 'applied'],
      ]);
    });
  }, 180_000);
});
