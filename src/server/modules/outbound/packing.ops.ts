import type { packingOps } from '../../../shared/ops/packing.ops';
import type { OpApplies } from '../../common/op-apply';
import { applyPack } from './packing';
import { weightBands, weightVerdict } from './weight-validation';

/** Packing's ops (shared/ops/packing.ops.ts), applied exactly once. */
export const packingApplies = {
  pack: {
    apply: (tx, p, ctx) => applyPack(tx, ctx.whsId, { userId: ctx.userId, opId: ctx.opId }, p,
      async (expectedG, actualG) => weightVerdict(await weightBands(tx, ctx.whsId), expectedG, actualG)),
  },
} satisfies OpApplies<typeof packingOps>;
