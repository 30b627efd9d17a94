import { OB_EXCEPTION_DECISION, OB_EXCEPTION_STATUS, OB_EXCEPTION_TYPE, codeEnum } from '../codes';
import { defineResource } from './define';
import { qtyField } from './stock-fields';

export const OB_TROUBLESHOOT_PAGES = {
  list: '/exceptioncenter/ob-troubleshoot-task',
  detail: '/exceptioncenter/ob-troubleshoot-task-detail/$task_id',
} as const;

/**
 * Outbound troubleshoot tasks (spec §2 /exceptioncenter/ob-troubleshoot-task): one per outbound
 * exception — short pick, wrong item at checking, damaged unit, intercept — pending until a
 * supervisor decides (a short pick with a cycle count: until the count ends) (contract/outbound-exception.contract.ts; server outbound-exception.reads.ts).
 * The detail is a screen of its own with the decisions.
 */
export const obTroubleshootTaskResource = defineResource({
  name: 'ob_troubleshoot_task',
  query: 'ob_troubleshoot_tasks',
  api: { list: { path: '/apps/process/outbound/troubleshoot/search_ob_troubleshoot_task' } },
  pages: { list: OB_TROUBLESHOOT_PAGES.list, detail: OB_TROUBLESHOOT_PAGES.detail },
  ownScreens: ['detail'],
  key: 'task_id',
  warehouseScoped: true,
  fields: {
    task_id: { kind: 'text', label: /*i18n*/ 'Task ID', max: 32, sortable: true, filter: { op: 'in', type: 'card' } },
    type: { kind: 'enum', label: /*i18n*/ 'Type', ...codeEnum(OB_EXCEPTION_TYPE), filter: { op: 'eq', type: 'select' } },
    status: { kind: 'enum', label: /*i18n*/ 'Status', status: true, ...codeEnum(OB_EXCEPTION_STATUS), filter: { op: 'eq', type: 'select' } },
    order_no: { kind: 'text', label: /*i18n*/ 'Order No.', max: 32, filter: { op: 'eq', type: 'input' } },
    sku_id: { kind: 'text', label: /*i18n*/ 'SKU ID', max: 64, filter: { op: 'eq', type: 'input' } },
    batch_id: { kind: 'text', label: /*i18n*/ 'Batch ID', max: 64, hideInList: true },
    qty: qtyField(/*i18n*/ 'Qty'),
    location_id: { kind: 'text', label: /*i18n*/ 'Location', max: 100, filter: { op: 'eq', type: 'input' } },
    source_no: { kind: 'text', label: /*i18n*/ 'Task No.', max: 32 },
    /** A short pick's cycle count (source OB troubleshoot, or the open count that already listed it): it settles the units blocked. */
    cc_order_no: { kind: 'text', label: /*i18n*/ 'Cycle Count Order', max: 32 },
    detail: { kind: 'text', label: /*i18n*/ 'Detail', max: 4000, hideInList: true },
    decision: { kind: 'enum', label: /*i18n*/ 'Decision', ...codeEnum(OB_EXCEPTION_DECISION), filter: { op: 'eq', type: 'select', hide: true } },
    note: { kind: 'text', label: /*i18n*/ 'Note', max: 500, hideInList: true },
    outcome: { kind: 'text', label: /*i18n*/ 'Outcome', max: 4000, hideInList: true },
    decided_by: { kind: 'text', label: /*i18n*/ 'Handled By', max: 200 },
    decided_at: { kind: 'time', label: /*i18n*/ 'Handled At' },
    created_at: { kind: 'time', label: /*i18n*/ 'Created At', sortable: true },
  },
  defaultSort: { field: 'created_at', desc: true },
});
