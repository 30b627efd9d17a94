import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, newPage, signIn } from './browser';

/**
 * Exports from a resource list (the supplier list) and their download from the Report Center;
 * the list's column settings. The built server's export worker makes the files in the background.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openSuppliers(search = '') {
  const { context, page } = await newPage(browser);
  await page.goto(`/v2/login?redirect_url=${encodeURIComponent(`/v2/wmsbasic/supplier${search}`)}`);
  await signIn(page, 'admin@demo.local');
  await page.waitForURL('**/v2/wmsbasic/supplier*');
  return { context, page };
}

const total = (page: Page) => page.getByTestId('list-total').textContent();

async function exportAs(page: Page, format: 'XLSX' | 'CSV') {
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: format }).click();
  await expect.poll(() => page.getByText('Export queued').last().isVisible()).toBe(true);
}

/** The newest task row whose file has the extension. */
const taskRow = (page: Page, extension: string): Locator =>
  page.getByTestId('export-tasks').locator('tbody tr', { hasText: extension }).first();

async function downloadFrom(page: Page, row: Locator): Promise<{ name: string; bytes: Uint8Array }> {
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: 'Download' }).click()]);
  return { name: download.suggestedFilename(), bytes: new Uint8Array(await readFile((await download.path())!)) };
}

function csvLines(bytes: Uint8Array): string[][] {
  // The supplier names and ids have no quotes, commas or line breaks: a plain split reads them.
  return new TextDecoder().decode(bytes).trim().split('\r\n').map((line) => line.split(','));
}

describe('export (supplier list)', () => {
  test('CSV and XLSX of the filtered list, queued from the page and downloaded from the Report Center', async () => {
    const { context, page } = await openSuppliers('?status=2');
    await expect.poll(() => total(page)).toBe('Total 6');
    const ids = await page.getByTestId('resource-table').locator('tbody tr td:first-child').allTextContents();

    await exportAs(page, 'CSV');
    await exportAs(page, 'XLSX');
    await page.getByRole('link', { name: 'Open Report Center' }).last().click();
    await page.waitForURL('**/v2/reportcenter/reportcenter');

    // The page refreshes itself until the worker has finished both.
    for (const extension of ['.csv', '.xlsx']) {
      await expect.poll(() => taskRow(page, extension).getByTestId('export-status').textContent(), { timeout: 30_000 }).toBe('Done');
      expect(await taskRow(page, extension).textContent()).toContain('100%');
    }

    const csv = await downloadFrom(page, taskRow(page, '.csv'));
    expect(csv.name).toMatch(/^supplier_.*\.csv$/);
    const lines = csvLines(csv.bytes);
    expect(lines[0]!.slice(0, 2)).toEqual(['Supplier ID', 'Supplier Name']);
    expect(lines.slice(1).map((l) => l[0])).toEqual(ids);
    const statusColumn = lines[0]!.indexOf('Status');
    expect(lines.slice(1).every((l) => l[statusColumn] === 'Inactive')).toBe(true);

    const xlsx = await downloadFrom(page, taskRow(page, '.xlsx'));
    expect(xlsx.name).toMatch(/^supplier_.*\.xlsx$/);
    const sheet = strFromU8(unzipSync(xlsx.bytes)['xl/worksheets/sheet1.xml']!);
    expect(sheet.match(/<row /g)).toHaveLength(7);
    for (const id of ids) expect(sheet).toContain(`>${id}<`);
    await context.close();
  });

  test('column settings: a hidden column leaves the table, the order follows the choice, both kept after a reload', async () => {
    // On the SKU list, whose columns no other browser test reads: settings are per user and list.
    const { context, page } = await newPage(browser);
    await page.goto('/v2/login?redirect_url=%2Fv2%2Fwmsbasic%2Fskuitems');
    await signIn(page, 'admin@demo.local');
    await page.waitForURL('**/v2/wmsbasic/skuitems');
    await expect.poll(() => total(page)).toBe('Total 120');
    const header = (name: string) => page.getByRole('columnheader', { name, exact: true });
    const headers = () => page.getByTestId('resource-table').locator('thead th').allTextContents();
    expect(await header('Category').count()).toBe(1);

    await page.getByRole('button', { name: 'Columns', exact: true }).click();
    const panel = page.getByTestId('column-settings');
    await panel.getByRole('checkbox', { name: 'Category', exact: true }).uncheck();
    await panel.getByRole('button', { name: 'Move Selling Type up' }).click();
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => header('Category').count()).toBe(0);

    await page.reload();
    await expect.poll(() => total(page)).toBe('Total 120');
    expect(await header('Category').count()).toBe(0);
    const shown = await headers();
    expect(shown.indexOf('Selling Type')).toBeLessThan(shown.indexOf('Unit'));
    await context.close();
  });
});
