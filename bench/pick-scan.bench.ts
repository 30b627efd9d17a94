import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { users } from '../src/server/db/schema';
import { startBuiltServer } from '../tests/support/built-server';
import { PDA_USER_AGENT, PDA_VIEWPORT } from '../tests/e2e/browser';
import type { StandaloneBenchModule } from './support/bench';
import { OPERATOR_EMAIL, launchBrowser, signIn } from './support/browser';
import { claimedPickWave, type PickWork } from './support/pick-data';
import { prepareDatabase } from './support/putaway-data';
import { DIST } from './support/server';
import { round, summary } from './support/stats';
import { BETWEEN_SCANS_MS, KEY_GAP_MS, MEASURE, recordBursts, scanRun, type ScanScript } from './support/wedge-scan';

/**
 * pick_scan_feedback_p95_ms (and _cpu4x): the picking screen (/v2/salesoutbound/picking/<task>)
 * on a PDA-sized page, signed in as the operator, with a claimed pick-to-wave task of 1-unit
 * stops: each stop is a location scan (the screen moves to the SKU step) and a SKU scan by its
 * barcode that completes the stop (the pick is enqueued in the outbox and the next stop shown).
 * Keyboard-wedge bursts and the app's own measure, as the scan bench (support/wedge-scan.ts): p95
 * of both kinds of scans, then again with the CPU slowed 4x. The network is cut once the task is
 * open (a PDA picks offline; the picks wait in the outbox), so the server takes no CPU from the page.
 */

const SCANS = 200;
const WARM_UP_SCANS = 10;
/** Stops of the task: two scans each, for two warm-ups and two measured runs, and some to spare. */
const STOPS = 240;

/** The route in turn: a stop's location, then its SKU's barcode; each outcome checked against what that scan should do. */
function routeScript(work: PickWork): ScanScript & { noticeMs: number[]; refocused: number } {
  let scans = 0;
  const noticeMs: number[] = [];
  const barcodeOf = (i: number) => work.lines[i]!.codes.find((c) => c !== work.lines[i]!.sku_id) ?? work.lines[i]!.sku_id;
  const script = {
    noticeMs,
    refocused: 0,
    next() {
      const stop = Math.floor(scans / 2);
      const sku = scans % 2 === 1;
      scans += 1;
      if (stop >= work.lines.length) throw new Error(`The task has ${work.lines.length} stops: too few for the scans asked`);
      return sku ? barcodeOf(stop) : work.lines[stop]!.location_id;
    },
    async outcome(page: Page) {
      const sku = scans % 2 === 0;
      const stop = Math.floor((scans - 1) / 2);
      let ok: boolean;
      if (!sku) {
        ok = await page.getByTestId('picking-sku-scan').waitFor({ timeout: 2_000 }).then(() => true, () => false);
      } else {
        // The pick is written to the outbox, then the notice and the next stop's location step are shown.
        const next = work.lines[stop + 1]?.location_id ?? null;
        ok = await page.waitForFunction((want) => document.querySelector('[data-testid="picking-notice"]') !== null
          && document.querySelector('[data-testid="picking-location-scan"]') !== null
          && (want === null || document.querySelector('[data-testid="picking-location"]')?.textContent === want), next, { timeout: 3_000, polling: 'raf' })
          .then(() => true, () => false);
        if (ok) {
          noticeMs.push(await page.evaluate(() => {
            const times = (window as unknown as { __keyTimes: number[][] }).__keyTimes;
            return performance.now() - times[times.length - 1]!.at(-1)!;
          }));
        }
      }
      // The step's new scan field takes the focus; if it did not, the next burst would go nowhere.
      const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');
      if (!focused.endsWith('-scan')) {
        script.refocused += 1;
        const field = page.locator('[data-testid$="-scan"]').first();
        if (!(await field.isVisible())) {
          await page.screenshot({ path: path.join(os.tmpdir(), 'tally-bench-pick-scan-lost.png') });
          throw new Error(`After scan ${scans} (${sku ? 'SKU' : 'location'} of stop ${stop + 1}) no scan field is shown: ${(await page.locator('body').textContent({ timeout: 1_000 }).catch(() => ''))?.slice(0, 300)}`);
        }
        await field.focus();
      }
      return { verdict: `${sku ? 'SKU' : 'location'} ${ok ? 'as expected' : 'NOT as expected'}`, garbled: !ok };
    },
  };
  return script;
}

export const pickScanBench: StandaloneBenchModule = {
  name: 'pick-scan',
  keys: ['pick_scan_feedback_p95_ms', 'pick_scan_feedback_p95_ms_cpu4x'],
  standalone: true,
  async run({ log }) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tally-bench-pick-scan-'));
    try {
      const work = await prepareDatabase({ dataDir }, async (db) => {
        const [operator] = await db.select({ userId: users.userId }).from(users).where(eq(users.email, OPERATOR_EMAIL));
        if (!operator) throw new Error(`No user ${OPERATOR_EMAIL} in the demo data`);
        return claimedPickWave(db, operator.userId, { prefix: 'PSC', orders: STOPS, linesPerOrder: 1, qtyPerLine: 1, skus: STOPS, stockPerSku: 5, container: 'CART028' });
      });
      const server = await startBuiltServer(DIST, 'tally-bench-pick-scan-', { dataDir });
      const browser = await launchBrowser();
      try {
        const context = await browser.newContext({ baseURL: server.baseURL, viewport: PDA_VIEWPORT, userAgent: PDA_USER_AGENT, locale: 'en-US' });
        await context.addInitScript(recordBursts);
        const page = await context.newPage();
        await page.goto(`/v2/login?redirect_url=${encodeURIComponent(`/v2/salesoutbound/picking/${work.taskNo}`)}`);
        await signIn(page, OPERATOR_EMAIL);
        await page.getByTestId('picking-location-scan').waitFor({ timeout: 20_000 });
        // As a PDA that works offline: the service worker installed and controlling the page (every chunk precached).
        await page.evaluate(() => navigator.serviceWorker.ready);
        await page.reload();
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
        await page.getByTestId('picking-location-scan').waitFor({ timeout: 20_000 });
        if ((await page.getByTestId('picking-location').textContent()) !== work.lines[0]!.location_id) throw new Error('The picking screen does not show the route\'s first stop');
        await context.setOffline(true);
        await page.locator('[data-testid="picking-location-scan"]').focus();
        const cdp = await context.newCDPSession(page);
        const script = routeScript(work);
        await scanRun(page, cdp, script, WARM_UP_SCANS);
        const fast = await scanRun(page, cdp, script, SCANS);
        const fastNotice = script.noticeMs.splice(0);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        let slow;
        try {
          await scanRun(page, cdp, script, WARM_UP_SCANS);
          script.noticeMs.splice(0);
          slow = await scanRun(page, cdp, script, SCANS);
        } finally {
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        }
        await context.close();
        // Scans alternate location, SKU (the warm-up is an even number of scans): even indexes are locations.
        const split = (d: number[]) => ({ location: summary(d.filter((_, i) => i % 2 === 0)), sku_completing_pick: summary(d.filter((_, i) => i % 2 === 1)) });
        const normal = summary(fast.durations);
        const throttled = summary(slow.durations);
        log(`unthrottled: p50 ${normal.p50} ms, p95 ${normal.p95} ms (${fast.durations.length} measures, ${fast.missing} missing, ${fast.garbled} not as expected)`);
        log(`CPU 4x slower: p50 ${throttled.p50} ms, p95 ${throttled.p95} ms (${slow.durations.length} measures, ${slow.missing} missing, ${slow.garbled} not as expected)`);
        log(`by kind: ${JSON.stringify(split(fast.durations))}; at 4x ${JSON.stringify(split(slow.durations))}`);
        log(`Enter → pick saved (notice and next stop shown): p95 ${summary(fastNotice).p95} ms, at 4x ${summary(script.noticeMs).p95} ms; refocused ${script.refocused}`);
        return {
          figures: { pick_scan_feedback_p95_ms: normal.p95, pick_scan_feedback_p95_ms_cpu4x: throttled.p95 },
          details: {
            scans_per_run: SCANS, warm_up_scans: WARM_UP_SCANS, between_scans_ms: BETWEEN_SCANS_MS, measure: MEASURE,
            input: `CDP Input.dispatchKeyEvent keyDown/keyUp per character every ${KEY_GAP_MS} ms, then Enter; PDA viewport and user agent; offline`,
            task: { task_no: work.taskNo, stops: work.lines.length, units_per_stop: 1 },
            unthrottled: { ...normal, missing: fast.missing, not_as_expected: fast.garbled, verdicts: fast.verdicts, by_kind: split(fast.durations) },
            cpu4x: { ...throttled, missing: slow.missing, not_as_expected: slow.garbled, verdicts: slow.verdicts, by_kind: split(slow.durations) },
            enter_to_pick_saved_ms: summary(fastNotice), enter_to_pick_saved_ms_cpu4x: summary(script.noticeMs),
            enter_waited_behind_keys_ms: summary(fast.enterWaits), enter_waited_behind_keys_ms_cpu4x: summary(slow.enterWaits),
            enter_to_sound_started_ms: summary(fast.soundLatencies), enter_to_sound_started_ms_cpu4x: summary(slow.soundLatencies),
            refocused_by_harness: script.refocused, machine_load_1m: round(os.loadavg()[0]!, 1),
          },
        };
      } finally {
        await browser.close();
        await server.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
