import { COUNT_PERM, countingPayloads } from '../../../shared/contract/counting.contract';
import { defineOpKind, type OpContext, type OpKind } from '../sync/op-kind';
import {
  completeGroupCounting, createTrackingId, createWrongSkuRecord, deleteTrackingId, saveCountingRecord, updateTrackingId, type CountActor,
} from './counting';

/** An op is applied only for a user who may count. */
const perm = COUNT_PERM;
const actorOf = (ctx: OpContext): CountActor => ({ whsId: ctx.whsId, userId: ctx.userId, opId: ctx.opId });

/**
 * Counting (spec §7 inbound counting calls): the ops the counting scan screen queues, online or
 * not, applied exactly once (the push records the op id; the count carries it too, unique). Each
 * runs the function its POST runs; a refusal (unconfirmed surplus, SKU not in the group, a closed
 * group, a carton correction after counts went into it) is recorded as the op's rejection and shown
 * to the operator. Carton corrections are ops too, so they apply after the counts queued before them.
 */
export const countingOpKinds: readonly OpKind[] = [
  defineOpKind({
    kind: 'inbound.counting.save_counting_record',
    perm,
    payload: countingPayloads.saveCountingRecord,
    apply: (tx, payload, ctx) => saveCountingRecord(tx, actorOf(ctx), payload),
  }),
  defineOpKind({
    kind: 'inbound.counting.create_wrong_sku_record',
    perm,
    payload: countingPayloads.createWrongSkuRecord,
    apply: (tx, payload, ctx) => createWrongSkuRecord(tx, actorOf(ctx), payload),
  }),
  defineOpKind({
    kind: 'inbound.counting.create_tracking_id',
    perm,
    payload: countingPayloads.createTrackingId,
    apply: (tx, payload, ctx) => createTrackingId(tx, actorOf(ctx), payload),
  }),
  defineOpKind({
    kind: 'inbound.counting.update_tracking_id',
    perm,
    payload: countingPayloads.updateTrackingId,
    apply: (tx, payload, ctx) => updateTrackingId(tx, actorOf(ctx), payload),
  }),
  defineOpKind({
    kind: 'inbound.counting.delete_tracking_id',
    perm,
    payload: countingPayloads.deleteTrackingId,
    apply: (tx, payload, ctx) => deleteTrackingId(tx, actorOf(ctx), payload),
  }),
  defineOpKind({
    kind: 'inbound.counting.create_group_complete_record',
    perm,
    payload: countingPayloads.createGroupCompleteRecord,
    apply: (tx, payload, ctx) => completeGroupCounting(tx, actorOf(ctx), payload.group_no),
  }),
];
