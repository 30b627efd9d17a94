import { setImmediate as nextTurn } from 'node:timers/promises';
import { stringify, type Options } from 'csv-stringify/sync';
import type { Sheet } from './sheet';

/**
 * What starts a formula in a spreadsheet (OWASP "CSV injection"), full-width forms included:
 * text starting so is shown as text behind a leading apostrophe.
 */
const FORMULA_TRIGGER = '[=+\\-@\\t\\r\\uFF1D\\uFF0B\\uFF0D\\uFF20]';
const FORMULA_START = new RegExp(`^${FORMULA_TRIGGER}`);
/**
 * A separator followed by a trigger. Excel splits a line on the list separator of its locale
 * (`;` in Indonesia and Vietnam, tab when pasted) and at line breaks even inside quotes that do
 * not open the field, so any of them may start a cell: the trigger after it gets an apostrophe too.
 */
const FORMULA_AFTER_SEPARATOR = new RegExp(`([,;\\t\\r\\n])(?=${FORMULA_TRIGGER})`, 'g');

/** Text no spreadsheet reads as a formula, in any locale's list separator. */
function inertText(text: string): string {
  const split = text.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return FORMULA_START.test(split) ? `'${split}` : split;
}

/** Rows written between two turns of the event loop: a long export lets the server answer meanwhile. */
const ROWS_PER_TURN = 2000;

const CSV_OPTIONS: Options = {
  record_delimiter: 'windows',
  // A lone CR or LF is quoted too (by default only the record delimiter is).
  quote_record_delimiter: true,
  quoted_match: /[;\t]/,
  cast: {
    string: inertText,
    number: (value) => (Number.isFinite(value) ? String(value) : ''),
  },
};

/**
 * The sheet as RFC 4180 CSV (CRLF line ends) in UTF-8 with a byte order mark (without it Excel
 * reads the file in the machine's code page and garbles Thai or Chinese). Every separator a
 * locale may use (`,` `;` tab) and quotes and line breaks are quoted, so a value stays one cell.
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
