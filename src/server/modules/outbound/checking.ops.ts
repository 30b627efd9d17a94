import type { checkingOps } from '../../../shared/ops/checking.ops';
import type { OpApplies } from '../../common/op-apply';
import { assertMayCheck } from './area-access';
import { applyCheck, applyRefuse } from './checking';
import { weightBands, weightVerdict } from './weight-validation';

/** Checking's ops (shared/ops/checking.ops.ts), applied exactly once; each first asks the task's area permission (area-access.ts). */
export const checkingApplies = {
  check: {
    apply: async (tx, p, ctx) => {
      await assertMayCheck(tx, ctx.whsId, ctx.perms, p.task_no);
      return applyCheck(tx, ctx.whsId, { userId: ctx.userId, opId: ctx.opId }, p,
        async (expectedG, actualG) => weightVerdict(await weightBands(tx, ctx.whsId), expectedG, actualG));
    },
  },
  refuse: {
    apply: async (tx, p, ctx) => {
      await assertMayCheck(tx, ctx.whsId, ctx.perms, p.task_no);
      return applyRefuse(tx, ctx.whsId, { userId: ctx.userId, opId: ctx.opId }, p);
    },
  },
} satisfies OpApplies<typeof checkingOps>;
