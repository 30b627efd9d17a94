import {
  ARRIVAL_TIMELINESS, ASN_SOURCE, INBOUND_EXCEPTION_STATUS, INBOUND_ORDER_TYPE, INBOUND_STATUS, PURCHASE_TYPE, TRACKING_ID_STATUS, YES_NO, codeEnum,
} from '../codes';
import { defineResource } from './define';

/**
 * ASNs and their list variants (spec §2 /inbound/order: "the same view serves ASN Group, Queue
 * List, Tracking ID, Reprocess Order, JIT ASN lists"): each list is a definition over the same
 * table with the rows it shows fixed. ASNs are created, shown and moved by asn.contract.ts (lines,
 * slot booking and the lifecycle are more than a row's fields), so these definitions only list.
 */

const ASN_CALLS = '/apps/process/inbound/asn';
const S = INBOUND_STATUS.values;
const E = INBOUND_EXCEPTION_STATUS.values;

/** The pages of ASNs (spec §2); the create and detail pages are screens of their own. */
export const ASN_PAGES = {
  list: '/inbound/order',
  create: '/inbound/order/createasn',
  detail: '/inbound/order/detail/$id',
  jitList: '/inbound/jitorder',
  jitDetail: '/inbound/jitorder/detail/$id',
  reprocessList: '/inbound/reprocessorder',
  reprocessDetail: '/inbound/reprocessorder/$id',
  queueList: '/inbound/queuelist',
  groupList: '/inbound/asngroup',
  groupDetail: '/inbound/asngroup/detail',
  trackingList: '/inbound/trackingid',
  trackingDetail: '/inbound/trackingiddetail',
} as const;

/** Statuses of ASNs at the dock waiting for counting: the queue list. */
export const QUEUED_ASN_STATUSES = [S.ARRIVING, S.ARRIVED] as const;
/** Statuses of an inbound exception still to be settled: its ASN is a reprocess order. */
export const OPEN_EXCEPTION_STATUSES = [E.PENDING, E.CHECKED, E.BD_CONFIRMED] as const;

const readOnlyText = (label: string, max = 64) => ({ kind: 'text', label, readOnly: true, max }) as const;

/** The columns of every ASN list (asn_orders). */
const asnFields = {
  asn_no: { ...readOnlyText(/*i18n*/ 'ASN No.', 32), sortable: true, filter: { op: 'in', type: 'card' } },
  group_no: { ...readOnlyText(/*i18n*/ 'ASN Group No.', 32), sortable: true, filter: { op: 'eq', type: 'input' } },
  status: { kind: 'enum', label: /*i18n*/ 'Status', readOnly: true, status: true, ...codeEnum(INBOUND_STATUS), sortable: true, filter: { op: 'eq', type: 'select' } },
  inbound_type: { kind: 'enum', label: /*i18n*/ 'Inbound Type', readOnly: true, ...codeEnum(INBOUND_ORDER_TYPE), filter: { op: 'eq', type: 'select' } },
  purchase_type: { kind: 'enum', label: /*i18n*/ 'Purchase Type', readOnly: true, ...codeEnum(PURCHASE_TYPE), filter: { op: 'eq', type: 'select' } },
  supplier_id: { ...readOnlyText(/*i18n*/ 'Supplier ID'), sortable: true, filter: { op: 'in', type: 'card' } },
  po_no: { ...readOnlyText(/*i18n*/ 'PO No.'), filter: { op: 'contains', type: 'input' } },
  is_jit: { kind: 'bool', label: /*i18n*/ 'JIT', readOnly: true, ...codeEnum(YES_NO), filter: { op: 'eq', type: 'select', hide: true } },
  source: { kind: 'enum', label: /*i18n*/ 'Source', readOnly: true, ...codeEnum(ASN_SOURCE), hideInList: true, filter: { op: 'eq', type: 'select', hide: true } },
  slot_date: { ...readOnlyText(/*i18n*/ 'Delivery Date', 10), sortable: true },
  slot_shift_id: { kind: 'int', label: /*i18n*/ 'Shift ID', readOnly: true, hideInList: true },
  expected_arrival_at: {
    kind: 'time', label: /*i18n*/ 'Expected Arrival', readOnly: true, sortable: true, filter: { op: 'range', type: 'datetimeRange' },
  },
  arrival_timeliness: {
    kind: 'enum', label: /*i18n*/ 'Arrival Timeliness', readOnly: true, ...codeEnum(ARRIVAL_TIMELINESS), filter: { op: 'eq', type: 'select', hide: true },
  },
  expected_cartons: { kind: 'int', label: /*i18n*/ 'Expected Cartons', readOnly: true },
  total_expected_qty: { kind: 'int', label: /*i18n*/ 'Expected Qty', readOnly: true },
  arrived_at: { kind: 'time', label: /*i18n*/ 'Arrived At', readOnly: true },
  created_at: { kind: 'time', label: /*i18n*/ 'Created At', readOnly: true, sortable: true, filter: { op: 'range', type: 'datetimeRange' } },
  remark: { ...readOnlyText(/*i18n*/ 'Remark', 500), hideInList: true },
  close_reason: { ...readOnlyText(/*i18n*/ 'Close Reason', 500), hideInList: true },
} as const;

const asnList = { key: 'asn_no', warehouseScoped: true, table: 'asn_orders', fields: asnFields } as const;

/** The ASN list (spec §2 /inbound/order), newest first; Create ASN and each ASN's detail are screens. */
export const asnResource = defineResource({
  ...asnList,
  name: 'asn',
  api: { list: { path: `${ASN_CALLS}/search_asn` } },
  pages: { list: ASN_PAGES.list, create: ASN_PAGES.create, detail: ASN_PAGES.detail },
  ownScreens: ['detail', 'create'],
  defaultSort: { field: 'created_at', desc: true },
});

/** Queue List (spec §2 /inbound/queuelist): ASNs arriving or arrived, waiting for counting, in the order they are expected at the dock. */
export const asnQueueResource = defineResource({
  ...asnList,
  name: 'asn_queue',
  fixed: { status: QUEUED_ASN_STATUSES },
  api: { list: { path: `${ASN_CALLS}/search_queue_list` } },
  pages: { list: ASN_PAGES.queueList, detail: ASN_PAGES.detail },
  ownScreens: ['detail'],
  defaultSort: { field: 'expected_arrival_at', desc: false },
});

/** JIT ASN List (spec §2 /inbound/jitorder): the just-in-time ASNs. */
export const jitAsnResource = defineResource({
  ...asnList,
  name: 'jit_asn',
  fixed: { is_jit: true },
  api: { list: { path: `${ASN_CALLS}/search_jit_asn` } },
  pages: { list: ASN_PAGES.jitList, detail: ASN_PAGES.jitDetail },
  ownScreens: ['detail'],
  defaultSort: { field: 'created_at', desc: true },
});

/** Reprocess Order (spec §2 /inbound/reprocessorder): ASNs with an inbound exception still to be settled. */
export const reprocessOrderResource = defineResource({
  ...asnList,
  name: 'reprocess_order',
  related: { table: 'inbound_exceptions', on: { asn_no: 'asn_no' }, fixed: { status: OPEN_EXCEPTION_STATUSES } },
  api: { list: { path: `${ASN_CALLS}/search_reprocess_order` } },
  pages: { list: ASN_PAGES.reprocessList, detail: ASN_PAGES.reprocessDetail },
  ownScreens: ['detail'],
  defaultSort: { field: 'created_at', desc: true },
});

/** The pages of Move Transfer Inbound (spec §2 /moveinbound) that list and show ASNs. */
export const MT_ASN_PAGES = {
  list: '/moveinbound/order',
  detail: '/moveinbound/order/detail/$id',
  queueList: '/moveinbound/queuelist',
} as const;

const TRANSFER_INBOUND = INBOUND_ORDER_TYPE.values.TRANSFER_INBOUND;

/**
 * Move Transfer Inbound's ASN List (spec §2 /moveinbound/order): the Transfer Inbound ASNs only,
 * those move transfers from other warehouses create (docs/transfer.md). The inbound ASN List keeps
 * showing every type: the dock receives them all, and its type filter narrows it.
 */
export const mtAsnResource = defineResource({
  ...asnList,
  name: 'mt_asn',
  fixed: { inbound_type: TRANSFER_INBOUND },
  api: { list: { path: `${ASN_CALLS}/search_mt_asn` } },
  pages: { list: MT_ASN_PAGES.list, detail: MT_ASN_PAGES.detail },
  ownScreens: ['detail'],
  defaultSort: { field: 'created_at', desc: true },
});

/** Move Transfer Inbound's Queue List (spec §2 /moveinbound/queuelist): Transfer Inbound ASNs arriving or arrived. */
export const mtAsnQueueResource = defineResource({
  ...asnList,
  name: 'mt_asn_queue',
  fixed: { status: QUEUED_ASN_STATUSES, inbound_type: TRANSFER_INBOUND },
  api: { list: { path: `${ASN_CALLS}/search_mt_queue_list` } },
  pages: { list: MT_ASN_PAGES.queueList, detail: MT_ASN_PAGES.detail },
  ownScreens: ['detail'],
  defaultSort: { field: 'expected_arrival_at', desc: false },
});

/** The pages of Return Inbound (spec §2 /returninbound) that list and show return ASNs (return-order.resource.ts). */
export const RETURN_ASN_PAGES = {
  list: '/returninbound/order',
  detail: '/returninbound/order/detail/$id',
  create: '/returninbound/order/create/{-$inbound_type}/{-$return_reason}',
  queueList: '/returninbound/queuelist',
} as const;

/** ASN groups (spec §2 /inbound/asngroup): ASNs that arrive and are counted together; the detail lists its ASNs. */
export const asnGroupResource = defineResource({
  name: 'asn_group',
  table: 'asn_groups',
  api: {
    list: { path: `${ASN_CALLS}/search_asn_group` },
    detail: { path: `${ASN_CALLS}/get_asn_group_detail` },
  },
  pages: { list: ASN_PAGES.groupList, detail: ASN_PAGES.groupDetail },
  ownScreens: ['detail'],
  key: 'group_no',
  warehouseScoped: true,
  fields: {
    group_no: { ...readOnlyText(/*i18n*/ 'ASN Group No.', 32), sortable: true, filter: { op: 'in', type: 'card' } },
    status: { kind: 'enum', label: /*i18n*/ 'Status', readOnly: true, status: true, ...codeEnum(INBOUND_STATUS), filter: { op: 'eq', type: 'select' } },
    counting_completed_at: { kind: 'time', label: /*i18n*/ 'Counting Completed At', readOnly: true },
    created_at: { kind: 'time', label: /*i18n*/ 'Created At', readOnly: true, sortable: true, filter: { op: 'range', type: 'datetimeRange' } },
  },
  defaultSort: { field: 'created_at', desc: true },
});

/** Tracking IDs (spec §2 /inbound/trackingid, trackingiddetail): the cartons and parcels of inbound shipments. */
export const trackingIdResource = defineResource({
  name: 'tracking_id',
  table: 'inbound_tracking_ids',
  api: {
    list: { path: `${ASN_CALLS}/search_tracking_id` },
    detail: { path: `${ASN_CALLS}/get_tracking_id_detail` },
  },
  pages: { list: ASN_PAGES.trackingList, detail: ASN_PAGES.trackingDetail },
  key: 'tracking_id',
  warehouseScoped: true,
  fields: {
    tracking_id: { ...readOnlyText(/*i18n*/ 'Tracking ID'), sortable: true, filter: { op: 'in', type: 'card' } },
    asn_no: { ...readOnlyText(/*i18n*/ 'ASN No.', 32), filter: { op: 'eq', type: 'input' } },
    group_no: { ...readOnlyText(/*i18n*/ 'ASN Group No.', 32), filter: { op: 'eq', type: 'input' } },
    status: { kind: 'enum', label: /*i18n*/ 'Status', readOnly: true, status: true, ...codeEnum(TRACKING_ID_STATUS), filter: { op: 'eq', type: 'select' } },
    carton_qty: { kind: 'int', label: /*i18n*/ 'Cartons', readOnly: true },
    arrived_at: { kind: 'time', label: /*i18n*/ 'Arrived At', readOnly: true },
    created_at: { kind: 'time', label: /*i18n*/ 'Created At', readOnly: true, sortable: true, filter: { op: 'range', type: 'datetimeRange' } },
  },
  defaultSort: { field: 'created_at', desc: true },
});
