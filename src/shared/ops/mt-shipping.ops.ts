import {
  MT_SHIPPING_ACCESS, mtCloseBoxPayload, mtClosePalletPayload, mtCloseShipmentPayload, mtLoadPayload, mtOpenBoxPayload, mtOpenShipmentPayload, mtPackPayload,
  mtPalletizePayload,
} from '../contract/mt-shipping.contract';
import { defineOp } from './define';

/**
 * MT packing onto boxes and pallets: what the MT packing screen queues, online or not. The device
 * issues the box and pallet ids (or reads them from pre-printed labels), so a pack works offline
 * end to end; the server applies each op once and refuses what the device could not know.
 */
export const mtPackingOps = {
  openBox: defineOp({
    kind: 'outbound.mt_packing.open_box', access: MT_SHIPPING_ACCESS.pack, payload: mtOpenBoxPayload,
    invalid: /*i18n*/ 'A box needs its packing task and an id of 4 to 64 letters, digits or dashes.',
  }),
  pack: defineOp({
    kind: 'outbound.mt_packing.pack', access: MT_SHIPPING_ACCESS.pack, payload: mtPackPayload,
    invalid: /*i18n*/ 'Packing needs the box, the SKU and 1 to 99,999 units.',
  }),
  closeBox: defineOp({
    kind: 'outbound.mt_packing.close_box', access: MT_SHIPPING_ACCESS.pack, payload: mtCloseBoxPayload,
    invalid: /*i18n*/ 'Scan the box to close.',
  }),
  palletize: defineOp({
    kind: 'outbound.mt_packing.palletize', access: MT_SHIPPING_ACCESS.pack, payload: mtPalletizePayload,
    invalid: /*i18n*/ 'Putting a box on a pallet needs the pallet id and the box id.',
  }),
  closePallet: defineOp({
    kind: 'outbound.mt_packing.close_pallet', access: MT_SHIPPING_ACCESS.pack, payload: mtClosePalletPayload,
    invalid: /*i18n*/ 'Scan the pallet to close.',
  }),
};

/** MT shipping by pallet or by box: open a shipment, load and unload, close (the dispatch). Offline like the sales handover. */
export const mtShippingOps = {
  open: defineOp({
    kind: 'outbound.mt_shipping.open', access: MT_SHIPPING_ACCESS.ship, payload: mtOpenShipmentPayload,
    invalid: /*i18n*/ 'A shipment needs its id, the destination warehouse and whether it loads pallets or boxes.',
  }),
  load: defineOp({
    kind: 'outbound.mt_shipping.load', access: MT_SHIPPING_ACCESS.ship, payload: mtLoadPayload,
    invalid: /*i18n*/ 'Scan a pallet or box id (4 to 64 letters, digits or dashes).',
  }),
  unload: defineOp({
    kind: 'outbound.mt_shipping.unload', access: MT_SHIPPING_ACCESS.ship, payload: mtLoadPayload,
    invalid: /*i18n*/ 'Scan a pallet or box id (4 to 64 letters, digits or dashes).',
  }),
  close: defineOp({
    kind: 'outbound.mt_shipping.close', access: MT_SHIPPING_ACCESS.ship, payload: mtCloseShipmentPayload,
    invalid: /*i18n*/ 'Closing needs the shipment id.',
  }),
};
