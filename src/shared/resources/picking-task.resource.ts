import { EXPORT_REPORT_TYPE, OUTBOUND_ORDER_TYPE, PICKING_TASK_KIND, PICKING_TYPE, SUB_PICKING_SPLIT_BY, TASK_STATUS, codeEnum } from '../codes';
import { MT_PICKING_TASK_PAGES } from '../contract/mt-order.contract';
import { RTS_PICKING_TASK_PAGES } from '../contract/rts-order.contract';
import { PICKING_TASK_PAGES } from '../contract/picking.contract';
import { SUB_PICKING_PAGES } from '../contract/sub-picking.contract';
import { defineResource, type FieldDef } from './define';

/**
 * Picking tasks (spec §2 /salesoutbound/task/picking) and reverse picking tasks (task/reversePicking):
 * the rows of `picking_tasks` of one kind each. Read-only lists: waves make picking tasks, a cancel
 * after picking makes a reverse one, the PDA moves them. Each detail (the task's lines) is a
 * screen of its own over picking.contract.ts getPickingTaskDetail. Newest first by task number
 * (numbers are issued in order; the key is the index a page walks).
 */

const K = PICKING_TASK_KIND.values;
/** Each order type's tasks have their own lists (picking_tasks.order_type, its wave's). */
const SALES = OUTBOUND_ORDER_TYPE.values.SALES;

const taskFields = {
  task_no: { kind: 'text', label: /*i18n*/ 'Task No.', readOnly: true, max: 32, sortable: true, filter: { op: 'in', type: 'card' } },
  wave_no: { kind: 'text', label: /*i18n*/ 'Wave No.', readOnly: true, max: 32, filter: { op: 'eq', type: 'input' } },
  order_no: { kind: 'text', label: /*i18n*/ 'Order No.', readOnly: true, max: 32, filter: { op: 'eq', type: 'input' } },
  status: { kind: 'enum', label: /*i18n*/ 'Status', readOnly: true, status: true, ...codeEnum(TASK_STATUS), filter: { op: 'eq', type: 'select' } },
  zone_id: { kind: 'text', label: /*i18n*/ 'Zone ID', readOnly: true, max: 64, filter: { op: 'eq', type: 'input' } },
  picking_type: { kind: 'enum', label: /*i18n*/ 'Picking Type', readOnly: true, ...codeEnum(PICKING_TYPE), filter: { op: 'eq', type: 'select', hide: true } },
  container_code: { kind: 'text', label: /*i18n*/ 'Container', readOnly: true, max: 32, filter: { op: 'eq', type: 'input', hide: true } },
  assignee_id: { kind: 'user', label: /*i18n*/ 'Assignee', readOnly: true, filter: { op: 'eq', type: 'select', hide: true } },
  total_qty: { kind: 'int', label: /*i18n*/ 'Total Qty', readOnly: true },
  picked_qty: { kind: 'int', label: /*i18n*/ 'Picked Qty', readOnly: true },
  short_qty: { kind: 'int', label: /*i18n*/ 'Short Qty', readOnly: true },
  created_at: { kind: 'time', label: /*i18n*/ 'Created At', readOnly: true },
  started_at: { kind: 'time', label: /*i18n*/ 'Started At', readOnly: true, hideInList: true },
  finished_at: { kind: 'time', label: /*i18n*/ 'Finished At', readOnly: true },
} as const satisfies Record<string, FieldDef>;

const taskList = { table: 'picking_tasks', key: 'task_no', warehouseScoped: true, defaultSort: { field: 'task_no', desc: true } } as const;

/** Picking tasks: a wave's allocations in one zone, up to the picker's capacity. */
export const pickingTaskResource = defineResource({
  ...taskList,
  name: 'picking_task',
  reportType: EXPORT_REPORT_TYPE.values.PICKING_TASK,
  fields: taskFields,
  fixed: { kind: K.PICKING, order_type: SALES },
  api: { list: { path: '/apps/process/outbound/pickingtask/search_picking_task' } },
  pages: { list: PICKING_TASK_PAGES.list, detail: PICKING_TASK_PAGES.detail },
  ownScreens: ['detail'],
});

/** The picking tasks of MT waves (spec §2 /mtoutbound/task/picking): the same tasks and detail, MT orders only. */
export const mtPickingTaskResource = defineResource({
  ...taskList,
  name: 'mt_picking_task',
  fields: taskFields,
  fixed: { kind: K.PICKING, order_type: OUTBOUND_ORDER_TYPE.values.MT },
  api: { list: { path: '/apps/process/outbound/mtorder/search_mt_picking_task' } },
  pages: { list: MT_PICKING_TASK_PAGES.list, detail: MT_PICKING_TASK_PAGES.detail },
  ownScreens: ['detail'],
});

/**
 * The picking tasks of RTS waves (spec §2 /rtsoutbound/task/picking): one row per task and RTS order
 * on it (a release's task may carry several orders of its supplier), from the read model
 * server/modules/outbound/rts-order.reads.ts. Status, container, picker and times are the task's; the
 * quantities are the order's units on the task. A row opens the task's detail for its order
 * (/rtsoutbound/task/picking/detail/$task_number/$order_no, two parameters: the list is a screen of
 * its own, to link it). See docs/outbound.md "RTS orders".
 */
export const rtsPickingTaskResource = defineResource({
  name: 'rts_picking_task',
  query: 'rts_picking_task',
  key: 'task_order',
  warehouseScoped: true,
  fields: {
    task_order: { kind: 'text', label: /*i18n*/ 'Task and Order', readOnly: true, max: 80, hideInList: true },
    task_no: taskFields.task_no,
    order_no: taskFields.order_no,
    supplier_id: { kind: 'text', label: /*i18n*/ 'Supplier ID', readOnly: true, max: 64, filter: { op: 'eq', type: 'input' } },
    wave_no: taskFields.wave_no,
    status: taskFields.status,
    zone_id: taskFields.zone_id,
    picking_type: taskFields.picking_type,
    container_code: taskFields.container_code,
    assignee_id: taskFields.assignee_id,
    total_qty: { ...taskFields.total_qty, label: /*i18n*/ 'Order Qty' },
    picked_qty: taskFields.picked_qty,
    short_qty: taskFields.short_qty,
    created_at: taskFields.created_at,
    started_at: taskFields.started_at,
    finished_at: taskFields.finished_at,
  },
  defaultSort: { field: 'task_no', desc: true },
  tieBreak: ['task_no', 'order_no'],
  api: { list: { path: '/apps/process/outbound/rtsorder/search_rts_picking_task' } },
  pages: { list: RTS_PICKING_TASK_PAGES.list },
  ownScreens: ['list'],
});

/** Reverse picking tasks: the picked units of a cancelled order, put back. The order is the one they return; no wave. */
export const reversePickingTaskResource = defineResource({
  ...taskList,
  name: 'reverse_picking_task',
  fields: taskFields,
  fixed: { kind: K.REVERSE_PICKING, order_type: SALES },
  api: { list: { path: '/apps/process/outbound/pickingtask/search_reverse_picking_task' } },
  pages: { list: PICKING_TASK_PAGES.reverseList, detail: PICKING_TASK_PAGES.reverseDetail },
  ownScreens: ['detail'],
});

const T = TASK_STATUS.values;
/** The statuses a sub-picking task or group has (TASK_STATUS numbers: pending, ongoing, done, cancel). */
const SUB_PICKING_STATUSES = [T.PENDING, T.ONGOING, T.DONE, T.CANCEL] as const;

/**
 * Sub-picking tasks (spec §2 /salesoutbound/task/subPicking): the picking tasks a split made, each
 * naming the task it was split from and its group (sub-picking.ts). The Tasks group's default tab.
 */
export const subPickingTaskResource = defineResource({
  ...taskList,
  name: 'sub_picking_task',
  fields: {
    ...taskFields,
    status: { ...taskFields.status, values: SUB_PICKING_STATUSES },
    parent_task_no: { kind: 'text', label: /*i18n*/ 'Parent Task No.', readOnly: true, max: 32, filter: { op: 'eq', type: 'input' } },
    sub_picking_group_id: { kind: 'text', label: /*i18n*/ 'Sub-picking Group ID', readOnly: true, max: 32, filter: { op: 'eq', type: 'input' } },
  },
  fixed: { kind: K.PICKING, order_type: SALES },
  related: { table: 'sub_picking_groups', on: { sub_picking_group_id: 'group_id' } },
  api: { list: { path: '/apps/process/outbound/subpicking/search_sub_picking_task' } },
  pages: { list: SUB_PICKING_PAGES.list, detail: SUB_PICKING_PAGES.detail },
  ownScreens: ['detail'],
});

/**
 * The sub-picking group log (spec §2 /salesoutbound/subPicking/grouplog): every split, newest
 * first. A row opens its detail (subPicking/detail?group_id=…), a screen of its own: the route has
 * no parameter for the group, so the list is a screen of its own too, to link it.
 */
export const subPickingGroupResource = defineResource({
  name: 'sub_picking_group',
  table: 'sub_picking_groups',
  key: 'group_id',
  warehouseScoped: true,
  defaultSort: { field: 'created_at', desc: true },
  fields: {
    group_id: { kind: 'text', label: /*i18n*/ 'Group ID', readOnly: true, max: 32, sortable: true, filter: { op: 'in', type: 'card' } },
    parent_task_no: { kind: 'text', label: /*i18n*/ 'Parent Task No.', readOnly: true, max: 32, filter: { op: 'eq', type: 'input' } },
    wave_no: { kind: 'text', label: /*i18n*/ 'Wave No.', readOnly: true, max: 32, filter: { op: 'eq', type: 'input' } },
    zone_id: { kind: 'text', label: /*i18n*/ 'Zone ID', readOnly: true, max: 64, filter: { op: 'eq', type: 'input' } },
    status: { kind: 'enum', label: /*i18n*/ 'Status', readOnly: true, status: true, ...codeEnum(TASK_STATUS), values: SUB_PICKING_STATUSES, filter: { op: 'eq', type: 'select' } },
    split_by: { kind: 'enum', label: /*i18n*/ 'Split By', readOnly: true, ...codeEnum(SUB_PICKING_SPLIT_BY), filter: { op: 'eq', type: 'select' } },
    split_value: { kind: 'int', label: /*i18n*/ 'Pickers or Units', readOnly: true },
    sub_task_count: { kind: 'int', label: /*i18n*/ 'Sub-tasks', readOnly: true },
    total_qty: { kind: 'int', label: /*i18n*/ 'Total Qty', readOnly: true },
    created_by: { kind: 'user', label: /*i18n*/ 'Created By', readOnly: true, filter: { op: 'eq', type: 'select', hide: true } },
    created_at: { kind: 'time', label: /*i18n*/ 'Created At', readOnly: true, sortable: true, filter: { op: 'range', type: 'datetimeRange' } },
    finished_at: { kind: 'time', label: /*i18n*/ 'Finished At', readOnly: true },
  },
  api: { list: { path: '/apps/process/outbound/subpicking/search_sub_picking_group' } },
  pages: { list: SUB_PICKING_PAGES.groupLog },
  ownScreens: ['list'],
});
