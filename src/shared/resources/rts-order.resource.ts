import { ACTIVE_STATUS, RTS_REASON, RTS_REMOVAL_DISPOSAL, RTS_STATUS, RTS_TYPE, SALES_ORDER_STATUS, codeEnum } from '../codes';
import { RTS_ORDER_PAGES } from '../contract/rts-order.contract';
import { defineResource } from './define';
import { qtyField } from './stock-fields';

/**
 * The RTS order list (spec §2 /rtsoutbound/order): RTS documents with their outbound order's
 * progress (server/modules/outbound/rts-order.reads.ts), newest first. Created, edited, approved,
 * allocated, released and shipped by rts-order.contract.ts; the detail is a screen of its own.
 */
export const rtsOrderResource = defineResource({
  name: 'rts_order',
  query: 'rts_order',
  api: { list: { path: '/apps/process/outbound/rtsorder/search_rts_order' } },
  pages: { list: RTS_ORDER_PAGES.list, detail: RTS_ORDER_PAGES.detail },
  ownScreens: ['list', 'detail'],
  key: 'order_no',
  warehouseScoped: true,
  fields: {
    order_no: { kind: 'text', label: /*i18n*/ 'Order No.', max: 32, sortable: true, filter: { op: 'in', type: 'card' } },
    // The form chooses one of the warehouse's active suppliers (create_rts_order refuses any other, -100400).
    supplier_id: {
      kind: 'text', label: /*i18n*/ 'Supplier ID', max: 64, ref: 'supplier', refWhere: { status: ACTIVE_STATUS.values.ACTIVE }, filter: { op: 'eq', type: 'input' },
    },
    rts_type: { kind: 'enum', label: /*i18n*/ 'RTS Type', ...codeEnum(RTS_TYPE), filter: { op: 'eq', type: 'select' } },
    reason_code: { kind: 'enum', label: /*i18n*/ 'Reason Code', ...codeEnum(RTS_REASON), filter: { op: 'eq', type: 'select', hide: true } },
    removal_disposal: { kind: 'enum', label: /*i18n*/ 'Removal Disposal', ...codeEnum(RTS_REMOVAL_DISPOSAL), hideInList: true },
    doc_status: { kind: 'enum', label: /*i18n*/ 'Status', status: true, ...codeEnum(RTS_STATUS), filter: { op: 'eq', type: 'select' } },
    status: { kind: 'enum', label: /*i18n*/ 'Outbound Status', status: true, ...codeEnum(SALES_ORDER_STATUS), filter: { op: 'eq', type: 'select', hide: true } },
    line_count: qtyField(/*i18n*/ 'Lines'),
    total_qty: qtyField(/*i18n*/ 'Total Qty'),
    allocated_qty: qtyField(/*i18n*/ 'Allocated Qty'),
    picked_qty: qtyField(/*i18n*/ 'Picked Qty'),
    wave_no: { kind: 'text', label: /*i18n*/ 'Wave No.', max: 32, filter: { op: 'eq', type: 'input', hide: true } },
    remark: { kind: 'text', label: /*i18n*/ 'Remark', max: 500, hideInList: true },
    reject_reason: { kind: 'text', label: /*i18n*/ 'Reject Reason', max: 200, hideInList: true },
    reinbound_asn_no: { kind: 'text', label: /*i18n*/ 'Re-inbound ASN', max: 32, hideInList: true },
    created_by: { kind: 'user', label: /*i18n*/ 'Created By', readOnly: true, filter: { op: 'eq', type: 'select', hide: true } },
    approved_by: { kind: 'user', label: /*i18n*/ 'Approved By', readOnly: true, hideInList: true },
    created_at: { kind: 'time', label: /*i18n*/ 'Created At', sortable: true, filter: { op: 'range', type: 'datetimeRange' } },
    approved_at: { kind: 'time', label: /*i18n*/ 'Approved At', hideInList: true },
  },
  tieBreak: ['order_no'],
  defaultSort: { field: 'created_at', desc: true },
});

/**
 * RTS quota (spec §2 Rule Center › Quota Config › RTS Quota): the most units a supplier's RTS orders
 * may return per warehouse day; supplier '*' is every supplier without a row of its own, and no row
 * means no limit (server: rts-order.ts assertRtsQuota, rts-order.hooks.ts).
 */
export const rtsQuotaResource = defineResource({
  name: 'rts_quota',
  table: 'rts_quotas',
  api: {
    list: { path: '/apps/rulecenter/rtsquota/search_rts_quota' },
    detail: { path: '/apps/rulecenter/rtsquota/get_rts_quota_detail' },
    create: { path: '/apps/rulecenter/rtsquota/create_rts_quota' },
    update: { path: '/apps/rulecenter/rtsquota/update_rts_quota' },
  },
  pages: {
    list: '/rulecenter/quotaConfig/rtsQuota',
    create: '/rulecenter/quotaConfig/rtsQuota/create',
    edit: '/rulecenter/quotaConfig/rtsQuota/edit',
    detail: '/rulecenter/quotaConfig/rtsQuota/view',
  },
  key: 'supplier_id',
  warehouseScoped: true,
  fields: {
    supplier_id: { kind: 'text', label: /*i18n*/ 'Supplier ID', required: true, max: 64, sortable: true, filter: { op: 'eq', type: 'input' } },
    daily_max_qty: { kind: 'int', label: /*i18n*/ 'Daily Max Qty', required: true, min: 0, max: 100_000_000 },
    created_at: { kind: 'time', label: /*i18n*/ 'Created At', readOnly: true },
    updated_at: { kind: 'time', label: /*i18n*/ 'Updated At', readOnly: true },
  },
  defaultSort: { field: 'supplier_id', desc: false },
});
