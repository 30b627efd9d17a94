import { PACKING_ACCESS, packPayload } from '../contract/packing.contract';
import { defineOp } from './define';

/**
 * Packing at a station: what the packing screen queues, online or not. The labels print at the
 * station when the op is queued (their tracking numbers are known there); the server applies it
 * once and logs the same labels.
 */
export const packingOps = {
  pack: defineOp({
    kind: 'outbound.packing.pack', access: PACKING_ACCESS.pack, payload: packPayload,
    invalid: /*i18n*/ 'A pack needs the task and 1 to 50 parcels, each with its units, and a weight of 1 g to 1,000 kg when one is given.',
  }),
};
