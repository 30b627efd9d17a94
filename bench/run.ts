import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { apiThroughputBench } from './api-throughput.bench';
import { ccCreateBench } from './cc-create.bench';
import { checkingScanBench } from './checking-scan.bench';
import { countReplayBench } from './count-replay.bench';
import { initialJsBench } from './initial-js.bench';
import { listBench } from './list.bench';
import { listLoadBench } from './list-load.bench';
import { offlineStartBench } from './offline-start.bench';
import { outboxBench } from './outbox.bench';
import { pickReplayBench } from './pick-replay.bench';
import { shippingHandoverBench } from './shipping-handover.bench';
import { returnArrivalBench } from './return-arrival.bench';
import { returnQcBench } from './return-qc.bench';
import { pickScanBench } from './pick-scan.bench';
import { replayBench } from './replay.bench';
import { scanBench } from './scan.bench';
import { serverRssBench } from './server-rss.bench';
import { uploadBombBench } from './upload-bomb.bench';
import { waveBench } from './wave.bench';
import { labelPrintBench } from './label-print.bench';
import { packingBench } from './packing.bench';
import { sortingBench } from './sorting.bench';
import { instantDeliveryBench } from './instant-delivery.bench';
import type { AnyBenchModule, BenchModule, BenchOutcome, StandaloneBenchModule } from './support/bench';
import { launchBrowser } from './support/browser';
import { BENCH_KEYS, TARGETS, meetsTarget, targetText, withUnit, type BenchKey } from './support/keys';
import { ROOT, startServer, type RunningServer } from './support/server';

/**
 * `npm run bench [-- name…]`: runs the bench modules (all, or those named), prints the figures
 * against their targets and writes bench-results.json ({key: number}) and bench-details.json.
 * A module that fails is reported and the others still run; only a broken harness exits non-zero.
 */

/**
 * In run order: the server's memory is read after the browser benches have used it; the
 * standalone modules (their own servers) run after the shared server and browser are closed.
 */
const MODULES: readonly AnyBenchModule[] = [
  initialJsBench, offlineStartBench, outboxBench, scanBench, listBench, labelPrintBench, serverRssBench, replayBench, pickReplayBench, shippingHandoverBench, returnArrivalBench, returnQcBench, pickScanBench, checkingScanBench, apiThroughputBench, uploadBombBench, listLoadBench, waveBench, packingBench, sortingBench, instantDeliveryBench, ccCreateBench, countReplayBench,
];

const RESULTS_FILE = path.join(ROOT, 'bench-results.json');
const DETAILS_FILE = path.join(ROOT, 'bench-details.json');

function selectModules(names: readonly string[]): readonly AnyBenchModule[] {
  if (names.length === 0) return MODULES;
  const unknown = names.filter((n) => !MODULES.some((m) => m.name === n));
  if (unknown.length > 0) throw new Error(`Unknown bench ${unknown.join(', ')}; known: ${MODULES.map((m) => m.name).join(', ')}`);
  return MODULES.filter((m) => names.includes(m.name));
}

function readJson(file: string): Record<string, unknown> {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
}

function printTable(figures: Partial<Record<BenchKey, number>>, failed: ReadonlySet<BenchKey>, skipped: ReadonlySet<BenchKey>): void {
  const rows = [['key', 'value', 'target', 'status']];
  for (const key of BENCH_KEYS) {
    const value = figures[key];
    const target = TARGETS[key];
    const status = value !== undefined ? (target ? (meetsTarget(target, value) ? 'met' : 'SHORT') : '')
      : failed.has(key) ? 'FAILED' : skipped.has(key) ? 'not run' : 'pending';
    rows.push([key, value === undefined ? '—' : withUnit(value, target?.unit ?? ''), target ? targetText(target) : '', status]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const [i, row] of rows.entries()) {
    console.log(row.map((cell, c) => cell.padEnd(widths[c]!)).join('  ').trimEnd());
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}

async function main(): Promise<void> {
  const selected = selectModules(process.argv.slice(2));
  const full = selected.length === MODULES.length;
  const figures: Partial<Record<BenchKey, number>> = {};
  const details: Record<string, unknown> = {};
  const failed = new Set<BenchKey>();

  const runModule = async (mod: AnyBenchModule, run: () => Promise<BenchOutcome>) => {
    console.log(`▶ ${mod.name}`);
    const started = Date.now();
    try {
      const outcome = await run();
      for (const key of mod.keys) {
        const value = outcome.figures[key];
        if (typeof value === 'number' && Number.isFinite(value)) figures[key] = value;
        else failed.add(key);
      }
      details[mod.name] = outcome.details ?? {};
      console.log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    } catch (error) {
      for (const key of mod.keys) failed.add(key);
      details[mod.name] = { error: error instanceof Error ? error.message : String(error) };
      console.error(`  ✗ ${mod.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    }
  };
  const log = (message: string) => console.log(`  ${message}`);

  const withShared = selected.filter((m): m is BenchModule => !m.standalone);
  let chromium = '';
  if (withShared.length > 0) {
    let server: RunningServer | null = null;
    let browser: Browser | null = null;
    try {
      const ctx = { server: (server = await startServer()), browser: (browser = await launchBrowser()), log };
      chromium = ctx.browser.version();
      console.log(`Server ${ctx.server.baseURL} (pid ${ctx.server.pid}), Chromium ${chromium}\n`);
      for (const mod of withShared) await runModule(mod, () => mod.run(ctx));
    } finally {
      await browser?.close();
      await server?.stop();
    }
  }
  for (const mod of selected.filter((m): m is StandaloneBenchModule => m.standalone === true)) await runModule(mod, () => mod.run({ log }));

  const measuredKeys = new Set(MODULES.flatMap((m) => m.keys));
  const ranKeys = new Set(selected.flatMap((m) => m.keys));
  const skipped = new Set([...measuredKeys].filter((k) => !ranKeys.has(k)));
  console.log('');
  printTable(figures, failed, skipped);
  const pending = BENCH_KEYS.filter((k) => !measuredKeys.has(k));
  console.log(`\nPending (not built yet): ${pending.join(', ') || 'none'}`);
  if (failed.size > 0) console.log(`Failed this run: ${[...failed].join(', ')}`);

  // A partial run keeps the other modules' figures from the last run; its own keys are replaced.
  const previous = full ? {} : readJson(RESULTS_FILE);
  for (const key of ranKeys) delete previous[key];
  const results = Object.fromEntries(BENCH_KEYS.flatMap((k) => {
    const value = figures[k] ?? previous[k];
    return typeof value === 'number' ? [[k, value]] : [];
  }));
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  const previousDetails = full ? {} : readJson(DETAILS_FILE);
  writeFileSync(DETAILS_FILE, `${JSON.stringify({
    ...previousDetails,
    ...details,
    run: { at: new Date().toISOString(), modules: selected.map((m) => m.name), cpus: os.cpus().length, cpu_model: os.cpus()[0]?.model ?? '', node: process.version, chromium, pending },
  }, null, 2)}\n`);
  console.log(`\nWrote ${path.relative(ROOT, RESULTS_FILE)} and ${path.relative(ROOT, DETAILS_FILE)}.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
