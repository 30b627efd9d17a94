import { z } from 'zod';
import { CHECKING_REFUSAL_REASON, CHECKING_STATION_MODE, CONSUMABLE_TYPE, type CodeOf } from '../codes';
import { UPPER_BOUND } from '../constants';
import { derivePerm, pageActionPerm } from '../routes/derive';
import { endpoint } from './define';
import { docCode } from './sales-order.contract';

/**
 * Checking at a checking station (spec §2 /salesoutbound/checking, task/checking and its detail; §3
 * checking station modes and checking task info). Scanning a container at a station makes (or
 * resumes) its checking task, online; checking each order and recording each refused scan are
 * offline ops (shared/ops/checking.ops.ts), checked first at the station against the task
 * (app/features/outbound/checking-flow.ts). See docs/outbound.md "Checking".
 */

export const CHECKING_PAGE = '/salesoutbound/checking';
export const CHECKING_TASK_PAGES = {
  list: '/salesoutbound/task/checking',
  detail: '/salesoutbound/task/checking/detail/$task_number',
} as const;

export const CHECKING_ACCESS = {
  check: { perm: pageActionPerm(CHECKING_PAGE, 'Action') },
  view: { perm: derivePerm(CHECKING_TASK_PAGES.list) },
} as const;

const taskNo = docCode(32);
const orderNo = docCode(32);
const code = docCode(100);
/** A parcel on the scale, in grams (up to a tonne). */
export const WEIGHT_G_MAX = 1_000_000;
const weightG = z.number().int().min(1).max(WEIGHT_G_MAX);
const stationModes = CHECKING_STATION_MODE.options.map((o) => o.value) as [CodeOf<typeof CHECKING_STATION_MODE>, ...CodeOf<typeof CHECKING_STATION_MODE>[]];
const refusalReasons = CHECKING_REFUSAL_REASON.options.map((o) => o.value) as [CodeOf<typeof CHECKING_REFUSAL_REASON>, ...CodeOf<typeof CHECKING_REFUSAL_REASON>[]];

/** One SKU of an order as checking sees it: the units picked (and not put back), every code that names it. */
export const checkingLineSchema = z.object({
  sku_id: z.string(),
  sku_name: z.string(),
  codes: z.array(z.string()),
  qty: z.number().int(),
  /** Grams per unit by the SKU's master data; null when unknown. */
  unit_weight_g: z.number().int().nullable(),
});
export type CheckingLine = z.infer<typeof checkingLineSchema>;

export const checkingOrderSchema = z.object({
  order_no: z.string(),
  /** Its place at the station: the cart slot of sorting while picking, else 1, 2, … by order number. */
  slot_no: z.number().int(),
  /** TASK_STATUS of its check: pending 0, done 2, cancel 9. */
  status: z.number().int(),
  total_qty: z.number().int(),
  /** What its SKUs weigh together by their master data; null when one has no weight. */
  expected_weight_g: z.number().int().nullable(),
  weight_g: z.number().int().nullable(),
  lines: z.array(checkingLineSchema),
});
export type CheckingOrder = z.infer<typeof checkingOrderSchema>;

/** A checking task and the checking task info of spec §3. */
export const checkingTaskSchema = z.object({
  task_no: z.string(),
  container_code: z.string(),
  station_id: z.string(),
  /** CHECKING_STATION_MODE. */
  mode: z.number().int(),
  /** TASK_STATUS: ongoing 1, done 2, cancel 9. */
  status: z.number().int(),
  wave_no: z.string().nullable(),
  /** PICKING_TYPE of the picking that filled the container. */
  wave_type: z.number().int().nullable(),
  need_scan_inner_packaging: z.boolean(),
  need_scan_outer_packaging: z.boolean(),
  remove_weight_input: z.boolean(),
  checked_qty: z.number().int(),
  total_qty: z.number().int(),
  is_all_done: z.boolean(),
  assignee_id: z.number().int().nullable(),
  created_at: z.number().int(),
  finished_at: z.number().int().nullable(),
});
export type CheckingTask = z.infer<typeof checkingTaskSchema>;

export const checkingRefusalSchema = z.object({
  refusal_id: z.number().int(),
  order_no: z.string().nullable(),
  /** CHECKING_REFUSAL_REASON. */
  reason: z.number().int(),
  scanned: z.string(),
  sku_id: z.string().nullable(),
  operator_id: z.number().int().nullable(),
  created_at: z.number().int(),
});
export type CheckingRefusal = z.infer<typeof checkingRefusalSchema>;

const C = CONSUMABLE_TYPE.values;
/** What may be scanned as packaging (consumable types): inside, a pouch or filler (bubble wrap); outside, a packing box or a pouch. */
export const CHECKING_PACKAGING_TYPES: Readonly<Record<'inner' | 'outer', readonly number[]>> = { inner: [C.POUCH, C.FILLERS], outer: [C.PACKING_BOX, C.POUCH] };

/** A packaging consumable the station may scan (when the task asks for packaging): inner a pouch or filler, outer a packing box or pouch. */
export const checkingPackagingSchema = z.object({
  consumable_id: z.string(),
  consumable_name: z.string(),
  /** CONSUMABLE_TYPE. */
  consumable_type: z.number().int(),
});

export const checkingWorkSchema = z.object({
  task: checkingTaskSchema,
  orders: z.array(checkingOrderSchema),
  /** The warehouse's packaging in use, when the task asks for packaging scans; empty otherwise. */
  packaging: z.array(checkingPackagingSchema),
  refusals: z.array(checkingRefusalSchema),
});
export type CheckingWork = z.infer<typeof checkingWorkSchema>;

/**
 * `outbound.checking.check`: one order checked whole — the units scanned by SKU (they must be
 * the order's picked units, no more, no fewer), the packaging scanned when the task asks for it, the
 * weight unless the task removes the weight input.
 */
export const checkPayload = z.object({
  task_no: taskNo,
  order_no: orderNo,
  units: z.array(z.object({ sku_id: docCode(100), qty: z.number().int().min(1).max(UPPER_BOUND) })).min(1).max(500),
  inner_packaging: code.nullable().default(null),
  outer_packaging: code.nullable().default(null),
  weight_g: weightG.nullable().default(null),
});
export type CheckPayload = z.infer<typeof checkPayload>;

/** `outbound.checking.refuse`: a scan the station refused (recorded for the exception center). */
export const refusePayload = z.object({
  task_no: taskNo,
  order_no: orderNo.nullable().default(null),
  reason: z.literal(refusalReasons),
  scanned: code,
  sku_id: docCode(100).nullable().default(null),
});
export type RefusePayload = z.infer<typeof refusePayload>;

export const checkResultSchema = z.object({
  task_no: z.string(),
  task_status: z.number().int(),
  checked_qty: z.number().int(),
  total_qty: z.number().int(),
  order_no: z.string(),
  order_status: z.number().int(),
  message: z.string(),
});
export type CheckResult = z.infer<typeof checkResultSchema>;

export const refuseResultSchema = z.object({ refusal_id: z.number().int(), message: z.string() });

const CALLS = '/apps/process/outbound/checking';

export const checkingContract = {
  startCheckingTask: endpoint({
    method: 'POST', path: `${CALLS}/start_checking_task`, access: CHECKING_ACCESS.check, offlineRead: true,
    summary: 'Starts checking a container at a checking station: the container\'s ongoing checking task when it has one (the caller\'s), else a new one with the orders whose picked units are in it. -289501 when the station is not a checking station of the warehouse in use, -289502 when the container holds nothing to check (empty, its picking not finished, its orders checked), -287205 when another operator checks it.',
    input: z.object({
      station_id: docCode(32), container_code: docCode(32),
      /** The mode a screen asks for a new task (CHECKING_STATION_MODE; the Sorting While Checking screen: sort while checking); absent: the station's. */
      mode: z.literal(stationModes).optional(),
    }),
    output: checkingWorkSchema,
  }),
  getCheckingTaskDetail: endpoint({
    method: 'GET', path: `${CALLS}/get_checking_task_detail`, access: CHECKING_ACCESS.view,
    summary: 'One checking task with its orders (units, slot, weights) and the scans its station refused. -100404 when there is none.',
    input: z.object({ task_no: taskNo }),
    output: checkingWorkSchema,
  }),
} as const;
