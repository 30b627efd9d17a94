import { getTableName, sql } from 'drizzle-orm';
import { check, index, primaryKey, smallint, text, timestamp, type ExtraConfigColumn, type PgColumn } from 'drizzle-orm/pg-core';
import { warehouses } from './warehouse';

/**
 * The columns, keys and indexes every warehouse table repeats, each written once. Tables scoped
 * to a warehouse carry `whs_id` as their first column and lead their keys with it: it is the
 * distribution column if a deployment moves to Citus (DESIGN.md).
 */

/**
 * `whs_id` not referencing `warehouses` itself: rows under a parent row of the warehouse (their
 * foreign key to it carries `whs_id`), and the few that name a warehouse without belonging to it.
 */
export const whsId = () => text('whs_id').notNull();

/** `whs_id` of rows that belong to a warehouse directly. */
export const warehouseRef = () => whsId().references(() => warehouses.whsId);

/** The primary key: `whs_id` first, then the row's key within the warehouse. */
export const whsPrimaryKey = (t: { whsId: PgColumn }, ...key: PgColumn[]) => primaryKey({ columns: [t.whsId, ...key] });

export const timestamptz = <TName extends string>(name: TName) => timestamp(name, { withTimezone: true });
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

export const remark = () => text('remark');

/** A row's status code, `initial` when made. */
export const status = (initial = 1) => smallint('status').notNull().default(initial);

const tableOf = (column: ExtraConfigColumn) => getTableName(column.table);

/** ACTIVE_STATUS (spec §3): active 1, inactive 2. */
export const activeStatusCheck = (column: ExtraConfigColumn) => check(`${tableOf(column)}_status_ck`, sql`${column} in (1, 2)`);

/** Location status (spec §3): normal 1, blocked 2, frozen 3, deleted 4. */
export const locationStatusCheck = (column: ExtraConfigColumn) => check(`${tableOf(column)}_status_ck`, sql`${column} between 1 and 4`);

/**
 * The trigram (pg_trgm GIN) index a "containing" filter needs (a name, mostly), named
 * `<table>_<column>_trgm_idx`; resource-indexes.test.ts names a missing one.
 */
export const trigramIndex = (column: ExtraConfigColumn) =>
  index(`${tableOf(column)}_${column.name}_trgm_idx`).using('gin', column.op('gin_trgm_ops'));
