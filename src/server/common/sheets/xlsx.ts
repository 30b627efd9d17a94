import { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Cell, Sheet } from './sheet';

/**
 * An .xlsx workbook of one sheet, written row by row by ExcelJS's streaming writer
 * (docs/decisions.md "Sheet files"): numbers as numbers, text as text values (never formulas, so
 * no injection guard is needed here), the header row bold and frozen.
 */

/** Characters XML 1.0 cannot carry that ExcelJS passes through (lone surrogates, U+FFFE, U+FFFF; it drops control characters itself). */
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Rows written between two turns of the event loop: a long export lets the server answer meanwhile. */
const ROWS_PER_TURN = 500;

/** A sheet name Excel accepts: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (name: string) => name.replace(/[:\\/?*[\]]/g, ' ').trim().slice(0, 31) || 'Sheet1';

/** A cell as ExcelJS writes it: empty text and numbers that are not finite are left out. */
function cellValue(cell: Cell): string | number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  return cell ? cell.replace(INVALID_XML, '') : null;
}

/** Column widths from the longest text in each column (capped), so the file opens readable. */
function columnWidths(sheet: Sheet): number[] {
  return sheet.header.map((h, i) => {
    let longest = h.length;
    for (const row of sheet.rows.slice(0, 1000)) longest = Math.max(longest, String(row[i] ?? '').length);
    return Math.min(60, Math.max(8, longest + 2));
  });
}

/** The sheet as an .xlsx file; `name` names its worksheet. */
export async function writeXlsx(sheet: Sheet, name = 'Sheet1'): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  // ExcelJS is loaded by the first workbook written: a server that never exports does not hold it (docs/performance.md, server_rss_mb).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
  const worksheet = workbook.addWorksheet(sheetName(name), { views: [{ state: 'frozen', ySplit: 1 }] });
  worksheet.columns = columnWidths(sheet).map((width) => ({ width }));
  const header = worksheet.addRow(sheet.header.map(cellValue));
  header.font = { bold: true };
  header.commit();
  for (const [i, row] of sheet.rows.entries()) {
    worksheet.addRow(row.map(cellValue)).commit();
    if (i % ROWS_PER_TURN === ROWS_PER_TURN - 1) await nextTurn();
  }
  worksheet.commit();
  // Resolves once the zip has been written to the sink whole.
  await workbook.commit();
  return Buffer.concat(chunks);
}
