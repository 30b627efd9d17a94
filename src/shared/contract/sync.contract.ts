import { z } from 'zod';
import { endpoint } from './define';
import { q, rowId } from './values';
import { RET } from '../retcodes';
import { derivePerm, pageActionPerm } from '../routes/derive';

/**
 * Offline operations (DESIGN.md "Offline and scanning"). Every scan op goes through the device's
 * outbox and is pushed here in order. A stream is one (warehouse, device, user): its ops carry
 * seq 1, 2, 3… and the server applies each exactly once, recording its op id and result in the
 * same transaction as its effects.
 */
export const opId = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/, 'must be a UUIDv7');
export const deviceId = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'must be a UUID');
/** Free text the database stores: PostgreSQL text cannot hold NUL characters. */
const storableText = (max: number) => z.string().trim().max(max).refine((s) => !s.includes('\0'), 'must not contain NUL characters');
/** Latest instant a JavaScript Date (and so a stored timestamp) can hold, in ms. */
const MAX_EPOCH_MS = 8_640_000_000_000_000;

export const queuedOp = z.object({
  op_id: opId,
  seq: z.number().int().min(1),
  /** A kind of the op registry (e.g. `inbound.counting.save_counting_record`). */
  kind: z.string().trim().min(1).max(100).regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, _ . - only'),
  payload: z.record(z.string(), z.unknown()),
  /** When the operator made it on the device (ms since epoch). */
  created_at: z.number().int().nonnegative().max(MAX_EPOCH_MS),
});
export type QueuedOp = z.infer<typeof queuedOp>;

export const opResult = z.object({
  op_id: z.string(),
  seq: z.number().int(),
  /** applied: done now; duplicate: sent before, its recorded answer again (retcode 0: it was applied, else it was rejected); rejected: a business refusal (recorded), or -100410 OP_CONFLICT: the id or seq was used with other content (not recorded). */
  status: z.enum(['applied', 'duplicate', 'rejected']),
  retcode: z.number().int(),
  message: z.string(),
  data: z.unknown(),
});
export type OpResult = z.infer<typeof opResult>;

/** The supervisor's Sync Queue page: its permission reads the queues below, its Action permission resolves rejected ops. */
export const SYNC_QUEUE_PATH = '/wmsconfig/syncqueue';
const syncQueuePerm = { perm: derivePerm(SYNC_QUEUE_PATH) };
const resolvePerm = { perm: pageActionPerm(SYNC_QUEUE_PATH, 'Action') };

export const deviceQueueRow = z.object({
  device_id: z.string(),
  user_id: z.number().int(),
  email: z.string(),
  display_name: z.string(),
  /** Last push or heartbeat (ms since epoch, server clock). */
  last_contact_at: z.number().int(),
  /** Outbox depth the device last reported. */
  pending: z.number().int(),
  /** Device time of its oldest pending op (ms), as reported; null when its outbox is empty. */
  oldest_pending_at: z.number().int().nullable(),
  /** Rejected ops of this device and user that no supervisor has resolved yet (server records). */
  rejected_unresolved: z.number().int(),
  /** Rejected ops the device last reported holding. */
  rejected_reported: z.number().int(),
  acked_seq: z.number().int(),
  app_version: z.string(),
  user_agent: z.string(),
});
export type DeviceQueueRow = z.infer<typeof deviceQueueRow>;

export const rejectedOpRow = z.object({
  op_id: z.string(),
  device_id: z.string(),
  seq: z.number().int(),
  kind: z.string(),
  payload: z.unknown(),
  retcode: z.number().int(),
  message: z.string(),
  user_id: z.number().int(),
  email: z.string(),
  display_name: z.string(),
  /** Device time the operator made it (ms). */
  created_at: z.number().int(),
  /** Server time it was refused (ms). */
  applied_at: z.number().int(),
  resolved_at: z.number().int().nullable(),
  resolved_by_name: z.string().nullable(),
  resolution_reason: z.string().nullable(),
});
export type RejectedOpRow = z.infer<typeof rejectedOpRow>;

/** Page sizes of lists (spec §9). */
const PAGE_SIZES = [20, 50, 100, 200] as const;

export const syncContract = {
  pushOps: endpoint({
    method: 'POST', path: '/apps/system/sync/push_ops', access: 'session',
    summary: 'Apply queued ops of this device and user in sequence, each exactly once. A batch that does not start right after the acknowledged seq is refused with -100409 and data.acked_seq.',
    input: z.object({ device_id: deviceId, ops: z.array(queuedOp).min(1).max(200) }),
    output: z.object({ results: z.array(opResult), acked_seq: z.number().int() }),
    quietRetcodes: [RET.OUT_OF_SEQUENCE],
  }),
  deviceHeartbeat: endpoint({
    method: 'POST', path: '/apps/system/sync/device_heartbeat', access: 'session',
    summary: 'The device reports its outbox: pending depth, rejected count, oldest pending op; returns the acknowledged seq of its stream.',
    input: z.object({
      device_id: deviceId,
      pending: z.number().int().nonnegative().max(10_000_000),
      rejected: z.number().int().nonnegative().max(10_000_000),
      oldest_pending_at: z.number().int().nonnegative().max(MAX_EPOCH_MS).nullable(),
      app_version: storableText(64),
      user_agent: storableText(512),
    }),
    output: z.object({ acked_seq: z.number().int(), server_time: z.number().int() }),
  }),
  searchDeviceQueue: endpoint({
    method: 'GET', path: '/apps/system/sync/search_device_queue', access: syncQueuePerm,
    summary: 'Every device stream of the session warehouse, most recent contact first: reported outbox depth, oldest pending op, unresolved rejected ops.',
    input: z.object({}),
    output: z.object({ list: z.array(deviceQueueRow), server_time: z.number().int() }),
  }),
  searchRejectedOps: endpoint({
    method: 'GET', path: '/apps/system/sync/search_rejected_ops', access: syncQueuePerm,
    summary: 'Rejected ops of the session warehouse, newest first; unresolved by default, optionally of one device or user.',
    input: z.object({
      status: z.enum(['unresolved', 'resolved', 'all']).default('unresolved'),
      device_id: deviceId.optional(),
      user_id: rowId().optional(),
      pageno: q.int().min(1).max(99_999).default(1),
      count: q.int().refine((n) => (PAGE_SIZES as readonly number[]).includes(n), `must be one of ${PAGE_SIZES.join(', ')}`).default(20),
    }),
    output: z.object({ list: z.array(rejectedOpRow), total: z.number().int() }),
  }),
  resolveRejectedOp: endpoint({
    method: 'POST', path: '/apps/system/sync/resolve_rejected_op', access: resolvePerm,
    summary: 'Mark a rejected op as dealt with, recording who, when and why.',
    input: z.object({ op_id: opId, reason: storableText(500).pipe(z.string().min(3, 'must be at least 3 characters')) }),
    output: z.object({ resolved_at: z.number().int() }),
  }),
} as const;
