import { INBOUND_TASK_KIND, PUTAWAY_MODE, TASK_STATUS, codeEnum } from '../codes';
import { defineResource } from './define';

/** The putaway task pages (spec §2 /inbound/putawaytask, its edit and detail): the detail and edit take `?task_no=`. */
export const PUTAWAY_TASK_PAGES = {
  list: '/inbound/putawaytask',
  detail: '/inbound/putawaytask/detail',
  edit: '/inbound/putawaytask/edit',
} as const;

/**
 * Putaway tasks (the putaway rows of `inbound_tasks`, kind 4): the list is derived from this
 * definition; the detail (with its lines, suggested vs put) and the edit (assignee, mode, cancel)
 * are screens of their own over putaway.contract.ts, because they are more than the row's fields.
 */
export const putawayTaskResource = defineResource({
  name: 'putaway_task',
  table: 'inbound_tasks',
  fixed: { kind: INBOUND_TASK_KIND.values.PUTAWAY },
  api: { list: { path: '/apps/process/inbound/putawaytask/search_putaway_task' } },
  pages: PUTAWAY_TASK_PAGES,
  key: 'task_no',
  warehouseScoped: true,
  fields: {
    task_no: { kind: 'text', label: /*i18n*/ 'Task No.', readOnly: true, max: 32, sortable: true, filter: { op: 'in', type: 'card' } },
    asn_no: { kind: 'text', label: /*i18n*/ 'ASN No.', readOnly: true, max: 32, filter: { op: 'eq', type: 'input' } },
    status: { kind: 'enum', label: /*i18n*/ 'Status', readOnly: true, status: true, ...codeEnum(TASK_STATUS), filter: { op: 'eq', type: 'select' } },
    putaway_mode: { kind: 'enum', label: /*i18n*/ 'Putaway Mode', readOnly: true, ...codeEnum(PUTAWAY_MODE), filter: { op: 'eq', type: 'select' } },
    staging_location: { kind: 'text', label: /*i18n*/ 'Staging Location', readOnly: true, max: 32, filter: { op: 'eq', type: 'input' } },
    assignee_id: { kind: 'int', label: /*i18n*/ 'Assignee ID', readOnly: true, filter: { op: 'eq', type: 'number' } },
    total_qty: { kind: 'int', label: /*i18n*/ 'Total Qty', readOnly: true },
    done_qty: { kind: 'int', label: /*i18n*/ 'Put Qty', readOnly: true },
    created_at: { kind: 'time', label: /*i18n*/ 'Created At', readOnly: true, sortable: true, filter: { op: 'range', type: 'datetimeRange' } },
    started_at: { kind: 'time', label: /*i18n*/ 'Started At', readOnly: true, hideInList: true },
    finished_at: { kind: 'time', label: /*i18n*/ 'Finished At', readOnly: true, hideInList: true },
  },
  defaultSort: { field: 'created_at', desc: true },
});
