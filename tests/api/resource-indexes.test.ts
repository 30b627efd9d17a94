import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { startTestServer, type TestServer } from '../support/api-harness';
import { handlers } from '../../src/server/app';
import { servedResources } from '../../src/server/modules/resources';

/**
 * Lists stay an index walk at a million rows (issue 5): for every resource served over a table,
 * each sortable field and each range filter has a b-tree index leading with the warehouse (then
 * the field) and each "containing" filter a trigram index (bench/list.bench.ts measures them). Views (the user administration read models) are left out.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** The columns an index definition lists, e.g. `(whs_id, supplier_name)` → ['whs_id', 'supplier_name']. */
const indexColumns = (definition: string) =>
  (/\((.*)\)/.exec(definition)?.[1] ?? '').split(',').map((c) => c.trim().replace(/"/g, '').split(/\s+/)[0]!);

describe('list indexes', () => {
  test('every sortable field is an index walk; every containing filter has a trigram index', async () => {
    expect(Object.keys(handlers).length).toBeGreaterThan(0); // the handlers (and so every resource) are made
    const missing: string[] = [];
    for (const { def, table } of servedResources().values()) {
      const name = getTableConfig(table as PgTable).name;
      const kind = await server.database.db.execute<{ table_type: string }>(sql`select table_type from information_schema.tables where table_name = ${name} and table_schema = current_schema()`);
      const rows = (kind as unknown as { rows?: { table_type: string }[] }).rows ?? (kind as unknown as { table_type: string }[]);
      if (rows[0]?.table_type !== 'BASE TABLE') continue;
      const result = await server.database.db.execute<{ indexdef: string }>(sql`select indexdef from pg_indexes where tablename = ${name} and schemaname = current_schema()`);
      const indexes = ((result as unknown as { rows?: { indexdef: string }[] }).rows ?? (result as unknown as { indexdef: string }[])).map((r) => r.indexdef);
      const lead = def.warehouseScoped ? ['whs_id'] : [];
      for (const [field, settings] of Object.entries(def.fields)) {
        // A sort, and a range (whose matches are counted), walk a b-tree leading with the warehouse.
        if (settings.sortable || settings.filter?.op === 'range') {
          const walkable = indexes.some((d) => !/USING gin/i.test(d) && indexColumns(d).slice(0, lead.length + 1).join() === [...lead, field].join());
          if (!walkable) missing.push(`${name}: b-tree (${[...lead, field].join(', ')}) for ${settings.sortable ? 'sorting by' : 'a range of'} ${field}`);
        }
        if (settings.filter?.op === 'contains') {
          const trigram = indexes.some((d) => /USING gin/i.test(d) && d.includes(field) && /gin_trgm_ops/.test(d));
          if (!trigram) missing.push(`${name}: trigram index on ${field}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
