import { and, asc, count, desc, sql, eq, getTableColumns, gte, ilike, inArray, lte, type SQL } from 'drizzle-orm';
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
  /** Matches, counted up to the list's bound. */
  total: number;
  /** There are more matches than `total` says. */
  total_capped: boolean;
  page_no: number;
  page_size: number;
}

export interface ResourceColumns {
  /** The column of each field, by field name (snake case, as the API and the column name it). */
  fields: ReadonlyMap<string, PgColumn>;
  /** The table's property of each field's column (what inserts and updates are keyed by). */
  keys: ReadonlyMap<string, string>;
  /** `whs_id`, for warehouse-scoped resources, and its table property. */
  whs: PgColumn | null;
  whsKey: string | null;
}

const columnsCache = new WeakMap<ResourceDef, ResourceColumns>();

/** The columns of a resource's table, worked out (and checked) once per definition. */
export function resourceColumns<F extends Record<string, FieldDef>>(def: ResourceDef<F>, table: PgTable): ResourceColumns {
  const cached = columnsCache.get(def);
  if (cached) return cached;
  const byName = new Map(Object.entries(getTableColumns(table)).map(([key, c]) => [c.name, { key, column: c as PgColumn }]));
  const fields = new Map<string, PgColumn>();
  const keys = new Map<string, string>();
  for (const [name, field] of Object.entries(def.fields)) {
    const found = byName.get(name);
    if (!found) throw new Error(`${def.name}: no column ${name} in its table`);
    if (field.kind === 'time' && found.column.dataType !== 'date') throw new Error(`${def.name}.${name}: a time field needs a timestamp column`);
    fields.set(name, found.column);
    keys.set(name, found.key);
  }
  const whs = byName.get('whs_id') ?? null;
  if (def.warehouseScoped && !whs) throw new Error(`${def.name}: a warehouse-scoped table needs whs_id`);
  const columns = { fields, keys, whs: whs?.column ?? null, whsKey: whs?.key ?? null };
  columnsCache.set(def, columns);
  return columns;
}

/**
 * An API value as its column stores it: `time` unix seconds as a Date (timestamptz), `bool`
 * 1/0 as true/false when the column is a boolean; a cleared text on a NOT NULL column is ''.
 * Other values are stored as they are.
 */
export function toColumnValue(field: FieldDef, column: PgColumn, value: unknown): unknown {
  if (value === null && field.kind === 'text' && column.notNull) return '';
  if (value === null || value === undefined) return value;
  if (field.kind === 'time') return new Date(Number(value) * 1000);
  if (field.kind === 'bool' && column.dataType === 'boolean') return value === 1 || value === true;
  return value;
}

/** A stored row as the API carries it (see toColumnValue): times as 10-digit unix seconds, booleans as 1/0. */
export function toApiRow<F extends Record<string, FieldDef>>(def: ResourceDef<F>, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...row };
  for (const [name, field] of Object.entries(def.fields)) {
    const value = row[name];
    if (field.kind === 'time' && value instanceof Date) out[name] = Math.floor(value.getTime() / 1000);
    else if (field.kind === 'bool' && typeof value === 'boolean') out[name] = value ? 1 : 0;
  }
  return out;
}

const fixedCache = new WeakMap<ResourceDef, { conditions: SQL[]; values: Record<string, unknown> }>();

/**
 * A resource's `fixed` column values: the conditions that keep it to its rows, and the same values
 * keyed by table property for inserts. Checked once per definition.
 */
export function fixedColumns<F extends Record<string, FieldDef>>(def: ResourceDef<F>, table: PgTable): { conditions: SQL[]; values: Record<string, unknown> } {
  const cached = fixedCache.get(def);
  if (cached) return cached;
  const byName = new Map(Object.entries(getTableColumns(table)).map(([key, c]) => [c.name, { key, column: c as PgColumn }]));
  const conditions: SQL[] = [];
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(def.fixed ?? {})) {
    const found = byName.get(name);
    if (!found) throw new Error(`${def.name}: fixed column ${name} is not in its table`);
    conditions.push(eq(found.column, value));
    values[found.key] = value;
  }
  const fixed = { conditions, values };
  fixedCache.set(def, fixed);
  return fixed;
}

/** The conditions of a list request: its filters, the resource's fixed values, and the warehouse for scoped resources. */
export function listConditions<F extends Record<string, FieldDef>>(def: ResourceDef<F>, table: PgTable, request: ListRequest, whsId: string | null): SQL[] {
  const { fields: columns, whs } = resourceColumns(def, table);
  const conditions: SQL[] = [...fixedColumns(def, table).conditions];
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
      if (typeof from === 'number') conditions.push(gte(column, toColumnValue(field, column, from)));
      if (typeof to === 'number') conditions.push(lte(column, toColumnValue(field, column, to)));
      continue;
    }
    const raw = request[name];
    if (raw === undefined || raw === null) continue;
    const value = Array.isArray(raw) ? raw.map((v) => toColumnValue(field, column, v)) : toColumnValue(field, column, raw);
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

/**
 * Most rows a list counts (spec §9 pages of 20–200): counting every match of a million-row
 * table costs a scan of them all, counting up to a bound costs at most the bound. Past it the
 * answer says `total_capped` and the pager offers pages up to the bound.
 */
export const LIST_COUNT_LIMIT = 10_000;

/**
 * One page of a resource's rows for `request` (validated by listInputSchema of the same
 * definition), with the number of matches counted up to `countLimit`. `where` adds the
 * caller's own conditions (what the user may see) to the request's filters.
 */
export async function listPage<F extends Record<string, FieldDef>>(
  db: Db, def: ResourceDef<F>, table: PgTable, request: ListRequest, whsId: string | null,
  { countLimit = LIST_COUNT_LIMIT, where: also = [] }: { countLimit?: number; where?: SQL[] } = {},
): Promise<ListPage<Record<string, unknown>>> {
  const { fields: columns } = resourceColumns(def, table);
  const where = and(...listConditions(def, table, request, whsId), ...also);
  const sortField = request.sort_by && def.fields[request.sort_by]?.sortable ? request.sort_by : def.defaultSort.field;
  const descending = request.sort_desc === undefined ? (sortField === def.defaultSort.field && def.defaultSort.desc) : request.sort_desc === 1;
  const direction = descending ? desc : asc;
  const order = [direction(columns.get(sortField)!)];
  if (sortField !== def.key) order.push(direction(columns.get(def.key)!));
  const selection = Object.fromEntries(columns);
  const matches = db.select({ one: sql`1` }).from(table).where(where).limit(countLimit + 1).as('matches');
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db.select(selection).from(table).where(where).orderBy(...order)
      .limit(request.page_size).offset((request.page_no - 1) * request.page_size),
    db.select({ total: count() }).from(matches),
  ]);
  const capped = Number(total) > countLimit;
  return {
    list: rows.map((row) => toApiRow(def, row)),
    total: capped ? countLimit : Number(total),
    total_capped: capped,
    page_no: request.page_no,
    page_size: request.page_size,
  };
}
