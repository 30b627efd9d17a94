import type { z } from 'zod';
import type { OfflineOp } from '../../shared/ops';
import type { Db } from '../db/client';

/** Who made an op and where: ops always belong to the stream (warehouse, device, user) that pushed them. */
export interface OpContext {
  whsId: string;
  userId: number;
  deviceId: string;
  opId: string;
  seq: number;
  /** When the operator made it, by the device's clock. */
  createdAt: Date;
  /**
   * What the user holds in the warehouse when the op is applied: an op kind whose access is `anyPerm`
   * (an engine shared by areas) asks which one its record needs (outbound-area-access.ts).
   */
  perms: ReadonlySet<string>;
}

/** One op of a run: its parsed payload and where it comes from. */
export interface OpToApply<P = unknown> {
  payload: P;
  ctx: OpContext;
}

/** How the server applies one declared op (shared/ops), its payload already parsed by the op's schema. */
export interface OpApply<P = unknown> {
  /**
   * Applies the op inside the batch transaction (a savepoint of its own) and returns the data
   * the device gets back. A business refusal is an `ApiError`: the op is recorded as rejected
   * with its retcode and message, and its partial effects are rolled back. Any other error
   * fails the whole batch, so the device retries it.
   */
  apply(tx: Db, payload: P, ctx: OpContext): Promise<unknown>;
  /**
   * Optional: applies consecutive new ops of this kind of one push together, with the same
   * effects and answers as `apply` on each in turn but in far fewer statements (a device coming
   * back online replays hundreds of scans in a row). It throws an `ApiError` when any op of the
   * run would be refused; the push then applies the ops one by one, so the refusal lands on its op.
   */
  applyRun?(tx: Db, ops: readonly OpToApply<P>[]): Promise<unknown[]>;
}

/** The applies of an area's ops: exactly one per op, each typed by its op's payload. */
export type OpApplies<Ops extends Record<string, OfflineOp>> = { [N in keyof Ops]: OpApply<z.output<Ops[N]['payload']>> };

/** An op as the push endpoint runs it: its declaration and its apply. */
export type ServerOp = OfflineOp & OpApply;

/** Pairs a declaration with its apply (the push handler parses the payload with `op.payload` first). */
export function serverOp<S extends z.ZodType>(op: OfflineOp<string, S>, how: OpApply<z.output<S>>): ServerOp {
  return { ...op, ...(how as OpApply) };
}
