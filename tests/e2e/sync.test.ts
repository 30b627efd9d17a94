import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, opStates } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page, email: string) {
  await page.goto('/v2/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Demo1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/v2/home');
  await page.getByRole('navigation').first().waitFor();
}


describe('outbox, sync badge and panel', () => {
  test('a setting changed offline is queued, shown in the badge and panel, and applied once when the network returns', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'supervisor@demo.local');
    // Let the service worker take control (it serves the language catalogs offline).
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Sync: 0 pending, 0 rejected' }).isVisible()).toBe(true);

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: 'Tiếng Việt' }).click();
    // The shell is Vietnamese at once; the account setting waits in the outbox.
    const queued = page.getByRole('button', { name: 'Đồng bộ: 1 chờ xử lý, 0 bị từ chối' });
    await expect.poll(() => queued.isVisible()).toBe(true);
    await queued.click();
    const panel = page.getByRole('dialog');
    await expect.poll(() => panel.getByText('system.user.set_user_setting').isVisible()).toBe(true);
    await page.keyboard.press('Escape');

    await context.setOffline(false);
    await expect.poll(() => page.getByRole('button', { name: 'Đồng bộ: 0 chờ xử lý, 0 bị từ chối' }).isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await opStates(page)).toEqual(['done']);

    // Applied on the server: another device signing in gets the language.
    const other = await newPage(browser);
    await signIn(other.page, 'supervisor@demo.local');
    await expect.poll(() => other.page.evaluate(() => document.documentElement.lang)).toBe('vi-VN');
    await other.context.close();

    // Back to English for the other tests, through the same path, and wait until it is sent.
    await page.getByRole('button', { name: /Tiếng Việt/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect.poll(() => opStates(page), { timeout: 30_000 }).toEqual(['done', 'done']);
    await expect.poll(() => page.getByRole('button', { name: 'Sync: 0 pending, 0 rejected' }).isVisible()).toBe(true);
    await context.close();
  });

  test('the supervisor sees the device in the Sync Queue; an operator may not open it', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'supervisor@demo.local');
    await page.goto('/v2/wmsconfig/syncqueue');
    await expect.poll(() => page.getByRole('heading', { name: 'Sync Queue' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('supervisor@demo.local').first().isVisible()).toBe(true);
    await context.close();

    const op = await newPage(browser);
    await signIn(op.page, 'operator@demo.local');
    await op.page.goto('/v2/wmsconfig/syncqueue');
    await expect.poll(() => op.page.getByText('Access denied').isVisible()).toBe(true);
    await op.context.close();
  });
});
