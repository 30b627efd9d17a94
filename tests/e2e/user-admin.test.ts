import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, signIn } from './browser';

/**
 * User administration: the warehouse's User List, editing a user's role, a role's permissions, a
 * warehouse's users page with its filters, and the forced change of a temporary password.
 */
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

  test('a warehouse\'s users page filters like every list, for the warehouse of its path', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/v2/login?redirect_url=%2Fv2%2Fuser%2Fwarehouselist%2Fusers%2FIDJKT1');
    await signIn(page, 'admin@demo.local');
    await page.waitForURL('**/v2/user/warehouselist/users/IDJKT1');
    await expect.poll(() => rowOf(page, 'operator@demo.local').count()).toBe(1);
    // The demo departments show in their column, and the Department filter finds them.
    expect(await rowOf(page, 'operator@demo.local').textContent()).toContain('Outbound');
    await page.getByLabel('Department').first().fill('inventory');
    await page.getByLabel('Department').first().press('Enter');
    await expect.poll(() => table(page).locator('tbody tr').allTextContents()).toEqual([expect.stringContaining('supervisor@demo.local')]);
    // The warehouse is the page's, not part of the search.
    expect(new URL(page.url()).searchParams.get('whs_id')).toBeNull();
    expect(new URL(page.url()).searchParams.get('department_name')).toBe('inventory');
    await context.close();
  });

  test('a temporary password: the user must change it in a dialog that cannot be dismissed, then the app opens', async () => {
    // The administrator creates a BPO account; its temporary password is shown once.
    const admin = await newPage(browser);
    await admin.page.goto('/v2/login?redirect_url=%2Fv2%2Fwmsconfig%2Fuserlist');
    await signIn(admin.page, 'admin@demo.local');
    await admin.page.waitForURL('**/v2/wmsconfig/userlist');
    const email = `temp.${Date.now()}@agency.example`;
    await admin.page.getByRole('button', { name: 'Create BPO User' }).click();
    const create = admin.page.getByRole('dialog');
    await create.getByRole('textbox', { name: 'Email' }).fill(email);
    await create.getByRole('textbox', { name: 'Name', exact: true }).fill('Tia Temp');
    await chooseOption(admin.page, 'Role', 'Operator');
    await create.getByRole('button', { name: 'Confirm' }).click();
    const temporary = admin.page.getByTestId('temporary-password');
    await expect.poll(() => temporary.textContent()).toMatch(/^[A-Za-z0-9]{12}$/);
    const password = (await temporary.textContent())!;
    await admin.context.close();

    const { context, page } = await newPage(browser);
    await page.goto('/v2/login?redirect_url=%2Fv2%2Fhome');
    await signIn(page, email, password);
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.waitFor();
    await expect.poll(() => page.getByText('Your password was set by an administrator. Choose a new password to continue.').isVisible()).toBe(true);
    // Nothing of the app behind it, and no way around it.
    expect(await page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Cancel' }).count()).toBe(0);

    // The rules of spec §5 apply; then the change opens the app on the page asked for.
    await dialog.getByLabel('Current Password').fill(password);
    await dialog.getByLabel('New Password').fill(password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => dialog.getByText("The New Password can't equal Current Password").isVisible()).toBe(true);
    await dialog.getByLabel('New Password').fill('MyOwnPass9');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.waitFor();
    expect(await dialog.count()).toBe(0);
    expect(page.url()).toContain('/v2/home');
    await expect.poll(() => menu.getByText('Home', { exact: true }).isVisible()).toBe(true);
    await context.close();

    // The next sign-in uses the new password and goes straight in.
    const again = await newPage(browser);
    await again.page.goto('/v2/login');
    await signIn(again.page, email, 'MyOwnPass9');
    await again.page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    expect(await again.page.getByRole('dialog', { name: 'Change Password' }).count()).toBe(0);
    await again.context.close();
  });
});
