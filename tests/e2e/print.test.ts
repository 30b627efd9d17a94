import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, interceptPrint, launchBrowser, printed, signIn, watchCspViolations } from './browser';
import { decodeBarcode } from '../support/decode-barcode';

/**
 * Printing (docs/printing.md): a station set to print through an agent that is not running gets
 * the failure (-1) message; the same label printed at a station on the browser's print path
 * reaches print() — intercepted here, no dialog — and its barcode, rendered and screenshotted,
 * decodes to the container's code.
 */

const CONTAINER = 'CART005';
const AGENT_STATION = 'PCK-04';
const BROWSER_STATION = 'PCK-02';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});



async function chooseStation(page: Page, testId: string, stationId: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: new RegExp(`^${stationId} ·`) }).click();
}

describe('print tool', () => {
  test('an unreachable agent fails with its message; at a browser station the container label prints and its barcode reads back', async () => {
    const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1366, height: 900 }, deviceScaleFactor: 2, locale: 'en-US' });
    await interceptPrint(context);
    const cspViolations = await watchCspViolations(context);
    const page = await context.newPage();
    await page.goto(`/v2/login?redirect_url=${encodeURIComponent('/v2/wmsconfig/printsettings')}`);
    await signIn(page, 'admin@demo.local');
    await page.waitForURL('**/v2/wmsconfig/printsettings');

    // Print Settings: this station prints through an agent on the station, which is not running.
    await chooseStation(page, 'settings-station', AGENT_STATION);
    await page.getByLabel('Print agent').check();
    await page.getByLabel('Agent URL').fill('http://127.0.0.1:9/print');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Saved').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'I work at this station' }).click();

    // Print Labels at that station: the failure's message (retcode -1), nothing printed.
    await page.goto('/v2/wmsconfig/printtool/print');
    await expect.poll(() => page.getByTestId('station-picker').inputValue()).toContain(AGENT_STATION);
    await page.getByText('Container', { exact: true }).click();
    await page.getByTestId('label-codes').fill(CONTAINER);
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    await expect.poll(() => page.getByText('The print agent at http://127.0.0.1:9 could not be reached', { exact: false }).count()).toBeGreaterThan(0);
    expect(await printed(page)).toEqual([]);

    // At a station on the browser's print path: the label goes to print().
    await chooseStation(page, 'station-picker', BROWSER_STATION);
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    await expect.poll(async () => (await printed(page)).length).toBe(1);
    await expect.poll(() => page.getByText('Sent 1 label to the printer').count()).toBeGreaterThan(0);
    await page.screenshot({ path: 'test-results/print-labels.png' });

    // What print() was given, rendered as the printer would: its barcode decodes to the container's code.
    const [document] = await printed(page);
    expect(document).toContain(`data-barcode-text="${CONTAINER}"`);
    const label = await context.newPage();
    await label.setContent(document!);
    const decoded = await decodeBarcode(label.locator('[data-barcode="code128"]'));
    expect(decoded).toEqual({ text: CONTAINER, format: 'code128' });
    // The preview on the page shows the same label.
    const preview = page.frameLocator('[data-testid="print-preview"]');
    expect((await decodeBarcode(preview.locator('[data-barcode="code128"]'))).text).toBe(CONTAINER);

    // The label is in the print log, and prints again from Reprint.
    await page.goto('/v2/wmsconfig/printtool/reprint');
    await page.getByLabel('Reference No.').fill(CONTAINER);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByTestId('print-log').locator('tbody tr').first();
    await expect.poll(() => row.textContent()).toContain(CONTAINER);
    await page.screenshot({ path: 'test-results/print-reprint.png' });
    await row.getByRole('button', { name: 'Reprint' }).click();
    await expect.poll(async () => (await printed(page)).length).toBe(1);
    expect((await printed(page))[0]).toContain(`data-barcode-text="${CONTAINER}"`);

    expect(cspViolations()).toEqual([]);
    await context.close();
  });
});
