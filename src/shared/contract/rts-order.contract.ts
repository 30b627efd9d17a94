import { z } from 'zod';
import { RTS_REASON, RTS_REMOVAL_DISPOSAL, RTS_TYPE } from '../codes';
import { derivePerm, pageActionPerm } from '../routes/derive';
import { endpoint } from './define';
import { pickingTaskSchema, pickingWorkSchema } from './picking.contract';
import { printJobSchema } from './print.contract';
import {
  CANCEL_REASON_MAX, ORDER_LINES_MAX, ORDER_PUSH_MAX, ORDER_REMARK_MAX, allocationResultSchema, docCode, orderLineInput, salesOrderDetailSchema,
} from './sales-order.contract';

/**
 * Return to supplier (RTS) orders (spec §2 /rtsoutbound): stock going back to a supplier. An RTS
 * order is an outbound order of type RTS (sales_orders.order_type 3) with a document of its own
 * (rts_orders: supplier, RTS type, reason code, removal disposal, approval, RTS_STATUS along
 * RTS_DOC_LIFECYCLE): created pending within the supplier's RTS quota, approved or rejected by
 * someone other than its creator, allocated by the RTS allocate rules, released to picking (one
 * supplier per release) in one wave of its own, picked with the sales picking ops, and shipped per
 * finished picking task: the units leave the warehouse (return to supplier 4) with a manifest.
 * See docs/outbound.md "RTS orders".
 */

export const RTS_ORDER_PAGES = {
  list: '/rtsoutbound/order',
  create: '/rtsoutbound/create',
  edit: '/rtsoutbound/edit/$orderNo',
  approve: '/rtsoutbound/approve/$orderNo',
  allocate: '/rtsoutbound/allocate/$orderNo',
  detail: '/rtsoutbound/detail/$id',
} as const;

export const RTS_PICKING_PAGE = '/rtsoutbound/picking/{-$id}';
export const RTS_PICKING_TASK_PAGES = {
  list: '/rtsoutbound/task/picking',
  detail: '/rtsoutbound/task/picking/detail/$task_number/$order_no',
} as const;
export const RTS_SHIPPING_PAGES = {
  list: '/rtsoutbound/shipping',
  create: '/rtsoutbound/shipping/create/$taskNumber',
} as const;

export const RTS_ORDER_ACCESS = {
  view: { perm: derivePerm(RTS_ORDER_PAGES.list) },
  create: { perm: derivePerm('/rtsoutbound/order/create') },
  /** Edit while pending, and cancel before picking. */
  edit: { perm: derivePerm('/rtsoutbound/order/edit') },
  /** Approve or reject. */
  approve: { perm: derivePerm('/rtsoutbound/order/approve') },
  /** Allocate, and release to picking. */
  allocate: { perm: derivePerm('/rtsoutbound/order/allocate') },
  pick: { perm: pageActionPerm(RTS_PICKING_PAGE, 'Action') },
  tasks: { perm: derivePerm(RTS_PICKING_TASK_PAGES.list) },
  shipping: { perm: derivePerm(RTS_SHIPPING_PAGES.list) },
  /** Ship a task, and switch the manifest auto-print. */
  ship: { perm: derivePerm(RTS_SHIPPING_PAGES.create) },
} as const;

const orderNo = docCode(32);
const remark = z.string().trim().max(ORDER_REMARK_MAX).refine((s) => !s.includes('\0'), 'must not contain NUL characters').nullable().default(null);
const rtsType = z.literal(RTS_TYPE.options.map((o) => o.value as number) as [number, ...number[]]);
const reasonCode = z.literal(RTS_REASON.options.map((o) => o.value as string) as [string, ...string[]]);
const removalDisposal = z.literal(RTS_REMOVAL_DISPOSAL.options.map((o) => o.value as number) as [number, ...number[]]);

/** An RTS order as created or edited: the supplier, why and how it goes back, and what it takes. */
export const rtsOrderInput = z.object({
  supplier_id: docCode(64),
  rts_type: rtsType,
  reason_code: reasonCode,
  removal_disposal: removalDisposal.nullable().default(null),
  remark,
  lines: z.array(orderLineInput).min(1).max(ORDER_LINES_MAX),
});
export type RtsOrderInput = z.output<typeof rtsOrderInput>;

/** An RTS order: the outbound order's own fields and the document's. */
export const rtsOrderSchema = z.object({
  order_no: z.string(),
  supplier_id: z.string(),
  supplier_name: z.string().nullable(),
  /** RTS_TYPE. */
  rts_type: z.number().int(),
  /** RTS_REASON. */
  reason_code: z.string(),
  /** RTS_REMOVAL_DISPOSAL. */
  removal_disposal: z.number().int().nullable(),
  /** RTS_STATUS (the document: RTS_DOC_LIFECYCLE). */
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
  /** A virtual RTS with re-inbound, once shipped: the supplier's ASN that brings its units back. */
  reinbound_asn_no: z.string().nullable(),
  created_by: z.number().int(),
  created_by_name: z.string().nullable(),
  approved_by: z.number().int().nullable(),
  approved_by_name: z.string().nullable(),
  approved_at: z.number().int().nullable(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type RtsOrder = z.infer<typeof rtsOrderSchema>;

/** An RTS shipment: one finished picking task's units handed to the supplier, with its manifest. */
export const rtsShipmentSchema = z.object({
  shipment_no: z.string(),
  task_no: z.string(),
  supplier_id: z.string(),
  carrier_name: z.string().nullable(),
  tracking_no: z.string().nullable(),
  qty: z.number().int(),
  order_nos: z.array(z.string()),
  print_job_id: z.number().int().nullable(),
  shipped_by: z.number().int(),
  shipped_at: z.number().int(),
});
export type RtsShipment = z.infer<typeof rtsShipmentSchema>;

/** The detail page: the document, the outbound order's lines, allocations, tasks and log, and its shipments. */
export const rtsOrderDetailSchema = salesOrderDetailSchema.omit({ order: true }).extend({ order: rtsOrderSchema, shipments: z.array(rtsShipmentSchema) });
export type RtsOrderDetail = z.infer<typeof rtsOrderDetailSchema>;

/** A finished RTS picking task on the shipping list: shipped already (its shipment) or waiting. */
export const rtsShippingTaskSchema = pickingTaskSchema.extend({
  supplier_id: z.string().nullable(),
  order_nos: z.array(z.string()),
  shipment_no: z.string().nullable(),
});
export type RtsShippingTask = z.infer<typeof rtsShippingTaskSchema>;

/** One RTS order of a picking task: its share of the task's stops and units. */
export const rtsTaskOrderSchema = z.object({
  order_no: z.string(),
  /** RTS_STATUS of the document. */
  doc_status: z.number().int(),
  stops: z.number().int(),
  qty: z.number().int(),
  picked_qty: z.number().int(),
  short_qty: z.number().int(),
  /** Units still to pick (neither picked, short nor cancelled). */
  open_qty: z.number().int(),
});
export type RtsTaskOrder = z.infer<typeof rtsTaskOrderSchema>;

/**
 * An RTS picking task as its detail page shows it for one of its orders: the task, the named
 * order's stops (`lines`), the supplier the release was for and every order of the task.
 */
export const rtsPickingTaskDetailSchema = pickingWorkSchema.extend({
  order_no: z.string(),
  supplier_id: z.string(),
  orders: z.array(rtsTaskOrderSchema),
});
export type RtsPickingTaskDetail = z.infer<typeof rtsPickingTaskDetailSchema>;

export const RTS_SHIPPING_LIST_MAX = 200;
const CALLS = '/apps/process/outbound/rtsorder';
const orderNos = z.array(orderNo).min(1).max(ORDER_PUSH_MAX);
const free = (max: number) => z.string().trim().max(max).refine((s) => !s.includes('\0'), 'must not contain NUL characters').nullable().default(null);

export const rtsOrderContract = {
  getRtsOrderDetail: endpoint({
    method: 'GET', path: `${CALLS}/get_rts_order_detail`, access: RTS_ORDER_ACCESS.view,
    summary: 'One RTS order: the document (supplier, type, reason, status, approval) with its lines, allocations, picking tasks, shipments and log. -100404 when the warehouse has no such RTS order.',
    input: z.object({ order_no: orderNo }),
    output: rtsOrderDetailSchema,
  }),
  createRtsOrder: endpoint({
    method: 'POST', path: `${CALLS}/create_rts_order`, access: RTS_ORDER_ACCESS.create,
    summary: 'Creates an RTS order, pending approval. The supplier is one of the warehouse\'s (-100400 otherwise); an unknown SKU or more than the warehouse holds is -289002 naming the line; '
      + 'more than the supplier\'s RTS quota for the day is -286005. Nothing is written on a refusal.',
    input: rtsOrderInput,
    output: z.object({ order: rtsOrderSchema }),
  }),
  updateRtsOrder: endpoint({
    method: 'POST', path: `${CALLS}/update_rts_order`, access: RTS_ORDER_ACCESS.edit,
    summary: 'Replaces the supplier, type, reason, removal disposal, remark and lines of a pending RTS order (-100412 once approved, rejected or cancelled). The same checks as create.',
    input: rtsOrderInput.extend({ order_no: orderNo }),
    output: z.object({ order: rtsOrderSchema }),
  }),
  approveRtsOrder: endpoint({
    method: 'POST', path: `${CALLS}/approve_rts_order`, access: RTS_ORDER_ACCESS.approve,
    summary: 'Approves a pending RTS order within its supplier\'s RTS quota (-286005 beyond it). -286003 when the caller created it, -100412 when it is not pending.',
    input: z.object({ order_no: orderNo }),
    output: z.object({ order: rtsOrderSchema }),
  }),
  rejectRtsOrder: endpoint({
    method: 'POST', path: `${CALLS}/reject_rts_order`, access: RTS_ORDER_ACCESS.approve,
    summary: 'Rejects a pending RTS order with the reason (final; the order is cancelled on the floor). -286003 when the caller created it, -100412 when it is not pending.',
    input: z.object({ order_no: orderNo, reason: docCode(CANCEL_REASON_MAX) }),
    output: z.object({ order: rtsOrderSchema }),
  }),
  cancelRtsOrder: endpoint({
    method: 'POST', path: `${CALLS}/cancel_rts_order`, access: RTS_ORDER_ACCESS.edit,
    summary: 'Cancels an RTS order before it is released to picking, releasing its allocations through the sales cancel path. -100412 afterwards.',
    input: z.object({ order_no: orderNo, reason: docCode(CANCEL_REASON_MAX) }),
    output: z.object({ order: rtsOrderSchema }),
  }),
  allocateRtsOrders: endpoint({
    method: 'POST', path: `${CALLS}/allocate_rts_orders`, access: RTS_ORDER_ACCESS.allocate,
    summary: 'Allocates approved RTS orders by the RTS allocate rules, all of an order or none. An order short of stock is answered allocated false with the SKUs short and left as it was; '
      + '-286001 when none could be; -100412 when an order is not approved.',
    input: z.object({ order_nos: orderNos }),
    output: z.object({ results: z.array(allocationResultSchema) }),
  }),
  releaseRtsOrders: endpoint({
    method: 'POST', path: `${CALLS}/release_rts_orders`, access: RTS_ORDER_ACCESS.allocate,
    summary: 'Releases allocated RTS orders of one supplier to picking in one wave of RTS orders (-100400 for orders of several suppliers); the orders become outbounding. '
      + '-100412 when an order is not allocated.',
    input: z.object({ order_nos: orderNos }),
    output: z.object({ wave_no: z.string(), task_nos: z.array(z.string()) }),
  }),
  claimRtsPickingTask: endpoint({
    method: 'POST', path: `${CALLS}/claim_rts_picking_task`, access: RTS_ORDER_ACCESS.pick, offlineRead: true,
    summary: 'The RTS picking screen\'s claim: as claim_picking_task, over the picking tasks of RTS waves only. Picks are the shared picking ops, which ask Pick RTS orders of an RTS task.',
    input: z.object({ task_no: docCode(32).nullable().default(null), container_code: docCode(32).nullable().default(null) }),
    output: pickingWorkSchema,
  }),
  getRtsPickingTaskDetail: endpoint({
    method: 'GET', path: `${CALLS}/get_rts_picking_task_detail`, access: RTS_ORDER_ACCESS.tasks,
    summary: 'One picking task of an RTS wave for one of its orders: the task, that order\'s stops, the supplier and every order of the task with its picked and open units. '
      + '-100404 for a task of another order type or warehouse, and for an order not on the task (`data.order_nos` names the task\'s orders).',
    input: z.object({ task_no: docCode(32), order_no: orderNo }),
    output: rtsPickingTaskDetailSchema,
  }),
  listRtsShippingTasks: endpoint({
    method: 'GET', path: `${CALLS}/rtsshipment/list_rts_shipping_task`, access: RTS_ORDER_ACCESS.shipping,
    summary: `The finished picking tasks of RTS waves, newest first (at most ${RTS_SHIPPING_LIST_MAX}): those waiting to ship (shipped 0), or those shipped (1) with their shipment.`,
    input: z.object({ shipped: z.coerce.number().pipe(z.literal([0, 1])).default(0), task_no: docCode(32).optional() }),
    output: z.object({ list: z.array(rtsShippingTaskSchema) }),
  }),
  createRtsShipment: endpoint({
    method: 'POST', path: `${CALLS}/rtsshipment/create_rts_shipment`, access: RTS_ORDER_ACCESS.ship,
    summary: 'Ships a finished RTS picking task to its supplier: its picked units leave the warehouse from the container (return to supplier 4), its orders ship (outbound once all their '
      + 'tasks have; the documents shipping, then done), the removal disposal is recorded, and the manifest is logged in the print log — and answered to print at once when the '
      + 'warehouse\'s manifest auto-print is on. -100412 for a task not finished or shipped already; -100404 for a task of another order type or warehouse.',
    input: z.object({ task_no: docCode(32), carrier_name: free(100), tracking_no: free(64), removal_disposal: removalDisposal.nullable().default(null) }),
    output: z.object({ shipment: rtsShipmentSchema, auto_print: z.boolean(), print_job: printJobSchema }),
  }),
  getManifestAutoPrintConfig: endpoint({
    method: 'GET', path: `${CALLS}/rtsshipment/get_manifest_auto_print_config`, access: RTS_ORDER_ACCESS.shipping,
    summary: 'Whether an RTS shipment\'s manifest prints at once (config_value 1) or waits in the print log (0, the default).',
    input: z.object({}),
    output: z.object({ config_value: z.number().int() }),
  }),
  updateManifestAutoPrintConfig: endpoint({
    method: 'POST', path: `${CALLS}/rtsshipment/update_manifest_auto_print_config`, access: RTS_ORDER_ACCESS.ship,
    summary: 'Switches the warehouse\'s RTS manifest auto-print: config_value 1 on, 0 off.',
    input: z.object({ config_value: z.literal([0, 1]) }),
    output: z.object({ config_value: z.number().int() }),
  }),
} as const;
