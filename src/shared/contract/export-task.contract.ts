import { z } from 'zod';
import { PAGE_SIZE_OPTIONS, DEFAULT_PAGE_SIZE } from '../constants';
import type { FieldDef } from '../resources/define';
import { endpoint } from './define';

/** Export task status (spec §3): pending 0, ongoing 1, done 2, fail 3. */
export const EXPORT_STATUS = { PENDING: 0, ONGOING: 1, DONE: 2, FAIL: 3 } as const;
export type ExportStatus = (typeof EXPORT_STATUS)[keyof typeof EXPORT_STATUS];

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The status as a field: the Report Center shows it as a status tag (spec §4 colours). */
export const EXPORT_STATUS_FIELD: FieldDef = {
  kind: 'enum',
  label: /*i18n*/ 'Status',
  status: true,
  values: Object.values(EXPORT_STATUS),
  valueLabels: {
    [EXPORT_STATUS.PENDING]: /*i18n*/ 'Pending',
    [EXPORT_STATUS.ONGOING]: /*i18n*/ 'Ongoing',
    [EXPORT_STATUS.DONE]: /*i18n*/ 'Done',
    [EXPORT_STATUS.FAIL]: /*i18n*/ 'Fail',
  },
};

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

const taskRow = z.object({
  task_id: z.string(),
  resource: z.string(),
  file_format: z.enum(EXPORT_FORMATS),
  status: z.literal(Object.values(EXPORT_STATUS)),
  progress: z.number().int().min(0).max(100),
  row_count: z.number().int().nullable(),
  file_name: z.string(),
  error_message: z.string().nullable(),
  /** 10-digit timestamps (seconds), spec §9. */
  created_at: z.number().int(),
  updated_at: z.number().int(),
  finished_at: z.number().int().nullable(),
});
export type ExportTaskRow = z.infer<typeof taskRow>;

export const exportTaskContract = {
  createExportTask: endpoint({
    method: 'POST', path: '/apps/config/export/create_export_task', access: 'session',
    summary: 'Queues an export of a resource list as an xlsx or csv file: the filters are those of the list (validated as its list call validates them) and the caller needs the list\'s permission. Answers the task id; the file is made in the background (search_export_task).',
    input: z.object({
      resource: z.string().trim().min(1).max(64),
      format: z.enum(EXPORT_FORMATS),
      filters: z.record(z.string().max(64), z.unknown())
        .refine((v) => Object.keys(v).length <= 100, 'has more than 100 keys')
        .default({}),
      /** The file's columns in order; every field of the resource, English headers, when absent. */
      columns: z.array(exportColumn).min(1).max(EXPORT_MAX_COLUMNS).optional(),
    }),
    output: z.object({ task_id: z.string() }),
  }),
  searchExportTask: endpoint({
    method: 'GET', path: '/apps/config/export/search_export_task', access: 'session',
    summary: 'The caller\'s own export tasks in the warehouse, newest first, with status and progress.',
    input: z.object({
      page_no: z.coerce.number().int().min(1).max(1_000_000).default(1),
      page_size: z.coerce.number().pipe(z.literal(PAGE_SIZE_OPTIONS)).default(DEFAULT_PAGE_SIZE),
      status: z.coerce.number().pipe(z.literal(Object.values(EXPORT_STATUS))).optional(),
    }),
    output: z.object({ list: z.array(taskRow), total: z.number().int(), page_no: z.number().int(), page_size: z.number().int() }),
  }),
} as const;
