import { z } from 'zod';
import { derivePerm, pageActionPerm } from '../routes/derive';
import { endpoint } from './define';
import { docCode } from './sales-order.contract';

/**
 * Merging (spec §2 Sales Outbound › Tasks › transiting (Merging) and its detail, the mergeLane
 * operation screen): an order picked into several containers (one per zone's picking task, or per
 * sub-picking task) has them brought together on a merge lane before checking. The lane screen reads
 * its lane (`get_merge_lane`, cached for an offline reload) and queues each container's arrival as an
 * offline op (shared/ops/merging.ops.ts). See docs/outbound.md "Merging".
 */

export const MERGING_PAGES = {
  list: '/salesoutbound/task/transiting',
  detail: '/salesoutbound/task/transiting/detail/$task_number',
  lane: '/salesoutbound/mergeLane',
  rule: '/rulecenter/mergeRule',
} as const;

export const MERGING_ACCESS = {
  /** Receive containers on a merge lane (the lane screen and its op). */
  arrive: { perm: pageActionPerm(MERGING_PAGES.lane, 'Action') },
  view: { perm: derivePerm(MERGING_PAGES.list) },
} as const;

/** The link to a merging task's detail page. */
export const mergeTaskHref = (taskNo: string): string => MERGING_PAGES.detail.replace('$task_number', encodeURIComponent(taskNo));

const stationId = docCode(32);
const containerCode = docCode(32);

/** One container a merging task waits for: the picking task that fills it, and whether it is done and on the lane. */
export const mergeContainerSchema = z.object({
  picking_task_no: z.string(),
  /** Null while its picking task has no container yet. */
  container_code: z.string().nullable(),
  zone_id: z.string().nullable(),
  /** Its picking task is done: the container may come to the lane. */
  picked: z.boolean(),
  /** 10-digit seconds; null while it is not on the lane. */
  arrived_at: z.number().int().nullable(),
});
export type MergeContainer = z.infer<typeof mergeContainerSchema>;

export const mergeTaskSchema = z.object({
  task_no: z.string(),
  order_no: z.string(),
  /** SALES_ORDER_STATUS of the order. */
  order_status: z.number().int(),
  /** TASK_STATUS: pending 0, ongoing 1, done 2 (every container arrived: ready for checking), cancel 9. */
  status: z.number().int(),
  station_id: z.string().nullable(),
  slot_no: z.number().int().nullable(),
  rule_id: z.number().int().nullable(),
  container_count: z.number().int(),
  arrived_count: z.number().int(),
  created_at: z.number().int(),
  started_at: z.number().int().nullable(),
  finished_at: z.number().int().nullable(),
  containers: z.array(mergeContainerSchema),
});
export type MergeTask = z.infer<typeof mergeTaskSchema>;

/** A merge lane and the orders on it (each with its slot and containers), slot order; those waiting for a free slot last. */
export const mergeLaneSchema = z.object({
  station_id: z.string(),
  station_name: z.string(),
  /** The lane's slots (its merge rule's); null when no active rule names the lane. */
  lane_slots: z.number().int().nullable(),
  tasks: z.array(mergeTaskSchema),
});
export type MergeLane = z.infer<typeof mergeLaneSchema>;

/** `outbound.merging.arrive`: a container brought to the merge lane scanned first. */
export const arrivePayload = z.object({ station_id: stationId, container_code: containerCode });
export type ArrivePayload = z.infer<typeof arrivePayload>;

/** What an applied arrival answers: each order of the container on this lane, its slot and how far its merging is. */
export const arriveResultSchema = z.object({
  container_code: z.string(),
  station_id: z.string(),
  orders: z.array(z.object({
    task_no: z.string(),
    order_no: z.string(),
    slot_no: z.number().int().nullable(),
    arrived_count: z.number().int(),
    container_count: z.number().int(),
    /** Every container of the order is on the lane: ready for checking. */
    complete: z.boolean(),
    /** The containers it still waits for (a picking task's number where it has no container yet). */
    waiting: z.array(z.string()),
  })),
  message: z.string(),
});
export type ArriveResult = z.infer<typeof arriveResultSchema>;

const CALLS = '/apps/process/outbound/merging';

export const mergingContract = {
  getMergeLane: endpoint({
    method: 'GET', path: `${CALLS}/get_merge_lane`, access: MERGING_ACCESS.arrive, offlineRead: true,
    summary: 'A merge lane (a station of type merge lane of the warehouse, enabled) and the orders on it: each order\'s merging task, slot and containers (arrived, on their way, still being picked). Orders the merge rule sends to the lane get a free slot first, oldest first. -289702 when the station is not an enabled merge lane of the warehouse.',
    input: z.object({ station_id: stationId }),
    output: mergeLaneSchema,
  }),
  getMergeTaskDetail: endpoint({
    method: 'GET', path: `${CALLS}/get_merge_task_detail`, access: MERGING_ACCESS.view,
    summary: 'One merging task with its containers. -100404 when the warehouse has none of that number.',
    input: z.object({ task_no: docCode(32) }),
    output: mergeTaskSchema,
  }),
} as const;
