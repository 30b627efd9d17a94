import { z } from 'zod';
import { derivePerm, pageActionPerm } from '../routes/derive';
import { WEIGHT_G_MAX } from './checking.contract';
import { packagingSuggestionSchema } from './consumables.contract';
import { endpoint } from './define';
import { printJobSchema } from './print.contract';
import { docCode, trackingNo } from './sales-order.contract';

/**
 * Packing at a packing station (spec §2 /salesoutbound/packing, task/packing and its detail): a
 * checked order scanned at the station makes (or resumes) its packing task, online; the operator
 * takes the packaging rule's box suggestion or changes it, splits the units into parcels, weighs
 * them; packing it is an offline op (shared/ops/packing.ops.ts) and the labels print at once, their
 * tracking numbers known at the station: the order's for parcel 1, the order's with -2, -3 … for
 * the others. See docs/outbound.md "Packing".
 */

export const PACKING_PAGE = '/salesoutbound/packing';
export const PACKING_TASK_PAGES = {
  list: '/salesoutbound/task/packing',
  detail: '/salesoutbound/task/packing/detail/$task_number',
} as const;
export const NEW_TRACKING_ID_PAGE = '/wmsconfig/printtool/newtrackingid';

export const PACKING_ACCESS = {
  pack: { perm: pageActionPerm(PACKING_PAGE, 'Action') },
  view: { perm: derivePerm(PACKING_TASK_PAGES.list) },
  newTrackingId: { perm: pageActionPerm(NEW_TRACKING_ID_PAGE, 'Action') },
} as const;

/** Most parcels one order is packed in. */
export const PARCELS_MAX = 50;
/** Most fillers one parcel takes. */
export const PARCEL_FILLERS_MAX = 10;

const taskNo = docCode(32);
const consumableId = docCode(64);
const weightG = z.number().int().min(1).max(WEIGHT_G_MAX);

/** The tracking number of parcel `parcelNo` of an order whose tracking number is `orderTrackingNo`. */
export const parcelTrackingNo = (orderTrackingNo: string, parcelNo: number): string => (parcelNo === 1 ? orderTrackingNo : `${orderTrackingNo}-${parcelNo}`);

export const packingLineSchema = z.object({
  sku_id: z.string(),
  sku_name: z.string(),
  /** Every code a scan may name it by. */
  codes: z.array(z.string()),
  /** Its checked units, on the order. */
  qty: z.number().int(),
  unit_weight_g: z.number().int().nullable(),
});
export type PackingLine = z.infer<typeof packingLineSchema>;

export const packingBoxSchema = z.object({
  consumable_id: z.string(),
  consumable_name: z.string(),
  /** CONSUMABLE_TYPE: packing box, pouch or filler. */
  consumable_type: z.number().int(),
  tare_weight_g: z.number().int(),
});
export type PackingBox = z.infer<typeof packingBoxSchema>;

export const parcelSchema = z.object({
  tracking_no: z.string(),
  parcel_no: z.number().int(),
  /** PARCEL_STATUS. */
  status: z.number().int(),
  box_id: z.string().nullable(),
  filler_ids: z.array(z.string()),
  weight_g: z.number().int().nullable(),
  qty: z.number().int(),
  items: z.array(z.object({ sku_id: z.string(), qty: z.number().int() })),
  replaced_by: z.string().nullable(),
  shipping_no: z.string().nullable(),
  created_at: z.number().int(),
  shipped_at: z.number().int().nullable(),
});
export type Parcel = z.infer<typeof parcelSchema>;

export const packingTaskSchema = z.object({
  task_no: z.string(),
  order_no: z.string(),
  station_id: z.string(),
  /** TASK_STATUS: ongoing 1, done 2, cancel 9. */
  status: z.number().int(),
  total_qty: z.number().int(),
  parcel_count: z.number().int(),
  weight_g: z.number().int().nullable(),
  assignee_id: z.number().int().nullable(),
  created_at: z.number().int(),
  finished_at: z.number().int().nullable(),
});

/** Everything the station needs to pack the order offline and print its labels. */
export const packingWorkSchema = z.object({
  task: packingTaskSchema,
  order: z.object({
    order_no: z.string(),
    external_no: z.string(),
    /** SALES_ORDER_STATUS. */
    status: z.number().int(),
    shop_id: z.string().nullable(),
    carrier: z.string().nullable(),
    /** Parcel 1's tracking number; the others add -2, -3 … */
    tracking_no: z.string(),
    receiver: z.object({ name: z.string(), phone: z.string().nullable(), address: z.string() }),
  }),
  /** The warehouse, as labels print it. */
  sender: z.object({ name: z.string(), address: z.string() }),
  time_zone: z.string(),
  lines: z.array(packingLineSchema),
  /** What the station's record settings ask of each parcel. */
  needs: z.object({ weight: z.boolean(), box: z.boolean(), filler: z.boolean() }),
  suggestion: packagingSuggestionSchema,
  /** The boxes, pouches and fillers in use in the warehouse. */
  boxes: z.array(packingBoxSchema),
  /** The outer packaging taken at checking (the order is in it already): parcel 1's box unless changed. */
  checked_box_id: z.string().nullable(),
  checked_filler_id: z.string().nullable(),
  /** Its parcels, once packed. */
  parcels: z.array(parcelSchema),
});
export type PackingWork = z.infer<typeof packingWorkSchema>;

/** One parcel as the station closes it. */
export const packParcelInput = z.object({
  box_id: consumableId.nullable().default(null),
  filler_ids: z.array(consumableId).max(PARCEL_FILLERS_MAX).default([]),
  weight_g: weightG.nullable().default(null),
  items: z.array(z.object({ sku_id: docCode(100), qty: z.number().int().min(1).max(99_999) })).min(1).max(500),
});
export type PackParcelInput = z.infer<typeof packParcelInput>;

/**
 * `outbound.packing.pack`: the order packed whole — its parcels in order (parcel 1 first), which
 * must hold exactly its checked units, each with its box, fillers and weight as the station asks;
 * `labelled_at` is when the station printed the labels (the logged jobs print that time).
 */
export const packPayload = z.object({
  task_no: taskNo,
  parcels: z.array(packParcelInput).min(1).max(PARCELS_MAX),
  labelled_at: z.number().int().min(0).max(4_102_444_800),
});
export type PackPayload = z.infer<typeof packPayload>;

export const packResultSchema = z.object({
  task_no: z.string(),
  order_no: z.string(),
  order_status: z.number().int(),
  tracking_nos: z.array(z.string()),
  message: z.string(),
});
export type PackResult = z.infer<typeof packResultSchema>;

const CALLS = '/apps/process/outbound/packing';

export const packingContract = {
  startPacking: endpoint({
    method: 'POST', path: `${CALLS}/start_packing`, access: PACKING_ACCESS.pack, offlineRead: true,
    summary: 'Starts packing an order at a packing station, scanned by its order number, external number or tracking number: its open packing task when it has one (the caller\'s), else a new one (the order Packing; a tracking number issued when the order system sent none). -289901 when the station is not a packing station of the warehouse in use, -289902 with `data.reason` when the order cannot be packed now, -287205 when another operator packs it.',
    input: z.object({ station_id: docCode(32), order: docCode(64) }),
    output: packingWorkSchema,
  }),
  getPackingTaskDetail: endpoint({
    method: 'GET', path: `${CALLS}/get_packing_task_detail`, access: PACKING_ACCESS.view,
    summary: 'One packing task with its order, lines and parcels (tracking numbers, boxes, weights, items). -100404 when there is none.',
    input: z.object({ task_no: taskNo }),
    output: packingWorkSchema,
  }),
  getOrderParcels: endpoint({
    method: 'GET', path: `${CALLS}/get_order_parcels`, access: { perm: derivePerm('/salesoutbound/order') },
    summary: 'The parcels of a sales order of the warehouse, replaced ones included (naming their new tracking number). -100404 for an order the warehouse does not have.',
    input: z.object({ order_no: docCode(32) }),
    output: z.object({ order_no: z.string(), parcels: z.array(parcelSchema) }),
  }),
  createNewTrackingId: endpoint({
    method: 'POST', path: '/apps/config/print/create_new_tracking_id', access: PACKING_ACCESS.newTrackingId,
    summary: 'A new tracking number for a packed parcel whose label cannot be used (damaged, lost, unreadable): the parcel is packed again under the new number (the old one Replaced, naming it), and the new shipping label answered as a job (logged). -289907 when the parcel is not a packed one of the warehouse.',
    input: z.object({ tracking_no: trackingNo, station_id: docCode(32).nullable().default(null) }),
    output: z.object({ old_tracking_no: z.string(), parcel: parcelSchema, job_id: z.number().int(), job: printJobSchema }),
  }),
} as const;
