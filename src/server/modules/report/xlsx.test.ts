import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import { columnName, writeXlsx } from './xlsx';

function parts(bytes: Uint8Array): Record<string, string> {
  return Object.fromEntries(Object.entries(unzipSync(bytes)).map(([name, data]) => [name, strFromU8(data)]));
}

/** The cells of a worksheet as [ref, type, text] read back from its XML. */
function cells(sheetXml: string): [string, string | null, string][] {
  return [...sheetXml.matchAll(/<c r="([A-Z]+\d+)"(?: s="\d+")?(?: t="(\w+)")?>(.*?)<\/c>/g)].map(([, ref, type, inner]) => {
    const text = /<t xml:space="preserve">(.*?)<\/t>/.exec(inner!)?.[1] ?? /<v>(.*?)<\/v>/.exec(inner!)?.[1] ?? '';
    return [ref!, type ?? null, text];
  });
}

describe('writeXlsx', () => {
  const bytes = writeXlsx({
    header: ['Supplier ID', 'Name', 'Qty'],
    rows: [['SUP0001', 'Fish & Chips <Ltd> "A"', 12], ['SUP0002', 'บริษัท 深圳', null], ['=1+1', '', -3.5]],
  }, 'supplier');
  const files = parts(bytes);

  test('is a zip with the parts of an Office Open XML workbook, wired together', () => {
    expect(Object.keys(files).sort()).toEqual([
      '[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml',
    ]);
    for (const xml of Object.values(files)) expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>')).toBe(true);
    expect(files['[Content_Types].xml']).toContain('PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"');
    expect(files['[Content_Types].xml']).toContain('PartName="/xl/worksheets/sheet1.xml"');
    expect(files['_rels/.rels']).toContain('Target="xl/workbook.xml"');
    expect(files['xl/_rels/workbook.xml.rels']).toContain('Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"');
    expect(files['xl/workbook.xml']).toContain('<sheet name="supplier" sheetId="1" r:id="rId1"/>');
  });

  test('text is inline strings (escaped), numbers are numbers, empty cells are left out', () => {
    expect(cells(files['xl/worksheets/sheet1.xml']!)).toEqual([
      ['A1', 'inlineStr', 'Supplier ID'], ['B1', 'inlineStr', 'Name'], ['C1', 'inlineStr', 'Qty'],
      ['A2', 'inlineStr', 'SUP0001'], ['B2', 'inlineStr', 'Fish &amp; Chips &lt;Ltd&gt; &quot;A&quot;'], ['C2', null, '12'],
      ['A3', 'inlineStr', 'SUP0002'], ['B3', 'inlineStr', 'บริษัท 深圳'],
      // Inline strings are never formulas: the text is kept as it is.
      ['A4', 'inlineStr', '=1+1'], ['C4', null, '-3.5'],
    ]);
    expect(files['xl/worksheets/sheet1.xml']).not.toContain('<f>');
  });

  test('the header row is bold and frozen', () => {
    const sheet = files['xl/worksheets/sheet1.xml']!;
    expect(sheet).toMatch(/<row r="1"><c r="A1" s="1"/);
    expect(sheet).toContain('<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>');
    expect(files['xl/styles.xml']).toContain('<cellXfs count="2">');
  });

  test('control characters XML cannot carry are dropped; sheet names are made valid', () => {
    const odd = parts(writeXlsx({ header: ['a\u0001b'], rows: [] }, 'a/b:c*d?[e]f-very-long-name-beyond-31-chars'));
    expect(cells(odd['xl/worksheets/sheet1.xml']!)).toEqual([['A1', 'inlineStr', 'ab']]);
    const name = /<sheet name="([^"]*)"/.exec(odd['xl/workbook.xml']!)![1]!;
    expect(name.length).toBeLessThanOrEqual(31);
    expect(name).not.toMatch(/[:\\/?*[\]]/);
  });

  test('column names run A…Z, AA…', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});
