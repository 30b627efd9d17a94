import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import type { BenchModule } from './support/bench';
import { OPERATOR_EMAIL, newPage, signIn } from './support/browser';
import { DIST } from './support/server';
import { bytesBySource, groupOf } from './support/source-map';
import { round } from './support/stats';

interface Chunk {
  url: string;
  gzipBytes: number;
  rawBytes: number;
  code: string;
}

const isScript = (response: Response) =>
  response.request().resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(response.url()).pathname);

/** Collects every script the page loads from now on, gzipped at level 9 (what the wire would carry at best). */
function recordScripts(page: Page): { chunks: Chunk[]; settled(): Promise<void> } {
  const chunks: Chunk[] = [];
  const reading: Promise<void>[] = [];
  page.on('response', (response) => {
    if (!isScript(response) || response.status() !== 200) return;
    reading.push(response.body().then((body) => {
      chunks.push({ url: new URL(response.url()).pathname, gzipBytes: gzipSync(body, { level: 9 }).length, rawBytes: body.length, code: body.toString('utf8') });
    }, () => undefined));
  });
  return { chunks, settled: async () => void (await Promise.all(reading)) };
}

const kb = (bytes: number) => round(bytes / 1024, 1);
const totalKb = (chunks: readonly Chunk[]) => kb(chunks.reduce((sum, c) => sum + c.gzipBytes, 0));
const biggest = (chunks: readonly Chunk[], n = 8) =>
  [...chunks].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, n).map((c) => ({ url: c.url, gzip_kb: kb(c.gzipBytes), raw_kb: kb(c.rawBytes) }));

/**
 * What the chunks are made of, from their source maps (minified bytes per npm package or app
 * folder, biggest first): where to cut when the figure is short of its target.
 */
async function composition(baseURL: string, chunks: readonly Chunk[], n = 15): Promise<{ group: string; raw_kb: number; share: string }[]> {
  const byGroup = new Map<string, number>();
  for (const chunk of chunks) {
    const res = await fetch(`${baseURL}${chunk.url}.map`);
    if (!res.ok) continue; // a build without source maps: no breakdown
    for (const [source, bytes] of bytesBySource((await res.json()) as { sources: string[]; mappings: string }, chunk.code)) {
      byGroup.set(groupOf(source), (byGroup.get(groupOf(source)) ?? 0) + bytes);
    }
  }
  const total = chunks.reduce((sum, c) => sum + c.rawBytes, 0);
  return [...byGroup].sort((a, b) => b[1] - a[1]).slice(0, n)
    .map(([group, bytes]) => ({ group, raw_kb: kb(bytes), share: `${Math.round((bytes / total) * 100)} %` }));
}

/**
 * precache_gzip_kb: what a first install downloads before it works offline, the entries of the
 * service worker's precache manifest (injected into the built sw.js), each gzipped at level 9.
 */
function precache(): { entries: number; gzip_kb: number; biggest: ReturnType<typeof biggest> } {
  const appDir = path.join(DIST, 'app');
  const urls = [...readFileSync(path.join(appDir, 'sw.js'), 'utf8').matchAll(/\{"revision":(?:"\w+"|null),"url":"([^"]+)"\}/g)].map((m) => m[1]!);
  if (urls.length === 0) throw new Error('No precache manifest in sw.js');
  const entries = urls.map((url) => {
    const body = readFileSync(path.join(appDir, url));
    return { url, gzipBytes: gzipSync(body, { level: 9 }).length, rawBytes: body.length, code: '' };
  });
  return { entries: entries.length, gzip_kb: totalKb(entries), biggest: biggest(entries, 12) };
}

/**
 * initial_js_gzip_kb: the JavaScript a first visit to /v2/login downloads (fresh profile, no
 * service worker yet), each script gzipped at level 9 and summed. The operator's /v2/home after
 * signing in is a detail: what the first screen of work adds. precache_gzip_kb is measured from dist/.
 */
export const initialJsBench: BenchModule = {
  name: 'initial-js',
  keys: ['initial_js_gzip_kb', 'precache_gzip_kb'],
  async run({ server, browser, log }) {
    const precached = precache();
    log(`precache: ${precached.entries} entries, ${precached.gzip_kb} kB gzip`);
    const { context, page } = await newPage(browser, server.baseURL);
    try {
      const login = recordScripts(page);
      await page.goto('/v2/login', { waitUntil: 'networkidle' });
      await login.settled();
      page.removeAllListeners('response');
      if (login.chunks.length === 0) throw new Error('/v2/login loaded no script');
      log(`/v2/login: ${login.chunks.length} scripts, ${totalKb(login.chunks)} kB gzip`);

      const home = recordScripts(page);
      await signIn(page, OPERATOR_EMAIL);
      await page.waitForURL('**/v2/home');
      await page.waitForLoadState('networkidle');
      await home.settled();
      log(`/v2/home after sign-in: +${home.chunks.length} scripts, +${totalKb(home.chunks)} kB gzip`);

      return {
        figures: { initial_js_gzip_kb: totalKb(login.chunks), precache_gzip_kb: precached.gzip_kb },
        details: {
          precache: precached,
          login: {
            scripts: login.chunks.length,
            gzip_kb: totalKb(login.chunks),
            raw_kb: kb(login.chunks.reduce((s, c) => s + c.rawBytes, 0)),
            biggest: biggest(login.chunks),
            made_of: await composition(server.baseURL, login.chunks),
          },
          home_after_sign_in: {
            added_scripts: home.chunks.length,
            added_gzip_kb: totalKb(home.chunks),
            total_gzip_kb: totalKb([...login.chunks, ...home.chunks]),
            biggest_added: biggest(home.chunks),
          },
        },
      };
    } finally {
      await context.close();
    }
  },
};
