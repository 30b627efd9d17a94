import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, status, timestamptz, trigramIndex, updatedAt, warehouseRef, whsId, whsPrimaryKey } from './columns';
import { users, userWarehouses } from './system';

// User administration: departments, access-status logs, user imports and upload slots (server/modules/user).

/** Departments of a warehouse's workforce (spec §7 get_wfm_department_list). */
export const wfmDepartments = pgTable('wfm_departments', {
  whsId: warehouseRef(),
  departmentId: serial('department_id').notNull(),
  departmentName: text('department_name').notNull(),
}, (t) => [whsPrimaryKey(t, t.departmentId), uniqueIndex('wfm_departments_name_uq').on(t.whsId, t.departmentName)]);

/** The department a member of a warehouse works in; no row when none is set. */
export const staffDepartments = pgTable('staff_departments', {
  whsId: whsId(),
  userId: integer('user_id').notNull(),
  departmentId: integer('department_id').notNull(),
}, (t) => [
  whsPrimaryKey(t, t.userId),
  foreignKey({ columns: [t.whsId, t.userId], foreignColumns: [userWarehouses.whsId, userWarehouses.userId] }).onDelete('cascade'),
  foreignKey({ columns: [t.whsId, t.departmentId], foreignColumns: [wfmDepartments.whsId, wfmDepartments.departmentId] }),
]);

/** Who enabled or disabled an account, when, where and why (spec §6 access-status logs). */
export const accessStatusLogs = pgTable('access_status_logs', {
  /** The warehouse the change was made from. */
  whsId: warehouseRef(),
  logId: serial('log_id').notNull(),
  userId: integer('user_id').notNull().references(() => users.userId),
  operatorId: integer('operator_id').notNull().references(() => users.userId),
  fromStatus: smallint('from_status').notNull(),
  toStatus: smallint('to_status').notNull(),
  isActive: boolean('is_active').notNull(),
  reason: text('reason').notNull().default(''),
  createdAt: createdAt(),
}, (t) => [whsPrimaryKey(t, t.logId), index('access_status_logs_user_idx').on(t.whsId, t.userId, t.createdAt)]);

/**
 * User imports (shared/resources/user-import.resource.ts, migration 0011_user_import): a file of
 * users uploaded to a warehouse, read into `user_import_rows` at upload, applied by the background
 * worker (server/modules/user/user-import-worker.ts) row by row. Status as export tasks': pending 0,
 * ongoing 1, done 2, fail 3.
 */
export const userImportTasks = pgTable('user_import_tasks', {
  whsId: warehouseRef(),
  taskId: serial('task_id').notNull(),
  /** Who uploaded it: the rows are applied with their permissions. */
  userId: integer('user_id').notNull().references(() => users.userId),
  /** Their email when they uploaded it, as the list shows it. */
  operatorEmail: text('operator_email').notNull(),
  fileName: text('file_name').notNull(),
  fileFormat: text('file_format', { enum: ['xlsx', 'csv'] }).notNull(),
  /** The template columns the file had (keys of USER_IMPORT_COLUMNS), in template order: the result file repeats them. */
  columns: jsonb('columns').notNull(),
  status: status(0),
  progress: smallint('progress').notNull().default(0),
  rowCount: integer('row_count').notNull(),
  createdCount: integer('created_count').notNull().default(0),
  updatedCount: integer('updated_count').notNull().default(0),
  unchangedCount: integer('unchanged_count').notNull().default(0),
  refusedCount: integer('refused_count').notNull().default(0),
  errorMessage: text('error_message'),
  /** How often a worker claimed it: a task that keeps killing its worker is failed, not retried forever. */
  attempts: smallint('attempts').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  finishedAt: timestamptz('finished_at'),
}, (t) => [
  whsPrimaryKey(t, t.taskId),
  index('user_import_tasks_created_at_idx').on(t.whsId, t.createdAt),
  trigramIndex(t.fileName),
  trigramIndex(t.operatorEmail),
  // The workers' queue and the per-user limit: only unfinished tasks.
  index('user_import_tasks_queue_idx').on(t.createdAt).where(sql`${t.status} in (0, 1)`),
  check('user_import_tasks_status_ck', sql`${t.status} in (0, 1, 2, 3)`),
  check('user_import_tasks_progress_ck', sql`${t.progress} between 0 and 100`),
]);

/**
 * Upload slots (server/modules/user/user-import.ts takeUploadSlot): an upload holds one of its
 * uploader's slots in the warehouse while it is read and, when refused, until `held_until`, so an
 * expensive refused read cannot be repeated without limit. Unfinished imports count beside them.
 */
export const uploadSlots = pgTable('upload_slots', {
  whsId: whsId(),
  slotId: serial('slot_id').notNull(),
  userId: integer('user_id').notNull().references(() => users.userId),
  heldUntil: timestamptz('held_until').notNull(),
}, (t) => [whsPrimaryKey(t, t.slotId), index('upload_slots_user_idx').on(t.whsId, t.userId, t.heldUntil)]);

/** One data row of an import: its cells by template column, and once applied its outcome (null: not yet). */
export const userImportRows = pgTable('user_import_rows', {
  whsId: whsId(),
  taskId: integer('task_id').notNull(),
  /** The row's number in the file (the header is row 1). */
  rowNo: integer('row_no').notNull(),
  /** Cell text by column key (USER_IMPORT_COLUMNS), trimmed; empty cells left out. */
  cells: jsonb('cells').notNull(),
  /** USER_IMPORT_OUTCOME: created 1, updated 2, unchanged 3, refused 4. */
  outcome: smallint('outcome'),
  /** The account created or changed. */
  userId: integer('user_id'),
  /** Why it was refused (or what to know about it). */
  message: text('message').notNull().default(''),
}, (t) => [
  whsPrimaryKey(t, t.taskId, t.rowNo),
  foreignKey({ columns: [t.whsId, t.taskId], foreignColumns: [userImportTasks.whsId, userImportTasks.taskId] }).onDelete('cascade'),
  check('user_import_rows_outcome_ck', sql`${t.outcome} in (1, 2, 3, 4)`),
]);
