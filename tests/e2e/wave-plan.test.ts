import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { api, openAt } from './asn-helpers';

/**
 * The Wave Plan at PC size (spec §2 /salesoutbound/waveplan): a priority single-item order of a
 * marketplace shop shows in the preview of the demo's rule stepping through its wave group, Run Now releases it, and its
 * wave opens from the run's answer.
 */
const WHS = 'SGSIN1';
const RULE = 'All shops: priority singles first, then the rest';
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('wave plan', () => {
  test('the plan previews an order, Run Now releases it and opens its wave', async () => {
    const { context, page } = await openAt(browser, 'admin@demo.local', WHS, '/salesoutbound/order');
    const { list: shops } = await api<{ list: { shop_id: string }[] }>(page, 'GET', '/apps/basic/shop/search_shop', { group_id: 'GRP-MALL', page_size: '20' }, WHS);
    const { list: stock } = await api<{ list: { sku_id: string; available_qty: number }[] }>(
      page, 'GET', '/apps/process/inventory/inventorymap/search_available_inventory', { page_size: '100' }, WHS,
    );
    const skuId = stock.find((row) => row.available_qty >= 1)!.sku_id;
    const { order } = await api<{ order: { order_no: string } }>(page, 'POST', '/apps/process/outbound/salesorder/create_sales_order', {
      external_no: `E2E-WP-${Date.now().toString(36)}`, shop_id: shops[0]!.shop_id, priority: 3, lines: [{ sku_id: skuId, qty: 1 }],
    }, WHS);

    await page.goto('/v2/salesoutbound/waveplan');
    const card = page.locator('[data-testid^="wave-plan-rule-"]').filter({ hasText: RULE });
    await expect.poll(() => card.getByTestId('wave-plan-waves').textContent(), { timeout: 15_000 }).toContain(order.order_no);
    await page.screenshot({ path: 'test-results/wave-plan.png', fullPage: true });

    await card.getByRole('button', { name: 'Run Now' }).click();
    const result = card.getByTestId('auto-wave-run-result');
    await expect.poll(() => result.getByRole('link').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const detail = await api<{ order: { wave_no: string | null } }>(page, 'GET', '/apps/process/outbound/salesorder/get_sales_order_detail', { order_no: order.order_no }, WHS);
    expect(detail.order.wave_no).not.toBeNull();
    await result.getByRole('link', { name: detail.order.wave_no! }).click();
    await page.waitForURL(/\/v2\/salesoutbound\/waveLog\/detail\//);
    await expect.poll(() => page.locator('main').textContent(), { timeout: 15_000 }).toContain(order.order_no);
    await context.close();
  });
});
