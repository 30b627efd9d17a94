import { z } from 'zod';
import { HANDOVER_KIND, isGroupHandover, type CodeOf } from '../codes';
import { derivePerm, pageActionPerm } from '../routes/derive';
import { endpoint } from './define';
import { docCode } from './sales-order.contract';

/**
 * Shipping handover (spec §2 /salesoutbound/shipping, groupshipping and their details; docs/outbound.md
 * "Shipping"): at a dock, packed parcels are loaded onto a handover — one by one for a courier, or
 * grouped on a pallet or in a bag — and the handover is closed when the carrier's driver takes them.
 * Opening, loading and closing are offline ops (shared/ops/shipping.ops.ts): the device names the
 * handover itself, so the whole handover works with the network gone. The shipping board (the
 * parcels waiting to ship and the shipping rules) lets the device refuse a wrong parcel at once.
 */

export const SHIPPING_PAGES = {
  courier: '/salesoutbound/shipping',
  courierDetail: '/salesoutbound/shipping/detail/$id',
  group: '/salesoutbound/groupshipping',
  groupDetail: '/salesoutbound/groupshipping/detail/$id',
} as const;

export const SHIPPING_ACCESS = {
  /** Open, load and close handovers (courier or group: the same ops). */
  ship: { perm: pageActionPerm(SHIPPING_PAGES.courier, 'Action') },
  view: { perm: derivePerm(SHIPPING_PAGES.courier) },
} as const;

/** A handover number: made by the device that opens it (shipping-flow.ts newShippingNo), upper-case letters, digits and dashes. */
export const SHIPPING_NO_FORMAT = /^[A-Z0-9][A-Z0-9-]{5,31}$/;
const shippingNo = z.string().trim().regex(SHIPPING_NO_FORMAT, 'must be 6 to 32 upper-case letters, digits or dashes');
const trackingNo = docCode(64);
const kinds = HANDOVER_KIND.options.map((o) => o.value) as [CodeOf<typeof HANDOVER_KIND>, ...CodeOf<typeof HANDOVER_KIND>[]];
const optionalText = (max: number) => z.string().trim().max(max).nullable().default(null).transform((s) => (s ? s : null));

/** `outbound.shipping.open`: a handover named by the device, for one carrier, at a dock; a group (pallet or bag) names its code. */
export const openHandoverPayload = z.object({
  shipping_no: shippingNo,
  kind: z.literal(kinds),
  carrier_name: docCode(100),
  dock_code: docCode(32).nullable().default(null),
  vehicle_no: optionalText(32),
  driver_name: optionalText(100),
  group_code: docCode(32).nullable().default(null),
  /** An instant rider's pickup: the carrier's booking number (required for a rider) and the rider's phone. */
  booking_no: docCode(64).nullable().default(null),
  rider_phone: optionalText(40),
}).refine((p) => isGroupHandover(p.kind) === (p.group_code !== null), {
  message: 'a pallet or bag names its code; a courier or rider handover names none', path: ['group_code'],
}).refine((p) => (p.kind === HANDOVER_KIND.values.RIDER) === (p.booking_no !== null), {
  message: 'a rider\'s pickup names its booking number; other handovers name none', path: ['booking_no'],
});
export type OpenHandoverPayload = z.infer<typeof openHandoverPayload>;

/** `outbound.shipping.load`: a parcel scanned onto the handover by its tracking number. */
export const loadParcelPayload = z.object({ shipping_no: shippingNo, tracking_no: trackingNo });
export type LoadParcelPayload = z.infer<typeof loadParcelPayload>;

/** `outbound.shipping.close`: the driver takes the handover; the station the manifest prints at, when chosen. */
export const closeHandoverPayload = z.object({ shipping_no: shippingNo, station_id: docCode(32).nullable().default(null) });
export type CloseHandoverPayload = z.infer<typeof closeHandoverPayload>;

export const openResultSchema = z.object({
  shipping_no: z.string(),
  line_haul: z.boolean(),
  line_haul_name: z.string().nullable(),
  one_awb: z.boolean(),
  max_parcels: z.number().int().nullable(),
  message: z.string(),
});

export const loadResultSchema = z.object({
  shipping_no: z.string(),
  tracking_no: z.string(),
  order_no: z.string(),
  parcel_count: z.number().int(),
  message: z.string(),
});

export const closeResultSchema = z.object({
  shipping_no: z.string(),
  parcel_count: z.number().int(),
  qty: z.number().int(),
  /** Orders whose every live parcel has shipped: Outbound now. */
  outbound_order_nos: z.array(z.string()),
  /** Orders with parcels still to load: Shipping until they go. */
  shipping_order_nos: z.array(z.string()),
  master_awb: z.string().nullable(),
  manifest_job_id: z.number().int(),
  message: z.string(),
});
export type CloseResult = z.infer<typeof closeResultSchema>;

/** A parcel as the dock sees it. */
export const shippingParcelSchema = z.object({
  tracking_no: z.string(),
  order_no: z.string(),
  parcel_no: z.number().int(),
  carrier_name: z.string().nullable(),
  shop_id: z.string().nullable(),
  /** PARCEL_STATUS. */
  status: z.number().int(),
  qty: z.number().int(),
  weight_g: z.number().int().nullable(),
  shipping_no: z.string().nullable(),
  replaced_by: z.string().nullable(),
});
export type ShippingParcel = z.infer<typeof shippingParcelSchema>;

export const handoverSchema = z.object({
  shipping_no: z.string(),
  /** HANDOVER_KIND. */
  kind: z.number().int(),
  /** HANDOVER_STATUS. */
  status: z.number().int(),
  carrier_name: z.string(),
  dock_code: z.string().nullable(),
  vehicle_no: z.string().nullable(),
  driver_name: z.string().nullable(),
  group_code: z.string().nullable(),
  master_awb: z.string().nullable(),
  booking_no: z.string().nullable(),
  rider_phone: z.string().nullable(),
  line_haul: z.boolean(),
  parcel_count: z.number().int(),
  qty: z.number().int(),
  opened_by: z.number().int().nullable(),
  created_at: z.number().int(),
  closed_at: z.number().int().nullable(),
});
export type Handover = z.infer<typeof handoverSchema>;

/** The shipping rules as the dock applies them (Rule Center › Shipping Rule, active ones). */
export const shippingRulesSchema = z.object({
  group: z.array(z.object({ rule_id: z.number().int(), carrier_name: z.string(), shop_ids: z.array(z.string()), max_parcels: z.number().int() })),
  one_awb: z.array(z.object({ rule_id: z.number().int(), carrier_name: z.string() })),
  bypass_tws: z.array(z.object({ rule_id: z.number().int(), carrier_name: z.string(), shop_ids: z.array(z.string()), line_haul_name: z.string().nullable() })),
});
export type ShippingRules = z.infer<typeof shippingRulesSchema>;

/** Most parcels the board carries (newest first): a dock's day and more. */
export const BOARD_PARCELS_MAX = 5000;

export const shippingBoardSchema = z.object({
  /** Parcels not shipped yet (packed, loading, intercepted, replaced), newest first. */
  parcels: z.array(shippingParcelSchema),
  rules: shippingRulesSchema,
  /** Handovers still loading. */
  handovers: z.array(handoverSchema),
  /** The warehouse's outbound docks in use. */
  docks: z.array(z.object({ dock_code: z.string(), dock_name: z.string() })),
});
export type ShippingBoard = z.infer<typeof shippingBoardSchema>;

export const handoverDetailSchema = z.object({
  handover: handoverSchema,
  parcels: z.array(shippingParcelSchema),
  orders: z.array(z.object({ order_no: z.string(), status: z.number().int() })),
  line_haul_name: z.string().nullable(),
});
export type HandoverDetail = z.infer<typeof handoverDetailSchema>;

const CALLS = '/apps/process/outbound/shipping';

export const shippingContract = {
  getShippingBoard: endpoint({
    method: 'GET', path: `${CALLS}/get_shipping_board`, access: SHIPPING_ACCESS.ship, offlineRead: true,
    summary: `What the dock needs offline: the warehouse's parcels not shipped yet (at most ${BOARD_PARCELS_MAX}, newest first), the active shipping rules, the handovers still loading and the outbound docks.`,
    input: z.object({}),
    output: shippingBoardSchema,
  }),
  getHandoverDetail: endpoint({
    method: 'GET', path: `${CALLS}/get_handover_detail`, access: SHIPPING_ACCESS.view, offlineRead: true,
    summary: 'One handover with its parcels and their orders. -100404 when the warehouse has none of that number.',
    input: z.object({ shipping_no: docCode(32) }),
    output: handoverDetailSchema,
  }),
  getOrderShipping: endpoint({
    method: 'GET', path: `${CALLS}/get_order_shipping`, access: SHIPPING_ACCESS.view,
    summary: 'An order\'s parcels with the handover each left (or is loading) with. -100404 when the warehouse has no such order.',
    input: z.object({ order_no: docCode(32) }),
    output: z.object({ order_no: z.string(), parcels: z.array(shippingParcelSchema), handovers: z.array(handoverSchema) }),
  }),
} as const;
