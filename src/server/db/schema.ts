import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Tables scoped to a warehouse carry `whs_id` and lead their keys with it: it is the
 * distribution column if a deployment moves to Citus (DESIGN.md).
 */

export const warehouses = pgTable('warehouses', {
  whsId: text('whs_id').primaryKey(),
  whsName: text('whs_name').notNull(),
  whsNo: text('whs_no').notNull().default(''),
  timeRegion: text('time_region'),
  isUseChannel: boolean('is_use_channel').notNull().default(false),
  quotaMode: smallint('quota_mode').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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
}, (t) => [uniqueIndex('users_email_uq').on(sql`lower(${t.email})`)]);

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
 * Events that are rate limited (failed sign-ins, reset requests, wrong current passwords),
 * by kind and subject (an email, a client address or a user id).
 */
export const rateEvents = pgTable('rate_events', {
  eventId: serial('event_id').primaryKey(),
  kind: text('kind').notNull(),
  subject: text('subject').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('rate_events_subject_idx').on(t.kind, t.subject, t.at)]);

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
]);
