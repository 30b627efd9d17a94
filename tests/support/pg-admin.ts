import pg from 'pg';

/**
 * Runs `work` on a connection of its own to `connectionString` (creating and dropping databases,
 * reading pg_stat_activity), closed afterwards. Shared by the API harness, the two-process test
 * and the bench.
 */
export async function withClient<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The connection string of database `name` on the server of `connectionString`. */
export function databaseAt(connectionString: string, name: string): string {
  const url = new URL(connectionString);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Drops a database once the connections of a closed pool are gone: pg-pool's end() resolves
 * before they have closed, and FORCE terminating one mid-close surfaces as an unhandled
 * "terminating connection" error in the test run.
 */
export async function dropWhenClosed(client: pg.Client, name: string): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (rows[0]!.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
