import type { mergingOps } from '../../../shared/ops/merging.ops';
import type { OpApplies } from '../../common/op-apply';
import { applyArrival } from './merging';

/** Merging's op (shared/ops/merging.ops.ts), applied exactly once. */
export const mergingApplies = {
  arrive: { apply: (tx, p, ctx) => applyArrival(tx, ctx.whsId, { userId: ctx.userId, opId: ctx.opId }, p) },
} satisfies OpApplies<typeof mergingOps>;
