import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, signIn } from './browser';

/** WMS Basic catalog screens: the shop list with its Group tab and detail, and the category tree search. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openAs(email: string, path: string) {
  const { context, page } = await newPage(browser);
  await page.goto(`/v2/login?redirect_url=${encodeURIComponent(`/v2${path}`)}`);
  await signIn(page, email);
  await page.waitForURL(`**/v2${path}`);
  return { context, page };
}

const table = (page: Page) => page.getByTestId('resource-table');
const total = (page: Page) => page.getByTestId('list-total').textContent();
const ids = (page: Page) => table(page).locator('tbody tr td:first-child').allTextContents();

describe('shop', () => {
  test('lists the shops, filters by name, opens the Group tab and a shop\'s detail', async () => {
    const { context, page } = await openAs('admin@demo.local', '/wmsbasic/shop');
    await expect.poll(() => total(page)).toBe('Total 25');
    const prefix = (await ids(page))[0]!.slice(0, 4);
    expect((await ids(page))[0]).toBe(`${prefix}0001`);

    await page.getByLabel('Shop Name').fill(' outlet ');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => total(page)).toBe('Total 10');
    expect(page.url()).toContain('shop_name=outlet');
    expect((await ids(page))[0]).toBe(`${prefix}0011`);

    // The other tab of the page, and back: spec §2 remembers the shop group's filters, not the shop list's.
    await page.getByRole('tab', { name: 'Shop Group' }).click();
    await page.waitForURL('**/v2/wmsbasic/shop/group');
    await expect.poll(() => total(page)).toBe('Total 4');
    await page.getByRole('tab', { name: 'Shop', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/v2/wmsbasic/shop');
    await expect.poll(() => total(page)).toBe('Total 25');

    await table(page).getByRole('link', { name: `${prefix}0011` }).click();
    await page.waitForURL(`**/v2/wmsbasic/shop/detail/${prefix}0011`);
    await expect.poll(() => page.getByTestId('resource-detail').textContent()).toContain('Everyday Mart Outlet');
    await context.close();
  });

  test('a new shop names its merchant from a searched select of the active merchants, then shows on its detail', async () => {
    const { context, page } = await openAs('admin@demo.local', '/wmsbasic/shop');
    await page.getByRole('link', { name: 'Create Shop' }).click();
    await page.waitForURL('**/v2/wmsbasic/shop/create');
    const shopId = `SHE2E${Date.now().toString(36).toUpperCase().slice(-5)}`;
    await page.getByLabel('Shop ID').fill(shopId);
    await page.getByLabel('Shop Name').fill('Harbour Test Shop');
    const merchant = page.getByRole('combobox', { name: 'Merchant ID' });
    await merchant.click();
    // Merchant …009 is inactive: never offered. Typing searches the merchants by name on the server.
    await expect.poll(() => page.getByRole('option').count()).toBeGreaterThan(0);
    expect(await page.getByRole('option', { name: /009/ }).count()).toBe(0);
    await merchant.fill('everyday');
    await page.getByRole('option', { name: /Everyday Mart$/ }).click();
    await expect.poll(() => merchant.inputValue()).toMatch(/001 · Everyday Mart/);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(`**/v2/wmsbasic/shop/detail/${shopId}`);
    await expect.poll(() => page.getByTestId('resource-detail').textContent()).toContain('Harbour Test Shop');
    await context.close();
  });

  test('an operator without the permission gets the forbidden page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/v2/login');
    await signIn(page, 'operator@demo.local');
    await page.waitForURL('**/v2/home');
    await page.goto('/v2/wmsbasic/shop');
    await expect.poll(() => page.getByText('Access denied').isVisible()).toBe(true);
    await context.close();
  });
});

describe('category tree', () => {
  test('a search narrows the tree to the matches and opens their ancestors', async () => {
    const { context, page } = await openAs('admin@demo.local', '/wmsbasic/categoryTree');
    const tree = page.getByTestId('category-tree');
    await expect.poll(() => tree.textContent()).toContain('Groceries');
    // Folded at first: only L1 shows.
    expect(await tree.textContent()).not.toContain('Smartphones');

    await page.getByLabel('Search categories').fill('android');
    await expect.poll(() => page.getByTestId('category-matches').textContent()).toBe('2 matching categories');
    // The ancestors open in the render after the match count settles: wait for the whole path.
    const path = ['Electronics', 'Mobile Phones', 'Smartphones', 'Android Phones', '5G Android Phones'];
    await expect.poll(async () => {
      const text = (await tree.textContent()) ?? '';
      return path.every((name) => text.includes(name)) && !text.includes('Groceries');
    }).toBe(true);

    await page.getByLabel('Search categories').fill('');
    await expect.poll(() => tree.textContent()).toContain('Groceries');
    await context.close();
  });
});
