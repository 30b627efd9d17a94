import { INBOUND_STATUS, RETURN_DISPUTE_KIND, RETURN_DISPUTE_STATUS, RETURN_INBOUND_REASON, RETURN_ORDER_SOURCE, codeEnum } from '../codes';
import { QUEUED_ASN_STATUSES, RETURN_ASN_PAGES } from './asn.resource';
import { defineResource, type FieldDef } from './define';
import { qtyField } from './stock-fields';

/** The columns of the return lists: the return with its ASN's status and progress (server: return-order.reads.ts). */
const returnFields = {
  asn_no: { kind: 'text', label: /*i18n*/ 'ASN No.', max: 32, sortable: true, filter: { op: 'in', type: 'card' } },
  return_order_no: { kind: 'text', label: /*i18n*/ 'Return Order No.', max: 64, filter: { op: 'eq', type: 'input' } },
  tracking_no: { kind: 'text', label: /*i18n*/ 'Tracking No.', max: 64, filter: { op: 'eq', type: 'input' } },
  sales_order_no: { kind: 'text', label: /*i18n*/ 'Sales Order No.', max: 64, filter: { op: 'eq', type: 'input', hide: true } },
  status: { kind: 'enum', label: /*i18n*/ 'Status', status: true, ...codeEnum(INBOUND_STATUS), filter: { op: 'eq', type: 'select' } },
  return_reason: { kind: 'enum', label: /*i18n*/ 'Return Reason', ...codeEnum(RETURN_INBOUND_REASON), filter: { op: 'eq', type: 'select' } },
  source: { kind: 'enum', label: /*i18n*/ 'Source', ...codeEnum(RETURN_ORDER_SOURCE), hideInList: true, filter: { op: 'eq', type: 'select', hide: true } },
  buyer_name: { kind: 'text', label: /*i18n*/ 'Buyer', max: 100 },
  shop_id: { kind: 'text', label: /*i18n*/ 'Shop ID', max: 64, hideInList: true },
  total_qty: qtyField(/*i18n*/ 'Expected Qty'),
  expected_arrival_at: { kind: 'time', label: /*i18n*/ 'Expected Arrival', hideInList: true },
  arrived_at: { kind: 'time', label: /*i18n*/ 'Arrived At' },
  created_at: { kind: 'time', label: /*i18n*/ 'Created At', sortable: true, filter: { op: 'range', type: 'datetimeRange' } },
} as const satisfies Record<string, FieldDef>;

/**
 * The Return ASN List (spec §2 /returninbound/order): buyers' returns, each a Return ASN with what
 * the order system told of it, newest first. Made by the intake or the create page
 * (return-order.contract.ts); the detail is the ASN's with the return's facts.
 */
export const returnOrderResource = defineResource({
  name: 'return_order',
  query: 'return_order',
  api: { list: { path: '/apps/process/returninbound/order/search_return_order' } },
  pages: { list: RETURN_ASN_PAGES.list, create: RETURN_ASN_PAGES.create, detail: RETURN_ASN_PAGES.detail },
  ownScreens: ['create', 'detail'],
  key: 'asn_no',
  warehouseScoped: true,
  fields: returnFields,
  tieBreak: ['asn_no'],
  defaultSort: { field: 'created_at', desc: true },
});

/** The return Queue List (spec §2 /returninbound/queuelist): returns whose parcel is arriving or arrived, waiting for QC, oldest first. */
export const returnQueueResource = defineResource({
  name: 'return_queue',
  query: 'return_queue',
  api: { list: { path: '/apps/process/returninbound/order/search_return_queue_list' } },
  pages: { list: RETURN_ASN_PAGES.queueList, detail: RETURN_ASN_PAGES.detail },
  ownScreens: ['detail'],
  key: 'asn_no',
  warehouseScoped: true,
  fields: { ...returnFields, status: { ...returnFields.status, values: [...QUEUED_ASN_STATUSES] } },
  tieBreak: ['asn_no'],
  defaultSort: { field: 'created_at', desc: false },
});

/** The statuses of a return whose units are to judge or being judged (Return QC). */
export const RETURN_QC_STATUSES = [INBOUND_STATUS.values.ARRIVED, INBOUND_STATUS.values.CHECKING] as const;

const { expected_arrival_at, arrived_at, created_at, ...returnFieldsUpToQty } = returnFields;

/**
 * QC Task (spec §2 /returninbound/qctask): the returns whose units are to judge or being judged on
 * Return QC, with the units judged so far, oldest first. A return's QC task is the return itself
 * (docs/returns.md): its row opens the return's detail, which lists its judged units.
 */
export const returnQcTaskResource = defineResource({
  name: 'return_qc_task',
  query: 'return_qc_task',
  api: { list: { path: '/apps/process/returninbound/qc/search_return_qc_task' } },
  pages: { list: '/returninbound/qctask', detail: RETURN_ASN_PAGES.detail },
  ownScreens: ['detail'],
  key: 'asn_no',
  warehouseScoped: true,
  // The units judged beside the units expected.
  fields: {
    ...returnFieldsUpToQty,
    status: { ...returnFields.status, values: [...RETURN_QC_STATUSES] },
    judged_qty: qtyField(/*i18n*/ 'Judged Qty'),
    expected_arrival_at, arrived_at, created_at,
  },
  tieBreak: ['asn_no'],
  defaultSort: { field: 'created_at', desc: false },
});

/**
 * Dispute (spec §2 /returninbound/Dispute): returned parcels no return expected, opened by the
 * scan at the return dock, newest first.
 */
export const returnDisputeResource = defineResource({
  name: 'return_dispute',
  table: 'return_disputes',
  api: { list: { path: '/apps/process/returninbound/dispute/search_dispute' } },
  pages: { list: '/returninbound/Dispute' },
  /** Its list is also Dispute Processing's (the open ones, with the settling actions). */
  ownScreens: ['list'],
  key: 'dispute_no',
  warehouseScoped: true,
  fields: {
    dispute_no: { kind: 'text', label: /*i18n*/ 'Dispute No.', max: 32, readOnly: true, sortable: true, filter: { op: 'in', type: 'card' } },
    tracking_no: { kind: 'text', label: /*i18n*/ 'Tracking No.', max: 64, readOnly: true, filter: { op: 'eq', type: 'input' } },
    kind: { kind: 'enum', label: /*i18n*/ 'Dispute Type', readOnly: true, ...codeEnum(RETURN_DISPUTE_KIND), filter: { op: 'eq', type: 'select' } },
    status: { kind: 'enum', label: /*i18n*/ 'Status', readOnly: true, status: true, ...codeEnum(RETURN_DISPUTE_STATUS), filter: { op: 'eq', type: 'select' } },
    asn_no: { kind: 'text', label: /*i18n*/ 'Return ASN', max: 32, readOnly: true },
    reported_by: { kind: 'user', label: /*i18n*/ 'Reported By', readOnly: true },
    reported_at: { kind: 'time', label: /*i18n*/ 'Reported At', readOnly: true, sortable: true, filter: { op: 'range', type: 'datetimeRange' } },
    settled_by: { kind: 'user', label: /*i18n*/ 'Settled By', readOnly: true, hideInList: true },
    settled_at: { kind: 'time', label: /*i18n*/ 'Settled At', readOnly: true, hideInList: true },
    remark: { kind: 'text', label: /*i18n*/ 'Remark', max: 500, readOnly: true, hideInList: true },
  },
  defaultSort: { field: 'reported_at', desc: true },
});
