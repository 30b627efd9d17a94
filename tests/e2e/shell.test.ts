import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD as PASSWORD, launchBrowser, newPage, opStates, signIn, watchCspViolations } from './browser';
import { ROUTES } from '../../src/shared/routes/manifest';
import { isBuilt } from '../../src/app/routes/screens';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openAs(email: string, path = '/v2/home') {
  const { context, page } = await newPage(browser);
  await page.goto('/v2/login');
  await signIn(page, email);
  await page.waitForURL('**/v2/home');
  // The shell has started the session when its menu is there.
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
  if (path !== '/v2/home') await page.goto(path);
  return { context, page };
}

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

describe('sign-in and the login guard', () => {
  test('an anonymous visitor is sent to sign in with redirect_url, and comes back after signing in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/v2/user/permissiontree');
    await page.waitForURL(/\/v2\/login\?redirect_url=/);
    expect(decodeURIComponent(page.url())).toContain('redirect_url=/v2/user/permissiontree');
    await signIn(page, 'admin@demo.local');
    await page.waitForURL('**/v2/user/permissiontree');
    await expect.poll(() => page.getByRole('heading', { name: 'Permission Tree' }).isVisible()).toBe(true);
    await context.close();
  });

  test('a wrong password says so and stays on the sign-in page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/v2/login');
    await signIn(page, 'operator@demo.local', 'Wrong1234');
    await expect.poll(() => page.getByText('Incorrect email or password.').isVisible()).toBe(true);
    expect(page.url()).toContain('/v2/login');
    await context.close();
  });

  test('an off-site redirect_url is ignored: the user lands on /home', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/v2/login?redirect_url=https%3A%2F%2Fevil.example%2F');
    await signIn(page, 'operator@demo.local');
    await page.waitForURL('**/v2/home');
    await context.close();
  });

  test('/ opens /home for a signed-in user, and single sign-on pages say it is not configured', async () => {
    const { context, page } = await openAs('operator@demo.local');
    await page.goto('/');
    await page.waitForURL('**/v2/home');
    await page.goto('/v2/tob/login');
    await expect.poll(() => page.getByText('Single sign-on is not configured for this installation.').isVisible()).toBe(true);
    await context.close();
  });
});

describe('menu, 403 and 404', () => {
  test('the administrator sees the pages they may open in the menu', async () => {
    const { context, page } = await openAs('admin@demo.local');
    const menu = mainMenu(page);
    await expect.poll(() => menu.getByText('Home', { exact: true }).isVisible()).toBe(true);
    // Groups open on click: the permission tree is under Users.
    await menu.getByText('Users', { exact: true }).click();
    // Clicked again while the page has not moved: on a loaded machine one click was lost in the group's opening.
    const item = menu.getByText('Permission Tree', { exact: true });
    await expect.poll(async () => {
      if (!page.url().includes('/v2/user/permissiontree')) await item.click();
      return page.url();
    }, { timeout: 60_000, interval: 5_000 }).toContain('/v2/user/permissiontree');
    await expect.poll(() => page.getByTestId('permission-count').textContent()).toMatch(/you hold \d+ of those shown/);
    // Breadcrumbs lead back through the area.
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(await crumbs.textContent()).toContain('Users');
    await context.close();
  });

  test('an operator has no user administration: not in the menu, and the page itself is 403', async () => {
    const { context, page } = await openAs('operator@demo.local');
    const menu = mainMenu(page);
    await expect.poll(() => menu.getByText('Home', { exact: true }).isVisible()).toBe(true);
    expect(await menu.getByText('Users', { exact: true }).count()).toBe(0);
    await page.goto('/v2/user/permissiontree');
    await expect.poll(() => page.getByText('Access denied').isVisible()).toBe(true);
    await context.close();
  });

  test('the supervisor cannot open user administration either', async () => {
    const { context, page } = await openAs('supervisor@demo.local', '/v2/user/permissiontree');
    await expect.poll(() => page.getByText('Access denied').isVisible()).toBe(true);
    await context.close();
  });

  test('unknown paths and pages not built yet show the not-found page', async () => {
    const { context, page } = await openAs('admin@demo.local', '/v2/no/such/page');
    await expect.poll(() => page.getByText('Page not found').isVisible()).toBe(true);
    // A page of the manifest whose screen is not built yet (the first one, whichever that is today).
    const unbuilt = ROUTES.find((r) => !isBuilt(r.path) && !r.redirect && !r.tabGroup && !r.flag && !r.path.includes('$'));
    expect(unbuilt).toBeDefined();
    await page.goto(`/v2${unbuilt!.path}`);
    await expect.poll(() => page.getByText('Page not found').isVisible()).toBe(true);
    await context.close();
  });

  test('menu search needs two characters and finds pages by their translated title', async () => {
    const { context, page } = await openAs('admin@demo.local');
    const search = page.getByRole('textbox', { name: 'Search menu' }).or(page.getByRole('combobox', { name: 'Search menu' })).first();
    await search.fill('p');
    await expect.poll(() => page.getByText('Type at least 2 characters.').isVisible()).toBe(true);
    await search.fill('PERMISSION');
    await page.getByRole('option', { name: /Permission Tree/ }).click();
    await page.waitForURL('**/v2/user/permissiontree');
    await context.close();
  });
});

describe('change password', () => {
  async function openDialog(page: Page) {
    await page.getByRole('button', { name: /Account menu of/ }).click();
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    return page.getByRole('dialog', { name: 'Change Password' });
  }

  test('shows the rules of spec §5 with their exact messages, then changes the password', async () => {
    const { context, page } = await openAs('supervisor@demo.local');
    let dialog = await openDialog(page);
    expect(await dialog.getByLabel('Email').inputValue()).toBe('supervisor@demo.local');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => dialog.getByText('Current Password Need!').isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText('New Password Need!').isVisible()).toBe(true);

    const current = dialog.getByLabel('Current Password');
    const next = dialog.getByLabel('New Password');
    await current.fill(PASSWORD);
    for (const [value, message] of [
      ['Short1', 'New Password must be between 8 and 16 characters.'],
      ['alllowercase1', 'New Password must contain one uppercase and one lowercase character.'],
      [PASSWORD, "The New Password can't equal Current Password"],
    ] as const) {
      await next.fill(value);
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await expect.poll(() => dialog.getByText(message).isVisible()).toBe(true);
    }

    await current.fill('NotMine123');
    await next.fill('Better1234');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => dialog.getByText('Current password is incorrect.').isVisible()).toBe(true);

    await current.fill(PASSWORD);
    await next.fill('Better1234');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByText('Password changed.').isVisible()).toBe(true);

    // The new password works; put the demo password back for the other tests.
    dialog = await openDialog(page);
    await dialog.getByLabel('Current Password').fill('Better1234');
    await dialog.getByLabel('New Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByText('Password changed.').first().isVisible()).toBe(true);
    await context.close();
  });
});

describe('Content-Security-Policy', () => {
  test('signing in, the shell, a list, a form, a dialog and another language break none of it', async () => {
    const { context, page } = await newPage(browser);
    const violations = await watchCspViolations(context);
    const shell = await page.goto('/v2/login');
    expect(shell?.headers()['content-security-policy']).toContain("script-src 'self'");
    // Another language's catalog loads, then back to English (the account's) before signing in.
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: 'ไทย' }).click();
    await page.getByRole('button', { name: /ไทย/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await signIn(page, 'admin@demo.local');
    await page.waitForURL('**/v2/home');
    await mainMenu(page).waitFor();
    for (const path of ['/v2/wmsbasic/supplier', '/v2/wmsbasic/supplier/create', '/v2/user/permissiontree']) {
      await page.goto(path);
      await mainMenu(page).waitFor();
      await page.waitForLoadState('networkidle');
    }
    await page.getByRole('button', { name: /Account menu of/ }).click();
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    await page.getByRole('dialog', { name: 'Change Password' }).waitFor();
    // The watermark's image, the worker's registration, every chunk: all allowed.
    expect(violations()).toEqual([]);
    await context.close();
  });
});

describe('language and logout', () => {
  test('switching the language translates the shell at once and is kept for the account', async () => {
    const { context, page } = await openAs('admin@demo.local');
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    // The menu's own accessible name is translated too (主菜单).
    await expect.poll(() => page.getByRole('navigation', { name: '主菜单' }).getByText('首页', { exact: true }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');

    // A new device signing in gets the account's language (once the outbox has sent it).
    await expect.poll(() => opStates(page), { timeout: 30_000 }).toEqual(['done']);
    const other = await newPage(browser);
    await other.page.goto('/v2/login');
    await signIn(other.page, 'admin@demo.local');
    await other.page.waitForURL('**/v2/home');
    await expect.poll(() => other.page.getByRole('navigation', { name: '主菜单' }).getByText('首页', { exact: true }).isVisible()).toBe(true);
    await other.context.close();

    // Back to English so the account is as the other tests expect.
    await page.getByRole('button', { name: /简体中文/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect.poll(() => mainMenu(page).getByText('Home', { exact: true }).isVisible()).toBe(true);
    // Both choices went through the outbox and were applied before this device goes away.
    await expect.poll(() => opStates(page), { timeout: 30_000 }).toEqual(['done', 'done']);
    await context.close();
  });

  test('logout ends the session and returns to sign-in with redirect_url', async () => {
    const { context, page } = await openAs('operator@demo.local');
    await page.getByRole('button', { name: /Account menu of/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(/\/v2\/login\?redirect_url=/);
    await page.goto('/v2/home');
    await page.waitForURL(/\/v2\/login\?redirect_url=/);
    await context.close();
  });
});
