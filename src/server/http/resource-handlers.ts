import { and, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FieldDef, ResourceDef } from '../../shared/resources/define';
import { notFound } from './errors';
import { listPage, type ListRequest } from './list-query';
import type { AuthedCtx } from './register';

/**
 * The handlers of a resource's list and detail calls (shared/resources/endpoints.ts), over its
 * table: columns named as the definition's fields, and `whs_id` for warehouse-scoped resources,
 * which only ever answer rows of the session's warehouse.
 */
export function resourceHandlers<F extends Record<string, FieldDef>>(def: ResourceDef<F>, table: PgTable) {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const byName = new Map(Object.values(columns).map((c) => [c.name, c]));
  const keyColumn = byName.get(def.key);
  if (!keyColumn) throw new Error(`${def.name}: no column ${def.key}`);
  const selection = Object.fromEntries(Object.keys(def.fields).map((field) => {
    const column = byName.get(field);
    if (!column) throw new Error(`${def.name}: no column ${field}`);
    return [field, column];
  }));
  const scope = (whsId: string): SQL[] => {
    if (!def.warehouseScoped) return [];
    const whs = byName.get('whs_id');
    if (!whs) throw new Error(`${def.name}: a warehouse-scoped table needs whs_id`);
    return [eq(whs, whsId)];
  };

  return {
    list: (input: Record<string, unknown>, { db, session }: AuthedCtx) =>
      listPage(db, def, table, input as ListRequest, def.warehouseScoped ? session.whsId : null),

    async detail(input: Record<string, unknown>, { db, session }: AuthedCtx) {
      const key = String(input[def.key]);
      const [row] = await db.select(selection).from(table).where(and(...scope(session.whsId), eq(keyColumn, key))).limit(1);
      if (!row) throw notFound(`${def.name} ${key}`);
      return row;
    },
  };
}
