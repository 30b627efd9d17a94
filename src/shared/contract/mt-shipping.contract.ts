import { z } from 'zod';
import { MT_SHIP_BY, type CodeOf } from '../codes';
import { actionPerm, derivePerm, pageActionPerm } from '../routes/derive';
import { checkingWorkSchema } from './checking.contract';
import { endpoint } from './define';
import { docCode } from './sales-order.contract';

/**
 * MT checking, packing and shipping (spec §2 /mtoutbound checking, packing, shipping; docs/outbound.md
 * "MT checking, packing and shipping"). Checking is the sales checking engine over MT containers
 * (its ops are the sales check ops). A checked MT order is packed into boxes and the boxes onto
 * pallets; pallets (or loose boxes) are loaded onto a shipment to the order's destination, whose
 * close dispatches them in transit. Box, pallet and shipment ids are made by the device (or read from
 * a pre-printed label), so every step is an offline op (shared/ops/mt-shipping.ops.ts).
 */

export const MT_CHECKING_PAGES = {
  screen: '/mtoutbound/checking/{-$picking_id}',
  list: '/mtoutbound/task/checking',
  detail: '/mtoutbound/checkingTaskDetail',
} as const;
export const MT_PACKING_PAGES = {
  screen: '/mtoutbound/packing/edit/{-$packingId}/{-$palletId}',
  list: '/mtoutbound/task/packing',
  detail: '/mtoutbound/packing/detail/$packingId',
} as const;
export const MT_SHIPPING_PAGES = {
  byPallet: '/mtoutbound/shipping/{-$shippingId}',
  byBox: '/mtoutbound/shippingbybox/{-$shippingId}',
  list: '/mtoutbound/task/shipping',
  detail: '/mtoutbound/shipping/detail/$shippingId',
} as const;

/** MT Packing is opened by a View of its own (its path's "edit" would name it Edit); its Action packs. */
export const MT_PACKING_VIEW = 'PC.Mtoutbound.Packing.View';

export const MT_SHIPPING_ACCESS = {
  /** Start an MT container's check, and check its orders (the shared check ops ask it of an MT task: area-access.ts). */
  check: { perm: pageActionPerm(MT_CHECKING_PAGES.screen, 'Action') },
  checkingTasks: { perm: derivePerm(MT_CHECKING_PAGES.list) },
  pack: { perm: actionPerm(MT_PACKING_VIEW, 'Action') },
  packingTasks: { perm: derivePerm(MT_PACKING_PAGES.list) },
  /** Open, load, unload and close a shipment, by pallet or by box (the same ops). */
  ship: { perm: pageActionPerm(MT_SHIPPING_PAGES.byPallet, 'Action') },
  shipments: { perm: derivePerm(MT_SHIPPING_PAGES.list) },
} as const;

/** A box, pallet or shipment id: an MTB id the destination scans (letters, digits and dashes, as inbound tracking ids). */
export const MT_ID_FORMAT = /^[A-Za-z0-9][A-Za-z0-9-]{3,63}$/;
const mtId = z.string().trim().regex(MT_ID_FORMAT, 'must be 4 to 64 letters, digits or dashes');
const orderNo = docCode(32);
const packingId = docCode(32);
const qty = z.number().int().min(1).max(99_999);
const shipBys = MT_SHIP_BY.options.map((o) => o.value) as [CodeOf<typeof MT_SHIP_BY>, ...CodeOf<typeof MT_SHIP_BY>[]];

// ---- packing ----

export const mtPackingLineSchema = z.object({
  sku_id: z.string(),
  sku_name: z.string(),
  /** Every code that names the SKU (id, barcode…): the device resolves a scan with them. */
  codes: z.array(z.string()),
  /** Checked units of the order (on the order's location). */
  qty: z.number().int(),
  /** Of them, in boxes (open or closed). */
  packed_qty: z.number().int(),
});

export const mtBoxSchema = z.object({
  box_id: z.string(),
  /** MT_PACK_STATUS. */
  status: z.number().int(),
  qty: z.number().int(),
  pallet_id: z.string().nullable(),
  shipping_id: z.string().nullable(),
  items: z.array(z.object({ sku_id: z.string(), qty: z.number().int() })),
});
export type MtBox = z.infer<typeof mtBoxSchema>;

export const mtPalletSchema = z.object({
  pallet_id: z.string(),
  status: z.number().int(),
  box_count: z.number().int(),
  qty: z.number().int(),
  shipping_id: z.string().nullable(),
});
export type MtPallet = z.infer<typeof mtPalletSchema>;

export const mtPackingWorkSchema = z.object({
  task: z.object({
    packing_id: z.string(),
    order_no: z.string(),
    dest_whs_id: z.string(),
    /** TASK_STATUS: ongoing 1, done 2 (every unit in a closed box). */
    status: z.number().int(),
    total_qty: z.number().int(),
    packed_qty: z.number().int(),
    /** SALES_ORDER_STATUS of the order. */
    order_status: z.number().int(),
    created_at: z.number().int(),
    finished_at: z.number().int().nullable(),
  }),
  lines: z.array(mtPackingLineSchema),
  boxes: z.array(mtBoxSchema),
  pallets: z.array(mtPalletSchema),
});
export type MtPackingWork = z.infer<typeof mtPackingWorkSchema>;

/** `outbound.mt_packing.open_box`: a box opened on the task under its MTB id (issued by the device, or a pre-printed label). */
export const mtOpenBoxPayload = z.object({ packing_id: packingId, box_id: mtId });
/** `outbound.mt_packing.pack`: units of one SKU into an open box. */
export const mtPackPayload = z.object({ box_id: mtId, sku_id: docCode(100), qty });
/** `outbound.mt_packing.close_box`. */
export const mtCloseBoxPayload = z.object({ box_id: mtId });
/** `outbound.mt_packing.palletize`: a closed box onto a pallet (opened under its id by its first box). */
export const mtPalletizePayload = z.object({ pallet_id: mtId, box_id: mtId });
/** `outbound.mt_packing.close_pallet`. */
export const mtClosePalletPayload = z.object({ pallet_id: mtId });
export type MtOpenBoxPayload = z.infer<typeof mtOpenBoxPayload>;
export type MtPackPayload = z.infer<typeof mtPackPayload>;
export type MtCloseBoxPayload = z.infer<typeof mtCloseBoxPayload>;
export type MtPalletizePayload = z.infer<typeof mtPalletizePayload>;
export type MtClosePalletPayload = z.infer<typeof mtClosePalletPayload>;

/** What every packing op answers: the task's figures after it. */
export const mtPackResultSchema = z.object({
  packing_id: z.string(),
  order_no: z.string(),
  task_status: z.number().int(),
  packed_qty: z.number().int(),
  total_qty: z.number().int(),
  order_status: z.number().int(),
  message: z.string(),
});
export type MtPackResult = z.infer<typeof mtPackResultSchema>;

// ---- shipping ----

/** `outbound.mt_shipping.open`: a shipment to one destination, named by the device, loading pallets or loose boxes. */
export const mtOpenShipmentPayload = z.object({ shipping_id: mtId, dest_whs_id: docCode(32), ship_by: z.literal(shipBys) });
/** `outbound.mt_shipping.load` / `unload`: a pallet (or box) id scanned. */
export const mtLoadPayload = z.object({ shipping_id: mtId, code: mtId });
/** `outbound.mt_shipping.close`: the truck leaves: everything loaded is dispatched in transit. */
export const mtCloseShipmentPayload = z.object({ shipping_id: mtId });
export type MtOpenShipmentPayload = z.infer<typeof mtOpenShipmentPayload>;
export type MtLoadPayload = z.infer<typeof mtLoadPayload>;
export type MtCloseShipmentPayload = z.infer<typeof mtCloseShipmentPayload>;

export const mtShipmentSchema = z.object({
  shipping_id: z.string(),
  dest_whs_id: z.string(),
  /** MT_SHIP_BY. */
  ship_by: z.number().int(),
  /** HANDOVER_STATUS: loading 1, shipped 2. */
  status: z.number().int(),
  loaded_count: z.number().int(),
  qty: z.number().int(),
  opened_by: z.number().int().nullable(),
  created_at: z.number().int(),
  closed_at: z.number().int().nullable(),
});

export const mtShipmentDetailSchema = z.object({
  shipment: mtShipmentSchema,
  /** What is loaded: pallets (by pallet) or boxes (by box), with their order. */
  loaded: z.array(z.object({ code: z.string(), order_no: z.string(), qty: z.number().int(), status: z.number().int() })),
  /** After the close: each MT order's transit shipment and the destination's Transfer Inbound ASN. */
  dispatches: z.array(z.object({ order_no: z.string(), transit_shipment_no: z.string(), dest_asn_no: z.string(), qty: z.number().int() })),
});
export type MtShipmentDetail = z.infer<typeof mtShipmentDetailSchema>;

export const mtShipResultSchema = z.object({
  shipping_id: z.string(),
  status: z.number().int(),
  loaded_count: z.number().int(),
  qty: z.number().int(),
  dispatches: mtShipmentDetailSchema.shape.dispatches,
  message: z.string(),
});
export type MtShipResult = z.infer<typeof mtShipResultSchema>;

const CALLS = '/apps/process/outbound/mtshipping';

export const mtShippingContract = {
  startMtCheckingTask: endpoint({
    method: 'POST', path: `${CALLS}/start_mt_checking_task`, access: MT_SHIPPING_ACCESS.check, offlineRead: true,
    summary: 'The sales start_checking_task over MT containers: a container of sales orders is refused (-289502, reason other_type), as the sales call refuses an MT one.',
    input: z.object({ station_id: docCode(32), container_code: docCode(32) }),
    output: checkingWorkSchema,
  }),
  getMtCheckingTaskDetail: endpoint({
    method: 'GET', path: `${CALLS}/get_mt_checking_task_detail`, access: MT_SHIPPING_ACCESS.checkingTasks,
    summary: 'One MT checking task (the sales detail); a sales task is not found (-100404).',
    input: z.object({ task_no: docCode(32) }),
    output: checkingWorkSchema,
  }),
  startMtPacking: endpoint({
    method: 'POST', path: `${CALLS}/start_mt_packing`, access: MT_SHIPPING_ACCESS.pack, offlineRead: true,
    summary: 'A checked MT order scanned at packing: its packing task (made at the first scan) with the checked units, boxes and pallets. -291101 when the order is not an MT order of the warehouse, not checked, or shipped.',
    input: z.object({ order_no: orderNo }),
    output: mtPackingWorkSchema,
  }),
  getMtPackingDetail: endpoint({
    method: 'GET', path: `${CALLS}/get_mt_packing_detail`, access: MT_SHIPPING_ACCESS.packingTasks,
    summary: 'One MT packing task with its lines, boxes (and their SKUs) and pallets. -100404 when there is none.',
    input: z.object({ packing_id: packingId }),
    output: mtPackingWorkSchema,
  }),
  getMtShipmentDetail: endpoint({
    // The office's list and the shipping PDA screen (whose read it is, kept for offline use) both read it.
    method: 'GET', path: `${CALLS}/get_mt_shipment_detail`, access: { anyPerm: [MT_SHIPPING_ACCESS.shipments.perm, MT_SHIPPING_ACCESS.ship.perm] }, offlineRead: true,
    summary: 'One MT shipment: what is loaded and, once closed, each order\'s transit shipment and destination ASN. -100404 when there is none.',
    input: z.object({ shipping_id: mtId }),
    output: mtShipmentDetailSchema,
  }),
} as const;
