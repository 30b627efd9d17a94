import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { takesNull, type FieldDef, type ResourceDef } from '../../shared/resources/define';
import type { RowShape } from '../../shared/resources/schemas';
import { RET } from '../../shared/retcodes';
import type { Db, Tx } from '../db/client';
import { ApiError, badInput, notFound } from './errors';
import { fixedColumns, listPage, resourceColumns, toApiRow, toColumnValue, type ListPage, type ListRequest, type ListViewer } from './list-query';
import type { AuthedCtx } from './register';

/** A row as the API carries it, by field name. */
export type ApiRow = Record<string, unknown>;
/** A row of a resource as its contract entries type it (rowSchema). */
export type RowOf<F extends Record<string, FieldDef>> = z.output<z.ZodObject<RowShape<F>>>;

/** What a resource adds to the generic create and update. */
export interface ResourceHooks {
  /**
   * The values about to be written, checked across fields and completed: throw badInput to
   * refuse, return them (changed if need be, e.g. an id upper-cased). `current` is the stored
   * row on update (the values then hold only the fields sent), null on create.
   */
  prepare?(values: ApiRow, current: ApiRow | null, ctx: AuthedCtx): ApiRow | Promise<ApiRow>;
  /** Runs in the create's transaction after the insert: the records a new row needs (a warehouse's roles). */
  afterCreate?(row: ApiRow, tx: Tx, ctx: AuthedCtx): Promise<void>;
  /** Runs in the update's transaction after the change, with the row as it was and as it is (counts that follow it). */
  afterUpdate?(before: ApiRow, after: ApiRow, tx: Tx, ctx: AuthedCtx): Promise<void>;
  /**
   * For a resource not scoped to one warehouse: the condition keeping its list, and the list's
   * export, to the rows `viewer` may see (undefined: all of them).
   */
  visibleTo?(db: Db, viewer: ListViewer): Promise<SQL | undefined>;
  /** Runs before an update or a delete reads its row: refuses a caller who may not change the row `key`, whether or not it exists. */
  beforeUpdate?(key: string, ctx: AuthedCtx): Promise<void>;
  /**
   * Runs in the delete's transaction with the row locked, before it goes: throw badInput to keep a
   * row still in use where no foreign key says so (the foreign keys refuse the rest, -100400).
   */
  beforeDelete?(row: ApiRow, tx: Tx, ctx: AuthedCtx): Promise<void>;
}

/** The conditions keeping a list to what its viewer may see (ResourceHooks.visibleTo). */
export async function visibleRows(hooks: Pick<ResourceHooks, 'visibleTo'>, db: Db, viewer: ListViewer): Promise<SQL[]> {
  const condition = await hooks.visibleTo?.(db, viewer);
  return condition ? [condition] : [];
}

/** A resource served over a table: what field references (`ref`) are checked against. */
export interface ServedTable {
  def: ResourceDef;
  table: PgTable;
}

/** -100411: the create collided with an existing row; the message names it. */
export const duplicate = (what: string) => new ApiError(RET.DUPLICATE, `${what} already exists.`, null, 409);

/**
 * Refuses values of `ref` fields naming no row of the referenced resource in the warehouse, with
 * -100400 on the field (the foreign keys stand behind it; a violation would otherwise be a 500).
 */
async function checkReferences(def: ResourceDef, values: ApiRow, refs: (name: string) => ServedTable, { db, session }: AuthedCtx) {
  for (const [name, field] of Object.entries(def.fields)) {
    const value = values[name];
    // Never blank: the input schema refuses a blank reference (shared/resources/schemas.ts).
    if (!field.ref || value === undefined || value === null) continue;
    const target = refs(field.ref);
    const { fields, whs } = resourceColumns(target.def, target.table);
    const scope = target.def.warehouseScoped && whs ? [eq(whs, session.whsId)] : [];
    const where = Object.entries(field.refWhere ?? {});
    const conditions = where.map(([column, wanted]) => eq(fields.get(column)!, wanted));
    const [found] = await db.select({ one: sql<number>`1` }).from(target.table)
      .where(and(...scope, eq(fields.get(target.def.key)!, value), ...conditions)).limit(1);
    if (!found) {
      const which = where.length ? ` with ${where.map(([column, wanted]) => `${column} ${wanted}`).join(' and ')}` : '';
      throw badInput(name, `There is no ${target.def.name.replace(/_/g, ' ')} ${String(value)}${which} in this warehouse.`);
    }
  }
}

/**
 * Refuses to serve a definition whose writable fields say otherwise than their columns about null
 * (define.ts takesNull): a field taking null over a NOT NULL column would answer a client's null
 * with a 500, and an optional field a create may leave out needs a column default.
 */
function checkNullability(def: ResourceDef, fields: ReadonlyMap<string, PgColumn>): void {
  if (!def.api?.create && !def.api?.update) return;
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.readOnly) continue;
    const column = fields.get(name)!;
    if (takesNull(field) && column.notNull) throw new Error(`${def.name}.${name}: its column is NOT NULL, so the field cannot take null: declare it required or notNull`);
    if (field.notNull && !column.notNull) throw new Error(`${def.name}.${name}: declared notNull, but its column is nullable`);
    if (def.api.create && !field.required && column.notNull && !column.hasDefault) throw new Error(`${def.name}.${name}: a create may leave it out, but its column has no default: declare it required`);
  }
}

/**
 * The handlers of a resource's calls (shared/resources/endpoints.ts), over its table: columns
 * named as the definition's fields, and `whs_id` for warehouse-scoped resources, which only
 * ever read and write rows of the session's warehouse (the warehouse never comes from the input).
 * `refs` resolves the resources its `ref` fields name (server/modules/resources.ts).
 */
export function resourceHandlers<F extends Record<string, FieldDef>>(
  def: ResourceDef<F>, table: PgTable, hooks: ResourceHooks = {}, refs?: (name: string) => ServedTable,
) {
  const { fields, keys, whs, whsKey } = resourceColumns(def, table);
  const anyDef = def as unknown as ResourceDef;
  checkNullability(anyDef, fields);
  if (Object.values(def.fields).some((f) => f.ref) && !refs) throw new Error(`${def.name}: fields refer to other resources, but nothing resolves them`);
  /** The hook's checks after the references': both see the values about to be written. */
  async function prepare(values: ApiRow, current: ApiRow | null, ctx: AuthedCtx): Promise<ApiRow> {
    if (refs) await checkReferences(anyDef, values, refs, ctx);
    return hooks.prepare ? hooks.prepare(values, current, ctx) : values;
  }
  const keyColumn = fields.get(def.key)!;
  const selection = Object.fromEntries(fields);
  const fixed = fixedColumns(def, table);
  const scope = (whsId: string): SQL[] => [...(def.warehouseScoped && whs ? [eq(whs, whsId)] : []), ...fixed.conditions];
  const where = (whsId: string, key: string) => and(...scope(whsId), eq(keyColumn, key));
  const label = (key: unknown) => `${def.name} ${String(key)}`;

  /** The values of writable fields present in `values`, keyed by table property and in the column's type. */
  function columnValues(values: ApiRow): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(values)) {
      const field = def.fields[name];
      if (!field || field.readOnly || value === undefined) continue;
      out[keys.get(name)!] = toColumnValue(field, fields.get(name)!, value);
    }
    return out;
  }

  async function read(db: Db | Tx, whsId: string, key: string): Promise<RowOf<F>> {
    const [row] = await db.select(selection).from(table).where(where(whsId, key)).limit(1);
    if (!row) throw notFound(label(key));
    return toApiRow(def, row) as RowOf<F>;
  }

  // Inputs are what the resource's contract entries parsed (resourceEndpoints); rows are typed as they declare.
  return {
    list: async (input: ApiRow, { db, session }: AuthedCtx) =>
      listPage(db, def, table, input as ListRequest, def.warehouseScoped ? session.whsId : null, {
        where: await visibleRows(hooks, db, { userId: session.userId, whsId: session.whsId }),
      }) as Promise<ListPage<RowOf<F>>>,

    detail: (input: ApiRow, { db, session }: AuthedCtx) => read(db, session.whsId, String(input[def.key])),

    /** Inserts the row (in the session's warehouse when scoped); -100411 when its key exists. */
    async create(input: ApiRow, ctx: AuthedCtx): Promise<RowOf<F>> {
      const values = await prepare({ ...input }, null, ctx);
      return ctx.db.transaction(async (tx) => {
        const insert = { ...columnValues(values), ...fixed.values, ...(def.warehouseScoped && whsKey ? { [whsKey]: ctx.session.whsId } : {}) };
        const [row] = await tx.insert(table).values(insert).onConflictDoNothing().returning(selection);
        if (!row) throw duplicate(label(values[def.key]));
        const created = toApiRow(def, row);
        await hooks.afterCreate?.(created, tx, ctx);
        return created as RowOf<F>;
      });
    },

    /** Changes the fields sent (never the key, immutable or read-only ones); -100404 when the row is not in scope. */
    async update(input: ApiRow, ctx: AuthedCtx): Promise<RowOf<F>> {
      const key = String(input[def.key]);
      await hooks.beforeUpdate?.(key, ctx);
      return ctx.db.transaction(async (tx) => {
        const [locked] = await tx.select(selection).from(table).where(where(ctx.session.whsId, key)).limit(1).for('update');
        if (!locked) throw notFound(label(key));
        const current = toApiRow(def, locked) as RowOf<F>;
        const sent = Object.fromEntries(Object.entries(input).filter(([name]) => {
          const field = def.fields[name];
          return name !== def.key && field !== undefined && !field.immutable && !field.readOnly;
        }));
        // The checks read inside this transaction: on PGlite a read beside it would wait for it forever.
        const values = await prepare(sent, current, { ...ctx, db: tx });
        const set = columnValues(values);
        if (Object.keys(set).length === 0) return current;
        const [row] = await tx.update(table).set(set).where(where(ctx.session.whsId, key)).returning(selection);
        const updated = toApiRow(def, row!) as RowOf<F>;
        await hooks.afterUpdate?.(current, updated, tx, ctx);
        return updated;
      });
    },

    /** Deletes the row and answers its key; -100404 when the row is not in scope, -100400 when it is still in use. */
    async delete(input: ApiRow, ctx: AuthedCtx): Promise<ApiRow> {
      const key = String(input[def.key]);
      await hooks.beforeUpdate?.(key, ctx);
      return ctx.db.transaction(async (tx) => {
        const [locked] = await tx.select(selection).from(table).where(where(ctx.session.whsId, key)).limit(1).for('update');
        if (!locked) throw notFound(label(key));
        const row = toApiRow(def, locked);
        await hooks.beforeDelete?.(row, tx, { ...ctx, db: tx });
        await tx.delete(table).where(where(ctx.session.whsId, key));
        return { [def.key]: row[def.key] };
      });
    },
  };
}

