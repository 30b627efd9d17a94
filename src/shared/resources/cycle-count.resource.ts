import {
  CC_DIFF_STATUS, CC_TASK_SPLIT, CYCLE_COUNT_CREATION_STATUS, CYCLE_COUNT_KIND, CYCLE_COUNT_ORDER_TYPE, CYCLE_COUNT_SCOPE, CYCLE_COUNT_SOURCE,
  CYCLE_COUNT_STATUS, EXPORT_REPORT_TYPE, codeEnum,
} from '../codes';
import { CC_ACCESS, CC_PAGES } from '../contract/cycle-count.contract';
import { defineResource } from './define';

const CC = '/apps/process/inventory/cyclecount/ccorder';
const TASK = '/apps/process/inventory/cyclecount/cctask';
const DIFF = '/apps/process/inventory/cyclecount/difforder';
const S = CYCLE_COUNT_SOURCE.values;
/** The sources of cycle count orders; a full stock count's are on the fsc pages. */
const CC_SOURCES = [S.MANUAL, S.OB_TROUBLESHOOT, S.DAILY] as const;

const ccOrderFields = {
  order_no: { kind: 'text', label: /*i18n*/ 'Order No.', readOnly: true, max: 32, sortable: true, filter: { op: 'in', type: 'card' } },
  status: { kind: 'enum', label: /*i18n*/ 'Status', readOnly: true, status: true, ...codeEnum(CYCLE_COUNT_STATUS), filter: { op: 'eq', type: 'select' } },
  creation_status: { kind: 'enum', label: /*i18n*/ 'Creation Status', readOnly: true, ...codeEnum(CYCLE_COUNT_CREATION_STATUS), filter: { op: 'eq', type: 'select', hide: true } },
  progress: { kind: 'int', label: /*i18n*/ 'Progress (%)', readOnly: true, hideInList: true },
  order_type: { kind: 'enum', label: /*i18n*/ 'Order Type', readOnly: true, ...codeEnum(CYCLE_COUNT_ORDER_TYPE), filter: { op: 'eq', type: 'select' } },
  kind: { kind: 'enum', label: /*i18n*/ 'Count Kind', readOnly: true, ...codeEnum(CYCLE_COUNT_KIND), filter: { op: 'eq', type: 'select' } },
  scope: { kind: 'enum', label: /*i18n*/ 'Scope', readOnly: true, ...codeEnum(CYCLE_COUNT_SCOPE), filter: { op: 'eq', type: 'select', hide: true } },
  source: { kind: 'enum', label: /*i18n*/ 'Source', readOnly: true, ...codeEnum(CYCLE_COUNT_SOURCE), filter: { op: 'eq', type: 'select' } },
  round: { kind: 'int', label: /*i18n*/ 'Round', readOnly: true },
  location_count: { kind: 'int', label: /*i18n*/ 'Locations', readOnly: true },
  sku_count: { kind: 'int', label: /*i18n*/ 'SKUs', readOnly: true },
  diff_line_count: { kind: 'int', label: /*i18n*/ 'Differences', readOnly: true },
  source_ref: { kind: 'text', label: /*i18n*/ 'Source Document', readOnly: true, max: 64, hideInList: true, filter: { op: 'eq', type: 'input', hide: true } },
  created_by: { kind: 'user', label: /*i18n*/ 'Created By', readOnly: true, hideInList: true },
  created_at: { kind: 'time', label: /*i18n*/ 'Created At', readOnly: true, sortable: true, filter: { op: 'range', type: 'datetimeRange' } },
  finished_at: { kind: 'time', label: /*i18n*/ 'Finished At', readOnly: true },
  remark: { kind: 'text', label: /*i18n*/ 'Remark', readOnly: true, max: 500, hideInList: true },
} as const;

/**
 * Cycle count orders (spec §2 /inventorymanage/cc/ccorder, §7 search_cc_order): manual, OB
 * troubleshoot and daily ones, newest first. Made on the create page (create_cc_order); the view
 * (order_no in the query) is a screen of its own: lines, tasks, log.
 */
export const ccOrderResource = defineResource({
  name: 'cc_order',
  table: 'cc_orders',
  reportType: EXPORT_REPORT_TYPE.values.CYCLE_COUNT_ORDER,
  fixed: { source: CC_SOURCES },
  key: 'order_no',
  warehouseScoped: true,
  defaultSort: { field: 'created_at', desc: true },
  fields: ccOrderFields,
  api: { list: { path: `${CC}/search_cc_order` } },
  pages: { list: CC_PAGES.orders, detail: CC_PAGES.orderView },
  ownScreens: ['detail'],
});

/** Full stock count orders (spec §2 /inventorymanage/fsc/fscorder): one per full stock count run. */
export const fscOrderResource = defineResource({
  name: 'fsc_order',
  table: 'cc_orders',
  fixed: { source: S.FULL_STOCK_COUNT },
  key: 'order_no',
  warehouseScoped: true,
  defaultSort: { field: 'created_at', desc: true },
  fields: ccOrderFields,
  api: { list: { path: `${CC}/search_fsc_order`, access: CC_ACCESS.fscView } },
  pages: { list: CC_PAGES.fscOrders, detail: CC_PAGES.fscOrderView },
  ownScreens: ['detail'],
});

const ccTaskFields = {
  task_no: { kind: 'text', label: /*i18n*/ 'Task No.', readOnly: true, max: 32, sortable: true, filter: { op: 'in', type: 'card' } },
  order_no: { kind: 'text', label: /*i18n*/ 'Order No.', readOnly: true, max: 32, filter: { op: 'eq', type: 'input' } },
  status: { kind: 'enum', label: /*i18n*/ 'Status', readOnly: true, status: true, ...codeEnum(CYCLE_COUNT_STATUS), filter: { op: 'eq', type: 'select' } },
  round: { kind: 'int', label: /*i18n*/ 'Round', readOnly: true, filter: { op: 'eq', type: 'number' } },
  zone_id: { kind: 'text', label: /*i18n*/ 'Zone', readOnly: true, max: 32, filter: { op: 'eq', type: 'input' } },
  pathway_id: { kind: 'text', label: /*i18n*/ 'Pathway', readOnly: true, max: 32, filter: { op: 'eq', type: 'input', hide: true } },
  assignee_id: { kind: 'user', label: /*i18n*/ 'Counter', readOnly: true, filter: { op: 'eq', type: 'select', hide: true } },
  location_count: { kind: 'int', label: /*i18n*/ 'Locations', readOnly: true },
  counted_location_count: { kind: 'int', label: /*i18n*/ 'Counted', readOnly: true },
  created_at: { kind: 'time', label: /*i18n*/ 'Created At', readOnly: true, sortable: true, filter: { op: 'range', type: 'datetimeRange' } },
  finished_at: { kind: 'time', label: /*i18n*/ 'Finished At', readOnly: true },
} as const;

/** Cycle count tasks (spec §2 /inventorymanage/cc/cctask): one per zone or pathway and round. Read-only; the detail is a screen of its own. */
export const ccTaskResource = defineResource({
  name: 'cc_task',
  table: 'cc_tasks',
  fixed: { source: CC_SOURCES },
  key: 'task_no',
  warehouseScoped: true,
  defaultSort: { field: 'created_at', desc: true },
  fields: ccTaskFields,
  api: { list: { path: `${TASK}/search_cc_task`, access: CC_ACCESS.tasks } },
  pages: { list: CC_PAGES.tasks, detail: CC_PAGES.taskDetail },
  ownScreens: ['detail'],
});

export const fscTaskResource = defineResource({
  name: 'fsc_task',
  table: 'cc_tasks',
  fixed: { source: S.FULL_STOCK_COUNT },
  key: 'task_no',
  warehouseScoped: true,
  defaultSort: { field: 'created_at', desc: true },
  fields: ccTaskFields,
  api: { list: { path: `${TASK}/search_fsc_task`, access: CC_ACCESS.fscView } },
  pages: { list: CC_PAGES.fscTasks, detail: CC_PAGES.fscTaskDetail },
  ownScreens: ['detail'],
});

const diffFields = {
  diff_no: { kind: 'text', label: /*i18n*/ 'Difference Order No.', readOnly: true, max: 32, sortable: true, filter: { op: 'in', type: 'card' } },
  order_no: { kind: 'text', label: /*i18n*/ 'Order No.', readOnly: true, max: 32, filter: { op: 'eq', type: 'input' } },
  status: { kind: 'enum', label: /*i18n*/ 'Status', readOnly: true, status: true, ...codeEnum(CC_DIFF_STATUS), filter: { op: 'eq', type: 'select' } },
  round: { kind: 'int', label: /*i18n*/ 'Round', readOnly: true },
  line_count: { kind: 'int', label: /*i18n*/ 'Lines', readOnly: true },
  surplus_qty: { kind: 'int', label: /*i18n*/ 'Surplus Qty', readOnly: true },
  missing_qty: { kind: 'int', label: /*i18n*/ 'Missing Qty', readOnly: true },
  adjust_no: { kind: 'text', label: /*i18n*/ 'Adjustment No.', readOnly: true, max: 32, filter: { op: 'eq', type: 'input', hide: true } },
  approved_by: { kind: 'user', label: /*i18n*/ 'Approved By', readOnly: true, hideInList: true },
  approved_at: { kind: 'time', label: /*i18n*/ 'Approved At', readOnly: true },
  created_at: { kind: 'time', label: /*i18n*/ 'Created At', readOnly: true, sortable: true, filter: { op: 'range', type: 'datetimeRange' } },
} as const;

/** Difference orders of cycle counts (spec §2 /inventorymanage/cc/difforder): one per round that ended with differences. */
export const ccDiffOrderResource = defineResource({
  name: 'cc_diff_order',
  table: 'cc_diff_orders',
  fixed: { source: CC_SOURCES },
  key: 'diff_no',
  warehouseScoped: true,
  defaultSort: { field: 'created_at', desc: true },
  fields: diffFields,
  api: { list: { path: `${DIFF}/search_cc_diff_order`, access: CC_ACCESS.diffView } },
  pages: { list: CC_PAGES.diffOrders, detail: CC_PAGES.diffDetail },
  ownScreens: ['detail'],
});

/** Difference orders of full stock counts (spec §2 /inventorymanage/fsc/fscdifforder). */
export const fscDiffOrderResource = defineResource({
  name: 'fsc_diff_order',
  table: 'cc_diff_orders',
  fixed: { source: S.FULL_STOCK_COUNT },
  key: 'diff_no',
  warehouseScoped: true,
  defaultSort: { field: 'created_at', desc: true },
  fields: diffFields,
  api: { list: { path: `${DIFF}/search_fsc_diff_order`, access: CC_ACCESS.fscView } },
  pages: { list: CC_PAGES.fscDiffOrders, detail: CC_PAGES.fscDiffDetail },
  ownScreens: ['detail'],
});

/** The full stock count's differences still there after its 4th count (spec §2 fscdifforder/done4thCount), for approval. */
export const fscDone4thResource = defineResource({
  name: 'fsc_done_4th_count',
  table: 'cc_diff_orders',
  fixed: { source: S.FULL_STOCK_COUNT, round: 4 },
  key: 'diff_no',
  warehouseScoped: true,
  defaultSort: { field: 'created_at', desc: true },
  fields: diffFields,
  api: { list: { path: `${DIFF}/search_fsc_done_4th_count`, access: CC_ACCESS.fscView } },
  pages: { list: CC_PAGES.fscDone4th },
});

/**
 * Cycle count skills (spec §2 Rule Center › Cycle Count Skills, an operator skill page: list, create,
 * edit/$id): the zones an operator counts in. Once a warehouse lists anyone, only the operators listed
 * claim counting tasks, each in the zones named; a warehouse listing nobody lets every counter count.
 */
export const cycleCountSkillResource = defineResource({
  name: 'cycle_count_skill',
  table: 'cycle_count_skills',
  api: {
    list: { path: '/apps/rulecenter/cyclecountskill/search_cycle_count_skill' },
    detail: { path: '/apps/rulecenter/cyclecountskill/get_cycle_count_skill_detail' },
    create: { path: '/apps/rulecenter/cyclecountskill/create_cycle_count_skill' },
    update: { path: '/apps/rulecenter/cyclecountskill/update_cycle_count_skill' },
  },
  pages: { list: CC_PAGES.skills, create: `${CC_PAGES.skills}/create`, edit: `${CC_PAGES.skills}/edit/$id` },
  key: 'user_id',
  warehouseScoped: true,
  fields: {
    user_id: { kind: 'int', label: /*i18n*/ 'User ID', required: true, immutable: true, min: 1, sortable: true, filter: { op: 'eq', type: 'input' } },
    zone_ids: { kind: 'text', label: /*i18n*/ 'Zones (comma-separated zone IDs)', required: true, max: 2000, filter: { op: 'contains', type: 'input' } },
    remark: { kind: 'text', label: /*i18n*/ 'Remark', max: 500, hideInList: true, form: { type: 'textarea' } },
    updated_at: { kind: 'time', label: /*i18n*/ 'Updated At', readOnly: true },
  },
  defaultSort: { field: 'user_id', desc: false },
});

/**
 * Cycle count task rules (spec §2 Rule Center › Cycle Count Task Rule; ours: list, create,
 * edit/$zone_id): per zone, whether its locations are counted as one task per zone or per pathway, at
 * most so many locations a task (walking order). No rule: one task per pathway of up to 200 locations.
 */
export const cycleCountTaskRuleResource = defineResource({
  name: 'cycle_count_task_rule',
  table: 'cycle_count_task_rules',
  api: {
    list: { path: '/apps/rulecenter/cyclecounttaskrule/search_cycle_count_task_rule' },
    detail: { path: '/apps/rulecenter/cyclecounttaskrule/get_cycle_count_task_rule_detail' },
    create: { path: '/apps/rulecenter/cyclecounttaskrule/create_cycle_count_task_rule' },
    update: { path: '/apps/rulecenter/cyclecounttaskrule/update_cycle_count_task_rule' },
  },
  pages: { list: CC_PAGES.taskRule, create: `${CC_PAGES.taskRule}/create`, edit: `${CC_PAGES.taskRule}/edit/$zone_id` },
  key: 'zone_id',
  warehouseScoped: true,
  fields: {
    zone_id: { kind: 'text', label: /*i18n*/ 'Zone ID', required: true, immutable: true, max: 32, sortable: true, filter: { op: 'eq', type: 'input' } },
    split_by: { kind: 'enum', label: /*i18n*/ 'Split By', required: true, ...codeEnum(CC_TASK_SPLIT), filter: { op: 'eq', type: 'select' } },
    max_locations: { kind: 'int', label: /*i18n*/ 'Most Locations per Task', required: true, min: 1, max: 5000, form: { defaultValue: 200 } },
    remark: { kind: 'text', label: /*i18n*/ 'Remark', max: 500, hideInList: true, form: { type: 'textarea' } },
    updated_at: { kind: 'time', label: /*i18n*/ 'Updated At', readOnly: true },
  },
  defaultSort: { field: 'zone_id', desc: false },
});
