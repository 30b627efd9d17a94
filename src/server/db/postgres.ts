import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PG_ACQUIRE_TIMEOUT_MS, PG_POOL_MAX, migrationsApplied, migrationsFolder, type Database, type OpenOptions } from './client';
import * as schema from './schema';

/** PostgreSQL through node-postgres (DATABASE_URL): loaded by db/client.ts only when a server uses it. */

/**
 * Key of the PostgreSQL advisory lock held while a process migrates (and prepares) the database:
 * processes starting together on one database (several replicas) do it one after another, the
 * later ones finding the work done, instead of racing on CREATE SCHEMA and the first inserts.
 */
const STARTUP_LOCK_KEY = 0x7a11_1e5;

async function underStartupLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    return await work();
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
    lock.release();
  }
}

/** Opens a PostgreSQL pool and applies the committed migrations under the start-up lock. */
export async function openPostgres(opts: OpenOptions & { databaseUrl: string }): Promise<Database> {
  const schemaName = opts.schemaName;
  if (schemaName && !/^[a-z_][a-z0-9_]*$/.test(schemaName)) throw new Error(`invalid schema name ${schemaName}`);
  const pool = new pg.Pool({
    connectionString: opts.databaseUrl,
    max: PG_POOL_MAX,
    connectionTimeoutMillis: PG_ACQUIRE_TIMEOUT_MS,
    ...(schemaName ? { options: `-c search_path=${schemaName}` } : {}),
  });
  const db = drizzle(pool, { schema });
  try {
    await underStartupLock(pool, async () => {
      if (schemaName) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schemaName}`);
      if (!(await migrationsApplied((text) => pool.query(text), schemaName))) {
        await migrate(db, { migrationsFolder, ...(schemaName ? { migrationsSchema: schemaName } : {}) });
      }
      await opts.prepare?.(db);
    });
  } catch (err) {
    await pool.end();
    throw err;
  }
  return { db, kind: 'postgres', close: () => pool.end() };
}
