import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, warehouseRef, whsId, whsPrimaryKey } from './columns';

// Accounts, roles and their permissions, memberships, sessions, password resets, mail, rate limits (server/modules/system).

export const users = pgTable('users', {
  userId: serial('user_id').primaryKey(),
  email: text('email').notNull(),
  displayName: text('display_name').notNull(),
  avatarUrl: text('avatar_url').notNull().default(''),
  /** scrypt of the client-side SHA-256: `scrypt$N$r$p$salt$hash`. */
  passwordHash: text('password_hash').notNull(),
  /** When the client last reported the password as below policy; null when it meets it. */
  simplePasswordSince: timestamptz('simple_password_since'),
  isActive: boolean('is_active').notNull().default(true),
  /** Sees and may switch to every warehouse with the super role. */
  isSuperAdmin: boolean('is_super_admin').notNull().default(false),
  createdAt: createdAt(),
  // User administration (migration 0007_user_admin; shared/resources/user.resource.ts has the codes).
  /** Own 1, BPO (outsourced) 2, synced from the business-user system 3. */
  userKind: smallint('user_kind').notNull().default(1),
  /** Staff status (spec §3): ACTIVE 1, TERMINATED 2, LEAVE_OF_ABSENCE 3; only ACTIVE may sign in (`is_active`). */
  staffStatus: smallint('staff_status').notNull().default(1),
  /** PERMANENT 1, TEMPORARY 2, CONTRACT 3. */
  employmentType: smallint('employment_type').notNull().default(1),
  localName: text('local_name').notNull().default(''),
  /** When the account was last marked as synced to the business-user system; null when never. */
  tobSyncedAt: timestamptz('tob_synced_at'),
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
  whsId: warehouseRef(),
  roleId: serial('role_id').notNull(),
  roleName: text('role_name').notNull(),
  /** Holds every permission, present and future. */
  allPermissions: boolean('all_permissions').notNull().default(false),
}, (t) => [whsPrimaryKey(t, t.roleId), uniqueIndex('roles_name_uq').on(t.whsId, t.roleName)]);

export const rolePermissions = pgTable('role_permissions', {
  whsId: whsId(),
  roleId: integer('role_id').notNull(),
  perm: text('perm').notNull(),
}, (t) => [
  whsPrimaryKey(t, t.roleId, t.perm),
  foreignKey({ columns: [t.whsId, t.roleId], foreignColumns: [roles.whsId, roles.roleId] }).onDelete('cascade'),
]);

/** Membership of a user in a warehouse, with the role they hold there. */
export const userWarehouses = pgTable('user_warehouses', {
  whsId: warehouseRef(),
  userId: integer('user_id').notNull().references(() => users.userId),
  roleId: integer('role_id').notNull(),
  isShowMbn: boolean('is_show_mbn').notNull().default(false),
}, (t) => [
  whsPrimaryKey(t, t.userId),
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
  whsId: whsId(),
  createdAt: createdAt(),
  lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
  expiresAt: timestamptz('expires_at').notNull(),
}, (t) => [index('sessions_user_idx').on(t.userId)]);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.userId),
  createdAt: createdAt(),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
}, (t) => [index('password_reset_tokens_user_idx').on(t.userId)]);

/** Outgoing mail: recorded here and logged, since no mail server is configured. */
export const mailOutbox = pgTable('mail_outbox', {
  mailId: serial('mail_id').primaryKey(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
  sentAt: timestamptz('sent_at'),
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
  lastAt: timestamptz('last_at').notNull(),
}, (t) => [primaryKey({ columns: [t.rule, t.account, t.address] }), index('rate_limits_last_at_idx').on(t.lastAt)]);
