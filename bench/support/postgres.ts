import pg from 'pg';

/** The local PostgreSQL the benches make their databases on: BENCH_DATABASE_URL, else the default local one. */
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The connection string of database `name` on the bench's PostgreSQL. */
export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A database of the bench's own, empty (one left by an interrupted run is dropped first); returns its URL. */
export async function createFreshDatabase(name: string): Promise<string> {
  await withAdmin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
  });
  return databaseUrl(name);
}

export function dropDatabase(name: string): Promise<void> {
  return withAdmin(async (c) => void (await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));
}
