import { z } from 'zod';
import { SHORT_PICK_REASON, type CodeOf } from '../codes';
import { CART_SLOTS_MAX, UPPER_BOUND } from '../constants';
import { derivePerm, pageActionPerm } from '../routes/derive';
import { endpoint } from './define';
import { docCode } from './sales-order.contract';

/**
 * Picking on the PDA (spec §2 /salesoutbound/picking/{pickup_id?}) and the picking task pages
 * (task/picking, task/reversePicking and their details). Claiming a task is online (the answer is
 * cached for an offline reload, `offlineRead`); every pick, short pick and reverse put is an offline
 * op (shared/ops/picking.ops.ts) checked first on the device against the claimed task
 * (app/features/outbound/picking-flow.ts). See docs/outbound.md.
 */

export const PICKING_PAGE = '/salesoutbound/picking/{-$pickup_id}';
export const PICKING_TASK_PAGES = {
  list: '/salesoutbound/task/picking',
  detail: '/salesoutbound/task/picking/detail/$pickup_id',
  reverseList: '/salesoutbound/task/reversePicking',
  reverseDetail: '/salesoutbound/task/reversePicking/detail/$task_number',
} as const;

export const PICKING_ACCESS = {
  pick: { perm: pageActionPerm(PICKING_PAGE, 'Action') },
  view: { perm: derivePerm(PICKING_TASK_PAGES.list) },
} as const;

const taskNo = docCode(32);
const qty = z.number().int().min(1).max(UPPER_BOUND);
const allocId = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const shortReasons = SHORT_PICK_REASON.options.map((o) => o.value) as [CodeOf<typeof SHORT_PICK_REASON>, ...CodeOf<typeof SHORT_PICK_REASON>[]];

export const pickingTaskSchema = z.object({
  task_no: z.string(),
  /** PICKING_TASK_KIND: picking 1, reverse picking 2. */
  kind: z.number().int(),
  wave_no: z.string().nullable(),
  /** The cancelled order a reverse picking task returns. */
  order_no: z.string().nullable(),
  zone_id: z.string().nullable(),
  /** TASK_STATUS. */
  status: z.number().int(),
  /** PICKING_TYPE. */
  picking_type: z.number().int(),
  container_code: z.string().nullable(),
  assignee_id: z.number().int().nullable(),
  assignee_name: z.string().nullable(),
  total_qty: z.number().int(),
  picked_qty: z.number().int(),
  short_qty: z.number().int(),
  created_at: z.number().int(),
  started_at: z.number().int().nullable(),
  finished_at: z.number().int().nullable(),
  /** A sub-picking task: the picking task it was split from, and its sub-picking group. */
  parent_task_no: z.string().nullable(),
  sub_picking_group_id: z.string().nullable(),
});
export type PickingTask = z.infer<typeof pickingTaskSchema>;

/**
 * A stop on the task's route: units of one allocation. For picking, take `qty` from `location_id`
 * into the container; for reverse picking, put `picked_qty - returned_qty` back from the container
 * into `location_id` (or another cell the operator scans).
 */
export const pickingLineSchema = z.object({
  alloc_id: z.number().int(),
  seq: z.number().int(),
  order_no: z.string(),
  line_no: z.number().int(),
  location_id: z.string(),
  zone_id: z.string().nullable(),
  pathway_id: z.string().nullable(),
  sku_id: z.string(),
  sku_name: z.string(),
  /** Every code that names the SKU on a scan: its id, barcode and mapping codes. */
  codes: z.array(z.string()),
  batch_id: z.string(),
  expiry_date: z.string().nullable(),
  qty: z.number().int(),
  picked_qty: z.number().int(),
  short_qty: z.number().int(),
  cancelled_qty: z.number().int(),
  returned_qty: z.number().int(),
  /** The container its picked units are in (its picking task's): where a reverse picking stop takes them from. */
  container_code: z.string().nullable(),
  /**
   * Sorting while picking: the slot of the task's cart this order's units go into, scanned after
   * each pick; null for other picking types. (A route read before slots existed has none.)
   */
  slot_no: z.number().int().nullable().default(null),
});
export type PickingLine = z.infer<typeof pickingLineSchema>;

/**
 * What the picking rule of the task's zone (Rule Center › Picking Rule) tells the PDA: whether the
 * operator may type a quantity, else every unit is counted by a scan.
 */
export const pickRuleSchema = z.object({ allow_typed_qty: z.boolean() });
export type PickRule = z.infer<typeof pickRuleSchema>;

/**
 * A claimed task, its route (lines in pick-path order) and the picking rule that applies to it; on a
 * claim while the warehouse's zone_by_color setting is on, the colour of each coloured zone of the
 * warehouse by zone id (a name of shared/zone-colors.ts's palette), which the PDA shows at each stop.
 */
export const pickingWorkSchema = z.object({
  task: pickingTaskSchema, lines: z.array(pickingLineSchema), pick_rule: pickRuleSchema, zone_colors: z.record(z.string(), z.string()).optional(),
});
export type PickingWork = z.infer<typeof pickingWorkSchema>;

/**
 * `outbound.picking.pick`: units of one task line, taken at its location into the task's container;
 * sorting while picking, into the cart slot scanned (`slot_no`, the line's slot).
 */
export const pickPayload = z.object({
  task_no: taskNo, alloc_id: allocId, location: docCode(32), sku_id: docCode(100), qty, slot_no: z.number().int().min(1).max(CART_SLOTS_MAX).optional(),
});
export type PickPayload = z.infer<typeof pickPayload>;

/** `outbound.picking.short_pick`: units of a task line the location does not have (empty, damaged, not enough). */
export const shortPickPayload = z.object({ task_no: taskNo, alloc_id: allocId, qty, reason: z.literal(shortReasons) });
export type ShortPickPayload = z.infer<typeof shortPickPayload>;

/** `outbound.picking.reverse_put`: picked units of a cancelled order, from the container back into a cell. */
export const reversePutPayload = z.object({ task_no: taskNo, alloc_id: allocId, location: docCode(32), qty });
export type ReversePutPayload = z.infer<typeof reversePutPayload>;

/** What an applied pick, short pick or reverse put answers: the task's and the order's progress after it. */
export const pickResultSchema = z.object({
  task_no: z.string(),
  task_status: z.number().int(),
  total_qty: z.number().int(),
  picked_qty: z.number().int(),
  short_qty: z.number().int(),
  order_no: z.string(),
  order_status: z.number().int(),
  /** The line after the op. */
  line: z.object({ alloc_id: z.number().int(), picked_qty: z.number().int(), short_qty: z.number().int(), returned_qty: z.number().int() }),
  /** A short pick re-allocated from other locations: the new lines, appended to this task's route. */
  reallocated: z.array(pickingLineSchema),
  /** What happened, in English: a short pick says where the stock went or why the order failed. */
  message: z.string(),
});
export type PickResult = z.infer<typeof pickResultSchema>;

const CALLS = '/apps/process/outbound/picking';
const TASKS = '/apps/process/outbound/pickingtask';

export const pickingContract = {
  claimPickingTask: endpoint({
    method: 'POST', path: `${CALLS}/claim_picking_task`, access: PICKING_ACCESS.pick, offlineRead: true,
    summary: 'Claims a picking or reverse picking task for the caller with its route (the task number scanned, or with none the next pending picking task: one already the caller\'s first, then by wave and age; with `sub_picking_only` (Task Picking) only sub-picking tasks) and binds the container scanned to it (picking). -100404 when nothing is left, -289301 when the task is in a zone outside the picking skills of the caller (the next task is always one of their zones), -287205 when another operator has it, -289103 when the container is unknown, not usable or in use for another task, -289403 when the task is split into sub-picking tasks (they are picked instead), -289404 when `sub_picking_only` and the task is not a sub-picking task.',
    input: z.object({
      task_no: taskNo.nullable().default(null), container_code: docCode(32).nullable().default(null), sub_picking_only: z.boolean().default(false),
    }),
    output: pickingWorkSchema,
  }),
  getPickingTaskDetail: endpoint({
    method: 'GET', path: `${TASKS}/get_picking_task_detail`, access: PICKING_ACCESS.view,
    summary: 'One picking or reverse picking task with every line: location, SKU, batch, asked, picked, short, put back. -100404 when there is none.',
    input: z.object({ task_no: taskNo }),
    output: pickingWorkSchema,
  }),
} as const;
