import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { api, openAt } from './asn-helpers';
import { CYCLE_COUNT_CREATION_STATUS } from '../../src/shared/codes';

/**
 * The full stock count switch in the sidebar (spec §2, §4) and the cc ↔ fsc redirects at PC size.
 * In THBKK1, a warehouse no other browser test works in: a running count freezes its stock.
 */
const WHS = 'THBKK1';
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(os.tmpdir(), `tally-fsc-${name}.png`) });
const fscSwitch = (page: Page) => page.getByRole('switch', { name: 'Full Stock Count' });
/** Moves the switch as a user does: a click on its label. */
const flip = async (page: Page) => {
  expect(await fscSwitch(page).isEnabled(), 'the switch can be moved').toBe(true);
  await page.locator('label', { hasText: /^Full Stock Count$/ }).click();
};
const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root', { hasText: text });

describe('full stock count', () => {
  test('an administrator starts it with the sidebar switch (its order over every cell), cc pages then open the fsc orders; ending it makes the adjustment task of what was not counted and sends fsc pages back', async () => {
    const { context, page } = await openAt(browser, 'admin@demo.local', WHS, '/home');
    const home = await api<{ whs_id: string }>(page, 'GET', '/apps/system/user/get_login_info');
    expect(home.whs_id).toBe(WHS);
    await expect.poll(() => fscSwitch(page).isChecked()).toBe(false);
    await shot(page, 'home');

    // Start: one confirmation.
    await flip(page);
    const start = page.getByRole('dialog', { name: 'Start Full Stock Count' });
    await start.waitFor();
    await expect.poll(() => start.textContent()).toContain('Switch to full stock count mode?');
    await shot(page, 'start-confirm');
    await start.getByRole('button', { name: 'Confirm' }).click();
    const started = toast(page, 'Full Stock Count Start');
    await started.waitFor();
    // The count's own order over every active cell, named in the toast.
    const orderNo = /Order (CC\d+) counts every active location/.exec((await started.textContent()) ?? '')?.[1];
    expect(orderNo, 'the toast names the order').toBeTruthy();
    await expect.poll(() => fscSwitch(page).isChecked()).toBe(true);
    await shot(page, 'running');

    // A cycle count page opens the full stock count orders and says why (built or not, the redirect holds).
    await page.goto('/v2/inventorymanage/cc/ccorder');
    await page.waitForURL('**/v2/inventorymanage/fsc/fscorder');
    await toast(page, 'Full Stock Count already start').waitFor();
    await page.getByRole('row', { name: new RegExp(orderNo!) }).waitFor();
    await shot(page, 'cc-redirected');
    // Built in the background when large: the end closes a built order.
    await expect.poll(async () => (await api<{ creation_status: number }>(page, 'GET', '/apps/process/inventory/cyclecount/ccorder/get_cc_order_detail', { order_no: orderNo }, WHS)).creation_status,
      { timeout: 60_000 }).toBe(CYCLE_COUNT_CREATION_STATUS.values.SUCCESS);

    // End: the alert first, then the confirmation.
    await page.goto('/v2/home');
    await expect.poll(() => fscSwitch(page).isChecked()).toBe(true);
    await flip(page);
    const alert = page.getByRole('dialog', { name: 'End Full Stock Count' });
    await alert.waitFor();
    await expect.poll(() => alert.textContent()).toContain('SKUs in the AV area that were not counted are treated as missing, and an inventory adjustment task is created');
    await shot(page, 'end-alert');
    await alert.getByRole('button', { name: 'OK' }).click();
    const confirm = page.getByRole('dialog', { name: 'End Full Stock Count' });
    await expect.poll(() => confirm.textContent()).toContain('Switch to normal cycle count mode?');
    await shot(page, 'end-confirm');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    const ended = toast(page, 'Full Stock Count End');
    await ended.waitFor();
    await expect.poll(() => fscSwitch(page).isChecked()).toBe(false);
    // Nothing was counted: the stock of every cell waits on one adjustment task for approval.
    const adjustNo = /adjustment (ADJ\d+), pending approval/.exec((await ended.textContent()) ?? '')?.[1];
    expect(adjustNo, 'the toast names the adjustment').toBeTruthy();
    await page.goto('/v2/inventorymanage/adjust');
    const adjustment = page.getByRole('row', { name: new RegExp(adjustNo!) });
    await adjustment.waitFor();
    expect(await adjustment.textContent()).toContain('Pending');
    await shot(page, 'adjustment-task');

    await page.goto('/v2/inventorymanage/fsc/fscorder');
    await page.waitForURL('**/v2/inventorymanage/cc/ccorder');
    await toast(page, 'Full Stock Count already end').waitFor();
    await shot(page, 'fsc-redirected');
    // The account's next sign-in opens its usual warehouse again.
    await api(page, 'POST', '/apps/system/user/switch_user_setting', { type: 'whs', value: 'SGSIN1' }, WHS);
    await context.close();
  }, 180_000);
});
