import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, test } from 'vitest';
import { writeXlsx } from './xlsx';

function parts(bytes: Uint8Array): Record<string, string> {
  return Object.fromEntries(Object.entries(unzipSync(bytes)).map(([name, data]) => [name, strFromU8(data)]));
}

/** The cells of a worksheet as [ref, style, type, text] read back from its XML. */
function cells(sheetXml: string): [string, string | null, string | null, string][] {
  return [...sheetXml.matchAll(/<c r="([A-Z]+\d+)"(?: s="(\d+)")?(?: t="(\w+)")?>(.*?)<\/c>/g)].map(([, ref, style, type, inner]) =>
    [ref!, style ?? null, type ?? null, /<v>(.*?)<\/v>/.exec(inner!)?.[1] ?? '']);
}

describe('writeXlsx', () => {
  let files: Record<string, string>;
  beforeAll(async () => {
    files = parts(await writeXlsx({
      header: ['Supplier ID', 'Name', 'Qty'],
      rows: [['SUP0001', 'Fish & Chips <Ltd> "A"', 12], ['SUP0002', 'บริษัท 深圳', null], ['=1+1', '', -3.5], ['inf', 'nan', Number.POSITIVE_INFINITY]],
    }, 'supplier'));
  });

  test('is an Office Open XML workbook: its parts wired together, the sheet named', () => {
    expect(Object.keys(files)).toEqual(expect.arrayContaining([
      '[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml',
    ]));
    expect(files['[Content_Types].xml']).toContain('PartName="/xl/worksheets/sheet1.xml"');
    expect(files['xl/_rels/workbook.xml.rels']).toMatch(/Type="[^"]*\/worksheet" Target="worksheets\/sheet1.xml"/);
    expect(files['xl/workbook.xml']).toMatch(/<sheet [^>]*name="supplier"/);
  });

  test('text is text values (escaped, never a formula), numbers are numbers, empty and non-finite cells are left out', () => {
    expect(cells(files['xl/worksheets/sheet1.xml']!)).toEqual([
      ['A1', '1', 'str', 'Supplier ID'], ['B1', '1', 'str', 'Name'], ['C1', '1', 'str', 'Qty'],
      ['A2', null, 'str', 'SUP0001'], ['B2', null, 'str', 'Fish &amp; Chips &lt;Ltd&gt; &quot;A&quot;'], ['C2', null, null, '12'],
      ['A3', null, 'str', 'SUP0002'], ['B3', null, 'str', 'บริษัท 深圳'],
      ['A4', null, 'str', '=1+1'], ['C4', null, null, '-3.5'],
      ['A5', null, 'str', 'inf'], ['B5', null, 'str', 'nan'],
    ]);
    expect(files['xl/worksheets/sheet1.xml']).not.toContain('<f>');
  });

  test('the header row is bold and frozen', () => {
    const sheet = files['xl/worksheets/sheet1.xml']!;
    expect(sheet).toMatch(/<pane [^>]*ySplit="1" topLeftCell="A2"[^>]*state="frozen"\/>/);
    // Style 1 of the header cells is the second cell format, whose font is bold.
    const formats = [.../<cellXfs[^>]*>(.*?)<\/cellXfs>/.exec(files['xl/styles.xml']!)![1]!.matchAll(/<xf [^>]*fontId="(\d+)"/g)].map((m) => Number(m[1]));
    const fonts = [.../<fonts[^>]*>(.*?)<\/fonts>/.exec(files['xl/styles.xml']!)![1]!.matchAll(/<font>(.*?)<\/font>/g)].map((m) => m[1]!);
    expect(fonts[formats[1]!]).toContain('<b/>');
    expect(fonts[formats[0]!]).not.toContain('<b/>');
  });

  test('characters XML cannot carry are dropped; sheet names are made valid', async () => {
    const odd = parts(await writeXlsx({ header: ['a\u0001b', 'c\uD800d'], rows: [] }, 'a/b:c*d?[e]f-very-long-name-beyond-31-chars'));
    expect(cells(odd['xl/worksheets/sheet1.xml']!).map((c) => c[3])).toEqual(['ab', 'cd']);
    const name = /<sheet [^>]*name="([^"]*)"/.exec(odd['xl/workbook.xml']!)![1]!;
    expect(name.length).toBeLessThanOrEqual(31);
    expect(name).not.toMatch(/[:\\/?*[\]]/);
  });
});
