import { CsvError, parse as parseCsv } from 'csv-parse/sync';
import { Unzip, UnzipInflate } from 'fflate';
import { SaxesParser, type SaxesTagPlain } from 'saxes';

/**
 * Reads the rows of an uploaded sheet as text: a CSV file (RFC 4180, UTF-8 or UTF-16 with a byte
 * order mark; comma, semicolon or tab as Excel saves them in different locales) or the first
 * visible sheet of an .xlsx workbook (shared strings, inline strings, rich text runs, numbers,
 * booleans; cell styles and dates are not interpreted). What is not such a file is a SheetError
 * saying why, never an exception of the parser. Nothing here knows about users: the import
 * (user-import.ts, sales-order-import.ts) gives the columns their meaning. The server runs it in a worker thread
 * (sheet-read-thread.ts); csv-parse, fflate and saxes do the parsing (docs/decisions.md "Sheet files").
 */

export type SheetFormat = 'xlsx' | 'csv';

/** A file that is not a readable sheet of its kind; the message is shown to the uploader as it is. */
export class SheetError extends Error {}

/** A row of the sheet: its number in the file (the first row is 1) and its cells' text, trimmed. */
export interface SheetRow {
  rowNo: number;
  cells: string[];
}

/** Cells past this column are not read (an import names its columns in the first few). */
const SHEET_MAX_COLUMNS = 256;
/** Most bytes one part of a workbook (the sheet, its shared strings) may unpack to: a guard against zip bombs. */
export const XLSX_MAX_PART_BYTES = 16 * 1024 * 1024;
/** Most bytes every part read may unpack to together. */
const XLSX_MAX_TOTAL_BYTES = 32 * 1024 * 1024;
/** Compressed bytes given to the inflater at a time, so no single step unpacks more than a few MB. */
const UNZIP_CHUNK = 4096;

const isBlank = (cells: readonly string[]) => cells.every((c) => c === '');

/** The rows of the file that have any text, in file order. */
export function readSheet(bytes: Uint8Array, format: SheetFormat): SheetRow[] {
  const rows = format === 'csv' ? readCsv(bytes) : readXlsx(bytes);
  return rows.filter((row) => !isBlank(row.cells));
}

// ---- CSV ----

function decodeText(bytes: Uint8Array): string {
  let text: string;
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le', { fatal: true }).decode(bytes.subarray(2));
    else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be', { fatal: true }).decode(bytes.subarray(2));
    // TextDecoder drops a UTF-8 byte order mark itself.
    else text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new SheetError('The CSV file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.');
  }
  // eslint-disable-next-line no-control-regex -- NUL is what binary files are made of
  if (/\u0000/.test(text)) throw new SheetError('The file is not a CSV text file.');
  return text;
}

/** The separator of the header line outside quotes: Excel writes `;` where the decimal mark is a comma, and tabs as "Unicode text". */
function separatorOf(text: string): string {
  const counts = new Map([[',', 0], [';', 0], ['\t', 0]]);
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  return [...counts].reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

function readCsv(bytes: Uint8Array): SheetRow[] {
  const text = decodeText(bytes);
  let records: string[][];
  try {
    records = parseCsv(text, {
      delimiter: separatorOf(text),
      record_delimiter: ['\r\n', '\n', '\r'],
      // Blank lines are records too, so each row keeps its number in the file.
      skip_empty_lines: false,
      relax_column_count: true,
      // A quote inside an unquoted value is a character of it, as spreadsheets read it.
      relax_quotes: true,
      trim: true,
    });
  } catch (error) {
    if (error instanceof CsvError && error.code === 'CSV_QUOTE_NOT_CLOSED') {
      throw new SheetError(`Row ${Number(error.records) + 1} opens a quoted value that is never closed.`);
    }
    if (error instanceof CsvError) throw new SheetError(`The CSV file cannot be read: ${error.message}`);
    throw error;
  }
  return records.map((cells, i) => ({ rowNo: i + 1, cells: cells.slice(0, SHEET_MAX_COLUMNS).map((c) => c.trim()) }));
}

// ---- XLSX ----

/** An XML element's or attribute's name without its namespace prefix (`x:row` is `row`, `r:id` is `id`). */
const localName = (qualified: string) => qualified.slice(qualified.indexOf(':') + 1);

function attr(tag: SaxesTagPlain, name: string): string | undefined {
  for (const [key, value] of Object.entries(tag.attributes)) if (localName(key) === name) return value;
  return undefined;
}

/** What a part's reader does with its elements (by local name) and their text. */
interface PartReader {
  open(name: string, tag: SaxesTagPlain): void;
  close(name: string): void;
  text(text: string): void;
}

/** Feeds a part's unpacked bytes, as they come, to a streaming XML parser that calls `reader`. */
function xmlPart(reader: PartReader) {
  // Entities are the five of XML and character references: no DTD is read, so none expands.
  const parser = new SaxesParser({ xmlns: false, position: false });
  parser.on('opentag', (tag) => reader.open(localName(tag.name), tag));
  parser.on('closetag', (tag) => reader.close(localName(tag.name)));
  parser.on('text', (text) => reader.text(text));
  parser.on('cdata', (text) => reader.text(text));
  const decoder = new TextDecoder('utf-8');
  return (data: Uint8Array, final: boolean) => {
    try {
      parser.write(decoder.decode(data, { stream: !final }));
      if (final) parser.close();
    } catch (error) {
      if (error instanceof SheetError) throw error;
      throw new SheetError('The workbook is damaged: a part of it is not well-formed XML.');
    }
  };
}

/** `_xHHHH_` escapes of OOXML strings (characters XML cannot carry, such as `_x000D_`). */
const ooxmlText = (text: string) => text.replace(/_x([0-9a-fA-F]{4})_/g, (_whole, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/**
 * Reads string items (`<si>` of the shared strings, `<is>` of an inline cell): the text of their
 * `<t>` and of their rich-text runs' `<t>`, without the phonetic guides (`<rPh>`).
 */
function stringItem(done: (text: string) => void): PartReader {
  let pieces: string[] | null = null;
  let inPhonetic = false;
  let inText = false;
  return {
    open(name, tag) {
      if (name === 'rPh') inPhonetic = !tag.isSelfClosing;
      else if (name === 't' && !inPhonetic) inText = true;
      else if (name === 'si' || name === 'is') pieces = [];
    },
    close(name) {
      if (name === 'rPh') inPhonetic = false;
      else if (name === 't') inText = false;
      else if ((name === 'si' || name === 'is') && pieces) {
        done(ooxmlText(pieces.join('')));
        pieces = null;
      }
    },
    text(text) {
      if (inText && pieces) pieces.push(text);
    },
  };
}

/** 0-based column of a cell reference (`C7` → 2); undefined without letters. */
export function columnIndex(ref: string): number | undefined {
  const letters = /^([A-Za-z]{1,3})\d*$/.exec(ref)?.[1];
  if (!letters) return undefined;
  let index = 0;
  for (const ch of letters.toUpperCase()) index = index * 26 + (ch.charCodeAt(0) - 64);
  return index - 1;
}

/** A part's path from a relationship target: relative to the part holding the relationship, or absolute from the archive root. */
function resolveTarget(base: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = base.split('/').slice(0, -1);
  for (const segment of target.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.') parts.push(segment);
  }
  return parts.join('/');
}

const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/;

/** The last row number a worksheet can have (Excel's). */
const SHEET_MAX_ROW_NO = 1_048_576;

/** A number cell's text as the number reads (`1.0` and `1E+0` are `1`). */
const numberText = (raw: string) => {
  const n = Number(raw);
  return raw.trim() !== '' && Number.isFinite(n) ? String(n) : raw;
};

/** A worksheet row as read: a cell is its text, or the index of its shared string (resolved once every part is read). */
interface RawRow {
  rowNo: number;
  cells: (string | number)[];
}

/** A cell's text, or its shared string's index, from its type (`t`), its value (`<v>`) or its inline string. */
function cellContent(type: string, value: string | undefined, inline: string | undefined): string | number {
  if (type === 'inlineStr') return inline ?? '';
  if (value === undefined) return '';
  if (type === 's') {
    const index = Number(value);
    if (!Number.isInteger(index) || index < 0) throw new SheetError('The workbook is damaged: a cell refers to a text it does not hold.');
    return index;
  }
  if (type === 'b') return value.trim() === '1' ? 'TRUE' : 'FALSE';
  if (type === 'n') return numberText(value);
  return ooxmlText(value); // str (a formula's text), e (an error such as #N/A), d (an ISO date)
}

/** Reads a worksheet's `<sheetData>` into `rows`. Rows and cells without their reference follow the previous one. */
function worksheetReader(rows: RawRow[]): PartReader {
  let row: RawRow | null = null;
  let lastRowNo = 0;
  let cell: { column: number; type: string; value?: string; inline?: string } | null = null;
  let value: string[] | null = null;
  let nextColumn = 0;
  const inline = stringItem((text) => {
    if (cell) cell.inline = text;
  });
  return {
    open(name, tag) {
      if (name === 'row') {
        const rowNo = Number(attr(tag, 'r') ?? lastRowNo + 1);
        // Rows come in order, each once, within a sheet's bounds.
        if (!Number.isInteger(rowNo) || rowNo <= lastRowNo || rowNo > SHEET_MAX_ROW_NO) throw new SheetError('The workbook is damaged: a row has no valid number.');
        lastRowNo = rowNo;
        row = { rowNo, cells: [] };
        rows.push(row);
        nextColumn = 0;
      } else if (name === 'c' && row) {
        const ref = attr(tag, 'r');
        const column = ref === undefined ? nextColumn : columnIndex(ref);
        if (column === undefined) throw new SheetError(`The workbook is damaged: a cell of row ${row.rowNo} has no valid reference.`);
        nextColumn = column + 1;
        cell = { column, type: attr(tag, 't') ?? 'n' };
      } else if (name === 'v' && cell) value = [];
      else if (cell) inline.open(name, tag);
    },
    close(name) {
      if (name === 'row' && row) {
        // Blank rows are not kept: a sheet of empty rows costs no memory.
        if (row.cells.every((c) => c === '')) rows.pop();
        row = null;
      } else if (name === 'c' && row && cell) {
        if (cell.column < SHEET_MAX_COLUMNS) {
          while (row.cells.length < cell.column) row.cells.push('');
          const content = cellContent(cell.type, cell.value, cell.inline);
          row.cells[cell.column] = typeof content === 'string' ? content.trim() : content;
        }
        cell = null;
      } else if (name === 'v' && cell && value) {
        cell.value = value.join('');
        value = null;
      } else if (cell) inline.close(name);
    },
    text(text) {
      if (value) value.push(text);
      else if (cell) inline.text(text);
    },
  };
}

/** What the workbook part and its relationships say: the sheets in order (with their relationship and state) and the relationships. */
interface WorkbookInfo {
  sheets: { relId: string | undefined; hidden: boolean }[];
  rels: { id: string | undefined; type: string; target: string }[];
}

const workbookReader = (info: WorkbookInfo): PartReader => ({
  open(name, tag) {
    if (name === 'sheet') info.sheets.push({ relId: attr(tag, 'id'), hidden: /^(hidden|veryHidden)$/.test(attr(tag, 'state') ?? '') });
  },
  close() {},
  text() {},
});

const relsReader = (info: WorkbookInfo): PartReader => ({
  open(name, tag) {
    if (name === 'Relationship') info.rels.push({ id: attr(tag, 'Id'), type: attr(tag, 'Type') ?? '', target: attr(tag, 'Target') ?? '' });
  },
  close() {},
  text() {},
});

/** The first visible sheet's part, as the workbook and its relationships name it. */
function firstSheetPart(info: WorkbookInfo): string {
  const relId = info.sheets.find((s) => !s.hidden)?.relId;
  if (!relId) throw new SheetError('The workbook has no visible sheet.');
  const sheetRel = info.rels.find((r) => r.id === relId);
  return sheetRel ? resolveTarget(WORKBOOK, sheetRel.target) : 'xl/worksheets/sheet1.xml';
}

/** 'PK\x03\x04': every zip archive, .xlsx included, starts so. */
const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
/** The end of central directory record ('PK\x05\x06') every whole archive ends with (followed by at most a 64 KB comment). */
function hasEndRecord(bytes: Uint8Array): boolean {
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (bytes[at] === 0x50 && bytes[at + 1] === 0x4b && bytes[at + 2] === 0x05 && bytes[at + 3] === 0x06) return true;
  }
  return false;
}
/** The compound file of old .xls workbooks (and of password-protected .xlsx ones). */
const isCompoundFile = (bytes: Uint8Array) => bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;

/**
 * Reads the workbook in one pass over the archive: each part is parsed as it unpacks, under the
 * size limits, so no part is ever held whole. Worksheets are read before the workbook may say
 * which one is first (Excel writes the sheets before the shared strings), then one is kept.
 */
function readXlsx(bytes: Uint8Array): SheetRow[] {
  if (isCompoundFile(bytes)) {
    throw new SheetError('The file is an old .xls workbook or a password-protected one: save it as an .xlsx workbook without a password.');
  }
  if (!isZip(bytes)) throw new SheetError('The file is not an .xlsx workbook.');
  if (!hasEndRecord(bytes)) throw new SheetError('The workbook is damaged: the file is cut short.');
  const info: WorkbookInfo = { sheets: [], rels: [] };
  /** Parts read to their end: once the workbook and its relationships are, only the sheet they name is read. */
  const done = new Set<string>();
  const strings: string[] = [];
  const worksheets = new Map<string, RawRow[]>();
  const readerOf = (name: string): PartReader | null => {
    if (name === WORKBOOK) return workbookReader(info);
    if (name === WORKBOOK_RELS) return relsReader(info);
    if (name === SHARED_STRINGS) return stringItem((text) => strings.push(text));
    if (!WORKSHEET.test(name) || (done.has(WORKBOOK) && done.has(WORKBOOK_RELS) && firstSheetPart(info) !== name)) return null;
    const rows: RawRow[] = [];
    worksheets.set(name, rows);
    return worksheetReader(rows);
  };

  let total = 0;
  // Kept, not thrown from the callbacks: the inflater would take a throw for its own failure.
  let failure: SheetError | null = null;
  const unzip = new Unzip((file) => {
    if (failure) return;
    let reader: PartReader | null;
    try {
      reader = readerOf(file.name);
    } catch (error) {
      failure = error instanceof SheetError ? error : new SheetError('The workbook is damaged.');
      return;
    }
    if (!reader) return;
    const write = xmlPart(reader);
    let size = 0;
    file.ondata = (error, data, final) => {
      if (failure) return;
      if (error) {
        failure = new SheetError('The workbook is damaged: a part of it cannot be unpacked.');
        return;
      }
      size += data.length;
      total += data.length;
      if (size > XLSX_MAX_PART_BYTES || total > XLSX_MAX_TOTAL_BYTES) {
        failure = new SheetError(`The workbook unpacks to more than ${XLSX_MAX_TOTAL_BYTES / 1024 / 1024} MB: it is not a sheet this import reads.`);
        return;
      }
      try {
        write(data, final);
        if (final) done.add(file.name);
      } catch (readError) {
        failure = readError instanceof SheetError ? readError : new SheetError('The workbook is damaged.');
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length && !failure; at += UNZIP_CHUNK) unzip.push(bytes.subarray(at, at + UNZIP_CHUNK), at + UNZIP_CHUNK >= bytes.length);
  } catch {
    failure ??= new SheetError('The workbook is damaged: it cannot be unpacked.');
  }
  if (failure) throw failure;

  if (!done.has(WORKBOOK)) throw new SheetError('The file is not an Excel workbook: it has no workbook part.');
  const rows = worksheets.get(firstSheetPart(info));
  if (!rows) throw new SheetError('The workbook is damaged: its first sheet is missing.');
  return rows.map(({ rowNo, cells }) => ({
    rowNo,
    cells: cells.map((cell) => {
      if (typeof cell === 'string') return cell;
      const text = strings[cell];
      if (text === undefined) throw new SheetError('The workbook is damaged: a cell refers to a text it does not hold.');
      return text.trim();
    }),
  }));
}
