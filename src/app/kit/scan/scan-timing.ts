import { SCAN_INTERVAL_MS } from '../../../shared/constants';

/**
 * Timing rules of scan input (spec §5, §9), free of the DOM so they are testable and shared
 * by the scan field and the scanner check page.
 *
 * A keyboard-wedge scanner "types" the whole label within a few milliseconds per character
 * and ends it with a suffix key (Enter, sometimes Tab). A person types 100 ms or more apart
 * and presses Enter later still. The spec's rule looks only at the Enter: more than the
 * interval after the last input, the entry was typed. That rule is `isManualEnter` (shared/validation); the classification below looks at every
 * gap, so a screen (and the scanner check page) can tell how an entry was made.
 */

/** Longest entry a scan field keeps; a longer burst is a stuck key or a runaway device. */
export const MAX_SCAN_LENGTH = 4096;

/**
 * Scanner bursts: a median gap at most this (ms). Wedge scanners send 1–10 ms per character,
 * slow hosts or configured inter-character delays up to ~30 ms; the fastest typists average
 * 60 ms or more between keys.
 */
export const SCANNER_MEDIAN_GAP_MS = 35;
/** Scanner bursts: no gap above this, so one pause (a person hitting two keys at once) is caught. */
export const SCANNER_MAX_GAP_MS = 100;

/** How an entry was made: a wedge scanner, a person on a keyboard, or the camera. */
export type ScanSource = 'scanner' | 'manual' | 'camera';
/** The key that ended the entry. */
export type ScanSuffix = 'Enter' | 'Tab';

export interface ScanKeystroke {
  /** What this input added (usually one character; several when the device sends a burst). */
  readonly text: string;
  /** When it arrived (event time stamp, ms, same clock as performance.now()). */
  readonly at: number;
  /** Time since the previous input; null for the first. */
  readonly gap: number | null;
}

export interface ScanEntry {
  readonly value: string;
  readonly keystrokes: readonly ScanKeystroke[];
  readonly suffix: ScanSuffix;
  /** First input to the suffix key. */
  readonly totalMs: number;
  /** Last input to the suffix key: what the spec's Enter rule measures. */
  readonly suffixGapMs: number;
  readonly source: ScanSource;
  /** The value was edited (deletion, insertion in the middle) rather than only appended to. */
  readonly edited: boolean;
}

const median = (sorted: readonly number[]) => {
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Scanner or manual, from the gaps between inputs and before the suffix. An entry edited by
 * hand is manual whatever its speed. Several characters in one input (a burst from a scanner
 * that sends whole strings) count as scanner: paste and drop never reach here.
 */
export function classifyEntry(keystrokes: readonly ScanKeystroke[], suffixGapMs: number, edited: boolean): ScanSource {
  if (edited || keystrokes.length === 0) return 'manual';
  const gaps = [...keystrokes.slice(1).map((k) => k.gap ?? 0), suffixGapMs].sort((a, b) => a - b);
  const burst = keystrokes.some((k) => k.text.length > 1);
  if (burst && gaps.at(-1)! <= SCANNER_MAX_GAP_MS) return 'scanner';
  return median(gaps) <= SCANNER_MEDIAN_GAP_MS && gaps.at(-1)! <= SCANNER_MAX_GAP_MS ? 'scanner' : 'manual';
}

/**
 * Collects one entry's inputs with their times. Fed with what each input event added; asked
 * for the entry when the suffix key arrives.
 */
export class ScanRecorder {
  private keystrokes: ScanKeystroke[] = [];
  private edited = false;

  get lastInputAt(): number | null {
    return this.keystrokes.at(-1)?.at ?? null;
  }

  get length(): number {
    return this.keystrokes.length;
  }

  /** The field changed from `before` to `after` at time `at`. */
  change(before: string, after: string, at: number): void {
    if (after === '') {
      this.reset();
      return;
    }
    const appended = after.startsWith(before) && after.length > before.length;
    if (!appended) this.edited = true;
    const text = appended ? after.slice(before.length) : after;
    const last = this.lastInputAt;
    this.keystrokes.push({ text, at, gap: last === null ? null : Math.max(0, at - last) });
  }

  /** The suffix key came at `at`: the entry so far. */
  finish(value: string, suffix: ScanSuffix, at: number): ScanEntry {
    const first = this.keystrokes[0]?.at ?? at;
    const suffixGapMs = Math.max(0, at - (this.lastInputAt ?? at));
    return {
      value,
      keystrokes: this.keystrokes,
      suffix,
      totalMs: Math.max(0, at - first),
      suffixGapMs,
      source: classifyEntry(this.keystrokes, suffixGapMs, this.edited),
      edited: this.edited,
    };
  }

  reset(): void {
    this.keystrokes = [];
    this.edited = false;
  }
}

/** The scan-interval settings as get_conf_list returns them (seeded per warehouse). */
export const SCAN_CONF_KEYS = ['scan_interval_ms', 'scan_interval_exempt_permission'] as const;

export interface ScanSettings {
  intervalMs: number;
  /** Holders of this permission may type and paste into scan fields; null when nobody is exempt. */
  exemptPermission: string | null;
}

/** A missing or unusable interval takes the §9 default; an empty permission exempts nobody. */
export function parseScanSettings(confList: readonly { conf_key: string; conf_value: string }[]): ScanSettings {
  const conf = new Map(confList.map((c) => [c.conf_key, c.conf_value.trim()]));
  const interval = Number(conf.get('scan_interval_ms'));
  return {
    intervalMs: Number.isInteger(interval) && interval > 0 ? interval : SCAN_INTERVAL_MS,
    exemptPermission: conf.get('scan_interval_exempt_permission') || null,
  };
}

/**
 * How a label looks with its invisible characters shown: the group separator (FNC1 in GS1
 * codes) as ⟨GS⟩, other control characters as ⟨0xNN⟩. For the scanner check page and logs.
 */
export function visibleText(value: string): string {
  return [...value].map((ch) => {
    const code = ch.charCodeAt(0);
    if (code >= 0x20 && code !== 0x7f) return ch;
    if (code === 0x1d) return '⟨GS⟩';
    if (code === 0x09) return '⟨TAB⟩';
    return `⟨0x${code.toString(16).padStart(2, '0').toUpperCase()}⟩`;
  }).join('');
}
