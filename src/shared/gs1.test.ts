import { describe, expect, it } from 'vitest';
import { formatElementString, gtinCheckDigitOk, parseGs1, plainGtin } from './gs1';

const GS = '\u001d';
/** Two-digit years are read against this (GS1 §7.12): 2026 reads 00–76 as 20xx, 77–99 as 19xx. */
const at2026 = { referenceYear: 2026 };
const parse = (text: string) => parseGs1(text, at2026);

describe('gtinCheckDigitOk', () => {
  it('accepts GTIN-8, -12, -13 and -14 with the right check digit', () => {
    expect(gtinCheckDigitOk('12345670')).toBe(true);
    expect(gtinCheckDigitOk('036000291452')).toBe(true);
    expect(gtinCheckDigitOk('4006381333931')).toBe(true);
    expect(gtinCheckDigitOk('09506000134352')).toBe(true);
  });

  it('refuses a wrong check digit, other lengths and non-digits', () => {
    expect(gtinCheckDigitOk('09506000134353')).toBe(false);
    expect(gtinCheckDigitOk('4006381333932')).toBe(false);
    expect(gtinCheckDigitOk('106141412345678908')).toBe(false); // an SSCC, not a GTIN
    expect(gtinCheckDigitOk('0950600013435A')).toBe(false);
    expect(gtinCheckDigitOk('')).toBe(false);
  });
});

describe('plainGtin', () => {
  it('takes a bare EAN/UPC/GTIN scan as a GTIN-14', () => {
    expect(plainGtin('4006381333931')).toBe('04006381333931');
    expect(plainGtin('12345670')).toBe('00000012345670');
    expect(plainGtin(']E04006381333931')).toBe('04006381333931');
    expect(plainGtin('09506000134352\r\n')).toBe('09506000134352');
  });

  it('gives null for anything else', () => {
    expect(plainGtin('4006381333932')).toBeNull();
    expect(plainGtin('A-01-02')).toBeNull();
    expect(plainGtin('0109506000134352')).toBeNull();
  });
});

describe('parseGs1: the published examples', () => {
  it('reads the bracketed human-readable form', () => {
    const result = parse('(01)09506000134352(17)201225(10)ABC123');
    expect(result).toEqual({
      symbology: null,
      elements: [
        { ai: '01', title: 'GTIN', raw: '09506000134352', value: '09506000134352' },
        { ai: '17', title: 'USE BY OR EXPIRY', raw: '201225', value: '2020-12-25' },
        { ai: '10', title: 'BATCH/LOT', raw: 'ABC123', value: 'ABC123' },
      ],
      errors: [],
      gtin: '09506000134352',
      expiry: '2020-12-25',
      lot: 'ABC123',
    });
  });

  it('reads GS1 DataMatrix with its identifier: a variable lot before a fixed expiry ends at GS', () => {
    const result = parse(`]d2010950600013435210ABC123${GS}17201225`);
    expect(result).toMatchObject({ symbology: ']d2', gtin: '09506000134352', lot: 'ABC123', expiry: '2020-12-25', errors: [] });
  });

  it('needs no separator after fixed-length elements', () => {
    const result = parse(']C1010950600013435217201225' + '10ABC123');
    expect(result).toMatchObject({ symbology: ']C1', gtin: '09506000134352', expiry: '2020-12-25', lot: 'ABC123', errors: [] });
  });

  it('reads an SSCC and checks its check digit', () => {
    expect(parse('(00)106141412345678908')).toMatchObject({ sscc: '106141412345678908', errors: [] });
    expect(parse(']C100106141412345678908')).toMatchObject({ sscc: '106141412345678908', errors: [] });
    expect(parse('(00)106141412345678909')).toMatchObject({
      elements: [], errors: [{ code: 'bad_check_digit', ai: '00', at: 0 }],
    });
  });

  it('reads net weight with the decimals the AI gives', () => {
    const result = parse('(01)09506000134369(3103)000189');
    expect(result?.netWeightKg).toBe(0.189);
    expect(result?.elements[1]).toEqual({ ai: '3103', title: 'NET WEIGHT (kg)', raw: '000189', value: '0.189' });
    expect(parse(']C101095060001343693102001250')?.netWeightKg).toBe(12.5);
    expect(parse(']C101095060001343693100000042')?.netWeightKg).toBe(42);
  });

  it('reads the quantity from a variable count (30) or a count of trade items (37)', () => {
    expect(parse('(01)95012345678903(30)27')).toMatchObject({ gtin: '95012345678903', quantity: 27 });
    expect(parse(`]C10195012345678903300027${GS}21SER-9`)).toMatchObject({ quantity: 27, serial: 'SER-9' });
    const pallet = parse(`]C100106141412345678908020950600013435237120${GS}10LOT7`);
    expect(pallet).toMatchObject({ sscc: '106141412345678908', contentGtin: '09506000134352', quantity: 120, lot: 'LOT7' });
    expect(pallet?.gtin).toBeUndefined();
  });

  it('reads the other dates, serial, order number and location', () => {
    const result = parse('(01)09506000134352(11)250301(13)250302(15)260131(21)12345AB(400)PO-77(414)5901234123457');
    expect(result).toMatchObject({
      productionDate: '2025-03-01', packagingDate: '2025-03-02', bestBefore: '2026-01-31',
      serial: '12345AB', orderNumber: 'PO-77', errors: [],
    });
    expect(result?.elements.at(-1)).toMatchObject({ ai: '414', title: 'LOC No.', value: '5901234123457' });
  });
});

describe('parseGs1: dates', () => {
  it('reads day 00 as the last day of the month, leap years included', () => {
    expect(parse('(17)240200')?.expiry).toBe('2024-02-29');
    expect(parse('(17)250200')?.expiry).toBe('2025-02-28');
    expect(parse('(17)261100')?.expiry).toBe('2026-11-30');
    expect(parse('(15)271200')?.bestBefore).toBe('2027-12-31');
  });

  it('picks the century by the sliding window of §7.12', () => {
    expect(parse('(17)751231')?.expiry).toBe('2075-12-31'); // 49 years ahead: this century
    expect(parse('(17)770101')?.expiry).toBe('1977-01-01'); // 51 ahead: the previous one
    expect(parseGs1('(17)300101', { referenceYear: 2080 })?.expiry).toBe('2130-01-01'); // 50 back: the next one
    expect(parseGs1('(17)310101', { referenceYear: 2080 })?.expiry).toBe('2031-01-01'); // 49 back: this one
    expect(parseGs1('(17)990101', { referenceYear: 2001 })?.expiry).toBe('1999-01-01');
  });

  it('refuses a month or day that does not exist', () => {
    expect(parse('(17)251301')?.errors).toEqual([{ code: 'bad_date', ai: '17', at: 0 }]);
    expect(parse('(17)250230')?.errors).toEqual([{ code: 'bad_date', ai: '17', at: 0 }]);
    expect(parse('(17)250001')?.errors).toEqual([{ code: 'bad_date', ai: '17', at: 0 }]);
  });
});

describe('parseGs1: separators', () => {
  const expected = { gtin: '09506000134352', lot: 'ABC123', expiry: '2020-12-25', errors: [] };

  it.each([
    ['ASCII 29', GS],
    ['<GS>', '<GS>'],
    ['{GS}', '{GS}'],
    ['^] (Ctrl+])', '^]'],
    ['␝', '\u241d'],
    ['⟨GS⟩ (as the scanner check page shows it)', '⟨GS⟩'],
  ])('takes %s as the group separator', (_name, separator) => {
    expect(parse(`]d2010950600013435210ABC123${separator}17201225`)).toMatchObject(expected);
  });

  it('takes a leading FNC1 (how zxing returns GS1 DataMatrix) as the GS1 marker', () => {
    expect(parse(`${GS}010950600013435210ABC123${GS}17201225`)).toMatchObject({ symbology: null, ...expected });
  });

  it('tolerates a separator after a fixed-length element, a trailing one and the scanner suffix', () => {
    expect(parse(`]C101095060001343521720122510ABC123${GS}\r\n`)).toMatchObject(expected);
    expect(parse(`]C10109506000134352${GS}17201225${GS}10ABC123`)).toMatchObject(expected);
  });

  it('without a separator, a variable element runs to the end', () => {
    expect(parse(']C1010950600013435210ABC12317201225')).toMatchObject({ lot: 'ABC12317201225', errors: [] });
  });

  it('reports error offsets in the input as given, substitutes included', () => {
    const result = parse(']d210ABC<GS>17201399');
    expect(result).toMatchObject({ lot: 'ABC', errors: [{ code: 'bad_date', ai: '17', at: 12 }] });
  });
});

describe('parseGs1: problems keep what was read', () => {
  it('reports a wrong GTIN check digit and goes on', () => {
    const result = parse(']C1010950600013435310ABC123');
    expect(result).toMatchObject({ lot: 'ABC123', errors: [{ code: 'bad_check_digit', ai: '01', at: 3 }] });
    expect(result?.gtin).toBeUndefined();
  });

  it('reports an unknown AI and skips a predefined-length one by its length', () => {
    expect(parse(']C10309506000134352' + '10ABC')).toMatchObject({ lot: 'ABC', errors: [{ code: 'unknown_ai', ai: '03', at: 3 }] });
    expect(parse('(01)09506000134352(99)INTERNAL(10)ABC')).toMatchObject({
      gtin: '09506000134352', lot: 'ABC', errors: [{ code: 'unknown_ai', ai: '99', at: 18 }],
    });
  });

  it('skips an unknown variable-length AI to the next separator', () => {
    expect(parse(`]C10109506000134352` + `91XYZ-123${GS}10ABC`)).toMatchObject({
      gtin: '09506000134352', lot: 'ABC', errors: [{ code: 'unknown_ai', ai: '91', at: 19 }],
    });
  });

  it('reports a fixed-length element cut short', () => {
    expect(parse(']C1010950600013435217201')).toMatchObject({
      gtin: '09506000134352', errors: [{ code: 'truncated', ai: '17', at: 19 }],
    });
    expect(parse(']C10109506')).toMatchObject({ elements: [], errors: [{ code: 'truncated', ai: '01', at: 3 }] });
    expect(parse(']C101095060001343523')).toMatchObject({ gtin: '09506000134352', errors: [{ code: 'truncated', at: 19 }] });
  });

  it('refuses a lot or serial over 20 characters, an empty one and characters outside GS1 set 82', () => {
    expect(parse(`]C110ABCDEFGHIJKLMNOPQRSTU${GS}17201225`)).toMatchObject({
      expiry: '2020-12-25', errors: [{ code: 'bad_length', ai: '10', at: 3 }],
    });
    expect(parse(`(10)ABCDEFGHIJKLMNOPQRST`)?.lot).toBe('ABCDEFGHIJKLMNOPQRST');
    expect(parse(`]C110${GS}17201225`)?.errors).toEqual([{ code: 'bad_length', ai: '10', at: 3 }]);
    expect(parse(']C121AB CD')?.errors).toEqual([{ code: 'bad_chars', ai: '21', at: 3 }]);
    expect(parse(']C130123456789')?.errors).toEqual([{ code: 'bad_length', ai: '30', at: 3 }]);
    expect(parse(']C130A1')?.errors).toEqual([{ code: 'bad_chars', ai: '30', at: 3 }]);
  });

  it('refuses a bracketed fixed-length element of the wrong length', () => {
    expect(parse('(01)0950600013435(10)X')).toMatchObject({ lot: 'X', errors: [{ code: 'bad_length', ai: '01', at: 0 }] });
  });
});

describe('parseGs1: what is not GS1', () => {
  it.each([
    ['a location code', 'A-01-02'],
    ['a plain EAN-13', '4006381333931'],
    ['a plain GTIN-14', '09506000134352'],
    ['a plain GTIN-14 that begins like AI 01', '01234567890128'],
    ['an ASN number', 'ASN2026000123'],
    ['a code beginning like a lot', '10ABC'],
    ['a code beginning like a date', '17201225'],
    ['a non-GS1 Code 128 identifier', ']C00109506000134352'],
    ['an EAN-13 identifier', ']E04006381333931'],
    ['an empty scan', ''],
    ['a bracket that is no AI', '(A)12'],
  ])('gives null for %s', (_name, text) => {
    expect(parse(text)).toBeNull();
  });

  it('reads an unmarked string that begins with a complete GTIN or SSCC, or holds a separator', () => {
    expect(parse('010950600013435217201225')).toMatchObject({ symbology: null, gtin: '09506000134352', expiry: '2020-12-25' });
    expect(parse('00106141412345678908')).toMatchObject({ sscc: '106141412345678908' });
    expect(parse(`10ABC123${GS}17201225`)).toMatchObject({ lot: 'ABC123', expiry: '2020-12-25' });
    expect(parse('0109506000134353')).toBeNull(); // check digit wrong: just a number
  });
});

describe('formatElementString', () => {
  it('renders the bracketed form, which parses back to the same elements', () => {
    const scanned = parse(`]d2010950600013435210ABC123${GS}17201225`)!;
    const text = formatElementString(scanned.elements);
    expect(text).toBe('(01)09506000134352(10)ABC123(17)201225');
    expect(parse(text)?.elements).toEqual(scanned.elements);
  });
});
