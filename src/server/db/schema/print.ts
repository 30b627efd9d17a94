import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, foreignKey, index, integer, jsonb, pgSequence, pgTable, text } from 'drizzle-orm/pg-core';
import { DOCUMENT_SIZE_CODES, LABEL_SIZE_CODES, PRINTER_MODES, PRINT_KINDS } from '../../../shared/print/print-job';
import { createdAt, updatedAt, warehouseRef, whsId, whsPrimaryKey } from './columns';
import { stations, skus } from './basic';
import { users } from './system';

// Printing: print settings per station, the print log (reprints), unit ids (server/modules/config/print.handlers.ts, docs/printing.md).

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * How a station prints (spec §2 /wmsconfig/printsettings): its label stock and document paper,
 * and whether jobs go through the browser's print dialog or to a print agent on the LAN (the
 * agent's URL, and the printer names it is asked to use). A station without a row prints through
 * the browser on the default sizes.
 */
export const printSettings = pgTable('print_settings', {
  whsId: whsId(),
  stationId: text('station_id').notNull(),
  labelSize: text('label_size').notNull(),
  documentSize: text('document_size').notNull(),
  printerMode: text('printer_mode').notNull(),
  agentUrl: text('agent_url'),
  labelPrinter: text('label_printer'),
  documentPrinter: text('document_printer'),
  updatedBy: integer('updated_by').notNull().references(() => users.userId),
  updatedAt: updatedAt(),
}, (t) => [
  whsPrimaryKey(t, t.stationId),
  foreignKey({ name: 'print_settings_station_fk', columns: [t.whsId, t.stationId], foreignColumns: [stations.whsId, stations.stationId] }).onDelete('cascade'),
  check('print_settings_label_size_ck', sql`${t.labelSize} in (${inList(LABEL_SIZE_CODES)})`),
  check('print_settings_document_size_ck', sql`${t.documentSize} in (${inList(DOCUMENT_SIZE_CODES)})`),
  check('print_settings_printer_mode_ck', sql`${t.printerMode} in (${inList(PRINTER_MODES)})`),
  check('print_settings_agent_url_ck', sql`${t.printerMode} <> 'agent' or ${t.agentUrl} is not null`),
]);

/**
 * The print log: every label and document printed through the server or recorded by the step that
 * printed it (recordPrintJob, common/print-jobs.ts), with the job itself, so the print tool can
 * print it again exactly. A reprint is logged too, naming the job it repeats.
 */
export const printJobs = pgTable('print_jobs', {
  whsId: warehouseRef(),
  jobId: bigserial('job_id', { mode: 'number' }).notNull(),
  /** PRINT_KINDS. */
  kind: text('kind').notNull(),
  /** What the job is of: an order, parcel or tracking number, a location, container or SKU code, a UID. */
  refNo: text('ref_no').notNull(),
  job: jsonb('job').notNull(),
  /** The station it was printed at; null when none was chosen. No foreign key: the log outlives stations. */
  stationId: text('station_id'),
  printedBy: integer('printed_by').notNull().references(() => users.userId),
  /** The logged job this one printed again. */
  reprintOf: bigint('reprint_of', { mode: 'number' }),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.jobId),
  index('print_jobs_ref_idx').on(t.whsId, t.refNo, t.createdAt),
  index('print_jobs_created_idx').on(t.whsId, t.createdAt),
  index('print_jobs_kind_idx').on(t.whsId, t.kind, t.createdAt),
  check('print_jobs_kind_ck', sql`${t.kind} in (${inList(PRINT_KINDS)})`),
]);

/** Unit ids (UIDs) are drawn from one sequence: never repeated across warehouses. */
export const unitUidSeq = pgSequence('unit_uid_seq');

/** Unique unit ids made by the print tool (New UID) for units of a SKU, each labelled once made. */
export const unitUids = pgTable('unit_uids', {
  whsId: whsId(),
  uid: text('uid').notNull(),
  skuId: text('sku_id').notNull(),
  createdBy: integer('created_by').notNull().references(() => users.userId),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.uid),
  foreignKey({ name: 'unit_uids_sku_fk', columns: [t.whsId, t.skuId], foreignColumns: [skus.whsId, skus.skuId] }),
  index('unit_uids_sku_idx').on(t.whsId, t.skuId, t.createdAt),
  check('unit_uids_uid_ck', sql`${t.uid} ~ '^U[0-9]{12}$'`),
]);

export type PrintJobRow = typeof printJobs.$inferSelect;
