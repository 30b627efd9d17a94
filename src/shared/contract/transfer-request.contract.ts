import { z } from 'zod';
import { derivePerm, pageActionPerm } from '../routes/derive';
import { isoDate } from './asn.contract';
import { endpoint } from './define';
import { CANCEL_REASON_MAX, ORDER_LINES_MAX, ORDER_REMARK_MAX, docCode, orderLineInput } from './sales-order.contract';

/**
 * Transfer requests and transfer tasks (spec §2 Transfer › transferRequest/request, transferTask;
 * docs/transfer.md "Transfer requests and tasks"). A warehouse that needs stock asks another
 * warehouse of the deployment (its source) for SKUs by their code; the request is the requester's
 * document, the source sees it as incoming and accepts it (making an MT order in its own warehouse,
 * pending approval) or rejects it with a reason; the requester cancels it before then. A transfer
 * task is an MT order of this warehouse seen through its execution: picking to receipt.
 * The lists are the registry's (resources/transfer-request.resource.ts).
 */

export const TRANSFER_REQUEST_PAGES = {
  list: '/transfer/transferRequest/request',
  dashboard: '/transfer/transferRequest/dashboard',
  taskList: '/transfer/transferTask',
  taskDetail: '/transfer/transferTask/detail/$id',
} as const;

export const TRANSFER_REQUEST_ACCESS = {
  view: { perm: derivePerm(TRANSFER_REQUEST_PAGES.list) },
  /** Raise a request, and cancel one's own before it is decided. */
  create: { perm: pageActionPerm(TRANSFER_REQUEST_PAGES.list, 'Create') },
  /** Accept (making the MT order) or reject an incoming request. */
  decide: { perm: pageActionPerm(TRANSFER_REQUEST_PAGES.list, 'Action') },
  tasks: { perm: derivePerm(TRANSFER_REQUEST_PAGES.taskList) },
} as const;

export const TRANSFER_REQUEST_QTY_MAX = 99_999;

const requestNo = docCode(32);
const remark = z.string().trim().max(ORDER_REMARK_MAX).refine((s) => !s.includes('\0'), 'must not contain NUL characters').nullable().default(null);

export const transferRequestInput = z.object({
  source_whs_id: docCode(32),
  needed_by: isoDate().nullable().default(null),
  remark,
  lines: z.array(orderLineInput.extend({ qty: z.number().int().min(1).max(TRANSFER_REQUEST_QTY_MAX) })).min(1).max(ORDER_LINES_MAX),
});
export type TransferRequestInput = z.output<typeof transferRequestInput>;

const seconds = z.number().int();

export const transferRequestSchema = z.object({
  request_no: z.string(),
  /** TRANSIT_DIRECTION: outgoing when this warehouse asked, incoming when it is asked. */
  direction: z.number().int(),
  requester_whs_id: z.string(),
  source_whs_id: z.string(),
  /** TRANSFER_REQUEST_STATUS (the later stages read from the MT order and its shipment). */
  status: z.number().int(),
  needed_by: z.string().nullable(),
  remark: z.string().nullable(),
  mt_order_no: z.string().nullable(),
  shipment_no: z.string().nullable(),
  reject_reason: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  line_count: z.number().int(),
  total_qty: z.number().int(),
  created_by_name: z.string().nullable(),
  decided_by_name: z.string().nullable(),
  decided_at: seconds.nullable(),
  created_at: seconds,
  lines: z.array(z.object({ line_no: z.number().int(), sku_id: z.string(), sku_name: z.string().nullable(), qty: z.number().int() })),
});
export type TransferRequest = z.infer<typeof transferRequestSchema>;

const qtys = {
  requested_qty: z.number().int(), picked_qty: z.number().int(), shipped_qty: z.number().int(), received_qty: z.number().int(),
  short_qty: z.number().int(), over_qty: z.number().int(), damaged_qty: z.number().int(),
};

export const transferTaskSchema = z.object({
  order_no: z.string(),
  dest_whs_id: z.string(),
  dest_whs_name: z.string(),
  request_no: z.string().nullable(),
  /** TRANSFER_TASK_STAGE. */
  stage: z.number().int(),
  /** RTS_STATUS of the MT document, SALES_ORDER_STATUS of its outbound order, TRANSIT_SHIPMENT_STATUS of its shipment. */
  doc_status: z.number().int(),
  status: z.number().int(),
  shipment_no: z.string().nullable(),
  shipment_status: z.number().int().nullable(),
  dest_asn_no: z.string().nullable(),
  ...qtys,
  created_at: seconds,
  lines: z.array(z.object({ sku_id: z.string(), sku_name: z.string().nullable(), ...qtys })),
});
export type TransferTask = z.infer<typeof transferTaskSchema>;

const counts = z.object({ outgoing: z.number().int(), incoming: z.number().int() });

const CALLS = '/apps/process/transfer/transferrequest';

export const transferRequestContract = {
  listTransferSources: endpoint({
    method: 'GET', path: `${CALLS}/list_transfer_sources`, access: TRANSFER_REQUEST_ACCESS.view,
    summary: 'The warehouses a request may ask: every other warehouse of the deployment.',
    input: z.object({}),
    output: z.object({ list: z.array(z.object({ whs_id: z.string(), whs_name: z.string() })) }),
  }),
  getTransferRequest: endpoint({
    method: 'GET', path: `${CALLS}/get_transfer_request`, access: TRANSFER_REQUEST_ACCESS.view,
    summary: 'A transfer request this warehouse raised or is asked, with its lines. -100404 for any other warehouse.',
    input: z.object({ request_no: requestNo }),
    output: transferRequestSchema,
  }),
  createTransferRequest: endpoint({
    method: 'POST', path: `${CALLS}/create_transfer_request`, access: TRANSFER_REQUEST_ACCESS.create,
    summary: 'Asks another warehouse of the deployment for SKUs of its master by their code. -100400 for this warehouse, an unknown one, a SKU the source does not know '
      + 'or a SKU named twice; nothing is written on a refusal.',
    input: transferRequestInput,
    output: transferRequestSchema,
  }),
  cancelTransferRequest: endpoint({
    method: 'POST', path: `${CALLS}/cancel_transfer_request`, access: TRANSFER_REQUEST_ACCESS.create,
    summary: 'The requester withdraws its request before the source decides. -100412 once accepted, rejected or cancelled; -100404 when this warehouse did not raise it.',
    input: z.object({ request_no: requestNo, reason: docCode(CANCEL_REASON_MAX) }),
    output: transferRequestSchema,
  }),
  acceptTransferRequest: endpoint({
    method: 'POST', path: `${CALLS}/accept_transfer_request`, access: TRANSFER_REQUEST_ACCESS.decide,
    summary: 'The source accepts a request to it: an MT order to the requester with its lines is created here, pending approval (as create_mt_order: -289002 for a SKU '
      + 'this warehouse does not hold enough of). -100404 unless this warehouse is the source; -100412 unless requested.',
    input: z.object({ request_no: requestNo }),
    output: transferRequestSchema,
  }),
  rejectTransferRequest: endpoint({
    method: 'POST', path: `${CALLS}/reject_transfer_request`, access: TRANSFER_REQUEST_ACCESS.decide,
    summary: 'The source rejects a request to it with the reason (final). -100404 unless this warehouse is the source; -100412 unless requested.',
    input: z.object({ request_no: requestNo, reason: docCode(CANCEL_REASON_MAX) }),
    output: transferRequestSchema,
  }),
  getTransferRequestCounts: endpoint({
    method: 'GET', path: `${CALLS}/get_transfer_request_counts`, access: { perm: derivePerm(TRANSFER_REQUEST_PAGES.dashboard) },
    summary: 'The Request Dashboard\'s open requests: those this warehouse raised (outgoing) and those it is asked (incoming), waiting for the source.',
    input: z.object({}),
    output: z.object({ requested: counts }),
  }),
  getTransferTask: endpoint({
    method: 'GET', path: '/apps/process/transfer/transfertask/get_transfer_task', access: TRANSFER_REQUEST_ACCESS.tasks,
    summary: 'An MT order of this warehouse through its execution: stage, quantities requested, picked, shipped, received, short, over and damaged, per SKU too. -100404 for another warehouse\'s.',
    input: z.object({ order_no: docCode(32) }),
    output: transferTaskSchema,
  }),
} as const;
