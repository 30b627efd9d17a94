import type { Browser, BrowserContext, CDPSession, Locator, Page } from 'playwright-core';
import { sendWedgeBurst } from '../support/wedge-keys';
import { expect, inject } from 'vitest';

export { CHROMIUM_ARGS, DEMO_PASSWORD, launchBrowser, signIn } from '../support/chromium';

export const baseURL = () => inject('baseURL');

/** A Zebra TC52 handheld's Chrome: detected as a PDA (operator shell). */
export const PDA_USER_AGENT = 'Mozilla/5.0 (Linux; Android 11; TC52 Build/11-49-09.00-RG-U00-STD-HEL-04; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36';
export const PDA_VIEWPORT = { width: 360, height: 640 };

export async function newPage(
  browser: Browser,
  opts: { viewport?: { width: number; height: number }; locale?: string; userAgent?: string; baseURL?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: opts.baseURL ?? baseURL(),
    viewport: opts.viewport ?? { width: 1366, height: 800 },
    locale: opts.locale ?? 'en-US',
    userAgent: opts.userAgent,
  });
  const page = await context.newPage();
  return { context, page };
}

/**
 * What the pages of `context` report breaking its Content-Security-Policy, from now on: the
 * `securitypolicyviolation` event of each page, and the console errors Chromium logs for them.
 */
export async function watchCspViolations(context: BrowserContext): Promise<() => string[]> {
  const violations: string[] = [];
  await context.exposeBinding('tallyReportCspViolation', (_source, text: string) => void violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { tallyReportCspViolation(text: string): void }).tallyReportCspViolation;
      report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  context.on('console', (message) => {
    if (/content security policy/i.test(message.text())) violations.push(message.text());
  });
  return () => [...violations];
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

/**
 * The states of this device's queued ops, read straight from its IndexedDB outbox. An op the
 * outbox is trying to send right now (`sending`: offline, that try is about to fail) is still
 * queued: it reads as `pending`, so a check made mid-try does not depend on the retry timer.
 */
export function opStates(page: Page): Promise<string[]> {
  return page.evaluate(() => new Promise<string[]>((resolve, reject) => {
    const open = indexedDB.open('tally-outbox');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const read = open.result.transaction('ops').objectStore('ops').getAll();
      read.onsuccess = () => resolve((read.result as { seq: number; state: string }[]).sort((a, b) => a.seq - b.seq)
        .map((o) => (o.state === 'sending' ? 'pending' : o.state)));
      read.onerror = () => reject(read.error);
    };
  }));
}

const cdpSessions = new WeakMap<Page, Promise<CDPSession>>();

/**
 * A keyboard-wedge scan into the focused field: the characters and Enter reach the browser as one
 * burst (CDP, not waiting per key), so the field classifies it as a scanner however loaded the
 * test machine is. Playwright's keyboard.type waits for each key, which under load spreads a
 * burst into what looks like typing.
 */
export async function wedgeScan(page: Page, text: string): Promise<void> {
  let cdp = cdpSessions.get(page);
  if (!cdp) {
    cdp = page.context().newCDPSession(page);
    cdpSessions.set(page, cdp);
  }
  await sendWedgeBurst(await cdp, text);
}

/** A keyboard-wedge scan into a scan field by its test id. */
export async function scanInto(page: Page, testId: string, text: string): Promise<void> {
  const field = page.getByTestId(testId);
  await field.waitFor();
  await field.focus();
  await wedgeScan(page, text);
}

/**
 * The next push of queued ops reaches the server, but its answer is lost on the way back (the
 * connection resets), as on a flaky network; later pushes go through. Answers whether that happened.
 */
export async function loseNextPushAnswer(page: Page): Promise<() => boolean> {
  let lost = false;
  // On the context, not the page: with the service worker in control, Chromium does not always
  // show a page's request to page.route (the push then slipped through unrouted, now and then).
  await page.context().route('**/apps/system/sync/push_ops', async (route) => {
    if (lost) return route.continue();
    lost = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  return () => lost;
}

/**
 * Chooses `option` in the select named `label` (within `scope`: the page, or a dialog). The select
 * is opened again when a click did not open it (a screen still settling on a loaded machine).
 */
export async function chooseOption(scope: Page | Locator, label: string | RegExp, option: string | RegExp, opts: { exact?: boolean } = {}): Promise<void> {
  const page = 'page' in scope ? scope.page() : scope;
  const select = scope.getByRole('combobox', { name: label });
  const choice = page.getByRole('option', { name: option, exact: opts.exact }).first();
  for (let attempt = 1; ; attempt++) {
    await select.click();
    const shown = await choice.waitFor({ state: 'visible', timeout: 5_000 }).then(() => true, () => false);
    if (shown || attempt === 3) break;
  }
  await choice.click();
}

/** Every frame's print() records the document it would print on the top window instead of opening the dialog (see `printed`). */
export async function interceptPrint(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.print = () => {
      const top = window.top as unknown as { tallyPrinted?: string[] };
      top.tallyPrinted = [...(top.tallyPrinted ?? []), document.documentElement.outerHTML];
    };
  });
}

/** Makes the sidebar's warehouse the one wanted (the demo accounts belong to several). */
export async function inWarehouse(page: Page, whsId: string): Promise<void> {
  const select = page.getByRole('combobox', { name: 'Warehouse' });
  if ((await select.inputValue()).includes(`(${whsId})`)) return;
  await select.click();
  await page.getByRole('option', { name: new RegExp(`\\(${whsId}\\)`) }).click();
  await expect.poll(() => select.inputValue()).toContain(`(${whsId})`);
  await page.waitForLoadState('networkidle');
}

/** The documents print() was given on the page, in order. */
export const printed = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { tallyPrinted?: string[] }).tallyPrinted ?? []);
