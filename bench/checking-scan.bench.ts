import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { users } from '../src/server/db/schema';
import type { CheckingOrder } from '../src/shared/contract/checking.contract';
import { startBuiltServer } from '../tests/support/built-server';
import type { StandaloneBenchModule } from './support/bench';
import { OPERATOR_EMAIL, launchBrowser, signIn } from './support/browser';
import { startedCheckingTask } from './support/checking-data';
import { prepareDatabase } from './support/putaway-data';
import { DIST } from './support/server';
import { round, summary } from './support/stats';
import { BETWEEN_SCANS_MS, KEY_GAP_MS, MEASURE, recordBursts, scanRun, type ScanScript } from './support/wedge-scan';

/**
 * checking_scan_feedback_p95_ms (and _cpu4x): the checking station screen
 * (/v2/salesoutbound/checking?station=…&container=…) on a station's PC-sized page, signed in as
 * the operator, on a cart holding one picked order of LINES lines (a SKU each) at the demo's
 * CHK-01 (mode Checking: the cart's only order is the one checked). Each scan is a unit of the
 * order by its barcode, which the screen counts (its line and the order's units go up), except
 * every REFUSED_EVERY-th, a code of no item, which the screen refuses (kept on screen, the refusal
 * queued in the outbox). Keyboard-wedge bursts and the app's own measure, as the scan bench
 * (support/wedge-scan.ts): p95 of every scan, then again with the CPU slowed 4x. The network is cut
 * once the task is open (the station checks offline; refusals wait in the outbox), so the server
 * takes no CPU from the page. The order never completes within the run (it has more units than
 * the scans count), so the finishing step (packaging, weight) is never asked.
 */

const SCANS = 200;
const WARM_UP_SCANS = 10;
const REFUSED_EVERY = 10;
/** The order's lines, one SKU each (`BENCH_CHECKING_LINES` measures another size). */
const LINES = Number(process.env.BENCH_CHECKING_LINES ?? 250);
const STATION = 'CHK-01';
const CONTAINER = 'CART028';
const TOTAL_SCANS = 2 * (WARM_UP_SCANS + SCANS);
const isRefused = (i: number) => i % REFUSED_EVERY === REFUSED_EVERY - 1;
const ACCEPTED_SCANS = Array.from({ length: TOTAL_SCANS }, (_, i) => i).filter((i) => !isRefused(i)).length;
/** Units per line: enough that every unit scan of the runs is counted and the order is still open after the last. */
const UNITS_PER_LINE = Math.ceil((ACCEPTED_SCANS + 1) / LINES);

/** A scan of the script and what the page must show after it. */
type Planned =
  | { kind: 'unit'; code: string; skuId: string; lineCount: number; orderUnits: number }
  | { kind: 'refused'; code: string; orderUnits: number };

/** The scans in turn: the order's lines in the card's order, round and round, one unit a scan; every REFUSED_EVERY-th a code of no item. */
function planScans(order: CheckingOrder): Planned[] {
  const counted = new Map<string, number>();
  let units = 0;
  return Array.from({ length: TOTAL_SCANS }, (_, i): Planned => {
    // 13 digits, like the SKUs' barcodes, of no item (and no slot or order number).
    if (isRefused(i)) return { kind: 'refused', code: `49${String(i).padStart(11, '0')}`, orderUnits: units };
    const line = order.lines[units % order.lines.length]!;
    const lineCount = (counted.get(line.sku_id) ?? 0) + 1;
    counted.set(line.sku_id, lineCount);
    units += 1;
    return { kind: 'unit', code: line.codes.find((c) => c !== line.sku_id) ?? line.sku_id, skuId: line.sku_id, lineCount, orderUnits: units };
  });
}

/** What the page shows of the order after a scan: the scanned line's count, the order's units, the refusal note. */
function showsAfterScan({ orderNo, skuId, lineCount, qty, orderUnits, totalQty, refusedCode }: {
  orderNo: string; skuId: string | null; lineCount: number; qty: number; orderUnits: number; totalQty: number; refusedCode: string | null;
}): boolean {
  const row = document.querySelector(`[data-testid="checking-order"][data-order="${CSS.escape(orderNo)}"]`);
  if (row?.querySelectorAll('td')[2]?.textContent !== `${orderUnits} / ${totalQty}`) return false;
  const refusal = document.querySelector('[data-testid="checking-refused"]');
  if (refusedCode !== null) return refusal?.textContent?.includes(refusedCode) ?? false;
  if (refusal !== null) return false;
  const line = document.querySelector(`[data-testid="checking-line"][data-sku="${CSS.escape(skuId!)}"] [data-testid="checking-line-count"]`);
  return line?.textContent === `${lineCount} / ${qty}`;
}

function checkingScript(order: CheckingOrder): ScanScript & { refocused: number; planned: Planned[] } {
  const planned = planScans(order);
  let scans = 0;
  const script = {
    planned,
    refocused: 0,
    next() {
      const scan = planned[scans];
      if (!scan) throw new Error(`The script plans ${planned.length} scans: too few for the scans asked`);
      scans += 1;
      return scan.code;
    },
    async outcome(page: Page) {
      const scan = planned[scans - 1]!;
      const want = {
        orderNo: order.order_no, skuId: scan.kind === 'unit' ? scan.skuId : null, lineCount: scan.kind === 'unit' ? scan.lineCount : 0, qty: UNITS_PER_LINE,
        orderUnits: scan.orderUnits, totalQty: order.total_qty, refusedCode: scan.kind === 'refused' ? scan.code : null,
      };
      const ok = await page.waitForFunction(showsAfterScan, want, { timeout: 2_000, polling: 'raf' }).then(() => true, () => false);
      // The scan field keeps the focus; if it did not, the next burst would go nowhere.
      const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');
      if (focused !== 'checking-scan') {
        script.refocused += 1;
        const field = page.getByTestId('checking-scan');
        if (!(await field.isVisible())) {
          await page.screenshot({ path: path.join(os.tmpdir(), 'tally-bench-checking-scan-lost.png') });
          throw new Error(`After scan ${scans} (${scan.kind} ${scan.code}) no scan field is shown: ${(await page.locator('body').textContent({ timeout: 1_000 }).catch(() => ''))?.slice(0, 300)}`);
        }
        await field.focus();
      }
      return { verdict: `${scan.kind} ${ok ? 'as expected' : 'NOT as expected'}`, garbled: !ok };
    },
  };
  return script;
}

export const checkingScanBench: StandaloneBenchModule = {
  name: 'checking-scan',
  keys: ['checking_scan_feedback_p95_ms', 'checking_scan_feedback_p95_ms_cpu4x'],
  standalone: true,
  async run({ log }) {
    if (!Number.isInteger(LINES) || LINES < 1 || LINES * UNITS_PER_LINE > 10_000) throw new Error(`BENCH_CHECKING_LINES=${process.env.BENCH_CHECKING_LINES}: a whole number of lines, 1 or more`);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tally-bench-checking-scan-'));
    try {
      const work = await prepareDatabase({ dataDir }, async (db) => {
        const [operator] = await db.select({ userId: users.userId }).from(users).where(eq(users.email, OPERATOR_EMAIL));
        if (!operator) throw new Error(`No user ${OPERATOR_EMAIL} in the demo data`);
        return startedCheckingTask(db, operator.userId, {
          prefix: 'CSC', orders: 1, linesPerOrder: LINES, qtyPerLine: UNITS_PER_LINE, skus: LINES, stockPerSku: UNITS_PER_LINE, container: CONTAINER, station: STATION,
        });
      });
      const order = work.orders[0]!;
      const server = await startBuiltServer(DIST, 'tally-bench-checking-scan-', { dataDir });
      const browser = await launchBrowser();
      try {
        // A checking station is a PC (or a tablet) with a wedge scanner.
        const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1366, height: 800 }, locale: 'en-US' });
        await context.addInitScript(recordBursts);
        const page = await context.newPage();
        const screen = `/v2/salesoutbound/checking?station=${encodeURIComponent(work.station)}&container=${encodeURIComponent(work.container)}`;
        await page.goto(`/v2/login?redirect_url=${encodeURIComponent(screen)}`);
        await signIn(page, OPERATOR_EMAIL);
        await page.getByTestId('checking-scan').waitFor({ timeout: 20_000 });
        // As a station that works offline: the service worker installed and controlling the page (every chunk precached).
        await page.evaluate(() => navigator.serviceWorker.ready);
        await page.reload();
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
        await page.getByTestId('checking-scan').waitFor({ timeout: 20_000 });
        const taskShown = await page.getByTestId('checking-task-no').textContent();
        if (!taskShown?.includes(work.taskNo)) throw new Error(`The checking screen shows "${taskShown}", not task ${work.taskNo}`);
        if ((await page.getByTestId('checking-line').count()) !== order.lines.length) throw new Error(`The order card does not show the order's ${order.lines.length} lines`);
        await context.setOffline(true);
        await page.getByTestId('checking-scan').focus();
        const cdp = await context.newCDPSession(page);
        const script = checkingScript(order);
        await scanRun(page, cdp, script, WARM_UP_SCANS);
        const fast = await scanRun(page, cdp, script, SCANS);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        let slow;
        try {
          await scanRun(page, cdp, script, WARM_UP_SCANS);
          slow = await scanRun(page, cdp, script, SCANS);
        } finally {
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        }
        await context.close();
        // Each run starts at a multiple of REFUSED_EVERY scans (the warm-ups are 10), so its refused scans are at the same indexes.
        const split = (d: number[]) => ({ unit: summary(d.filter((_, i) => !isRefused(i))), refused: summary(d.filter((_, i) => isRefused(i))) });
        const normal = summary(fast.durations);
        const throttled = summary(slow.durations);
        const refusedShare = round(script.planned.filter((s) => s.kind === 'refused').length / script.planned.length, 2);
        log(`order ${order.order_no}: ${order.lines.length} lines of ${UNITS_PER_LINE} units; ${SCANS} scans a run, 1 in ${REFUSED_EVERY} refused`);
        log(`unthrottled: p50 ${normal.p50} ms, p95 ${normal.p95} ms (${fast.durations.length} measures, ${fast.missing} missing, ${fast.garbled} not as expected)`);
        log(`CPU 4x slower: p50 ${throttled.p50} ms, p95 ${throttled.p95} ms (${slow.durations.length} measures, ${slow.missing} missing, ${slow.garbled} not as expected)`);
        log(`by kind: ${JSON.stringify(split(fast.durations))}; at 4x ${JSON.stringify(split(slow.durations))}; refocused ${script.refocused}`);
        return {
          figures: { checking_scan_feedback_p95_ms: normal.p95, checking_scan_feedback_p95_ms_cpu4x: throttled.p95 },
          details: {
            scans_per_run: SCANS, warm_up_scans: WARM_UP_SCANS, between_scans_ms: BETWEEN_SCANS_MS, measure: MEASURE, refused_every: REFUSED_EVERY, refused_share: refusedShare,
            input: `CDP Input.dispatchKeyEvent keyDown/keyUp per character every ${KEY_GAP_MS} ms, then Enter; 1366×800 station page; offline`,
            task: { task_no: work.taskNo, station: work.station, container: work.container, order_no: order.order_no, lines: order.lines.length, units_per_line: UNITS_PER_LINE },
            unthrottled: { ...normal, missing: fast.missing, not_as_expected: fast.garbled, verdicts: fast.verdicts, by_kind: split(fast.durations) },
            cpu4x: { ...throttled, missing: slow.missing, not_as_expected: slow.garbled, verdicts: slow.verdicts, by_kind: split(slow.durations) },
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
