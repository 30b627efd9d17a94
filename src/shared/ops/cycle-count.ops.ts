import { CC_ACCESS, ccCompletePayload, ccCountPayload, ccEmptyPayload, ccRecountPayload, ccUnknownPayload } from '../contract/cycle-count.contract';
import { defineOp } from './define';

const access = CC_ACCESS.count;

/**
 * Counting a cycle count or full stock count task on the PDA, queued online or not. The device checks
 * what it can against the claimed task (the location is the task's); the server applies each count
 * exactly once and sums a line's counts over every counter of the round (docs/inventory-accuracy.md).
 */
export const cycleCountOps = {
  count: defineOp({
    kind: 'inventory.cyclecount.count', access, payload: ccCountPayload,
    invalid: /*i18n*/ 'A count needs the task, the location, the SKU scanned and a quantity of 1 to 99999.',
  }),
  empty: defineOp({
    kind: 'inventory.cyclecount.empty', access, payload: ccEmptyPayload,
    invalid: /*i18n*/ 'Confirming an empty location needs the task and the location.',
  }),
  unknown: defineOp({
    kind: 'inventory.cyclecount.unknown', access, payload: ccUnknownPayload,
    invalid: /*i18n*/ 'Reporting an unknown item needs the task, the location and a quantity of 1 to 99999.',
  }),
  recount: defineOp({
    kind: 'inventory.cyclecount.recount', access, payload: ccRecountPayload,
    invalid: /*i18n*/ 'Counting a location again needs the task and the location.',
  }),
  complete: defineOp({
    kind: 'inventory.cyclecount.complete', access, payload: ccCompletePayload,
    invalid: /*i18n*/ 'Completing needs the task number.',
  }),
};
