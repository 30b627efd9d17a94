import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { openAt, stockedSku } from './asn-helpers';

/**
 * Sales order import on the order list at PC size: a CSV of two orders (one with a SKU the
 * warehouse does not have) is uploaded in the Import dialog; the built server's worker applies it
 * and the dialog shows each order's result, the refused one with its sheet row.
 */
const WHS = 'SGSIN1';
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('sales order import', () => {
  test('Import on the order list: template, upload, progress to done, each order\'s result', async () => {
    const { context, page } = await openAt(browser, 'admin@demo.local', WHS, '/salesoutbound/order');
    const skuId = await stockedSku(page, WHS, 2);
    const run = Date.now().toString(36);
    const csv = [
      'External Order No.,SKU ID,Qty,Priority', `E2E-IMP-${run}-1,${skuId},1,Priority`, `E2E-IMP-${run}-1,${skuId},1,`, `E2E-IMP-${run}-2,NO-SUCH-SKU,1,`,
    ].join('\r\n');

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Sales Orders' });
    await expect.poll(() => dialog.getByRole('link', { name: 'XLSX' }).getAttribute('href')).toContain('download_import_template?format=xlsx');
    await dialog.locator('input[type="file"]').setInputFiles({ name: `orders-${run}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect.poll(() => dialog.getByTestId('order-import-status').textContent(), { timeout: 30_000 }).toBe('Done');
    expect(await dialog.getByTestId('order-import-counts').textContent()).toBe('Orders 2: created 1 · received before 0 · refused 1');
    const results = dialog.getByTestId('order-import-results');
    expect(await results.locator('tbody tr', { hasText: `E2E-IMP-${run}-1` }).textContent()).toContain('Created');
    const refused = await results.locator('tbody tr', { hasText: `E2E-IMP-${run}-2` }).textContent();
    expect(refused).toContain('Refused');
    expect(refused).toContain('rows 4');
    expect(await dialog.getByRole('link', { name: /Download the result/ }).getAttribute('download')).toBe(`orders-${run}_result.csv`);
    await page.screenshot({ path: 'test-results/sales-order-import.png' });
    await results.locator('tbody tr').last().scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/sales-order-import-results.png' });
    await context.close();
  });
});
