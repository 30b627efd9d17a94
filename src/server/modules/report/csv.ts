import type { Cell, Sheet } from './sheet';

/** UTF-8 byte order mark: without it Excel reads the file in the machine's code page and garbles Thai or Chinese. */
const BOM = '\uFEFF';

/**
 * Characters that make a spreadsheet read a text cell as a formula (OWASP "CSV injection"):
 * such text gets a leading apostrophe, which Excel and LibreOffice show as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function field(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  // RFC 4180: quote a field holding a quote, comma or line break; double its quotes.
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The sheet as RFC 4180 CSV (CRLF line ends) in UTF-8 with a BOM. */
export function writeCsv(sheet: Sheet): Uint8Array {
  const lines = [sheet.header, ...sheet.rows].map((row) => row.map(field).join(','));
  return new TextEncoder().encode(BOM + lines.join('\r\n') + '\r\n');
}
