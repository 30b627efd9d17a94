import type { arrivalOps } from '../../../shared/ops/arrival.ops';
import type { OpApplies, OpContext } from '../../common/op-apply';
import { checkArrivalBox, completeArrival, preQcArrivalBox, startArrival, type ArrivalActor } from './arrival';

/** Boxes arrive, and the arrival completes, when the operator scanned them, not when the device got the network back. */
const actorOf = (ctx: OpContext): ArrivalActor => ({ whsId: ctx.whsId, userId: ctx.userId, at: ctx.createdAt });

/**
 * Arrival's ops (shared/ops/arrival.ops.ts), applied exactly once: each runs what its §7 call runs,
 * inside the push's transaction. A refusal (a box not on the sheet, checked twice, an ASN not
 * arriving) is recorded as the op's rejection and shown to the operator.
 */
export const arrivalApplies = {
  start: { apply: (tx, payload, ctx) => startArrival(tx, ctx.whsId, payload.sheet_id) },
  check: { apply: (tx, payload, ctx) => checkArrivalBox(tx, actorOf(ctx), payload) },
  preQc: { apply: (tx, payload, ctx) => preQcArrivalBox(tx, actorOf(ctx), payload) },
  complete: { apply: (tx, payload, ctx) => completeArrival(tx, actorOf(ctx), payload.sheet_id) },
} satisfies OpApplies<typeof arrivalOps>;
