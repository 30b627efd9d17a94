import { describe, expect, test } from 'vitest';
import { parseCsv } from '../../../../tests/support/csv';
import { writeCsv } from './csv';

/** The rows a spreadsheet reads, the file ending with a line break. */
function readCsv(text: string): string[][] {
  const { rows, unterminated } = parseCsv(text);
  expect(unterminated, 'the file ends with a line break').toBe('');
  return rows;
}

const decode = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

describe('writeCsv', () => {
  test('starts with the UTF-8 BOM and ends lines with CRLF', async () => {
    const bytes = await writeCsv({ header: ['A', 'B'], rows: [['x', 1]] });
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(decode(bytes)).toBe('\uFEFFA,B\r\nx,1\r\n');
  });

  test('round-trips quotes, commas, line breaks, Thai, Chinese and emoji', async () => {
    const rows = [
      ['He said "hi"', 'a,b', 'line 1\nline 2', 'บริษัท ไทย จำกัด', '深圳电子厂', '🙂 ok'],
      ['', 'trailing space ', ' leading', 'tab\there', 'cr\rlf', '"'],
    ];
    const header = ['one', 'two', 'three', 'four', 'five', 'six'];
    const text = decode(await writeCsv({ header, rows })).slice(1);
    expect(readCsv(text)).toEqual([header, ...rows]);
  });

  test('numbers stay numbers and empty cells stay empty', async () => {
    const text = decode(await writeCsv({ header: ['n', 'empty', 'neg', 'dec'], rows: [[42, null, -5, 1.25]] })).slice(1);
    expect(readCsv(text)[1]).toEqual(['42', '', '-5', '1.25']);
  });

  test('a sheet longer than one turn of writing comes out whole, with one byte order mark', async () => {
    const rows = Array.from({ length: 4500 }, (_, i) => [`row ${i}`, i]);
    const text = decode(await writeCsv({ header: ['name', 'n'], rows }));
    expect(text.lastIndexOf('\uFEFF')).toBe(0);
    expect(readCsv(text.slice(1))).toEqual([['name', 'n'], ...rows.map(([name, n]) => [name, String(n)])]);
  });

  test('text that a spreadsheet would run as a formula is prefixed with an apostrophe', async () => {
    const cells = ['=SUM(A1:A2)', '+65 6000 1000', '-2+3', '@cmd', '\r=1', '\uFF1D1+1', 'safe=1', 'a-b'];
    const text = decode(await writeCsv({ header: cells.map((_, i) => `c${i}`), rows: [cells] })).slice(1);
    expect(readCsv(text)[1]).toEqual(["'=SUM(A1:A2)", "'+65 6000 1000", "'-2+3", "'@cmd", "'\r'=1", "'\uFF1D1+1", 'safe=1', 'a-b']);
    // A header is text too.
    expect(readCsv(decode(await writeCsv({ header: ['=HYPERLINK("x")'], rows: [] })).slice(1))).toEqual([["'=HYPERLINK(\"x\")"]]);
  });

  /** The cells Excel makes of a line when its list separator is `separator` and it honours quotes only where they open a cell. */
  const excelCells = (line: string, separator: string) => {
    const cellsOf: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i]!;
      if (quoted) {
        if (ch === '"' && line[i + 1] === '"') { cell += '"'; i++; } else if (ch === '"') quoted = false; else cell += ch;
      } else if (ch === '"' && cell === '') quoted = true;
      else if (ch === separator || ch === '\r' || ch === '\n') { cellsOf.push(cell); cell = ''; } else cell += ch;
    }
    return [...cellsOf, cell];
  };

  test('hostile names stay one inert cell in every locale\'s list separator (comma, semicolon, tab)', async () => {
    const hostile = [';=1+1', ',=1+1', '\t=1', '"=1"', 'a;@SUM(1)', 'x\n=1', 'ok;-2', 'a,b;c\td'];
    const line = decode(await writeCsv({ header: ['Supplier ID', 'Supplier Name'], rows: hostile.map((name) => ['SUP0001', name]) })).slice(1).split('\r\n');
    // Read as RFC 4180 with commas, each name comes back whole, an apostrophe before every trigger that could start a cell.
    expect(readCsv(line.join('\r\n')).slice(1).map((r) => r[1])).toEqual([
      ";'=1+1", ",'=1+1", "'\t'=1", '"=1"', "a;'@SUM(1)", "x\n'=1", "ok;'-2", 'a,b;c\td',
    ]);
    // Every field holding a separator, a quote or a line break is quoted.
    for (const [i, name] of hostile.entries()) expect(line[i + 1]!.startsWith('SUP0001,"'), name).toBe(true);
    // However Excel splits the line, no cell it makes starts a formula.
    for (const separator of [',', ';', '\t']) {
      for (const row of line.slice(1)) {
        for (const cell of excelCells(row, separator)) expect(cell, `${JSON.stringify(row)} split on ${JSON.stringify(separator)}`).not.toMatch(/^[=+\-@\t\r]/);
      }
    }
  });
});
