import { z } from 'zod';
import { derivePerm, pageActionPerm } from '../routes/derive';
import { endpoint } from './define';
import { pickingWorkSchema } from './picking.contract';
import {
  CANCEL_REASON_MAX, ORDER_LINES_MAX, ORDER_PUSH_MAX, ORDER_REMARK_MAX, allocationResultSchema, docCode, orderLineInput, salesOrderDetailSchema,
} from './sales-order.contract';

/**
 * Move-transfer (MT) orders (spec §2 /mtoutbound): stock leaving for another warehouse of the
 * deployment. An MT order is an outbound order of type MT (sales_orders.order_type 2) with a
 * document of its own (mt_orders: destination, approval, RTS_STATUS document status along
 * OUTBOUND_DOC_LIFECYCLE): created pending, approved or rejected by someone other than its creator,
 * allocated by the MT allocate rules (destinations in the MT destination priority first), released to
 * picking in one wave of its own; its picking tasks are the sales ones, listed apart. See
 * docs/outbound.md "Order types and MT orders".
 */

export const MT_ORDER_PAGES = {
  list: '/mtoutbound/order',
  create: '/mtoutbound/order/create',
  edit: '/mtoutbound/order/edit/$orderNo',
  approve: '/mtoutbound/order/approve/$orderNo',
  allocate: '/mtoutbound/order/allocate/$orderNo',
  detail: '/mtoutbound/order/detail',
} as const;

export const MT_PICKING_PAGE = '/mtoutbound/picking/{-$pickup_id}';
export const MT_PICKING_TASK_PAGES = {
  list: '/mtoutbound/task/picking',
  detail: '/mtoutbound/pickingTaskDetail',
} as const;

export const MT_ORDER_ACCESS = {
  view: { perm: derivePerm(MT_ORDER_PAGES.list) },
  create: { perm: derivePerm(MT_ORDER_PAGES.create) },
  /** Edit while pending, and cancel before picking. */
  edit: { perm: derivePerm(MT_ORDER_PAGES.edit) },
  /** Approve or reject. */
  approve: { perm: derivePerm(MT_ORDER_PAGES.approve) },
  /** Allocate, and release to picking. */
  allocate: { perm: derivePerm(MT_ORDER_PAGES.allocate) },
  pick: { perm: pageActionPerm(MT_PICKING_PAGE, 'Action') },
  tasks: { perm: derivePerm(MT_PICKING_TASK_PAGES.list) },
} as const;

const orderNo = docCode(32);
const whsId = docCode(32);
const remark = z.string().trim().max(ORDER_REMARK_MAX).refine((s) => !s.includes('\0'), 'must not contain NUL characters').nullable().default(null);

/** An MT order as created or edited: where it goes and what it takes. */
export const mtOrderInput = z.object({
  dest_whs_id: whsId,
  remark,
  lines: z.array(orderLineInput).min(1).max(ORDER_LINES_MAX),
});
export type MtOrderInput = z.output<typeof mtOrderInput>;

/** An MT order: the outbound order's own fields and the document's. */
export const mtOrderSchema = z.object({
  order_no: z.string(),
  dest_whs_id: z.string(),
  dest_whs_name: z.string(),
  /** The destination's place in the MT destination priority (1 first); null when unlisted. */
  dest_priority: z.number().int().nullable(),
  /** RTS_STATUS (the document: OUTBOUND_DOC_LIFECYCLE). */
  doc_status: z.number().int(),
  /** SALES_ORDER_STATUS: the floor's progress. */
  status: z.number().int(),
  line_count: z.number().int(),
  total_qty: z.number().int(),
  allocated_qty: z.number().int(),
  picked_qty: z.number().int(),
  wave_no: z.string().nullable(),
  remark: z.string().nullable(),
  reject_reason: z.string().nullable(),
  created_by: z.number().int(),
  created_by_name: z.string().nullable(),
  approved_by: z.number().int().nullable(),
  approved_by_name: z.string().nullable(),
  approved_at: z.number().int().nullable(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type MtOrder = z.infer<typeof mtOrderSchema>;

/** The detail page: the document, and the outbound order's lines, allocations, tasks and log. */
export const mtOrderDetailSchema = salesOrderDetailSchema.omit({ order: true }).extend({ order: mtOrderSchema });
export type MtOrderDetail = z.infer<typeof mtOrderDetailSchema>;

export const mtDestinationSchema = z.object({ whs_id: z.string(), whs_name: z.string(), priority: z.number().int().nullable() });
export type MtDestination = z.infer<typeof mtDestinationSchema>;

const CALLS = '/apps/process/outbound/mtorder';
const orderNos = z.array(orderNo).min(1).max(ORDER_PUSH_MAX);

export const mtOrderContract = {
  listMtDestinations: endpoint({
    method: 'GET', path: `${CALLS}/list_mt_destinations`, access: MT_ORDER_ACCESS.view,
    summary: 'The warehouses an MT order of this warehouse may go to: every other warehouse of the deployment (one company per deployment), '
      + 'whether or not the caller may enter it, in the MT destination priority (listed first, then by id).',
    input: z.object({}),
    output: z.object({ list: z.array(mtDestinationSchema) }),
  }),
  getMtOrderDetail: endpoint({
    method: 'GET', path: `${CALLS}/get_mt_order_detail`, access: MT_ORDER_ACCESS.view,
    summary: 'One MT order: the document (destination, status, approval) with its lines, allocations, picking tasks and log. -100404 when the warehouse has no such MT order.',
    input: z.object({ order_no: orderNo }),
    output: mtOrderDetailSchema,
  }),
  createMtOrder: endpoint({
    method: 'POST', path: `${CALLS}/create_mt_order`, access: MT_ORDER_ACCESS.create,
    summary: 'Creates an MT order, pending approval. The destination is another warehouse of the deployment (-100400 for this one or an unknown one); '
      + 'an unknown SKU or more than the warehouse holds is -289002 naming the line. Nothing is written on a refusal.',
    input: mtOrderInput,
    output: z.object({ order: mtOrderSchema }),
  }),
  updateMtOrder: endpoint({
    method: 'POST', path: `${CALLS}/update_mt_order`, access: MT_ORDER_ACCESS.edit,
    summary: 'Replaces the destination, remark and lines of a pending MT order (-100412 once approved, rejected or cancelled). The same checks as create.',
    input: mtOrderInput.extend({ order_no: orderNo }),
    output: z.object({ order: mtOrderSchema }),
  }),
  approveMtOrder: endpoint({
    method: 'POST', path: `${CALLS}/approve_mt_order`, access: MT_ORDER_ACCESS.approve,
    summary: 'Approves a pending MT order. -286003 when the caller created it (another approver decides), -100412 when it is not pending.',
    input: z.object({ order_no: orderNo }),
    output: z.object({ order: mtOrderSchema }),
  }),
  rejectMtOrder: endpoint({
    method: 'POST', path: `${CALLS}/reject_mt_order`, access: MT_ORDER_ACCESS.approve,
    summary: 'Rejects a pending MT order with the reason (final; the order is cancelled on the floor). -286003 when the caller created it, -100412 when it is not pending.',
    input: z.object({ order_no: orderNo, reason: docCode(CANCEL_REASON_MAX) }),
    output: z.object({ order: mtOrderSchema }),
  }),
  cancelMtOrder: endpoint({
    method: 'POST', path: `${CALLS}/cancel_mt_order`, access: MT_ORDER_ACCESS.edit,
    summary: 'Cancels an MT order before it is released to picking (pending, approved or allocated), releasing its allocations through the sales cancel path. -100412 afterwards.',
    input: z.object({ order_no: orderNo, reason: docCode(CANCEL_REASON_MAX) }),
    output: z.object({ order: mtOrderSchema }),
  }),
  allocateMtOrders: endpoint({
    method: 'POST', path: `${CALLS}/allocate_mt_orders`, access: MT_ORDER_ACCESS.allocate,
    summary: 'Allocates approved MT orders by the MT allocate rules, all of an order or none; orders competing for the same stock are served in the MT destination priority '
      + '(then priority and age). An order short of stock is answered allocated false with the SKUs short (hold_reason) and left as it was; -286001 when none could be; '
      + '-100412 when an order is not approved.',
    input: z.object({ order_nos: orderNos }),
    output: z.object({ results: z.array(allocationResultSchema) }),
  }),
  releaseMtOrders: endpoint({
    method: 'POST', path: `${CALLS}/release_mt_orders`, access: MT_ORDER_ACCESS.allocate,
    summary: 'Releases allocated MT orders to picking in one wave of MT orders (its tasks are on the MT picking task list); the orders become outbounding. -100412 when an order is not allocated.',
    input: z.object({ order_nos: orderNos }),
    output: z.object({ wave_no: z.string(), task_nos: z.array(z.string()) }),
  }),
  claimMtPickingTask: endpoint({
    method: 'POST', path: `${CALLS}/claim_mt_picking_task`, access: MT_ORDER_ACCESS.pick, offlineRead: true,
    summary: 'The MT picking screen\'s claim: as claim_picking_task, over the picking tasks of MT waves only (the task scanned, or the next one). Picks are the shared picking ops, which ask Pick MT orders of an MT task.',
    input: z.object({ task_no: docCode(32).nullable().default(null), container_code: docCode(32).nullable().default(null) }),
    output: pickingWorkSchema,
  }),
  getMtPickingTaskDetail: endpoint({
    method: 'GET', path: `${CALLS}/get_mt_picking_task_detail`, access: MT_ORDER_ACCESS.tasks,
    summary: 'One picking task of an MT wave with its route. -100404 for a task of another order type or warehouse.',
    input: z.object({ task_no: docCode(32) }),
    output: pickingWorkSchema,
  }),
} as const;
