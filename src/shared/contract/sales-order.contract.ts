import { z } from 'zod';
import { ORDER_PRIORITY, PARCEL_SPLIT, type CodeOf } from '../codes';
import { UPPER_BOUND } from '../constants';
import { derivePerm, pageActionPerm } from '../routes/derive';
import { endpoint } from './define';

/**
 * Sales orders (spec §2 /salesoutbound/order, order/create, order/detail/{id}): created on screen,
 * pushed by an order system (idempotent on the external order number), allocated through the
 * ledger, cancelled. The list is a resource (resources/sales-order.resource.ts). See docs/outbound.md.
 */

export const SALES_ORDER_PAGES = {
  list: '/salesoutbound/order',
  create: '/salesoutbound/order/create',
  detail: '/salesoutbound/order/detail/$id',
} as const;

export const SALES_ORDER_ACCESS = {
  view: { perm: derivePerm(SALES_ORDER_PAGES.list) },
  create: { perm: derivePerm(SALES_ORDER_PAGES.create) },
  /** Allocate, prioritise, cancel: the list's actions. */
  edit: { perm: pageActionPerm(SALES_ORDER_PAGES.list, 'Edit') },
} as const;

/** Most lines one order carries, and most orders one push takes. */
export const ORDER_LINES_MAX = 200;
export const ORDER_PUSH_MAX = 500;
export const ORDER_REMARK_MAX = 500;
export const CANCEL_REASON_MAX = 200;

/** A code as labels and order systems print it: trimmed, printable. */
export const docCode = (max: number) => z.string().trim().min(1).max(max).refine((s) => !s.includes('\0'), 'must not contain NUL characters');
const qty = z.number().int().min(1).max(UPPER_BOUND);
const priorities = ORDER_PRIORITY.options.map((o) => o.value) as [CodeOf<typeof ORDER_PRIORITY>, ...CodeOf<typeof ORDER_PRIORITY>[]];
const parcelSplits = PARCEL_SPLIT.options.map((o) => o.value) as [CodeOf<typeof PARCEL_SPLIT>, ...CodeOf<typeof PARCEL_SPLIT>[]];
const orderNo = docCode(32);
/** 10-digit unix seconds. */
const unixTime = z.number().int().min(0).max(4_102_444_800);

export const orderLineInput = z.object({ sku_id: docCode(100), qty });

/** A tracking number (AWB): printable ASCII without spaces, as Code 128 prints it on the label. */
export const trackingNo = z.string().trim().min(4).max(40).regex(/^[!-~]+$/, 'must be printable ASCII without spaces');
const deliveryText = (max: number) => z.string().trim().min(1).max(max).refine((s) => !s.includes('\0'), 'must not contain NUL characters');

/** Who receives the order: printed on its shipping labels. */
export const receiverInput = z.object({ name: deliveryText(100), phone: deliveryText(32).nullable().default(null), address: deliveryText(300) });

/** One order as created on screen or pushed by an order system. */
export const orderInput = z.object({
  external_no: docCode(64),
  priority: z.literal(priorities).default(ORDER_PRIORITY.values.NORMAL),
  parcel_split: z.literal(parcelSplits).default(PARCEL_SPLIT.values.NONE),
  shop_id: docCode(64).nullable().default(null),
  cutoff_at: unixTime.nullable().default(null),
  /** The carrier (logistics channel) it ships with, and its tracking number when the order system booked one. */
  carrier: deliveryText(64).nullable().default(null),
  tracking_no: trackingNo.nullable().default(null),
  receiver: receiverInput.nullable().default(null),
  remark: z.string().trim().max(ORDER_REMARK_MAX).refine((s) => !s.includes('\0'), 'must not contain NUL characters').nullable().default(null),
  lines: z.array(orderLineInput).min(1).max(ORDER_LINES_MAX),
});
export type OrderInput = z.output<typeof orderInput>;

export const salesOrderSchema = z.object({
  order_no: z.string(),
  external_no: z.string(),
  /** SALES_ORDER_STATUS. */
  status: z.number().int(),
  /** ORDER_PRIORITY. */
  priority: z.number().int(),
  /** PARCEL_SPLIT. */
  parcel_split: z.number().int(),
  /** SALES_ORDER_SOURCE. */
  source: z.number().int(),
  shop_id: z.string().nullable(),
  cutoff_at: z.number().int().nullable(),
  carrier: z.string().nullable(),
  tracking_no: z.string().nullable(),
  receiver_name: z.string().nullable(),
  receiver_phone: z.string().nullable(),
  receiver_address: z.string().nullable(),
  line_count: z.number().int(),
  total_qty: z.number().int(),
  allocated_qty: z.number().int(),
  picked_qty: z.number().int(),
  wave_no: z.string().nullable(),
  /** Why it waits (pending pick) or failed (pick fail), in English. */
  hold_reason: z.string().nullable(),
  remark: z.string().nullable(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type SalesOrder = z.infer<typeof salesOrderSchema>;

export const salesOrderLineSchema = z.object({
  line_no: z.number().int(),
  sku_id: z.string(),
  sku_name: z.string(),
  barcode: z.string().nullable(),
  qty: z.number().int(),
  allocated_qty: z.number().int(),
  picked_qty: z.number().int(),
});

/** Units of one balance reserved for an order line; once waved, a line of a picking task. */
export const allocationSchema = z.object({
  alloc_id: z.number().int(),
  order_no: z.string(),
  line_no: z.number().int(),
  sku_id: z.string(),
  location_id: z.string(),
  zone_id: z.string().nullable(),
  batch_id: z.string(),
  expiry_date: z.string().nullable(),
  /** QUALITY. */
  quality: z.number().int(),
  qty: z.number().int(),
  picked_qty: z.number().int(),
  short_qty: z.number().int(),
  /** Released without picking: the order failed or was cancelled. */
  cancelled_qty: z.number().int(),
  /** Put back by reverse picking. */
  returned_qty: z.number().int(),
  task_no: z.string().nullable(),
});
export type Allocation = z.infer<typeof allocationSchema>;

export const orderTaskSchema = z.object({
  task_no: z.string(),
  /** PICKING_TASK_KIND. */
  kind: z.number().int(),
  /** TASK_STATUS. */
  status: z.number().int(),
  zone_id: z.string().nullable(),
  total_qty: z.number().int(),
  picked_qty: z.number().int(),
  /** Units short-picked on it (re-allocated elsewhere or failed): picked plus short make a done task's total. */
  short_qty: z.number().int(),
});
export type OrderTask = z.infer<typeof orderTaskSchema>;

export const orderLogSchema = z.object({
  log_id: z.number().int(),
  from_status: z.number().int().nullable(),
  to_status: z.number().int(),
  note: z.string(),
  operator_name: z.string().nullable(),
  created_at: z.number().int(),
});

export const salesOrderDetailSchema = z.object({
  order: salesOrderSchema,
  lines: z.array(salesOrderLineSchema),
  allocations: z.array(allocationSchema),
  tasks: z.array(orderTaskSchema),
  logs: z.array(orderLogSchema),
});
export type SalesOrderDetail = z.infer<typeof salesOrderDetailSchema>;

/** The answer to one pushed order: made, a resend of one made before, or refused (which line and why). */
export const pushResultSchema = z.object({
  external_no: z.string(),
  retcode: z.number().int(),
  message: z.string(),
  order_no: z.string().nullable(),
  status: z.number().int().nullable(),
  /** False for a resend: the order was made by an earlier push. */
  created: z.boolean(),
  /** The refused line, 1-based; null when the refusal is the order's. */
  line: z.number().int().nullable(),
});
export type PushResult = z.infer<typeof pushResultSchema>;

export const allocationResultSchema = z.object({
  order_no: z.string(),
  status: z.number().int(),
  allocated: z.boolean(),
  hold_reason: z.string().nullable(),
});

const CALLS = '/apps/process/outbound/salesorder';
const orderNos = z.array(orderNo).min(1).max(ORDER_PUSH_MAX);

export const salesOrderContract = {
  createSalesOrder: endpoint({
    method: 'POST', path: `${CALLS}/create_sales_order`, access: SALES_ORDER_ACCESS.create,
    summary: 'Creates a sales order on screen (source screen). Idempotent on the external order number: the same lines again answer the order made first (created false); other lines are -289001. An unknown SKU or a quantity over what the warehouse holds is -289002 naming the line; nothing is written.',
    input: orderInput,
    output: z.object({ order: salesOrderSchema, created: z.boolean() }),
  }),
  pushSalesOrders: endpoint({
    method: 'POST', path: `${CALLS}/push_sales_orders`, access: SALES_ORDER_ACCESS.create,
    summary: 'The order system intake: up to 500 orders, each answered on its own (retcode 0 made or resent, else the refusal with its line). Idempotent on the external order number: a resend answers the first result.',
    input: z.object({ orders: z.array(orderInput).min(1).max(ORDER_PUSH_MAX) }),
    output: z.object({ results: z.array(pushResultSchema) }),
  }),
  getSalesOrderDetail: endpoint({
    method: 'GET', path: `${CALLS}/get_sales_order_detail`, access: SALES_ORDER_ACCESS.view,
    summary: 'One sales order with its lines, allocations (location, batch, picked), picking tasks and the log of every status change. -100404 when the warehouse has no such order.',
    input: z.object({ order_no: orderNo }),
    output: salesOrderDetailSchema,
  }),
  allocateSalesOrders: endpoint({
    method: 'POST', path: `${CALLS}/allocate_sales_orders`, access: SALES_ORDER_ACCESS.edit,
    summary: 'Allocates created and pending-pick orders by the allocate rule (FEFO, FIFO, picking area first, fewest locations, pick path): all of an order or none; a short order waits in pending pick with its reason. Orders on hold or in other statuses are answered unchanged.',
    input: z.object({ order_nos: orderNos }),
    output: z.object({ results: z.array(allocationResultSchema) }),
  }),
  updateSalesOrderPriority: endpoint({
    method: 'POST', path: `${CALLS}/update_sales_order_priority`, access: SALES_ORDER_ACCESS.edit,
    summary: 'Sets the priority (on hold, normal, priority) of orders not yet picking; an order on hold is never waved. -100412 names the first order already released.',
    input: z.object({ order_nos: orderNos, priority: z.literal(priorities) }),
    output: z.object({ updated: z.number().int() }),
  }),
  cancelSalesOrder: endpoint({
    method: 'POST', path: `${CALLS}/cancel_sales_order`, access: SALES_ORDER_ACCESS.edit,
    summary: 'Cancels an order before it ships: units not yet picked are released; picked units get a reverse picking task that puts them back '
      + '(reverse_task_no) — from their containers, or from the order once checked (cancel after checking: its open packing task is cancelled '
      + 'and its live parcels intercepted, intercepted_tracking_nos). -290201 when shipping or shipped; -100412 when cancelled already.',
    input: z.object({ order_no: orderNo, reason: docCode(CANCEL_REASON_MAX) }),
    output: z.object({ order: salesOrderSchema, reverse_task_no: z.string().nullable(), intercepted_tracking_nos: z.array(z.string()) }),
  }),
} as const;
