import { SALES_ORDER_STATUS, TASK_STATUS, codeEnum } from '../codes';
import { defineResource } from './define';
import { qtyField } from './stock-fields';

const S = SALES_ORDER_STATUS.values;
const T = TASK_STATUS.values;

/**
 * Cancel After Checking (spec §2 /salesoutbound/cancel): the orders cancelled once checked — their
 * units on the order, maybe packed and intercepted — each with the reverse picking task that puts
 * the units back into cells (server/modules/outbound/cancel-after-checking.reads.ts). A row is the
 * task; newest first. The dock reads a parcel's interception on the parcel itself (PARCEL_STATUS
 * intercepted 4) and here by tracking number.
 */
export const cancelledAfterCheckingResource = defineResource({
  name: 'cancelled_after_checking',
  query: 'cancelled_after_checking',
  api: { list: { path: '/apps/process/outbound/cancelafterchecking/search_cancelled_after_checking' } },
  pages: { list: '/salesoutbound/cancel' },
  key: 'task_no',
  warehouseScoped: true,
  fields: {
    order_no: { kind: 'text', label: /*i18n*/ 'Order No.', max: 32, filter: { op: 'eq', type: 'input' } },
    external_no: { kind: 'text', label: /*i18n*/ 'External Order No.', max: 64, filter: { op: 'eq', type: 'input', hide: true } },
    tracking_no: { kind: 'text', label: /*i18n*/ 'Tracking No.', max: 64, hideInList: true },
    cancelled_from: {
      kind: 'enum', label: /*i18n*/ 'Cancelled At Status', ...codeEnum(SALES_ORDER_STATUS), values: [S.CHECKED, S.PACKING, S.PACKED], filter: { op: 'eq', type: 'select' },
    },
    order_status: { kind: 'enum', label: /*i18n*/ 'Order Status', ...codeEnum(SALES_ORDER_STATUS), hideInList: true },
    cancel_note: { kind: 'text', label: /*i18n*/ 'Cancel Reason', max: 1000 },
    parcel_count: qtyField(/*i18n*/ 'Parcels'),
    intercepted_tracking_nos: { kind: 'text', label: /*i18n*/ 'Intercepted Parcels', max: 4000 },
    task_no: { kind: 'text', label: /*i18n*/ 'Return Task No.', max: 32, sortable: true, filter: { op: 'in', type: 'card' } },
    task_status: {
      kind: 'enum', label: /*i18n*/ 'Return Status', status: true, ...codeEnum(TASK_STATUS), values: [T.PENDING, T.ONGOING, T.DONE], filter: { op: 'eq', type: 'select' },
    },
    total_qty: qtyField(/*i18n*/ 'Units'),
    on_order_qty: qtyField(/*i18n*/ 'Units on the Order'),
    returned_qty: qtyField(/*i18n*/ 'Units Returned'),
    assignee_id: { kind: 'user', label: /*i18n*/ 'Assignee', readOnly: true, hideInList: true },
    created_at: { kind: 'time', label: /*i18n*/ 'Cancelled At' },
    finished_at: { kind: 'time', label: /*i18n*/ 'Returned At' },
  },
  defaultSort: { field: 'task_no', desc: true },
});
