import { EXPORT_REPORT_TYPE, EXPORT_TASK_STATUS, codeEnum } from '../codes';
import { defineResource } from './define';

/**
 * The Report Center's list (/reportcenter/reportcenter): the signed-in user's exports in the
 * warehouse, newest first. A read model over `export_tasks` (server/modules/report/export-task.reads.ts),
 * since its rows belong to their requester: it keeps to the viewer's own tasks, and an export of it
 * to its owner's. Made by create_export_task and the export worker, never by this list's calls.
 */
export const exportTaskResource = defineResource({
  name: 'export_task',
  query: 'export_tasks',
  api: { list: { path: '/apps/config/export/search_export_task' } },
  pages: { list: '/reportcenter/reportcenter' },
  ownScreens: ['list'],
  key: 'task_id',
  warehouseScoped: true,
  fields: {
    task_id: { kind: 'text', label: /*i18n*/ 'Task ID', readOnly: true, hideInList: true },
    file_name: { kind: 'text', label: /*i18n*/ 'File', readOnly: true, filter: { op: 'prefix', type: 'input' } },
    /** The exported resource (shared/resources/registry.ts). */
    resource: { kind: 'text', label: /*i18n*/ 'Exported List', readOnly: true, max: 64, hideInList: true },
    /** The spec's report type id of the exported list (ResourceDef.reportType); none for the other lists. */
    report_type: { kind: 'enum', label: /*i18n*/ 'Report Type', readOnly: true, ...codeEnum(EXPORT_REPORT_TYPE), filter: { op: 'eq', type: 'select' } },
    file_format: { kind: 'text', label: /*i18n*/ 'File format', readOnly: true, max: 8, hideInList: true },
    status: {
      kind: 'enum', label: /*i18n*/ 'Status', readOnly: true, status: true, ...codeEnum(EXPORT_TASK_STATUS), filter: { op: 'eq', type: 'select' },
    },
    /** 0–100: rows read of the list's total; 100 once the file is stored. */
    progress: { kind: 'int', label: /*i18n*/ 'Progress', readOnly: true, min: 0, max: 100 },
    row_count: { kind: 'int', label: /*i18n*/ 'Rows', readOnly: true },
    /** Why a failed task failed (the file's limits, filters no longer valid). */
    error_message: { kind: 'text', label: /*i18n*/ 'Reason', readOnly: true, max: 1000, hideInList: true },
    created_at: { kind: 'time', label: /*i18n*/ 'Created At', readOnly: true, sortable: true, filter: { op: 'range', type: 'datetimeRange' } },
    updated_at: { kind: 'time', label: /*i18n*/ 'Updated At', readOnly: true, hideInList: true },
    finished_at: { kind: 'time', label: /*i18n*/ 'Finished At', readOnly: true },
  },
  defaultSort: { field: 'created_at', desc: true },
});
