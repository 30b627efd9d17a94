import type { z } from 'zod';
import type { Db } from '../../db/client';

/** Who made an op and where: ops always belong to the stream (warehouse, device, user) that pushed them. */
export interface OpContext {
  whsId: string;
  userId: number;
  deviceId: string;
  opId: string;
  seq: number;
  /** When the operator made it, by the device's clock. */
  createdAt: Date;
}

/** One kind of offline op, as the push endpoint runs it. */
export interface OpKind {
  kind: string;
  /** The permission the user needs in the warehouse, or 'session' for any signed-in user. */
  perm: string;
  payload: z.ZodType;
  /**
   * Applies the op inside the batch transaction (a savepoint of its own) and returns the data
   * the device gets back. A business refusal is an `ApiError`: the op is recorded as rejected
   * with its retcode and message, and its partial effects are rolled back. Any other error
   * fails the whole batch, so the device retries it.
   */
  apply(tx: Db, payload: unknown, ctx: OpContext): Promise<unknown>;
  /**
   * Optional: applies consecutive new ops of this kind of one push together, with the same
   * effects and answers as `apply` on each in turn but in far fewer statements (a device coming
   * back online replays hundreds of scans in a row). It throws an `ApiError` when any op of the
   * run would be refused; the push then applies the ops one by one, so the refusal lands on its op.
   */
  applyRun?(tx: Db, ops: readonly OpToApply[]): Promise<unknown[]>;
}

/** One op of a run: its parsed payload and where it comes from. */
export interface OpToApply<P = unknown> {
  payload: P;
  ctx: OpContext;
}

export function defineOpKind<P extends z.ZodType>(def: {
  kind: string;
  perm: string;
  payload: P;
  apply(tx: Db, payload: z.output<P>, ctx: OpContext): Promise<unknown>;
  applyRun?(tx: Db, ops: readonly OpToApply<z.output<P>>[]): Promise<unknown[]>;
}): OpKind {
  // The push handler parses the payload with `def.payload` before calling apply.
  const { applyRun } = def;
  return {
    ...def,
    apply: (tx, payload, ctx) => def.apply(tx, payload as z.output<P>, ctx),
    applyRun: applyRun && ((tx, ops) => applyRun(tx, ops as readonly OpToApply<z.output<P>>[])),
  };
}
