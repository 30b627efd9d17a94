import { sql } from 'drizzle-orm';
import { check, customType, foreignKey, index, integer, jsonb, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, status, timestamptz, updatedAt, warehouseRef, whsId, whsPrimaryKey } from './columns';
import { users } from './system';

// Export tasks of the Report Center and their files (server/modules/report).

/** Raw bytes: Drizzle 0.45 has no bytea column of its own. PGlite reads Uint8Array, node-postgres a Buffer (a Uint8Array too). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Export tasks of the Report Center (spec §3 "Export task status": pending 0, ongoing 1, done 2,
 * fail 3). Any server process may run a pending one: it is claimed with FOR UPDATE SKIP LOCKED,
 * and `updated_at` is its heartbeat while ongoing (a task silent for long is claimed again).
 */
export const exportTasks = pgTable('export_tasks', {
  whsId: warehouseRef(),
  taskId: uuid('task_id').notNull(),
  userId: integer('user_id').notNull().references(() => users.userId),
  /** The resource exported (server/modules/report/export-sources.ts). */
  resource: text('resource').notNull(),
  /** The resource's spec report type id (spec §3 EXPORT_REPORT_TYPE), when it has one. */
  reportType: integer('report_type'),
  /** The list's filters and sort, as validated by the resource's list input (no paging). */
  filters: jsonb('filters').notNull(),
  /** Columns of the file: field, header label and value labels, in order. */
  columns: jsonb('columns').notNull(),
  fileFormat: text('file_format', { enum: ['xlsx', 'csv'] }).notNull(),
  status: status(0),
  progress: smallint('progress').notNull().default(0),
  rowCount: integer('row_count'),
  fileName: text('file_name').notNull(),
  errorMessage: text('error_message'),
  /** How often a worker claimed it: a task that keeps killing its worker is failed, not retried forever. */
  attempts: smallint('attempts').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  finishedAt: timestamptz('finished_at'),
}, (t) => [
  whsPrimaryKey(t, t.taskId),
  // The Report Center: one user's tasks in a warehouse, newest first.
  index('export_tasks_user_idx').on(t.whsId, t.userId, t.createdAt),
  // The workers' queue: only unfinished tasks, oldest first.
  index('export_tasks_queue_idx').on(t.createdAt).where(sql`${t.status} in (0, 1)`),
  check('export_tasks_status_ck', sql`${t.status} in (0, 1, 2, 3)`),
  check('export_tasks_progress_ck', sql`${t.progress} between 0 and 100`),
]);

/** The file of a finished export, apart from its task so listing tasks never reads the bytes. */
export const exportFiles = pgTable('export_files', {
  whsId: whsId(),
  taskId: uuid('task_id').notNull(),
  content: bytea('content').notNull(),
}, (t) => [
  whsPrimaryKey(t, t.taskId),
  foreignKey({ columns: [t.whsId, t.taskId], foreignColumns: [exportTasks.whsId, exportTasks.taskId] }).onDelete('cascade'),
]);
