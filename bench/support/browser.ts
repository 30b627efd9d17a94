import type { Browser, BrowserContext, Page } from 'playwright-core';

export { launchBrowser, signIn } from '../../tests/support/chromium';

/** The account the benches sign in as: operators are who scan. */
export const OPERATOR_EMAIL = 'operator@demo.local';

/**
 * A fresh profile (no service worker, empty caches and IndexedDB) on the server under test.
 * `injectsScript`: the bench adds its own inline script to the app's page, which the app's
 * Content-Security-Policy (rightly) refuses; that profile bypasses it.
 */
export async function newPage(browser: Browser, baseURL: string, { injectsScript = false } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 800 }, locale: 'en-US', bypassCSP: injectsScript });
  const page = await context.newPage();
  return { context, page };
}
