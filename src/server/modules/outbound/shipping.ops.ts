import type { shippingOps } from '../../../shared/ops/shipping.ops';
import type { OpApplies } from '../../common/op-apply';
import { applyClose, applyLoad, applyOpen } from './shipping';

/** Shipping's ops (shared/ops/shipping.ops.ts), applied exactly once. */
export const shippingApplies = {
  open: { apply: (tx, p, ctx) => applyOpen(tx, ctx.whsId, { userId: ctx.userId, opId: ctx.opId }, p) },
  load: { apply: (tx, p, ctx) => applyLoad(tx, ctx.whsId, p) },
  close: { apply: (tx, p, ctx) => applyClose(tx, ctx.whsId, { userId: ctx.userId, opId: ctx.opId }, p) },
} satisfies OpApplies<typeof shippingOps>;
