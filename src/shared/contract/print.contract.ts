import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../constants';
import {
  DOCUMENT_SIZE_CODES, LABEL_SIZE_CODES, PRINTER_MODES, PRINT_CONF_NAMES, PRINT_COPIES_MAX, PRINT_KINDS, type PrintJob,
} from '../print/print-job';
import { derivePerm, pageActionPerm } from '../routes/derive';
import { endpoint } from './define';
import { q } from './values';

/**
 * Printing (spec §2 /wmsconfig/printtool and /wmsconfig/printsettings, §3 "Print job"): the print
 * settings of a station, the print log and reprints, code labels of the warehouse's locations,
 * containers and SKUs, and new unit ids (UIDs) with their labels. The jobs are printed by the
 * client (kit/print: the browser's print dialog or the station's print agent); the server renders
 * and logs them. docs/printing.md.
 */

const SETTINGS_PAGE = '/wmsconfig/printsettings';
const PRINT_PAGE = '/wmsconfig/printtool/print';
const NEW_UID_PAGE = '/wmsconfig/printtool/newuid';
const REPRINT_PAGE = '/wmsconfig/printtool/reprint';

/** Codes one code-label call prints at most, and UIDs one New UID call makes at most. */
export const CODE_LABELS_MAX = 200;
export const NEW_UIDS_MAX = 500;

const stationId = z.string().trim().min(1).max(32);
const code = z.string().trim().min(1).max(64).regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces (Code 128)');

/** A print job of spec §3 as the API carries it. */
export const printJobSchema = z.object({
  print_content: z.string().max(4_000_000),
  conf_name: z.enum(PRINT_CONF_NAMES),
  width: z.number().positive().max(1000),
  height: z.number().positive().max(1000),
  options: z.object({
    copies: z.number().int().min(1).max(PRINT_COPIES_MAX),
    kind: z.enum(PRINT_KINDS),
    title: z.string().max(200),
  }),
  print_type: z.number().int(),
}) satisfies z.ZodType<PrintJob>;

/** A printer agent URL: http(s), no credentials; the browser posts jobs to it (its origin must be allowed, docs/printing.md). */
const agentUrl = z.string().trim().max(300).url().refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}, 'must be an http(s) URL without user name or password');

const printerName = z.string().trim().max(120);

export const printSettingSchema = z.object({
  station_id: z.string(),
  label_size: z.enum(LABEL_SIZE_CODES),
  document_size: z.enum(DOCUMENT_SIZE_CODES),
  printer_mode: z.enum(PRINTER_MODES),
  agent_url: z.string().nullable(),
  label_printer: z.string().nullable(),
  document_printer: z.string().nullable(),
  /** Whether the station has saved settings (false: the defaults shown). */
  saved: z.boolean(),
});
export type PrintSetting = z.infer<typeof printSettingSchema>;

/** A row of the print log (the job itself is read when reprinting). */
export const printLogRowSchema = z.object({
  job_id: z.number().int(),
  kind: z.enum(PRINT_KINDS),
  ref_no: z.string(),
  title: z.string(),
  station_id: z.string().nullable(),
  printed_by: z.string(),
  reprint_of: z.number().int().nullable(),
  created_at: z.number().int(),
});
export type PrintLogRow = z.infer<typeof printLogRowSchema>;

export const CODE_LABEL_KINDS = ['CELL', 'CONTAINER', 'SKU'] as const;

/** A station of the warehouse as printing screens choose it, with whether it has print settings of its own. */
export const printStationSchema = z.object({
  station_id: z.string(),
  station_name: z.string(),
  station_type: z.number().int(),
  /** ACTIVE_STATUS: enabled 1, disabled 2. */
  status: z.number().int(),
  has_settings: z.boolean(),
});
export type PrintStation = z.infer<typeof printStationSchema>;

export const printContract = {
  searchPrintStation: endpoint({
    method: 'GET', path: '/apps/config/print/search_print_station', access: 'session', offlineRead: true,
    summary: 'The stations of the warehouse (id, name, type, status) and whether each has print settings of its own: what printing screens offer as the station the user works at.',
    input: z.object({}),
    output: z.object({ list: z.array(printStationSchema) }),
  }),
  getPrintSetting: endpoint({
    method: 'GET', path: '/apps/config/print/get_print_setting', access: 'session', offlineRead: true,
    summary: 'How a station of the warehouse prints (sizes, browser or agent, agent URL, printers); the defaults when it has saved none. Any signed-in user reads it: every screen that prints needs it.',
    input: z.object({ station_id: stationId }),
    output: printSettingSchema,
  }),
  updatePrintSetting: endpoint({
    method: 'POST', path: '/apps/config/print/update_print_setting', access: { perm: pageActionPerm(SETTINGS_PAGE, 'Edit') },
    summary: 'Saves how a station of the warehouse prints. Agent mode needs an agent URL whose origin the deployment allows (PRINT_AGENT_ORIGINS).',
    input: z.object({
      station_id: stationId,
      label_size: z.enum(LABEL_SIZE_CODES),
      document_size: z.enum(DOCUMENT_SIZE_CODES),
      printer_mode: z.enum(PRINTER_MODES),
      agent_url: agentUrl.nullish(),
      label_printer: printerName.nullish(),
      document_printer: printerName.nullish(),
    }),
    output: printSettingSchema,
  }),
  searchPrintJob: endpoint({
    method: 'GET', path: '/apps/config/print/search_print_job', access: { perm: derivePerm(REPRINT_PAGE) },
    summary: 'The print log of the warehouse, newest first: by reference number (exact), kind and printing time (unix seconds, both ends included).',
    input: z.object({
      ref_no: q.str(64).optional(),
      kind: z.enum(PRINT_KINDS).optional(),
      created_from: q.int().min(0).optional(),
      created_to: q.int().min(0).optional(),
      page_no: z.coerce.number().int().min(1).max(100_000).default(1),
      page_size: z.coerce.number().pipe(z.literal(PAGE_SIZE_OPTIONS)).default(DEFAULT_PAGE_SIZE),
    }),
    output: z.object({ list: z.array(printLogRowSchema), total: z.number().int(), page_no: z.number().int(), page_size: z.number().int() }),
  }),
  reprintPrintJob: endpoint({
    method: 'POST', path: '/apps/config/print/reprint_print_job', access: { perm: pageActionPerm(REPRINT_PAGE, 'Action') },
    summary: 'The logged job again, to print as it was; the reprint is logged (naming the job it repeats and the station).',
    input: z.object({ job_id: z.number().int().min(1), station_id: stationId.nullish() }),
    output: z.object({ job_id: z.number().int(), job: printJobSchema }),
  }),
  printCodeLabels: endpoint({
    method: 'POST', path: '/apps/config/print/print_code_labels', access: { perm: pageActionPerm(PRINT_PAGE, 'Action') },
    summary: 'Labels of locations (cells), containers or SKUs of the warehouse, one page each on the station\'s label stock, logged one job per code. Codes the warehouse does not have are refused (-100400 naming them) and nothing is logged.',
    input: z.object({
      kind: z.enum(CODE_LABEL_KINDS),
      codes: z.array(code).min(1).max(CODE_LABELS_MAX),
      station_id: stationId.nullish(),
      copies: z.number().int().min(1).max(PRINT_COPIES_MAX).default(1),
    }),
    output: z.object({ job_ids: z.array(z.number().int()), job: printJobSchema }),
  }),
  createNewUids: endpoint({
    method: 'POST', path: '/apps/config/print/create_new_uids', access: { perm: pageActionPerm(NEW_UID_PAGE, 'Action') },
    summary: 'Makes `count` new unit ids (U + 12 digits, never repeated) for a SKU of the warehouse, records them, and answers their labels as one job (logged one job per UID).',
    input: z.object({ sku_id: z.string().trim().min(1).max(64), count: z.number().int().min(1).max(NEW_UIDS_MAX), station_id: stationId.nullish() }),
    output: z.object({ uids: z.array(z.string()), job: printJobSchema }),
  }),
} as const;
