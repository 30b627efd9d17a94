import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { openDatabase, type Db } from '../src/server/db/client';
import { inboundTasks, inventoryTransactions, locationInventory, putawayTaskLines, syncOps } from '../src/server/db/schema';
import { INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE } from '../src/shared/codes';
import { startBuiltServer, type BuiltServer } from '../tests/support/built-server';
import type { ReceivedAsn } from '../tests/support/putaway-fixture';
import { bundleForPage } from './support/app-bundle';
import type { BenchLog, StandaloneBenchModule } from './support/bench';
import { launchBrowser } from './support/browser';
import { createFreshDatabase, dropDatabase } from './support/postgres';
import {
  BENCH_WHS, OPERATOR_EMAIL, OPERATOR_PASSWORD, createBenchCells, prepareDatabase, receivedPutawayTask, type DatabaseTarget,
} from './support/putaway-data';
import type { DrainInPage, FaultPlan, PutTargets } from './support/replay-page';
import { DIST } from './support/server';
import { round, summary } from './support/stats';

/**
 * replay_ops_per_s_pglite / _postgres, replay_lost, replay_duplicated: a device (Chromium, the
 * app's Outbox on the page's IndexedDB) that scanned 10,000 putaway units offline comes back
 * online and drains them to the built server — on PGlite, then on PostgreSQL — while its
 * transport drops requests before sending, loses answers after the server committed, and the
 * server is killed (SIGKILL) mid-request and started again on the same data and port. Afterwards
 * the server is stopped and its database read: every unit must have moved exactly once in the
 * ledger. Each engine drains twice: without faults first (also the warm-up), then with them.
 */

const OPS = 10_000;
/** Lines of the putaway task (a SKU each, into a cell each): the puts go round them, not all to one row. */
const LINES = 10;
const FAULT_SEED = Number(process.env.BENCH_SEED ?? 7);

const FAULT_PLAN: FaultPlan = { dropBeforeSend: 0.05, answerLost: 0.05, killsMidRequest: 3, killGap: [10, 25] };

/**
 * The drainer's backoff (1 s, 2 s … 60 s) fires after at most this long: the figure measures
 * replaying, not waiting out the retry policy. What the policy asked for is in the details.
 */
const RETRY_CAP_MS = 100;
const DRAIN_TIMEOUT_MS = 20 * 60_000;

type Engine = 'pglite' | 'postgres';

/** A database of the engine's own for one run, removed afterwards. */
async function engineStore(engine: Engine): Promise<{ target: DatabaseTarget; dispose(): Promise<void> }> {
  if (engine === 'pglite') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tally-bench-replay-'));
    return { target: { dataDir }, dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = 'tally_bench_replay';
  return { target: { databaseUrl: await createFreshDatabase(name) }, dispose: () => dropDatabase(name) };
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

const putTargets = (task: ReceivedAsn, cells: readonly string[]): PutTargets => ({
  taskNo: task.taskNo, lines: task.lines.map((l) => ({ lineNo: l.lineNo, skuId: l.skuId, location: cells[l.lineNo - 1]! })),
});

interface DrainRun extends Omit<DrainInPage, 'wallMs'> {
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
    if (me.whs_id !== BENCH_WHS) throw new Error(`${OPERATOR_EMAIL} signs in to ${me.whs_id}; the bench's tasks are in ${BENCH_WHS}`);
    return new Device(page, me.user_id);
  }

  /** OPS puts queued offline in a database of their own, then drained (through the fault plan, if any). */
  async drainRun(name: string, server: ServerUnderTest, targets: PutTargets, plan: FaultPlan | null): Promise<DrainRun> {
    const dbName = `tally-bench-replay-${name}`;
    const context = { userId: this.userId, whsId: BENCH_WHS };
    const enqueueSamples = await this.page.evaluate((request) => window.__replay.queue(request), { dbName, context, targets, ops: OPS });
    const drained = await this.page.evaluate((request) => window.__replay.drain(request), {
      dbName, context, plan, seed: FAULT_SEED, retryCapMs: RETRY_CAP_MS, timeoutMs: DRAIN_TIMEOUT_MS,
    });
    const wallMs = round(drained.wallMs, 0);
    return { ...drained, wallMs, enqueueMs: summary(enqueueSamples), opsPerS: round(OPS / (wallMs / 1000), 0), restartMs: [...server.restartMs] };
  }

  close(): Promise<void> {
    return this.page.context().close();
  }
}

/** What the ledger and the sync log show for one drain, read from the stopped server's database. */
interface LedgerCheck {
  /** Units of queued ops that no Put Away debit moved. */
  lost: number;
  /** Units debited beyond one per queued op, and by debits no queued op made. */
  duplicated: number;
  debited_units: number;
  credited_units: number;
  ops_with_more_than_one_debit: number;
  sync_ops: { rows: number; distinct_op_ids: number; applied: number; seqs_are_1_to_n: boolean; same_ids_as_queued: boolean };
  task: { done_qty: number; status: number; lines_put_qty: number };
  balances: { staging_left: number; in_cells: number };
}

async function checkLedger(db: Db, run: DrainRun, task: ReceivedAsn, userId: number): Promise<LedgerCheck> {
  const skuIds = task.lines.map((l) => l.skuId);
  const rows = await db.select({ opId: inventoryTransactions.opId, direction: inventoryTransactions.direction, qty: inventoryTransactions.qty })
    .from(inventoryTransactions)
    .where(and(
      eq(inventoryTransactions.whsId, BENCH_WHS), eq(inventoryTransactions.txnType, INVENTORY_TRANSACTION_TYPE.values.PUT_AWAY),
      inArray(inventoryTransactions.skuId, skuIds),
    ));
  const queued = new Set(run.opIds);
  const debited = new Map<string, { count: number; qty: number }>();
  let debitedUnits = 0;
  let creditedUnits = 0;
  let strangerUnits = 0;
  for (const row of rows) {
    if (row.direction === INVENTORY_TRANSACTION_DIRECTION.values.CREDIT) {
      creditedUnits += row.qty;
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
  for (const opId of run.opIds) {
    const qty = debited.get(opId)?.qty ?? 0;
    lost += Math.max(0, 1 - qty);
    excess += Math.max(0, qty - 1);
  }

  const records = await db.select({ opId: syncOps.opId, seq: syncOps.seq, status: syncOps.status }).from(syncOps)
    .where(and(eq(syncOps.whsId, BENCH_WHS), eq(syncOps.deviceId, run.deviceId), eq(syncOps.userId, userId)));
  const seqs = records.map((r) => r.seq).sort((a, b) => a - b);
  const recordedIds = new Set(records.map((r) => r.opId));

  const [taskRow] = await db.select({ doneQty: inboundTasks.doneQty, status: inboundTasks.status }).from(inboundTasks)
    .where(and(eq(inboundTasks.whsId, BENCH_WHS), eq(inboundTasks.taskNo, task.taskNo)));
  const [lines] = await db.select({ putQty: sql<number>`coalesce(sum(${putawayTaskLines.putQty}), 0)::int` }).from(putawayTaskLines)
    .where(and(eq(putawayTaskLines.whsId, BENCH_WHS), eq(putawayTaskLines.taskNo, task.taskNo)));
  const balances = await db.select({ location: locationInventory.locationId, onhand: locationInventory.onhandQty }).from(locationInventory)
    .where(and(eq(locationInventory.whsId, BENCH_WHS), inArray(locationInventory.skuId, skuIds)));
  const sumOf = (keep: (location: string) => boolean) => balances.filter((b) => keep(b.location)).reduce((sum, b) => sum + b.onhand, 0);

  return {
    lost,
    duplicated: excess + strangerUnits,
    debited_units: debitedUnits,
    credited_units: creditedUnits,
    ops_with_more_than_one_debit: [...debited.values()].filter((d) => d.count > 1).length,
    sync_ops: {
      rows: records.length, distinct_op_ids: recordedIds.size, applied: records.filter((r) => r.status === 'applied').length,
      seqs_are_1_to_n: seqs.length === OPS && seqs.every((seq, i) => seq === i + 1),
      same_ids_as_queued: recordedIds.size === queued.size && [...queued].every((id) => recordedIds.has(id)),
    },
    task: { done_qty: taskRow?.doneQty ?? 0, status: taskRow?.status ?? -1, lines_put_qty: lines?.putQty ?? 0 },
    balances: { staging_left: sumOf((l) => l === task.staging), in_cells: sumOf((l) => l !== task.staging) },
  };
}

interface EngineOutcome {
  faultFree: DrainRun & { ledger: LedgerCheck };
  faulted: DrainRun & { ledger: LedgerCheck };
}

/** Both drains on one engine: fault-free first (also the warm-up), then with the fault plan; then the ledger of each. */
async function runEngine(engine: Engine, browser: Browser, script: string, log: BenchLog): Promise<EngineOutcome> {
  const store = await engineStore(engine);
  try {
    const data = await prepareDatabase(store.target, async (db) => ({
      cells: await createBenchCells(db, 'RPLY', LINES),
      faultFree: await receivedPutawayTask(db, 'RPC', LINES, OPS / LINES),
      faulted: await receivedPutawayTask(db, 'RPF', LINES, OPS / LINES),
    }));
    const server = await ServerUnderTest.start(store.target);
    let userId = 0;
    let faultFree: DrainRun;
    let faulted: DrainRun;
    const device = await Device.open(browser, server, script);
    try {
      userId = device.userId;
      faultFree = await device.drainRun(`${engine}-fault-free`, server, putTargets(data.faultFree, data.cells), null);
      log(`${engine} fault-free: ${faultFree.opsPerS} ops/s (${(faultFree.wallMs / 1000).toFixed(1)} s; enqueue p95 ${faultFree.enqueueMs.p95} ms)`);
      faulted = await device.drainRun(`${engine}-faulted`, server, putTargets(data.faulted, data.cells), FAULT_PLAN);
      const f = faulted.faults!;
      log(`${engine} with faults: ${faulted.opsPerS} ops/s (${(faulted.wallMs / 1000).toFixed(1)} s; ${f.pushes} pushes, ${f.dropped_before_send} dropped, `
        + `${f.answers_lost_after_commit} answers lost, ${f.server_kills} kills (${f.kills_mid_request} mid-request), restarts ${faulted.restartMs.join('/')} ms)`);
    } finally {
      await device.close();
      await server.stop();
    }
    const database = await openDatabase(store.target);
    try {
      const outcome = {
        faultFree: { ...faultFree, ledger: await checkLedger(database.db, faultFree, data.faultFree, userId) },
        faulted: { ...faulted, ledger: await checkLedger(database.db, faulted, data.faulted, userId) },
      };
      for (const [which, run] of Object.entries(outcome)) {
        log(`${engine} ${which}: ledger lost ${run.ledger.lost}, duplicated ${run.ledger.duplicated}; sync_ops ${run.ledger.sync_ops.rows} rows `
          + `(${run.ledger.sync_ops.applied} applied); outbox ${JSON.stringify(run.states)}`);
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
const detailsOf = ({ opIds: _ids, deviceId: _device, ...rest }: DrainRun & { ledger: LedgerCheck }) => rest;

export const replayBench: StandaloneBenchModule = {
  name: 'replay',
  keys: ['replay_ops_per_s_pglite', 'replay_ops_per_s_postgres', 'replay_lost', 'replay_duplicated'],
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
          outcomes[engine] = await runEngine(engine, browser, script, log);
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
        replay_ops_per_s_pglite: outcomes.pglite?.faulted.opsPerS,
        replay_ops_per_s_postgres: outcomes.postgres?.faulted.opsPerS,
        replay_lost: complete ? runs.reduce((sum, r) => sum + r.ledger.lost, 0) : undefined,
        replay_duplicated: complete ? runs.reduce((sum, r) => sum + r.ledger.duplicated, 0) : undefined,
      },
      details: {
        ops_per_drain: OPS,
        task_lines: LINES,
        batch_size: 'the app default (BATCH_SIZE, 100 ops per push)',
        fault_plan: { ...FAULT_PLAN, seed: FAULT_SEED, retry_wait_capped_at_ms: RETRY_CAP_MS },
        device: `Chromium ${chromium}, the app's Outbox on IndexedDB (strict durability)`,
        ...Object.fromEntries(Object.entries(outcomes).map(([engine, o]) => [engine, { fault_free: detailsOf(o.faultFree), faulted: detailsOf(o.faulted) }])),
        ...(Object.keys(errors).length > 0 ? { errors } : {}),
      },
    };
  },
};
