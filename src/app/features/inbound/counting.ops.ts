import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { z } from 'zod';
import { countingPayloads } from '../../../shared/contract/counting.contract';
import { defineClientOpKind } from '../../kit/outbox';

/**
 * The counting op kinds of the outbox (server: counting.op-kinds.ts), their payloads checked
 * against the contract's before they are queued. What needs the group (SKU in it, surplus) the
 * screen checks first against its cached group detail (counting-view.ts).
 */

type Payload<K extends keyof typeof countingPayloads> = z.input<(typeof countingPayloads)[K]>;

const shapeCheck = (schema: z.ZodType, refusal: MessageDescriptor) => (payload: Record<string, unknown>) =>
  (schema.safeParse(payload).success ? null : refusal);

export const COUNTING_OPS = {
  save: 'inbound.counting.save_counting_record',
  wrongSku: 'inbound.counting.create_wrong_sku_record',
  carton: 'inbound.counting.create_tracking_id',
  cartonChange: 'inbound.counting.update_tracking_id',
  cartonDelete: 'inbound.counting.delete_tracking_id',
  complete: 'inbound.counting.create_group_complete_record',
} as const;

export const saveCountOp = defineClientOpKind<Payload<'saveCountingRecord'>>({
  kind: COUNTING_OPS.save,
  validate: shapeCheck(countingPayloads.saveCountingRecord, msg`A count needs the group, the SKU and a quantity of 1 to 99999.`),
});

export const wrongSkuOp = defineClientOpKind<Payload<'createWrongSkuRecord'>>({
  kind: COUNTING_OPS.wrongSku,
  validate: shapeCheck(countingPayloads.createWrongSkuRecord, msg`A wrong SKU record needs the group, the scanned code and a quantity of 1 to 99999.`),
});

export const cartonOp = defineClientOpKind<Payload<'createTrackingId'>>({
  kind: COUNTING_OPS.carton,
  validate: shapeCheck(countingPayloads.createTrackingId, msg`A carton needs the group and a tracking ID of up to 64 characters.`),
});

export const cartonChangeOp = defineClientOpKind<Payload<'updateTrackingId'>>({
  kind: COUNTING_OPS.cartonChange,
  validate: shapeCheck(countingPayloads.updateTrackingId, msg`A carton correction needs the group, the tracking ID and a piece count of 1 to 99999 or an ASN.`),
});

export const cartonDeleteOp = defineClientOpKind<Payload<'deleteTrackingId'>>({
  kind: COUNTING_OPS.cartonDelete,
  validate: shapeCheck(countingPayloads.deleteTrackingId, msg`Removing a carton needs the group and its tracking ID.`),
});

export const completeGroupOp = defineClientOpKind<Payload<'createGroupCompleteRecord'>>({
  kind: COUNTING_OPS.complete,
  validate: shapeCheck(countingPayloads.createGroupCompleteRecord, msg`Completing needs the group number.`),
});
