import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { openAt, stockedSku } from './asn-helpers';

/**
 * The office side of sales outbound at PC size (spec §2 /salesoutbound/order/create, order/detail,
 * manualWave, waveLog detail, task/picking detail): an order typed on screen is released in a
 * manual wave, and the wave, its picking task and the task's line are shown where a supervisor
 * looks for them.
 */
const WHS = 'SGSIN1';
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('sales outbound on the office screens', () => {
  test('an order created on screen is released in a manual wave; the wave lists its task, the task its line', async () => {
    const { context, page } = await openAt(browser, 'admin@demo.local', WHS, '/salesoutbound/order');
    const skuId = await stockedSku(page, WHS, 2);
    await page.getByRole('link', { name: 'Create Sales Order' }).click();
    await page.waitForURL('**/v2/salesoutbound/order/create');

    // A SKU the warehouse does not have is refused on its line, and nothing is made.
    const externalNo = `E2E-SO-${Date.now().toString(36)}`;
    const form = page.getByTestId('sales-order-create-form');
    await form.getByLabel('External Order No.').fill(externalNo);
    const line = page.getByTestId('order-line-1');
    await line.getByLabel('SKU ID of line 1').fill('NO-SUCH-SKU');
    await line.getByLabel('Qty of line 1').fill('2');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => line.textContent()).toContain('is not a SKU of warehouse');
    expect(await line.getByLabel('SKU ID of line 1').getAttribute('aria-invalid')).toBe('true');

    await line.getByLabel('SKU ID of line 1').fill(skuId);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/v2\/salesoutbound\/order\/detail\/[^/]+$/);
    const orderNo = decodeURIComponent(page.url().split('/').at(-1)!);
    await expect.poll(() => page.getByTestId('order-header').textContent()).toContain(externalNo);
    const orderLines = page.getByTestId('order-lines');
    expect(await orderLines.locator('tbody tr').count()).toBe(1);
    expect(await orderLines.textContent()).toContain(skuId);
    expect(await page.getByTestId('order-log').textContent()).toContain('Created');
    await page.screenshot({ path: 'test-results/outbound-order-detail.png', fullPage: true });

    // Chosen on the order list, Create Wave opens Manual Wave with it; released, the answer names the wave and its task.
    await page.goto(`/v2/salesoutbound/order?order_no=${encodeURIComponent(orderNo)}`);
    const listed = page.getByTestId('resource-table');
    await expect.poll(() => listed.locator('tbody tr').count()).toBe(1);
    await listed.getByRole('checkbox', { name: `Choose ${orderNo}` }).check();
    await expect.poll(() => page.getByTestId('order-bulk-actions').textContent()).toContain('Chosen: 1');
    await page.screenshot({ path: 'test-results/outbound-order-list.png' });
    await page.getByRole('button', { name: 'Create Wave' }).click();
    await page.waitForURL(/\/v2\/salesoutbound\/manualWave\?order_nos=/);
    await expect.poll(() => page.getByTestId('wave-chosen-count').textContent()).toContain('Chosen: 1');
    await page.getByRole('button', { name: 'Release' }).click();
    const result = page.getByTestId('wave-result');
    await expect.poll(() => result.count()).toBe(1);
    const taskNos = await page.getByTestId('wave-result-tasks').getByRole('link').allTextContents();
    expect(taskNos).toHaveLength(1);
    await page.screenshot({ path: 'test-results/outbound-manual-wave.png', fullPage: true });

    // The wave's detail lists the order and the task; the task's detail lists the order's line.
    await result.getByRole('link').first().click();
    await page.waitForURL(/\/v2\/salesoutbound\/waveLog\/detail\/[^/]+\/is_manual_wave=1$/);
    await expect.poll(() => page.getByTestId('wave-orders').textContent()).toContain(orderNo);
    const waveTasks = page.getByTestId('wave-tasks');
    expect(await waveTasks.textContent()).toContain(taskNos[0]);
    await page.screenshot({ path: 'test-results/outbound-wave-detail.png', fullPage: true });
    await waveTasks.getByRole('link', { name: taskNos[0] }).click();
    await page.waitForURL(`**/v2/salesoutbound/task/picking/detail/${taskNos[0]}`);
    const taskLines = page.getByTestId('task-lines');
    await expect.poll(() => taskLines.locator('tbody tr').count()).toBe(1);
    const taskLine = await taskLines.locator('tbody tr').first().textContent();
    expect(taskLine).toContain(skuId);
    expect(taskLine).toContain(orderNo);
    await page.screenshot({ path: 'test-results/outbound-task-detail.png', fullPage: true });

    // The order is picking now, in the wave.
    await page.goto(`/v2/salesoutbound/order/detail/${encodeURIComponent(orderNo)}`);
    await expect.poll(() => page.getByTestId('order-header').textContent()).toContain('Picking');
    expect(await page.getByTestId('order-tasks').textContent()).toContain(taskNos[0]);

    // Cancelled before anything was picked (a reason is required): its reservation is released, the log says why.
    await page.getByRole('button', { name: 'Cancel Order' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Cancel Order' }).click();
    await expect.poll(() => dialog.textContent()).toContain('Please Input Reason');
    await dialog.getByLabel('Reason').fill('Buyer cancelled in the shop');
    await dialog.getByRole('button', { name: 'Cancel Order' }).click();
    await expect.poll(() => page.getByTestId('order-header').textContent()).toContain('Cancel');
    expect(await page.getByTestId('order-log').textContent()).toContain('Buyer cancelled in the shop');
    // The allocation's 2 units are released unpicked: its Cancelled cell (the 10th) says 2.
    expect(await page.getByTestId('order-allocations').locator('tbody tr').first().locator('td').nth(9).textContent()).toBe('2');
    await expect.poll(() => page.getByRole('button', { name: 'Cancel Order' }).count()).toBe(0);
    await context.close();
  });
});
