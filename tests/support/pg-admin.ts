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
