import { and, asc, Column, count, desc, sql, eq, getTableColumns, gte, ilike, inArray, is, lte, type SQL, type Subquery } from 'drizzle-orm';
import { PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { PG_POOL_MAX, type Db } from '../db/client';
import { rangeProps, type FieldDef, type FixedValue, type ResourceDef } from '../../shared/resources/define';
import { RET } from '../../shared/retcodes';
import { ConcurrencyGate } from './concurrency-gate';
import { ApiError, badInput } from './errors';
import { unixSeconds } from '../common/time';

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

/** A column a list reads: a table's, or a field of a read model's subquery (a column or an aliased expression). */
export type ListColumn = PgColumn | SQL.Aliased;

/**
 * Who a list is read for: the signed-in user and the session's warehouse, or for an export its
 * owner and the warehouse it was made in. A read model whose rows depend on who asks (the
 * accounts and warehouses a user may see) reads them from here.
 */
export interface ListViewer {
  userId: number;
  whsId: string;
}

/**
 * A read model (ResourceDef.query): for each list request, a subquery over the tables (joins,
 * aggregates) selecting fields named as the definition's, plus `whs_id` when warehouse-scoped.
 * The list's filters, sort, paging and count then run over it like over a table.
 */
export interface RowsQuery {
  /**
   * The rows for this request; its values may shape them (a balance as of a time). Should keep to
   * `whsId` itself, and to what `viewer` may see when that is not the whole table.
   */
  rows(ctx: { db: Db; whsId: string | null; request: ListRequest; viewer: ListViewer | null }): Subquery | Promise<Subquery>;
  /**
   * The table columns each sortable, range or "containing" field is searched through, in the
   * order an index walk for it takes them after `whs_id` (the block log's time: action, then
   * created_at). tests/api/resource-indexes.test.ts checks those indexes exist.
   */
  indexedBy: Readonly<Record<string, PgColumn | readonly PgColumn[]>>;
  /**
   * Sortable or "containing" fields no index serves, and why none is needed (the rows a request
   * reads are few: the members of one warehouse). The index test accepts these and no others.
   */
  unindexed?: { fields: readonly string[]; reason: string };
}

/** What a list reads: a table, or a read model built per request. */
export type ListSource = PgTable | RowsQuery;

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
 * 1/0 as true/false when the column is a boolean. Other values are stored as they are.
 */
export function toColumnValue(field: FieldDef, column: ListColumn, value: unknown): unknown {
  const stored = is(column, Column) ? column : null;
  if (value === null || value === undefined) return value;
  if (field.kind === 'time') return new Date(Number(value) * 1000);
  if (field.kind === 'bool' && stored?.dataType === 'boolean') return value === 1 || value === true;
  return value;
}

const convertedCache = new WeakMap<ResourceDef, { times: readonly string[]; bools: readonly string[] }>();

/** The fields toApiRow may convert, found once per definition: it runs for every row of every page. */
function convertedFields(def: ResourceDef): { times: readonly string[]; bools: readonly string[] } {
  let found = convertedCache.get(def);
  if (!found) {
    const named = (kind: FieldDef['kind']) => Object.entries(def.fields).filter(([, field]) => field.kind === kind).map(([name]) => name);
    found = { times: named('time'), bools: named('bool') };
    convertedCache.set(def, found);
  }
  return found;
}

/** A stored row as the API carries it (see toColumnValue): times as 10-digit unix seconds, booleans as 1/0. */
export function toApiRow<F extends Record<string, FieldDef>>(def: ResourceDef<F>, row: Record<string, unknown>): Record<string, unknown> {
  const { times, bools } = convertedFields(def as unknown as ResourceDef);
  const out: Record<string, unknown> = { ...row };
  for (const name of times) {
    const value = row[name];
    if (value instanceof Date) out[name] = unixSeconds(value);
  }
  for (const name of bools) {
    const value = row[name];
    if (typeof value === 'boolean') out[name] = value ? 1 : 0;
  }
  return out;
}

const fixedCache = new WeakMap<ResourceDef, { conditions: SQL[]; values: Record<string, unknown> }>();

/** A column equal to a fixed value, or to one of a fixed list. */
const matches = (column: SQL | PgColumn, value: FixedValue): SQL =>
  // A column or an SQL expression (a related table's column) alike: both render as SQL.
  (Array.isArray(value) ? inArray(column as SQL, value as unknown[]) : eq(column as SQL, value));

/**
 * EXISTS over the related rows of a resource (its `related`): joined on its columns (and the
 * warehouse for scoped resources), with the related rows' fixed values.
 */
function relatedCondition(def: ResourceDef, byName: ReadonlyMap<string, { column: PgColumn }>): SQL {
  const related = def.related!;
  const alias = sql.identifier('related_row');
  const other = (column: string) => sql`${alias}.${sql.identifier(column)}`;
  const own = (column: string) => {
    const found = byName.get(column);
    if (!found) throw new Error(`${def.name}: related rows join on ${column}, which is not in its table`);
    return found.column;
  };
  const joins = [
    ...(def.warehouseScoped ? [sql`${other('whs_id')} = ${own('whs_id')}`] : []),
    ...Object.entries(related.on).map(([mine, theirs]) => sql`${other(theirs)} = ${own(mine)}`),
    ...Object.entries(related.fixed ?? {}).map(([column, value]) => matches(other(column), value)),
  ];
  return sql`exists (select 1 from ${sql.identifier(related.table)} ${alias} where ${sql.join(joins, sql` and `)})`;
}

/**
 * A resource's `fixed` column values (and `related` rows): the conditions that keep it to its
 * rows, and the single values keyed by table property for inserts. Checked once per definition.
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
    conditions.push(matches(found.column, value));
    if (!Array.isArray(value)) values[found.key] = value;
  }
  if (def.related) conditions.push(relatedCondition(def as unknown as ResourceDef, byName));
  const fixed = { conditions, values };
  fixedCache.set(def, fixed);
  return fixed;
}

/** A list column as the SQL operators' overloads type their operand: a subquery's aliased field is an SQL wrapper they take as well. */
const operand = (column: ListColumn) => column as PgColumn;

/** The columns of a read model's subquery by field name (its selected fields are named as the fields), and its `whs_id`. */
function queryColumns(def: ResourceDef, rows: Subquery): { fields: ReadonlyMap<string, ListColumn>; whs: ListColumn | null } {
  const selected = rows as unknown as Record<string, ListColumn | undefined>;
  const fields = new Map<string, ListColumn>();
  for (const [name, field] of Object.entries(def.fields)) {
    const column = selected[name];
    if (!column) throw new Error(`${def.name}: its query selects no ${name}`);
    if (field.kind === 'time' && is(column, Column) && column.dataType !== 'date') throw new Error(`${def.name}.${name}: a time field needs a timestamp column`);
    fields.set(name, column);
  }
  const whs = selected.whs_id ?? null;
  if (def.warehouseScoped && !whs) throw new Error(`${def.name}: a warehouse-scoped query needs whs_id`);
  return { fields, whs };
}

/** The columns a list reads from its table or read model, and the conditions that keep it to the resource's rows. */
function sourceColumns(def: ResourceDef, from: PgTable | Subquery): { fields: ReadonlyMap<string, ListColumn>; whs: ListColumn | null; fixed: SQL[] } {
  if (is(from, PgTable)) {
    const { fields, whs } = resourceColumns(def, from);
    return { fields, whs, fixed: fixedColumns(def, from).conditions };
  }
  return { ...queryColumns(def, from), fixed: [] };
}

/**
 * The conditions of a list request over its table (or its read model's rows for this request):
 * its filters, the resource's fixed values, and the warehouse for scoped resources.
 */
export function listConditions<F extends Record<string, FieldDef>>(def: ResourceDef<F>, from: PgTable | Subquery, request: ListRequest, whsId: string | null): SQL[] {
  const { fields: columns, whs, fixed } = sourceColumns(def as unknown as ResourceDef, from);
  const conditions: SQL[] = [...fixed];
  if (def.warehouseScoped) {
    if (!whs || whsId === null) throw new Error(`${def.name}: a warehouse-scoped list needs the session's warehouse`);
    conditions.push(eq(operand(whs), whsId));
  }
  for (const [name, field] of Object.entries(def.fields)) {
    const filter = field.filter;
    if (!filter) continue;
    const column = operand(columns.get(name)!);
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

/** A page's rows and the count of matches (null when no row came to carry it). */
interface CountedRows {
  rows: Record<string, unknown>[];
  matched: number | null;
}

/** Rows selected as `{ row, total }` (the count of matches beside each), taken apart. */
function takeTotal(selected: { row: Record<string, unknown>; total: number }[]): CountedRows {
  return { rows: selected.map((s) => s.row), matched: selected[0]?.total ?? null };
}

/**
 * A page past the first of a read model, in two steps: the rows it skips are found by their sort
 * and tie-break columns alone, so the figures a read model computes per row (sums over balances,
 * say) are worked out for the page's rows only, not for every row the offset passes. Tie-break
 * columns identify a row (never null). The count (`total`) comes with the keys.
 */
async function deferredPage(
  db: Db, from: Subquery, columns: ReadonlyMap<string, ListColumn>, where: SQL | undefined, order: SQL[], tieBreak: readonly string[], size: number, offset: number,
  total: SQL<number>,
): Promise<CountedRows> {
  const keyColumns = tieBreak.map((name) => operand(columns.get(name)!));
  const row = Object.fromEntries(tieBreak.map((name, i) => [name, keyColumns[i]!]));
  const { rows: keys, matched } = takeTotal(await db.select({ row, total }).from(from).where(where).orderBy(...order).limit(size).offset(offset));
  if (keys.length === 0) return { rows: [], matched };
  const tuple = (values: readonly unknown[]) => sql`(${sql.join(values.map((v) => sql`${v}`), sql`, `)})`;
  const onPage = sql`${tuple(keyColumns)} in (${sql.join(keys.map((k) => tuple(tieBreak.map((name) => k[name]))), sql`, `)})`;
  return { rows: await db.select(Object.fromEntries(columns)).from(from).where(and(where, onPage)).orderBy(...order), matched };
}

/**
 * Most rows a list counts (spec §9 pages of 20–200): counting every match of a million-row
 * table costs a scan of them all, counting up to a bound costs at most the bound. Past it the
 * answer says `total_capped` and the pager offers pages up to the bound.
 */
export const LIST_COUNT_LIMIT = 10_000;

/**
 * Lists read for requests run half the database's connections' worth at a time (a list reads on
 * one), in order of arrival: a flood of lists leaves the other half of the pool to the calls that
 * do the work (scans, pushes), and one that waited LIST_WAIT_MS for its turn is answered -100503
 * instead of queueing without bound. More at once would not answer sooner: past the database, a
 * list costs the server CPU.
 */
export const LIST_CONCURRENCY = Math.max(1, Math.floor(PG_POOL_MAX / 2));
export const LIST_WAIT_MS = 5_000;
export const listGate = new ConcurrencyGate(LIST_CONCURRENCY, LIST_WAIT_MS, () => new ApiError(
  RET.SERVER_BUSY, 'The server is busy answering other lists. Please try again in a moment.', { retry_after_s: 1 }, 503,
));

/**
 * One page of a resource's rows for `request` (validated by listInputSchema of the same
 * definition), with the number of matches counted up to `countLimit`. `where` adds the
 * caller's own conditions (what the user may see) to the request's filters. The rows come from
 * the resource's table or, for a read model, from its query built for this request (for
 * `viewer`). It waits for its turn at listGate unless `background` (the server's own reading,
 * the export worker, which has nobody to answer busy).
 */
export function listPage<F extends Record<string, FieldDef>>(
  db: Db, def: ResourceDef<F>, source: ListSource, request: ListRequest, whsId: string | null,
  options: { countLimit?: number; where?: SQL[]; viewer?: ListViewer | null; background?: boolean } = {},
): Promise<ListPage<Record<string, unknown>>> {
  const read = () => readPage(db, def, source, request, whsId, options);
  if (options.background) return read();
  // The pager offers pages up to the count's bound; past it a page would make the database walk
  // every row before it (page 1,000,000 of 200: 200 million) to answer one request.
  const bound = options.countLimit ?? LIST_COUNT_LIMIT;
  if ((request.page_no - 1) * request.page_size >= bound) {
    return Promise.reject(badInput('page_no', `a list shows its first ${bound.toLocaleString('en')} matches; narrow the filters to reach the rest`));
  }
  return listGate.run(read);
}

async function readPage<F extends Record<string, FieldDef>>(
  db: Db, def: ResourceDef<F>, source: ListSource, request: ListRequest, whsId: string | null,
  { countLimit = LIST_COUNT_LIMIT, where: also = [], viewer = null }: { countLimit?: number; where?: SQL[]; viewer?: ListViewer | null },
): Promise<ListPage<Record<string, unknown>>> {
  const from = is(source, PgTable) ? source : await source.rows({ db, whsId, request, viewer });
  const { fields: columns } = sourceColumns(def as unknown as ResourceDef, from);
  const where = and(...listConditions(def, from, request, whsId), ...also);
  const sortField = request.sort_by && def.fields[request.sort_by]?.sortable ? request.sort_by : def.defaultSort.field;
  const descending = request.sort_desc === undefined ? (sortField === def.defaultSort.field && def.defaultSort.desc) : request.sort_desc === 1;
  const direction = descending ? desc : asc;
  // Ties break on the key, or on the fields the definition names (a read model's composed key is not indexed; its parts are).
  const tieBreak = def.tieBreak ?? [def.key];
  const order = [sortField, ...tieBreak.filter((name) => name !== sortField)].map((name) => direction(columns.get(name)!));
  const selection = Object.fromEntries(columns);
  const offset = (request.page_no - 1) * request.page_size;
  // The count rides on the page's own query (one statement, one connection): an uncorrelated
  // subquery, worked out once. Only a page past the last match has no row to carry it.
  const matches = db.select({ one: sql`1` }).from(from).where(where).limit(countLimit + 1).as('matches');
  const counted = db.select({ total: count() }).from(matches);
  const total = sql<number>`(${counted})`.mapWith(Number);
  const { rows, matched } = is(from, PgTable) || offset === 0
    ? takeTotal(await db.select({ row: selection, total }).from(from).where(where).orderBy(...order).limit(request.page_size).offset(offset))
    : await deferredPage(db, from, columns, where, order, tieBreak, request.page_size, offset, total);
  // No row carried the count: none matched (the first page), or the page lies past the last match.
  const found = matched ?? (offset === 0 ? 0 : Number((await counted)[0]!.total));
  const capped = found > countLimit;
  return {
    list: rows.map((row) => toApiRow(def, row)),
    total: capped ? countLimit : found,
    total_capped: capped,
    page_no: request.page_no,
    page_size: request.page_size,
  };
}
