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
}

export function defineOpKind<P extends z.ZodType>(def: {
  kind: string;
  perm: string;
  payload: P;
  apply(tx: Db, payload: z.output<P>, ctx: OpContext): Promise<unknown>;
}): OpKind {
  // The push handler parses the payload with `def.payload` before calling apply.
  return { ...def, apply: (tx, payload, ctx) => def.apply(tx, payload as z.output<P>, ctx) };
}
