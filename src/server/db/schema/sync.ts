import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz, whsId, whsPrimaryKey } from './columns';
import { users } from './system';

// The offline op streams and the ops applied from them (server/modules/sync).

/**
 * One offline op stream: a device used by a user in a warehouse (DESIGN.md "Offline and scanning").
 * `acked_seq` is the last seq applied; the rest is what the device last reported in its heartbeat.
 */
export const syncStreams = pgTable('sync_streams', {
  whsId: whsId(),
  deviceId: uuid('device_id').notNull(),
  userId: integer('user_id').notNull().references(() => users.userId),
  ackedSeq: bigint('acked_seq', { mode: 'number' }).notNull().default(0),
  lastContactAt: timestamptz('last_contact_at').notNull().defaultNow(),
  pending: integer('pending').notNull().default(0),
  rejected: integer('rejected').notNull().default(0),
  /** Device time of the oldest op still in its outbox. */
  oldestPendingAt: timestamptz('oldest_pending_at'),
  appVersion: text('app_version').notNull().default(''),
  userAgent: text('user_agent').notNull().default(''),
}, (t) => [whsPrimaryKey(t, t.deviceId, t.userId)]);

/** Every op applied or rejected, recorded in the transaction of its effects: a repeated op id gets this answer again. */
export const syncOps = pgTable('sync_ops', {
  whsId: whsId(),
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
  createdAt: timestamptz('created_at').notNull(),
  appliedAt: timestamptz('applied_at').notNull().defaultNow(),
  resolvedAt: timestamptz('resolved_at'),
  resolvedBy: integer('resolved_by').references(() => users.userId),
  resolutionReason: text('resolution_reason'),
}, (t) => [
  whsPrimaryKey(t, t.opId),
  uniqueIndex('sync_ops_stream_seq_uq').on(t.whsId, t.deviceId, t.userId, t.seq),
  // The supervisor's worklist: rejected ops nobody has resolved yet.
  index('sync_ops_unresolved_idx').on(t.whsId, t.deviceId, t.userId).where(sql`${t.status} = 'rejected' and ${t.resolvedAt} is null`),
]);
