import { and, eq } from 'drizzle-orm';
import {
  DOCUMENT_SIZES, LABEL_SIZES, type DocumentSize, type LabelSize, type PageSize, type PrintJob, type PrintKind, type PrinterMode,
} from '../../shared/print/print-job';
import type { PrintSetting } from '../../shared/contract/print.contract';
import type { Db } from '../db/client';
import { printJobs, printSettings, stations } from '../db/schema';
import { badInput } from '../http/errors';

/**
 * The print log and the stations' print settings, for every area that prints (the print tool,
 * packing's shipping labels and packing lists): docs/printing.md.
 */

export interface PrintJobRecord {
  kind: PrintKind;
  /** What the job is of: order, parcel or tracking number, a code, a UID. */
  refNo: string;
  job: PrintJob;
  /** The station it is printed at, if known. */
  stationId?: string | null;
  userId: number;
  /** The logged job this one prints again. */
  reprintOf?: number | null;
}

/** Logs printed jobs in the caller's transaction (with what they print); answers their job ids in order. */
export async function recordPrintJobs(tx: Db, whsId: string, records: readonly PrintJobRecord[]): Promise<number[]> {
  if (records.length === 0) return [];
  const rows = await tx.insert(printJobs).values(records.map((r) => ({
    whsId,
    kind: r.kind,
    refNo: r.refNo,
    job: r.job,
    stationId: r.stationId ?? null,
    printedBy: r.userId,
    reprintOf: r.reprintOf ?? null,
  }))).returning({ jobId: printJobs.jobId });
  return rows.map((r) => r.jobId);
}

/** Logs one printed job in the caller's transaction; answers its job id (the print tool reprints by it). */
export async function recordPrintJob(tx: Db, whsId: string, record: PrintJobRecord): Promise<number> {
  const [jobId] = await recordPrintJobs(tx, whsId, [record]);
  return jobId!;
}

/** What a station without saved settings uses: the browser's print dialog, 100×150 mm labels, A4 documents. */
export const DEFAULT_PRINT_SETTING = {
  label_size: '100x150' as LabelSize,
  document_size: 'A4' as DocumentSize,
  printer_mode: 'browser' as PrinterMode,
  agent_url: null,
  label_printer: null,
  document_printer: null,
} as const;

/** Refuses (-100400 on `field`) a station the warehouse does not have. */
export async function assertStationOf(db: Db, whsId: string, stationId: string, field = 'station_id'): Promise<void> {
  const [row] = await db.select({ id: stations.stationId }).from(stations).where(and(eq(stations.whsId, whsId), eq(stations.stationId, stationId)));
  if (!row) throw badInput(field, `station ${stationId} does not exist in warehouse ${whsId}`);
}

/** How a station of the warehouse prints: its saved settings, else the defaults. The station must exist. */
export async function stationPrintSetting(db: Db, whsId: string, stationId: string): Promise<PrintSetting> {
  await assertStationOf(db, whsId, stationId);
  const [row] = await db.select().from(printSettings).where(and(eq(printSettings.whsId, whsId), eq(printSettings.stationId, stationId)));
  if (!row) return { station_id: stationId, ...DEFAULT_PRINT_SETTING, saved: false };
  return {
    station_id: stationId,
    label_size: row.labelSize as LabelSize,
    document_size: row.documentSize as DocumentSize,
    printer_mode: row.printerMode as PrinterMode,
    agent_url: row.agentUrl,
    label_printer: row.labelPrinter,
    document_printer: row.documentPrinter,
    saved: true,
  };
}

/** The label stock and document paper a job printed at `stationId` uses (the defaults without a station). */
export async function stationPaper(db: Db, whsId: string, stationId: string | null | undefined): Promise<{ label: PageSize; document: PageSize }> {
  const setting = stationId ? await stationPrintSetting(db, whsId, stationId) : { ...DEFAULT_PRINT_SETTING };
  return { label: LABEL_SIZES[setting.label_size], document: DOCUMENT_SIZES[setting.document_size] };
}
