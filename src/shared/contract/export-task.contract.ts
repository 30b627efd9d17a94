import { z } from 'zod';
import { EXPORT_REPORT_TYPE, EXPORT_TASK_STATUS } from '../codes';
import type { exportTaskResource } from '../resources/export-task.resource';
import type { rowSchema } from '../resources/schemas';
import { codeOf } from './asn.contract';
import { endpoint } from './define';

/** Export task status (spec §3): pending 0, ongoing 1, done 2, fail 3. */
export const EXPORT_STATUS = EXPORT_TASK_STATUS.values;

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * The file of a finished task: `GET /api/v2<path>?task_id=`. Not a contract entry, since the
 * answer is the file itself (with Content-Disposition), not the JSON envelope; a plain link
 * downloads it, so it needs the session cookie but no tenant header (docs/api.md "Exports").
 */
export const EXPORT_DOWNLOAD_PATH = '/apps/config/export/download_export_task';

/** Most columns and rows one export may have. */
export const EXPORT_MAX_COLUMNS = 100;
export const EXPORT_MAX_ROWS = 100_000;
/** Finished tasks and their files are deleted after this many days. */
export const EXPORT_RETENTION_DAYS = 7;
/** Unfinished exports one user may have waiting in a warehouse. */
export const EXPORT_MAX_UNFINISHED = 5;

const exportColumn = z.object({
  /** A field of the resource. */
  field: z.string().trim().min(1).max(64),
  /** Header text, in the user's language; the definition's English label when absent. */
  label: z.string().trim().min(1).max(200).optional(),
  /** Text of each value (enum and yes/no labels in the user's language), by the value as text. */
  values: z.record(z.string().max(64), z.string().max(200))
    .refine((v) => Object.keys(v).length <= 200, 'lists more than 200 values')
    .optional(),
});
export type ExportColumn = z.infer<typeof exportColumn>;

/** A task as the Report Center lists it (times as 10-digit seconds, spec §9). */
export type ExportTaskRow = z.infer<ReturnType<typeof rowSchema<typeof exportTaskResource.fields>>>;

export const exportTaskContract = {
  createExportTask: endpoint({
    method: 'POST', path: '/apps/config/export/create_export_task', access: 'session',
    summary: `Queues an export of a resource list as an xlsx or csv file, the list named by its resource or by its report type id (spec §3: ${EXPORT_REPORT_TYPE.options.map((o) => o.value).join(', ')}): the filters are those of the list (validated as its list call validates them) and the caller needs the list's permission. Answers the task id; the file is made in the background and listed by search_export_task (the export_task resource).`,
    input: z.object({
      /** The list by its resource name; or by `report_type`, exactly one of the two. */
      resource: z.string().trim().min(1).max(64).optional(),
      report_type: codeOf(EXPORT_REPORT_TYPE).optional(),
      format: z.enum(EXPORT_FORMATS),
      filters: z.record(z.string().max(64), z.unknown())
        .refine((v) => Object.keys(v).length <= 100, 'has more than 100 keys')
        .default({}),
      /** The file's columns in order; every field of the resource, English headers, when absent. */
      columns: z.array(exportColumn).min(1).max(EXPORT_MAX_COLUMNS).optional(),
    }).refine((v) => (v.resource === undefined) !== (v.report_type === undefined), { path: ['resource'], message: 'give either resource or report_type, not both' }),
    output: z.object({ task_id: z.string() }),
  }),
} as const;
