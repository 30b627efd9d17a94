import type { Browser } from 'playwright-core';
import type { BenchKey } from './keys';
import type { RunningServer } from './server';

/** Progress line under the module's name. */
export type BenchLog = (message: string) => void;

/** What every bench module gets: the built server and one Chromium, both started by the harness. */
export interface BenchContext {
  server: RunningServer;
  browser: Browser;
  log: BenchLog;
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
  standalone?: false;
  run(ctx: BenchContext): Promise<BenchOutcome>;
}

/**
 * A module that starts what it measures itself (servers on data of its own, load from another
 * process): it runs after the shared server and browser are closed, so they do not share the CPU.
 */
export interface StandaloneBenchModule {
  name: string;
  keys: readonly BenchKey[];
  standalone: true;
  run(ctx: { log: BenchLog }): Promise<BenchOutcome>;
}

export type AnyBenchModule = BenchModule | StandaloneBenchModule;
