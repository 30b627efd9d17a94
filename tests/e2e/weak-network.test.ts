import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import { baseURL, launchBrowser } from './browser';

const WARNING = 'Network is unstable, please inform your supervisor to reach out to the local IT team for assistance';
/** Longer than the RTT threshold (300 ms, seeded and intercepted alike). */
const API_DELAY_MS = 600;
/** Longer than the ping threshold (300 ms, seeded and intercepted alike): the pings report a weak network. */
const SLOW_PING_MS = 450;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('x-response-et', () => {
  test('the server sends its elapsed time on API answers and on the favicon', async () => {
    for (const path of ['/api/v2/apps/system/user/get_lang_setting', '/api/v2/no/such/api', '/v2/favicon.svg']) {
      const response = await fetch(`${baseURL()}${path}`);
      expect(response.headers.get('x-response-et'), path).toMatch(/^\d+$/);
    }
  });
});

/** One real API request of the app: tab refocus re-reads the login info (spec §8). */
const refocus = async (p: Page) => {
  // A refocus while the previous read is still in flight is dropped as a duplicate (spec §7),
  // so refocus again until one read is answered.
  for (let attempt = 1; ; attempt++) {
    const answered = p.waitForResponse((r) => r.url().includes('/apps/system/user/get_login_info'), { timeout: 10_000 });
    await p.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    try {
      await answered;
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
};
const warning = (p: Page) => p.getByText(WARNING, { exact: true });

/** No service worker: the routes of a test must see every request of the page (a worker's answers pass them by). */
const newContextWithoutWorker = () =>
  browser.newContext({ baseURL: baseURL(), viewport: { width: 1366, height: 800 }, locale: 'en-US', serviceWorkers: 'block' });

async function signInOperator(page: Page) {
  await page.goto('/v2/login');
  await page.getByLabel('Email').fill('operator@demo.local');
  await page.getByLabel('Password').fill('Demo1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/v2/home');
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
}

/** The app's favicon pings of the weak-network check. */
const isPing = (url: URL) => url.pathname === '/v2/favicon.svg' && url.searchParams.has('wn_ping');

describe('weak network warning', () => {
  test('slow requests, then slow pings of the favicon, warn once; not again within the interval, even after a reload', async () => {
    const origin = baseURL();
    const context = await newContextWithoutWorker();
    const page = await context.newPage();

    let slowApi = false;
    let pingDelay = 0;
    const pings: string[] = [];
    let settingsServed = 0;

    // Routes run last-registered first: the settings answer, else the delay, else the network.
    await context.route('**/api/v2/**', async (route: Route) => {
      if (slowApi) await sleep(API_DELAY_MS);
      await route.fallback();
    });
    await context.route('**/api/v2/configuration/get_conf_list', async (route: Route) => {
      const body = route.request().postDataJSON() as { conf_key?: string[] } | null;
      if (!body?.conf_key?.includes('weak_network_switch')) return route.fallback();
      settingsServed += 1;
      const conf: Record<string, string> = {
        weak_network_switch: '1',
        weak_network_domain: origin,
        weak_network_show_again_min: '30',
        weak_network_time_window_min: '3',
        weak_network_count_threshold: '3',
        weak_network_rtt_ms: '300',
        weak_network_ping_threshold_ms: '300',
        weak_network_ping_times: '3',
      };
      const data = { conf_list: Object.entries(conf).map(([conf_key, conf_value]) => ({ conf_key, conf_value })) };
      return route.fulfill({ json: { retcode: 0, message: 'success', data } });
    });
    await context.route(isPing, async (route: Route) => {
      pings.push(route.request().url());
      if (pingDelay > 0) await sleep(pingDelay);
      await route.fallback();
    });

    await signInOperator(page);
    await expect.poll(() => settingsServed).toBe(1);

    // Three slow requests start a check of three pings; fast pings: no warning.
    slowApi = true;
    for (let i = 0; i < 3; i += 1) await refocus(page);
    await expect.poll(() => pings.length).toBeGreaterThanOrEqual(3);
    expect(new URL(pings[0] ?? '').origin).toBe(origin);
    await sleep(500);
    expect(await warning(page).count()).toBe(0);

    // Slow pings: the warning shows, once.
    pingDelay = SLOW_PING_MS;
    await expect.poll(async () => {
      if (await warning(page).isVisible()) return true;
      await refocus(page);
      return warning(page).isVisible();
    }, { timeout: 30_000, interval: 0 }).toBe(true);
    expect(await warning(page).count()).toBe(1);
    const pingsWhenShown = pings.length;
    expect(await page.evaluate(() => localStorage.getItem('tally-weak-network-shown-at'))).toMatch(/^\d+$/);

    // It is closable.
    await page.locator('.mantine-Notification-root', { hasText: WARNING }).getByRole('button').click();
    await expect.poll(() => warning(page).count()).toBe(0);

    // More slow requests within the interval: no ping check, no warning.
    for (let i = 0; i < 4; i += 1) await refocus(page);
    await sleep(SLOW_PING_MS * 2);
    expect(pings).toHaveLength(pingsWhenShown);
    expect(await warning(page).count()).toBe(0);

    // A reload does not show it again either: the time it showed is remembered.
    await page.reload();
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await expect.poll(() => settingsServed).toBe(2);
    for (let i = 0; i < 4; i += 1) await refocus(page);
    await sleep(SLOW_PING_MS * 2);
    expect(pings).toHaveLength(pingsWhenShown);
    expect(await warning(page).count()).toBe(0);

    await context.close();
  });

  test('a fresh install warns with its seeded settings: the check pings this server', async () => {
    const context = await newContextWithoutWorker();
    const page = await context.newPage();
    let slow = false;
    const pings: string[] = [];
    await context.route('**/api/v2/**', async (route: Route) => {
      if (slow) await sleep(API_DELAY_MS);
      await route.fallback();
    });
    await context.route(isPing, async (route: Route) => {
      pings.push(route.request().url());
      if (slow) await sleep(SLOW_PING_MS);
      await route.fallback();
    });

    await signInOperator(page);
    slow = true;
    await expect.poll(async () => {
      if (await warning(page).isVisible()) return true;
      await refocus(page);
      return warning(page).isVisible();
    }, { timeout: 30_000, interval: 0 }).toBe(true);
    expect(new URL(pings[0] ?? '').origin).toBe(baseURL());
    await context.close();
  });
});
