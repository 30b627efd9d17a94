import { ACTIVE_STATUS, TASK_STATUS, codeEnum } from '../codes';
import { MERGING_PAGES } from '../contract/merging.contract';
import { activeStatusField } from './common-fields';
import { defineResource } from './define';
import { refField } from './location-fields';

/** Most slots a merge lane holds (orders waiting on it at once). */
export const LANE_SLOTS_MAX = 999;

/**
 * Merge rules (spec §2 Rule Center › Merge Rule; ours: list, create, edit/$id, view/$id): by
 * priority (lower first), the first active rule whose conditions an order meets — its shop, the zones
 * it is picked in (all of them among the rule's zones; empty: any) — sends the order's containers to
 * one of its merge lanes, the one with the most free slots. A lane belongs to one active rule, which
 * says how many orders it holds at once (slots). Read where a merging task is made
 * (server/modules/outbound/merging.ts).
 */
export const mergeRuleResource = defineResource({
  name: 'merge_rule',
  table: 'merge_rules',
  api: {
    list: { path: '/apps/rulecenter/mergerule/search_merge_rule' },
    detail: { path: '/apps/rulecenter/mergerule/get_merge_rule_detail' },
    create: { path: '/apps/rulecenter/mergerule/create_merge_rule' },
    update: { path: '/apps/rulecenter/mergerule/update_merge_rule' },
  },
  pages: {
    list: MERGING_PAGES.rule,
    create: '/rulecenter/mergeRule/create',
    edit: '/rulecenter/mergeRule/edit/$id',
    detail: '/rulecenter/mergeRule/view/$id',
  },
  key: 'rule_id',
  warehouseScoped: true,
  fields: {
    rule_id: { kind: 'int', label: /*i18n*/ 'Rule ID', readOnly: true, sortable: true },
    rule_name: { kind: 'text', label: /*i18n*/ 'Rule Name', required: true, max: 120, filter: { op: 'contains', type: 'input' } },
    priority: { kind: 'int', label: /*i18n*/ 'Priority', required: true, min: 1, max: 9999, sortable: true, form: { defaultValue: 100 } },
    station_ids: {
      kind: 'text', label: /*i18n*/ 'Merge Lanes (comma-separated station IDs)', required: true, max: 500, filter: { op: 'contains', type: 'input' },
    },
    lane_slots: { kind: 'int', label: /*i18n*/ 'Slots per Lane (orders)', required: true, min: 1, max: LANE_SLOTS_MAX, form: { defaultValue: 20 } },
    zone_ids: {
      kind: 'text', label: /*i18n*/ 'Zones (comma-separated zone IDs; empty: any)', notNull: true, max: 2000, filter: { op: 'contains', type: 'input' },
    },
    shop_id: refField(/*i18n*/ 'Shop ID', { ref: 'shop' }),
    status: { ...activeStatusField, form: { defaultValue: ACTIVE_STATUS.values.ACTIVE } },
    remark: { kind: 'text', label: /*i18n*/ 'Remark', max: 500, hideInList: true, form: { type: 'textarea' } },
    created_at: { kind: 'time', label: /*i18n*/ 'Created At', readOnly: true },
  },
  defaultSort: { field: 'priority', desc: false },
});

const T = TASK_STATUS.values;

/**
 * Merging tasks (spec §2 Sales Outbound › Tasks › transiting (Merging)): one per order picked into
 * more than one container, made when its first picking task is done; read-only (picking makes them,
 * the lane screen moves them). Newest first; the detail (its containers) is a screen of its own.
 */
export const mergeTaskResource = defineResource({
  name: 'merge_task',
  table: 'merge_tasks',
  key: 'task_no',
  warehouseScoped: true,
  defaultSort: { field: 'task_no', desc: true },
  fields: {
    task_no: { kind: 'text', label: /*i18n*/ 'Task No.', readOnly: true, max: 32, sortable: true, filter: { op: 'in', type: 'card' } },
    order_no: { kind: 'text', label: /*i18n*/ 'Order No.', readOnly: true, max: 32, filter: { op: 'eq', type: 'input' } },
    status: {
      kind: 'enum', label: /*i18n*/ 'Status', readOnly: true, status: true, ...codeEnum(TASK_STATUS), values: [T.PENDING, T.ONGOING, T.DONE, T.CANCEL],
      filter: { op: 'eq', type: 'select' },
    },
    station_id: { kind: 'text', label: /*i18n*/ 'Merge Lane', readOnly: true, max: 32, filter: { op: 'eq', type: 'input' } },
    slot_no: { kind: 'int', label: /*i18n*/ 'Slot', readOnly: true },
    arrived_count: { kind: 'int', label: /*i18n*/ 'Containers Arrived', readOnly: true },
    container_count: { kind: 'int', label: /*i18n*/ 'Containers', readOnly: true },
    created_at: { kind: 'time', label: /*i18n*/ 'Created At', readOnly: true, filter: { op: 'range', type: 'datetimeRange' } },
    finished_at: { kind: 'time', label: /*i18n*/ 'Finished At', readOnly: true },
  },
  api: { list: { path: '/apps/process/outbound/merging/search_merge_task' } },
  pages: { list: MERGING_PAGES.list, detail: MERGING_PAGES.detail },
  ownScreens: ['detail'],
});
