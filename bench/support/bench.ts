import type { Browser } from 'playwright-core';
import type { BenchKey } from './keys';
import type { RunningServer } from './server';

/** What every bench module gets: the built server and one Chromium, both started by the harness. */
export interface BenchContext {
  server: RunningServer;
  browser: Browser;
  /** Progress line under the module's name. */
  log(message: string): void;
}

export interface BenchOutcome {
  /** The measured figures (only keys the module declares). */
  figures: Partial<Record<BenchKey, number>>;
  /** Samples, percentiles and the like: written to bench-details.json, not to the results. */
  details?: Record<string, unknown>;
}

export interface BenchModule {
  name: string;
  keys: readonly BenchKey[];
  run(ctx: BenchContext): Promise<BenchOutcome>;
}
