import { setImmediate as nextTurn } from 'node:timers/promises';
import { stringify, type Options } from 'csv-stringify/sync';
import type { Sheet } from './sheet';

/**
 * Characters that make a spreadsheet read a text cell as a formula (OWASP "CSV injection"):
 * such text gets a leading apostrophe, which Excel and LibreOffice show as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Rows written between two turns of the event loop: a long export lets the server answer meanwhile. */
const ROWS_PER_TURN = 2000;

const CSV_OPTIONS: Options = {
  record_delimiter: 'windows',
  // A lone CR or LF is quoted too (by default only the record delimiter is).
  quote_record_delimiter: true,
  cast: {
    string: (text) => (FORMULA_START.test(text) ? `'${text}` : text),
    number: (value) => (Number.isFinite(value) ? String(value) : ''),
  },
};

/**
 * The sheet as RFC 4180 CSV (CRLF line ends) in UTF-8 with a byte order mark (without it Excel
 * reads the file in the machine's code page and garbles Thai or Chinese).
 */
export async function writeCsv(sheet: Sheet): Promise<Uint8Array> {
  const records = [sheet.header, ...sheet.rows];
  const text: string[] = [];
  for (let at = 0; at < records.length; at += ROWS_PER_TURN) {
    if (at > 0) await nextTurn();
    text.push(stringify(records.slice(at, at + ROWS_PER_TURN), { ...CSV_OPTIONS, bom: at === 0 }));
  }
  return new TextEncoder().encode(text.join(''));
}
