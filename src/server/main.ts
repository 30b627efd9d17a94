import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { serve } from '@hono/node-server';
import { configFromEnv } from './config';
import type { Db } from './db/client';

const config = configFromEnv();
let seeded = false;
// Seeding runs under the start-up lock too: replicas starting together on an empty database seed it once.
const prepare = config.seedDemo ? async (db: Db) => { seeded = await (await import('./db/seed')).seedDemo(db); } : undefined;
const PREPARE_ONLY = 'TALLY_PREPARE_ONLY';
const prepareOnly = process.env[PREPARE_ONLY] === '1';

/**
 * A new PGlite data directory is created, migrated and seeded by a child process running this
 * script, and the server then opens it ready: what the embedded database touches while it writes
 * the demo data (its WebAssembly heap never shrinks) is not held by the server for life
 * (docs/performance.md, server_rss_mb).
 */
async function prepareInChild(): Promise<void> {
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], { env: { ...process.env, [PREPARE_ONLY]: '1' }, stdio: 'inherit' });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`preparing the data directory ${config.dataDir} failed (exit ${code})`);
}

type AppFetch = ReturnType<typeof import('./app').createApp>['fetch'];
let ready: (fetch: AppFetch) => void = () => undefined;
const appFetch = new Promise<AppFetch>((resolve) => (ready = resolve));

/**
 * The port is taken first and requests wait there until the app is ready: a server started again
 * after a crash answers the devices' retries as soon as it can, instead of refusing them and
 * leaving each to its backoff (docs/performance.md, replay). Only this module and Hono's adapter
 * load before it listens; the app's modules load while the database opens.
 */
const server = prepareOnly ? null : serve({ fetch: async (request, env) => (await appFetch)(request, env), port: config.port, hostname: config.host });

const { openDatabase, pgliteDataDirExists } = await import('./db/client');
if (!config.databaseUrl && !prepareOnly && !pgliteDataDirExists(config.dataDir)) await prepareInChild();
const opening = openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl, prepare } : { dataDir: config.dataDir, prepare });
opening.catch(() => undefined); // awaited below, once the app's modules are loaded
if (prepareOnly) {
  const database = await opening;
  if (seeded) console.info('[seed] demo data created');
  await database.close();
  process.exit(0);
}
const [{ createApp }, { startExportWorker }, { startUserImportWorker }, { startAutoWaveScheduler }, { startSalesOrderImportWorker }, { DEMO_ACCOUNTS, DEMO_PASSWORD }, { startAbcWorker }] = await Promise.all([
  import('./app'), import('./modules/report/export-worker'), import('./modules/user/user-import-worker'), import('./modules/outbound/auto-wave'),
  import('./modules/outbound/sales-order-import-worker'), import('./db/seed'), import('./modules/inventory/abc'),
]);
const [{ startCcBuildWorker }, { startDailyCycleCountScheduler }] = await Promise.all([
  import('./modules/inventory/cycle-count-worker'), import('./modules/inventory/cycle-count-daily'),
]);
const database = await opening;
if (seeded) console.info('[seed] demo data created');
ready(createApp({ db: database.db, config }).fetch);
// Each process runs queued exports (Report Center), user imports and sales order imports; they share the queues through the database.
const exportWorker = startExportWorker(database.db);
const userImportWorker = startUserImportWorker(database.db);
// Each process polls the auto wave rules; a rule's run is claimed by one of them (modules/outbound/auto-wave.ts).
const autoWaves = config.autoWave ? startAutoWaveScheduler(database.db) : null;
const salesOrderImportWorker = startSalesOrderImportWorker(database.db);
// Big cycle count orders are built in the background; each day's daily cycle count order is made once per warehouse.
const ccBuildWorker = startCcBuildWorker(database.db);
const dailyCycleCounts = config.autoWave ? startDailyCycleCountScheduler(database.db) : null;
// ABC calculations asked on the ABC Level page (modules/inventory/abc.ts), one at a time per warehouse.
const abcWorker = startAbcWorker(database.db);
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
console.info(`Tally WMS listening on http://localhost:${config.port}/v2/ — database: ${where}`);
if (config.seedDemo) {
  console.info(`Demo accounts (password ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.map((a) => a.email).join(', ')}`);
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  console.info(`[server] ${signal}: closing`);
  server?.close();
  await Promise.all([exportWorker.stop(), userImportWorker.stop(), salesOrderImportWorker.stop(), ccBuildWorker.stop(), abcWorker.stop(), autoWaves?.stop(), dailyCycleCounts?.stop()]);
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
// Test servers stop by themselves when the process that started them is gone.
if (process.env.TALLY_EXIT_WITH_PARENT === '1') {
  const parent = process.ppid;
  setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
      void shutdown('parent exited');
    }
  }, 1000).unref();
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
