import { z } from 'zod';
import { UPPER_BOUND } from '../constants';
import { derivePerm, pageActionPerm } from '../routes/derive';
import { endpoint } from './define';
import { docCode } from './sales-order.contract';

/**
 * Sorting at a put wall (spec §2 /salesoutbound/sorting, task/sorting and its detail, Rule Center ›
 * Sorting Rule and Sorting Skills): a batch container (a wave's units of many orders) is scanned at a
 * put wall, each of its orders gets a pigeonhole (`start_sorting_task`, online, cached for an offline
 * reload), and every unit put into its slot is an offline op (shared/ops/sorting.ops.ts). See
 * docs/outbound.md "Sorting".
 */

export const SORTING_PAGES = {
  screen: '/salesoutbound/sorting',
  list: '/salesoutbound/task/sorting',
  detail: '/salesoutbound/task/sorting/detail/$task_number',
  preList: '/salesoutbound/task/preSorting',
  preDetail: '/salesoutbound/task/preSorting/detail/$task_number',
  rule: '/rulecenter/sortingRule',
  skills: '/rulecenter/sortingSkills',
} as const;

export const SORTING_ACCESS = {
  sort: { perm: pageActionPerm(SORTING_PAGES.screen, 'Action') },
  view: { perm: derivePerm(SORTING_PAGES.list) },
  viewPre: { perm: derivePerm(SORTING_PAGES.preList) },
} as const;

/** The link to a sorting task's detail page (a pre-sorting task's with `pre`). */
export const sortingTaskHref = (taskNo: string, pre = false): string =>
  (pre ? SORTING_PAGES.preDetail : SORTING_PAGES.detail).replace('$task_number', encodeURIComponent(taskNo));

/**
 * How pre-sorting splits a batch container's orders (sorted) between the put walls of its sorting
 * rule: into as many groups as its walls (so every wall works at once), more when a group would have
 * more orders than a wall has slots, never more groups than orders; groups of even size, in order,
 * each sent to the next wall in turn.
 */
export function preSortGroups(orderNos: readonly string[], walls: readonly string[], wallSlots: number): { wall: string; orderNos: string[] }[] {
  if (orderNos.length === 0 || walls.length === 0) return [];
  const count = Math.min(orderNos.length, Math.max(walls.length, Math.ceil(orderNos.length / wallSlots)));
  const size = Math.ceil(orderNos.length / count);
  const groups: { wall: string; orderNos: string[] }[] = [];
  for (let i = 0; i * size < orderNos.length; i++) groups.push({ wall: walls[i % walls.length]!, orderNos: orderNos.slice(i * size, (i + 1) * size) });
  return groups;
}

/** A put wall slot's label (and the code of its container, a stock location): the wall, a dash and the slot in two digits or more. */
export const slotLabel = (stationId: string, slotNo: number): string => `${stationId}-${String(slotNo).padStart(2, '0')}`;

const taskNo = docCode(32);
const orderNo = docCode(32);
const skuId = docCode(100);
const slotNo = z.number().int().min(1).max(999);

export const sortingLineSchema = z.object({
  sku_id: z.string(),
  sku_name: z.string(),
  /** Every code that names the SKU (its id, barcodes, mapped codes). */
  codes: z.array(z.string()),
  qty: z.number().int(),
  sorted_qty: z.number().int(),
});
export type SortingLine = z.infer<typeof sortingLineSchema>;

export const sortingOrderSchema = z.object({
  order_no: z.string(),
  /** Its slot at a put wall; pre-sorting: its group (the orders that go to one wall in one tote). */
  slot_no: z.number().int(),
  /** The slot's container (its label): where the order's sorted units are on the ledger. Pre-sorting: the put wall its group goes to. */
  slot_container: z.string(),
  /** Pre-sorting: the tote its group's units go into, once the first is in (null before, and at a put wall). */
  tote_code: z.string().nullable(),
  /** TASK_STATUS of its sorting: pending 0, done 2 (every unit in its slot), cancel 9. */
  status: z.number().int(),
  total_qty: z.number().int(),
  sorted_qty: z.number().int(),
  lines: z.array(sortingLineSchema),
});
export type SortingOrder = z.infer<typeof sortingOrderSchema>;

export const sortingTaskSchema = z.object({
  task_no: z.string(),
  station_id: z.string(),
  container_code: z.string(),
  picking_task_no: z.string(),
  wave_no: z.string().nullable(),
  rule_id: z.number().int().nullable(),
  /** SORTING_STAGE: pre-sorting 1 (at a pre-sorting station, into one tote a put wall), put wall 2. */
  stage: z.number().int(),
  /** TASK_STATUS: ongoing 1, done 2, cancel 9. */
  status: z.number().int(),
  sorted_qty: z.number().int(),
  total_qty: z.number().int(),
  assignee_id: z.number().int().nullable(),
  created_at: z.number().int(),
  finished_at: z.number().int().nullable(),
});

export const sortingScanSchema = z.object({
  scan_id: z.number().int(),
  order_no: z.string().nullable(),
  sku_id: z.string().nullable(),
  qty: z.number().int(),
  slot_no: z.number().int().nullable(),
  scanned: z.string(),
  /** Sorted into its slot; false: refused at the wall (a wrong slot, a unit of no order left). */
  ok: z.boolean(),
  /** The op that made it: a device tells its own sorts the server has from those it has not. */
  op_id: z.string().nullable(),
  operator_id: z.number().int().nullable(),
  created_at: z.number().int(),
});

export const sortingWorkSchema = z.object({
  task: sortingTaskSchema,
  orders: z.array(sortingOrderSchema),
  scans: z.array(sortingScanSchema),
});
export type SortingWork = z.infer<typeof sortingWorkSchema>;

/** `outbound.sorting.sort`: units of an order's SKU put into its slot, the slot's label scanned to confirm (`slot_no` the slot it names). */
export const sortPayload = z.object({
  task_no: taskNo,
  order_no: orderNo,
  sku_id: skuId,
  qty: z.number().int().min(1).max(UPPER_BOUND).default(1),
  slot_no: slotNo,
});
export type SortPayload = z.infer<typeof sortPayload>;

/**
 * `outbound.sorting.presort`: units of an order's SKU put into the tote of the put wall its group goes
 * to (`station_id`, the wall shown), the tote scanned to confirm — any empty tote for the group's first
 * unit, which binds it, the same tote after.
 */
export const preSortPayload = z.object({
  task_no: taskNo,
  order_no: orderNo,
  sku_id: skuId,
  qty: z.number().int().min(1).max(UPPER_BOUND).default(1),
  station_id: docCode(32),
  tote_code: docCode(32),
});
export type PreSortPayload = z.infer<typeof preSortPayload>;

/** `outbound.sorting.refuse`: a scan the wall refused (a wrong slot, a unit the container has none left of), recorded. */
export const sortRefusePayload = z.object({
  task_no: taskNo,
  order_no: orderNo.nullable().default(null),
  sku_id: skuId.nullable().default(null),
  /** The slot the unit belongs in, when it has one. */
  slot_no: slotNo.nullable().default(null),
  scanned: docCode(100),
});
export type SortRefusePayload = z.infer<typeof sortRefusePayload>;

export const sortResultSchema = z.object({
  task_no: z.string(),
  task_status: z.number().int(),
  sorted_qty: z.number().int(),
  total_qty: z.number().int(),
  order_no: z.string(),
  slot_no: z.number().int(),
  order_sorted_qty: z.number().int(),
  order_total_qty: z.number().int(),
  /** Every unit of the order is in its slot: the order is Sorted. */
  order_complete: z.boolean(),
  message: z.string(),
});
export type SortResult = z.infer<typeof sortResultSchema>;

const CALLS = '/apps/process/outbound/sorting';

export const sortingContract = {
  startSortingTask: endpoint({
    method: 'POST', path: `${CALLS}/start_sorting_task`, access: SORTING_ACCESS.sort, offlineRead: true,
    summary: 'Starts sorting a batch container at a put wall (a sorting station): the container\'s ongoing sorting task (the caller\'s), else a new one whose orders each get a free slot of the wall; a pre-sorted tote brings the orders pre-sorted into it. At a pre-sorting station, starts pre-sorting it instead: its orders split into groups, one tote a put wall of its rule (task.stage 1). The first active sorting rule the container meets must name the wall. -289801 when the station is not an enabled put wall or pre-sorting station of the warehouse, -289802 when the caller\'s sorting skills do not cover the wall, -289803 when the container cannot be sorted here (data.reason).',
    input: z.object({ station_id: docCode(32), container_code: docCode(32) }),
    output: sortingWorkSchema,
  }),
  getSortingTaskDetail: endpoint({
    method: 'GET', path: `${CALLS}/get_sorting_task_detail`, access: SORTING_ACCESS.view,
    summary: 'One sorting task at a put wall with its orders (slot, units sorted) and every scan at the wall, sorted or refused. -100404 when there is none.',
    input: z.object({ task_no: taskNo }),
    output: sortingWorkSchema,
  }),
  getPreSortingTaskDetail: endpoint({
    method: 'GET', path: `${CALLS}/get_pre_sorting_task_detail`, access: SORTING_ACCESS.viewPre,
    summary: 'One pre-sorting task with its orders (the put wall and tote of each, units pre-sorted) and every scan at the station, placed or refused. -100404 when there is none.',
    input: z.object({ task_no: taskNo }),
    output: sortingWorkSchema,
  }),
} as const;
