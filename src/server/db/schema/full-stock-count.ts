import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz, warehouseRef, whsPrimaryKey } from './columns';
import { users } from './system';

/**
 * Full stock counts of a warehouse (spec §4 on/off switch), one row per run: who started it and
 * when, who ended it and when (open while `ended_at` is null; at most one open per warehouse).
 * The switch itself is the setting `is_open_full_stock_count` (conf_values), written in the same
 * transaction (server/modules/inventory/full-stock-count.ts); the count's orders refer to the run.
 */
export const fullStockCountRuns = pgTable('full_stock_count_runs', {
  whsId: warehouseRef(),
  runId: bigserial('run_id', { mode: 'number' }).notNull(),
  startedAt: timestamptz('started_at').notNull().defaultNow(),
  startedBy: integer('started_by').references(() => users.userId),
  endedAt: timestamptz('ended_at'),
  endedBy: integer('ended_by').references(() => users.userId),
}, (t) => [
  whsPrimaryKey(t, t.runId),
  uniqueIndex('full_stock_count_runs_open_uq').on(t.whsId).where(sql`${t.endedAt} is null`),
  index('full_stock_count_runs_started_idx').on(t.whsId, t.startedAt),
  check('full_stock_count_runs_end_ck', sql`${t.endedAt} is null or ${t.endedAt} >= ${t.startedAt}`),
]);
