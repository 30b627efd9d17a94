import { INSTANT_ACCESS, placeParcelPayload } from '../contract/instant-delivery.contract';
import { defineOp } from './define';

/**
 * Instant delivery's op: a packed instant parcel put into its pigeonhole, queued by the pigeonhole
 * screen online or not (the device checks it against its pigeonhole board first,
 * instant-delivery-flow.ts); the server applies it exactly once and refuses again what the device
 * could not know. The rider's pickup is shipping's ops (a handover of kind Instant Rider).
 */
export const instantDeliveryOps = {
  place: defineOp({
    kind: 'outbound.instant.place', access: INSTANT_ACCESS.place, payload: placeParcelPayload,
    invalid: /*i18n*/ 'Scan the parcel\'s tracking number and then its pigeonhole\'s label.',
  }),
};
