import { describe, expect, test } from 'vitest';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { writeXlsx } from '../../common/sheets/xlsx';
import { writeCsv } from '../../common/sheets/csv';
import { SheetError, XLSX_MAX_PART_BYTES, columnIndex, readSheet } from './sheet-read';

const texts = (rows: ReturnType<typeof readSheet>) => rows.map((r) => r.cells);
const utf8 = (text: string) => new TextEncoder().encode(text);

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A workbook as Excel writes one: shared strings, relationships, any sheet part name, optional extra parts. */
function workbook(opts: { sheets: { name: string; target: string; state?: string }[]; parts: Record<string, string>; sharedStrings?: string }): Uint8Array {
  const files: Record<string, Uint8Array> = {
    'xl/workbook.xml': strToU8(`<?xml version="1.0"?><workbook xmlns="${NS}" xmlns:r="${REL}"><sheets>${
      opts.sheets.map((s, i) => `<sheet name="${s.name}" sheetId="${i + 1}"${s.state ? ` state="${s.state}"` : ''} r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`),
    'xl/_rels/workbook.xml.rels': strToU8(`<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${
      opts.sheets.map((s, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="${s.target}"/>`).join('')
    }<Relationship Id="rId99" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`),
  };
  if (opts.sharedStrings !== undefined) files['xl/sharedStrings.xml'] = strToU8(`<?xml version="1.0"?><sst xmlns="${NS}">${opts.sharedStrings}</sst>`);
  for (const [name, xml] of Object.entries(opts.parts)) files[name] = strToU8(xml);
  return zipSync(files);
}

const sheetXml = (rows: string) => `<?xml version="1.0"?><worksheet xmlns="${NS}"><dimension ref="A1:D3"/><sheetData>${rows}</sheetData></worksheet>`;

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(SheetError);
    return (error as Error).message;
  }
  throw new Error('expected a SheetError');
}

describe('xlsx', () => {
  test('reads back what the export writer writes: text values, numbers, empty cells', async () => {
    const bytes = await writeXlsx({ header: ['Email', 'Name', 'Qty'], rows: [['a@b.example', 'Ann <&> "Lee"', 3], ['c@d.example', null, 1.5], ['', 'ไทย 中文', null]] }, 'Users');
    expect(texts(readSheet(bytes, 'xlsx'))).toEqual([['Email', 'Name', 'Qty'], ['a@b.example', 'Ann <&> "Lee"', '3'], ['c@d.example', '', '1.5'], ['', 'ไทย 中文']]);
  });

  test('shared strings with rich text and phonetic runs, booleans, numbers, sparse cells, row numbers as written', () => {
    const bytes = workbook({
      sheets: [{ name: 'Users', target: 'worksheets/sheet1.xml' }],
      sharedStrings: '<si><t>Email</t></si><si><r><rPr><b/></rPr><t>Na</t></r><r><t xml:space="preserve">me </t></r></si>'
        + '<si><t>東京</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh></si><si><t>a&amp;b_x000D_c&#x42;&#67;</t></si>',
      parts: {
        'xl/worksheets/sheet1.xml': sheetXml(
          '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>'
          + '<row r="3" spans="1:4"><c r="A3" t="s"><v>2</v></c><c r="C3"><v>1.0E+2</v></c><c r="D3" t="b"><v>1</v></c></row>'
          + '<row r="4"><c r="B4" t="s"><v>3</v></c><c r="C4" s="2"/><c r="D4" t="str"><f>A1</f><v>Email</v></c></row>',
        ),
      },
    });
    expect(readSheet(bytes, 'xlsx')).toEqual([
      { rowNo: 1, cells: ['Email', 'Name'] },
      { rowNo: 3, cells: ['東京', '', '100', 'TRUE'] },
      { rowNo: 4, cells: ['', 'a&b\rcBC', '', 'Email'] },
    ]);
  });

  test('the first visible sheet, wherever its part is; namespace prefixes; cells and rows without references', () => {
    const bytes = workbook({
      sheets: [{ name: 'Hidden', target: 'worksheets/sheet1.xml', state: 'hidden' }, { name: 'Data', target: '/xl/worksheets/data.xml' }],
      parts: {
        'xl/worksheets/sheet1.xml': sheetXml('<row r="1"><c r="A1" t="inlineStr"><is><t>hidden</t></is></c></row>'),
        'xl/worksheets/data.xml': `<x:worksheet xmlns:x="${NS}"><x:sheetData><x:row><x:c t="inlineStr"><x:is><x:t>one</x:t></x:is></x:c><x:c><x:v>2</x:v></x:c></x:row>`
          + '<x:row><x:c r="B2" t="inlineStr"><x:is><x:r><x:t>t</x:t></x:r><x:r><x:t>wo</x:t></x:r></x:is></x:c></x:row></x:sheetData></x:worksheet>',
      },
    });
    expect(readSheet(bytes, 'xlsx')).toEqual([{ rowNo: 1, cells: ['one', '2'] }, { rowNo: 2, cells: ['', 'two'] }]);
  });

  test('parts in any order: the sheets before the workbook names the first, the shared strings last', () => {
    const ordered = workbook({
      sheets: [{ name: 'Hidden', target: 'worksheets/sheet2.xml', state: 'veryHidden' }, { name: 'Data', target: 'worksheets/sheet1.xml' }],
      sharedStrings: '<si><t>late</t></si>',
      parts: {
        'xl/worksheets/sheet2.xml': sheetXml('<row r="1"><c r="A1" t="inlineStr"><is><t>hidden</t></is></c></row>'),
        'xl/worksheets/sheet1.xml': sheetXml('<row r="1"><c r="A1" t="s"><v>0</v></c></row>'),
      },
    });
    const files = unzipSync(ordered);
    const [first, ...rest] = ['xl/worksheets/sheet2.xml', 'xl/worksheets/sheet1.xml', 'xl/sharedStrings.xml', 'xl/_rels/workbook.xml.rels', 'xl/workbook.xml'];
    const reordered = zipSync(Object.fromEntries([first!, ...rest].map((name) => [name, files[name]!])));
    expect(readSheet(reordered, 'xlsx')).toEqual([{ rowNo: 1, cells: ['late'] }]);
  });

  test('blank rows are left out; cells are trimmed; columns past the limit are not read', () => {
    const bytes = workbook({
      sheets: [{ name: 'S', target: 'worksheets/sheet1.xml' }],
      parts: {
        'xl/worksheets/sheet1.xml': sheetXml(
          '<row r="1"><c r="A1" t="inlineStr"><is><t xml:space="preserve">  x  </t></is></c><c r="XFD1"><v>9</v></c></row>'
          + '<row r="2"><c r="A2" t="inlineStr"><is><t>   </t></is></c></row><row r="3"/>',
        ),
      },
    });
    expect(readSheet(bytes, 'xlsx')).toEqual([{ rowNo: 1, cells: ['x'] }]);
  });

  test('what is not a readable workbook is a SheetError saying so', async () => {
    expect(refusal(() => readSheet(utf8('Email,Name\na@b.example,A'), 'xlsx'))).toMatch(/not an \.xlsx workbook/);
    expect(refusal(() => readSheet(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 'xlsx'))).toMatch(/old \.xls workbook/);
    expect(refusal(() => readSheet(zipSync({ 'word/document.xml': strToU8('<w:document/>') }), 'xlsx'))).toMatch(/not an Excel workbook/);
    const good = await writeXlsx({ header: ['A'], rows: Array.from({ length: 50 }, (_, i) => [`row ${i}`]) });
    expect(refusal(() => readSheet(good.subarray(0, good.length / 2), 'xlsx'))).toMatch(/damaged/);
    const noSheets = workbook({ sheets: [], parts: {} });
    expect(refusal(() => readSheet(noSheets, 'xlsx'))).toMatch(/no visible sheet/);
    const missing = workbook({ sheets: [{ name: 'S', target: 'worksheets/gone.xml' }], parts: {} });
    expect(refusal(() => readSheet(missing, 'xlsx'))).toMatch(/first sheet is missing/);
    const badString = workbook({ sheets: [{ name: 'S', target: 'worksheets/sheet1.xml' }], sharedStrings: '', parts: { 'xl/worksheets/sheet1.xml': sheetXml('<row r="1"><c r="A1" t="s"><v>7</v></c></row>') } });
    expect(refusal(() => readSheet(badString, 'xlsx'))).toMatch(/refers to a text/);
  });

  test('XML that is not well-formed, entities of a DTD, and rows out of order, twice or past the last row, are refused as damaged', () => {
    const one = (rows: string) => workbook({ sheets: [{ name: 'S', target: 'worksheets/sheet1.xml' }], parts: { 'xl/worksheets/sheet1.xml': sheetXml(rows) } });
    // Half a part of `<a` with no `>`: refused at the first one.
    const unclosed = workbook({ sheets: [{ name: 'S', target: 'worksheets/sheet1.xml' }], parts: { 'xl/worksheets/sheet1.xml': `<worksheet><sheetData>${'<a'.repeat(XLSX_MAX_PART_BYTES / 4)}` } });
    expect(refusal(() => readSheet(unclosed, 'xlsx'))).toMatch(/damaged: a part of it is not well-formed XML/);
    expect(refusal(() => readSheet(one('<row r="1"><c t="inlineStr"><is><t>a</t></is></c>'), 'xlsx'))).toMatch(/not well-formed/);
    // An entity a DTD declares is never expanded (no "billion laughs").
    const laughs = workbook({ sheets: [{ name: 'S', target: 'worksheets/sheet1.xml' }], parts: {
      'xl/worksheets/sheet1.xml': `<!DOCTYPE w [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><worksheet xmlns="${NS}"><sheetData><row r="1"><c t="inlineStr"><is><t>&b;</t></is></c></row></sheetData></worksheet>`,
    } });
    expect(refusal(() => readSheet(laughs, 'xlsx'))).toMatch(/not well-formed/);
    expect(refusal(() => readSheet(one('<row r="2"><c><v>1</v></c></row><row r="2"><c><v>2</v></c></row>'), 'xlsx'))).toMatch(/no valid number/);
    expect(refusal(() => readSheet(one('<row r="3"><c><v>1</v></c></row><row r="2"><c><v>2</v></c></row>'), 'xlsx'))).toMatch(/no valid number/);
    expect(refusal(() => readSheet(one('<row r="3000000000"><c><v>1</v></c></row>'), 'xlsx'))).toMatch(/no valid number/);
  });

  test('a part that unpacks past the limit (a zip bomb) is refused without unpacking it all', { timeout: 60_000 }, () => {
    const filler = '<row><c><v>0</v></c></row>'.repeat(Math.ceil((XLSX_MAX_PART_BYTES + 1) / 26));
    const bomb = workbook({ sheets: [{ name: 'S', target: 'worksheets/sheet1.xml' }], parts: { 'xl/worksheets/sheet1.xml': sheetXml(filler) } });
    expect(bomb.length).toBeLessThan(XLSX_MAX_PART_BYTES / 100);
    expect(refusal(() => readSheet(bomb, 'xlsx'))).toMatch(/unpacks to more than/);
  });
});

describe('csv', () => {
  test('reads back what the export writer writes: BOM, CRLF, quotes, commas and line breaks in values', async () => {
    const bytes = await writeCsv({ header: ['Email', 'Name'], rows: [['a@b.example', 'Lee, "Ann"\nline 2'], ['c@d.example', 'ไทย']] });
    expect(readSheet(bytes, 'csv')).toEqual([
      { rowNo: 1, cells: ['Email', 'Name'] },
      { rowNo: 2, cells: ['a@b.example', 'Lee, "Ann"\nline 2'] },
      { rowNo: 3, cells: ['c@d.example', 'ไทย'] },
    ]);
  });

  test('semicolons and tabs as Excel saves them in other locales; LF or CR line ends; UTF-16 with its byte order mark', () => {
    expect(texts(readSheet(utf8('Email;Name\na@b.example;Ann, Lee\n'), 'csv'))).toEqual([['Email', 'Name'], ['a@b.example', 'Ann, Lee']]);
    expect(texts(readSheet(utf8('Email\tName\ra@b.example\tAnn'), 'csv'))).toEqual([['Email', 'Name'], ['a@b.example', 'Ann']]);
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...'Email\tName\r\nx@y.example\tĐức'].flatMap((ch) => [ch.charCodeAt(0) & 0xff, ch.charCodeAt(0) >> 8])]);
    expect(texts(readSheet(utf16, 'csv'))).toEqual([['Email', 'Name'], ['x@y.example', 'Đức']]);
  });

  test('blank lines are left out but counted; cells trimmed', () => {
    expect(readSheet(utf8('Email,Name\r\n\r\n , \r\n a@b.example , Ann \r\n'), 'csv')).toEqual([
      { rowNo: 1, cells: ['Email', 'Name'] },
      { rowNo: 4, cells: ['a@b.example', 'Ann'] },
    ]);
  });

  test('what is not CSV text is a SheetError saying so', () => {
    expect(refusal(() => readSheet(new Uint8Array([0x45, 0x6d, 0xff, 0xfe, 0x00, 0x41]), 'csv'))).toMatch(/not UTF-8 text/);
    expect(refusal(() => readSheet(utf8('Email\u0000Name'), 'csv'))).toMatch(/not a CSV text file/);
    expect(refusal(() => readSheet(zipSync({ 'a.xml': strToU8('<a/>') }), 'csv'))).toMatch(/not UTF-8 text|not a CSV text file/);
    expect(refusal(() => readSheet(utf8('Email,Name\na@b.example,"Ann\n'), 'csv'))).toMatch(/Row 2 opens a quoted value/);
  });
});

test('columnIndex reads references', () => {
  expect([columnIndex('A1'), columnIndex('Z9'), columnIndex('AA1'), columnIndex('xfd1'), columnIndex('1')]).toEqual([0, 25, 26, 16383, undefined]);
});
