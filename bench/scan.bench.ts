import type { Browser, Page } from 'playwright-core';
import type { BenchModule } from './support/bench';
import { OPERATOR_EMAIL, newPage, signIn } from './support/browser';
import { round, summary } from './support/stats';
import { BETWEEN_SCANS_MS, KEY_GAP_MS, MEASURE, recordBursts, scanRun, type ScanRunResult, type ScanScript } from './support/wedge-scan';

const SCANS = 200;
/** Scans before each measured run, not counted: first-use costs (sound clips, JIT) are not the steady state. */
const WARM_UP_SCANS = 10;

/** Labels of the lengths a floor scanner reads (13–20 characters): EAN-13, SKU, cell and ASN codes. */
function label(i: number): string {
  switch (i % 4) {
    case 0: return String(8_991_234_567_000 + i); // 13 digits
    case 1: return `SKU-${String(1_000_000_000 + i * 37)}`; // 14
    case 2: return `LOC-A${String(i % 40).padStart(2, '0')}-${String(i % 9).padStart(2, '0')}-B${i % 7}L`; // 14
    default: return `ASN-VN01-${String(2026_000_000 + i)}`; // 19
  }
}

/** Scanner check labels in turn; the page shows each value and its verdict. */
function scannerCheckScript(): ScanScript {
  let i = 0;
  return {
    next: () => label(i++),
    async outcome(page: Page, sent: string) {
      const verdict = (await page.getByTestId('scan-verdict').textContent({ timeout: 1_000 }).catch(() => null)) ?? '(none)';
      // Every key of the burst must have arrived: a garbled value would make the figure meaningless.
      const garbled = (await page.getByTestId('scan-value').textContent({ timeout: 1_000 }).catch(() => null)) !== sent;
      return { verdict, garbled };
    },
  };
}

/**
 * The floor of this browser and harness: a bare input that shows the value and measures the same
 * way (Enter keydown → next frame), with no app. What the app adds is the figure minus this.
 */
const BARE_PAGE = `<!doctype html><input data-testid="scan-input" autofocus>
<div data-testid="scan-value"></div><div data-testid="scan-verdict"></div>
<script>
  const field = document.querySelector('input');
  field.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter') return;
    const at = e.timeStamp;
    document.querySelector('[data-testid="scan-value"]').textContent = field.value;
    document.querySelector('[data-testid="scan-verdict"]').textContent = 'bare';
    field.value = '';
    requestAnimationFrame(() => performance.measure('${MEASURE}', { start: at }));
  });
</script>`;

/** Runs in a profile of its own, after the app's is closed: nothing else competes for the CPU. */
async function floorRuns(browser: Browser): Promise<Record<string, unknown>> {
  const context = await browser.newContext();
  try {
    await context.addInitScript(recordBursts);
    const page = await context.newPage();
    await page.goto(`data:text/html,${encodeURIComponent(BARE_PAGE)}`);
    await page.focus('input');
    const cdp = await context.newCDPSession(page);
    const floor: Record<string, unknown> = {};
    for (const rate of [1, 4]) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const run = await scanRun(page, cdp, scannerCheckScript(), SCANS / 2).finally(() => cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }));
      floor[rate === 1 ? 'unthrottled' : 'cpu4x'] = { ...summary(run.durations), enter_waited_behind_keys_ms: summary(run.enterWaits).p95, garbled: run.garbled };
    }
    return floor;
  } finally {
    await context.close();
  }
}

/** The scanner check page as the operator: warm-up, 200 scans, then the same at 4x CPU. */
async function appRuns(browser: Browser, baseURL: string): Promise<{ fast: ScanRunResult; slow: ScanRunResult }> {
  const { context, page } = await newPage(browser, baseURL);
  try {
    await context.addInitScript(recordBursts);
    await page.goto('/v2/login?redirect_url=%2Fv2%2Fscanner-check');
    await signIn(page, OPERATOR_EMAIL);
    const field = page.getByTestId('scan-input');
    try {
      await page.waitForURL('**/v2/scanner-check', { timeout: 15_000 });
      await field.waitFor({ timeout: 15_000 });
    } catch {
      throw new Error(`scanner-check page not available (no [data-testid="scan-input"] at /v2/scanner-check; at ${page.url()})`);
    }
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'scan-input', undefined, { timeout: 5_000 })
      .catch(() => field.focus());
    const cdp = await context.newCDPSession(page);

    const script = scannerCheckScript();
    await scanRun(page, cdp, script, WARM_UP_SCANS);
    const fast = await scanRun(page, cdp, script, SCANS);
    if (fast.durations.length === 0) throw new Error(`No "${MEASURE}" measure after ${SCANS} scans: does the page record it?`);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    try {
      await scanRun(page, cdp, script, WARM_UP_SCANS);
      return { fast, slow: await scanRun(page, cdp, script, SCANS) };
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    }
  } finally {
    await context.close();
  }
}

/**
 * scan_feedback_p95_ms (and _cpu4x): on /v2/scanner-check, signed in as the operator, 200
 * keyboard-wedge labels; the app measures each from the Enter keydown to the animation frame
 * after its feedback (sound started, result rendered). Then again with the CPU slowed 4x (CDP).
 * The same on a bare input gives the floor of this browser and harness (a detail).
 */
export const scanBench: BenchModule = {
  name: 'scan',
  keys: ['scan_feedback_p95_ms', 'scan_feedback_p95_ms_cpu4x'],
  async run({ server, browser, log }) {
    const { fast, slow } = await appRuns(browser, server.baseURL);
    const normal = summary(fast.durations);
    const throttled = summary(slow.durations);
    log(`unthrottled: p50 ${normal.p50} ms, p95 ${normal.p95} ms (${fast.durations.length} measures, ${fast.missing} missing, ${fast.garbled} garbled)`);
    log(`CPU 4x slower: p50 ${throttled.p50} ms, p95 ${throttled.p95} ms (${slow.durations.length} measures, ${slow.missing} missing, ${slow.garbled} garbled)`);
    const gaps = summary(fast.gaps);
    log(`Enter to sound started: p50 ${summary(fast.soundLatencies).p50} ms, p95 ${summary(fast.soundLatencies).p95} ms; at 4x p95 ${summary(slow.soundLatencies).p95} ms`);
    log(`inter-key gaps: p50 ${gaps.p50} ms, p95 ${gaps.p95} ms; Enter waited behind the burst: p95 ${summary(fast.enterWaits).p95} ms, ${summary(slow.enterWaits).p95} ms at 4x`);
    const floor = await floorRuns(browser);
    log(`bare input (the floor): ${JSON.stringify(floor)}`);
    return {
      figures: { scan_feedback_p95_ms: normal.p95, scan_feedback_p95_ms_cpu4x: throttled.p95 },
      details: {
        scans_per_run: SCANS,
        warm_up_scans: WARM_UP_SCANS,
        between_scans_ms: BETWEEN_SCANS_MS,
        input: `CDP Input.dispatchKeyEvent keyDown/keyUp per character every ${KEY_GAP_MS} ms, not waiting for the page, then Enter (desktop viewport)`,
        unthrottled: { ...normal, missing: fast.missing, garbled: fast.garbled, verdicts: fast.verdicts },
        cpu4x: { ...throttled, missing: slow.missing, garbled: slow.garbled, verdicts: slow.verdicts },
        enter_to_sound_started_ms: summary(fast.soundLatencies),
        enter_to_sound_started_ms_cpu4x: summary(slow.soundLatencies),
        enter_waited_behind_keys_ms: summary(fast.enterWaits),
        enter_waited_behind_keys_ms_cpu4x: summary(slow.enterWaits),
        floor_bare_input: floor,
        inter_key_gap_ms: gaps,
        inter_key_gap_ms_cpu4x: summary(slow.gaps),
        mean_label_length: round(Array.from({ length: SCANS }, (_, i) => label(i).length).reduce((a, b) => a + b, 0) / SCANS, 1),
      },
    };
  },
};
