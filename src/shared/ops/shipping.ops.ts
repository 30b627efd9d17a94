import { closeHandoverPayload, loadParcelPayload, openHandoverPayload, SHIPPING_ACCESS } from '../contract/shipping.contract';
import { defineOp } from './define';

/**
 * Shipping handover at the dock, the worst Wi-Fi in the building: what the shipping and group
 * shipping screens queue, online or not. The device names the handover it opens, checks each parcel
 * against the shipping board first (shipping-flow.ts) and refuses a wrong one at once; the server
 * applies each op exactly once and refuses again what the device could not know.
 */
export const shippingOps = {
  open: defineOp({
    kind: 'outbound.shipping.open', access: SHIPPING_ACCESS.ship, payload: openHandoverPayload,
    invalid: /*i18n*/ 'A handover needs its number, the carrier and, for a pallet or bag, its code.',
  }),
  load: defineOp({
    kind: 'outbound.shipping.load', access: SHIPPING_ACCESS.ship, payload: loadParcelPayload,
    invalid: /*i18n*/ 'Scan a parcel\'s tracking number (up to 64 characters).',
  }),
  close: defineOp({
    kind: 'outbound.shipping.close', access: SHIPPING_ACCESS.ship, payload: closeHandoverPayload,
    invalid: /*i18n*/ 'Closing needs the handover number.',
  }),
};
