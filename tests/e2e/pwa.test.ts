import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { LOCALES } from '../../src/shared/locales';
import { CHROMIUM_ARGS, PDA_USER_AGENT, PDA_VIEWPORT, baseURL } from './browser';
import { DEMO_ACCOUNTS, DEMO_WAREHOUSES } from '../../src/server/db/seed';
import { ROUTES } from '../../src/shared/routes/manifest';
import { isOperationPath } from '../../src/shared/routes/operations';

const PASSWORD = 'Demo1234';
/** The service worker's cache of `offlineRead` answers (sw/sw.ts). */
const API_CACHE = 'tally-api-v1';

const profiles: string[] = [];
afterAll(() => profiles.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/**
 * A browser with its own on-disk profile: Chromium reports an incognito context (Playwright's
 * usual newContext) as not installable, and an installed app keeps its caches on disk anyway.
 */
async function openProfile(origin = baseURL(), device: { pda?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tally-pwa-'));
  profiles.push(dir);
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    baseURL: origin,
    viewport: device.pda ? PDA_VIEWPORT : { width: 1366, height: 800 },
    userAgent: device.pda ? PDA_USER_AGENT : undefined,
    locale: 'en-US',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/** Signs in and waits until the service worker controls the page, so API answers pass through it. */
async function signInControlled(page: Page, email: string): Promise<void> {
  await page.goto('/v2/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/v2/home');
  await mainMenu(page).waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // A worker controls the pages loaded after it activated: reload once, then the session's
  // reference data is fetched through it and cached.
  await page.reload();
  await mainMenu(page).waitFor();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // The worker stores answers just after handing them over.
  await page.waitForFunction(async (name) => {
    const keys = await (await caches.open(name)).keys();
    return keys.some((request) => request.url.includes('/get_my_menu_key'));
  }, API_CACHE, { timeout: 10_000, polling: 100 });
}

/** Paths of the cached API answers, with the warehouse key of those kept per warehouse. */
function cachedApiKeys(page: Page): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const keys = await (await caches.open(name)).keys();
    return keys.map((request) => {
      const url = new URL(request.url);
      const whs = url.searchParams.get('_sw_whs');
      return whs === null ? url.pathname : `${url.pathname} whs=${whs}`;
    });
  }, API_CACHE);
}

/** The online screens' files the worker keeps (sw/sw.ts: not precached, fetched for office users). */
const keptOnlineScreens = (page: Page): Promise<string[]> => page.evaluate(async () =>
  (await (await caches.open('tally-online-screens-v1')).keys()).map((request) => new URL(request.url).pathname));

const cachedApiPaths = async (page: Page) => (await cachedApiKeys(page)).map((key) => key.split(' ')[0] ?? '');

describe('installable app', () => {
  test('Chromium reports no installability errors and finds the manifest', async () => {
    const { context, page } = await openProfile();
    await page.goto('/v2/login');
    await page.getByLabel('Email').waitFor();
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const { url, errors } = await cdp.send('Page.getAppManifest');
    expect(url).toMatch(/\/v2\/manifest\.webmanifest$/);
    expect(errors).toEqual([]);
    expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')).toBe('/v2/icons/apple-touch-icon-180.png');
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toMatch(/^#[0-9a-f]{6}$/i);
    await context.close();
  });
});

describe('offline', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await openProfile());
    await signInControlled(page, 'admin@demo.local');
  });
  afterAll(async () => {
    await context?.close();
  });

  test('the worker precaches the shell and every locale catalog', async () => {
    const precached = await page.evaluate(async () => {
      const name = (await caches.keys()).find((key) => key.startsWith('workbox-precache'));
      if (!name) return [];
      return (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
    });
    expect(precached).toContain('/v2/index.html');
    expect(precached).toContain('/v2/manifest.webmanifest');
    // Each catalog is its own chunk (locales/<locale>/messages.po compiled by Lingui), in two parts:
    // the public pages' messages and the rest (vite.config.ts, splitCatalogs).
    expect(precached.filter((p) => /\/v2\/assets\/messages-[\w-]+\.js$/.test(p))).toHaveLength(LOCALES.length);
    expect(precached.filter((p) => /\/v2\/assets\/_tally-catalog-rest_[\w-]+\.js$/.test(p))).toHaveLength(LOCALES.length);
  });

  test('reference data is cached per warehouse, failures are not', async () => {
    const keys = await cachedApiKeys(page);
    // The user is read before the tab knows its warehouse (no tenant header): one answer whatever the warehouse.
    expect(keys).toContain('/api/v2/apps/system/user/get_login_info');
    expect(keys.some((key) => /^\/api\/v2\/apps\/system\/authorization\/get_my_perm whs=\w+$/.test(key))).toBe(true);
    expect(keys.some((key) => key.startsWith('/api/v2/apps/system/user/user_login'))).toBe(false);
  });

  test('the precache holds no online screen; an office user\'s device fetches and keeps them after sign-in', async () => {
    const precached = await page.evaluate(async () => {
      const name = (await caches.keys()).find((key) => key.startsWith('workbox-precache'));
      return name ? (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname) : [];
    });
    expect(precached.some((p) => /\/permission-tree\.screen-[\w-]+\.js$/.test(p))).toBe(false);
    expect(precached.some((p) => /\/counting\.screen-[\w-]+\.js$/.test(p))).toBe(true);
    await expect.poll(() => keptOnlineScreens(page), { timeout: 20_000 })
      .toEqual(expect.arrayContaining([expect.stringMatching(/\/permission-tree\.screen-[\w-]+\.js$/), expect.stringMatching(/\/resource-list-[\w-]+\.js$/)]));
  });

  test('a signed-in page reloads offline: home with the name and menu, a deep link, the 404 page', async () => {
    await context.setOffline(true);
    try {
      await page.goto('/v2/home');
      await expect.poll(() => page.getByRole('button', { name: 'Account menu of Ada Admin' }).isVisible()).toBe(true);
      const menu = mainMenu(page);
      await expect.poll(() => menu.getByText('Home', { exact: true }).isVisible()).toBe(true);
      expect(await menu.getByText('Users', { exact: true }).isVisible()).toBe(true);

      await page.goto('/v2/user/permissiontree');
      await expect.poll(() => page.getByRole('heading', { name: 'Permission Tree' }).isVisible()).toBe(true);
      await expect.poll(() => page.getByTestId('permission-count').textContent()).toMatch(/you hold \d+ of those shown/);

      await page.goto('/v2/no/such/page');
      await expect.poll(() => page.getByText('Page not found').isVisible()).toBe(true);
    } finally {
      await context.setOffline(false);
    }
  });

  test('a POST read (the config list) is cached under its body, per warehouse', async () => {
    const whs = (await cachedApiKeys(page)).find((key) => key.includes('get_my_perm'))?.split('whs=')[1] ?? '';
    const answer = (body: unknown) => page.evaluate(async ({ body, whs }) => {
      const response = await fetch('/api/v2/configuration/get_conf_list', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-tally-whs': whs, 'x-csrf-token': document.cookie.match(/tally_csrf=([^;]+)/)?.[1] ?? '' },
        body: JSON.stringify(body),
      });
      return (await response.json()) as { retcode: number; data: { conf_list: unknown[] } };
    }, { body, whs });

    const confEntries = async () => (await cachedApiPaths(page)).filter((p) => p.endsWith('/get_conf_list')).length;
    const before = await confEntries();
    const online = await answer({ conf_key: ['weak_network_tip_show_again_interval'] });
    expect(online.retcode).toBe(0);
    // One more entry: the body is part of the key (the app's own config reads are there too).
    await expect.poll(confEntries).toBe(before + 1);
    await context.setOffline(true);
    try {
      expect(await answer({ conf_key: ['weak_network_tip_show_again_interval'] })).toEqual(online);
      // Another body was never answered online: nothing to serve.
      await expect(answer({ conf_key: ['some_other_key'] })).rejects.toThrow();
    } finally {
      await context.setOffline(false);
    }
  });
});

describe('offline cold start on a PDA', () => {
  const operator = DEMO_ACCOUNTS.find((a) => a.email === 'operator@demo.local')!;
  /** The operator's warehouses, by the name the home shows (which is current depends on earlier tests). */
  const warehouseNames = DEMO_WAREHOUSES.filter((w) => (operator.warehouses as readonly string[]).includes(w.whsId)).map((w) => w.whsName);
  /** The paths of the manifest's operation screens (spec §2) that open without parameters (an optional one left out). */
  const operationPaths = ROUTES.map((r) => r.path.replace(/\/\{-\$\w+\}/g, ''))
    .filter((p) => isOperationPath(p) && !p.includes('$'));
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await openProfile(baseURL(), { pda: true }));
  });
  afterAll(async () => {
    await context?.close();
  });

  const showsError = (p: Page) => p.getByText('Something went wrong').isVisible();
  const operationScreens = (p: Page) => p.getByRole('navigation', { name: 'Operation screens' });
  /** The operator home's heading: the session's warehouse, under it the operator's name. */
  const operatorHome = async (p: Page): Promise<string> => {
    await expect.poll(() => operationScreens(p).isVisible()).toBe(true);
    const heading = p.getByRole('heading', { level: 1 });
    expect(await p.getByText(operator.displayName, { exact: true }).filter({ visible: true }).count()).toBeGreaterThan(0);
    expect(await showsError(p)).toBe(false);
    return heading.innerText();
  };

  test('signed in on a page the worker controls, a reload offline opens the shell with that session', async () => {
    await page.goto('/v2/login');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await page.getByLabel('Email').fill(operator.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/v2/home');
    const warehouse = await operatorHome(page);
    expect(warehouseNames).toContain(warehouse);
    // The app takes the user from the sign-in answer; the worker stored that answer as the login info.
    await expect.poll(() => cachedApiPaths(page)).toEqual(expect.arrayContaining([
      '/api/v2/apps/system/user/get_login_info', '/api/v2/apps/system/authorization/get_my_menu_key',
    ]));

    await context.setOffline(true);
    await page.reload();
    expect(await operatorHome(page)).toBe(warehouse);
    // An operator's device downloads what works offline and nothing of the office's screens.
    expect(await keptOnlineScreens(page)).toEqual([]);
  });

  test('an offline cold start on the deep link of every operation screen shows that screen', async () => {
    // What the operator's home lists is what this version has built of the manifest's operation screens.
    const listed = await operationScreens(page).getByRole('link').evaluateAll(
      (links) => links.map((a) => ({ path: new URL((a as HTMLAnchorElement).href).pathname.replace(/^\/v2/, ''), label: a.textContent?.trim() ?? '' })),
    );
    const screens = listed.filter((s) => operationPaths.includes(s.path));
    expect(screens.map((s) => s.path)).toEqual(listed.map((s) => s.path));
    expect(screens.length).toBeGreaterThan(0);

    // Full stock count pages send to the cycle count ones while no full stock count runs (count-mode-redirect.ts).
    for (const screen of screens.filter((s) => !s.path.startsWith('/inventorymanage/fsc/'))) {
      const cold = await context.newPage();
      await cold.goto(`/v2${screen.path}`);
      await expect.poll(() => cold.title(), { message: screen.path }).toBe(`${screen.label} · Tally`);
      await expect.poll(() => cold.getByRole('status', { name: 'Loading' }).count(), { message: screen.path }).toBe(0);
      expect(await showsError(cold), screen.path).toBe(false);
      // The shell's top bar completes once the screen has painted (features/shell/shell.layout.tsx).
      await expect.poll(() => cold.getByRole('button', { name: `Account menu of ${operator.displayName}` }).isVisible(), { message: screen.path }).toBe(true);
      await cold.close();
    }
  }, 240_000);

  test('once the network drops, a screen opened from the home shows the worker\'s copy of its read, not a loader', async () => {
    // Online: the counting screen's read passes through the worker, which keeps it.
    await context.setOffline(false);
    await page.goto('/v2/inbound/counting');
    await expect.poll(() => page.getByRole('status', { name: 'Loading' }).count()).toBe(0);
    const online = await page.locator('main').innerText();
    // A fresh page (nothing in the app's memory), then the network goes and the app hears it.
    await page.goto('/v2/home');
    await operatorHome(page);
    await context.setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    await operationScreens(page).getByRole('link', { name: 'Counting', exact: true }).click();
    await page.waitForURL('**/v2/inbound/counting');
    await expect.poll(() => page.getByRole('status', { name: 'Loading' }).count()).toBe(0);
    expect(await showsError(page)).toBe(false);
    expect(await page.locator('main').innerText()).toBe(online);
  });
});

describe('session boundaries', () => {
  test('signing out forgets the cached reference data, so an offline reload shows nobody', async () => {
    const { context, page } = await openProfile();
    await signInControlled(page, 'operator@demo.local');
    expect((await cachedApiKeys(page)).length).toBeGreaterThan(3);

    await page.getByRole('button', { name: 'Account menu of Oki Operator' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(/\/v2\/login/);
    await expect.poll(() => cachedApiPaths(page)).not.toContain('/api/v2/apps/system/authorization/get_my_menu_key');
    expect(await cachedApiPaths(page)).not.toContain('/api/v2/apps/system/user/get_login_info');

    await context.setOffline(true);
    await page.goto('/v2/home');
    // The shell opens from the cache, but no session is there to show.
    await expect.poll(() => page.locator('#root').innerText()).not.toBe('');
    expect(await page.getByText('Oki Operator').count()).toBe(0);
    expect(await mainMenu(page).count()).toBe(0);
    await context.close();
  });

  test('the app can clear the cache itself (sign-out offline) by messaging the worker', async () => {
    const { context, page } = await openProfile();
    await signInControlled(page, 'operator@demo.local');
    const cleared = await page.evaluate(() => new Promise<unknown>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => resolve(event.data);
      navigator.serviceWorker.controller!.postMessage({ type: 'CLEAR_API_CACHE' }, [channel.port2]);
    }));
    expect(cleared).toBe(true);
    expect(await cachedApiKeys(page)).toEqual([]);
    await context.close();
  });
});

/**
 * A proxy in front of the test server that can play a new deployment: once `deploy()` is
 * called, /v2/sw.js differs by a byte-level marker, which is all a browser needs to install it.
 */
async function startDeploymentProxy(): Promise<{ origin: string; deploy: () => void; close: () => Promise<void> }> {
  const target = new URL(baseURL());
  let version = 0;
  const server = http.createServer((req, res) => {
    const isWorker = req.url === '/v2/sw.js';
    const upstream = http.request({
      host: target.hostname, port: target.port, method: req.method, path: req.url,
      headers: { ...req.headers, host: target.host, ...(isWorker ? { 'accept-encoding': 'identity' } : {}) },
    }, (answer) => {
      if (!isWorker || version === 0) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const body = Buffer.concat([...chunks, Buffer.from(`\n// deployment ${version}\n`)]);
        const headers = { ...answer.headers, 'content-length': String(body.length) };
        delete headers.etag;
        delete headers['last-modified'];
        res.writeHead(answer.statusCode ?? 502, headers);
        res.end(body);
      });
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    deploy: () => void (version += 1),
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

describe('new version', () => {
  test('a waiting version prompts to reload, and swaps only when the user agrees', async () => {
    const proxy = await startDeploymentProxy();
    const { context, page } = await openProfile(proxy.origin);
    try {
      await page.goto('/v2/login');
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.reload();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const prompt = page.getByTestId('sw-update');
      expect(await prompt.count()).toBe(0);

      proxy.deploy();
      // The browser looks for a new worker on navigation; it installs and then waits.
      await page.reload();
      await expect.poll(() => prompt.isVisible()).toBe(true);
      expect(await prompt.textContent()).toContain('A new version of Tally is available.');
      const waiting = () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/v2/'))?.waiting != null);
      expect(await waiting()).toBe(true);
      // Nothing swaps by itself: the page stays as it is until the user chooses.
      await page.evaluate(() => Object.assign(window, { tallyBeforeUpdate: true }));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await page.evaluate(() => 'tallyBeforeUpdate' in window)).toBe(true);

      await prompt.getByRole('button', { name: 'Reload to update' }).click();
      await page.waitForFunction(() => !('tallyBeforeUpdate' in window), undefined, { timeout: 10_000 });
      await page.getByLabel('Email').waitFor();
      expect(await waiting()).toBe(false);
      expect(await prompt.count()).toBe(0);
    } finally {
      await context.close();
      await proxy.close();
    }
  });
});
