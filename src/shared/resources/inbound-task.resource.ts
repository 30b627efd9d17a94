import { INBOUND_TASK_KIND, TASK_STATUS, codeEnum } from '../codes';
import { type FieldDef, defineResource } from './define';

/**
 * The QC and receiving task lists and details of spec §2 (/inbound/qctask, /inbound/receivetask):
 * their rows of `inbound_tasks`, one kind each (`fixed`). Read-only: the tasks are made and moved
 * by counting, QC and receiving (server/modules/inbound/inbound-task.ts).
 */

/** The fields every inbound task list shows; the quantities are named per kind. */
function taskFields(totalLabel: string, doneLabel: string) {
  return {
    task_no: { kind: 'text', label: /*i18n*/ 'Task No.', readOnly: true, max: 32, sortable: true, filter: { op: 'in', type: 'card' } },
    asn_no: { kind: 'text', label: /*i18n*/ 'ASN No.', readOnly: true, max: 32, sortable: true, filter: { op: 'eq', type: 'input' } },
    group_no: { kind: 'text', label: /*i18n*/ 'ASN Group No.', readOnly: true, max: 32, filter: { op: 'eq', type: 'input', hide: true } },
    status: { kind: 'enum', label: /*i18n*/ 'Status', readOnly: true, status: true, ...codeEnum(TASK_STATUS), filter: { op: 'eq', type: 'select' } },
    staging_location: { kind: 'text', label: /*i18n*/ 'Staging Location', readOnly: true, max: 32 },
    assignee_id: { kind: 'int', label: /*i18n*/ 'Operator ID', readOnly: true, filter: { op: 'eq', type: 'number', hide: true } },
    total_qty: { kind: 'int', label: totalLabel, readOnly: true },
    done_qty: { kind: 'int', label: doneLabel, readOnly: true },
    created_at: { kind: 'time', label: /*i18n*/ 'Created At', readOnly: true, sortable: true, filter: { op: 'range', type: 'datetimeRange' } },
    started_at: { kind: 'time', label: /*i18n*/ 'Started At', readOnly: true, hideInList: true },
    finished_at: { kind: 'time', label: /*i18n*/ 'Finished At', readOnly: true },
  } as const satisfies Record<string, FieldDef>;
}

/** QC tasks: one per ASN whose lines a QC rule asks to inspect, made when its group's counting completes. */
export const qcTaskResource = defineResource({
  name: 'qc_task',
  table: 'inbound_tasks',
  fixed: { kind: INBOUND_TASK_KIND.values.QC },
  api: {
    list: { path: '/apps/process/inbound/qctask/search_qc_task' },
    detail: { path: '/apps/process/inbound/qctask/get_qc_task_detail' },
  },
  pages: { list: '/inbound/qctask', detail: '/inbound/qctask/detail/$id' },
  key: 'task_no',
  warehouseScoped: true,
  fields: taskFields(/*i18n*/ 'Sample Qty', /*i18n*/ 'Inspected Qty'),
  defaultSort: { field: 'created_at', desc: true },
});

/** Receiving tasks: one per ASN ready to receive (counted without QC, or checked). */
export const receiveTaskResource = defineResource({
  name: 'receive_task',
  table: 'inbound_tasks',
  fixed: { kind: INBOUND_TASK_KIND.values.RECEIVING },
  api: {
    list: { path: '/apps/process/inbound/receivetask/search_receive_task' },
    detail: { path: '/apps/process/inbound/receivetask/get_receive_task_detail' },
  },
  pages: { list: '/inbound/receivetask', detail: '/inbound/receivetask/detail/$id' },
  key: 'task_no',
  warehouseScoped: true,
  fields: taskFields(/*i18n*/ 'Qty to Receive', /*i18n*/ 'Received Qty'),
  defaultSort: { field: 'created_at', desc: true },
});
