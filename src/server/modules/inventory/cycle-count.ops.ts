import type { cycleCountOps } from '../../../shared/ops/cycle-count.ops';
import type { Db } from '../../db/client';
import type { OpApplies, OpContext, OpToApply } from '../../common/op-apply';
import { applyComplete, applyCount, applyCounts, applyEmpty, applyRecount, applyUnknown, emptyCount, type CountOp } from './cycle-count-rounds';

const actor = (ctx: OpContext) => ({ userId: ctx.userId, opId: ctx.opId, at: ctx.createdAt });

/** A replayed queue of counts (or empty confirmations): those of one push together (one stream: one warehouse and user). */
const applyCountRun = <P>(tx: Db, ops: readonly OpToApply<P>[], countOf: (payload: P) => Omit<CountOp, 'opId' | 'at'>) =>
  applyCounts(tx, ops[0]!.ctx.whsId, ops[0]!.ctx.userId, ops.map(({ payload, ctx }) => ({ ...countOf(payload), opId: ctx.opId, at: ctx.createdAt })));

/** Counting's ops (shared/ops/cycle-count.ops.ts), applied exactly once; the device's clock dates each count. */
export const cycleCountApplies = {
  count: {
    apply: (tx, p, ctx) => applyCount(tx, ctx.whsId, actor(ctx), p),
    applyRun: (tx, ops) => applyCountRun(tx, ops, (p) => p),
  },
  empty: {
    apply: (tx, p, ctx) => applyEmpty(tx, ctx.whsId, actor(ctx), p),
    applyRun: (tx, ops) => applyCountRun(tx, ops, emptyCount),
  },
  unknown: { apply: (tx, p, ctx) => applyUnknown(tx, ctx.whsId, actor(ctx), p) },
  recount: { apply: (tx, p, ctx) => applyRecount(tx, ctx.whsId, actor(ctx), p) },
  complete: { apply: (tx, p, ctx) => applyComplete(tx, ctx.whsId, actor(ctx), p) },
} satisfies OpApplies<typeof cycleCountOps>;
