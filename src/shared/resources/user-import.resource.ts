import { EXPORT_TASK_STATUS, codeEnum } from '../codes';
import { derivePerm } from '../routes/derive';
import { defineResource } from './define';

/**
 * The user imports of a warehouse (spec §7 search_upload_task; contract/user-import.contract.ts),
 * newest first, from `user_import_tasks`: list, filters, sort and export are the kit's. Status as
 * an export's (spec §3): pending, ongoing, done, fail. Anyone who reads the user list sees them.
 */
export const userImportTaskResource = defineResource({
  name: 'user_import_task',
  table: 'user_import_tasks',
  api: { list: { path: '/apps/config/userlist/search_upload_task', perm: derivePerm('/wmsconfig/userlist') } },
  pages: { list: '/wmsconfig/userlist/uploadtask' },
  ownScreens: ['list'],
  key: 'task_id',
  warehouseScoped: true,
  fields: {
    task_id: { kind: 'int', label: /*i18n*/ 'Task ID', readOnly: true, sortable: true, filter: { op: 'eq', type: 'number' } },
    file_name: { kind: 'text', label: /*i18n*/ 'File', readOnly: true, max: 200, filter: { op: 'contains', type: 'input' } },
    file_format: { kind: 'text', label: /*i18n*/ 'File format', readOnly: true, max: 8, hideInList: true },
    status: { kind: 'enum', label: /*i18n*/ 'Status', readOnly: true, status: true, ...codeEnum(EXPORT_TASK_STATUS), filter: { op: 'eq', type: 'select' } },
    /** 0–100: rows applied of the file's rows. */
    progress: { kind: 'int', label: /*i18n*/ 'Progress', readOnly: true, min: 0, max: 100 },
    row_count: { kind: 'int', label: /*i18n*/ 'Rows', readOnly: true },
    created_count: { kind: 'int', label: /*i18n*/ 'Created', readOnly: true },
    updated_count: { kind: 'int', label: /*i18n*/ 'Updated', readOnly: true },
    unchanged_count: { kind: 'int', label: /*i18n*/ 'Unchanged', readOnly: true, hideInList: true },
    refused_count: { kind: 'int', label: /*i18n*/ 'Refused', readOnly: true },
    /** Why a failed import stopped (rows applied before stay applied). */
    error_message: { kind: 'text', label: /*i18n*/ 'Reason', readOnly: true, max: 1000, hideInList: true },
    operator_email: { kind: 'text', label: /*i18n*/ 'Uploaded By', readOnly: true, max: 254, filter: { op: 'contains', type: 'input' } },
    created_at: { kind: 'time', label: /*i18n*/ 'Uploaded At', readOnly: true, sortable: true, filter: { op: 'range', type: 'datetimeRange' } },
    finished_at: { kind: 'time', label: /*i18n*/ 'Finished At', readOnly: true, hideInList: true },
  },
  defaultSort: { field: 'task_id', desc: true },
});
