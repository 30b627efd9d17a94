import { z } from 'zod';
import { SUB_PICKING_SPLIT_BY, type CodeOf } from '../codes';
import { UPPER_BOUND } from '../constants';
import { derivePerm, pageActionPerm } from '../routes/derive';
import { endpoint } from './define';
import { pickingTaskSchema, pickingWorkSchema } from './picking.contract';
import { docCode } from './sales-order.contract';

/**
 * Sub-picking (spec §2 /salesoutbound task/subPicking, pickingTask, subPicking/grouplog and detail):
 * a pending picking task split by a supervisor into sub-picking tasks — contiguous runs of its
 * route, each an ordinary picking task the PDA claims and picks — recorded as a sub-picking group.
 * See docs/outbound.md "Sub-picking".
 */

export const SUB_PICKING_PAGES = {
  list: '/salesoutbound/task/subPicking',
  detail: '/salesoutbound/task/subPicking/detail/$sub_picking_id',
  taskPicking: '/salesoutbound/pickingTask',
  groupLog: '/salesoutbound/subPicking/grouplog',
  /** The group's id is the search parameter `group_id` (the spec's route carries none). */
  groupDetail: '/salesoutbound/subPicking/detail',
} as const;

export const SUB_PICKING_ACCESS = {
  /** Split a picking task into sub-picking tasks, and merge them back. */
  split: { perm: pageActionPerm(SUB_PICKING_PAGES.list, 'Create') },
  view: { perm: derivePerm(SUB_PICKING_PAGES.list) },
  groupView: { perm: derivePerm(SUB_PICKING_PAGES.groupLog) },
} as const;

/** Most sub tasks one split makes. */
export const SUB_TASKS_MAX = 100;

/** The link to a sub-picking task's detail page. */
export const subPickingTaskHref = (taskNo: string): string => SUB_PICKING_PAGES.detail.replace('$sub_picking_id', encodeURIComponent(taskNo));

const splitBys = SUB_PICKING_SPLIT_BY.options.map((o) => o.value) as [CodeOf<typeof SUB_PICKING_SPLIT_BY>, ...CodeOf<typeof SUB_PICKING_SPLIT_BY>[]];

export const subPickingGroupSchema = z.object({
  group_id: z.string(),
  parent_task_no: z.string(),
  wave_no: z.string().nullable(),
  zone_id: z.string().nullable(),
  /** SUB_PICKING_SPLIT_BY: pickers 1, units per sub task 2. */
  split_by: z.number().int(),
  /** The number of pickers, or the units per sub task, asked. */
  split_value: z.number().int(),
  sub_task_count: z.number().int(),
  total_qty: z.number().int(),
  /** TASK_STATUS: pending 0, ongoing 1, done 2, cancel 9 (merged back, or every sub task cancelled). */
  status: z.number().int(),
  created_by: z.number().int().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.number().int(),
  finished_at: z.number().int().nullable(),
});
export type SubPickingGroup = z.infer<typeof subPickingGroupSchema>;

/** A group, the task it split and its sub tasks in route order (each with its picker and progress). */
export const subPickingGroupDetailSchema = z.object({
  group: subPickingGroupSchema,
  parent: pickingTaskSchema,
  sub_tasks: z.array(pickingTaskSchema.extend({ stop_count: z.number().int() })),
});
export type SubPickingGroupDetail = z.infer<typeof subPickingGroupDetailSchema>;

const CALLS = '/apps/process/outbound/subpicking';

export const subPickingContract = {
  splitPickingTask: endpoint({
    method: 'POST', path: `${CALLS}/split_picking_task`, access: SUB_PICKING_ACCESS.split,
    summary: 'Splits a pending picking task into sub-picking tasks, each a contiguous run of its route (whole stops, pick-path order): into `split_value` pickers (runs of about equal units) or at most `split_value` units per sub task. The task becomes Split (not claimable; its figures the sum of its sub tasks; done when they are). -100404 when there is no such task, -289401 when it has started, is finished, split already, a sub task or a reverse picking task, -289402 when the split would not make 2 to 100 sub tasks.',
    input: z.object({ task_no: docCode(32), split_by: z.literal(splitBys), split_value: z.number().int().min(1).max(UPPER_BOUND) }),
    output: subPickingGroupDetailSchema,
  }),
  mergeSubPickingGroup: endpoint({
    method: 'POST', path: `${CALLS}/merge_sub_picking_group`, access: SUB_PICKING_ACCESS.split,
    summary: 'Undoes a split while none of its sub tasks has started: the stops go back to the task in their route order, the sub tasks are removed and the group is cancelled. -100404 when there is no such group, -289401 when a sub task has started or the group is over.',
    input: z.object({ group_id: docCode(32) }),
    output: subPickingGroupDetailSchema,
  }),
  getSubPickingGroupDetail: endpoint({
    method: 'GET', path: `${CALLS}/get_sub_picking_group_detail`, access: SUB_PICKING_ACCESS.groupView,
    summary: 'A sub-picking group: how and by whom the task was split, the task, and its sub tasks with status, picker and progress. -100404 when there is none.',
    input: z.object({ group_id: docCode(32) }),
    output: subPickingGroupDetailSchema,
  }),
  getSubPickingTaskDetail: endpoint({
    method: 'GET', path: `${CALLS}/get_sub_picking_task_detail`, access: SUB_PICKING_ACCESS.view,
    summary: 'One sub-picking task with every line (as get_picking_task_detail). -100404 when there is none or the task is not a sub-picking task.',
    input: z.object({ task_no: docCode(32) }),
    output: pickingWorkSchema,
  }),
} as const;
