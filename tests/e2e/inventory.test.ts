import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, signIn } from './browser';

/**
 * The inventory maps and adjustments in the browser (spec §2 /inventorymap, /inventorymanage/adjust):
 * filter a map and open a SKU's detail; create an adjustment, have another user approve it, adjust,
 * and see the on hand change on the map.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WHS = 'SGSIN1';
const CELL = 'A01-01-01-1';
const SKU = 'SGSKU00001';

async function openAs(email: string, path: string) {
  const { context, page } = await newPage(browser);
  await page.goto(`/v2/login?redirect_url=${encodeURIComponent(`/v2${path}`)}`);
  await signIn(page, email);
  await page.waitForURL(`**/v2${path.split('?')[0]}**`);
  await inWarehouse(page, WHS);
  return { context, page };
}

/** Makes the sidebar's warehouse the one wanted (the demo accounts belong to several). */
async function inWarehouse(page: Page, whsId: string) {
  const select = page.getByRole('combobox', { name: 'Warehouse' });
  if ((await select.inputValue()).includes(`(${whsId})`)) return;
  await select.click();
  await page.getByRole('option', { name: new RegExp(`\\(${whsId}\\)`) }).click();
  await expect.poll(() => select.inputValue()).toContain(`(${whsId})`);
  await page.waitForLoadState('networkidle');
}

const table = (page: Page) => page.getByTestId('resource-table');
const total = (page: Page) => page.getByTestId('list-total').textContent();
const cellOf = (page: Page, row: number, column: number) => table(page).locator('tbody tr').nth(row).locator('td').nth(column);

describe('inventory maps', () => {
  test('filter the on-hand map by SKU and open the SKU\'s detail with its balances', async () => {
    const { context, page } = await openAs('admin@demo.local', '/inventorymap/onhand');
    await expect.poll(async () => Number((await total(page))?.replace(/\D/g, ''))).toBeGreaterThan(20);
    await page.getByLabel('SKU ID').fill(`${SKU}\nSGSKU00002`);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => total(page)).toBe('Total 2');
    expect(page.url()).toContain(`sku_id=${SKU}`);
    const onhand = Number((await cellOf(page, 0, 3).textContent())?.replace(/\D/g, ''));
    expect(onhand).toBeGreaterThan(0);

    await table(page).getByRole('link', { name: SKU }).click();
    await page.waitForURL(`**/v2/inventorymap/onhand/detail/${SKU}`);
    await expect.poll(() => page.getByTestId('sku-name').textContent()).toBe('Arabica Coffee Beans 1kg');
    await expect.poll(async () => (await page.getByTestId('sku-figures').textContent())?.replace(/,/g, '')).toContain(`On Hand${onhand}`);
    // The balances of the SKU: their on hand adds up to the map's.
    await expect.poll(async () => (await table(page).locator('tbody tr').count()) > 0).toBe(true);
    const locations = await table(page).locator('tbody tr td:first-child').allTextContents();
    expect(locations).toContain(CELL);
    // Columns: Location, Location Type, Zone ID, Batch ID, Quality, On Hand…
    const balances = await table(page).locator('tbody tr td:nth-child(6)').allTextContents();
    expect(balances.reduce((sum, qty) => sum + Number(qty.replace(/\D/g, '')), 0)).toBe(onhand);
    // The fixed SKU is not a filter of the page.
    expect(await page.getByLabel('SKU ID').count()).toBe(0);
    await context.close();
  });
});

describe('adjustments', () => {
  test('create → approve (another user) → adjust: the on hand changes on the map', async () => {
    const creator = await openAs('admin@demo.local', '/inventorymanage/adjust');
    const page = creator.page;
    await page.getByRole('link', { name: 'Create Adjustment' }).click();
    await page.waitForURL('**/v2/inventorymanage/adjust/create');
    await page.getByRole('combobox', { name: 'Reason' }).click();
    await page.getByRole('option', { name: 'Inbound Excess Qty' }).click();
    await page.getByLabel('Location').fill(CELL);
    await page.getByLabel('SKU ID').fill(SKU);
    await page.getByRole('button', { name: 'Find Stock' }).click();
    await expect.poll(() => page.getByTestId('stock-found').textContent()).toContain(`${SKU} Arabica Coffee Beans 1kg at ${CELL}`);
    const before = Number((await page.getByTestId('balance-now').textContent())!.match(/On hand here: ([\d,]+)/)![1]!.replace(/,/g, ''));
    await page.getByRole('combobox', { name: 'Direction' }).click();
    await page.getByRole('option', { name: 'Addition' }).click();
    await page.getByLabel('Qty').fill('5');
    await page.getByRole('button', { name: 'Add Line' }).click();
    await expect.poll(() => page.getByTestId('new-lines').locator('tbody tr').first().textContent()).toContain(SKU);
    await page.getByRole('button', { name: 'Save and Submit' }).click();
    await page.waitForURL('**/v2/inventorymanage/adjust/view?adjust_no=*');
    const adjustNo = new URL(page.url()).searchParams.get('adjust_no')!;
    expect(adjustNo).toMatch(/^ADJ\d{12}$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain(adjustNo);
    await expect.poll(() => page.getByText('Pending', { exact: true }).count()).toBeGreaterThan(0);
    // The creator cannot approve their own adjustment.
    await page.goto(`/v2/inventorymanage/adjust/approve?adjust_no=${adjustNo}`);
    await expect.poll(() => page.getByText('another approver must approve or reject it').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);

    const approver = await openAs('supervisor@demo.local', `/inventorymanage/adjust/approve?adjust_no=${adjustNo}`);
    await approver.page.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect.poll(() => approver.page.getByText('Approved', { exact: true }).count()).toBeGreaterThan(0);
    await approver.context.close();

    await page.goto(`/v2/inventorymanage/adjust/view?adjust_no=${adjustNo}`);
    await page.getByRole('link', { name: 'Adjust Inventory' }).click();
    await page.waitForURL('**/v2/inventorymanage/adjust/adjust?adjust_no=*');
    await page.getByRole('button', { name: 'Adjust Inventory' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByText('Done', { exact: true }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('onhand-now-1').textContent()).toBe(String(before + 5));

    // The map shows the new on hand at the cell.
    await page.goto(`/v2/inventorymap/onhand/detail/${SKU}`);
    const row = table(page).locator('tbody tr', { hasText: CELL });
    await expect.poll(async () => (await row.count()) > 0).toBe(true);
    await expect.poll(async () => (await row.first().locator('td').nth(5).textContent())?.replace(/\D/g, '')).toBe(String(before + 5));
    // And the transaction map has the adjustment's row.
    await page.goto(`/v2/inventorymap/transactionInventoryMap?ref_no=${adjustNo}`);
    await expect.poll(() => total(page)).toBe('Total 1');
    expect(await table(page).locator('tbody tr').first().textContent()).toContain('Adjust Increase');
    await creator.context.close();
  });
});
