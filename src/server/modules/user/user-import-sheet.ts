import { Unzip, UnzipInflate, strFromU8 } from 'fflate';

/**
 * Reads the rows of an uploaded sheet as text: a CSV file (RFC 4180, UTF-8 or UTF-16 with a byte
 * order mark; comma, semicolon or tab as Excel saves them in different locales) or the first
 * visible sheet of an .xlsx workbook (shared strings, inline strings, rich text runs, numbers,
 * booleans; cell styles and dates are not interpreted). What is not such a file is a SheetError
 * saying why, never an exception of the parser. Nothing here knows about users: the import
 * (user-import.ts) gives the columns their meaning.
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
  const separator = separatorOf(text);
  const rows: SheetRow[] = [];
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  let quotedRowNo = 0;
  const endField = () => {
    if (cells.length < SHEET_MAX_COLUMNS) cells.push(field.trim());
    field = '';
  };
  const endRow = () => {
    endField();
    rows.push({ rowNo: rows.length + 1, cells });
    cells = [];
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch !== '"') field += ch;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (ch === '"') {
      quoted = true;
      quotedRowNo = rows.length + 1;
    } else if (ch === separator) endField();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else field += ch;
  }
  if (quoted) throw new SheetError(`Row ${quotedRowNo} opens a quoted value that is never closed.`);
  if (field !== '' || cells.length > 0) endRow();
  return rows;
}

// ---- XLSX ----

/** The parts of the archive `wanted` names, unpacked under the size limits. */
function unzipParts(bytes: Uint8Array, wanted: (name: string) => boolean): Map<string, Uint8Array> {
  const parts = new Map<string, Uint8Array>();
  let total = 0;
  // Kept, not thrown from the callbacks: the inflater would take a throw for its own failure.
  let failure: SheetError | null = null;
  const unzip = new Unzip((file) => {
    if (!wanted(file.name) || failure) return;
    const chunks: Uint8Array[] = [];
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
      chunks.push(data);
      if (final) {
        const joined = new Uint8Array(size);
        let at = 0;
        for (const chunk of chunks) {
          joined.set(chunk, at);
          at += chunk.length;
        }
        parts.set(file.name, joined);
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
  return parts;
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Text of XML character data: entities and character references, then the `_xHHHH_` escapes of OOXML strings. */
export function xmlText(raw: string): string {
  return raw
    .replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, ref: string) => {
      if (ref.startsWith('#x')) return safeCodePoint(Number.parseInt(ref.slice(2), 16)) ?? whole;
      if (ref.startsWith('#')) return safeCodePoint(Number(ref.slice(1))) ?? whole;
      return XML_ENTITIES[ref] ?? whole;
    })
    .replace(/_x([0-9a-fA-F]{4})_/g, (_whole, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

const safeCodePoint = (n: number) => (Number.isInteger(n) && n >= 0 && n <= 0x10ffff ? String.fromCodePoint(n) : undefined);

/** A tag of an XML part: its local name (`x:c` is `c`), attributes, and whether it opens and/or closes its element. */
interface Tag {
  name: string;
  attrs: string;
  opens: boolean;
  closes: boolean;
  /** Where the tag starts and ends in the text: character data lies between one tag's end and the next one's start. */
  start: number;
  end: number;
}

/**
 * The tags of an XML part, in order, in one pass: each `<` is matched with the next `>` by
 * position, so a malformed part (a `<` never closed) costs as much as a good one and is refused.
 * Declarations and comments are skipped.
 */
function* tags(xml: string): Generator<Tag> {
  for (let start = xml.indexOf('<'); start !== -1;) {
    const close = xml.indexOf('>', start + 1);
    if (close === -1) throw new SheetError('The workbook is damaged: a tag is not closed.');
    const inner = xml.slice(start + 1, close);
    const head = /^(\/?)([A-Za-z_][\w.:-]*)/.exec(inner);
    if (head) {
      const [whole, slash, qualified] = head;
      const selfClosing = slash === '' && inner.endsWith('/');
      yield {
        name: qualified!.slice(qualified!.indexOf(':') + 1), attrs: inner.slice(whole.length, selfClosing ? -1 : undefined),
        opens: slash === '', closes: slash === '/' || selfClosing, start, end: close + 1,
      };
    }
    start = xml.indexOf('<', close + 1);
  }
}

/** An attribute's value by its local name (`r:id` is read as `id`). */
function attr(attrs: string, name: string): string | undefined {
  const found = new RegExp(`(?:^|\\s)(?:[\\w.-]+:)?${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attrs);
  return found ? xmlText(found[1] ?? found[2] ?? '') : undefined;
}

/**
 * Reads string items (`<si>` of the shared strings, `<is>` of an inline cell): the text of their
 * `<t>` and of their rich-text runs' `<t>`, without the phonetic guides (`<rPh>`). Fed the tags
 * one by one, it answers an item's text when the item closes.
 */
function stringItems(xml: string, item: 'si' | 'is') {
  let inItem = false;
  let inPhonetic = false;
  let textFrom = -1;
  let pieces: string[] = [];
  return (tag: Tag): string | undefined => {
    if (tag.name === item) {
      if (tag.opens) {
        inItem = true;
        pieces = [];
      }
      if (tag.closes) {
        inItem = false;
        return pieces.join('');
      }
    } else if (inItem && tag.name === 'rPh') inPhonetic = tag.opens && !tag.closes;
    else if (inItem && !inPhonetic && tag.name === 't') {
      if (tag.opens && !tag.closes) textFrom = tag.end;
      else if (!tag.opens && textFrom >= 0) pieces.push(xmlText(xml.slice(textFrom, tag.start)));
    }
    return undefined;
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

/** The first visible sheet's part and the shared strings part, as the workbook and its relationships name them. */
function sheetParts(parts: Map<string, Uint8Array>): { sheet: string; sharedStrings: string } {
  const workbook = parts.get(WORKBOOK);
  if (!workbook) throw new SheetError('The file is not an Excel workbook: it has no workbook part.');
  const visible = [...tags(strFromU8(workbook))].filter((t) => t.name === 'sheet' && t.opens && !/^(hidden|veryHidden)$/.test(attr(t.attrs, 'state') ?? ''));
  const relId = visible[0] ? attr(visible[0].attrs, 'id') : undefined;
  if (!relId) throw new SheetError('The workbook has no visible sheet.');
  const rels = [...tags(strFromU8(parts.get(WORKBOOK_RELS) ?? new Uint8Array()))].filter((t) => t.name === 'Relationship' && t.opens)
    .map((t) => ({ id: attr(t.attrs, 'Id'), type: attr(t.attrs, 'Type') ?? '', target: attr(t.attrs, 'Target') ?? '' }));
  const sheetRel = rels.find((r) => r.id === relId);
  const stringsRel = rels.find((r) => r.type.endsWith('/sharedStrings'));
  return {
    sheet: sheetRel ? resolveTarget(WORKBOOK, sheetRel.target) : 'xl/worksheets/sheet1.xml',
    sharedStrings: stringsRel ? resolveTarget(WORKBOOK, stringsRel.target) : 'xl/sharedStrings.xml',
  };
}

function sharedStringsOf(xml: string): string[] {
  const items: string[] = [];
  const read = stringItems(xml, 'si');
  for (const tag of tags(xml)) {
    const text = read(tag);
    if (text !== undefined) items.push(text);
  }
  return items;
}

/** A number cell's text as the number reads (`1.0` and `1E+0` are `1`). */
const numberText = (raw: string) => {
  const n = Number(raw);
  return raw.trim() !== '' && Number.isFinite(n) ? String(n) : raw;
};

/** A cell's text from its type (`t`), its value (`<v>`) or its inline string. */
function cellText(type: string, value: string | undefined, inline: string | undefined, shared: readonly string[]): string {
  if (type === 'inlineStr') return inline ?? '';
  if (value === undefined) return '';
  if (type === 's') {
    const item = shared[Number(value)];
    if (item === undefined) throw new SheetError('The workbook is damaged: a cell refers to a text it does not hold.');
    return item;
  }
  if (type === 'b') return value.trim() === '1' ? 'TRUE' : 'FALSE';
  if (type === 'n') return numberText(value);
  return xmlText(value); // str (a formula's text), e (an error such as #N/A), d (an ISO date)
}

/** The last row number a worksheet can have (Excel's). */
const SHEET_MAX_ROW_NO = 1_048_576;

/** The rows of a worksheet part's `<sheetData>`. Rows and cells without their reference follow the previous one. */
function sheetRows(xml: string, shared: readonly string[]): SheetRow[] {
  const rows: SheetRow[] = [];
  const readInline = stringItems(xml, 'is');
  let row: SheetRow | null = null;
  let cell: { column: number; type: string; value?: string; inline?: string } | null = null;
  let valueFrom = -1;
  let nextColumn = 0;
  for (const tag of tags(xml)) {
    if (tag.name === 'row') {
      if (tag.opens) {
        const previous = rows.at(-1)?.rowNo ?? 0;
        const rowNo = Number(attr(tag.attrs, 'r') ?? previous + 1);
        // Rows come in order, each once, within a sheet's bounds.
        if (!Number.isInteger(rowNo) || rowNo <= previous || rowNo > SHEET_MAX_ROW_NO) throw new SheetError('The workbook is damaged: a row has no valid number.');
        row = { rowNo, cells: [] };
        nextColumn = 0;
      }
      if (tag.closes && row) {
        rows.push(row);
        row = null;
      }
    } else if (tag.name === 'c' && row) {
      if (tag.opens) {
        const ref = attr(tag.attrs, 'r');
        const column = ref === undefined ? nextColumn : columnIndex(ref);
        if (column === undefined) throw new SheetError(`The workbook is damaged: a cell of row ${row.rowNo} has no valid reference.`);
        nextColumn = column + 1;
        cell = { column, type: attr(tag.attrs, 't') ?? 'n' };
      }
      if (tag.closes && cell) {
        if (cell.column < SHEET_MAX_COLUMNS) {
          while (row.cells.length < cell.column) row.cells.push('');
          row.cells[cell.column] = cellText(cell.type, cell.value, cell.inline, shared).trim();
        }
        cell = null;
      }
    } else if (tag.name === 'v' && cell) {
      if (tag.opens && !tag.closes) valueFrom = tag.end;
      else if (!tag.opens && valueFrom >= 0) cell.value = xml.slice(valueFrom, tag.start);
    } else if (cell) {
      const inline = readInline(tag);
      if (inline !== undefined) cell.inline = inline;
    }
  }
  return rows;
}

/** 'PK\x03\x04': every zip archive, .xlsx included, starts so. */
const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
/** The compound file of old .xls workbooks (and of password-protected .xlsx ones). */
const isCompoundFile = (bytes: Uint8Array) => bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;

function readXlsx(bytes: Uint8Array): SheetRow[] {
  if (isCompoundFile(bytes)) {
    throw new SheetError('The file is an old .xls workbook or a password-protected one: save it as an .xlsx workbook without a password.');
  }
  if (!isZip(bytes)) throw new SheetError('The file is not an .xlsx workbook.');
  // The names of the sheet and strings parts are known only once the workbook is read: keep every candidate.
  const parts = unzipParts(bytes, (name) => name === WORKBOOK || name === WORKBOOK_RELS || /^xl\/(worksheets\/[^/]+|sharedStrings)\.xml$/.test(name));
  const { sheet, sharedStrings } = sheetParts(parts);
  const sheetXml = parts.get(sheet);
  if (!sheetXml) throw new SheetError('The workbook is damaged: its first sheet is missing.');
  const stringsXml = parts.get(sharedStrings);
  return sheetRows(strFromU8(sheetXml), stringsXml ? sharedStringsOf(strFromU8(stringsXml)) : []);
}
