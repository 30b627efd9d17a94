import type pg from 'pg';
import { databaseAt, dropWhenClosed, withClient } from '../../tests/support/pg-admin';

/** The local PostgreSQL the benches make their databases on: BENCH_DATABASE_URL, else the default local one. */
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const withAdmin = <T>(run: (client: pg.Client) => Promise<T>): Promise<T> => withClient(ADMIN_URL, run);

/** The connection string of database `name` on the bench's PostgreSQL. */
const databaseUrl = (name: string): string => databaseAt(ADMIN_URL, name);

/** A database of the bench's own, empty (one left by an interrupted run is dropped first); returns its URL. */
export async function createFreshDatabase(name: string): Promise<string> {
  await withAdmin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
  });
  return databaseUrl(name);
}

/** Drops a bench database once the connections of its closed pools are gone. */
export function dropDatabase(name: string): Promise<void> {
  return withAdmin((c) => dropWhenClosed(c, name));
}

/** The process ids of the PostgreSQL backends serving database `name` now (the server's pool): what its CPU is read from. */
export function backendPids(name: string): Promise<number[]> {
  return withAdmin(async (c) => (await c.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name])).rows.map((r) => r.pid));
}
