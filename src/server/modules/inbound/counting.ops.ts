import type { countingOps } from '../../../shared/ops/counting.ops';
import type { OpApplies, OpContext } from '../../common/op-apply';
import {
  completeGroupCounting, createTrackingId, createWrongSkuRecord, deleteTrackingId, saveCountingRecord, updateTrackingId, type CountActor,
} from './counting';

const actorOf = (ctx: OpContext): CountActor => ({ whsId: ctx.whsId, userId: ctx.userId, opId: ctx.opId });

/**
 * Counting's ops (shared/ops/counting.ops.ts), applied exactly once (the push records the op id;
 * the count carries it too, unique). Each runs the function its POST runs; a refusal (unconfirmed
 * surplus, SKU not in the group, a closed group, a carton correction after counts went into it) is
 * recorded as the op's rejection and shown to the operator. Carton corrections are ops too, so they
 * apply after the counts queued before them.
 */
export const countingApplies = {
  save: { apply: (tx, payload, ctx) => saveCountingRecord(tx, actorOf(ctx), payload) },
  wrongSku: { apply: (tx, payload, ctx) => createWrongSkuRecord(tx, actorOf(ctx), payload) },
  carton: { apply: (tx, payload, ctx) => createTrackingId(tx, actorOf(ctx), payload) },
  cartonChange: { apply: (tx, payload, ctx) => updateTrackingId(tx, actorOf(ctx), payload) },
  cartonDelete: { apply: (tx, payload, ctx) => deleteTrackingId(tx, actorOf(ctx), payload) },
  complete: { apply: (tx, payload, ctx) => completeGroupCounting(tx, actorOf(ctx), payload.group_no) },
} satisfies OpApplies<typeof countingOps>;
