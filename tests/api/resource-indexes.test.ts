import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getTableName, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { startTestServer, type TestServer } from '../support/api-harness';
import { handlers } from '../../src/server/app';
import { servedResources } from '../../src/server/modules/resources';

/**
 * Lists stay an index walk at a million rows: for every resource served over a table,
 * each sortable field and each range filter has a b-tree index leading with the warehouse (then
 * the field) and each "containing" filter a trigram index (bench/list.bench.ts measures them); a read model's fields are
 * checked on the table columns its query says they are searched through. The one exception: a
 * read model's fields it names `unindexed`, with the reason (the user administration lists read one
 * warehouse's members or roles through its key, a few thousand rows at most).
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

/** The index definitions of a base table; null when it is no table (a list read from a view walks nothing). */
async function indexesOf(table: string): Promise<string[] | null> {
  const rowsOf = <R,>(result: unknown) => (result as { rows?: R[] }).rows ?? (result as R[]);
  const kind = rowsOf<{ table_type: string }>(await server.database.db.execute(sql`select table_type from information_schema.tables where table_name = ${table} and table_schema = current_schema()`));
  if (kind[0]?.table_type !== 'BASE TABLE') return null;
  return rowsOf<{ indexdef: string }>(await server.database.db.execute(sql`select indexdef from pg_indexes where tablename = ${table} and schemaname = current_schema()`)).map((r) => r.indexdef);
}

describe('list indexes', () => {
  test('every sortable field is an index walk; every containing filter has a trigram index', async () => {
    expect(Object.keys(handlers).length).toBeGreaterThan(0); // the handlers (and so every resource) are made
    const missing: string[] = [];
    for (const { def, table, query } of servedResources().values()) {
      const lead = def.warehouseScoped ? ['whs_id'] : [];
      for (const [field, settings] of Object.entries(def.fields)) {
        // A sort, and a range (whose matches are counted), walk a b-tree leading with the warehouse.
        const walked = settings.sortable || settings.filter?.op === 'range';
        const contains = settings.filter?.op === 'contains';
        if (!walked && !contains) continue;
        // A read model names the table columns each such field is searched through, in index order, or why it needs none.
        const unindexed = query?.unindexed;
        if (unindexed?.fields.includes(field)) {
          if (unindexed.reason.trim() === '') missing.push(`${def.name}: ${field} is unindexed without a reason`);
          continue;
        }
        const through = table ? null : query!.indexedBy[field];
        if (!table && !through) {
          missing.push(`${def.name}: its query does not say which table column ${field} is searched through (indexedBy)`);
          continue;
        }
        const columns = through ? [through].flat() : [];
        const name = table ? getTableConfig(table as PgTable).name : getTableName(columns[0]!.table);
        const wanted = table ? [...lead, field] : [...lead, ...columns.map((c) => c.name)];
        const indexes = await indexesOf(name);
        if (!indexes) {
          missing.push(`${name}: not a table, so ${def.name}.${field} has no index to walk`);
          continue;
        }
        if (walked && !indexes.some((d) => !/USING gin/i.test(d) && indexColumns(d).slice(0, wanted.length).join() === wanted.join())) {
          missing.push(`${name}: b-tree (${wanted.join(', ')}) for ${settings.sortable ? 'sorting by' : 'a range of'} ${def.name}.${field}`);
        }
        const searched = wanted.at(-1)!;
        if (contains && !indexes.some((d) => /USING gin/i.test(d) && d.includes(searched) && /gin_trgm_ops/.test(d))) {
          missing.push(`${name}: trigram index on ${searched} for ${def.name}.${field}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  test('a read model leaves out of its indexes only fields that are sortable or searched by containing, and says why', () => {
    const stray: string[] = [];
    for (const { def, query } of servedResources().values()) {
      for (const field of query?.unindexed?.fields ?? []) {
        const settings = def.fields[field];
        if (!settings || !(settings.sortable || settings.filter?.op === 'range' || settings.filter?.op === 'contains')) stray.push(`${def.name}.${field}`);
      }
    }
    expect(stray).toEqual([]);
  });
});
