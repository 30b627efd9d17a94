import { z } from 'zod';
import { defineCodes } from '../codes';
import { endpoint } from './define';
import { USER_ADMIN_ACTIONS } from './userlist.contract';

/**
 * User import (spec §7 User list: search_upload_task; "user excel" downloads): an administrator
 * uploads a sheet of users; each row creates an outsourced (BPO) account in the warehouse or
 * updates a member of it, with the rules of create_bpo_user and edit_user. The upload is read at
 * once (a file that is not a sheet, too big or too long is refused whole) and applied in the
 * background like an export; search_upload_task (the `user_import_task` resource) lists the
 * warehouse's imports and each one's row results download as a file (docs/user-admin.md "User import").
 */

/** Largest file an import takes: its base64 must fit the API's 1 MB JSON body. */
export const USER_IMPORT_MAX_BYTES = 640 * 1024;
/** Most data rows (after the header, blank rows not counted) one import takes. */
export const USER_IMPORT_MAX_ROWS = 1000;
/** Imports one user may have waiting or running in a warehouse. */
export const USER_IMPORT_MAX_UNFINISHED = 3;
/** Finished imports and their row results are deleted after this many days. */
export const USER_IMPORT_RETENTION_DAYS = 30;

export const USER_IMPORT_FORMATS = ['xlsx', 'csv'] as const;
export type UserImportFormat = (typeof USER_IMPORT_FORMATS)[number];

/**
 * The columns an import reads, in template order. The header names a column by its label or its
 * key, in any case and spacing (`Employment Type`, `employment_type`); the labels are the user
 * list's, so a user list exported in English reads back. Other columns are left alone.
 * `forCreate`: a new account needs it.
 */
export const USER_IMPORT_COLUMNS = [
  { key: 'email', label: /*i18n*/ 'Email', forCreate: true },
  { key: 'display_name', label: /*i18n*/ 'Name', forCreate: true },
  { key: 'local_name', label: /*i18n*/ 'Local Name', forCreate: false },
  { key: 'role_name', label: /*i18n*/ 'Role', forCreate: true },
  { key: 'department_name', label: /*i18n*/ 'Department', forCreate: false },
  { key: 'employment_type', label: /*i18n*/ 'Employment Type', forCreate: false },
  { key: 'status', label: /*i18n*/ 'Status', forCreate: false },
  { key: 'reason', label: /*i18n*/ 'Reason', forCreate: false },
] as const;
export type UserImportColumn = (typeof USER_IMPORT_COLUMNS)[number]['key'];

/** What became of a row. */
export const USER_IMPORT_OUTCOME = defineCodes({
  CREATED: [1, /*i18n*/ 'Created'], UPDATED: [2, /*i18n*/ 'Updated'], UNCHANGED: [3, /*i18n*/ 'Unchanged'], REFUSED: [4, /*i18n*/ 'Refused'],
});

/**
 * Downloads: `GET /api/v2<path>`. Not contract entries (the answer is the file; refusals are the
 * envelope); a plain link works, the tenant header is optional. Both need USER_ADMIN_ACTIONS.importUsers.
 * The template takes `?format=xlsx|csv`; the result `?task_id=` of a finished import of the warehouse.
 */
export const USER_IMPORT_TEMPLATE_PATH = '/apps/config/userlist/download_upload_template';
export const USER_IMPORT_RESULT_PATH = '/apps/config/userlist/download_upload_result';

/** The name of an import's result file: the uploaded name with `_result` (`staff.xlsx` → `staff_result.xlsx`). */
export const resultFileName = (fileName: string, format: UserImportFormat) => `${fileName.replace(/\.[^.]*$/, '')}_result.${format}`;

/** Base64 of the largest body the API reads: a bigger file is still answered -288002 when the body fits. */
const MAX_BASE64_CHARS = 1024 * 1024;

export const userImportContract = {
  uploadUserFile: endpoint({
    method: 'POST', path: '/apps/config/userlist/upload_user_file', access: { perm: USER_ADMIN_ACTIONS.importUsers },
    summary: `Queues an import of users from an .xlsx or .csv file (its name says which) of at most ${USER_IMPORT_MAX_BYTES / 1024} KB and ${USER_IMPORT_MAX_ROWS} rows, sent in base64. The file is read at once: -288001 when it is not such a sheet or has no rows, -288002 too big, -288003 too many rows, -288004 a header without Email (or naming no column it reads, or one twice); at most ${USER_IMPORT_MAX_UNFINISHED} unfinished imports per user, an upload refused once read counting as one for 5 minutes (-100429). The rows are applied in the background (search_upload_task shows progress) with the uploader's permissions: a new email creates a BPO account (needs ${USER_ADMIN_ACTIONS.createBpoUser}), a member's email updates them (${USER_ADMIN_ACTIONS.editUser}); each row is created, updated, unchanged or refused with the reason.`,
    input: z.object({
      file_name: z.string().trim().min(1).max(200),
      /** The file's bytes, base64-encoded: the JSON body carries no binary. */
      content: z.base64().min(1).max(MAX_BASE64_CHARS),
    }),
    output: z.object({ task_id: z.number().int(), row_count: z.number().int() }),
  }),
} as const;
