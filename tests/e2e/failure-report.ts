import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, inject } from 'vitest';
import { ROOT } from '../support/built-server';
import { openBrowsers } from '../support/chromium';

/**
 * When a browser test fails, what it left behind is written out before its browsers close: a
 * screenshot of every open page (test-results/failed/), and in the test's output each page's
 * address, its visible text, its outbox, and the shared server's log of the last two minutes
 * (requests slower than a second, errors). A failure in CI is then read, not guessed.
 */
const SERVER_LOG_WINDOW_MS = 120_000;

async function outboxOf(page: Page): Promise<string> {
  return page.evaluate(() => new Promise<string>((resolve) => {
    const open = indexedDB.open('tally-outbox');
    open.onerror = () => resolve('(no outbox)');
    open.onsuccess = () => {
      try {
        const read = open.result.transaction('ops').objectStore('ops').getAll();
        read.onsuccess = () => resolve((read.result as { seq: number; kind: string; state: string; attempts: number; last_error: unknown }[])
          .sort((a, b) => a.seq - b.seq)
          .map((o) => `${o.seq} ${o.kind} ${o.state} (sent ${o.attempts}×)${o.last_error ? ` ${JSON.stringify(o.last_error)}` : ''}`).join('\n') || '(empty)');
        read.onerror = () => resolve('(unreadable)');
      } catch {
        resolve('(no ops store)');
      }
    };
  }));
}

function recentServerLog(): string {
  try {
    const since = Date.now() - SERVER_LOG_WINDOW_MS;
    const lines = readFileSync(inject('serverLog'), 'utf8').split('\n').filter((line) => Date.parse(line.slice(0, 24)) >= since);
    return lines.slice(-60).join('\n') || '(nothing logged)';
  } catch (e) {
    return `(no server log: ${(e as Error).message})`;
  }
}

afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  const dir = path.join(ROOT, 'test-results', 'failed');
  mkdirSync(dir, { recursive: true });
  const stem = `${path.basename(task.file.name, '.test.ts')}-${task.name}`.replace(/[^\w.-]+/g, '_').slice(0, 80);
  const report: string[] = [`── What the failed test left behind: ${task.name}`];
  let n = 0;
  for (const browser of openBrowsers) {
    for (const context of browser.contexts()) {
      for (const page of context.pages()) {
        n += 1;
        const shot = path.join(dir, `${stem}-${n}.png`);
        const text = await page.evaluate(() => document.body?.innerText ?? '').catch((e: Error) => `(unreadable: ${e.message})`);
        await page.screenshot({ path: shot, timeout: 5000 }).catch(() => undefined);
        report.push(`page ${n}: ${page.url()} (screenshot ${path.relative(ROOT, shot)})`,
          `  text: ${text.replace(/\s+/g, ' ').slice(0, 800)}`,
          `  outbox:\n${(await outboxOf(page).catch((e: Error) => `(unreadable: ${e.message})`)).replace(/^/gm, '    ')}`);
      }
    }
  }
  report.push('server log (last two minutes):', recentServerLog().replace(/^/gm, '  '));
  console.error(report.join('\n'));
});
