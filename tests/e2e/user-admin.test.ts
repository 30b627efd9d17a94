import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, signIn } from './browser';

/** User administration: the warehouse's User List, editing a user's role, and a role's permissions. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const table = (page: Page) => page.getByTestId('resource-table');
const rowOf = (page: Page, text: string) => table(page).locator('tbody tr', { hasText: text });

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('user administration', () => {
  test('admin creates a BPO user, changes their role in the User List, and the role detail shows its permissions', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/v2/login?redirect_url=%2Fv2%2Fwmsconfig%2Fuserlist');
    await signIn(page, 'admin@demo.local');
    await page.waitForURL('**/v2/wmsconfig/userlist');
    await expect.poll(() => rowOf(page, 'operator@demo.local').count()).toBe(1);

    // A user of its own (unique per run), so the demo accounts stay as they are.
    const email = `bpo.${Date.now()}@agency.example`;
    await page.getByRole('button', { name: 'Create BPO User' }).click();
    const create = page.getByRole('dialog');
    await create.getByRole('textbox', { name: 'Email' }).fill(email);
    await create.getByRole('textbox', { name: 'Name', exact: true }).fill('Bea Picker');
    await chooseOption(page, 'Role', 'Operator');
    await create.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByTestId('temporary-password').textContent()).toMatch(/^[A-Za-z0-9]{12}$/);
    await page.getByRole('button', { name: 'Close' }).click();

    await page.getByLabel('Email').first().fill(email);
    await page.getByLabel('Email').first().press('Enter');
    await expect.poll(() => rowOf(page, email).textContent()).toContain('Operator');
    await rowOf(page, email).getByRole('button', { name: 'Edit' }).click();
    await chooseOption(page, 'Role', 'Supervisor');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => rowOf(page, email).textContent()).toContain('Supervisor');

    await page.goto('/v2/wmsconfig/rolelist');
    await rowOf(page, 'Operator').getByRole('link', { name: 'Detail' }).click();
    await page.waitForURL('**/v2/wmsconfig/roledetail?role_id=*');
    await expect.poll(() => page.getByRole('textbox', { name: 'Role Name' }).inputValue()).toBe('Operator');
    await expect.poll(async () => Number((await page.getByTestId('role-permission-count').textContent())?.match(/^\d+/)?.[0] ?? 0)).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('tree', { name: 'Permission tree' }).isVisible()).toBe(true);
    await context.close();
  });
});
