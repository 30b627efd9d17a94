import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** The flags of tests/e2e/browser.ts: Debian's Chromium, no downloaded browser, no background network. */
const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}

/** A fresh profile (no service worker, empty caches and IndexedDB) on the server under test. */
export async function newPage(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 800 }, locale: 'en-US' });
  const page = await context.newPage();
  return { context, page };
}

export const OPERATOR = { email: 'operator@demo.local', password: 'Demo1234' };

/** Signs in through the login form, as the e2e tests do; the caller waits for where it lands. */
export async function signIn(page: Page, account: { email: string; password: string } = OPERATOR): Promise<void> {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}
