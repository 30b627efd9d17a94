import { and, asc, count, desc, eq, getTableColumns, gte, ilike, inArray, lte, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { rangeProps, type FieldDef, type ResourceDef } from '../../shared/resources/define';

/**
 * The list query of a resource, derived from its definition: each filter of the request becomes
 * a condition on its column, the warehouse scope always leads, the sort is one the definition
 * allows with the key as tie-break (stable pages), and the page is a LIMIT/OFFSET with the
 * total counted under the same conditions.
 */

/** `%` and `_` (and the escape itself) match literally in a LIKE pattern. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

export interface ListRequest {
  page_no: number;
  page_size: number;
  sort_by?: string | undefined;
  sort_desc?: 0 | 1 | undefined;
  [filter: string]: unknown;
}

export interface ListPage<Row> {
  list: Row[];
  total: number;
  page_no: number;
  page_size: number;
}

export interface ResourceColumns {
  /** The column of each field, by field name (snake case, as the API and the column name it). */
  fields: ReadonlyMap<string, PgColumn>;
  /** `whs_id`, for warehouse-scoped resources. */
  whs: PgColumn | null;
}

const columnsCache = new WeakMap<ResourceDef, ResourceColumns>();

/** The columns of a resource's table, worked out (and checked) once per definition. */
export function resourceColumns<F extends Record<string, FieldDef>>(def: ResourceDef<F>, table: PgTable): ResourceColumns {
  const cached = columnsCache.get(def);
  if (cached) return cached;
  const byName = new Map(Object.values(getTableColumns(table)).map((c) => [c.name, c as PgColumn]));
  const fields = new Map<string, PgColumn>();
  for (const field of Object.keys(def.fields)) {
    const column = byName.get(field);
    if (!column) throw new Error(`${def.name}: no column ${field} in its table`);
    fields.set(field, column);
  }
  const whs = byName.get('whs_id') ?? null;
  if (def.warehouseScoped && !whs) throw new Error(`${def.name}: a warehouse-scoped table needs whs_id`);
  const columns = { fields, whs };
  columnsCache.set(def, columns);
  return columns;
}

/** The conditions of a list request: its filters, and the warehouse for scoped resources. */
export function listConditions<F extends Record<string, FieldDef>>(def: ResourceDef<F>, table: PgTable, request: ListRequest, whsId: string | null): SQL[] {
  const { fields: columns, whs } = resourceColumns(def, table);
  const conditions: SQL[] = [];
  if (def.warehouseScoped) {
    if (!whs || whsId === null) throw new Error(`${def.name}: a warehouse-scoped list needs the session's warehouse`);
    conditions.push(eq(whs, whsId));
  }
  for (const [name, field] of Object.entries(def.fields)) {
    const filter = field.filter;
    if (!filter) continue;
    const column = columns.get(name)!;
    if (filter.op === 'range') {
      const [fromProp, toProp] = rangeProps(name);
      const from = request[fromProp];
      const to = request[toProp];
      if (typeof from === 'number') conditions.push(gte(column, from));
      if (typeof to === 'number') conditions.push(lte(column, to));
      continue;
    }
    const value = request[name];
    if (value === undefined || value === null) continue;
    switch (filter.op) {
      case 'eq':
        conditions.push(eq(column, value));
        break;
      case 'in':
        conditions.push(inArray(column, value as unknown[]));
        break;
      case 'contains':
        conditions.push(ilike(column, `%${escapeLike(String(value))}%`));
        break;
      case 'prefix':
        conditions.push(ilike(column, `${escapeLike(String(value))}%`));
        break;
    }
  }
  return conditions;
}

/** One page of a resource's rows for `request` (validated by listInputSchema of the same definition). */
export async function listPage<F extends Record<string, FieldDef>>(db: Db, def: ResourceDef<F>, table: PgTable, request: ListRequest, whsId: string | null): Promise<ListPage<Record<string, unknown>>> {
  const { fields: columns } = resourceColumns(def, table);
  const where = and(...listConditions(def, table, request, whsId));
  const sortField = request.sort_by && def.fields[request.sort_by]?.sortable ? request.sort_by : def.defaultSort.field;
  const descending = request.sort_desc === undefined ? (sortField === def.defaultSort.field && def.defaultSort.desc) : request.sort_desc === 1;
  const direction = descending ? desc : asc;
  const order = [direction(columns.get(sortField)!)];
  if (sortField !== def.key) order.push(direction(columns.get(def.key)!));
  const selection = Object.fromEntries(columns);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db.select(selection).from(table).where(where).orderBy(...order)
      .limit(request.page_size).offset((request.page_no - 1) * request.page_size),
    db.select({ total: count() }).from(table).where(where),
  ]);
  return { list: rows, total: Number(total), page_no: request.page_no, page_size: request.page_size };
}
