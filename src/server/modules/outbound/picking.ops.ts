import type { pickingOps } from '../../../shared/ops/picking.ops';
import type { OpApplies } from '../../common/op-apply';
import { warehouseTimeZone } from '../../common/time';
import { assertMayPick } from './area-access';
import { applyPick, applyPicks, applyReversePut, applyShortPick } from './picking';

/** Picking's ops (shared/ops/picking.ops.ts), applied exactly once; each first asks the task's area permission (area-access.ts). */
export const pickingApplies = {
  pick: {
    apply: async (tx, p, ctx) => {
      await assertMayPick(tx, ctx.whsId, ctx.perms, [p.task_no]);
      return applyPick(tx, ctx.whsId, { userId: ctx.userId, opId: ctx.opId }, p);
    },
    // A replayed queue of scans: the picks of one push together (one stream: one warehouse and user).
    applyRun: async (tx, ops) => {
      const { whsId, userId, perms } = ops[0]!.ctx;
      await assertMayPick(tx, whsId, perms, ops.map(({ payload }) => payload.task_no));
      return applyPicks(tx, whsId, userId, ops.map(({ payload, ctx }) => ({ opId: ctx.opId, pick: payload })));
    },
  },
  shortPick: {
    apply: async (tx, p, ctx) => {
      await assertMayPick(tx, ctx.whsId, ctx.perms, [p.task_no]);
      return applyShortPick(tx, ctx.whsId, { userId: ctx.userId, opId: ctx.opId, timeZone: await warehouseTimeZone(tx, ctx.whsId) }, p);
    },
  },
  reversePut: {
    apply: async (tx, p, ctx) => {
      await assertMayPick(tx, ctx.whsId, ctx.perms, [p.task_no]);
      return applyReversePut(tx, ctx.whsId, { userId: ctx.userId, opId: ctx.opId }, p);
    },
  },
} satisfies OpApplies<typeof pickingOps>;
