import type { pickingOps } from '../../../shared/ops/picking.ops';
import type { OpApplies } from '../../common/op-apply';
import { warehouseTimeZone } from '../../common/time';
import { applyPick, applyPicks, applyReversePut, applyShortPick } from './picking';

/** Picking's ops (shared/ops/picking.ops.ts), applied exactly once. */
export const pickingApplies = {
  pick: {
    apply: (tx, p, ctx) => applyPick(tx, ctx.whsId, { userId: ctx.userId, opId: ctx.opId }, p),
    // A replayed queue of scans: the picks of one push together (one stream: one warehouse and user).
    applyRun: (tx, ops) => applyPicks(tx, ops[0]!.ctx.whsId, ops[0]!.ctx.userId, ops.map(({ payload, ctx }) => ({ opId: ctx.opId, pick: payload }))),
  },
  shortPick: {
    apply: async (tx, p, ctx) => applyShortPick(tx, ctx.whsId, { userId: ctx.userId, opId: ctx.opId, timeZone: await warehouseTimeZone(tx, ctx.whsId) }, p),
  },
  reversePut: { apply: (tx, p, ctx) => applyReversePut(tx, ctx.whsId, { userId: ctx.userId, opId: ctx.opId }, p) },
} satisfies OpApplies<typeof pickingOps>;
