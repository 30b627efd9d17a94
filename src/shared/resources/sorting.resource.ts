import { ACTIVE_STATUS, PICKING_TYPE, SORTING_STAGE, TASK_STATUS, codeEnum } from '../codes';
import { SORTING_PAGES } from '../contract/sorting.contract';
import { activeStatusField } from './common-fields';
import { defineResource } from './define';
import { refField } from './location-fields';

/** Most slots (pigeonholes) a put wall has. */
export const WALL_SLOTS_MAX = 999;

const RULES = '/apps/rulecenter/sortingrule';
const SKILLS = '/apps/rulecenter/sortingskill';

/**
 * Sorting rules (spec §2 Rule Center › Sorting Rule; ours: list, create, edit/$id, view/$id): by
 * priority (lower first), the first active rule a batch container meets — the picking type that
 * filled it (empty: any), the shop of all its orders (empty: any), at least so many orders — sends it
 * to one of its put walls (sorting stations), each of so many slots. Applied when the container is
 * scanned at a put wall (server/modules/outbound/sorting.ts); no rule: the container is checked as it is.
 */
export const sortingRuleResource = defineResource({
  name: 'sorting_rule',
  table: 'sorting_rules',
  api: {
    list: { path: `${RULES}/search_sorting_rule` },
    detail: { path: `${RULES}/get_sorting_rule_detail` },
    create: { path: `${RULES}/create_sorting_rule` },
    update: { path: `${RULES}/update_sorting_rule` },
  },
  pages: {
    list: SORTING_PAGES.rule,
    create: '/rulecenter/sortingRule/create',
    edit: '/rulecenter/sortingRule/edit/$id',
    detail: '/rulecenter/sortingRule/view/$id',
  },
  key: 'rule_id',
  warehouseScoped: true,
  fields: {
    rule_id: { kind: 'int', label: /*i18n*/ 'Rule ID', readOnly: true, sortable: true },
    rule_name: { kind: 'text', label: /*i18n*/ 'Rule Name', required: true, max: 120, filter: { op: 'contains', type: 'input' } },
    priority: { kind: 'int', label: /*i18n*/ 'Priority', required: true, min: 1, max: 9999, sortable: true, form: { defaultValue: 100 } },
    station_ids: {
      kind: 'text', label: /*i18n*/ 'Put Walls (comma-separated sorting station IDs)', required: true, max: 500, filter: { op: 'contains', type: 'input' },
    },
    wall_slots: { kind: 'int', label: /*i18n*/ 'Slots per Put Wall', required: true, min: 1, max: WALL_SLOTS_MAX, form: { defaultValue: 24 } },
    picking_type: { kind: 'enum', label: /*i18n*/ 'Picking Type (empty: any)', ...codeEnum(PICKING_TYPE), filter: { op: 'eq', type: 'select' } },
    shop_id: refField(/*i18n*/ 'Shop ID', { ref: 'shop' }),
    min_orders: { kind: 'int', label: /*i18n*/ 'Fewest Orders in the Container', required: true, min: 1, max: 9999, form: { defaultValue: 2 } },
    status: { ...activeStatusField, form: { defaultValue: ACTIVE_STATUS.values.ACTIVE } },
    remark: { kind: 'text', label: /*i18n*/ 'Remark', max: 500, hideInList: true, form: { type: 'textarea' } },
    created_at: { kind: 'time', label: /*i18n*/ 'Created At', readOnly: true },
  },
  defaultSort: { field: 'priority', desc: false },
});

/**
 * Sorting skills (spec §2 Rule Center › Sorting Skills, an operator skill page: list, create,
 * edit/$id): the put walls an operator may sort at. Once a warehouse lists anyone, only the operators
 * listed sort (-289802 for the others), each at the walls named; a warehouse listing nobody lets every
 * operator with the Sorting permission sort.
 */
export const sortingSkillResource = defineResource({
  name: 'sorting_skill',
  table: 'sorting_skills',
  api: {
    list: { path: `${SKILLS}/search_sorting_skill` },
    detail: { path: `${SKILLS}/get_sorting_skill_detail` },
    create: { path: `${SKILLS}/create_sorting_skill` },
    update: { path: `${SKILLS}/update_sorting_skill` },
  },
  pages: {
    list: SORTING_PAGES.skills,
    create: '/rulecenter/sortingSkills/create',
    edit: '/rulecenter/sortingSkills/edit/$id',
  },
  key: 'user_id',
  warehouseScoped: true,
  fields: {
    user_id: { kind: 'int', label: /*i18n*/ 'User ID', required: true, immutable: true, min: 1, sortable: true, filter: { op: 'eq', type: 'input' } },
    station_ids: {
      kind: 'text', label: /*i18n*/ 'Put Walls (comma-separated sorting station IDs)', required: true, max: 2000, filter: { op: 'contains', type: 'input' },
    },
    remark: { kind: 'text', label: /*i18n*/ 'Remark', max: 500, hideInList: true, form: { type: 'textarea' } },
    updated_at: { kind: 'time', label: /*i18n*/ 'Updated At', readOnly: true },
  },
  defaultSort: { field: 'user_id', desc: false },
});

const T = TASK_STATUS.values;

/** The fields a sorting task lists by, at a put wall or at pre-sorting (`station` names the station's kind). */
const sortingTaskFields = (station: string) => ({
  task_no: { kind: 'text', label: /*i18n*/ 'Task No.', readOnly: true, max: 32, sortable: true, filter: { op: 'in', type: 'card' } },
  container_code: { kind: 'text', label: /*i18n*/ 'Container', readOnly: true, max: 32, filter: { op: 'eq', type: 'input' } },
  station_id: { kind: 'text', label: station, readOnly: true, max: 32, filter: { op: 'eq', type: 'input' } },
  status: {
    kind: 'enum', label: /*i18n*/ 'Status', readOnly: true, status: true, ...codeEnum(TASK_STATUS), values: [T.ONGOING, T.DONE, T.CANCEL] as const,
    filter: { op: 'eq', type: 'select' },
  },
  wave_no: { kind: 'text', label: /*i18n*/ 'Wave No.', readOnly: true, max: 32, filter: { op: 'eq', type: 'input', hide: true } },
  picking_task_no: { kind: 'text', label: /*i18n*/ 'Picking Task', readOnly: true, max: 32, filter: { op: 'eq', type: 'input', hide: true } },
  sorted_qty: { kind: 'int', label: /*i18n*/ 'Sorted Qty', readOnly: true },
  total_qty: { kind: 'int', label: /*i18n*/ 'Total Qty', readOnly: true },
  assignee_id: { kind: 'user', label: /*i18n*/ 'Assignee', readOnly: true, filter: { op: 'eq', type: 'select', hide: true } },
  created_at: { kind: 'time', label: /*i18n*/ 'Created At', readOnly: true, sortable: true, filter: { op: 'range', type: 'datetimeRange' } },
  finished_at: { kind: 'time', label: /*i18n*/ 'Finished At', readOnly: true },
} as const);

/**
 * Sorting tasks (spec §2 /salesoutbound/task/sorting): one per batch container (or pre-sorted tote)
 * sorted at a put wall (sorting.ts makes them when the container is scanned there). Read-only; the
 * detail (its orders, slots and every scan at the wall) is a screen of its own. Newest first.
 */
export const sortingTaskResource = defineResource({
  name: 'sorting_task',
  table: 'sorting_tasks',
  fixed: { stage: SORTING_STAGE.values.PUT_WALL },
  key: 'task_no',
  warehouseScoped: true,
  defaultSort: { field: 'task_no', desc: true },
  fields: sortingTaskFields(/*i18n*/ 'Put Wall'),
  api: { list: { path: '/apps/process/outbound/sorting/search_sorting_task' } },
  pages: { list: SORTING_PAGES.list, detail: SORTING_PAGES.detail },
  ownScreens: ['detail'],
});

/**
 * Pre-sorting tasks (spec §2 /salesoutbound/task/preSorting): one per batch container split at a
 * pre-sorting station into one tote a put wall. Read-only, newest first; the detail (its orders with
 * their wall and tote, every scan) is the sorting task's screen.
 */
export const preSortingTaskResource = defineResource({
  name: 'pre_sorting_task',
  table: 'sorting_tasks',
  fixed: { stage: SORTING_STAGE.values.PRE_SORTING },
  key: 'task_no',
  warehouseScoped: true,
  defaultSort: { field: 'task_no', desc: true },
  fields: sortingTaskFields(/*i18n*/ 'Pre-sorting Station'),
  api: { list: { path: '/apps/process/outbound/sorting/search_pre_sorting_task' } },
  pages: { list: SORTING_PAGES.preList, detail: SORTING_PAGES.preDetail },
  ownScreens: ['detail'],
});
