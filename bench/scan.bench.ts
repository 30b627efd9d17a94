import type { Browser, CDPSession, Page } from 'playwright-core';
import type { BenchModule } from './support/bench';
import { OPERATOR_EMAIL, newPage, signIn } from './support/browser';
import { round, summary } from './support/stats';

const SCANS = 200;
/** Scans before each measured run, not counted: first-use costs (sound clips, JIT) are not the steady state. */
const WARM_UP_SCANS = 10;
/** The pause between two labels: an operator moves to the next one faster than any screen. */
const BETWEEN_SCANS_MS = 50;
const MEASURE = 'tally:scan-feedback';

/** Labels of the lengths a floor scanner reads (13–20 characters): EAN-13, SKU, cell and ASN codes. */
function label(i: number): string {
  switch (i % 4) {
    case 0: return String(8_991_234_567_000 + i); // 13 digits
    case 1: return `SKU-${String(1_000_000_000 + i * 37)}`; // 14
    case 2: return `LOC-A${String(i % 40).padStart(2, '0')}-${String(i % 9).padStart(2, '0')}-B${i % 7}L`; // 14
    default: return `ASN-VN01-${String(2026_000_000 + i)}`; // 19
  }
}

/** A wedge scanner's pace: its HID reports arrive every 1–3 ms whatever the page is doing. */
const KEY_GAP_MS = 2;

/** Waits until `ms` after `since` (setImmediate steps: setTimeout cannot wait 2 ms precisely). */
async function until(since: number, ms: number): Promise<void> {
  while (performance.now() - since < ms) await new Promise((resolve) => setImmediate(resolve));
}

const keyOf = (ch: string) => ({
  key: ch,
  code: /\d/.test(ch) ? `Digit${ch}` : /[a-z]/i.test(ch) ? `Key${ch.toUpperCase()}` : ch === '-' ? 'Minus' : '',
  windowsVirtualKeyCode: /[a-z\d]/i.test(ch) ? ch.toUpperCase().charCodeAt(0) : ch === '-' ? 189 : 0,
});

/**
 * A keyboard-wedge burst: each character as a CDP keyDown (with its text) and keyUp, then Enter,
 * sent at the scanner's pace without waiting for the page to handle each key, as a scanner does:
 * a page slower than the scanner gets a backlog, and the Enter's feedback waits behind it.
 */
async function wedgeScan(cdp: CDPSession, text: string): Promise<void> {
  const sent: Promise<unknown>[] = [];
  let last = performance.now();
  for (const ch of [...text, '\r']) {
    const key = ch === '\r' ? { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13 } : keyOf(ch);
    await until(last, KEY_GAP_MS);
    last = performance.now();
    sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...key, text: ch, unmodifiedText: ch }));
    sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key }));
  }
  await Promise.all(sent);
}

interface RunResult {
  durations: number[];
  /** Scans whose measure did not come within 2 s. */
  missing: number;
  /** Scans whose value on the page is not the label sent. */
  garbled: number;
  /** What the page answered (its scan-verdict line), counted. */
  verdicts: Record<string, number>;
  gaps: number[];
  /** Enter keydown: from its timestamp to the first listener (the backlog of the burst). */
  enterWaits: number[];
  /** Enter keydown timestamp to the cue's sound being started (the app's 'tally:cue' event). */
  soundLatencies: number[];
}

/** Scans `count` labels and reads the app's measures (Enter keydown → frame showing the feedback). */
async function scanRun(page: Page, cdp: CDPSession, count = SCANS): Promise<RunResult> {
  await page.evaluate((name) => {
    performance.clearMeasures(name);
    const w = window as unknown as { __keyTimes: number[][]; __enterWaits: number[]; __sound: number[] };
    w.__keyTimes = [];
    w.__enterWaits = [];
    w.__sound = [];
  }, MEASURE);
  let missing = 0;
  let garbled = 0;
  const verdicts: Record<string, number> = {};
  for (let i = 0; i < count; i++) {
    await wedgeScan(cdp, label(i));
    await page.waitForTimeout(BETWEEN_SCANS_MS);
    // The next label waits for this one's feedback, so a slow frame cannot overlap two scans.
    const seen = await page.waitForFunction(([name, want]) => performance.getEntriesByName(name, 'measure').length >= want, [MEASURE, i + 1 - missing] as const, { timeout: 2_000 })
      .then(() => true, () => false);
    if (!seen) missing += 1;
    const verdict = (await page.getByTestId('scan-verdict').textContent({ timeout: 1_000 }).catch(() => null)) ?? '(none)';
    verdicts[verdict] = (verdicts[verdict] ?? 0) + 1;
    // Every key of the burst must have arrived: a garbled value would make the figure meaningless.
    if ((await page.getByTestId('scan-value').textContent({ timeout: 1_000 }).catch(() => null)) !== label(i)) garbled += 1;
  }
  const { durations, gaps, enterWaits, soundLatencies } = await page.evaluate((name) => {
    const w = window as unknown as { __keyTimes: number[][]; __enterWaits: number[]; __sound: number[] };
    return {
      durations: performance.getEntriesByName(name, 'measure').map((m) => m.duration),
      gaps: w.__keyTimes.flatMap((times) => times.slice(1).map((t, i) => t - times[i]!)),
      enterWaits: w.__enterWaits,
      soundLatencies: w.__sound,
    };
  }, MEASURE);
  return { durations, missing, garbled, verdicts, gaps, enterWaits, soundLatencies };
}

/** In the page: each burst's keydown timestamps (gaps) and how late its Enter is first handled. */
function recordBursts(): void {
  const w = window as unknown as { __keyTimes: number[][]; __enterWaits: number[]; __sound: number[] };
  w.__keyTimes = [];
  w.__enterWaits = [];
  w.__sound = [];
  let burst: number[] = [];
  let enterAt: number | null = null;
  // The app's cue event carries when the sound was started (performance.now()).
  window.addEventListener('tally:cue', (e) => {
    const at = (e as CustomEvent<{ at: number }>).detail.at;
    if (enterAt !== null) w.__sound.push(at - enterAt);
    enterAt = null;
  });
  window.addEventListener('keydown', (e) => {
    burst.push(e.timeStamp);
    if (e.key === 'Enter') {
      enterAt = e.timeStamp;
      w.__keyTimes.push(burst);
      // How long the Enter waited behind the burst's earlier keys before any listener ran.
      w.__enterWaits.push(performance.now() - e.timeStamp);
      burst = [];
    }
  }, { capture: true });
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
      const run = await scanRun(page, cdp, SCANS / 2).finally(() => cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }));
      floor[rate === 1 ? 'unthrottled' : 'cpu4x'] = { ...summary(run.durations), enter_waited_behind_keys_ms: summary(run.enterWaits).p95, garbled: run.garbled };
    }
    return floor;
  } finally {
    await context.close();
  }
}

/** The scanner check page as the operator: warm-up, 200 scans, then the same at 4x CPU. */
async function appRuns(browser: Browser, baseURL: string): Promise<{ fast: RunResult; slow: RunResult }> {
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

    await scanRun(page, cdp, WARM_UP_SCANS);
    const fast = await scanRun(page, cdp);
    if (fast.durations.length === 0) throw new Error(`No "${MEASURE}" measure after ${SCANS} scans: does the page record it?`);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    try {
      await scanRun(page, cdp, WARM_UP_SCANS);
      return { fast, slow: await scanRun(page, cdp) };
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
