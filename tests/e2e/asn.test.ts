import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { openAt } from './asn-helpers';

/** ASNs in the browser (spec §2 /inbound/order/createasn, the ASN list and detail). */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('Create ASN', () => {
  test('an ASN with two lines and a box is created in a delivery slot, then shown in its detail and in the list', async () => {
    const { context, page } = await openAt(browser, 'admin@demo.local', 'SGSIN1', '/inbound/order');
    await page.getByRole('link', { name: 'Create ASN' }).click();
    await page.waitForURL('**/v2/inbound/order/createasn');
    const form = page.getByTestId('asn-create-form');
    await form.getByRole('combobox', { name: 'Supplier ID' }).click();
    await page.getByRole('option', { name: /^SUPSG0003 · / }).click();
    const po = `PO-E2E-${Date.now().toString(36)}`;
    await form.getByLabel('PO No.').fill(po);
    await form.getByLabel('Expected Cartons').fill('2');
    const box = `E2E-${Date.now().toString(36)}`;
    await form.getByLabel('Tracking IDs (one per carton)').fill(box);
    await form.getByLabel('Tracking IDs (one per carton)').press('Enter');
    // Tomorrow is chosen already; the afternoon shift says what it can still take.
    await expect.poll(() => page.getByTestId('asn-slot').getByText(/units, .* cartons left/).count()).toBeGreaterThan(0);
    await page.getByRole('radio', { name: /Afternoon/ }).check();

    const line = (n: number) => page.getByTestId(`asn-line-${n}`);
    await line(1).getByRole('combobox', { name: 'SKU of line 1' }).fill('SGSKU00041');
    await page.getByRole('option', { name: /^SGSKU00041 · / }).click();
    await line(1).getByLabel('Expected Qty of line 1').fill('24');
    await page.getByRole('button', { name: 'Add Line' }).click();
    await line(2).getByRole('combobox', { name: 'SKU of line 2' }).fill('SGSKU00042');
    await page.getByRole('option', { name: /^SGSKU00042 · / }).click();
    await line(2).getByLabel('Expected Qty of line 2').fill('12');
    await line(2).getByLabel('Lot of line 2').fill('LOT-E2E');

    const confirm = page.getByRole('button', { name: 'Confirm' });
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await confirm.click();
    await page.waitForURL(/\/v2\/inbound\/order\/detail\/ASN\d{12}$/);
    const asnNo = decodeURIComponent(page.url().split('/').at(-1)!);

    const header = page.getByTestId('asn-header');
    await expect.poll(() => header.textContent()).toContain('Pending');
    expect(await header.textContent()).toContain(po);
    expect(await header.textContent()).toContain('SUPSG0003');
    const lines = page.getByTestId('asn-lines');
    expect(await lines.locator('tbody tr').count()).toBe(2);
    expect(await lines.textContent()).toContain('LOT-E2E');
    expect(await page.getByTestId('asn-tracking-ids').textContent()).toContain(box);
    expect(await page.getByTestId('asn-history').textContent()).toContain('Pending');

    await page.goto(`/v2/inbound/order?asn_no=${asnNo}`);
    const table = page.getByTestId('resource-table');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    const row = await table.locator('tbody tr').first().textContent();
    expect(row).toContain(asnNo);
    expect(row).toContain('36');
    await table.getByRole('link', { name: asnNo }).click();
    await page.waitForURL(`**/v2/inbound/order/detail/${asnNo}`);
    await context.close();
  });

  test('cancelling from the detail needs a reason and shows the ASN cancelled', async () => {
    const { context, page } = await openAt(browser, 'admin@demo.local', 'SGSIN1', '/inbound/order/detail/ASNSGDEMO03');
    await page.getByRole('button', { name: 'Cancel ASN' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('Return withdrawn by the buyer');
    await dialog.getByRole('button', { name: 'Cancel ASN' }).click();
    await expect.poll(() => page.getByTestId('asn-header').textContent()).toContain('Cancelled');
    expect(await page.getByTestId('asn-history').textContent()).toContain('Return withdrawn by the buyer');
    await expect.poll(() => page.getByRole('button', { name: 'Cancel ASN' }).count()).toBe(0);
    await context.close();
  });
});
