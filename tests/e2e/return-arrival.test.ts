import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { PDA_USER_AGENT, PDA_VIEWPORT, launchBrowser, opStates, scanInto } from './browser';
import { api, openAt } from './asn-helpers';
import { INBOUND_STATUS, RETURN_INBOUND_REASON, RETURN_JUDGEMENT } from '../../src/shared/codes';

/**
 * The return dock on a PDA with the network cut (spec §2 /returninbound/arrving; docs/returns.md):
 * a parcel a return expects and one nobody expects are scanned offline, judged at once from the
 * device's copy of the expected parcels, survive a reload, and land once when the network returns —
 * the return arrives, the stranger becomes one dispute. Then return QC on the PDA, offline: each
 * unit judged by the checklist and rules, a wrong item sent to dispute.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WHS = 'SGSIN1';
const CALLS = '/apps/process/returninbound';
const PROCESSING = '/returninbound/disputeprocessing';

describe('Return Arriving', () => {
  test('a known parcel and a stranger scanned offline: the return arrives and one dispute opens, each once; the desk returns the stranger to its buyer', async () => {
    const tag = Date.now().toString(36).toUpperCase();
    const known = `RTE-${tag}`;
    const stranger = `LOST-${tag}`;
    const admin = await openAt(browser, 'admin@demo.local', WHS, '/home');
    const { order } = await api<{ order: { asn_no: string } }>(admin.page, 'POST', `${CALLS}/order/create_return_order`, {
      return_order_no: `RMA-${tag}`, tracking_no: known, return_reason: 1, lines: [{ sku_id: 'SGSKU00051', qty: 3 }],
    }, WHS);

    const { context, page } = await openAt(browser, 'operator@demo.local', WHS, '/returninbound/arrving', { viewport: PDA_VIEWPORT, userAgent: PDA_USER_AGENT });
    // The service worker must control the page: it answers the expected parcels and the shell offline.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.getByTestId('return-arrival-scan').waitFor();
    await page.waitForLoadState('networkidle');
    const waitingAtStart = Number(await page.getByTestId('return-arrival-waiting').textContent());
    expect(waitingAtStart).toBeGreaterThan(0);

    await context.setOffline(true);
    await scanInto(page, 'return-arrival-scan', known);
    await expect.poll(() => page.getByText(`${known} → return ${order.asn_no}`).count()).toBe(1);
    await scanInto(page, 'return-arrival-scan', stranger);
    await expect.poll(() => page.getByText(`${stranger} → not expected: dispute`).count()).toBe(1);
    // The same parcel again is refused on the device: nothing more is queued.
    await scanInto(page, 'return-arrival-scan', known.toLowerCase());
    await expect.poll(() => page.getByText(`${known} was scanned on this device already.`).count()).toBeGreaterThan(0);
    expect(await opStates(page)).toEqual(['pending', 'pending']);
    expect(await page.getByTestId('return-arrival-waiting').textContent()).toBe(String(waitingAtStart - 1));
    expect(await page.getByTestId('return-arrival-disputes').textContent()).toBe('1');

    // A reload offline: the shell and the expected parcels from the cache, the scans from the outbox.
    await page.reload();
    await expect.poll(() => page.getByText(`${known} → return ${order.asn_no}`).count()).toBe(1);
    expect(await page.getByTestId('return-arrival-scanned').textContent()).toBe('2');
    await page.screenshot({ path: path.join(os.tmpdir(), 'tally-return-arrival-offline.png') });

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => opStates(page), { timeout: 30_000 }).toEqual(['done', 'done']);
    await expect.poll(() => page.getByText(new RegExp(`${stranger} → dispute RDP`)).count()).toBe(1);
    await page.screenshot({ path: path.join(os.tmpdir(), 'tally-return-arrival-done.png') });

    const detail = await api<{ order: { status: number; tracking_no: string } }>(admin.page, 'GET', `${CALLS}/order/get_return_order_detail`, { asn_no: order.asn_no }, WHS);
    expect(detail.order.tracking_no).toBe(known);
    expect(detail.order.status).toBe(INBOUND_STATUS.values.ARRIVED);
    const disputes = await api<{ list: { tracking_no: string }[] }>(admin.page, 'GET', `${CALLS}/dispute/search_dispute`, { page_size: '100' }, WHS);
    expect(disputes.list.filter((d) => d.tracking_no === stranger)).toHaveLength(1);
    await context.close();

    // At the desk, the supervisor sends the stranger back to the buyer from Dispute Processing.
    await admin.page.setViewportSize({ width: 1440, height: 900 });
    await admin.page.goto(`/v2${PROCESSING}`);
    const row = admin.page.getByRole('row').filter({ hasText: stranger });
    await row.getByRole('button', { name: 'Return to Buyer' }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByLabel('Remark').fill('Back with J&T, JT0001');
    await admin.page.screenshot({ path: path.join(os.tmpdir(), 'tally-dispute-processing.png') });
    await dialog.getByRole('button', { name: 'Return to Buyer' }).click();
    await expect.poll(() => admin.page.getByText(/settled: the parcel goes back to the buyer/).count()).toBe(1);
    await expect.poll(() => row.count()).toBe(0);
    await admin.context.close();
  });

  test('return QC offline on the PDA: a good unit goes back to stock (received, put on a shelf), a damaged one to a 3PL claim, a wrong item to dispute, each once', async () => {
    const tag = Date.now().toString(36).toUpperCase();
    const tracking = `RTQ-${tag}`;
    const admin = await openAt(browser, 'admin@demo.local', WHS, '/home');
    const { order } = await api<{ order: { asn_no: string } }>(admin.page, 'POST', `${CALLS}/order/create_return_order`, {
      return_order_no: `RMA-Q-${tag}`, tracking_no: tracking, return_reason: RETURN_INBOUND_REASON.values.CHANGE_OF_MIND, lines: [{ sku_id: 'SGSKU00051', qty: 3 }],
    }, WHS);

    // The parcel arrives at the dock; the operator goes on to QC, which reads the returns to judge once online.
    const { context, page } = await openAt(browser, 'operator@demo.local', WHS, '/returninbound/arrving', { viewport: PDA_VIEWPORT, userAgent: PDA_USER_AGENT });
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await scanInto(page, 'return-arrival-scan', tracking);
    await expect.poll(() => opStates(page), { timeout: 30_000 }).toEqual(['done']);
    await page.goto('/v2/returninbound/qc');
    await page.getByTestId('return-qc-return-scan').waitFor();
    await page.waitForLoadState('networkidle');

    await context.setOffline(true);
    await scanInto(page, 'return-qc-return-scan', tracking);
    await expect.poll(() => page.getByTestId('return-qc-progress').textContent()).toBe('0 of 3 judged');
    // A good unit: the rule sends it back to stock.
    await scanInto(page, 'return-qc-unit-scan', 'SGSKU00051');
    await expect.poll(() => page.getByTestId('return-qc-rule').textContent()).toContain('Re-inbound');
    await page.getByTestId('return-qc-confirm').click();
    // A damaged one: a failed check makes it Damage, and the rule claims it from the 3PL.
    await scanInto(page, 'return-qc-unit-scan', 'SGSKU00051');
    await page.getByLabel('Outer packaging intact').uncheck();
    await expect.poll(() => page.getByTestId('return-qc-rule').textContent()).toContain('3PL Claim');
    await page.screenshot({ path: path.join(os.tmpdir(), 'tally-return-qc-unit.png') });
    await page.getByTestId('return-qc-confirm').click();
    // An item the return does not carry goes to dispute.
    await scanInto(page, 'return-qc-unit-scan', 'SGSKU00052');
    await page.getByTestId('return-qc-wrong-item').getByRole('button', { name: 'Send to dispute' }).click();
    await expect.poll(() => page.getByTestId('return-qc-progress').textContent()).toBe('2 of 3 judged');
    expect(await opStates(page)).toEqual(['done', 'pending', 'pending', 'pending']);
    await page.screenshot({ path: path.join(os.tmpdir(), 'tally-return-qc-offline.png') });

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => opStates(page), { timeout: 30_000 }).toEqual(['done', 'done', 'done', 'done']);
    await expect.poll(() => page.getByText(/SGSKU00052 → dispute RDP/).count()).toBe(1);

    // The good unit goes back to a shelf on the inbound receiving and putaway screens, under Return Inbound.
    // The parcel held one unit fewer than announced: the return is received from Checking.
    await page.goto(`/v2/returninbound/rimassreceive?asn=${order.asn_no}`);
    await expect.poll(() => page.getByTestId('receiving-staging').inputValue()).toBe('IB-PUTAWAY-01');
    await scanInto(page, 'receiving-scan', 'SGSKU00051');
    await expect.poll(() => page.getByTestId('receiving-row').first().textContent()).toContain('1 / 1');
    await page.getByTestId('receiving-complete').click();
    await expect.poll(() => page.getByTestId('receiving-done').isVisible(), { timeout: 15_000 }).toBe(true);
    await page.screenshot({ path: path.join(os.tmpdir(), 'tally-return-receiving.png') });
    const tasks = await api<{ list: { task_no: string }[] }>(admin.page, 'GET', '/apps/process/inbound/putawaytask/search_putaway_task', { asn_no: order.asn_no }, WHS);
    await page.goto('/v2/returninbound/ristandardputaway');
    await scanInto(page, 'putaway-task-scan', tasks.list[0]!.task_no);
    await expect.poll(() => page.getByTestId('putaway-line-sku').textContent()).toBe('SGSKU00051');
    const cell = (await page.getByTestId('putaway-suggested').textContent())!;
    await scanInto(page, 'putaway-sku-scan', 'SGSKU00051');
    await scanInto(page, 'putaway-cell-scan', cell);
    await page.getByTestId('putaway-qty').fill('1');
    await page.getByTestId('putaway-put').click();
    await expect.poll(() => page.getByTestId('putaway-notice').textContent()).toContain(`1 × SGSKU00051 → ${cell}`);
    await expect.poll(() => opStates(page), { timeout: 30_000 }).toEqual(['done', 'done', 'done', 'done', 'done']);
    await context.close();

    const J = RETURN_JUDGEMENT.values;
    const detail = await api<{ order: { status: number }; units: { judgement: number | null; dispute_no: string | null; failed_checks: number[] }[] }>(
      admin.page, 'GET', `${CALLS}/order/get_return_order_detail`, { asn_no: order.asn_no }, WHS);
    expect(detail.order.status).toBe(INBOUND_STATUS.values.DONE);
    expect(detail.units.map((u) => u.judgement)).toEqual([J.REINBOUND, J.THREE_PL_CLAIM, null]);
    expect(detail.units[1]!.failed_checks).toHaveLength(1);
    expect(detail.units[2]!.dispute_no).toMatch(/^RDP/);
    await admin.context.close();
  });
});
