import { Dexie, type EntityTable } from 'dexie';
import { v4 as uuidv4 } from 'uuid';

/**
 * The device's outbox (DESIGN.md "Offline and scanning"): every scan op is written here first,
 * with strict durability, and the drainer pushes it to the server in order. Plain TypeScript
 * (no React) so the drainer can be benchmarked on its own.
 */

export type OpState = 'pending' | 'sending' | 'done' | 'rejected' | 'discarded';

export interface OpError {
  retcode: number;
  message: string;
}

export interface OutboxOp {
  /** UUIDv7 made on the device: the server applies each id once. */
  op_id: string;
  /** `${whs_id}:${device_id}:${user_id}`: ops replay only in their own warehouse, device and user. */
  stream: string;
  /** 1, 2, 3… per stream. */
  seq: number;
  kind: string;
  payload: Record<string, unknown>;
  /** When the operator made it (ms since epoch). */
  created_at: number;
  state: OpState;
  /** How many times it was sent. */
  attempts: number;
  /** The server's refusal (rejected) or the last failure of its batch (still pending). */
  last_error: OpError | null;
  /** The server's answer `data` once applied, or of the rejection. */
  result: unknown;
  user_id: number;
  whs_id: string;
  /** Set by "Discard": why the operator gave up on a rejected op (kept on this device only). */
  discard_reason?: string;
  discarded_at?: number;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

export const OUTBOX_DB_NAME = 'tally-outbox';
const DEVICE_ID_KEY = 'device_id';
export const nextSeqKey = (stream: string): string => `next_seq:${stream}`;

export class OutboxDb extends Dexie {
  ops!: EntityTable<OutboxOp, 'op_id'>;
  meta!: EntityTable<MetaRow, 'key'>;

  constructor(name: string = OUTBOX_DB_NAME) {
    // 'strict': Chromium reports a write done only once it is flushed to disk, so an op the
    // operator saw accepted survives a crash or power loss right after.
    super(name, { chromeTransactionDurability: 'strict' });
    this.version(1).stores({
      // [stream+state+seq] serves the drainer's "next pending ops in order" without scanning
      // the done ones; [stream+state] the counts; [stream+seq] the panel's list and rewinds.
      ops: 'op_id, &[stream+seq], [stream+state], [stream+state+seq], state',
      meta: 'key',
    });
  }
}

/** This browser profile's device id: a random UUID made once and kept with the ops. */
export async function deviceIdOf(db: OutboxDb): Promise<string> {
  const known = await db.meta.get(DEVICE_ID_KEY);
  if (typeof known?.value === 'string') return known.value;
  // In a rw transaction, so two tabs starting at once agree on one id.
  return db.transaction('rw', db.meta, async () => {
    const row = await db.meta.get(DEVICE_ID_KEY);
    if (typeof row?.value === 'string') return row.value;
    const id = uuidv4();
    await db.meta.put({ key: DEVICE_ID_KEY, value: id });
    return id;
  });
}
