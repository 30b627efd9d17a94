import type { instantDeliveryOps } from '../../../shared/ops/instant-delivery.ops';
import type { OpApplies } from '../../common/op-apply';
import { applyPlace } from './instant-delivery';

/** Instant delivery's op (shared/ops/instant-delivery.ops.ts), applied exactly once. */
export const instantDeliveryApplies = {
  place: { apply: (tx, p, ctx) => applyPlace(tx, ctx.whsId, { userId: ctx.userId, opId: ctx.opId }, p) },
} satisfies OpApplies<typeof instantDeliveryOps>;
