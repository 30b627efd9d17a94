import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction (or savepoint) of `Db`: it is a `Db` too, so helpers that take a `Db` take it as it is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** The committed migrations, found from the package root whether running from src/ or the dist/ bundle. */
function findMigrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package root not found for the migrations folder');
    dir = parent;
  }
  return path.join(dir, 'src/server/db/migrations');
}
export const migrationsFolder = findMigrationsFolder();

/**
 * Whether the database has every committed migration: the newest one of the journal is recorded
 * (the migrator records each by its journal time and applies those newer than the last recorded).
 * The migrator itself reads and hashes every migration file and runs its DDL on each start; a
 * server started again on its database (after a crash, or a replica) skips all of that.
 */
export async function migrationsApplied(query: (text: string) => Promise<{ rows: unknown[] }>, migrationsSchema = 'drizzle'): Promise<boolean> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] };
  const newest = Math.max(...journal.entries.map((e) => e.when));
  try {
    const { rows: [row] } = await query(`select max(created_at)::text as applied from "${migrationsSchema}".__drizzle_migrations`);
    return Number((row as { applied: string | null } | undefined)?.applied ?? 0) >= newest;
  } catch {
    return false; // no migrations table yet
  }
}

/** Extensions the migrations create: trigram indexes serve the lists' "containing" filters (PostgreSQL ships them in contrib). */
export const PGLITE_EXTENSIONS = { pg_trgm };

export interface OpenOptions {
  /** PostgreSQL connection string; PGlite when absent. */
  databaseUrl?: string;
  /** PGlite data directory; in memory when absent. */
  dataDir?: string;
  /** PostgreSQL schema to use (created when missing): tests get a fresh one each. */
  schemaName?: string;
  /** Runs after the migrations, under the same start-up lock (e.g. seeding the demo data). */
  prepare?: (db: Db) => Promise<unknown>;
}

/**
 * The embedded database's memory: PostgreSQL's 128 MB of shared buffers live in the WebAssembly
 * heap of this process. An embedded single-site database keeps its hot data in far less; 16 MB
 * takes about 90 MB off the server's resident memory (docs/performance.md, server_rss_mb).
 */
const PGLITE_CONF = ['shared_buffers = 16MB', 'temp_buffers = 4MB', 'maintenance_work_mem = 32MB'];

/** Whether a PGlite data directory has been created (initdb has run in it). */
export const pgliteDataDirExists = (dataDir: string) => existsSync(path.join(dataDir, 'PG_VERSION'));

/**
 * Creates a missing PGlite data directory in a child process. PGlite's initdb peaks near 800 MB
 * and leaves ~170 MB of native heap behind in the process that ran it, which a server would hold
 * for life; a server opening an existing directory stays near 260 MB (docs/performance.md,
 * server_rss_mb).
 */
async function createPgliteDataDir(dataDir: string): Promise<void> {
  if (pgliteDataDirExists(dataDir)) return;
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const initdb = 'const { PGlite } = require(process.argv[1]); const db = new PGlite({ dataDir: process.argv[2] }); db.waitReady.then(() => db.close())';
  await promisify(execFile)(process.execPath, ['-e', initdb, pglite, dataDir]);
}

/** Connections of the PostgreSQL pool (PG_POOL_MAX, default 10); queries beyond them wait for one. */
export const PG_POOL_MAX = Number(process.env.PG_POOL_MAX ?? 10);
/**
 * How long a request waits for a pool connection (PG_ACQUIRE_TIMEOUT_MS, default 15 s) before it
 * fails as a server error the client retries, instead of hanging while the database is unreachable
 * or every connection is held.
 */
export const PG_ACQUIRE_TIMEOUT_MS = Number(process.env.PG_ACQUIRE_TIMEOUT_MS ?? 15_000);

/** Opens the database and applies the committed migrations (the same ones on both engines). */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  // Each engine's driver is loaded only by a server that uses it (docs/performance.md, server_rss_mb).
  if (opts.databaseUrl) return (await import('./postgres')).openPostgres({ ...opts, databaseUrl: opts.databaseUrl });
  // PGlite: one process owns its data directory, so there is nobody to wait for.
  if (opts.dataDir) await createPgliteDataDir(opts.dataDir);
  const client = new PGlite({ ...(opts.dataDir ? { dataDir: opts.dataDir } : {}), extensions: PGLITE_EXTENSIONS, postgresqlconf: PGLITE_CONF });
  const db = drizzlePglite(client, { schema });
  if (!(await migrationsApplied((text) => client.query(text)))) await migratePglite(db, { migrationsFolder });
  await opts.prepare?.(db);
  return { db, kind: 'pglite', close: () => client.close() };
}
