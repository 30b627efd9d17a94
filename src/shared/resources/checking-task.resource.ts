import { CHECKING_STATION_MODE, EXPORT_REPORT_TYPE, OUTBOUND_ORDER_TYPE, PICKING_TYPE, TASK_STATUS, codeEnum } from '../codes';
import { CHECKING_TASK_PAGES } from '../contract/checking.contract';
import { MT_CHECKING_PAGES } from '../contract/mt-shipping.contract';
import { defineResource, type FieldDef } from './define';

const T = TASK_STATUS.values;

/**
 * Checking tasks (spec §2 /salesoutbound/task/checking): the rows of `checking_tasks`, one per
 * container checked at a station (checking.ts makes them when the container is scanned there).
 * Read-only; the detail (its orders, weights and refused scans) is a screen of its own over
 * checking.contract.ts getCheckingTaskDetail. Newest first by task number.
 */
const taskFields = {
  task_no: { kind: 'text', label: /*i18n*/ 'Task No.', readOnly: true, max: 32, sortable: true, filter: { op: 'in', type: 'card' } },
  container_code: { kind: 'text', label: /*i18n*/ 'Container', readOnly: true, max: 32, filter: { op: 'eq', type: 'input' } },
  station_id: { kind: 'text', label: /*i18n*/ 'Station ID', readOnly: true, max: 32, filter: { op: 'eq', type: 'input' } },
  mode: { kind: 'enum', label: /*i18n*/ 'Checking Mode', readOnly: true, ...codeEnum(CHECKING_STATION_MODE), filter: { op: 'eq', type: 'select' } },
  status: {
    kind: 'enum', label: /*i18n*/ 'Status', readOnly: true, status: true, ...codeEnum(TASK_STATUS), values: [T.ONGOING, T.DONE, T.CANCEL] as const,
    filter: { op: 'eq', type: 'select' },
  },
  wave_no: { kind: 'text', label: /*i18n*/ 'Wave No.', readOnly: true, max: 32, filter: { op: 'eq', type: 'input', hide: true } },
  wave_type: { kind: 'enum', label: /*i18n*/ 'Picking Type', readOnly: true, ...codeEnum(PICKING_TYPE), filter: { op: 'eq', type: 'select', hide: true } },
  checked_qty: { kind: 'int', label: /*i18n*/ 'Checked Qty', readOnly: true },
  total_qty: { kind: 'int', label: /*i18n*/ 'Total Qty', readOnly: true },
  assignee_id: { kind: 'user', label: /*i18n*/ 'Assignee', readOnly: true, filter: { op: 'eq', type: 'select', hide: true } },
  created_at: { kind: 'time', label: /*i18n*/ 'Created At', readOnly: true, sortable: true, filter: { op: 'range', type: 'datetimeRange' } },
  finished_at: { kind: 'time', label: /*i18n*/ 'Finished At', readOnly: true },
} as const satisfies Record<string, FieldDef>;

/** Each order type's tasks have their own list (checking_tasks.order_type, its picking task's). */
export const checkingTaskResource = defineResource({
  name: 'checking_task',
  table: 'checking_tasks',
  reportType: EXPORT_REPORT_TYPE.values.CHECKING_TASK,
  key: 'task_no',
  warehouseScoped: true,
  defaultSort: { field: 'task_no', desc: true },
  fields: taskFields,
  fixed: { order_type: OUTBOUND_ORDER_TYPE.values.SALES },
  api: { list: { path: '/apps/process/outbound/checking/search_checking_task' } },
  pages: { list: CHECKING_TASK_PAGES.list, detail: CHECKING_TASK_PAGES.detail },
  ownScreens: ['detail'],
});

/** The checking tasks of MT containers (spec §2 /mtoutbound/task/checking): the same tasks and detail, MT orders only. */
export const mtCheckingTaskResource = defineResource({
  name: 'mt_checking_task',
  table: 'checking_tasks',
  key: 'task_no',
  warehouseScoped: true,
  defaultSort: { field: 'task_no', desc: true },
  fields: taskFields,
  fixed: { order_type: OUTBOUND_ORDER_TYPE.values.MT },
  api: { list: { path: '/apps/process/outbound/mtshipping/search_mt_checking_task' } },
  pages: { list: MT_CHECKING_PAGES.list, detail: MT_CHECKING_PAGES.detail },
  ownScreens: ['detail'],
});
