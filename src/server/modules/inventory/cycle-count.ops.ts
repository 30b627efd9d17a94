import type { cycleCountOps } from '../../../shared/ops/cycle-count.ops';
import type { OpApplies, OpContext } from '../../common/op-apply';
import { applyComplete, applyCount, applyEmpty, applyRecount, applyUnknown } from './cycle-count-rounds';

const actor = (ctx: OpContext) => ({ userId: ctx.userId, opId: ctx.opId, at: ctx.createdAt });

/** Counting's ops (shared/ops/cycle-count.ops.ts), applied exactly once; the device's clock dates each count. */
export const cycleCountApplies = {
  count: { apply: (tx, p, ctx) => applyCount(tx, ctx.whsId, actor(ctx), p) },
  empty: { apply: (tx, p, ctx) => applyEmpty(tx, ctx.whsId, actor(ctx), p) },
  unknown: { apply: (tx, p, ctx) => applyUnknown(tx, ctx.whsId, actor(ctx), p) },
  recount: { apply: (tx, p, ctx) => applyRecount(tx, ctx.whsId, actor(ctx), p) },
  complete: { apply: (tx, p, ctx) => applyComplete(tx, ctx.whsId, actor(ctx), p) },
} satisfies OpApplies<typeof cycleCountOps>;
