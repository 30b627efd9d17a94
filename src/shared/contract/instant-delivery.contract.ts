import { z } from 'zod';
import { CUTOFF_FORMAT, PIGEONHOLE_RANGE_MAX } from '../instant-delivery';
import { derivePerm, pageActionPerm } from '../routes/derive';
import { endpoint } from './define';
import { docCode } from './sales-order.contract';
import { handoverDetailSchema } from './shipping.contract';

/**
 * Instant delivery (spec §2 /salesoutbound/instantDelivery, /salesoutbound/task/deliverTask;
 * docs/outbound.md "Instant delivery"): same-day orders of rider carriers (GrabExpress, GoSend…) are
 * packed as any order, wait in pigeonholes by delivery zone near the dock, and leave with the rider
 * of their booking on a shipping handover of kind Instant Rider. Placing a parcel is an offline op
 * (shared/ops/instant-delivery.ops.ts); the rider's handover is shipping's ops.
 */

export const INSTANT_PAGES = {
  pigeonhole: '/salesoutbound/instantDelivery/pigeonhole',
  zoneCode: '/salesoutbound/instantDelivery/zoneCode',
  configuration: '/salesoutbound/instantDelivery/configuration',
  deliverTask: '/salesoutbound/task/deliverTask',
  deliverTaskDetail: '/salesoutbound/task/deliverTask/detail/$assignment_id',
} as const;

export const INSTANT_ACCESS = {
  /** Place parcels in pigeonholes (and read the pigeonhole board). */
  place: { perm: pageActionPerm(INSTANT_PAGES.pigeonhole, 'Action') },
  /** See the pigeonholes. */
  view: { perm: derivePerm(INSTANT_PAGES.pigeonhole) },
  /** Create a range of pigeonholes: whoever creates zone codes (a supervisor's right; operators place parcels only). */
  createPigeonholes: { perm: derivePerm(`${INSTANT_PAGES.zoneCode}/create`) },
  viewConfig: { perm: derivePerm(INSTANT_PAGES.configuration) },
  configure: { perm: pageActionPerm(INSTANT_PAGES.configuration, 'Edit') },
  deliveries: { perm: derivePerm(INSTANT_PAGES.deliverTask) },
} as const;

const carrierName = z.string().trim().min(1).max(100);

/** The warehouse's instant delivery configuration (one record; defaults until saved). */
export const instantConfigSchema = z.object({
  enabled: z.boolean(),
  /** The carriers whose orders are instant, compared without case (as shipping compares carriers). */
  carrier_names: z.array(z.string()),
  /** HH:mm on the warehouse's clock: an order created later goes the next day (shown, not refused); null: no cut-off. */
  cutoff_time: z.string().nullable(),
  /** Minutes a parcel may wait in a pigeonhole before it is flagged. */
  alert_minutes: z.number().int(),
  updated_at: z.number().int().nullable(),
});
export type InstantConfig = z.infer<typeof instantConfigSchema>;

export const saveInstantConfigInput = z.object({
  enabled: z.boolean(),
  carrier_names: z.array(carrierName).max(20),
  cutoff_time: z.string().trim().nullable().default(null).transform((s) => (s ? s : null)),
  alert_minutes: z.number().int(),
});

/** `outbound.instant.place`: a packed instant parcel put into the pigeonhole scanned. */
export const placeParcelPayload = z.object({ tracking_no: docCode(64), pigeonhole_code: docCode(32) });
export type PlaceParcelPayload = z.infer<typeof placeParcelPayload>;

export const placeResultSchema = z.object({
  tracking_no: z.string(),
  order_no: z.string(),
  pigeonhole_code: z.string(),
  zone_code: z.string(),
  message: z.string(),
});

export const zoneRuleSchema = z.object({
  zone_code: z.string(),
  zone_name: z.string(),
  postcode_prefixes: z.array(z.string()),
  keywords: z.array(z.string()),
  status: z.number().int(),
});

/** A parcel in a pigeonhole. */
export const placedParcelSchema = z.object({
  tracking_no: z.string(),
  order_no: z.string(),
  carrier_name: z.string().nullable(),
  placed_at: z.number().int(),
});

export const pigeonholeSchema = z.object({
  pigeonhole_code: z.string(),
  zone_code: z.string(),
  capacity: z.number().int(),
  /** ACTIVE_STATUS. */
  status: z.number().int(),
  parcels: z.array(placedParcelSchema),
});
export type Pigeonhole = z.infer<typeof pigeonholeSchema>;

/** A packed parcel of an instant carrier not in a pigeonhole yet (or loaded on a rider's handover). */
export const instantParcelSchema = z.object({
  tracking_no: z.string(),
  order_no: z.string(),
  carrier_name: z.string().nullable(),
  receiver_address: z.string().nullable(),
  /** PARCEL_STATUS. */
  status: z.number().int(),
  /** SALES_ORDER_STATUS of its order. */
  order_status: z.number().int(),
  order_created_at: z.number().int(),
  shipping_no: z.string().nullable(),
});
export type InstantParcel = z.infer<typeof instantParcelSchema>;

/** Most waiting parcels the board carries (newest first). */
export const INSTANT_BOARD_PARCELS_MAX = 2000;

export const pigeonholeBoardSchema = z.object({
  config: instantConfigSchema,
  zones: z.array(zoneRuleSchema),
  pigeonholes: z.array(pigeonholeSchema),
  /** Instant parcels packed and not in a pigeonhole, nor shipped (at most INSTANT_BOARD_PARCELS_MAX, newest first). */
  waiting: z.array(instantParcelSchema),
  time_zone: z.string(),
  now: z.number().int(),
});
export type PigeonholeBoard = z.infer<typeof pigeonholeBoardSchema>;

export const createPigeonholesInput = z.object({
  prefix: z.string().trim().max(16).regex(/^[A-Z0-9-]*$/, 'upper-case letters, digits or dashes').default('PH-'),
  from: z.number().int().min(0).max(9999),
  to: z.number().int().min(0).max(9999),
  zone_code: docCode(32),
  capacity: z.number().int().min(1).max(999),
}).refine((v) => v.to >= v.from && v.to - v.from < PIGEONHOLE_RANGE_MAX, { message: `from ≤ to, at most ${PIGEONHOLE_RANGE_MAX} pigeonholes`, path: ['to'] });

const CALLS = '/apps/process/outbound/instant';

export const instantDeliveryContract = {
  getInstantConfig: endpoint({
    method: 'GET', path: `${CALLS}/get_instant_config`, access: INSTANT_ACCESS.viewConfig,
    summary: 'The warehouse\'s instant delivery configuration (defaults until saved: off, no carrier, no cut-off, alert after 30 minutes).',
    input: z.object({}),
    output: instantConfigSchema,
  }),
  saveInstantConfig: endpoint({
    method: 'POST', path: `${CALLS}/save_instant_config`, access: INSTANT_ACCESS.configure,
    summary: `Saves the configuration. -290301 (data.field): enabled without a carrier, a cut-off not HH:mm (${CUTOFF_FORMAT.source}), an alert outside 1–1440 minutes.`,
    input: saveInstantConfigInput,
    output: instantConfigSchema,
  }),
  getPigeonholeBoard: endpoint({
    // Spec §7's "instant order list": its identical reads in flight are all sent (a PC and a PDA layout of the page may both read it).
    method: 'GET', path: `${CALLS}/get_pigeonhole_board`, access: INSTANT_ACCESS.view, offlineRead: true, allowDuplicateInFlight: true,
    summary: 'What the pigeonhole screen needs, offline too: the configuration, the zone codes, every pigeonhole with its parcels, the instant parcels waiting to be placed (the instant order list).',
    input: z.object({}),
    output: pigeonholeBoardSchema,
  }),
  createPigeonholes: endpoint({
    method: 'POST', path: `${CALLS}/create_pigeonholes`, access: INSTANT_ACCESS.createPigeonholes,
    summary: 'Creates the pigeonholes prefix+from … prefix+to (at least two digits) for an active zone code. -290307: a zone not active, codes taken (none is created then).',
    input: createPigeonholesInput,
    output: z.object({ codes: z.array(z.string()) }),
  }),
  getDeliveryTaskDetail: endpoint({
    method: 'GET', path: `${CALLS}/get_delivery_task_detail`, access: INSTANT_ACCESS.deliveries,
    summary: 'One rider\'s pickup (a handover of kind Instant Rider) with its parcels and orders. -100404 when the warehouse has no such delivery task.',
    input: z.object({ assignment_id: docCode(32) }),
    output: handoverDetailSchema,
  }),
} as const;
