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
