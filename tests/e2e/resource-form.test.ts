import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, signIn } from './browser';

/** The admin kit's create/edit/detail form (spec §2, §5), on the warehouse pages. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openWarehouses(email: string) {
  const { context, page } = await newPage(browser);
  await page.goto('/v2/login?redirect_url=%2Fv2%2Fwmsbasic%2Fwarehouse');
  await signIn(page, email);
  await page.waitForURL('**/v2/wmsbasic/warehouse');
  return { context, page };
}

const form = (page: Page) => page.getByTestId('resource-form');
const confirm = (page: Page) => form(page).getByRole('button', { name: 'Confirm' });
const item = (page: Page, prop: string) => form(page).locator(`[data-field="${prop}"]`);
/** A fresh id per run: the e2e database outlives one test. */
const uniqueId = (country: string) => `${country}E2E${Date.now().toString(36).toUpperCase().slice(-5)}`;

describe('resource form (warehouse)', () => {
  test('create: messages on blur, Confirm disabled until the required items are filled, then the detail shows it', async () => {
    const { context, page } = await openWarehouses('admin@demo.local');
    // The list is exportable like every registered resource's.
    await expect.poll(() => page.getByRole('button', { name: 'Export' }).count()).toBe(1);
    await page.getByRole('link', { name: 'Create Warehouse' }).click();
    await page.waitForURL('**/v2/wmsbasic/warehouse/create');
    await expect.poll(() => form(page).isVisible()).toBe(true);
    // Read-only fields (derived country, RMS flag, create time) are not on a Create form.
    expect(await item(page, 'country').count()).toBe(0);
    expect(await item(page, 'created_at').count()).toBe(0);
    expect(await confirm(page).isDisabled()).toBe(true);

    // Leaving an empty required item says what it needs; blanks do not count.
    await page.getByLabel('Warehouse ID').click();
    await page.getByLabel('Warehouse Name').fill('   ');
    await page.getByLabel('Warehouse No.').click();
    await expect.poll(() => item(page, 'whs_id').textContent()).toContain('Please Input Warehouse ID');
    await expect.poll(() => item(page, 'whs_name').textContent()).toContain('Please Input Warehouse Name');

    // The id names the country: the time zone follows it (its first zone is the default).
    const id = uniqueId('MY');
    await page.getByLabel('Warehouse ID').fill(id.toLowerCase());
    await expect.poll(() => page.getByRole('combobox', { name: /^Time Region/ }).inputValue()).toBe('Asia/Kuala_Lumpur');
    await expect.poll(() => item(page, 'whs_id').textContent()).not.toContain('Please Input');
    expect(await confirm(page).isDisabled()).toBe(true);

    await page.getByLabel('Warehouse Name').fill('  E2E Penang Hub  ');
    await expect.poll(() => confirm(page).isDisabled()).toBe(false);
    // ASN quota mode starts at 0 (Separated): 0 counts as filled.
    expect(await page.getByRole('combobox', { name: /^ASN Quota Mode/ }).inputValue()).toBe('Separated');
    await page.getByRole('combobox', { name: /^Time Region/ }).click();
    await page.getByRole('option', { name: 'Asia/Kuching' }).click();

    await confirm(page).click();
    await page.waitForURL(`**/v2/wmsbasic/warehouse/detail?whs_id=${id}`);
    const detail = page.getByTestId('resource-detail');
    await expect.poll(() => detail.textContent()).toContain('E2E Penang Hub');
    expect(await detail.locator('[data-field="whs_id"]').textContent()).toContain(id);
    expect(await detail.locator('[data-field="country"]').textContent()).toContain('MY');
    expect(await detail.locator('[data-field="time_region"]').textContent()).toContain('Asia/Kuching');
    expect(await detail.locator('[data-field="is_rms"]').textContent()).toContain('No');
    expect(await detail.locator('[data-field="created_at"]').textContent()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    // Detail has no Confirm or Cancel.
    expect(await page.getByRole('button', { name: 'Confirm' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    await context.close();
  });

  test('a refusal keeps the page and its values and shows the server message; edit changes only what changed', async () => {
    const { context, page } = await openWarehouses('admin@demo.local');
    await page.goto('/v2/wmsbasic/warehouse/create');
    await expect.poll(() => form(page).isVisible()).toBe(true);
    await page.getByLabel('Warehouse ID').fill('SGSIN1');
    await page.getByLabel('Warehouse Name').fill('Impostor');
    await confirm(page).click();
    await expect.poll(() => page.getByText('warehouse SGSIN1 already exists.').first().isVisible()).toBe(true);
    expect(page.url()).toContain('/wmsbasic/warehouse/create');
    expect(await page.getByLabel('Warehouse Name').inputValue()).toBe('Impostor');

    // Edit: the key is shown but cannot change; a save opens the detail.
    const id = uniqueId('TH');
    await page.getByLabel('Warehouse ID').fill(id);
    await confirm(page).click();
    await page.waitForURL(`**/v2/wmsbasic/warehouse/detail?whs_id=${id}`);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL(`**/v2/wmsbasic/warehouse/edit?whs_id=${id}`);
    await expect.poll(() => page.getByLabel('Warehouse Name').inputValue()).toBe('Impostor');
    expect(await page.getByLabel('Warehouse ID').isDisabled()).toBe(true);
    await page.getByLabel('Warehouse Name').fill('Bangkok East');
    await page.getByRole('combobox', { name: /^ASN Quota Mode/ }).click();
    await page.getByRole('option', { name: 'Integrated' }).click();
    await confirm(page).click();
    await page.waitForURL(`**/v2/wmsbasic/warehouse/detail?whs_id=${id}`);
    await expect.poll(() => page.getByTestId('resource-detail').textContent()).toContain('Bangkok East');
    expect(await page.getByTestId('resource-detail').locator('[data-field="quota_mode"]').textContent()).toContain('Integrated');
    await context.close();
  });

  test('a required select left empty says "Please Select {label}" once left; choosing clears it', async () => {
    // The shop's merchant: a select of the warehouse's active merchants, required.
    const { context, page } = await newPage(browser);
    await page.goto('/v2/login?redirect_url=%2Fv2%2Fwmsbasic%2Fshop%2Fcreate');
    await signIn(page, 'admin@demo.local');
    await page.waitForURL('**/v2/wmsbasic/shop/create');
    await expect.poll(() => form(page).isVisible()).toBe(true);
    const merchant = page.getByRole('combobox', { name: 'Merchant ID' });
    await merchant.click();
    expect(await item(page, 'merchant_id').textContent()).not.toContain('Please Select');
    await page.getByLabel('Shop Name').click();
    await expect.poll(() => item(page, 'merchant_id').textContent()).toContain('Please Select Merchant ID');
    // Text items ask to input, selects to select.
    await merchant.click();
    await expect.poll(() => item(page, 'shop_name').textContent()).toContain('Please Input Shop Name');

    await merchant.fill('everyday');
    await page.getByRole('option', { name: /Everyday Mart$/ }).click();
    await expect.poll(() => item(page, 'merchant_id').textContent()).not.toContain('Please Select');
    expect(await confirm(page).isDisabled()).toBe(true);
    await context.close();
  });

  test('an operator has no Create button and cannot open the create page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/v2/login?redirect_url=%2Fv2%2Fwmsbasic%2Fwarehouse%2Fcreate');
    await signIn(page, 'operator@demo.local');
    await page.waitForURL('**/v2/403');
    await context.close();
  });
});
