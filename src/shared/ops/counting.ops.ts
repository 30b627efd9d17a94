import { COUNT_PERM, countingPayloads } from '../contract/counting.contract';
import { defineOp } from './define';

const access = { perm: COUNT_PERM };

/**
 * Counting's changes (spec §7 inbound counting calls), queued by the counting scan screen online
 * or not. Payloads are the POST inputs without `op_id`. What needs the group (SKU in it, surplus)
 * the screen checks first against its cached group detail (counting-view.ts).
 */
export const countingOps = {
  save: defineOp({
    kind: 'inbound.counting.save_counting_record', access, payload: countingPayloads.saveCountingRecord,
    invalid: /*i18n*/ 'A count needs the group, the SKU and a quantity of 1 to 99999.',
  }),
  wrongSku: defineOp({
    kind: 'inbound.counting.create_wrong_sku_record', access, payload: countingPayloads.createWrongSkuRecord,
    invalid: /*i18n*/ 'A wrong SKU record needs the group, the scanned code and a quantity of 1 to 99999.',
  }),
  carton: defineOp({
    kind: 'inbound.counting.create_tracking_id', access, payload: countingPayloads.createTrackingId,
    invalid: /*i18n*/ 'A carton needs the group and a tracking ID of up to 64 characters.',
  }),
  cartonChange: defineOp({
    kind: 'inbound.counting.update_tracking_id', access, payload: countingPayloads.updateTrackingId,
    invalid: /*i18n*/ 'A carton correction needs the group, the tracking ID and a piece count of 1 to 99999 or an ASN.',
  }),
  cartonDelete: defineOp({
    kind: 'inbound.counting.delete_tracking_id', access, payload: countingPayloads.deleteTrackingId,
    invalid: /*i18n*/ 'Removing a carton needs the group and its tracking ID.',
  }),
  complete: defineOp({
    kind: 'inbound.counting.create_group_complete_record', access, payload: countingPayloads.createGroupCompleteRecord,
    invalid: /*i18n*/ 'Completing needs the group number.',
  }),
};
