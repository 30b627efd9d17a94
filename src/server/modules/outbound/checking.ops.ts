import type { checkingOps } from '../../../shared/ops/checking.ops';
import type { OpApplies } from '../../common/op-apply';
import { applyCheck, applyRefuse } from './checking';
import { weightBands, weightVerdict } from './weight-validation';

/** Checking's ops (shared/ops/checking.ops.ts), applied exactly once. */
export const checkingApplies = {
  check: {
    apply: (tx, p, ctx) => applyCheck(tx, ctx.whsId, { userId: ctx.userId, opId: ctx.opId }, p,
      async (expectedG, actualG) => weightVerdict(await weightBands(tx, ctx.whsId), expectedG, actualG)),
  },
  refuse: { apply: (tx, p, ctx) => applyRefuse(tx, ctx.whsId, { userId: ctx.userId, opId: ctx.opId }, p) },
} satisfies OpApplies<typeof checkingOps>;
