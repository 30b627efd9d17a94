import { RTS_STATUS, SALES_ORDER_STATUS, codeEnum } from '../codes';
import { MT_ORDER_PAGES } from '../contract/mt-order.contract';
import { defineResource } from './define';
import { qtyField } from './stock-fields';

/**
 * The MT order list (spec §2 /mtoutbound/order): MT documents with their outbound order's progress
 * (server/modules/outbound/mt-order.reads.ts), highest destination priority first (Rule Center ›
 * MT Destination Priority), then newest. Created, edited, approved, allocated and released by
 * mt-order.contract.ts; the detail is a screen of its own (order/detail?order_no=…).
 */
export const mtOrderResource = defineResource({
  name: 'mt_order',
  query: 'mt_order',
  api: { list: { path: '/apps/process/outbound/mtorder/search_mt_order' } },
  pages: { list: MT_ORDER_PAGES.list, detail: MT_ORDER_PAGES.detail },
  ownScreens: ['list', 'detail'],
  key: 'order_no',
  warehouseScoped: true,
  fields: {
    order_no: { kind: 'text', label: /*i18n*/ 'Order No.', max: 32, sortable: true, filter: { op: 'in', type: 'card' } },
    dest_whs_id: { kind: 'text', label: /*i18n*/ 'Destination Warehouse', max: 32, filter: { op: 'eq', type: 'input' } },
    dest_priority: { kind: 'int', label: /*i18n*/ 'Destination Priority', sortable: true },
    doc_status: { kind: 'enum', label: /*i18n*/ 'Status', status: true, ...codeEnum(RTS_STATUS), filter: { op: 'eq', type: 'select' } },
    status: { kind: 'enum', label: /*i18n*/ 'Outbound Status', status: true, ...codeEnum(SALES_ORDER_STATUS), filter: { op: 'eq', type: 'select', hide: true } },
    line_count: qtyField(/*i18n*/ 'Lines'),
    total_qty: qtyField(/*i18n*/ 'Total Qty'),
    allocated_qty: qtyField(/*i18n*/ 'Allocated Qty'),
    picked_qty: qtyField(/*i18n*/ 'Picked Qty'),
    wave_no: { kind: 'text', label: /*i18n*/ 'Wave No.', max: 32, filter: { op: 'eq', type: 'input', hide: true } },
    remark: { kind: 'text', label: /*i18n*/ 'Remark', max: 500, hideInList: true },
    reject_reason: { kind: 'text', label: /*i18n*/ 'Reject Reason', max: 200, hideInList: true },
    created_by: { kind: 'user', label: /*i18n*/ 'Created By', readOnly: true, filter: { op: 'eq', type: 'select', hide: true } },
    approved_by: { kind: 'user', label: /*i18n*/ 'Approved By', readOnly: true, hideInList: true },
    created_at: { kind: 'time', label: /*i18n*/ 'Created At', sortable: true, filter: { op: 'range', type: 'datetimeRange' } },
    approved_at: { kind: 'time', label: /*i18n*/ 'Approved At', hideInList: true },
  },
  tieBreak: ['order_no'],
  defaultSort: { field: 'dest_priority', desc: false },
});

/**
 * MT destination priority (spec §2 Rule Center › MT Destination Priority): this warehouse's
 * destinations in order, 1 first. When MT orders compete for the same stock at allocation, those to
 * a higher destination get it first; the MT order list sorts by it. Any other warehouse of the
 * deployment may be listed (server: mt-order.hooks.ts); an unlisted one comes last.
 */
export const mtDestinationPriorityResource = defineResource({
  name: 'mt_destination_priority',
  table: 'mt_destination_priorities',
  api: {
    list: { path: '/apps/rulecenter/mtdestinationpriority/search_mt_destination_priority' },
    detail: { path: '/apps/rulecenter/mtdestinationpriority/get_mt_destination_priority_detail' },
    create: { path: '/apps/rulecenter/mtdestinationpriority/create_mt_destination_priority' },
    update: { path: '/apps/rulecenter/mtdestinationpriority/update_mt_destination_priority' },
    delete: { path: '/apps/rulecenter/mtdestinationpriority/delete_mt_destination_priority' },
  },
  pages: {
    list: '/rulecenter/mtDestinationPriority',
    create: '/rulecenter/mtDestinationPriority/create',
    edit: '/rulecenter/mtDestinationPriority/edit',
    detail: '/rulecenter/mtDestinationPriority/view',
  },
  key: 'dest_whs_id',
  warehouseScoped: true,
  fields: {
    dest_whs_id: { kind: 'text', label: /*i18n*/ 'Destination Warehouse', required: true, max: 32, sortable: true, filter: { op: 'eq', type: 'input' } },
    priority: { kind: 'int', label: /*i18n*/ 'Priority', required: true, min: 1, max: 9999, sortable: true },
    created_at: { kind: 'time', label: /*i18n*/ 'Created At', readOnly: true },
  },
  defaultSort: { field: 'priority', desc: false },
});
