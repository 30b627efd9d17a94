/**
 * An RFC 4180 reader (comma, CRLF): the tests' independent check of what a spreadsheet reads from
 * the CSV files the server writes. `unterminated` is what follows the last line break (empty when
 * the file ends with one).
 */
export function parseCsv(text: string): { rows: string[][]; unterminated: string } {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { field += '"'; i++; }
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { row.push(field); field = ''; }
    else if (ch === '\r' && text[i + 1] === '\n') { row.push(field); rows.push(row); row = []; field = ''; i++; }
    else field += ch;
  }
  return { rows, unterminated: field };
}
