import { and, eq, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FieldDef, ResourceDef } from '../../shared/resources/define';
import { notFound } from './errors';
import { listPage, resourceColumns, type ListRequest } from './list-query';
import type { AuthedCtx } from './register';

/**
 * The handlers of a resource's list and detail calls (shared/resources/endpoints.ts), over its
 * table: columns named as the definition's fields, and `whs_id` for warehouse-scoped resources,
 * which only ever answer rows of the session's warehouse.
 */
export function resourceHandlers<F extends Record<string, FieldDef>>(def: ResourceDef<F>, table: PgTable) {
  const { fields, whs } = resourceColumns(def, table);
  const keyColumn = fields.get(def.key)!;
  const selection = Object.fromEntries(fields);
  const scope = (whsId: string): SQL[] => (def.warehouseScoped && whs ? [eq(whs, whsId)] : []);

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
