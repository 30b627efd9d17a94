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

export async function newPage(browser: Browser, opts: { viewport?: { width: number; height: number }; locale?: string } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport: opts.viewport ?? { width: 1366, height: 800 }, locale: opts.locale ?? 'en-US' });
  const page = await context.newPage();
  return { context, page };
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
