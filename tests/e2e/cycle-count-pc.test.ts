import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { inWarehouse, launchBrowser, newPage, signIn } from './browser';

/**
 * Cycle count on the PC (spec §2 /inventorymanage/cc/ccorder create and view): a location order over
 * one zone made on the create page, found in the order list and opened with its tasks.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WHS = 'SGSIN1';
const ZONE = 'A01';

test('a location order over one zone is made on the create page, listed, and opened with its tasks', async () => {
  const { context, page } = await newPage(browser);
  const create = '/inventorymanage/cc/ccorder/create';
  await page.goto(`/v2/login?redirect_url=${encodeURIComponent(`/v2${create}`)}`);
  await signIn(page, 'admin@demo.local');
  await page.waitForURL(`**/v2${create}`);
  await inWarehouse(page, WHS);

  // Location kind, customized scope (the page's defaults), one zone of the tree.
  await page.getByRole('checkbox', { name: new RegExp(`^${ZONE} `) }).check();
  await page.getByTestId('cc-search').click();
  const totals = page.getByTestId('cc-totals');
  await expect.poll(() => totals.textContent(), { timeout: 30_000 }).toMatch(/Within the limit/);
  const locations = Number((await totals.textContent())?.match(/Locations: ([\d,]+)/)?.[1]?.replace(/,/g, ''));
  expect(locations).toBeGreaterThan(0);
  // Every line shown is of the zone (the candidate page is its own call: it may come after the totals).
  const zoneCells = page.getByTestId('cc-candidates').locator('tbody tr td:nth-child(2)');
  await expect.poll(() => zoneCells.count(), { timeout: 30_000 }).toBeGreaterThan(0);
  const zones = await zoneCells.allTextContents();
  expect(new Set(zones)).toEqual(new Set([ZONE]));

  await page.getByTestId('cc-create').click();
  await page.waitForURL('**/v2/inventorymanage/cc/ccorder/view?order_no=*', { timeout: 30_000 });
  const orderNo = new URL(page.url()).searchParams.get('order_no')!;
  expect(orderNo).not.toBe('');
  const facts = page.getByTestId('cc-order-facts');
  await expect.poll(() => facts.textContent(), { timeout: 30_000 }).toContain('Success');
  expect(await facts.textContent()).toContain('Location');

  await page.getByRole('tab', { name: 'Tasks' }).click();
  const tasks = page.getByTestId('cc-order-tasks').locator('tbody tr');
  await expect.poll(() => tasks.count(), { timeout: 30_000 }).toBeGreaterThan(0);
  const taskZones = await page.getByTestId('cc-order-tasks').locator('tbody tr td:nth-child(4)').allTextContents();
  expect(new Set(taskZones)).toEqual(new Set([ZONE]));
  // A task opens its detail with its locations.
  const firstTask = (await tasks.first().locator('td').first().textContent())!.trim();
  await page.getByRole('link', { name: firstTask }).click();
  await page.waitForURL(`**/v2/inventorymanage/cc/cctask/${firstTask}`);
  await expect.poll(() => page.getByTestId('cc-task-locations').locator('tbody tr').count()).toBeGreaterThan(0);

  // The order list shows it.
  await page.goto('/v2/inventorymanage/cc/ccorder');
  await expect.poll(() => page.getByTestId('resource-table').textContent(), { timeout: 30_000 }).toContain(orderNo);
  await context.close();
});
