import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chooseLanguage, launchBrowser, newPage, signIn } from './browser';

/** The admin kit's list and detail pages, on the first resource: /wmsbasic/supplier. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openSuppliers(email: string) {
  const { context, page } = await newPage(browser);
  await page.goto('/v2/login?redirect_url=%2Fv2%2Fwmsbasic%2Fsupplier');
  await signIn(page, email);
  await page.waitForURL('**/v2/wmsbasic/supplier');
  return { context, page };
}

const table = (page: Page) => page.getByTestId('resource-table');
const rowCount = (page: Page) => table(page).locator('tbody tr').count();
const total = (page: Page) => page.getByTestId('list-total').textContent();
const ids = (page: Page) => table(page).locator('tbody tr td:first-child').allTextContents();

describe('resource list (supplier)', () => {
  test('pages, filters from the URL, Enter searches, card ids, remembered search, reset, detail', async () => {
    const { context, page } = await openSuppliers('admin@demo.local');
    await expect.poll(() => total(page)).toBe('Total 30');
    expect(await rowCount(page)).toBe(20);
    const prefix = (await ids(page))[0]!.slice(0, 5);

    await page.getByRole('button', { name: '2', exact: true }).click();
    await expect.poll(() => rowCount(page)).toBe(10);
    expect(page.url()).toContain('page_no=2');

    // Spec §2: the 13-character label is cut at 12, the full label in a tooltip.
    await expect.poll(() => page.getByText('Supplier Nam…').isVisible()).toBe(true);
    await page.getByLabel('Supplier Name').fill('  coffee ');
    await page.getByLabel('Supplier Name').press('Enter');
    await expect.poll(() => ids(page)).toEqual([`${prefix}0009`, `${prefix}0024`]);
    // A new search starts at page 1; the text was trimmed.
    expect(page.url()).not.toContain('page_no');
    expect(page.url()).toContain('supplier_name=coffee');

    // Card filter: ids pasted one per line.
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => total(page)).toBe('Total 30');
    await page.getByLabel('Supplier ID').fill(`${prefix}0003\n${prefix}0001 ${prefix}0002.`);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => ids(page)).toEqual([`${prefix}0001`, `${prefix}0002`, `${prefix}0003`]);

    // The list remembers its search when it is opened again without one.
    await page.goto('/v2/home');
    await page.goto('/v2/wmsbasic/supplier');
    await expect.poll(() => ids(page)).toEqual([`${prefix}0001`, `${prefix}0002`, `${prefix}0003`]);
    expect(await page.getByLabel('Supplier ID').inputValue()).toBe(`${prefix}0003,${prefix}0001,${prefix}0002`);

    // A status filter and the rows-per-page choice.
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.locator('[data-filter="status"] input:not([type=hidden])').click();
    await page.getByRole('option', { name: 'Inactive' }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => total(page)).toBe('Total 6');
    expect(await table(page).locator('tbody tr').first().textContent()).toContain('Inactive');

    await table(page).getByRole('link').first().click();
    await page.waitForURL(`**/v2/wmsbasic/supplier/detail/${prefix}0005`);
    await expect.poll(() => page.getByTestId('resource-detail').textContent()).toContain('Manila Paper Mills');
    await context.close();
  });

  test('a sortable column header sorts ascending, then descending, then back to the default', async () => {
    const { context, page } = await openSuppliers('admin@demo.local');
    await expect.poll(() => total(page)).toBe('Total 30');
    const names = () => table(page).locator('tbody tr td:nth-child(2)').allTextContents();
    const header = page.getByRole('columnheader', { name: 'Supplier Name' });
    await header.getByRole('button').click();
    await expect.poll(async () => (await names())[0]).toBe('Bangkok Beauty Co');
    expect(await header.getAttribute('aria-sort')).toBe('ascending');
    await header.getByRole('button').click();
    await expect.poll(async () => (await names())[0]).toBe('Taipei Tea Traders 2');
    expect(page.url()).toContain('sort_desc=1');
    await header.getByRole('button').click();
    await expect.poll(async () => (await ids(page))[0]?.endsWith('0001')).toBe(true);
    expect(page.url()).not.toContain('sort_by');
    // Cleared on the page, so cleared when the list opens again.
    await page.goto('/v2/home');
    await page.goto('/v2/wmsbasic/supplier');
    await expect.poll(() => total(page)).toBe('Total 30');
    await expect.poll(async () => (await ids(page))[0]?.endsWith('0001')).toBe(true);
    expect(page.url()).not.toContain('sort_by');
    await context.close();
  });

  test('the filter labels and table headers follow a language switched on the page', async () => {
    const { context, page } = await openSuppliers('supervisor@demo.local');
    await expect.poll(() => total(page)).toBe('Total 30');
    await chooseLanguage(page, 'English', 'Tiếng Việt');
    try {
      await expect.poll(() => page.locator('[data-filter="status"]').textContent()).toContain('Trạng thái');
      expect(await page.getByRole('columnheader', { name: 'Trạng thái' }).count()).toBe(1);
      expect(await page.getByTestId('list-total').textContent()).toBe('Tổng 30');
    } finally {
      await chooseLanguage(page, 'Tiếng Việt', 'English');
    }
    await context.close();
  });

  test('an operator without the permission gets the forbidden page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/v2/login');
    await signIn(page, 'operator@demo.local');
    await page.waitForURL('**/v2/home');
    await page.goto('/v2/wmsbasic/supplier');
    await expect.poll(() => page.getByText('Access denied').isVisible()).toBe(true);
    await context.close();
  });
});
