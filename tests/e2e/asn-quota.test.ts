import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { openAt } from './asn-helpers';

/** The ASN quota mode switch (spec §4): afterwards the stored mode flips and the quota edit page goes to the list. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('ASN quota mode', () => {
  test('switching to integrated from the configuration page lands on the quota list in the new mode; and back', async () => {
    // MYKUL1: no other browser test books its slots.
    const { context, page } = await openAt(browser, 'admin@demo.local', 'MYKUL1', '/rulecenter/quotaConfig/asnQuotaConfiguration/1');
    // The path names a mode the warehouse is not in: the switch to it is offered.
    const dialog = page.getByRole('dialog', { name: 'Switch ASN quota mode' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Switch to Integrated quotas?');
    await dialog.getByTestId('quota-mode-confirm').click();
    await page.waitForURL('**/v2/rulecenter/quotaConfig/asnQuotaList');
    await expect.poll(() => page.getByTestId('quota-mode').textContent()).toBe('Integrated');
    await expect.poll(() => page.getByTestId('quota-plans').textContent()).toContain('All inbound types');

    await page.getByTestId('quota-configuration-link').click();
    await page.waitForURL('**/v2/rulecenter/quotaConfig/asnQuotaConfiguration');
    await expect.poll(() => page.getByTestId('quota-defaults').textContent()).toContain('All inbound types');
    await page.getByTestId('quota-mode-switch').getByText('Separated').click();
    await page.getByTestId('quota-mode-confirm').click();
    await page.waitForURL('**/v2/rulecenter/quotaConfig/asnQuotaList');
    await expect.poll(() => page.getByTestId('quota-mode').textContent()).toBe('Separated');
    await expect.poll(() => page.getByTestId('quota-plans').textContent()).toContain('Purchase');
    await context.close();
  });
});
