import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** Debian's Chromium, with the flags this machine needs (no downloaded browser, no background network). */
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}

export const baseURL = () => inject('baseURL');

/** A Zebra TC52 handheld's Chrome: detected as a PDA (operator shell). */
export const PDA_USER_AGENT = 'Mozilla/5.0 (Linux; Android 11; TC52 Build/11-49-09.00-RG-U00-STD-HEL-04; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36';
export const PDA_VIEWPORT = { width: 360, height: 640 };

export async function newPage(
  browser: Browser,
  opts: { viewport?: { width: number; height: number }; locale?: string; userAgent?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: opts.viewport ?? { width: 1366, height: 800 },
    locale: opts.locale ?? 'en-US',
    userAgent: opts.userAgent,
  });
  const page = await context.newPage();
  return { context, page };
}

export const DEMO_PASSWORD = 'Demo1234';

/** Signs in through the login form (the page is on /v2/login). */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Switches the UI language with the top bar's menu (`current` and `next` as the menu names them).
 * The choice is saved to the account through the outbox: this waits until it was sent, or a
 * page closed right after would leave the shared demo account in that language for later tests.
 */
export async function chooseLanguage(page: Page, current: string, next: string): Promise<void> {
  const saved = page.waitForResponse((r) => r.url().includes('/apps/system/sync/push_ops') && r.ok());
  await page.locator(`button[aria-label*="${current}"]`).click();
  await page.getByRole('menuitem', { name: next }).click();
  await saved;
}

/** The states of this device's queued ops, read straight from its IndexedDB outbox. */
export function opStates(page: Page): Promise<string[]> {
  return page.evaluate(() => new Promise<string[]>((resolve, reject) => {
    const open = indexedDB.open('tally-outbox');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const read = open.result.transaction('ops').objectStore('ops').getAll();
      read.onsuccess = () => resolve((read.result as { seq: number; state: string }[]).sort((a, b) => a.seq - b.seq).map((o) => o.state));
      read.onerror = () => reject(read.error);
    };
  }));
}
