import { z } from 'zod';
import { PICKING_TYPE, type CodeOf } from '../codes';
import { TASK_UNITS_MAX, WAVE_ORDERS_MAX } from '../constants';
import { AUTO_WAVE_RULE_PAGE } from '../resources/outbound-rules.resource';
import { derivePerm, pageActionPerm } from '../routes/derive';
import { endpoint } from './define';
import { docCode, orderTaskSchema, salesOrderSchema } from './sales-order.contract';

/**
 * Waves (spec §2 /salesoutbound/manualWave, waveList, waveLog): orders released to the floor
 * together. A wave allocates what is not allocated yet, then becomes picking tasks by zone and
 * picker capacity, each task's lines in pick-path order. See docs/outbound.md.
 */

export const WAVE_PAGES = {
  manual: '/salesoutbound/manualWave',
  list: '/salesoutbound/waveList',
  log: '/salesoutbound/waveLog',
  logDetail: '/salesoutbound/waveLog/detail/$wave_sn/is_manual_wave={$is_manual_wave}',
  plan: '/salesoutbound/waveplan',
} as const;

export const WAVE_ACCESS = {
  create: { perm: pageActionPerm(WAVE_PAGES.manual, 'Action') },
  runAuto: { perm: pageActionPerm(AUTO_WAVE_RULE_PAGE, 'Action') },
  view: { perm: derivePerm(WAVE_PAGES.list) },
  plan: { perm: derivePerm(WAVE_PAGES.plan) },
} as const;

export { TASK_UNITS_DEFAULT, TASK_UNITS_MAX, WAVE_ORDERS_MAX } from '../constants';

const pickingTypes = PICKING_TYPE.options.map((o) => o.value) as [CodeOf<typeof PICKING_TYPE>, ...CodeOf<typeof PICKING_TYPE>[]];

export const waveSchema = z.object({
  wave_no: z.string(),
  is_manual: z.boolean(),
  /** The auto wave rule whose run released it; null for a manual wave (and auto waves from before waves recorded it). */
  auto_wave_rule: z.object({ rule_id: z.number().int(), rule_name: z.string().nullable() }).nullable(),
  /** Released by flow pick for a picker's "Next task" (docs/outbound.md "Flow pick"). */
  is_flow: z.boolean(),
  /** TASK_STATUS: pending 0, ongoing 1, done 2, cancel 9. */
  status: z.number().int(),
  /** PICKING_TYPE. */
  picking_type: z.number().int(),
  order_count: z.number().int(),
  unit_count: z.number().int(),
  /** Orders a short pick detached from the wave (each order says why). */
  detached_count: z.number().int(),
  task_count: z.number().int(),
  created_at: z.number().int(),
  finished_at: z.number().int().nullable(),
});
export type Wave = z.infer<typeof waveSchema>;

/** An order the wave could not take, and why (English). */
export const skippedOrderSchema = z.object({ order_no: z.string(), status: z.number().int(), reason: z.string() });

/** What one auto wave rule's run did: the waves it released and the orders it tried but could not wave (short of stock). */
export const autoWaveRunSchema = z.object({
  rule_id: z.number().int(),
  rule_name: z.string(),
  waves: z.array(waveSchema),
  skipped: z.array(skippedOrderSchema),
});
export type AutoWaveRun = z.infer<typeof autoWaveRunSchema>;

/** A planned wave of the Wave Plan: its step (the wave group's wave rule, or the auto wave rule's own limits), its group and size. */
export const plannedWaveSchema = z.object({
  step: z.number().int(),
  wave_rule_id: z.number().int().nullable(),
  wave_rule_name: z.string().nullable(),
  picking_type: z.number().int(),
  /** What keeps its orders apart from other groups: only the keys its grouping rule uses. */
  group: z.object({
    shop_id: z.string().nullable().optional(),
    store_group_template_id: z.number().int().nullable().optional(),
    /** The template's name, with its id. */
    store_group_template_name: z.string().nullable().optional(),
    item_kind: z.number().int().optional(),
    zone_ids: z.array(z.string()).optional(),
    cutoff_from: z.number().int().nullable().optional(),
  }),
  order_count: z.number().int(),
  unit_count: z.number().int(),
  sku_count: z.number().int(),
  /** Its orders waiting for stock: the run tries to allocate them again and skips those still short. */
  pending_pick_count: z.number().int(),
  /** Its first orders (order_count says how many it has). */
  order_nos: z.array(z.string()),
});

/** One auto wave rule in the Wave Plan: its schedule, and what a run now would release and hold back (WAVE_HELD_REASON). */
export const rulePlanSchema = z.object({
  rule_id: z.number().int(),
  rule_name: z.string(),
  wave_group_id: z.number().int().nullable(),
  wave_group_name: z.string().nullable(),
  interval_minutes: z.number().int(),
  last_run_at: z.number().int().nullable(),
  /** When the schedule runs it next (null: at its next poll, it never ran). */
  next_run_at: z.number().int().nullable(),
  /** Active wave rules its run steps through (1 without a wave group). */
  step_count: z.number().int(),
  /** Orders in its scope, on hold ones included. */
  candidate_count: z.number().int(),
  waves: z.array(plannedWaveSchema),
  held: z.array(z.object({ reason: z.number().int(), order_count: z.number().int(), order_nos: z.array(z.string()) })),
});
export type RulePlan = z.infer<typeof rulePlanSchema>;

const CALLS = '/apps/process/outbound/wave';

export const waveContract = {
  createManualWave: endpoint({
    method: 'POST', path: `${CALLS}/create_manual_wave`, access: WAVE_ACCESS.create,
    summary: 'Releases the chosen orders in one wave: orders not allocated are allocated first (a short one waits in pending pick and is skipped), then picking tasks are made by zone, at most max_units_per_task units each (by default the capacity of the zone picking rule), lines in pick-path order. Orders on hold or in other statuses are skipped with their reason; -289201 when no order can join.',
    input: z.object({
      order_nos: z.array(docCode(32)).min(1).max(WAVE_ORDERS_MAX),
      /** Default: the warehouse's picking rule, else pick to order. */
      picking_type: z.literal(pickingTypes).optional(),
      /** Default: the picking rule of each task's zone, else of the warehouse, else TASK_UNITS_DEFAULT. */
      max_units_per_task: z.number().int().min(1).max(TASK_UNITS_MAX).optional(),
    }),
    output: z.object({ wave: waveSchema, task_nos: z.array(z.string()), skipped: z.array(skippedOrderSchema) }),
  }),
  runAutoWave: endpoint({
    method: 'POST', path: `${CALLS}/run_auto_wave`, access: WAVE_ACCESS.runAuto,
    summary: 'Runs an auto wave rule now (rule_id), or every active one of the warehouse: eligible orders (created or pending pick, not on hold, not waved) matching the rule, by priority, then cut-off, then age, are released in waves of at most the rule\'s orders and units; orders short of stock wait in pending pick. -100404 when the warehouse has no such rule.',
    input: z.object({ rule_id: z.number().int().min(1).max(2_147_483_647).nullable().default(null) }),
    output: z.object({ runs: z.array(autoWaveRunSchema) }),
  }),
  getWavePlan: endpoint({
    method: 'GET', path: `${CALLS}/get_wave_plan`, access: WAVE_ACCESS.plan,
    summary: 'The Wave Plan: for the auto wave rule rule_id, or every active one of the warehouse, its schedule and a dry run of what it would release now (the same planner as the run: waves with their orders, units, SKUs and picking type) and the orders it would hold back, by reason (WAVE_HELD_REASON). Changes nothing. -100404 when the warehouse has no such rule.',
    input: z.object({ rule_id: z.coerce.number().int().min(1).max(2_147_483_647).optional() }),
    output: z.object({ now: z.number().int(), rules: z.array(rulePlanSchema) }),
  }),
  getWaveDetail: endpoint({
    method: 'GET', path: `${CALLS}/get_wave_detail`, access: WAVE_ACCESS.view,
    summary: 'One wave with its orders (a detached one with its reason) and picking tasks. -100404 when the warehouse has no such wave.',
    input: z.object({ wave_no: docCode(32) }),
    output: z.object({ wave: waveSchema, orders: z.array(salesOrderSchema), tasks: z.array(orderTaskSchema) }),
  }),
} as const;
