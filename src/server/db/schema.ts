import { sql } from 'drizzle-orm';
import {
  bigint, bigserial, boolean, check, date, foreignKey, index, integer, jsonb, pgSequence, pgTable, primaryKey, serial, smallint, text, time, timestamp,
  uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';

/**
 * Tables scoped to a warehouse carry `whs_id` and lead their keys with it: it is the
 * distribution column if a deployment moves to Citus (DESIGN.md).
 */

/** Warehouses (shared/resources/warehouse.resource.ts); 0004_warehouse_forms added country and is_rms. */
export const warehouses = pgTable('warehouses', {
  whsId: text('whs_id').primaryKey(),
  whsName: text('whs_name').notNull(),
  whsNo: text('whs_no').notNull().default(''),
  /** IANA zone; a missing or unknown one reads as Asia/Shanghai (spec §3/§8). */
  timeRegion: text('time_region').default('Asia/Shanghai'),
  isUseChannel: boolean('is_use_channel').notNull().default(false),
  quotaMode: smallint('quota_mode').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** The id's first two letters when they are one of the nine countries (spec §1), else null. */
  country: text('country').generatedAlwaysAs(sql`case when upper(left(whs_id, 2)) in ('CN', 'ID', 'MY', 'PH', 'SG', 'SZ', 'TH', 'TW', 'VN') then upper(left(whs_id, 2)) end`),
  /** The id begins with vn, any case (spec §1). */
  isRms: boolean('is_rms').generatedAlwaysAs(sql`lower(whs_id) like 'vn%'`),
}, (t) => [
  check('warehouses_quota_mode_ck', sql`${t.quotaMode} in (0, 1)`),
  index('warehouses_whs_name_idx').on(t.whsName),
  index('warehouses_whs_name_trgm_idx').using('gin', t.whsName.op('gin_trgm_ops')),
  index('warehouses_created_at_idx').on(t.createdAt),
]);

export const users = pgTable('users', {
  userId: serial('user_id').primaryKey(),
  email: text('email').notNull(),
  displayName: text('display_name').notNull(),
  avatarUrl: text('avatar_url').notNull().default(''),
  /** scrypt of the client-side SHA-256: `scrypt$N$r$p$salt$hash`. */
  passwordHash: text('password_hash').notNull(),
  /** When the client last reported the password as below policy; null when it meets it. */
  simplePasswordSince: timestamp('simple_password_since', { withTimezone: true }),
  isActive: boolean('is_active').notNull().default(true),
  /** Sees and may switch to every warehouse with the super role. */
  isSuperAdmin: boolean('is_super_admin').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  // User administration (migration 0007_user_admin; shared/resources/user.resource.ts has the codes).
  /** Own 1, BPO (outsourced) 2, synced from the business-user system 3. */
  userKind: smallint('user_kind').notNull().default(1),
  /** Staff status (spec §3): ACTIVE 1, TERMINATED 2, LEAVE_OF_ABSENCE 3; only ACTIVE may sign in (`is_active`). */
  staffStatus: smallint('staff_status').notNull().default(1),
  /** PERMANENT 1, TEMPORARY 2, CONTRACT 3. */
  employmentType: smallint('employment_type').notNull().default(1),
  localName: text('local_name').notNull().default(''),
  /** When the account was last marked as synced to the business-user system; null when never. */
  tobSyncedAt: timestamp('tob_synced_at', { withTimezone: true }),
  /** Set when an administrator gave the account a temporary password: it must be changed before anything else. */
  passwordChangeRequired: boolean('password_change_required').notNull().default(false),
}, (t) => [
  uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
  check('users_user_kind_ck', sql`${t.userKind} in (1, 2, 3)`),
  check('users_staff_status_ck', sql`${t.staffStatus} in (1, 2, 3)`),
  check('users_employment_type_ck', sql`${t.employmentType} in (1, 2, 3)`),
  // A synced account is one sync_user_to_tob pushed to the business-user system (migration 0011_user_import).
  check('users_synced_kind_ck', sql`${t.userKind} <> 3 or ${t.tobSyncedAt} is not null`),
]);

export const roles = pgTable('roles', {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  roleId: serial('role_id').notNull(),
  roleName: text('role_name').notNull(),
  /** Holds every permission, present and future. */
  allPermissions: boolean('all_permissions').notNull().default(false),
}, (t) => [primaryKey({ columns: [t.whsId, t.roleId] }), uniqueIndex('roles_name_uq').on(t.whsId, t.roleName)]);

export const rolePermissions = pgTable('role_permissions', {
  whsId: text('whs_id').notNull(),
  roleId: integer('role_id').notNull(),
  perm: text('perm').notNull(),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.roleId, t.perm] }),
  foreignKey({ columns: [t.whsId, t.roleId], foreignColumns: [roles.whsId, roles.roleId] }).onDelete('cascade'),
]);

/** Membership of a user in a warehouse, with the role they hold there. */
export const userWarehouses = pgTable('user_warehouses', {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  userId: integer('user_id').notNull().references(() => users.userId),
  roleId: integer('role_id').notNull(),
  isShowMbn: boolean('is_show_mbn').notNull().default(false),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.userId] }),
  index('user_warehouses_user_idx').on(t.userId),
  foreignKey({ columns: [t.whsId, t.roleId], foreignColumns: [roles.whsId, roles.roleId] }),
]);

export const userSettings = pgTable('user_settings', {
  userId: integer('user_id').notNull().references(() => users.userId),
  name: text('name').notNull(),
  value: text('value').notNull(),
}, (t) => [primaryKey({ columns: [t.userId, t.name] })]);

export const sessions = pgTable('sessions', {
  /** SHA-256 of the cookie's random id: a database leak does not leak live sessions. */
  idHash: text('id_hash').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.userId),
  whsId: text('whs_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [index('sessions_user_idx').on(t.userId)]);

/** System settings (spec §3 "System settings"): `whs_id` '' holds the default for every warehouse. */
export const confValues = pgTable('conf_values', {
  whsId: text('whs_id').notNull(),
  confKey: text('conf_key').notNull(),
  confValue: text('conf_value').notNull(),
}, (t) => [primaryKey({ columns: [t.whsId, t.confKey] })]);

/** When each module of a warehouse moved to this system (spec §7 get_warehouse_switch_time). */
export const warehouseSwitchTimes = pgTable('warehouse_switch_times', {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  module: text('module').notNull(),
  switchTime: bigint('switch_time', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.whsId, t.module] })]);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.userId),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
}, (t) => [index('password_reset_tokens_user_idx').on(t.userId)]);

/** Outgoing mail: recorded here and logged, since no mail server is configured. */
export const mailOutbox = pgTable('mail_outbox', {
  mailId: serial('mail_id').primaryKey(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

/**
 * Counted attempts per rate rule (src/server/http/rate-limit.ts: sign-ins, reset requests, current
 * passwords) and subject: an account (lower-case email), a client address, or both ('' where the
 * rule does not use one). One row per subject, counted before the attempt is judged, so concurrent
 * attempts queue on its lock instead of all passing a check made before any of them counted.
 */
export const rateLimits = pgTable('rate_limits', {
  rule: text('rule').notNull(),
  account: text('account').notNull().default(''),
  address: text('address').notNull().default(''),
  /** Attempts counted since the subject started (or was forgotten); a success may reset or refund it. */
  attempts: integer('attempts').notNull(),
  /** When the last attempt was counted: waits run from it. */
  lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.rule, t.account, t.address] }), index('rate_limits_last_at_idx').on(t.lastAt)]);

/**
 * One offline op stream: a device used by a user in a warehouse (DESIGN.md "Offline and scanning").
 * `acked_seq` is the last seq applied; the rest is what the device last reported in its heartbeat.
 */
export const syncStreams = pgTable('sync_streams', {
  whsId: text('whs_id').notNull(),
  deviceId: uuid('device_id').notNull(),
  userId: integer('user_id').notNull().references(() => users.userId),
  ackedSeq: bigint('acked_seq', { mode: 'number' }).notNull().default(0),
  lastContactAt: timestamp('last_contact_at', { withTimezone: true }).notNull().defaultNow(),
  pending: integer('pending').notNull().default(0),
  rejected: integer('rejected').notNull().default(0),
  /** Device time of the oldest op still in its outbox. */
  oldestPendingAt: timestamp('oldest_pending_at', { withTimezone: true }),
  appVersion: text('app_version').notNull().default(''),
  userAgent: text('user_agent').notNull().default(''),
}, (t) => [primaryKey({ columns: [t.whsId, t.deviceId, t.userId] })]);

/** Every op applied or rejected, recorded in the transaction of its effects: a repeated op id gets this answer again. */
export const syncOps = pgTable('sync_ops', {
  whsId: text('whs_id').notNull(),
  opId: uuid('op_id').notNull(),
  deviceId: uuid('device_id').notNull(),
  userId: integer('user_id').notNull().references(() => users.userId),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  kind: text('kind').notNull(),
  payload: jsonb('payload').notNull(),
  /** SHA-256 of kind and canonical payload: a resent op must match it. */
  payloadHash: text('payload_hash').notNull(),
  status: text('status', { enum: ['applied', 'rejected'] }).notNull(),
  retcode: integer('retcode').notNull(),
  message: text('message').notNull(),
  result: jsonb('result'),
  /** When the operator made it, by the device's clock. */
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  resolvedBy: integer('resolved_by').references(() => users.userId),
  resolutionReason: text('resolution_reason'),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.opId] }),
  uniqueIndex('sync_ops_stream_seq_uq').on(t.whsId, t.deviceId, t.userId, t.seq),
  // The supervisor's worklist: rejected ops nobody has resolved yet.
  index('sync_ops_unresolved_idx').on(t.whsId, t.deviceId, t.userId).where(sql`${t.status} = 'rejected' and ${t.resolvedAt} is null`),
]);

/**
 * Notification sound settings (spec §3 "Sound config") per warehouse and device platform: one row
 * per node someone changed; a node without a row has the catalog's default.
 */
export const notificationSounds = pgTable('notification_sounds', {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  /** Device platform: PC 1, PDA 2. */
  platform: smallint('platform').notNull(),
  nodeName: text('node_name').notNull(),
  /** Open 1, Close 2. */
  soundType: smallint('sound_type').notNull(),
  clip: text('clip').notNull(),
  voice: smallint('voice').notNull(),
  updatedBy: integer('updated_by').notNull().references(() => users.userId),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.platform, t.nodeName] }),
  check('notification_sounds_platform_ck', sql`${t.platform} in (1, 2)`),
  check('notification_sounds_sound_type_ck', sql`${t.soundType} in (1, 2)`),
  check('notification_sounds_clip_ck', sql`${t.clip} in ('A', 'B', 'C')`),
  check('notification_sounds_voice_ck', sql`${t.voice} in (0, 1)`),
]);

/** Suppliers of a warehouse (shared/resources/supplier.resource.ts): columns named as its fields. */
export const suppliers = pgTable('suppliers', {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  supplierId: text('supplier_id').notNull(),
  supplierName: text('supplier_name').notNull(),
  country: text('country'),
  /** Active 1, inactive 2. */
  status: smallint('status').notNull().default(1),
  contactName: text('contact_name'),
  phone: text('phone'),
  email: text('email'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.supplierId] }),
  // The list sorted or searched by name stays an index walk within the warehouse.
  index('suppliers_name_idx').on(t.whsId, t.supplierName),
  check('suppliers_status_ck', sql`${t.status} in (1, 2)`),
  index('suppliers_supplier_name_trgm_idx').using('gin', t.supplierName.op('gin_trgm_ops')),
]);

// ---- warehouse & forms ----
// No new tables: the migration adds the derived country and is_rms to `warehouses` (top of this
// file) and makes time_region default to Asia/Shanghai (spec §3/§8).

// ---- list settings: filter templates, bookmarks, paging headers ----

/**
 * Saved list settings of a user in a warehouse (spec §3 "Saved filter template", §2 Bookmarks):
 * type 1 is the filter-select choice of a list (data: filter prop → shown), type 2 a bookmark
 * (data: the filter state). Rows are only ever read and changed by their own user.
 */
export const listTemplates = pgTable('list_templates', {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  templateId: serial('template_id').notNull(),
  userId: integer('user_id').notNull().references(() => users.userId),
  /** Filter-select template 1, bookmark 2. */
  type: smallint('type').notNull(),
  /** The list's route (`/wmsbasic/supplier`). */
  urlPath: text('url_path').notNull(),
  /** Which filter set of the page, when it has more than one; '' otherwise. */
  keyName: text('key_name').notNull().default(''),
  /** Station number the template belongs to; '' when none. */
  station: text('station').notNull().default(''),
  templateName: text('template_name').notNull(),
  data: jsonb('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.templateId] }),
  // One filter-select choice per user, page, key and station; a repeated create replaces it.
  uniqueIndex('list_templates_filter_uq').on(t.whsId, t.userId, t.urlPath, t.keyName, t.station).where(sql`${t.type} = 1`),
  // Bookmark names are unique on a page, so the default name's free number is well defined.
  uniqueIndex('list_templates_bookmark_uq').on(t.whsId, t.userId, t.urlPath, t.keyName, t.templateName).where(sql`${t.type} = 2`),
  check('list_templates_type_ck', sql`${t.type} in (1, 2)`),
]);

// ---- export tasks ----
// Imported here, beside the tables that use it (the import line at the top is shared by every area).
import { customType } from 'drizzle-orm/pg-core';

/** Raw bytes: Drizzle 0.45 has no bytea column of its own. PGlite reads Uint8Array, node-postgres a Buffer (a Uint8Array too). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Export tasks of the Report Center (spec §3 "Export task status": pending 0, ongoing 1, done 2,
 * fail 3). Any server process may run a pending one: it is claimed with FOR UPDATE SKIP LOCKED,
 * and `updated_at` is its heartbeat while ongoing (a task silent for long is claimed again).
 */
export const exportTasks = pgTable('export_tasks', {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  taskId: uuid('task_id').notNull(),
  userId: integer('user_id').notNull().references(() => users.userId),
  /** The resource exported (server/modules/report/export-sources.ts). */
  resource: text('resource').notNull(),
  /** The list's filters and sort, as validated by the resource's list input (no paging). */
  filters: jsonb('filters').notNull(),
  /** Columns of the file: field, header label and value labels, in order. */
  columns: jsonb('columns').notNull(),
  fileFormat: text('file_format', { enum: ['xlsx', 'csv'] }).notNull(),
  status: smallint('status').notNull().default(0),
  progress: smallint('progress').notNull().default(0),
  rowCount: integer('row_count'),
  fileName: text('file_name').notNull(),
  errorMessage: text('error_message'),
  /** How often a worker claimed it: a task that keeps killing its worker is failed, not retried forever. */
  attempts: smallint('attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.taskId] }),
  // The Report Center: one user's tasks in a warehouse, newest first.
  index('export_tasks_user_idx').on(t.whsId, t.userId, t.createdAt),
  // The workers' queue: only unfinished tasks, oldest first.
  index('export_tasks_queue_idx').on(t.createdAt).where(sql`${t.status} in (0, 1)`),
  check('export_tasks_status_ck', sql`${t.status} in (0, 1, 2, 3)`),
  check('export_tasks_progress_ck', sql`${t.progress} between 0 and 100`),
]);

/** The file of a finished export, apart from its task so listing tasks never reads the bytes. */
export const exportFiles = pgTable('export_files', {
  whsId: text('whs_id').notNull(),
  taskId: uuid('task_id').notNull(),
  content: bytea('content').notNull(),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.taskId] }),
  foreignKey({ columns: [t.whsId, t.taskId], foreignColumns: [exportTasks.whsId, exportTasks.taskId] }).onDelete('cascade'),
]);

/**
 * Column settings of a list (spec §7 paging header) per user and list path: a free object the
 * client reads back. Per user, not per warehouse: the same person wants the same columns everywhere.
 */
export const pagingHeaders = pgTable('paging_headers', {
  userId: integer('user_id').notNull().references(() => users.userId, { onDelete: 'cascade' }),
  urlPath: text('url_path').notNull(),
  header: jsonb('header').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.userId, t.urlPath] })]);

// ---- user administration ----

/** Departments of a warehouse's workforce (spec §7 get_wfm_department_list). */
export const wfmDepartments = pgTable('wfm_departments', {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  departmentId: serial('department_id').notNull(),
  departmentName: text('department_name').notNull(),
}, (t) => [primaryKey({ columns: [t.whsId, t.departmentId] }), uniqueIndex('wfm_departments_name_uq').on(t.whsId, t.departmentName)]);

/** The department a member of a warehouse works in; no row when none is set. */
export const staffDepartments = pgTable('staff_departments', {
  whsId: text('whs_id').notNull(),
  userId: integer('user_id').notNull(),
  departmentId: integer('department_id').notNull(),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.userId] }),
  foreignKey({ columns: [t.whsId, t.userId], foreignColumns: [userWarehouses.whsId, userWarehouses.userId] }).onDelete('cascade'),
  foreignKey({ columns: [t.whsId, t.departmentId], foreignColumns: [wfmDepartments.whsId, wfmDepartments.departmentId] }),
]);

/** Who enabled or disabled an account, when, where and why (spec §6 access-status logs). */
export const accessStatusLogs = pgTable('access_status_logs', {
  /** The warehouse the change was made from. */
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  logId: serial('log_id').notNull(),
  userId: integer('user_id').notNull().references(() => users.userId),
  operatorId: integer('operator_id').notNull().references(() => users.userId),
  fromStatus: smallint('from_status').notNull(),
  toStatus: smallint('to_status').notNull(),
  isActive: boolean('is_active').notNull(),
  reason: text('reason').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.whsId, t.logId] }), index('access_status_logs_user_idx').on(t.whsId, t.userId, t.createdAt)]);

/**
 * User imports (shared/resources/user-import.resource.ts, migration 0011_user_import): a file of
 * users uploaded to a warehouse, read into `user_import_rows` at upload, applied by the background
 * worker (server/modules/user/user-import-worker.ts) row by row. Status as export tasks': pending 0,
 * ongoing 1, done 2, fail 3.
 */
export const userImportTasks = pgTable('user_import_tasks', {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  taskId: serial('task_id').notNull(),
  /** Who uploaded it: the rows are applied with their permissions. */
  userId: integer('user_id').notNull().references(() => users.userId),
  /** Their email when they uploaded it, as the list shows it. */
  operatorEmail: text('operator_email').notNull(),
  fileName: text('file_name').notNull(),
  fileFormat: text('file_format', { enum: ['xlsx', 'csv'] }).notNull(),
  /** The template columns the file had (keys of USER_IMPORT_COLUMNS), in template order: the result file repeats them. */
  columns: jsonb('columns').notNull(),
  status: smallint('status').notNull().default(0),
  progress: smallint('progress').notNull().default(0),
  rowCount: integer('row_count').notNull(),
  createdCount: integer('created_count').notNull().default(0),
  updatedCount: integer('updated_count').notNull().default(0),
  unchangedCount: integer('unchanged_count').notNull().default(0),
  refusedCount: integer('refused_count').notNull().default(0),
  errorMessage: text('error_message'),
  /** How often a worker claimed it: a task that keeps killing its worker is failed, not retried forever. */
  attempts: smallint('attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.taskId] }),
  index('user_import_tasks_created_at_idx').on(t.whsId, t.createdAt),
  index('user_import_tasks_file_name_trgm_idx').using('gin', t.fileName.op('gin_trgm_ops')),
  index('user_import_tasks_operator_email_trgm_idx').using('gin', t.operatorEmail.op('gin_trgm_ops')),
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
  whsId: text('whs_id').notNull(),
  slotId: serial('slot_id').notNull(),
  userId: integer('user_id').notNull().references(() => users.userId),
  heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.whsId, t.slotId] }), index('upload_slots_user_idx').on(t.whsId, t.userId, t.heldUntil)]);

/** One data row of an import: its cells by template column, and once applied its outcome (null: not yet). */
export const userImportRows = pgTable('user_import_rows', {
  whsId: text('whs_id').notNull(),
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
  primaryKey({ columns: [t.whsId, t.taskId, t.rowNo] }),
  foreignKey({ columns: [t.whsId, t.taskId], foreignColumns: [userImportTasks.whsId, userImportTasks.taskId] }).onDelete('cascade'),
  check('user_import_rows_outcome_ck', sql`${t.outcome} in (1, 2, 3, 4)`),
]);

// ---- storage area: zones, pathways, cells, storeys… ----

/** Parks of a warehouse (shared/resources/park.resource.ts): the top of the zone tree. */
export const parks = pgTable('parks', {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  parkId: text('park_id').notNull(),
  parkName: text('park_name').notNull(),
  /** Location status (spec §3): normal 1, blocked 2, frozen 3, deleted 4. */
  status: smallint('status').notNull().default(1),
  remark: text('remark'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.parkId] }),
  check('parks_status_ck', sql`${t.status} between 1 and 4`),
  index('parks_park_name_idx').on(t.whsId, t.parkName),
  index('parks_park_name_trgm_idx').using('gin', t.parkName.op('gin_trgm_ops')),
]);

/** Zone clusters, each in a park and a sector (zone-cluster.resource.ts). */
export const zoneClusters = pgTable('zone_clusters', {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  zoneClusterId: text('zone_cluster_id').notNull(),
  zoneClusterName: text('zone_cluster_name').notNull(),
  parkId: text('park_id').notNull(),
  zoneSectorId: text('zone_sector_id').notNull(),
  zoneSectorName: text('zone_sector_name').notNull(),
  status: smallint('status').notNull().default(1),
  remark: text('remark'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.zoneClusterId] }),
  foreignKey({ name: 'zone_clusters_park_fk', columns: [t.whsId, t.parkId], foreignColumns: [parks.whsId, parks.parkId] }),
  index('zone_clusters_park_idx').on(t.whsId, t.parkId, t.zoneClusterId),
  check('zone_clusters_status_ck', sql`${t.status} between 1 and 4`),
  index('zone_clusters_zone_cluster_name_idx').on(t.whsId, t.zoneClusterName),
  index('zone_clusters_zone_cluster_name_trgm_idx').using('gin', t.zoneClusterName.op('gin_trgm_ops')),
]);

/** Logic areas (logic-area.resource.ts). */
export const logicAreas = pgTable('logic_areas', {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  logicAreaId: text('logic_area_id').notNull(),
  logicAreaName: text('logic_area_name').notNull(),
  status: smallint('status').notNull().default(1),
  remark: text('remark'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.logicAreaId] }),
  check('logic_areas_status_ck', sql`${t.status} between 1 and 4`),
  index('logic_areas_logic_area_name_idx').on(t.whsId, t.logicAreaName),
  index('logic_areas_logic_area_name_trgm_idx').using('gin', t.logicAreaName.op('gin_trgm_ops')),
]);

/**
 * Warehouse planning (whs-planning.resource.ts, Storage Area Setting › whsplanning, shown when the
 * fulfilment chain is on): the capacity each logic area is planned to give one fulfilment chain.
 */
export const whsPlannings = pgTable('whs_plannings', {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  logicAreaId: text('logic_area_id').notNull(),
  fulfillmentChain: text('fulfillment_chain').notNull(),
  plannedLocationQty: integer('planned_location_qty').notNull(),
  plannedSkuQty: integer('planned_sku_qty'),
  targetTurnoverDays: smallint('target_turnover_days').notNull(),
  dailyOutboundCapacity: integer('daily_outbound_capacity'),
  status: smallint('status').notNull().default(1),
  remark: text('remark'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.logicAreaId] }),
  foreignKey({ name: 'whs_plannings_logic_area_fk', columns: [t.whsId, t.logicAreaId], foreignColumns: [logicAreas.whsId, logicAreas.logicAreaId] }),
  index('whs_plannings_chain_idx').on(t.whsId, t.fulfillmentChain),
  index('whs_plannings_turnover_idx').on(t.whsId, t.targetTurnoverDays),
  check('whs_plannings_status_ck', sql`${t.status} in (1, 2)`),
  check('whs_plannings_qty_ck', sql`${t.plannedLocationQty} >= 0 and coalesce(${t.plannedSkuQty}, 0) >= 0 and coalesce(${t.dailyOutboundCapacity}, 0) >= 0`),
  check('whs_plannings_turnover_ck', sql`${t.targetTurnoverDays} between 1 and 365`),
]);

/** Storeys (storey.resource.ts): numbered 1…99 and named once per warehouse. */
export const storeys = pgTable('storeys', {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  storeyId: serial('storey_id').notNull(),
  storeyNo: smallint('storey_no').notNull(),
  storeyName: text('storey_name').notNull(),
  remark: text('remark'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.storeyId] }),
  uniqueIndex('storeys_no_uq').on(t.whsId, t.storeyNo),
  uniqueIndex('storeys_name_uq').on(t.whsId, t.storeyName),
  check('storeys_no_ck', sql`${t.storeyNo} between 1 and 99`),
  index('storeys_storey_name_trgm_idx').using('gin', t.storeyName.op('gin_trgm_ops')),
]);

/** Zones (zone.resource.ts): the storage settings their cells start with. Codes of spec §3. */
export const zones = pgTable('zones', {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  zoneId: text('zone_id').notNull(),
  zoneName: text('zone_name').notNull(),
  zoneClusterId: text('zone_cluster_id').notNull(),
  logicAreaId: text('logic_area_id'),
  storageArea: smallint('storage_area').notNull(),
  rackType: smallint('rack_type').notNull(),
  temperatureZone: smallint('temperature_zone').notNull(),
  status: smallint('status').notNull().default(1),
  skuMixing: smallint('sku_mixing').notNull(),
  supplierMixing: smallint('supplier_mixing').notNull(),
  pickSequence: integer('pick_sequence'),
  remark: text('remark'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.zoneId] }),
  foreignKey({ name: 'zones_zone_cluster_fk', columns: [t.whsId, t.zoneClusterId], foreignColumns: [zoneClusters.whsId, zoneClusters.zoneClusterId] }),
  foreignKey({ name: 'zones_logic_area_fk', columns: [t.whsId, t.logicAreaId], foreignColumns: [logicAreas.whsId, logicAreas.logicAreaId] }),
  index('zones_cluster_idx').on(t.whsId, t.zoneClusterId, t.zoneId),
  index('zones_name_idx').on(t.whsId, t.zoneName),
  check('zones_status_ck', sql`${t.status} between 1 and 4`),
  check('zones_storage_area_ck', sql`${t.storageArea} between 1 and 3`),
  check('zones_rack_type_ck', sql`${t.rackType} between 1 and 6`),
  check('zones_temperature_zone_ck', sql`${t.temperatureZone} between 0 and 4`),
  index('zones_zone_name_trgm_idx').using('gin', t.zoneName.op('gin_trgm_ops')),
]);

/** Pathways (aisles) of a zone (pathway.resource.ts). */
export const pathways = pgTable('pathways', {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  pathwayId: text('pathway_id').notNull(),
  zoneId: text('zone_id').notNull(),
  status: smallint('status').notNull().default(1),
  pickSequence: integer('pick_sequence'),
  remark: text('remark'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.pathwayId] }),
  foreignKey({ name: 'pathways_zone_fk', columns: [t.whsId, t.zoneId], foreignColumns: [zones.whsId, zones.zoneId] }),
  index('pathways_zone_idx').on(t.whsId, t.zoneId, t.pathwayId),
  check('pathways_status_ck', sql`${t.status} between 1 and 4`),
]);

/**
 * Cells (cell.resource.ts): tens of thousands per warehouse. Each list filter of the cell page
 * has an index (whs_id, <filter>, location_code), so a filtered page in location-code order stays
 * an index walk within the warehouse.
 */
export const cells = pgTable('cells', {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  locationCode: text('location_code').notNull(),
  zoneId: text('zone_id').notNull(),
  pathwayId: text('pathway_id').notNull(),
  storeyId: integer('storey_id'),
  status: smallint('status').notNull().default(1),
  /** Normal 1, assigned 2, occupied 3 (spec §3). */
  occupancy: smallint('occupancy').notNull().default(1),
  abcClass: smallint('abc_class').notNull().default(0),
  temperatureZone: smallint('temperature_zone').notNull(),
  storageArea: smallint('storage_area').notNull(),
  rackType: smallint('rack_type').notNull(),
  skuMixing: smallint('sku_mixing').notNull(),
  supplierMixing: smallint('supplier_mixing').notNull(),
  unitType: text('unit_type'),
  maxQty: integer('max_qty'),
  pickSequence: integer('pick_sequence'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.locationCode] }),
  foreignKey({ name: 'cells_zone_fk', columns: [t.whsId, t.zoneId], foreignColumns: [zones.whsId, zones.zoneId] }),
  foreignKey({ name: 'cells_pathway_fk', columns: [t.whsId, t.pathwayId], foreignColumns: [pathways.whsId, pathways.pathwayId] }),
  foreignKey({ name: 'cells_storey_fk', columns: [t.whsId, t.storeyId], foreignColumns: [storeys.whsId, storeys.storeyId] }),
  index('cells_zone_idx').on(t.whsId, t.zoneId, t.locationCode),
  index('cells_pathway_idx').on(t.whsId, t.pathwayId, t.locationCode),
  index('cells_status_idx').on(t.whsId, t.status, t.locationCode),
  index('cells_occupancy_idx').on(t.whsId, t.occupancy, t.locationCode),
  index('cells_abc_idx').on(t.whsId, t.abcClass, t.locationCode),
  index('cells_temperature_idx').on(t.whsId, t.temperatureZone, t.locationCode),
  index('cells_storey_idx').on(t.whsId, t.storeyId),
  check('cells_status_ck', sql`${t.status} between 1 and 4`),
  check('cells_occupancy_ck', sql`${t.occupancy} between 1 and 3`),
  check('cells_abc_class_ck', sql`${t.abcClass} between 0 and 5`),
  check('cells_temperature_zone_ck', sql`${t.temperatureZone} between 0 and 4`),
  check('cells_storage_area_ck', sql`${t.storageArea} between 1 and 3`),
  check('cells_rack_type_ck', sql`${t.rackType} between 1 and 6`),
  check('cells_unit_type_ck', sql`${t.unitType} in ('pallet', 'case', 'bulk')`),
]);

/** The staging-location tables (staging-location.resource.ts): one per Storage Area Setting tab, alike. */
const stagingTable = (name: string) => pgTable(name, {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  locationCode: text('location_code').notNull(),
  stagingType: smallint('staging_type').notNull(),
  status: smallint('status').notNull().default(1),
  capacity: integer('capacity'),
  remark: text('remark'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.locationCode] }),
  index(`${name}_type_idx`).on(t.whsId, t.stagingType, t.locationCode),
  check(`${name}_status_ck`, sql`${t.status} between 1 and 4`),
]);
export const inboundStagingLocations = stagingTable('inbound_staging_locations');
export const outboundStagingLocations = stagingTable('outbound_staging_locations');
export const rtStagingLocations = stagingTable('rt_staging_locations');

// ---- SKUs and SKU mapping ----

/** SKU items of a warehouse (shared/resources/sku.resource.ts): columns named as its fields. */
export const skus = pgTable('skus', {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  skuId: text('sku_id').notNull(),
  skuName: text('sku_name').notNull(),
  barcode: text('barcode'),
  category: text('category'),
  unit: text('unit').notNull().default('pcs'),
  sellingType: smallint('selling_type'),
  saleStatus: smallint('sale_status'),
  abcClass: smallint('abc_class'),
  temperatureZone: smallint('temperature_zone'),
  isBulky: smallint('is_bulky').notNull().default(0),
  isHighValue: smallint('is_high_value').notNull().default(0),
  lengthMm: integer('length_mm'),
  widthMm: integer('width_mm'),
  heightMm: integer('height_mm'),
  weightG: integer('weight_g'),
  shelfLifeDays: integer('shelf_life_days'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.skuId] }),
  index('skus_name_idx').on(t.whsId, t.skuName),
  index('skus_barcode_idx').on(t.whsId, t.barcode),
  index('skus_weight_idx').on(t.whsId, t.weightG),
  index('skus_shelf_life_idx').on(t.whsId, t.shelfLifeDays),
  check('skus_flags_ck', sql`${t.isBulky} in (0, 1) and ${t.isHighValue} in (0, 1)`),
  index('skus_sku_name_trgm_idx').using('gin', t.skuName.op('gin_trgm_ops')),
  index('skus_category_trgm_idx').using('gin', t.category.op('gin_trgm_ops')),
]);

/** Seller mapping codes of a warehouse's SKUs (spec §7 get_sku_by_mapping_code). */
export const skuMappings = pgTable('sku_mappings', {
  whsId: text('whs_id').notNull(),
  mappingCode: text('mapping_code').notNull(),
  skuId: text('sku_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.mappingCode] }),
  index('sku_mappings_sku_idx').on(t.whsId, t.skuId),
  foreignKey({ columns: [t.whsId, t.skuId], foreignColumns: [skus.whsId, skus.skuId] }),
]);

// ---- catalog: shops, merchants, docks, stations, categories ----

export const merchants = pgTable('merchants', {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  merchantId: text('merchant_id').notNull(),
  merchantName: text('merchant_name').notNull(),
  merchantType: smallint('merchant_type').notNull().default(1),
  country: text('country'),
  status: smallint('status').notNull().default(1),
  contactName: text('contact_name'),
  contactEmail: text('contact_email'),
  phone: text('phone'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.merchantId] }),
  index('merchants_name_idx').on(t.whsId, t.merchantName),
  check('merchants_merchant_type_ck', sql`${t.merchantType} in (1, 2)`),
  check('merchants_status_ck', sql`${t.status} in (1, 2)`),
  index('merchants_merchant_name_trgm_idx').using('gin', t.merchantName.op('gin_trgm_ops')),
]);

export const shopGroups = pgTable('shop_groups', {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  groupId: text('group_id').notNull(),
  groupName: text('group_name').notNull(),
  /** Shops in the group, kept by the shop handlers in the transaction that moves a shop. */
  shopCount: integer('shop_count').notNull().default(0),
  status: smallint('status').notNull().default(1),
  description: text('description'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.groupId] }),
  check('shop_groups_status_ck', sql`${t.status} in (1, 2)`),
  check('shop_groups_shop_count_ck', sql`${t.shopCount} >= 0`),
  index('shop_groups_group_name_idx').on(t.whsId, t.groupName),
  index('shop_groups_group_name_trgm_idx').using('gin', t.groupName.op('gin_trgm_ops')),
  index('shop_groups_shop_count_idx').on(t.whsId, t.shopCount),
]);

export const shops = pgTable('shops', {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  shopId: text('shop_id').notNull(),
  shopName: text('shop_name').notNull(),
  merchantId: text('merchant_id').notNull(),
  groupId: text('group_id'),
  shopType: smallint('shop_type').notNull().default(3),
  isCrossBorder: smallint('is_cross_border').notNull().default(0),
  status: smallint('status').notNull().default(1),
  contactEmail: text('contact_email'),
  phone: text('phone'),
  remark: text('remark'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.shopId] }),
  index('shops_name_idx').on(t.whsId, t.shopName),
  index('shops_merchant_idx').on(t.whsId, t.merchantId),
  index('shops_group_idx').on(t.whsId, t.groupId),
  foreignKey({ columns: [t.whsId, t.merchantId], foreignColumns: [merchants.whsId, merchants.merchantId] }),
  foreignKey({ columns: [t.whsId, t.groupId], foreignColumns: [shopGroups.whsId, shopGroups.groupId] }),
  check('shops_shop_type_ck', sql`${t.shopType} in (1, 2, 3)`),
  check('shops_is_cross_border_ck', sql`${t.isCrossBorder} in (0, 1)`),
  check('shops_status_ck', sql`${t.status} in (1, 2)`),
  index('shops_shop_name_trgm_idx').using('gin', t.shopName.op('gin_trgm_ops')),
]);

/** SKU categories L1–L5 (spec §3), one tree per warehouse. */
export const categoryNodes = pgTable('category_nodes', {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  categoryId: text('category_id').notNull(),
  parentId: text('parent_id'),
  level: smallint('level').notNull(),
  categoryName: text('category_name').notNull(),
  /** Position among its siblings. */
  sortOrder: integer('sort_order').notNull().default(0),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.categoryId] }),
  index('category_nodes_parent_idx').on(t.whsId, t.parentId),
  foreignKey({ name: 'category_nodes_parent_fk', columns: [t.whsId, t.parentId], foreignColumns: [t.whsId, t.categoryId] }),
  check('category_nodes_level_ck', sql`${t.level} between 1 and 5`),
  // Only L1 nodes are roots.
  check('category_nodes_root_ck', sql`(${t.level} = 1) = (${t.parentId} is null)`),
]);

export const docks = pgTable('docks', {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  dockCode: text('dock_code').notNull(),
  dockName: text('dock_name').notNull(),
  dockType: smallint('dock_type').notNull(),
  status: smallint('status').notNull().default(1),
  zone: text('zone'),
  maxVehicles: integer('max_vehicles'),
  remark: text('remark'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.dockCode] }),
  index('docks_name_idx').on(t.whsId, t.dockName),
  index('docks_zone_idx').on(t.whsId, t.zone),
  check('docks_dock_type_ck', sql`${t.dockType} in (1, 2, 3)`),
  check('docks_status_ck', sql`${t.status} in (1, 2, 3)`),
  index('docks_dock_name_trgm_idx').using('gin', t.dockName.op('gin_trgm_ops')),
]);

export const stations = pgTable('stations', {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  stationId: text('station_id').notNull(),
  stationName: text('station_name').notNull(),
  stationType: smallint('station_type').notNull(),
  /** Checking stations only (spec §3 checking station modes). */
  checkingMode: smallint('checking_mode'),
  status: smallint('status').notNull().default(1),
  /** Email of the user working at the station. */
  assignedUser: text('assigned_user'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.stationId] }),
  index('stations_name_idx').on(t.whsId, t.stationName),
  index('stations_type_idx').on(t.whsId, t.stationType),
  check('stations_station_type_ck', sql`${t.stationType} between 1 and 7`),
  check('stations_checking_mode_ck', sql`(${t.stationType} = 1) = (${t.checkingMode} is not null) and (${t.checkingMode} is null or ${t.checkingMode} in (0, 1, 2))`),
  check('stations_status_ck', sql`${t.status} in (1, 2)`),
  index('stations_station_name_trgm_idx').using('gin', t.stationName.op('gin_trgm_ops')),
  index('stations_assigned_user_trgm_idx').using('gin', t.assignedUser.op('gin_trgm_ops')),
]);

/** What each station type records in a warehouse (Record Settings tab); types without a row use the defaults. */
export const stationRecordSettings = pgTable('station_record_settings', {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  stationType: smallint('station_type').notNull(),
  recordVideo: smallint('record_video').notNull(),
  recordPhoto: smallint('record_photo').notNull(),
  recordWeight: smallint('record_weight').notNull(),
  videoMaxSeconds: integer('video_max_seconds').notNull(),
  retentionDays: integer('retention_days').notNull(),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.stationType] }),
  check('station_record_settings_station_type_ck', sql`${t.stationType} between 1 and 7`),
  check('station_record_settings_flags_ck', sql`${t.recordVideo} in (0, 1) and ${t.recordPhoto} in (0, 1) and ${t.recordWeight} in (0, 1)`),
  check('station_record_settings_video_max_seconds_ck', sql`${t.videoMaxSeconds} between 10 and 600`),
  check('station_record_settings_retention_days_ck', sql`${t.retentionDays} between 1 and 365`),
]);

// ---- inventory: batches, balances, the ledger, block logs (server/modules/inventory/ledger.ts) ----
/** Numbers of generated batch ids (`B` + 9 digits); one sequence for every warehouse. */
export const skuBatchNoSeq = pgSequence('sku_batch_no_seq');

/**
 * Batches of a SKU in a warehouse: the attributes its units share (dates, supplier). A batch id is
 * given (a supplier lot) or generated; it is unique per SKU. Every stock balance names its batch.
 */
export const skuBatches = pgTable('sku_batches', {
  whsId: text('whs_id').notNull(),
  skuId: text('sku_id').notNull(),
  batchId: text('batch_id').notNull(),
  productionDate: date('production_date', { mode: 'string' }),
  /** Last day of use; null for goods that do not expire (shared/expiry.ts derives the state). */
  expiryDate: date('expiry_date', { mode: 'string' }),
  supplierId: text('supplier_id'),
  /** The inbound document that first brought the batch in (an ASN number, or OPENING-BALANCE). */
  inboundRef: text('inbound_ref'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.skuId, t.batchId] }),
  foreignKey({ name: 'sku_batches_sku_fk', columns: [t.whsId, t.skuId], foreignColumns: [skus.whsId, skus.skuId] }),
  foreignKey({ name: 'sku_batches_supplier_fk', columns: [t.whsId, t.supplierId], foreignColumns: [suppliers.whsId, suppliers.supplierId] }),
  // The expiry map walks batches by date within a warehouse.
  index('sku_batches_expiry_idx').on(t.whsId, t.expiryDate),
  check('sku_batches_dates_ck', sql`${t.expiryDate} is null or ${t.productionDate} is null or ${t.expiryDate} >= ${t.productionDate}`),
]);

/**
 * Stock balances: one row per location, SKU, batch and quality. Changed only by the ledger module,
 * in the transaction that writes the matching `inventory_transactions` rows. `available_qty` is
 * derived; the CHECKs keep every figure non-negative whatever the code does.
 */
export const locationInventory = pgTable('location_inventory', {
  whsId: text('whs_id').notNull(),
  /** A cell or staging location code of the warehouse; `location_type` says which table holds it. */
  locationId: text('location_id').notNull(),
  /** STOCK_LOCATION_TYPE: cell 1, inbound 2 / outbound 3 / RT 4 staging. */
  locationType: smallint('location_type').notNull(),
  skuId: text('sku_id').notNull(),
  batchId: text('batch_id').notNull(),
  /** QUALITY: good 1, damaged 2. */
  quality: smallint('quality').notNull(),
  onhandQty: integer('onhand_qty').notNull().default(0),
  /** Blocked: on hand but not to be picked or moved until unblocked (inventory_lock_logs). */
  lockedQty: integer('locked_qty').notNull().default(0),
  /** Reserved for picking tasks not yet picked. */
  prepickQty: integer('prepick_qty').notNull().default(0),
  availableQty: integer('available_qty').generatedAlwaysAs(sql`onhand_qty - locked_qty - prepick_qty`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.locationId, t.skuId, t.batchId, t.quality] }),
  foreignKey({ name: 'location_inventory_batch_fk', columns: [t.whsId, t.skuId, t.batchId], foreignColumns: [skuBatches.whsId, skuBatches.skuId, skuBatches.batchId] }),
  // SKU and batch maps: every location of a SKU (or of one batch).
  index('location_inventory_sku_idx').on(t.whsId, t.skuId, t.batchId),
  check('location_inventory_onhand_ck', sql`${t.onhandQty} >= 0`),
  check('location_inventory_locked_ck', sql`${t.lockedQty} >= 0`),
  check('location_inventory_prepick_ck', sql`${t.prepickQty} >= 0`),
  check('location_inventory_available_ck', sql`${t.availableQty} >= 0`),
  check('location_inventory_quality_ck', sql`${t.quality} in (1, 2)`),
  check('location_inventory_location_type_ck', sql`${t.locationType} between 1 and 4`),
]);

/**
 * The ledger: one row per change of a balance's on-hand quantity, never updated or deleted (a
 * trigger refuses both). Debit 1 puts units into the location, credit 2 takes them out, so a
 * balance's on hand is Σ debit − Σ credit of its rows. A move is a credit and a debit in one post.
 */
export const inventoryTransactions = pgTable('inventory_transactions', {
  whsId: text('whs_id').notNull(),
  txnId: bigserial('txn_id', { mode: 'number' }).notNull(),
  /** INVENTORY_TRANSACTION_TYPE (spec §3). */
  txnType: smallint('txn_type').notNull(),
  /** INVENTORY_TRANSACTION_DIRECTION: debit 1 (in), credit 2 (out). */
  direction: smallint('direction').notNull(),
  locationId: text('location_id').notNull(),
  locationType: smallint('location_type').notNull(),
  /** The other end of a move (its source for a debit, its destination for a credit); null otherwise. */
  counterLocationId: text('counter_location_id'),
  skuId: text('sku_id').notNull(),
  batchId: text('batch_id').notNull(),
  quality: smallint('quality').notNull(),
  qty: integer('qty').notNull(),
  /** The balance's on hand right after this row. */
  onhandAfter: integer('onhand_after').notNull(),
  /** INVENTORY_REF_TYPE and the document number it answers to. */
  refType: text('ref_type').notNull(),
  refNo: text('ref_no').notNull(),
  /** The offline op that caused it, when one did. */
  opId: uuid('op_id'),
  /** Who did it; null for the system (opening balances, integrations). */
  operatorId: integer('operator_id').references(() => users.userId),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.txnId] }),
  foreignKey({ name: 'inventory_transactions_batch_fk', columns: [t.whsId, t.skuId, t.batchId], foreignColumns: [skuBatches.whsId, skuBatches.skuId, skuBatches.batchId] }),
  index('inventory_transactions_sku_idx').on(t.whsId, t.skuId, t.createdAt),
  index('inventory_transactions_location_idx').on(t.whsId, t.locationId, t.createdAt),
  index('inventory_transactions_ref_idx').on(t.whsId, t.refType, t.refNo),
  index('inventory_transactions_time_idx').on(t.whsId, t.createdAt),
  check('inventory_transactions_qty_ck', sql`${t.qty} between 1 and 99999`),
  check('inventory_transactions_onhand_after_ck', sql`${t.onhandAfter} >= 0`),
  check('inventory_transactions_direction_ck', sql`${t.direction} in (1, 2)`),
  check('inventory_transactions_txn_type_ck', sql`${t.txnType} in (1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 15, 20, 21, 22)`),
  // Types that only take stock out are credits, types that only bring it in are debits (ledger.ts TXN_TYPE_DIRECTIONS).
  check('inventory_transactions_type_direction_ck', sql`(${t.txnType} not in (2, 4, 6, 12, 21) or ${t.direction} = 2) and (${t.txnType} not in (5, 7, 13, 20, 22) or ${t.direction} = 1)`),
  check('inventory_transactions_quality_ck', sql`${t.quality} in (1, 2)`),
  check('inventory_transactions_location_type_ck', sql`${t.locationType} between 1 and 4`),
]);

/** Block and unblock of stock (the block/unblock logs of the inventory map): who, how much, where, why, when. Append-only. */
export const inventoryLockLogs = pgTable('inventory_lock_logs', {
  whsId: text('whs_id').notNull(),
  logId: bigserial('log_id', { mode: 'number' }).notNull(),
  /** INVENTORY_LOCK_ACTION: block 1, unblock 2. */
  action: smallint('action').notNull(),
  locationId: text('location_id').notNull(),
  locationType: smallint('location_type').notNull(),
  skuId: text('sku_id').notNull(),
  batchId: text('batch_id').notNull(),
  quality: smallint('quality').notNull(),
  qty: integer('qty').notNull(),
  /** The balance's blocked quantity right after. */
  lockedAfter: integer('locked_after').notNull(),
  reason: text('reason').notNull(),
  refType: text('ref_type'),
  refNo: text('ref_no'),
  opId: uuid('op_id'),
  operatorId: integer('operator_id').references(() => users.userId),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.logId] }),
  foreignKey({ name: 'inventory_lock_logs_batch_fk', columns: [t.whsId, t.skuId, t.batchId], foreignColumns: [skuBatches.whsId, skuBatches.skuId, skuBatches.batchId] }),
  index('inventory_lock_logs_sku_idx').on(t.whsId, t.skuId, t.createdAt),
  index('inventory_lock_logs_location_idx').on(t.whsId, t.locationId, t.createdAt),
  // The block log and the unblock log are separate maps, each newest first.
  index('inventory_lock_logs_action_idx').on(t.whsId, t.action, t.createdAt),
  check('inventory_lock_logs_action_ck', sql`${t.action} in (1, 2)`),
  check('inventory_lock_logs_qty_ck', sql`${t.qty} between 1 and 99999`),
  check('inventory_lock_logs_locked_after_ck', sql`${t.lockedAfter} >= 0`),
  check('inventory_lock_logs_quality_ck', sql`${t.quality} in (1, 2)`),
]);

// ---- inbound: ASN quota and delivery slots, ASNs, counting, QC, tasks, putaway, exceptions (issue 6) ----

/** Document numbers (one sequence each for every warehouse): ASN, inbound task, inbound exception, adjustment. */
export const asnNoSeq = pgSequence('asn_no_seq');
export const inboundTaskNoSeq = pgSequence('inbound_task_no_seq');
export const inboundExceptionNoSeq = pgSequence('inbound_exception_no_seq');
export const adjustmentNoSeq = pgSequence('adjustment_no_seq');

/** Receiving shifts of a warehouse (spec §7 search_inbound_shift): the delivery slots of a day. */
export const inboundShifts = pgTable('inbound_shifts', {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  shiftId: serial('shift_id').notNull(),
  shiftName: text('shift_name').notNull(),
  startTime: time('start_time').notNull(),
  endTime: time('end_time').notNull(),
  /** ACTIVE_STATUS. */
  status: smallint('status').notNull().default(1),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.shiftId] }),
  uniqueIndex('inbound_shifts_name_uq').on(t.whsId, t.shiftName),
  check('inbound_shifts_time_ck', sql`${t.endTime} > ${t.startTime}`),
  check('inbound_shifts_status_ck', sql`${t.status} in (1, 2)`),
]);

/**
 * The default daily quota of a warehouse (spec §7 search/update_asn_quota_config): per inbound order
 * type in separated mode, one row with inbound_type 0 in integrated mode (warehouses.quota_mode).
 */
export const asnQuotaConfigs = pgTable('asn_quota_configs', {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  /** INBOUND_ORDER_TYPE, or 0: every type (integrated mode). */
  inboundType: smallint('inbound_type').notNull(),
  dailyQuotaQty: integer('daily_quota_qty').notNull(),
  dailyQuotaCartons: integer('daily_quota_cartons').notNull(),
  updatedBy: integer('updated_by').references(() => users.userId),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.inboundType] }),
  check('asn_quota_configs_type_ck', sql`${t.inboundType} between 0 and 3`),
  check('asn_quota_configs_qty_ck', sql`${t.dailyQuotaQty} >= 0 and ${t.dailyQuotaCartons} >= 0`),
]);

/**
 * ASN quota plans: what a delivery slot (a day's receiving shift) can take, per inbound order type
 * (0: every type, integrated mode), and how much booked ASNs use. An ASN booking its slot adds to
 * `used_*` with a guarded update, so a slot is never overbooked by concurrent bookings.
 */
export const asnQuotaPlans = pgTable('asn_quota_plans', {
  whsId: text('whs_id').notNull(),
  planDate: date('plan_date', { mode: 'string' }).notNull(),
  shiftId: integer('shift_id').notNull(),
  inboundType: smallint('inbound_type').notNull(),
  quotaQty: integer('quota_qty').notNull(),
  quotaCartons: integer('quota_cartons').notNull(),
  usedQty: integer('used_qty').notNull().default(0),
  usedCartons: integer('used_cartons').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  updatedBy: integer('updated_by').references(() => users.userId),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.planDate, t.shiftId, t.inboundType] }),
  foreignKey({ name: 'asn_quota_plans_shift_fk', columns: [t.whsId, t.shiftId], foreignColumns: [inboundShifts.whsId, inboundShifts.shiftId] }),
  check('asn_quota_plans_type_ck', sql`${t.inboundType} between 0 and 3`),
  check('asn_quota_plans_qty_ck', sql`${t.quotaQty} >= 0 and ${t.quotaCartons} >= 0 and ${t.usedQty} >= 0 and ${t.usedCartons} >= 0`),
]);

/**
 * ASN groups: ASNs that arrive and are counted together (spec §7 counting groups). Every ASN is in
 * one; an ASN created alone gets a group of its own, numbered as the ASN.
 */
export const asnGroups = pgTable('asn_groups', {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  groupNo: text('group_no').notNull(),
  /** INBOUND_STATUS of the group as a whole (the least advanced of its ASNs). */
  status: smallint('status').notNull().default(0),
  /** Counting of the whole group confirmed complete (create_group_complete_record). */
  countingCompletedAt: timestamp('counting_completed_at', { withTimezone: true }),
  countingCompletedBy: integer('counting_completed_by').references(() => users.userId),
  createdBy: integer('created_by').references(() => users.userId),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.groupNo] }),
  index('asn_groups_status_idx').on(t.whsId, t.status, t.createdAt),
  index('asn_groups_created_at_idx').on(t.whsId, t.createdAt),
]);

/** ASNs (advance shipping notices, spec §2 /inbound/order, §3 inbound statuses): one inbound order each. */
export const asnOrders = pgTable('asn_orders', {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  asnNo: text('asn_no').notNull(),
  groupNo: text('group_no').notNull(),
  /** INBOUND_ORDER_TYPE. */
  inboundType: smallint('inbound_type').notNull(),
  /** PURCHASE_TYPE. */
  purchaseType: smallint('purchase_type').notNull(),
  /** ASN_SOURCE. */
  source: smallint('source').notNull().default(2),
  supplierId: text('supplier_id'),
  poNo: text('po_no'),
  /** INBOUND_STATUS (spec §4 lifecycle; shared/inbound/asn-lifecycle.ts). */
  status: smallint('status').notNull().default(0),
  /** Just-in-time ASN (the JIT ASN list). */
  isJit: boolean('is_jit').notNull().default(false),
  /** The booked delivery slot: a day and a receiving shift (asn_quota_plans). */
  slotDate: date('slot_date', { mode: 'string' }),
  slotShiftId: integer('slot_shift_id'),
  expectedArrivalAt: timestamp('expected_arrival_at', { withTimezone: true }),
  /** ARRIVAL_TIMELINESS, set at arrival. */
  arrivalTimeliness: smallint('arrival_timeliness').notNull().default(0),
  dockCode: text('dock_code'),
  expectedCartons: integer('expected_cartons').notNull().default(0),
  /** Σ expected_qty of its lines, kept with them. */
  totalExpectedQty: integer('total_expected_qty').notNull().default(0),
  remark: text('remark'),
  arrivedAt: timestamp('arrived_at', { withTimezone: true }),
  countedAt: timestamp('counted_at', { withTimezone: true }),
  checkedAt: timestamp('checked_at', { withTimezone: true }),
  receivedAt: timestamp('received_at', { withTimezone: true }),
  doneAt: timestamp('done_at', { withTimezone: true }),
  closedAt: timestamp('closed_at', { withTimezone: true }),
  /** Why it was cancelled, rejected or failed. */
  closeReason: text('close_reason'),
  createdBy: integer('created_by').references(() => users.userId),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.asnNo] }),
  foreignKey({ name: 'asn_orders_group_fk', columns: [t.whsId, t.groupNo], foreignColumns: [asnGroups.whsId, asnGroups.groupNo] }),
  foreignKey({ name: 'asn_orders_supplier_fk', columns: [t.whsId, t.supplierId], foreignColumns: [suppliers.whsId, suppliers.supplierId] }),
  foreignKey({ name: 'asn_orders_slot_fk', columns: [t.whsId, t.slotShiftId], foreignColumns: [inboundShifts.whsId, inboundShifts.shiftId] }),
  index('asn_orders_status_idx').on(t.whsId, t.status, t.createdAt),
  index('asn_orders_group_idx').on(t.whsId, t.groupNo),
  index('asn_orders_supplier_idx').on(t.whsId, t.supplierId, t.createdAt),
  index('asn_orders_created_at_idx').on(t.whsId, t.createdAt),
  index('asn_orders_expected_arrival_idx').on(t.whsId, t.expectedArrivalAt),
  index('asn_orders_slot_idx').on(t.whsId, t.slotDate, t.slotShiftId),
  index('asn_orders_jit_idx').on(t.whsId, t.isJit, t.createdAt),
  index('asn_orders_po_no_trgm_idx').using('gin', t.poNo.op('gin_trgm_ops')),
  check('asn_orders_inbound_type_ck', sql`${t.inboundType} between 1 and 3`),
  check('asn_orders_purchase_type_ck', sql`${t.purchaseType} between 0 and 4`),
  check('asn_orders_source_ck', sql`${t.source} between 1 and 5`),
  check('asn_orders_status_ck', sql`${t.status} between 0 and 15 and ${t.status} <> 14`),
  check('asn_orders_timeliness_ck', sql`${t.arrivalTimeliness} between 0 and 3`),
  check('asn_orders_qty_ck', sql`${t.expectedCartons} >= 0 and ${t.totalExpectedQty} >= 0`),
  check('asn_orders_slot_ck', sql`(${t.slotDate} is null) = (${t.slotShiftId} is null)`),
]);

/**
 * The SKUs an ASN expects and how far each has come: counted, passed and failed QC, received into
 * staging and put away. The figures only grow through their steps' own records.
 */
export const asnLines = pgTable('asn_lines', {
  whsId: text('whs_id').notNull(),
  asnNo: text('asn_no').notNull(),
  lineNo: smallint('line_no').notNull(),
  skuId: text('sku_id').notNull(),
  expectedQty: integer('expected_qty').notNull(),
  /** The supplier's lot and dates when the ASN names them (received batches take them). */
  batchNo: text('batch_no'),
  productionDate: date('production_date', { mode: 'string' }),
  expiryDate: date('expiry_date', { mode: 'string' }),
  countedQty: integer('counted_qty').notNull().default(0),
  qcPassedQty: integer('qc_passed_qty').notNull().default(0),
  qcFailedQty: integer('qc_failed_qty').notNull().default(0),
  receivedQty: integer('received_qty').notNull().default(0),
  putawayQty: integer('putaway_qty').notNull().default(0),
  /** The value-added service the ASN asks for on the line after receiving (INBOUND_TASK_KIND labelling, bundling, repackaging; migration 0012). */
  vasKind: smallint('vas_kind'),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.asnNo, t.lineNo] }),
  uniqueIndex('asn_lines_sku_uq').on(t.whsId, t.asnNo, t.skuId),
  index('asn_lines_by_sku_idx').on(t.whsId, t.skuId),
  foreignKey({ name: 'asn_lines_asn_fk', columns: [t.whsId, t.asnNo], foreignColumns: [asnOrders.whsId, asnOrders.asnNo] }).onDelete('cascade'),
  foreignKey({ name: 'asn_lines_sku_fk', columns: [t.whsId, t.skuId], foreignColumns: [skus.whsId, skus.skuId] }),
  check('asn_lines_expected_ck', sql`${t.expectedQty} between 1 and 99999`),
  check('asn_lines_progress_ck', sql`${t.countedQty} >= 0 and ${t.qcPassedQty} >= 0 and ${t.qcFailedQty} >= 0 and ${t.receivedQty} >= 0 and ${t.putawayQty} >= 0`),
  check('asn_lines_putaway_ck', sql`${t.putawayQty} <= ${t.receivedQty}`),
  check('asn_lines_vas_kind_ck', sql`${t.vasKind} is null or ${t.vasKind} between 5 and 7`),
]);

/** Cartons and parcels of an inbound shipment by tracking id (spec §2 /inbound/trackingid, §7 counting calls). */
export const inboundTrackingIds = pgTable('inbound_tracking_ids', {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  trackingId: text('tracking_id').notNull(),
  asnNo: text('asn_no').notNull(),
  groupNo: text('group_no').notNull(),
  /** TRACKING_ID_STATUS. */
  status: smallint('status').notNull().default(1),
  cartonQty: integer('carton_qty').notNull().default(1),
  createdBy: integer('created_by').references(() => users.userId),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  arrivedAt: timestamp('arrived_at', { withTimezone: true }),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.trackingId] }),
  foreignKey({ name: 'inbound_tracking_ids_asn_fk', columns: [t.whsId, t.asnNo], foreignColumns: [asnOrders.whsId, asnOrders.asnNo] }),
  index('inbound_tracking_ids_asn_idx').on(t.whsId, t.asnNo),
  index('inbound_tracking_ids_group_idx').on(t.whsId, t.groupNo, t.status),
  index('inbound_tracking_ids_created_at_idx').on(t.whsId, t.createdAt),
  check('inbound_tracking_ids_status_ck', sql`${t.status} between 1 and 4`),
  check('inbound_tracking_ids_cartons_ck', sql`${t.cartonQty} between 1 and 99999`),
]);

/** What counting found, scan by scan (save_counting_record, create_wrong_sku_record); the ASN line's counted qty sums them. */
export const countingRecords = pgTable('counting_records', {
  whsId: text('whs_id').notNull(),
  recordId: bigserial('record_id', { mode: 'number' }).notNull(),
  groupNo: text('group_no').notNull(),
  /** The ASN and line counted against; the line is null for a SKU the group does not expect. */
  asnNo: text('asn_no'),
  lineNo: smallint('line_no'),
  skuId: text('sku_id').notNull(),
  trackingId: text('tracking_id'),
  /** COUNTING_RECORD_KIND. */
  kind: smallint('kind').notNull(),
  qty: integer('qty').notNull(),
  /** The offline op that made it (exactly once). */
  opId: uuid('op_id'),
  operatorId: integer('operator_id').references(() => users.userId),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.recordId] }),
  foreignKey({ name: 'counting_records_group_fk', columns: [t.whsId, t.groupNo], foreignColumns: [asnGroups.whsId, asnGroups.groupNo] }),
  index('counting_records_group_idx').on(t.whsId, t.groupNo, t.createdAt),
  index('counting_records_asn_idx').on(t.whsId, t.asnNo, t.lineNo),
  uniqueIndex('counting_records_op_uq').on(t.whsId, t.opId),
  check('counting_records_kind_ck', sql`${t.kind} between 1 and 3`),
  check('counting_records_qty_ck', sql`${t.qty} between 1 and 99999`),
  check('counting_records_line_ck', sql`(${t.kind} = 3) = (${t.lineNo} is null)`),
]);

/** QC rules (spec §3 rule kinds; Rule Center › QC Rule): which SKUs are inspected and how many. */
export const qcRules = pgTable('qc_rules', {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  ruleId: serial('rule_id').notNull(),
  ruleName: text('rule_name').notNull(),
  /** QC_RULE_KIND: SKU attributes 1, percentage 2, AQL 3. */
  ruleKind: smallint('rule_kind').notNull(),
  /** Lower runs first; the first rule matching the SKU decides. */
  priority: integer('priority').notNull(),
  /** Matches when set: the ASN's supplier, the SKU's category (prefix), high-value SKUs only. */
  supplierId: text('supplier_id'),
  categoryPrefix: text('category_prefix'),
  highValueOnly: boolean('high_value_only').notNull().default(false),
  /** Percentage rules: the share of the line to inspect (1–100). */
  samplePercent: smallint('sample_percent'),
  /** AQL rules: the acceptance quality limit (ISO 2859-1 general level II), e.g. 1.0, 2.5, 4.0. */
  aqlLevel: text('aql_level'),
  /** ACTIVE_STATUS. */
  status: smallint('status').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.ruleId] }),
  index('qc_rules_priority_idx').on(t.whsId, t.priority),
  index('qc_rules_rule_name_trgm_idx').using('gin', t.ruleName.op('gin_trgm_ops')),
  check('qc_rules_kind_ck', sql`${t.ruleKind} between 1 and 3`),
  check('qc_rules_percent_ck', sql`${t.samplePercent} is null or ${t.samplePercent} between 1 and 100`),
  check('qc_rules_status_ck', sql`${t.status} in (1, 2)`),
]);

/** QC results per ASN line (spec §2 /inbound/qc): inspected, passed, failed and why. */
export const qcRecords = pgTable('qc_records', {
  whsId: text('whs_id').notNull(),
  recordId: bigserial('record_id', { mode: 'number' }).notNull(),
  asnNo: text('asn_no').notNull(),
  lineNo: smallint('line_no').notNull(),
  skuId: text('sku_id').notNull(),
  /** The rule that set the sample; null when inspected without one. */
  ruleId: integer('rule_id'),
  ruleKind: smallint('rule_kind'),
  inspectedQty: integer('inspected_qty').notNull(),
  passedQty: integer('passed_qty').notNull(),
  failedQty: integer('failed_qty').notNull(),
  /** INBOUND_EXCEPTION_REASON of the failed units. */
  failReason: smallint('fail_reason'),
  opId: uuid('op_id'),
  operatorId: integer('operator_id').references(() => users.userId),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.recordId] }),
  foreignKey({ name: 'qc_records_line_fk', columns: [t.whsId, t.asnNo, t.lineNo], foreignColumns: [asnLines.whsId, asnLines.asnNo, asnLines.lineNo] }),
  index('qc_records_asn_idx').on(t.whsId, t.asnNo, t.lineNo),
  uniqueIndex('qc_records_op_uq').on(t.whsId, t.opId),
  check('qc_records_qty_ck', sql`${t.inspectedQty} between 1 and 99999 and ${t.passedQty} >= 0 and ${t.failedQty} >= 0 and ${t.passedQty} + ${t.failedQty} = ${t.inspectedQty}`),
]);

/**
 * Inbound tasks of every kind (spec §3: counting, QC, receiving, putaway, labelling, bundling,
 * repackaging; §2 task lists and details): one row each, its lines in the kind's own table.
 */
export const inboundTasks = pgTable('inbound_tasks', {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  taskNo: text('task_no').notNull(),
  /** INBOUND_TASK_KIND. */
  kind: smallint('kind').notNull(),
  asnNo: text('asn_no'),
  groupNo: text('group_no'),
  /** TASK_STATUS: pending 0, ongoing 1, done 2, cancel 9 (assigned 10). */
  status: smallint('status').notNull().default(0),
  /** PUTAWAY_MODE, putaway tasks only. */
  putawayMode: smallint('putaway_mode'),
  assigneeId: integer('assignee_id').references(() => users.userId),
  /** Where the task's goods wait (a staging location). */
  stagingLocation: text('staging_location'),
  totalQty: integer('total_qty').notNull().default(0),
  doneQty: integer('done_qty').notNull().default(0),
  /** VAS tasks made by a handling decision: the inbound exception whose units they rework (migration 0012). */
  exceptionNo: text('exception_no'),
  createdBy: integer('created_by').references(() => users.userId),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.taskNo] }),
  index('inbound_tasks_kind_idx').on(t.whsId, t.kind, t.status, t.createdAt),
  index('inbound_tasks_asn_idx').on(t.whsId, t.asnNo),
  index('inbound_tasks_assignee_idx').on(t.whsId, t.assigneeId, t.status),
  index('inbound_tasks_created_at_idx').on(t.whsId, t.createdAt),
  check('inbound_tasks_kind_ck', sql`${t.kind} between 1 and 7`),
  check('inbound_tasks_status_ck', sql`${t.status} in (0, 1, 2, 3, 9, 10)`),
  check('inbound_tasks_putaway_mode_ck', sql`(${t.kind} = 4) = (${t.putawayMode} is not null) and coalesce(${t.putawayMode}, 1) in (1, 2)`),
  check('inbound_tasks_qty_ck', sql`${t.totalQty} >= 0 and ${t.doneQty} >= 0 and ${t.doneQty} <= ${t.totalQty}`),
]);

/** What a putaway task moves: a staged batch of one quality, where the rule suggests and how much is put. */
export const putawayTaskLines = pgTable('putaway_task_lines', {
  whsId: text('whs_id').notNull(),
  taskNo: text('task_no').notNull(),
  lineNo: smallint('line_no').notNull(),
  asnNo: text('asn_no'),
  skuId: text('sku_id').notNull(),
  batchId: text('batch_id').notNull(),
  quality: smallint('quality').notNull(),
  fromLocation: text('from_location').notNull(),
  /** The cell the putaway rule suggested (putaway_rules); the operator may put elsewhere. */
  suggestedLocation: text('suggested_location'),
  qty: integer('qty').notNull(),
  putQty: integer('put_qty').notNull().default(0),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.taskNo, t.lineNo] }),
  foreignKey({ name: 'putaway_task_lines_task_fk', columns: [t.whsId, t.taskNo], foreignColumns: [inboundTasks.whsId, inboundTasks.taskNo] }).onDelete('cascade'),
  foreignKey({ name: 'putaway_task_lines_batch_fk', columns: [t.whsId, t.skuId, t.batchId], foreignColumns: [skuBatches.whsId, skuBatches.skuId, skuBatches.batchId] }),
  index('putaway_task_lines_sku_idx').on(t.whsId, t.skuId),
  check('putaway_task_lines_qty_ck', sql`${t.qty} between 1 and 99999 and ${t.putQty} between 0 and ${t.qty}`),
  check('putaway_task_lines_quality_ck', sql`${t.quality} in (1, 2)`),
]);

/**
 * What a value-added-service task (labelling, bundling, repackaging; migration 0012) reworks: a
 * staged batch of one quality, blocked at its staging location under the task until it is done.
 */
export const vasTaskLines = pgTable('vas_task_lines', {
  whsId: text('whs_id').notNull(),
  taskNo: text('task_no').notNull(),
  lineNo: smallint('line_no').notNull(),
  asnNo: text('asn_no'),
  skuId: text('sku_id').notNull(),
  batchId: text('batch_id').notNull(),
  quality: smallint('quality').notNull(),
  location: text('location').notNull(),
  qty: integer('qty').notNull(),
  doneQty: integer('done_qty').notNull().default(0),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.taskNo, t.lineNo] }),
  foreignKey({ name: 'vas_task_lines_task_fk', columns: [t.whsId, t.taskNo], foreignColumns: [inboundTasks.whsId, inboundTasks.taskNo] }).onDelete('cascade'),
  foreignKey({ name: 'vas_task_lines_batch_fk', columns: [t.whsId, t.skuId, t.batchId], foreignColumns: [skuBatches.whsId, skuBatches.skuId, skuBatches.batchId] }),
  index('vas_task_lines_sku_idx').on(t.whsId, t.skuId),
  check('vas_task_lines_qty_ck', sql`${t.qty} between 1 and 99999 and ${t.doneQty} between 0 and ${t.qty}`),
  check('vas_task_lines_quality_ck', sql`${t.quality} in (1, 2)`),
]);

/**
 * Putaway rules (Rule Center › Putaway Rule › Inbound): by priority, the first whose conditions
 * the SKU meets names where to look (a zone or a logic area) and how to choose the cell.
 */
export const putawayRules = pgTable('putaway_rules', {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  ruleId: serial('rule_id').notNull(),
  ruleName: text('rule_name').notNull(),
  priority: integer('priority').notNull(),
  /** Conditions, each matching any when null: the SKU's temperature zone, ABC class, high value, and the unit quality. */
  temperatureZone: smallint('temperature_zone'),
  abcClass: smallint('abc_class'),
  highValueOnly: boolean('high_value_only').notNull().default(false),
  quality: smallint('quality'),
  /** Where: one zone, or the zones of one logic area (at least one is set). */
  targetZoneId: text('target_zone_id'),
  targetLogicAreaId: text('target_logic_area_id'),
  /** PUTAWAY_STRATEGY. */
  strategy: smallint('strategy').notNull().default(1),
  /** ACTIVE_STATUS. */
  status: smallint('status').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.ruleId] }),
  foreignKey({ name: 'putaway_rules_zone_fk', columns: [t.whsId, t.targetZoneId], foreignColumns: [zones.whsId, zones.zoneId] }),
  foreignKey({ name: 'putaway_rules_logic_area_fk', columns: [t.whsId, t.targetLogicAreaId], foreignColumns: [logicAreas.whsId, logicAreas.logicAreaId] }),
  index('putaway_rules_priority_idx').on(t.whsId, t.priority),
  index('putaway_rules_rule_name_trgm_idx').using('gin', t.ruleName.op('gin_trgm_ops')),
  check('putaway_rules_target_ck', sql`${t.targetZoneId} is not null or ${t.targetLogicAreaId} is not null`),
  check('putaway_rules_strategy_ck', sql`${t.strategy} between 1 and 3`),
  check('putaway_rules_status_ck', sql`${t.status} in (1, 2)`),
]);

/**
 * Inbound exceptions (spec §3: statuses, types, reasons, handling decisions 1–16; Exception Center
 * › troubleshoot tasks): what went wrong with an ASN's goods, and what was decided.
 */
export const inboundExceptions = pgTable('inbound_exceptions', {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  exceptionNo: text('exception_no').notNull(),
  asnNo: text('asn_no').notNull(),
  groupNo: text('group_no'),
  skuId: text('sku_id'),
  trackingId: text('tracking_id'),
  /** The task it was reported from, if any. */
  taskNo: text('task_no'),
  /** INBOUND_EXCEPTION_SOURCE, TYPE and REASON. */
  source: smallint('source').notNull(),
  exceptionType: smallint('exception_type').notNull(),
  reason: smallint('reason').notNull(),
  qty: integer('qty').notNull(),
  /** INBOUND_EXCEPTION_STATUS (spec §4: pending → checked → BD confirmed → done / cancelled). */
  status: smallint('status').notNull().default(10),
  /** INBOUND_HANDLING_DECISION, once decided. */
  handlingDecision: smallint('handling_decision'),
  remark: text('remark'),
  reportedBy: integer('reported_by').references(() => users.userId),
  reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
  handledBy: integer('handled_by').references(() => users.userId),
  handledAt: timestamp('handled_at', { withTimezone: true }),
  opId: uuid('op_id'),
  /** The putaway task line a putaway report names (migration 0012). */
  taskLineNo: smallint('task_line_no'),
  /** The units the exception holds, blocked under it: where, which batch and quality, how many (0: none held). */
  holdLocation: text('hold_location'),
  holdBatchId: text('hold_batch_id'),
  holdQuality: smallint('hold_quality'),
  heldQty: integer('held_qty').notNull().default(0),
  /** The document its handling decision made: a putaway or VAS task, or a new ASN. */
  resultNo: text('result_no'),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.exceptionNo] }),
  foreignKey({ name: 'inbound_exceptions_asn_fk', columns: [t.whsId, t.asnNo], foreignColumns: [asnOrders.whsId, asnOrders.asnNo] }),
  index('inbound_exceptions_status_idx').on(t.whsId, t.status, t.reportedAt),
  index('inbound_exceptions_asn_idx').on(t.whsId, t.asnNo),
  index('inbound_exceptions_reported_at_idx').on(t.whsId, t.reportedAt),
  uniqueIndex('inbound_exceptions_op_uq').on(t.whsId, t.opId),
  check('inbound_exceptions_status_ck', sql`${t.status} in (10, 20, 40, 50, 60)`),
  check('inbound_exceptions_type_ck', sql`${t.exceptionType} between 1 and 5`),
  check('inbound_exceptions_reason_ck', sql`${t.reason} between 1 and 9`),
  check('inbound_exceptions_source_ck', sql`${t.source} between 1 and 5`),
  check('inbound_exceptions_decision_ck', sql`${t.handlingDecision} is null or ${t.handlingDecision} between 1 and 16`),
  check('inbound_exceptions_qty_ck', sql`${t.qty} between 1 and 99999`),
  check('inbound_exceptions_hold_ck', sql`${t.heldQty} between 0 and 99999 and (${t.heldQty} = 0 or (${t.holdLocation} is not null and ${t.holdBatchId} is not null and ${t.holdQuality} in (1, 2)))`),
]);

// ---- inventory adjustments (spec §3 statuses, directions, reasons; §4 lifecycle) ----

export const inventoryAdjustments = pgTable('inventory_adjustments', {
  whsId: text('whs_id').notNull().references(() => warehouses.whsId),
  adjustNo: text('adjust_no').notNull(),
  /** INVENTORY_ADJUSTMENT_STATUS. */
  status: smallint('status').notNull().default(1),
  /** INVENTORY_ADJUSTMENT_REASON. */
  reason: smallint('reason').notNull(),
  remark: text('remark'),
  /** Σ of its lines' quantities, each way. */
  additionQty: integer('addition_qty').notNull().default(0),
  deductionQty: integer('deduction_qty').notNull().default(0),
  createdBy: integer('created_by').references(() => users.userId),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  approvedBy: integer('approved_by').references(() => users.userId),
  approvedAt: timestamp('approved_at', { withTimezone: true }),
  adjustedBy: integer('adjusted_by').references(() => users.userId),
  adjustedAt: timestamp('adjusted_at', { withTimezone: true }),
  closedAt: timestamp('closed_at', { withTimezone: true }),
  /** Why it was rejected, cancelled or failed. */
  closeReason: text('close_reason'),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.adjustNo] }),
  index('inventory_adjustments_status_idx').on(t.whsId, t.status, t.createdAt),
  index('inventory_adjustments_created_at_idx').on(t.whsId, t.createdAt),
  check('inventory_adjustments_status_ck', sql`${t.status} in (1, 2, 3, 4, 5, 6, 8, 9, 10, 21)`),
  check('inventory_adjustments_reason_ck', sql`${t.reason} between 6 and 9`),
  check('inventory_adjustments_qty_ck', sql`${t.additionQty} >= 0 and ${t.deductionQty} >= 0`),
]);

export const inventoryAdjustmentLines = pgTable('inventory_adjustment_lines', {
  whsId: text('whs_id').notNull(),
  adjustNo: text('adjust_no').notNull(),
  lineNo: smallint('line_no').notNull(),
  locationId: text('location_id').notNull(),
  skuId: text('sku_id').notNull(),
  batchId: text('batch_id').notNull(),
  quality: smallint('quality').notNull(),
  /** INVENTORY_ADJUSTMENT_DIRECTION: deduction 1, addition 2. */
  direction: smallint('direction').notNull(),
  qty: integer('qty').notNull(),
  /** The balance's on hand when the line was made, for the approver. */
  onhandAtCreate: integer('onhand_at_create').notNull().default(0),
  /** The ledger row the adjustment posted. */
  txnId: bigint('txn_id', { mode: 'number' }),
}, (t) => [
  primaryKey({ columns: [t.whsId, t.adjustNo, t.lineNo] }),
  foreignKey({ name: 'inventory_adjustment_lines_adjustment_fk', columns: [t.whsId, t.adjustNo], foreignColumns: [inventoryAdjustments.whsId, inventoryAdjustments.adjustNo] }).onDelete('cascade'),
  foreignKey({ name: 'inventory_adjustment_lines_batch_fk', columns: [t.whsId, t.skuId, t.batchId], foreignColumns: [skuBatches.whsId, skuBatches.skuId, skuBatches.batchId] }),
  index('inventory_adjustment_lines_sku_idx').on(t.whsId, t.skuId),
  check('inventory_adjustment_lines_direction_ck', sql`${t.direction} in (1, 2)`),
  check('inventory_adjustment_lines_qty_ck', sql`${t.qty} between 1 and 99999`),
  check('inventory_adjustment_lines_quality_ck', sql`${t.quality} in (1, 2)`),
]);
