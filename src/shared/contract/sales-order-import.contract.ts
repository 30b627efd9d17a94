import { z } from 'zod';
import { defineCodes } from '../codes';
import { endpoint } from './define';
import { SALES_ORDER_ACCESS } from './sales-order.contract';

/**
 * Sales order import (docs/outbound.md "Importing orders"): a sheet of one row per order line is
 * read at once into orders (rows of one External Order No. form one order, its lines in row
 * order, its optional fields from its first row) and applied in the background, each order in a
 * transaction of its own with the rules of create_sales_order (idempotent on the external number).
 */

export const SALES_ORDER_IMPORT_MAX_BYTES = 640 * 1024;
/** Most data rows (order lines) one import takes. */
export const SALES_ORDER_IMPORT_MAX_ROWS = 2000;
export const SALES_ORDER_IMPORT_MAX_UNFINISHED = 3;
export const SALES_ORDER_IMPORT_RETENTION_DAYS = 30;
export const SALES_ORDER_IMPORT_FORMATS = ['xlsx', 'csv'] as const;
export type SalesOrderImportFormat = (typeof SALES_ORDER_IMPORT_FORMATS)[number];

/** The columns read, in template order; `required` ones must be in the header. Named by label or key, any case or spacing. */
export const SALES_ORDER_IMPORT_COLUMNS = [
  { key: 'external_no', label: /*i18n*/ 'External Order No.', required: true },
  { key: 'sku_id', label: /*i18n*/ 'SKU ID', required: true },
  { key: 'qty', label: /*i18n*/ 'Qty', required: true },
  { key: 'priority', label: /*i18n*/ 'Priority', required: false },
  { key: 'shop_id', label: /*i18n*/ 'Shop ID', required: false },
  { key: 'cutoff_at', label: /*i18n*/ 'Cut-off', required: false },
  { key: 'remark', label: /*i18n*/ 'Remark', required: false },
] as const;
export type SalesOrderImportColumn = (typeof SALES_ORDER_IMPORT_COLUMNS)[number]['key'];

/** What became of an order. */
export const SALES_ORDER_IMPORT_OUTCOME = defineCodes({
  CREATED: [1, /*i18n*/ 'Created'], RECEIVED_BEFORE: [2, /*i18n*/ 'Received Before'], REFUSED: [3, /*i18n*/ 'Refused'],
});

const CALLS = '/apps/process/outbound/salesorder';
/** Downloads (file routes, not contract entries): the template `?format=xlsx|csv`, a finished import's result `?task_id=`. */
export const SALES_ORDER_IMPORT_TEMPLATE_PATH = `${CALLS}/download_import_template`;
export const SALES_ORDER_IMPORT_RESULT_PATH = `${CALLS}/download_import_result`;

const MAX_BASE64_CHARS = 1024 * 1024;

export const salesOrderImportTaskSchema = z.object({
  task_id: z.number().int(),
  file_name: z.string(),
  operator_email: z.string(),
  /** EXPORT_TASK_STATUS: pending 0, ongoing 1, done 2, fail 3. */
  status: z.number().int(),
  progress: z.number().int(),
  order_count: z.number().int(),
  created_count: z.number().int(),
  received_count: z.number().int(),
  refused_count: z.number().int(),
  error_message: z.string().nullable(),
  created_at: z.number().int(),
});
export type SalesOrderImportTask = z.infer<typeof salesOrderImportTaskSchema>;

export const salesOrderImportResultSchema = z.object({
  external_no: z.string(),
  /** The sheet rows of its lines. */
  rows: z.array(z.number().int()),
  /** SALES_ORDER_IMPORT_OUTCOME; null while not applied. */
  outcome: z.number().int().nullable(),
  order_no: z.string().nullable(),
  retcode: z.number().int().nullable(),
  message: z.string(),
  /** The sheet rows the refusal names. */
  refused_rows: z.array(z.number().int()).nullable(),
});

export const salesOrderImportContract = {
  uploadSalesOrderFile: endpoint({
    method: 'POST', path: `${CALLS}/upload_sales_order_file`, access: SALES_ORDER_ACCESS.create,
    summary: `Queues an import of sales orders from an .xlsx or .csv file (its name says which) of at most ${SALES_ORDER_IMPORT_MAX_BYTES / 1024} KB and ${SALES_ORDER_IMPORT_MAX_ROWS} rows (one per order line), in base64. Read at once: -288001 not such a sheet or no rows, -288002 too big, -288003 too many rows, -288004 a header without External Order No., SKU ID and Qty (or naming one twice); at most ${SALES_ORDER_IMPORT_MAX_UNFINISHED} unfinished imports per user (-100429). Each order is then created in its own transaction as create_sales_order does: created, received before (its external number was imported with the same lines), or refused with the retcode, the message and its sheet rows.`,
    input: z.object({
      file_name: z.string().trim().min(1).max(200),
      content: z.base64().min(1).max(MAX_BASE64_CHARS),
    }),
    output: z.object({ task_id: z.number().int(), order_count: z.number().int() }),
  }),
  searchSalesOrderImport: endpoint({
    method: 'GET', path: `${CALLS}/search_sales_order_import`, access: SALES_ORDER_ACCESS.create,
    summary: 'The caller\'s latest sales order imports in the warehouse (newest first, at most 10), with their progress and counts.',
    input: z.object({}),
    output: z.object({ list: z.array(salesOrderImportTaskSchema) }),
  }),
  getSalesOrderImport: endpoint({
    method: 'GET', path: `${CALLS}/get_sales_order_import`, access: SALES_ORDER_ACCESS.create,
    summary: 'One sales order import of the warehouse with what became of each of its orders so far (-100404 another\'s or none).',
    input: z.object({ task_id: z.coerce.number().int().min(1).max(2_147_483_647) }),
    output: z.object({ task: salesOrderImportTaskSchema, orders: z.array(salesOrderImportResultSchema) }),
  }),
} as const;
