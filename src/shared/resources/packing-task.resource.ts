import { OUTBOUND_ORDER_TYPE, TASK_STATUS, codeEnum } from '../codes';
import { PACKING_TASK_PAGES } from '../contract/packing.contract';
import { defineResource } from './define';

const T = TASK_STATUS.values;

/**
 * Packing tasks (spec §2 /salesoutbound/task/packing): the rows of `packing_tasks`, one per order
 * packed at a station (packing.ts makes them when the order is scanned there). Read-only; the
 * detail (its lines and parcels) is a screen of its own over packing.contract.ts
 * getPackingTaskDetail. Newest first by task number.
 */
export const packingTaskResource = defineResource({
  name: 'packing_task',
  table: 'packing_tasks',
  key: 'task_no',
  warehouseScoped: true,
  defaultSort: { field: 'task_no', desc: true },
  fields: {
    task_no: { kind: 'text', label: /*i18n*/ 'Task No.', readOnly: true, max: 32, sortable: true, filter: { op: 'in', type: 'card' } },
    order_no: { kind: 'text', label: /*i18n*/ 'Order No.', readOnly: true, max: 32, filter: { op: 'in', type: 'card' } },
    station_id: { kind: 'text', label: /*i18n*/ 'Station ID', readOnly: true, max: 32, filter: { op: 'eq', type: 'input' } },
    status: {
      kind: 'enum', label: /*i18n*/ 'Status', readOnly: true, status: true, ...codeEnum(TASK_STATUS), values: [T.ONGOING, T.DONE, T.CANCEL] as const,
      filter: { op: 'eq', type: 'select' },
    },
    total_qty: { kind: 'int', label: /*i18n*/ 'Total Qty', readOnly: true },
    parcel_count: { kind: 'int', label: /*i18n*/ 'Parcels', readOnly: true },
    weight_g: { kind: 'int', label: /*i18n*/ 'Weight (g)', readOnly: true },
    assignee_id: { kind: 'user', label: /*i18n*/ 'Assignee', readOnly: true, filter: { op: 'eq', type: 'select', hide: true } },
    created_at: { kind: 'time', label: /*i18n*/ 'Created At', readOnly: true, sortable: true, filter: { op: 'range', type: 'datetimeRange' } },
    finished_at: { kind: 'time', label: /*i18n*/ 'Finished At', readOnly: true },
  },
  // Sales orders' only: MT and RTS orders are packed on their own screens.
  related: { table: 'sales_orders', on: { order_no: 'order_no' }, fixed: { order_type: OUTBOUND_ORDER_TYPE.values.SALES } },
  api: { list: { path: '/apps/process/outbound/packing/search_packing_task' } },
  pages: { list: PACKING_TASK_PAGES.list, detail: PACKING_TASK_PAGES.detail },
  ownScreens: ['detail'],
});
