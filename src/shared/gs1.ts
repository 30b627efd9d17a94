/**
 * GS1 element strings (GS1 General Specifications §3, §7.8, §7.12): what one GS1-128, GS1
 * DataMatrix, GS1 QR or GS1 DataBar scan carries — GTIN, lot, expiry, serial, quantity — so a
 * screen can fill several fields from one scan. Isomorphic; problems come back as codes.
 *
 * What counts as GS1 data (anything else gives null):
 * - a GS1 symbology identifier first: `]C1` GS1-128, `]d2` DataMatrix, `]Q3` QR, `]e0` DataBar,
 *   `]J1` DotCode. Another identifier (`]C0`, `]E0`, …) means the symbol is not GS1: null;
 * - a group separator first (FNC1 in first position: zxing returns GS1 DataMatrix that way);
 * - the bracketed human-readable form, `(01)09506000134352(17)201225(10)ABC123`;
 * - without any of these (wedge scanners usually send no identifier, GS1 QR from zxing has
 *   none): when the string parses from its first character and either begins with a complete
 *   SSCC / GTIN / content GTIN (AI 00, 01, 02, check digit right) or holds a group separator.
 *   So `A-01-02` and `10ABC` stay location or plain codes, and a bare 8–14 digit number is not
 *   GS1 but a GTIN candidate: see `plainGtin`.
 *
 * Group separator: ASCII 29, or one of the substitutes scanners and people type for it —
 * `<GS>`, `{GS}`, `^]` (caret notation of Ctrl+]), `␝` (U+241D) and `⟨GS⟩` (how `visibleText`
 * shows it). A separator after a fixed-length element, or a trailing one, is tolerated.
 */

export type Gs1ErrorCode = 'unknown_ai' | 'bad_length' | 'bad_check_digit' | 'bad_date' | 'bad_chars' | 'truncated';

export interface Gs1Element {
  /** Application identifier, e.g. `01`, `3103`. */
  readonly ai: string;
  /** GS1 data title, e.g. `GTIN`, `BATCH/LOT`, `USE BY OR EXPIRY`. */
  readonly title: string;
  /** The data as encoded. */
  readonly raw: string;
  /** The data read: ISO date for dates, decimal number for measures (`0.189`), counts without leading zeros, else `raw`. */
  readonly value: string;
}

export interface Gs1Error {
  readonly code: Gs1ErrorCode;
  /** The AI concerned (for `unknown_ai`, its first two digits when no AI could be told). */
  readonly ai?: string;
  /** Offset in the input string (0-based) where the element or the problem starts. */
  readonly at: number;
}

export interface Gs1Result {
  /** The symbology identifier the input began with, or null. */
  readonly symbology: string | null;
  /** Elements read without a problem, in order. */
  readonly elements: readonly Gs1Element[];
  /** Problems; the elements before and after one are kept. */
  readonly errors: readonly Gs1Error[];
  // The usual elements, from their first occurrence:
  /** AI 00, 18 digits. */
  readonly sscc?: string;
  /** AI 01, 14 digits. */
  readonly gtin?: string;
  /** AI 02: GTIN of the trade items contained in a logistic unit. */
  readonly contentGtin?: string;
  /** AI 10. */
  readonly lot?: string;
  /** AI 17, ISO date. */
  readonly expiry?: string;
  /** AI 15, ISO date. */
  readonly bestBefore?: string;
  /** AI 11, ISO date. */
  readonly productionDate?: string;
  /** AI 13, ISO date. */
  readonly packagingDate?: string;
  /** AI 21. */
  readonly serial?: string;
  /** AI 30 (variable count) or 37 (count of trade items), whichever comes first. */
  readonly quantity?: number;
  /** AI 310n. */
  readonly netWeightKg?: number;
  /** AI 400. */
  readonly orderNumber?: string;
}

export interface Gs1Options {
  /** Year the two-digit years are read against (§7.12); defaults to the current UTC year. */
  referenceYear?: number;
}

interface AiDefinition {
  readonly title: string;
  /** Numeric only, or GS1 AI encodable character set 82. */
  readonly charset: 'n' | 'an';
  /** Exact data length when `fixed`, else the maximum. */
  readonly length: number;
  readonly fixed: boolean;
  /** Last digit is a GS1 mod-10 check digit. */
  readonly checkDigit?: boolean;
  /** YYMMDD. */
  readonly date?: boolean;
  /** The AI's last digit places the decimal point (310n…). */
  readonly decimals?: boolean;
  /** A count: leading zeros dropped. */
  readonly count?: boolean;
}

const fixedN = (title: string, length: number, extra: Partial<AiDefinition> = {}): AiDefinition =>
  ({ title, charset: 'n', length, fixed: true, ...extra });
const variable = (title: string, charset: 'n' | 'an', max: number, extra: Partial<AiDefinition> = {}): AiDefinition =>
  ({ title, charset, length: max, fixed: false, ...extra });
/** AIs `${prefix}0`–`${prefix}5`, six digits with the AI's last digit as the number of decimals. */
const measure = (prefix: string, title: string): [string, AiDefinition][] =>
  [0, 1, 2, 3, 4, 5].map((n) => [`${prefix}${n}`, fixedN(title, 6, { decimals: true })]);

/**
 * The AIs read, with the data titles of the General Specifications. Every fixed-length one here
 * has a predefined length (below), so it needs no separator. The table is prefix-free, as GS1 AIs are.
 */
const AIS: Readonly<Record<string, AiDefinition>> = {
  '00': fixedN('SSCC', 18, { checkDigit: true }),
  '01': fixedN('GTIN', 14, { checkDigit: true }),
  '02': fixedN('CONTENT', 14, { checkDigit: true }),
  '10': variable('BATCH/LOT', 'an', 20),
  '11': fixedN('PROD DATE', 6, { date: true }),
  '12': fixedN('DUE DATE', 6, { date: true }),
  '13': fixedN('PACK DATE', 6, { date: true }),
  '15': fixedN('BEST BEFORE or BEST BY', 6, { date: true }),
  '16': fixedN('SELL BY', 6, { date: true }),
  '17': fixedN('USE BY OR EXPIRY', 6, { date: true }),
  '20': fixedN('VARIANT', 2),
  '21': variable('SERIAL', 'an', 20),
  '22': variable('CPV', 'an', 20),
  '240': variable('ADDITIONAL ID', 'an', 30),
  '241': variable('CUST. PART No.', 'an', 30),
  '30': variable('VAR. COUNT', 'n', 8, { count: true }),
  ...Object.fromEntries([
    ...measure('310', 'NET WEIGHT (kg)'),
    ...measure('311', 'LENGTH (m)'),
    ...measure('312', 'WIDTH (m)'),
    ...measure('313', 'HEIGHT (m)'),
    ...measure('314', 'AREA (m²)'),
    ...measure('315', 'NET VOLUME (l)'),
    ...measure('316', 'NET VOLUME (m³)'),
    ...measure('330', 'GROSS WEIGHT (kg)'),
  ]),
  '37': variable('COUNT', 'n', 8, { count: true }),
  '400': variable('ORDER NUMBER', 'an', 30),
  '410': fixedN('SHIP TO LOC', 13, { checkDigit: true }),
  '411': fixedN('BILL TO', 13, { checkDigit: true }),
  '412': fixedN('PURCHASE FROM', 13, { checkDigit: true }),
  '413': fixedN('SHIP FOR LOC', 13, { checkDigit: true }),
  '414': fixedN('LOC No.', 13, { checkDigit: true }),
  '415': fixedN('PAY TO', 13, { checkDigit: true }),
};

/**
 * AIs whose length is predefined (General Specifications figure 7.8.4-2): first two digits →
 * length of AI plus data. Only these end without a separator; it also lets an unknown one be skipped.
 */
const PREDEFINED_LENGTH: Readonly<Record<string, number>> = {
  '00': 20, '01': 16, '02': 16, '03': 16, '04': 18,
  '11': 8, '12': 8, '13': 8, '14': 8, '15': 8, '16': 8, '17': 8, '18': 8, '19': 8,
  '20': 4, '31': 10, '32': 10, '33': 10, '34': 10, '35': 10, '36': 10, '41': 16,
};

const GS1_SYMBOLOGIES = new Set([']C1', ']d2', ']Q3', ']e0', ']J1']);
const GS = '\u001d';
const SEPARATOR_SUBSTITUTES = ['\u241d', '<GS>', '{GS}', '^]', '⟨GS⟩'];
/** GS1 AI encodable character set 82. */
const CHARSET_82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]*$/;
const DIGITS = /^\d*$/;

/** Whether a string of digits ends in the right GS1 mod-10 check digit (GTIN, SSCC, GLN alike). */
function mod10Ok(digits: string): boolean {
  if (digits.length < 2 || !/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = digits.length - 2, weight = 3; i >= 0; i--, weight = 4 - weight) sum += Number(digits[i]) * weight;
  return (10 - (sum % 10)) % 10 === Number(digits.at(-1));
}

/** Whether `digits` is a GTIN-8, -12, -13 or -14 with the right check digit. */
export function gtinCheckDigitOk(digits: string): boolean {
  return [8, 12, 13, 14].includes(digits.length) && mod10Ok(digits);
}

/**
 * A bare EAN-8, UPC-A, EAN-13 or GTIN-14 scan (optionally after a symbology identifier) as a
 * GTIN-14, or null. Plain numbers are not GS1 element strings; this is how a screen takes them.
 */
export function plainGtin(text: string): string | null {
  const digits = text.trim().replace(/^\][A-Za-z]\d/, '');
  return gtinCheckDigitOk(digits) ? digits.padStart(14, '0') : null;
}

/** The bracketed human-readable form, `(01)09506000134352(17)201225(10)ABC123`. */
export function formatElementString(elements: readonly Pick<Gs1Element, 'ai' | 'raw'>[]): string {
  return elements.map((e) => `(${e.ai})${e.raw}`).join('');
}

/** Full year of a two-digit year, by the sliding window of §7.12 (−50…+49 years around the reference). */
function fullYear(yy: number, referenceYear: number): number {
  const current = referenceYear % 100;
  const century = referenceYear - current;
  const difference = yy - current;
  if (difference >= 51) return century - 100 + yy;
  if (difference <= -50) return century + 100 + yy;
  return century + yy;
}

/** YYMMDD as an ISO date; day 00 is the last day of the month (§3.4). Null when not a date. */
function gs1Date(raw: string, referenceYear: number): string | null {
  const [yy, mm, dd] = [raw.slice(0, 2), raw.slice(2, 4), raw.slice(4, 6)].map(Number) as [number, number, number];
  if (mm < 1 || mm > 12) return null;
  const year = fullYear(yy, referenceYear);
  const lastDay = new Date(Date.UTC(year, mm, 0)).getUTCDate();
  if (dd > lastDay) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${year}-${pad(mm)}-${pad(dd === 0 ? lastDay : dd)}`;
}

/** The data of one element read, or the code of its problem. */
function readData(ai: string, def: AiDefinition, raw: string, referenceYear: number): { value: string } | { code: Gs1ErrorCode } {
  if (!(def.charset === 'n' ? DIGITS : CHARSET_82).test(raw)) return { code: 'bad_chars' };
  if (raw.length === 0 || raw.length > def.length || (def.fixed && raw.length !== def.length)) return { code: 'bad_length' };
  if (def.checkDigit && !mod10Ok(raw)) return { code: 'bad_check_digit' };
  if (def.date) {
    const iso = gs1Date(raw, referenceYear);
    return iso ? { value: iso } : { code: 'bad_date' };
  }
  if (def.decimals) {
    const decimals = Number(ai.at(-1));
    const whole = raw.slice(0, raw.length - decimals).replace(/^0+(?=\d)/, '') || '0';
    return { value: decimals ? `${whole}.${raw.slice(-decimals)}` : whole };
  }
  if (def.count) return { value: String(Number(raw)) };
  return { value: raw };
}

/** The input with separators unified to GS, and where each character came from in the input. */
interface Normalized {
  readonly text: string;
  /** Input offset of each character, plus one entry for the end. */
  readonly origin: readonly number[];
}

function normalize(input: string, from: number, to: number): Normalized {
  let text = '';
  const origin: number[] = [];
  for (let i = from; i < to;) {
    const substitute = SEPARATOR_SUBSTITUTES.find((s) => input.startsWith(s, i));
    text += substitute ? GS : input[i];
    origin.push(i);
    i += substitute?.length ?? 1;
  }
  origin.push(to);
  return { text, origin };
}

/** The AI at `at`, if the table knows one. */
function aiAt(text: string, at: number): string | undefined {
  return [2, 3, 4].map((n) => text.slice(at, at + n)).find((ai) => ai.length >= 2 && ai in AIS);
}

interface Parsed {
  elements: { element: Gs1Element; at: number }[];
  errors: Gs1Error[];
}

/** Element string with separators (FNC1 / GS): fixed-length AIs run their length, the others to GS or the end. */
function parseElementString({ text, origin }: Normalized, referenceYear: number): Parsed {
  const parsed: Parsed = { elements: [], errors: [] };
  const fail = (code: Gs1ErrorCode, at: number, ai?: string) =>
    parsed.errors.push(ai === undefined ? { code, at: origin[at]! } : { code, ai, at: origin[at]! });
  const nextSeparator = (from: number) => {
    const found = text.indexOf(GS, from);
    return found < 0 ? text.length : found;
  };
  let i = 0;
  while (i < text.length) {
    if (text[i] === GS) {
      i++;
      continue;
    }
    const start = i;
    const segmentEnd = nextSeparator(start);
    const ai = aiAt(text, start);
    if (ai === undefined) {
      const prefix = text.slice(start, start + 2);
      const predefined = PREDEFINED_LENGTH[prefix];
      if (segmentEnd - start < (predefined ?? 2)) fail('truncated', start);
      else if (/^\d\d$/.test(prefix)) fail('unknown_ai', start, prefix);
      else fail('unknown_ai', start);
      i = predefined ? Math.min(start + predefined, segmentEnd) : segmentEnd;
      continue;
    }
    const def = AIS[ai]!;
    const dataStart = start + ai.length;
    const end = def.fixed ? dataStart + def.length : segmentEnd;
    if (end > segmentEnd) {
      fail('truncated', start, ai);
      i = segmentEnd;
      continue;
    }
    i = end;
    const raw = text.slice(dataStart, end);
    const read = readData(ai, def, raw, referenceYear);
    if ('code' in read) fail(read.code, start, ai);
    else parsed.elements.push({ element: { ai, title: def.title, raw, value: read.value }, at: start });
  }
  return parsed;
}

/**
 * `(AI)data(AI)data…`: each element runs to the next bracketed 2–4 digit number (brackets are
 * allowed in alphanumeric data, so this form is ambiguous there; it is meant for people).
 */
function parseBracketed({ text, origin }: Normalized, referenceYear: number): Parsed {
  const parsed: Parsed = { elements: [], errors: [] };
  const marks = [...text.matchAll(/\((\d{2,4})\)/g)];
  marks.forEach((mark, n) => {
    const ai = mark[1]!;
    const at = origin[mark.index]!;
    const def = AIS[ai];
    if (!def) {
      parsed.errors.push({ code: 'unknown_ai', ai, at });
      return;
    }
    const raw = text.slice(mark.index + mark[0].length, marks[n + 1]?.index ?? text.length).trim();
    const read = readData(ai, def, raw, referenceYear);
    if ('code' in read) parsed.errors.push({ code: read.code, ai, at });
    else parsed.elements.push({ element: { ai, title: def.title, raw, value: read.value }, at: mark.index });
  });
  return parsed;
}

/** The usual elements as named fields, each from its first occurrence. */
function summarize(elements: readonly Gs1Element[]): Omit<Gs1Result, 'symbology' | 'elements' | 'errors'> {
  const first = (...ais: string[]) => elements.find((e) => ais.includes(e.ai))?.value;
  const weight = elements.find((e) => e.ai.startsWith('310'))?.value;
  const quantity = first('30', '37');
  const fields = {
    sscc: first('00'),
    gtin: first('01'),
    contentGtin: first('02'),
    lot: first('10'),
    expiry: first('17'),
    bestBefore: first('15'),
    productionDate: first('11'),
    packagingDate: first('13'),
    serial: first('21'),
    quantity: quantity === undefined ? undefined : Number(quantity),
    netWeightKg: weight === undefined ? undefined : Number(weight),
    orderNumber: first('400'),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<typeof fields>;
}

/**
 * Reads a scan as a GS1 element string (see the top of this file for what counts as one), or
 * null when it is not one. Elements with a problem are left out and reported in `errors`.
 */
export function parseGs1(input: string, options: Gs1Options = {}): Gs1Result | null {
  const referenceYear = options.referenceYear ?? new Date().getUTCFullYear();
  // A scanner's suffix (CR, LF, Tab) or stray spaces are not data: space is not in set 82.
  let from = input.length - input.trimStart().length;
  const to = input.trimEnd().length;
  let symbology: string | null = null;
  const identifier = /^\][A-Za-z]\d/.exec(input.slice(from, to))?.[0];
  if (identifier) {
    if (!GS1_SYMBOLOGIES.has(identifier)) return null;
    symbology = identifier;
    from += identifier.length;
  }
  const normalized = normalize(input, from, to);
  if (/^\(\d{2,4}\)/.test(normalized.text)) return result(symbology, parseBracketed(normalized, referenceYear));
  const fnc1First = normalized.text.startsWith(GS);
  const parsed = parseElementString(normalized, referenceYear);
  if (symbology === null && !fnc1First) {
    const first = parsed.elements[0];
    const readFromStart = first?.at === 0;
    const keyFirst = first !== undefined && ['00', '01', '02'].includes(first.element.ai);
    if (!readFromStart || !(keyFirst || normalized.text.includes(GS))) return null;
  }
  return result(symbology, parsed);
}

function result(symbology: string | null, { elements, errors }: Parsed): Gs1Result {
  const list = elements.map((e) => e.element);
  return { symbology, elements: list, errors, ...summarize(list) };
}
