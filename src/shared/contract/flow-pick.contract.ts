import { z } from 'zod';
import { ORDER_ITEM_KIND, ORDER_PRIORITY } from '../codes';
import { TASK_UNITS_MAX, WAVE_ORDERS_MAX } from '../constants';
import { derivePerm, pageActionPerm } from '../routes/derive';
import { endpoint } from './define';
import { docCode } from './sales-order.contract';
import { waveSchema } from './wave.contract';

/**
 * Flow pick (spec §2 /salesoutbound/flowPick, Rule Center › Flow Pick Setting): waveless picking.
 * A picker with a flow picking skill who asks for the next task when none waits gets a flow task
 * made at once of the eligible orders. The setting is one form per warehouse; the Flow Pick screen
 * shows the flow per zone and today's flow waves. See docs/outbound.md "Flow pick".
 */

export const FLOW_PICK_PAGES = {
  setting: '/rulecenter/flowPickSetting',
  screen: '/salesoutbound/flowPick',
} as const;

export const FLOW_PICK_ACCESS = {
  viewSetting: { perm: derivePerm(FLOW_PICK_PAGES.setting) },
  editSetting: { perm: pageActionPerm(FLOW_PICK_PAGES.setting, 'Edit') },
  view: { perm: derivePerm(FLOW_PICK_PAGES.screen) },
} as const;

/** The orders a flow task takes: every order, or single-item (one SKU line) orders only. */
export const FLOW_ITEM_KINDS = [ORDER_ITEM_KIND.values.ANY, ORDER_ITEM_KIND.values.SINGLE_ITEM] as const;
/** The lowest priority a flow task takes: normal and up, or priority only (on hold never). */
export const FLOW_MIN_PRIORITIES = [ORDER_PRIORITY.values.NORMAL, ORDER_PRIORITY.values.PRIORITY] as const;
/** Most orders of one flow task. */
export const FLOW_ORDERS_MAX = WAVE_ORDERS_MAX;
/** Zones a setting names at most. */
export const FLOW_ZONES_MAX = 200;
/** A warehouse without a setting row: flow pick off, these values offered. */
export const FLOW_PICK_DEFAULTS = { enabled: false, zone_ids: [] as string[], max_orders: 20, max_units: null, item_kind: 0, min_priority: 2 } as const;

const settingFields = {
  enabled: z.boolean(),
  /** Zones where flow pick applies; empty: every zone. */
  zone_ids: z.array(docCode(32)).max(FLOW_ZONES_MAX),
  max_orders: z.number().int().min(1).max(FLOW_ORDERS_MAX),
  /** Null: the picking rule's capacity of the task's zone. */
  max_units: z.number().int().min(1).max(TASK_UNITS_MAX).nullable(),
  /** ORDER_ITEM_KIND: any 0, single-item 1. */
  item_kind: z.literal(FLOW_ITEM_KINDS),
  /** ORDER_PRIORITY: normal 2 (normal and priority), priority 3. */
  min_priority: z.literal(FLOW_MIN_PRIORITIES),
};

export const flowPickSettingSchema = z.object({
  ...settingFields,
  /** The warehouse picking rule's capacity: the units of a flow task when max_units is null. */
  default_max_units: z.number().int(),
  updated_at: z.number().int().nullable(),
  updated_by_name: z.string().nullable(),
});
export type FlowPickSetting = z.infer<typeof flowPickSettingSchema>;

/** One zone of the flow: what flow pick would take there, its flow tasks and its flow pickers. */
export const flowZoneSchema = z.object({
  zone_id: z.string(),
  /** Whether the setting lets flow pick work here. */
  in_setting: z.boolean(),
  /** Orders flow pick would take that have stock to pick here (an order over two zones counts in both). */
  waiting_orders: z.number().int(),
  waiting_units: z.number().int(),
  pending_tasks: z.number().int(),
  ongoing_tasks: z.number().int(),
  pickers: z.array(z.object({ user_id: z.number().int(), name: z.string() })),
});
export type FlowZone = z.infer<typeof flowZoneSchema>;

const CALLS = '/apps/outbound/flowpick';

export const flowPickContract = {
  getFlowPickSetting: endpoint({
    method: 'GET', path: `${CALLS}/get_flow_pick_setting`, access: FLOW_PICK_ACCESS.viewSetting,
    summary: 'The warehouse\'s flow pick setting (off with the defaults when never saved).',
    input: z.object({}),
    output: flowPickSettingSchema,
  }),
  updateFlowPickSetting: endpoint({
    method: 'POST', path: `${CALLS}/update_flow_pick_setting`, access: FLOW_PICK_ACCESS.editSetting,
    summary: 'Saves the warehouse\'s flow pick setting whole. A zone the warehouse does not have is -100400 naming it.',
    input: z.object(settingFields),
    output: flowPickSettingSchema,
  }),
  getFlowPickOverview: endpoint({
    method: 'GET', path: `${CALLS}/get_flow_pick_overview`, access: FLOW_PICK_ACCESS.view,
    summary: 'The Flow Pick screen: the setting, per zone the orders flow pick would take, open and ongoing flow tasks and the pickers with a flow skill there, and today\'s flow waves (warehouse clock), newest first.',
    input: z.object({}),
    output: z.object({ setting: flowPickSettingSchema, zones: z.array(flowZoneSchema), waves: z.array(waveSchema) }),
  }),
} as const;
