import { RTS_STATUS, SALES_ORDER_STATUS, TRANSFER_REQUEST_STATUS, TRANSFER_TASK_STAGE, TRANSIT_DIRECTION, TRANSIT_SHIPMENT_STATUS, codeEnum } from '../codes';
import { TRANSFER_REQUEST_PAGES } from '../contract/transfer-request.contract';
import { defineResource } from './define';
import { qtyField } from './stock-fields';

/**
 * Request List (spec §2 /transfer/transferRequest/request): the transfer requests this warehouse
 * raised (outgoing) and those it is asked (incoming), newest first (server: outbound/transfer-request.reads.ts).
 * Raised, cancelled, accepted and rejected by transfer-request.contract.ts; the list screen is its own
 * (the form and the decisions), its detail a drawer of it.
 */
export const transferRequestResource = defineResource({
  name: 'transfer_request',
  query: 'transfer_requests',
  api: { list: { path: '/apps/process/transfer/transferrequest/search_transfer_request' } },
  pages: { list: TRANSFER_REQUEST_PAGES.list },
  ownScreens: ['list'],
  key: 'request_no',
  warehouseScoped: true,
  fields: {
    request_no: { kind: 'text', label: /*i18n*/ 'Request No.', max: 32, sortable: true, filter: { op: 'in', type: 'card' } },
    direction: { kind: 'enum', label: /*i18n*/ 'Direction', ...codeEnum(TRANSIT_DIRECTION), filter: { op: 'eq', type: 'select' } },
    status: { kind: 'enum', label: /*i18n*/ 'Status', status: true, ...codeEnum(TRANSFER_REQUEST_STATUS), filter: { op: 'eq', type: 'select' } },
    requester_whs_id: { kind: 'text', label: /*i18n*/ 'Requesting Warehouse', max: 32 },
    source_whs_id: { kind: 'text', label: /*i18n*/ 'Source Warehouse', max: 32 },
    needed_by: { kind: 'text', label: /*i18n*/ 'Needed By', max: 10 },
    line_count: qtyField(/*i18n*/ 'Lines'),
    total_qty: qtyField(/*i18n*/ 'Total Qty'),
    mt_order_no: { kind: 'text', label: /*i18n*/ 'MT Order No.', max: 32, filter: { op: 'eq', type: 'input', hide: true } },
    remark: { kind: 'text', label: /*i18n*/ 'Remark', max: 500, hideInList: true },
    reject_reason: { kind: 'text', label: /*i18n*/ 'Reject Reason', max: 200, hideInList: true },
    created_at: { kind: 'time', label: /*i18n*/ 'Created At', sortable: true, filter: { op: 'range', type: 'datetimeRange' } },
  },
  defaultSort: { field: 'created_at', desc: true },
});

/**
 * Transfer Task (spec §2 /transfer/transferTask): this warehouse's MT orders through their execution —
 * the stage from picking to receipt at the destination and the quantities of each step
 * (server: outbound/transfer-request.reads.ts). The detail is a screen of its own.
 */
export const transferTaskResource = defineResource({
  name: 'transfer_task',
  query: 'transfer_tasks',
  api: { list: { path: '/apps/process/transfer/transfertask/search_transfer_task' } },
  pages: { list: TRANSFER_REQUEST_PAGES.taskList, detail: TRANSFER_REQUEST_PAGES.taskDetail },
  ownScreens: ['detail'],
  key: 'order_no',
  warehouseScoped: true,
  fields: {
    order_no: { kind: 'text', label: /*i18n*/ 'MT Order No.', max: 32, sortable: true, filter: { op: 'in', type: 'card' } },
    dest_whs_id: { kind: 'text', label: /*i18n*/ 'Destination Warehouse', max: 32, filter: { op: 'eq', type: 'input' } },
    request_no: { kind: 'text', label: /*i18n*/ 'Request No.', max: 32, filter: { op: 'eq', type: 'input', hide: true } },
    stage: { kind: 'enum', label: /*i18n*/ 'Status', status: true, ...codeEnum(TRANSFER_TASK_STAGE), filter: { op: 'eq', type: 'select' } },
    doc_status: { kind: 'enum', label: /*i18n*/ 'Order Status', status: true, ...codeEnum(RTS_STATUS), hideInList: true },
    status: { kind: 'enum', label: /*i18n*/ 'Outbound Status', status: true, ...codeEnum(SALES_ORDER_STATUS), hideInList: true },
    shipment_no: { kind: 'text', label: /*i18n*/ 'Shipment No.', max: 64 },
    shipment_status: { kind: 'enum', label: /*i18n*/ 'Shipment Status', status: true, ...codeEnum(TRANSIT_SHIPMENT_STATUS), hideInList: true },
    requested_qty: qtyField(/*i18n*/ 'Requested Qty'),
    picked_qty: qtyField(/*i18n*/ 'Picked Qty'),
    shipped_qty: qtyField(/*i18n*/ 'Shipped Qty'),
    received_qty: qtyField(/*i18n*/ 'Received Qty'),
    short_qty: qtyField(/*i18n*/ 'Short Qty'),
    over_qty: qtyField(/*i18n*/ 'Over Qty'),
    damaged_qty: qtyField(/*i18n*/ 'Damaged Qty'),
    created_at: { kind: 'time', label: /*i18n*/ 'Created At', sortable: true, filter: { op: 'range', type: 'datetimeRange' } },
  },
  defaultSort: { field: 'created_at', desc: true },
});
