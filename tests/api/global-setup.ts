import { POSTGRES_ADMIN_URL, SKIP_POSTGRES, prepareTemplate } from '../support/api-harness';
import { withClient } from '../support/pg-admin';

/**
 * The migrated and seeded template every API test file starts from, built once before them; on
 * PGlite also the machine's PostgreSQL one, which the tests of PostgreSQL's own connections
 * (usePostgresServer) copy: built in their beforeAll, it outlasted the 60 s hook timeout on a
 * busy machine. Without a reachable PostgreSQL those tests say so themselves.
 */
export default async function setup() {
  await prepareTemplate();
  if (process.env.DATABASE_URL?.trim() || SKIP_POSTGRES) return;
  const reachable = await withClient(POSTGRES_ADMIN_URL, (c) => c.query('select 1')).then(() => true, () => false);
  if (reachable) await prepareTemplate(POSTGRES_ADMIN_URL);
}
