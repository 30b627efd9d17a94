import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { openDatabase, type Db } from '../../src/server/db/client';
import { inventoryTransactions, syncOps, users } from '../../src/server/db/schema';
import { INVENTORY_TRANSACTION_DIRECTION } from '../../src/shared/codes';
import { startBuiltServer, type BuiltServer } from '../../tests/support/built-server';
import { bundleForPage } from './app-bundle';
import type { BenchLog, StandaloneBenchModule } from './bench';
import { launchBrowser } from './browser';
import type { BenchKey } from './keys';
import { createFreshDatabase, dropDatabase } from './postgres';
import { BENCH_WHS, OPERATOR_EMAIL, OPERATOR_PASSWORD, prepareDatabase, type DatabaseTarget } from './putaway-data';
import type { DrainInPage, FaultPlan, QueuedOp } from './replay-page';
import { DIST } from './server';
import { round, summary } from './stats';

/**
 * The replay benches' engine: a device (Chromium, the app's Outbox on the page's IndexedDB) that
 * queued a scenario's ops offline comes back online and drains them to the built server — on
 * PGlite, then on PostgreSQL — while its transport drops requests before sending, loses answers
 * after the server committed, and the server is killed (SIGKILL) mid-request and started again
 * on the same data and port. Afterwards the server is stopped and its database read: every op
 * must have moved its units exactly once in the ledger. Each engine drains twice: without faults
 * first (also the warm-up), then with them. What differs between benches (the data, the ops
 * queued, what the database must show) is a `ReplayScenario`.
 */

const FAULT_SEED = Number(process.env.BENCH_SEED ?? 7);

export const FAULT_PLAN: FaultPlan = { dropBeforeSend: 0.05, answerLost: 0.05, killsMidRequest: 3, killGap: [10, 25] };

/**
 * The drainer's backoff (1 s, 2 s … 60 s) fires after at most this long: the figure measures
 * replaying, not waiting out the retry policy. What the policy asked for is in the details.
 */
const RETRY_CAP_MS = 100;
const DRAIN_TIMEOUT_MS = 20 * 60_000;

type Engine = 'pglite' | 'postgres';

/** What a scenario's check of one drain found: units lost and duplicated, and what else it read (details). */
export interface ScenarioCheck {
  lost: number;
  duplicated: number;
  [detail: string]: unknown;
}

/**
 * One replay bench: the work written before the server starts (once per drain: fault-free and
 * faulted), the ops the device queues for it, and the check of the stopped server's database.
 */
export interface ReplayScenario<W> {
  /** The bench module's name (`npm run bench -- <name>`); also names its databases. */
  name: string;
  keys: { pglite: BenchKey; postgres: BenchKey; lost: BenchKey; duplicated: BenchKey };
  /** Writes both drains' work on a freshly seeded database (the operator's user id given). */
  prepare(db: Db, operatorId: number): Promise<{ faultFree: W; faulted: W }>;
  /** The ops the device queues for one drain's work, in order. */
  ops(work: W): QueuedOp[];
  /** Reads what the drain did; `opIds` are the queued ops' ids, in the device's order. */
  verify(db: Db, work: W, opIds: readonly string[]): Promise<ScenarioCheck>;
  /** The scenario's own details (sizes, shapes). */
  details: Record<string, unknown>;
}

/** A database of the engine's own for one run, removed afterwards. */
async function engineStore(engine: Engine, name: string): Promise<{ target: DatabaseTarget; dispose(): Promise<void> }> {
  if (engine === 'pglite') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `tally-bench-${name}-`));
    return { target: { dataDir }, dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const dbName = `tally_bench_${name.replace(/\W/g, '_')}`;
  return { target: { databaseUrl: await createFreshDatabase(dbName) }, dispose: () => dropDatabase(dbName) };
}

/** The built server on the run's data; `crash()` kills it and starts another on the same data and port. */
class ServerUnderTest {
  readonly restartMs: number[] = [];

  private restarting: Promise<void> | null = null;

  private constructor(private readonly target: DatabaseTarget, private server: BuiltServer, private readonly port: number) {}

  static async start(target: DatabaseTarget): Promise<ServerUnderTest> {
    const server = await startBuiltServer(DIST, 'tally-bench-replay-', target);
    return new ServerUnderTest(target, server, Number(new URL(server.baseURL).port));
  }

  get baseURL(): string {
    return this.server.baseURL;
  }

  /** True from a kill until the server answers again. */
  get isRestarting(): boolean {
    return this.restarting !== null;
  }

  /** Kills the server; resolves once it is gone, while another starts on the same data and port. */
  async crash(): Promise<void> {
    await this.server.kill();
    const started = performance.now();
    this.restarting = startBuiltServer(DIST, 'tally-bench-replay-', { ...this.target, port: this.port }).then((server) => {
      this.server = server;
      this.restartMs.push(round(performance.now() - started, 0));
    }).finally(() => {
      this.restarting = null;
    });
  }

  async stop(): Promise<void> {
    await this.restarting;
    await this.server.stop();
  }
}

interface DrainRun extends Omit<DrainInPage, 'wallMs'> {
  ops: number;
  wallMs: number;
  enqueueMs: ReturnType<typeof summary>;
  opsPerS: number;
  restartMs: number[];
}

/** The device: a page at the server's origin with the replay script, signed in as the operator. */
class Device {
  private constructor(private readonly page: Page, readonly userId: number) {}

  static async open(browser: Browser, server: ServerUnderTest, script: string): Promise<Device> {
    // The bench's own script is injected inline, which the app's Content-Security-Policy (rightly) refuses.
    const context = await browser.newContext({ baseURL: server.baseURL, bypassCSP: true });
    const page = await context.newPage();
    await page.exposeFunction('__benchKillIn', (ms: number) => void setTimeout(() => void server.crash(), ms));
    await page.exposeFunction('__benchRestarting', () => server.isRestarting);
    await page.goto('/v2/login', { waitUntil: 'load' });
    await page.addScriptTag({ content: script });
    const me = await page.evaluate(([email, password]) => window.__replay.signIn(email, password), [OPERATOR_EMAIL, OPERATOR_PASSWORD] as const);
    if (me.whs_id !== BENCH_WHS) throw new Error(`${OPERATOR_EMAIL} signs in to ${me.whs_id}; the bench's work is in ${BENCH_WHS}`);
    return new Device(page, me.user_id);
  }

  /** The ops queued offline in a database of their own, then drained (through the fault plan, if any). */
  async drainRun(name: string, server: ServerUnderTest, ops: QueuedOp[], plan: FaultPlan | null): Promise<DrainRun> {
    const dbName = `tally-bench-replay-${name}`;
    const context = { userId: this.userId, whsId: BENCH_WHS };
    const enqueueSamples = await this.page.evaluate((request) => window.__replay.queue(request), { dbName, context, ops });
    const drained = await this.page.evaluate((request) => window.__replay.drain(request), {
      dbName, context, plan, seed: FAULT_SEED, retryCapMs: RETRY_CAP_MS, timeoutMs: DRAIN_TIMEOUT_MS,
    });
    const wallMs = round(drained.wallMs, 0);
    return {
      ...drained, ops: ops.length, wallMs, enqueueMs: summary(enqueueSamples), opsPerS: round(ops.length / (wallMs / 1000), 0), restartMs: [...server.restartMs],
    };
  }

  close(): Promise<void> {
    return this.page.context().close();
  }
}

/** The ledger's rows of the ops (those `where` selects), counted per queued op: each must have debited exactly `unitsPerOp[i]`. */
export interface OpLedger {
  /** Units of queued ops that no debit moved. */
  lost: number;
  /** Units debited beyond each op's own, and by debits no queued op made. */
  duplicated: number;
  debited_units: number;
  credited_units: number;
  debits: number;
  credits: number;
  ops_with_more_than_one_debit: number;
}

export async function opLedger(db: Db, where: SQL | undefined, opIds: readonly string[], unitsOf: (i: number) => number): Promise<OpLedger> {
  const rows = await db.select({ opId: inventoryTransactions.opId, direction: inventoryTransactions.direction, qty: inventoryTransactions.qty })
    .from(inventoryTransactions).where(and(eq(inventoryTransactions.whsId, BENCH_WHS), where));
  const queued = new Set(opIds);
  const debited = new Map<string, { count: number; qty: number }>();
  let debitedUnits = 0;
  let creditedUnits = 0;
  let credits = 0;
  let strangerUnits = 0;
  for (const row of rows) {
    if (row.direction === INVENTORY_TRANSACTION_DIRECTION.values.CREDIT) {
      creditedUnits += row.qty;
      credits += 1;
      continue;
    }
    debitedUnits += row.qty;
    if (row.opId === null || !queued.has(row.opId)) {
      strangerUnits += row.qty;
      continue;
    }
    const seen = debited.get(row.opId) ?? { count: 0, qty: 0 };
    debited.set(row.opId, { count: seen.count + 1, qty: seen.qty + row.qty });
  }
  let lost = 0;
  let excess = 0;
  for (const [i, opId] of opIds.entries()) {
    const qty = debited.get(opId)?.qty ?? 0;
    lost += Math.max(0, unitsOf(i) - qty);
    excess += Math.max(0, qty - unitsOf(i));
  }
  return {
    lost, duplicated: excess + strangerUnits, debited_units: debitedUnits, credited_units: creditedUnits, debits: rows.length - credits, credits,
    ops_with_more_than_one_debit: [...debited.values()].filter((d) => d.count > 1).length,
  };
}

/** The device's stream in `sync_ops`: one row per queued op, seqs 1…n, the same ids. */
async function syncLog(db: Db, run: DrainRun, userId: number) {
  const records = await db.select({ opId: syncOps.opId, seq: syncOps.seq, status: syncOps.status }).from(syncOps)
    .where(and(eq(syncOps.whsId, BENCH_WHS), eq(syncOps.deviceId, run.deviceId), eq(syncOps.userId, userId)));
  const seqs = records.map((r) => r.seq).sort((a, b) => a - b);
  const recordedIds = new Set(records.map((r) => r.opId));
  const queued = new Set(run.opIds);
  return {
    rows: records.length, distinct_op_ids: recordedIds.size, applied: records.filter((r) => r.status === 'applied').length,
    seqs_are_1_to_n: seqs.length === run.ops && seqs.every((seq, i) => seq === i + 1),
    same_ids_as_queued: recordedIds.size === queued.size && [...queued].every((id) => recordedIds.has(id)),
  };
}

type Checked = DrainRun & { ledger: ScenarioCheck; sync_ops: Awaited<ReturnType<typeof syncLog>> };

interface EngineOutcome {
  faultFree: Checked;
  faulted: Checked;
}

/** Both drains on one engine: fault-free first (also the warm-up), then with the fault plan; then the check of each. */
async function runEngine<W>(scenario: ReplayScenario<W>, engine: Engine, browser: Browser, script: string, log: BenchLog): Promise<EngineOutcome> {
  const store = await engineStore(engine, scenario.name);
  try {
    const data = await prepareDatabase(store.target, async (db) => {
      const [operator] = await db.select({ userId: users.userId }).from(users).where(eq(users.email, OPERATOR_EMAIL));
      if (!operator) throw new Error(`No user ${OPERATOR_EMAIL} in the demo data`);
      return scenario.prepare(db, operator.userId);
    });
    const server = await ServerUnderTest.start(store.target);
    let userId = 0;
    let faultFree: DrainRun;
    let faulted: DrainRun;
    const device = await Device.open(browser, server, script);
    try {
      userId = device.userId;
      faultFree = await device.drainRun(`${scenario.name}-${engine}-fault-free`, server, scenario.ops(data.faultFree), null);
      log(`${engine} fault-free: ${faultFree.opsPerS} ops/s (${faultFree.ops} ops in ${(faultFree.wallMs / 1000).toFixed(1)} s; enqueue p95 ${faultFree.enqueueMs.p95} ms)`);
      faulted = await device.drainRun(`${scenario.name}-${engine}-faulted`, server, scenario.ops(data.faulted), FAULT_PLAN);
      const f = faulted.faults!;
      log(`${engine} with faults: ${faulted.opsPerS} ops/s (${(faulted.wallMs / 1000).toFixed(1)} s; ${f.pushes} pushes, ${f.dropped_before_send} dropped, `
        + `${f.answers_lost_after_commit} answers lost, ${f.server_kills} kills (${f.kills_mid_request} mid-request), restarts ${faulted.restartMs.join('/')} ms)`);
    } finally {
      await device.close();
      await server.stop();
    }
    const database = await openDatabase(store.target);
    try {
      const check = async (run: DrainRun, work: W): Promise<Checked> => ({
        ...run, ledger: await scenario.verify(database.db, work, run.opIds), sync_ops: await syncLog(database.db, run, userId),
      });
      const outcome = { faultFree: await check(faultFree, data.faultFree), faulted: await check(faulted, data.faulted) };
      for (const [which, run] of Object.entries(outcome)) {
        log(`${engine} ${which}: lost ${run.ledger.lost}, duplicated ${run.ledger.duplicated}; sync_ops ${run.sync_ops.rows} rows `
          + `(${run.sync_ops.applied} applied); outbox ${JSON.stringify(run.states)}`);
      }
      return outcome;
    } finally {
      await database.close();
    }
  } finally {
    await store.dispose();
  }
}

/** The figures' details: op ids left out (10,000 each). */
const detailsOf = ({ opIds: _ids, deviceId: _device, ...rest }: Checked) => rest;

/** A bench module replaying the scenario on both engines. */
export function replayModule<W>(scenario: ReplayScenario<W>): StandaloneBenchModule {
  const { keys } = scenario;
  return {
    name: scenario.name,
    keys: [keys.pglite, keys.postgres, keys.lost, keys.duplicated],
    standalone: true,
    async run({ log }) {
      const engines: Engine[] = ['pglite', 'postgres'];
      const outcomes: Partial<Record<Engine, EngineOutcome>> = {};
      const errors: Partial<Record<Engine, string>> = {};
      const script = await bundleForPage('bench/browser/replay-entry.ts');
      const browser = await launchBrowser();
      const chromium = browser.version();
      try {
        for (const engine of engines) {
          try {
            outcomes[engine] = await runEngine(scenario, engine, browser, script, log);
          } catch (error) {
            errors[engine] = error instanceof Error ? (error.stack ?? error.message) : String(error);
            log(`✗ ${engine}: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
      } finally {
        await browser.close();
      }
      const runs = Object.values(outcomes).flatMap((o) => [o.faultFree, o.faulted]);
      // Lost and duplicated count every drain of both engines; they are only known when both ran.
      const complete = engines.every((e) => outcomes[e]);
      return {
        figures: {
          [keys.pglite]: outcomes.pglite?.faulted.opsPerS,
          [keys.postgres]: outcomes.postgres?.faulted.opsPerS,
          [keys.lost]: complete ? runs.reduce((sum, r) => sum + r.ledger.lost, 0) : undefined,
          [keys.duplicated]: complete ? runs.reduce((sum, r) => sum + r.ledger.duplicated, 0) : undefined,
        },
        details: {
          ...scenario.details,
          batch_size: 'the app default (BATCH_SIZE, 100 ops per push)',
          fault_plan: { ...FAULT_PLAN, seed: FAULT_SEED, retry_wait_capped_at_ms: RETRY_CAP_MS },
          device: `Chromium ${chromium}, the app's Outbox on IndexedDB (strict durability)`,
          ...Object.fromEntries(Object.entries(outcomes).map(([engine, o]) => [engine, { fault_free: detailsOf(o.faultFree), faulted: detailsOf(o.faulted) }])),
          ...(Object.keys(errors).length > 0 ? { errors } : {}),
        },
      };
    },
  };
}
