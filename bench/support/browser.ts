import type { Browser, BrowserContext, Page } from 'playwright-core';

export { launchBrowser, signIn } from '../../tests/support/chromium';

/** The account the benches sign in as: operators are who scan. */
export const OPERATOR_EMAIL = 'operator@demo.local';

/** A fresh profile (no service worker, empty caches and IndexedDB) on the server under test. */
export async function newPage(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 800 }, locale: 'en-US' });
  const page = await context.newPage();
  return { context, page };
}
