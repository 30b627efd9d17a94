import { and, asc, eq } from 'drizzle-orm';
import { ORDER_PRIORITY, type CodeOf } from '../../../shared/codes';
import { orderInput, type OrderInput } from '../../../shared/contract/sales-order.contract';
import {
  SALES_ORDER_IMPORT_COLUMNS, SALES_ORDER_IMPORT_MAX_BYTES, SALES_ORDER_IMPORT_MAX_ROWS, SALES_ORDER_IMPORT_MAX_UNFINISHED, SALES_ORDER_IMPORT_OUTCOME,
  type SalesOrderImportColumn, type SalesOrderImportFormat,
} from '../../../shared/contract/sales-order-import.contract';
import { resultFileName } from '../../../shared/contract/user-import.contract';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { salesOrderImportOrders, salesOrderImportTasks } from '../../db/schema';
import { ApiError } from '../../http/errors';
import {
  headerKey, invalidFile, matchHeader, readUploadSheet, rowCells, takeUploadSlot as takeSlot, tooManyRows, uploadFormat as formatOf,
} from '../../common/sheet-import';
import type { Cell } from '../../common/sheets/sheet';
import { writeSheet } from '../../common/sheets/sheet-file';

/**
 * Sales order import (docs/outbound.md "Importing orders"): reading an upload into orders (rows
 * of one external number form one order, its lines in row order, its optional fields from its
 * first row), and the template and result files. The worker (sales-order-import-worker.ts)
 * creates each order with createOrder; the shared upload pieces are common/sheet-import.ts.
 */

const LIMITS = { maxBytes: SALES_ORDER_IMPORT_MAX_BYTES, maxRows: SALES_ORDER_IMPORT_MAX_ROWS, maxUnfinished: SALES_ORDER_IMPORT_MAX_UNFINISHED };
const LABEL = Object.fromEntries(SALES_ORDER_IMPORT_COLUMNS.map((c) => [c.key, c.label])) as Record<SalesOrderImportColumn, string>;
type Cells = Partial<Record<SalesOrderImportColumn, string>>;

export const takeUploadSlot = (db: Db, who: { whsId: string; userId: number }) => takeSlot(db, who, salesOrderImportTasks, LIMITS.maxUnfinished);
export const uploadFormat = (fileName: string, bytes: Uint8Array): SalesOrderImportFormat => formatOf(fileName, bytes, LIMITS);

/** An order read from the file: its input when its rows are good, else its refusal. */
export interface ReadOrder {
  externalNo: string;
  rowNos: number[];
  input: OrderInput | null;
  refusal?: { retcode: number; message: string; rows: number[] };
}

/** Which column each header cell names; -288004 when a required column is missing or one repeats. */
function headerColumns(header: readonly string[]): Map<number, SalesOrderImportColumn> {
  const { found, repeated } = matchHeader(header, SALES_ORDER_IMPORT_COLUMNS);
  const present = new Set(found.values());
  const missing = SALES_ORDER_IMPORT_COLUMNS.filter((c) => c.required && !present.has(c.key)).map((c) => c.label);
  if (missing.length > 0 || repeated.length > 0) {
    const why = missing.length > 0 ? `it has no ${missing.join(', ')} column` : `it names ${repeated.map((c) => LABEL[c]).join(', ')} more than once`;
    const columns = SALES_ORDER_IMPORT_COLUMNS.map((c) => c.label);
    throw new ApiError(RET.IMPORT_HEADER_INVALID, `The first row must be the header: ${why}. The columns read are ${columns.join(', ')} (download the template).`, {
      missing, repeated: repeated.map((c) => LABEL[c]), columns,
    });
  }
  return found;
}

/** A cell the sheet's rules refuse: the order is refused naming the row. */
class CellRefusal extends Error {
  constructor(readonly rowNo: number, column: SalesOrderImportColumn, message: string) {
    super(`Row ${rowNo}, ${LABEL[column]}: ${message}`);
  }
}

function priorityOf(text: string, rowNo: number): CodeOf<typeof ORDER_PRIORITY> {
  const key = headerKey(text);
  const option = ORDER_PRIORITY.options.find((o) => headerKey(o.name) === key || headerKey(o.label.id) === key || String(o.value) === text);
  if (!option) throw new CellRefusal(rowNo, 'priority', `"${text}" is not one of ${ORDER_PRIORITY.options.map((o) => `${o.label.id} (${o.value})`).join(', ')}.`);
  return option.value;
}

const MS_PER_DAY = 86_400_000;
/** Days from 1899-12-30 (Excel's day 0, after its 1900 leap-year bug) to 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25_569;
const WALL_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** The UTC milliseconds of a wall-clock time (given as if UTC) in a time zone. */
function wallToInstant(wallAsUtc: number, timeZone: string): number {
  const offsetAt = (at: number) => {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
      .formatToParts(new Date(at));
    const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
    return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')) - Math.floor(at / 1000) * 1000;
  };
  const first = wallAsUtc - offsetAt(wallAsUtc);
  return wallAsUtc - offsetAt(first);
}

/**
 * A cut-off as unix seconds: `YYYY-MM-DD HH:MM[:SS]` (or a date alone, its midnight) on the
 * warehouse's clock, an ISO time with its offset, or a date-time cell of a workbook (a day number).
 */
function cutoffOf(text: string, rowNo: number, timeZone: string): number {
  const wall = WALL_TIME.exec(text);
  let at: number;
  if (wall) {
    const [, y, mo, d, h = '0', mi = '0', s = '0'] = wall;
    const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
    const check = new Date(asUtc);
    if (check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d) || Number(h) > 23) at = Number.NaN;
    else at = wallToInstant(asUtc, timeZone);
  } else if (/^\d+(\.\d+)?$/.test(text)) {
    at = wallToInstant(Math.round((Number(text) - EXCEL_EPOCH_DAYS) * MS_PER_DAY / 1000) * 1000, timeZone);
  } else if (/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(text)) {
    at = Date.parse(text);
  } else at = Number.NaN;
  if (!Number.isFinite(at) || at < 0) throw new CellRefusal(rowNo, 'cutoff_at', `"${text}" is not a date and time (write it as 2026-12-01 18:00, the warehouse's time).`);
  return Math.floor(at / 1000);
}

/** Digits only: a whole quantity of at least 1 (the order's own limit is checked with it). */
function qtyOf(text: string | undefined, rowNo: number): number {
  if (text === undefined) throw new CellRefusal(rowNo, 'qty', 'required.');
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new CellRefusal(rowNo, 'qty', `"${text}" is not a whole quantity of at least 1.`);
  return Number(text);
}

/** The order of a group of rows (their first row gives the order's fields), or why it is refused. */
function orderOf(externalNo: string, rows: readonly { rowNo: number; cells: Cells; unstorable: boolean }[], timeZone: string): ReadOrder {
  const rowNos = rows.map((r) => r.rowNo);
  const refused = (retcode: number, message: string, at: number[]): ReadOrder => ({ externalNo, rowNos, input: null, refusal: { retcode, message, rows: at } });
  try {
    const bad = rows.find((r) => r.unstorable);
    if (bad) return refused(RET.BAD_INPUT, `Row ${bad.rowNo}: a cell holds characters that cannot be stored (NUL or broken Unicode).`, [bad.rowNo]);
    const first = rows[0]!;
    const lines = rows.map((r) => {
      if (!r.cells.sku_id) throw new CellRefusal(r.rowNo, 'sku_id', 'required.');
      return { sku_id: r.cells.sku_id, qty: qtyOf(r.cells.qty, r.rowNo) };
    });
    const fields = first.cells;
    const parsed = orderInput.safeParse({
      external_no: externalNo,
      priority: fields.priority === undefined ? undefined : priorityOf(fields.priority, first.rowNo),
      shop_id: fields.shop_id ?? null,
      cutoff_at: fields.cutoff_at === undefined ? null : cutoffOf(fields.cutoff_at, first.rowNo, timeZone),
      remark: fields.remark ?? null,
      lines,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const [field, index] = issue.path;
      const at = field === 'lines' && typeof index === 'number' ? rowNos[index] ?? first.rowNo : first.rowNo;
      const column = (field === 'lines' ? issue.path[2] : field) as SalesOrderImportColumn | undefined;
      const name = field === 'lines' && index === undefined ? 'Lines' : column && column in LABEL ? LABEL[column] : String(field ?? '');
      return refused(RET.BAD_INPUT, `Row ${at}, ${name}: ${issue.message}`, field === 'lines' && index === undefined ? rowNos : [at]);
    }
    return { externalNo, rowNos, input: parsed.data };
  } catch (error) {
    if (error instanceof CellRefusal) return refused(RET.BAD_INPUT, error.message, [error.rowNo]);
    throw error;
  }
}

/**
 * Reads an upload into its orders (in a worker thread, under its budget), refusing the whole file
 * when it is not a sheet (-288001), too long (-288003) or its header is wrong (-288004). Rows with
 * nothing in the columns read are skipped; a row without an external number is refused on its own.
 */
export async function readOrders(format: SalesOrderImportFormat, bytes: Uint8Array, timeZone: string): Promise<ReadOrder[]> {
  const { header, data } = await readUploadSheet(format, bytes, LIMITS.maxRows, 'a row per order line');
  const columnAt = headerColumns(header);
  const groups = new Map<string, { rowNo: number; cells: Cells; unstorable: boolean }[]>();
  const orders: (ReadOrder | string)[] = [];
  let rowCount = 0;
  for (const { rowNo, cells: text } of data) {
    const { cells, changed } = rowCells(text, columnAt);
    if (Object.keys(cells).length === 0) continue;
    rowCount++;
    const externalNo = cells.external_no;
    if (!externalNo) {
      orders.push({ externalNo: '', rowNos: [rowNo], input: null, refusal: { retcode: RET.BAD_INPUT, message: `Row ${rowNo}, ${LABEL.external_no}: required.`, rows: [rowNo] } });
      continue;
    }
    const group = groups.get(externalNo);
    if (group) group.push({ rowNo, cells, unstorable: changed });
    else {
      groups.set(externalNo, [{ rowNo, cells, unstorable: changed }]);
      orders.push(externalNo);
    }
  }
  if (rowCount === 0) throw invalidFile('The file has a header but no rows to import.');
  if (rowCount > LIMITS.maxRows) throw tooManyRows(rowCount, LIMITS.maxRows);
  return orders.map((o) => (typeof o === 'string' ? orderOf(o, groups.get(o)!, timeZone) : o));
}

// ---- files ----

/** The template: the header row and an example order of two lines. */
export async function templateFile(format: SalesOrderImportFormat): Promise<{ bytes: Uint8Array; fileName: string }> {
  const sheet = {
    header: SALES_ORDER_IMPORT_COLUMNS.map((c) => c.label),
    rows: [
      ['SO-EXAMPLE-0001', 'SKU0001', 2, 'Normal', 'SHOP01', '2026-12-01 18:00', 'Gift wrap'],
      ['SO-EXAMPLE-0001', 'SKU0002', 1, null, null, null, null],
    ],
  };
  return { bytes: await writeSheet(format, sheet, 'Sales Orders'), fileName: `sales_order_import_template.${format}` };
}

const RESULT_HEADER = ['External Order No.', 'Rows', 'Import Result', 'Order No.', 'Retcode', 'Refused Rows', 'Import Message'];

/** An import's result: one row per order with its sheet rows and what became of it; orders a stopped import never reached say so. */
export async function resultFile(db: Db, task: typeof salesOrderImportTasks.$inferSelect) {
  const orders = await db.select().from(salesOrderImportOrders)
    .where(and(eq(salesOrderImportOrders.whsId, task.whsId), eq(salesOrderImportOrders.taskId, task.taskId))).orderBy(asc(salesOrderImportOrders.seq));
  const sheet = {
    header: RESULT_HEADER,
    rows: orders.map((o): Cell[] => [
      o.externalNo, o.rowNos.join(', '),
      o.outcome === null ? 'Not applied' : SALES_ORDER_IMPORT_OUTCOME.label(o.outcome)?.id ?? String(o.outcome),
      o.orderNo, o.retcode, o.refusedRows?.join(', ') ?? null, o.message,
    ]),
  };
  const format = task.fileFormat;
  return { bytes: await writeSheet(format, sheet, 'Result'), fileName: resultFileName(task.fileName, format), format };
}
