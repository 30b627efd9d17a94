import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chooseOption, launchBrowser, newPage, signIn } from './browser';

/**
 * User administration: the warehouse's User List with the kit's forms (Create BPO User, Edit User),
 * its access log and export, a role's permissions, a warehouse's users page with its filters, the
 * forbidden page without the permission, and the forced change of a temporary password.
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

/** An item of the dialog's form by its field. */
const itemOf = (page: Page, prop: string) => page.getByRole('dialog').locator(`[data-field="${prop}"]`);
const confirmOf = (page: Page) => page.getByRole('dialog').getByRole('button', { name: 'Confirm' });

/** The User List, signed in as the demo admin. */
async function openUserList() {
  const { context, page } = await newPage(browser);
  await page.goto('/v2/login?redirect_url=%2Fv2%2Fwmsconfig%2Fuserlist');
  await signIn(page, 'admin@demo.local');
  await page.waitForURL('**/v2/wmsconfig/userlist');
  await expect.poll(() => rowOf(page, 'operator@demo.local').count()).toBe(1);
  return { context, page };
}

/** Creates a BPO account through the User List's form and answers its temporary password (shown once). */
async function createBpoUser(page: Page, email: string, name: string): Promise<string> {
  await page.getByRole('button', { name: 'Create BPO User' }).click();
  const create = page.getByRole('dialog');
  await create.getByRole('textbox', { name: 'Email' }).fill(email);
  await create.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await chooseOption(page.getByRole('dialog'), /^Role/, 'Operator', { exact: true });
  await confirmOf(page).click();
  const temporary = page.getByTestId('temporary-password');
  await expect.poll(() => temporary.textContent()).toMatch(/^[A-Za-z0-9]{12}$/);
  const password = (await temporary.textContent())!;
  await page.getByRole('button', { name: 'Close' }).click();
  return password;
}

/** Filters the list by email. */
async function searchEmail(page: Page, email: string) {
  await page.getByLabel('Email').first().fill(email);
  await page.getByLabel('Email').first().press('Enter');
  await expect.poll(() => table(page).locator('tbody tr').count()).toBe(1);
}

describe('user administration', () => {
  test('Create BPO User is the kit\'s form: messages on blur, Confirm disabled until filled, the email checked when left', async () => {
    const { context, page } = await openUserList();
    // A user of its own (unique per run), so the demo accounts stay as they are.
    const email = `bpo.${Date.now()}@agency.example`;
    await page.getByRole('button', { name: 'Create BPO User' }).click();
    const create = page.getByRole('dialog');
    await expect.poll(() => confirmOf(page).isDisabled()).toBe(true);
    // Spec §5: leaving an empty required item says what it needs; Confirm waits for all of them.
    await create.getByRole('textbox', { name: 'Email' }).click();
    await create.getByRole('textbox', { name: 'Name', exact: true }).click();
    await create.getByRole('combobox', { name: /^Role/ }).click();
    await create.getByRole('textbox', { name: 'Local Name' }).click();
    await expect.poll(() => itemOf(page, 'email').textContent()).toContain('Please Input Email');
    await expect.poll(() => itemOf(page, 'display_name').textContent()).toContain('Please Input Name');
    await expect.poll(() => itemOf(page, 'role_id').textContent()).toContain('Please Select Role');
    // An email a member of this warehouse has is said once left (search_email).
    await create.getByRole('textbox', { name: 'Email' }).fill('Operator@Demo.local');
    await create.getByRole('textbox', { name: 'Name', exact: true }).click();
    await expect.poll(() => itemOf(page, 'email').textContent()).toContain('A member of this warehouse already has this email.');
    await create.getByRole('textbox', { name: 'Email' }).fill(email);
    await create.getByRole('textbox', { name: 'Name', exact: true }).fill('  Bea Picker  ');
    expect(await confirmOf(page).isDisabled()).toBe(true);
    await chooseOption(page.getByRole('dialog'), /^Role/, 'Operator', { exact: true });
    // Employment type starts as Contract (outsourced staff); the department is one of the warehouse's.
    expect(await create.getByRole('combobox', { name: /^Employment Type/ }).inputValue()).toBe('Contract');
    await chooseOption(page.getByRole('dialog'), /^Department/, 'Outbound', { exact: true });
    await expect.poll(() => confirmOf(page).isDisabled()).toBe(false);
    expect(await itemOf(page, 'email').textContent()).not.toContain('Please Input');
    await confirmOf(page).click();
    await expect.poll(() => page.getByTestId('temporary-password').textContent()).toMatch(/^[A-Za-z0-9]{12}$/);
    await page.getByRole('button', { name: 'Close' }).click();

    // The values trimmed, the department and employment as chosen.
    await searchEmail(page, email);
    const row = await rowOf(page, email).textContent();
    expect(row).toContain('Bea Picker');
    expect(row).toContain('BPO');
    expect(row).toContain('Outbound');
    await context.close();
  });

  test('Edit User: the role changes; a status change asks for its reason, which the access log then shows', async () => {
    const { context, page } = await openUserList();
    const email = `edit.${Date.now()}@agency.example`;
    await createBpoUser(page, email, 'Ed Itor');
    await searchEmail(page, email);

    await rowOf(page, email).getByRole('button', { name: 'Edit' }).click();
    // The email is not the form's to change.
    expect(await page.getByRole('dialog').getByRole('textbox', { name: 'Email' }).isDisabled()).toBe(true);
    await chooseOption(page.getByRole('dialog'), /^Role/, 'Supervisor', { exact: true });
    expect(await itemOf(page, 'reason').count()).toBe(0);
    await chooseOption(page.getByRole('dialog'), /^Status/, 'Leave of Absence', { exact: true });
    await expect.poll(() => itemOf(page, 'reason').count()).toBe(1);
    expect(await confirmOf(page).isDisabled()).toBe(true);
    await page.getByRole('dialog').getByRole('textbox', { name: 'Reason' }).fill('Parental leave');
    await expect.poll(() => confirmOf(page).isDisabled()).toBe(false);
    await confirmOf(page).click();
    await expect.poll(() => rowOf(page, email).textContent()).toContain('Supervisor');
    expect(await rowOf(page, email).textContent()).toContain('Leave of Absence');

    // Its access log (search_access_status_log), in a drawer over the list.
    await rowOf(page, email).getByRole('button', { name: 'Access Log' }).click();
    const log = page.getByTestId('access-status-log');
    await expect.poll(() => log.locator('tbody tr').count()).toBe(1);
    expect(await log.textContent()).toContain('Parental leave');
    expect(await log.textContent()).toContain('admin@demo.local');
    await context.close();
  });

  test('the User List as it is filtered is exported and downloaded from the Report Center', async () => {
    const { context, page } = await openUserList();
    await page.getByLabel('Email').first().fill('demo.local');
    await page.getByLabel('Email').first().press('Enter');
    await expect.poll(() => table(page).locator('tbody tr').count()).toBe(3);
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'CSV' }).click();
    await page.getByRole('link', { name: 'Open Report Center' }).last().click();
    await page.waitForURL('**/v2/reportcenter/reportcenter');
    // The Report Center's list: the newest task of this list's file first.
    const task = table(page).locator('tbody tr', { hasText: /staff_list_.*\.csv/ }).first();
    await expect.poll(() => task.getByTestId('export-status').textContent(), { timeout: 30_000 }).toBe('Done');
    const [download] = await Promise.all([page.waitForEvent('download'), task.getByRole('link', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^staff_list_.*\.csv$/);
    const lines = new TextDecoder().decode(await readFile((await download.path())!)).trim().split('\r\n');
    expect(lines[0]).toContain('Email');
    expect(lines.slice(1).map((l) => l.split(',').find((cell) => cell.endsWith('@demo.local'))).sort())
      .toEqual(['admin@demo.local', 'operator@demo.local', 'supervisor@demo.local']);
    await context.close();
  });

  test('Role Detail: the role form with its name, and the permissions it grants as the tree', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/v2/login?redirect_url=%2Fv2%2Fwmsconfig%2Frolelist');
    await signIn(page, 'admin@demo.local');
    await page.waitForURL('**/v2/wmsconfig/rolelist');
    await rowOf(page, 'Operator').getByRole('link', { name: 'Detail' }).click();
    await page.waitForURL('**/v2/wmsconfig/roledetail?role_id=*');
    await expect.poll(() => page.getByRole('textbox', { name: 'Role Name' }).inputValue()).toBe('Operator');
    await expect.poll(async () => Number((await page.getByTestId('role-permission-count').textContent())?.match(/^\d+/)?.[0] ?? 0)).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('tree', { name: 'Permission tree' }).isVisible()).toBe(true);
    await context.close();
  });

  test('without the User List\'s permission the page is forbidden, whatever the address', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/v2/login?redirect_url=%2Fv2%2Fwmsconfig%2Fuserlist');
    await signIn(page, 'operator@demo.local');
    await expect.poll(() => page.getByText('Access denied').isVisible()).toBe(true);
    expect(await table(page).count()).toBe(0);
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
    const admin = await openUserList();
    const email = `temp.${Date.now()}@agency.example`;
    const password = await createBpoUser(admin.page, email, 'Tia Temp');
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
