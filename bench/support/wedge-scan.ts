import type { CDPSession, Page } from 'playwright-core';
import { sendWedgeBurst } from '../../tests/support/wedge-keys';

/**
 * The scan benches' measuring (scan.bench.ts, pick-scan.bench.ts): keyboard-wedge bursts sent
 * through CDP at a scanner's pace, and the app's own measure of each scan, from the Enter keydown
 * to the animation frame after its feedback (use-scan-input.ts).
 */

/** The pause between two labels: an operator moves to the next one faster than any screen. */
export const BETWEEN_SCANS_MS = 50;
export const MEASURE = 'tally:scan-feedback';

/** A wedge scanner's pace: its HID reports arrive every 1–3 ms whatever the page is doing. */
export const KEY_GAP_MS = 2;

/** A keyboard-wedge burst at the scanner's pace: a page slower than the scanner gets a backlog, and the Enter's feedback waits behind it. */
export const wedgeScan = (cdp: CDPSession, text: string): Promise<void> => sendWedgeBurst(cdp, text, KEY_GAP_MS);

export interface ScanRunResult {
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

/**
 * What a scan bench scans and how it reads the answer: `next()` gives the next label; after its
 * feedback frame, `outcome` reads what the page answered (a verdict, counted) and whether the page
 * shows something other than what the label should have done (garbled).
 */
export interface ScanScript {
  next(): string;
  outcome(page: Page, sent: string): Promise<{ verdict: string; garbled: boolean }>;
}

/** Scans `count` labels of the script and reads the app's measures (Enter keydown → frame showing the feedback). */
export async function scanRun(page: Page, cdp: CDPSession, script: ScanScript, count: number): Promise<ScanRunResult> {
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
    const sent = script.next();
    await wedgeScan(cdp, sent);
    await page.waitForTimeout(BETWEEN_SCANS_MS);
    // The next label waits for this one's feedback, so a slow frame cannot overlap two scans.
    const seen = await page.waitForFunction(([name, want]) => performance.getEntriesByName(name, 'measure').length >= want, [MEASURE, i + 1 - missing] as const, { timeout: 2_000 })
      .then(() => true, () => false);
    if (!seen) missing += 1;
    const outcome = await script.outcome(page, sent);
    verdicts[outcome.verdict] = (verdicts[outcome.verdict] ?? 0) + 1;
    if (outcome.garbled) garbled += 1;
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
export function recordBursts(): void {
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

