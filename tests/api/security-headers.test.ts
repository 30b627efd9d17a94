import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../support/api-harness';
import { API_BASE } from '../../src/shared/contract/define';
import { WEAK_NETWORK_PING_PATH } from '../../src/shared/constants';
import { LOCAL_AGENT_SOURCES } from '../../src/shared/print/print-job';

/**
 * Every answer — API (success, refusal, error, unknown path) and the app under /v2/ (shell, SPA
 * routes, assets, the service worker) — carries the security headers, and the app's pages hold no
 * inline script the Content-Security-Policy would block.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
let server: TestServer;
let staticDir: string;

beforeAll(async () => {
  // A stand-in for the built app: the headers are the server's, whatever the files.
  staticDir = mkdtempSync(path.join(os.tmpdir(), 'tally-headers-'));
  mkdirSync(path.join(staticDir, 'assets'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Tally</title>');
  writeFileSync(path.join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(staticDir, 'assets', 'index-abc.js'), 'export {};');
  server = await startTestServer({ staticDir });
});
afterAll(async () => {
  await server?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

/** The policy's directives, each with its sources. */
const directives = (policy: string | null) => new Map((policy ?? '').split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...sources]) => [name!, sources]));

const ANSWERS: [string, string, RequestInit?][] = [
  ['an API read', `${API_BASE}/apps/system/user/get_lang_setting`],
  ['an API refusal (no session)', `${API_BASE}/apps/system/user/get_login_info`],
  ['an API refusal (no CSRF token)', `${API_BASE}/apps/system/user/user_forgot`, { method: 'POST', body: '{}' }],
  ['a body over the limit', `${API_BASE}/apps/system/user/user_forgot`, { method: 'POST', body: 'x'.repeat(1024 * 1024 + 1) }],
  ['an unknown API', `${API_BASE}/no/such/call`],
  ['the OpenAPI document', '/api/docs'],
  ['the root redirect', '/'],
  ['the shell', '/v2/'],
  ['an SPA route', '/v2/wmsbasic/supplier'],
  ['the service worker', '/v2/sw.js'],
  ['a hashed asset', '/v2/assets/index-abc.js'],
  ['the favicon', WEAK_NETWORK_PING_PATH],
  ['a missing file', '/v2/assets/missing.js'],
];

describe('security headers', () => {
  test.each(ANSWERS)('%s', async (_what, url, init) => {
    const res = await server.app.request(url, init);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    // This server, and a print agent on the station itself (docs/printing.md).
    expect(csp.get('connect-src')).toEqual(["'self'", ...LOCAL_AGENT_SOURCES]);
    expect(csp.get('frame-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('worker-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'https:']));
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    // Only the favicon may be loaded by another origin's page (the weak-network ping).
    expect(res.headers.get('cross-origin-resource-policy')).toBe(url === WEAK_NETWORK_PING_PATH ? 'cross-origin' : 'same-origin');
  });

  test('the app holds no inline script: the page source, and the built one when there is a build', () => {
    const pages = [path.join(ROOT, 'index.html'), path.join(ROOT, 'dist/app/index.html')].filter((file) => existsSync(file));
    for (const page of pages) {
      const html = readFileSync(page, 'utf8');
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length, page).toBeGreaterThan(0);
      for (const [, attributes, body] of scripts) {
        expect(attributes, page).toMatch(/\bsrc=/);
        expect(body!.trim(), page).toBe('');
      }
      expect(html, page).not.toMatch(/\son[a-z]+\s*=/i); // no inline event handlers either
    }
  });
});
