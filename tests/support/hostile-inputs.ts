import { z } from 'zod';
import type { EndpointDef } from '../../src/shared/contract/define';

/**
 * Hostile inputs for a contract entry, derived from its zod input schema (tests/api/fuzz.test.ts):
 * a minimal valid input, then for every field (nested ones too) wrong types, over-long and
 * injection strings, negative and fractional numbers, NUL characters, huge arrays and deep JSON,
 * and attacks on the whole body. Deterministic: the same seed gives the same cases.
 */

type Rng = () => number;

/** mulberry32: small, fast, good enough to pick cases. */
function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed from a name (FNV-1a), so each entry's cases do not depend on the order entries are walked. */
export const seedOf = (text: string, base = 0): number => {
  let h = 0x811c9dc5 ^ base;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
};

function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

type Schema = z.ZodType;
type Def = Record<string, unknown> & { type: string };
const defOf = (s: Schema): Def => (s as unknown as { _zod: { def: Def } })._zod.def;
const isOptional = (s: Schema): boolean => Boolean((s as unknown as { _zod: { optin?: string } })._zod.optin);

/** The schema that decides a value's shape: wrappers (optional, default, nullable…) off; a pipe's input side, or its output when the input is a transform. */
function core(s: Schema): Schema {
  for (let i = 0; i < 20; i++) {
    const def = defOf(s);
    if (['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(def.type)) s = def.innerType as Schema;
    else if (def.type === 'pipe') s = defOf(def.in as Schema).type === 'transform' ? (def.out as Schema) : (def.in as Schema);
    else if (def.type === 'lazy') s = (def.getter as () => Schema)();
    else return s;
  }
  return s;
}

interface Hints { minLength?: number; maxLength?: number; minimum?: number; maximum?: number; minItems?: number; maxItems?: number }
function hintsOf(s: Schema): Hints {
  try {
    return z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as Hints;
  } catch {
    return {};
  }
}

/** 64 hex characters: the shape of a client-side SHA-256 (no account has this one). */
const HEX64 = 'fa22'.repeat(16);
/** A fixed UUIDv7 and UUIDv4, for fields that must be UUIDs. */
const UUID7 = '01890a5d-ac96-7a4b-bcce-b302099a8057';
const UUID4 = '3f0c1c52-6d1e-4c8e-9a4f-2f4f6f7a8b9c';

/** Plausible values, tried in order until the field's schema takes one; field names put likely ones first. */
const STRING_POOL = ['Fuzz sample', 'SGSIN1', 'fuzz@example.com', '/wmsbasic/supplier', UUID7, UUID4, HEX64, 'A'.repeat(43), 'x', 'A01'];
const PREFERRED: readonly [RegExp, string[]][] = [
  [/whs|warehouse/i, ['SGSIN1']],
  [/email/i, ['fuzz@example.com']],
  [/path|url/i, ['/wmsbasic/supplier']],
  [/^resource$/, ['supplier']],
  [/^lang$/, ['en']],
];
const NUMBER_POOL = [1, 20, 0, 2, 3, 50, 100, 200];

function accepts(schema: Schema, value: unknown): boolean {
  try {
    return schema.safeParse(value).success;
  } catch {
    return false;
  }
}

/**
 * A small valid value of `schema` (required members only), or the closest try when none of the
 * candidates fits (a regex the pool cannot meet): the case is then one more refused input.
 */
export function validSample(schema: Schema, name = ''): unknown {
  const node = core(schema);
  const def = defOf(node);
  const firstAccepted = (candidates: unknown[]) => candidates.find((c) => accepts(schema, c)) ?? candidates[0];
  switch (def.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, member] of Object.entries((node as unknown as z.ZodObject).shape as Record<string, Schema>)) {
        if (!isOptional(member)) out[key] = validSample(member, key);
      }
      return out;
    }
    case 'string': {
      const preferred = PREFERRED.filter(([re]) => re.test(name)).flatMap(([, values]) => values);
      return firstAccepted([...preferred, ...STRING_POOL]);
    }
    case 'number': case 'int': case 'bigint': {
      const { minimum } = hintsOf(node);
      return firstAccepted([...(minimum !== undefined ? [minimum] : []), ...NUMBER_POOL]);
    }
    case 'boolean': return false;
    case 'literal': return (def.values as unknown[])[0];
    case 'enum': return Object.values(def.entries as Record<string, unknown>)[0];
    case 'array': {
      const { minItems = 1 } = hintsOf(node);
      return Array.from({ length: Math.max(1, minItems) }, () => validSample(def.element as Schema, name));
    }
    case 'record': return {};
    case 'union': {
      const options = def.options as Schema[];
      const samples = options.map((o) => validSample(o, name));
      return samples.find((v) => accepts(schema, v)) ?? samples[0];
    }
    case 'null': return null;
    default: return 'x';
  }
}

/** Where a leaf sits in the input: object keys and array indexes. */
type Path = (string | number)[];
interface Leaf { path: Path; schema: Schema; type: string; hints: Hints }

/** Every field of the input down to `depth` levels (into objects and the first element of arrays); containers are leaves too. */
function leavesOf(schema: Schema, sample: unknown, path: Path = [], depth = 3): Leaf[] {
  const node = core(schema);
  const def = defOf(node);
  const here: Leaf[] = path.length > 0 ? [{ path, schema, type: def.type, hints: hintsOf(node) }] : [];
  if (depth === 0) return here;
  if (def.type === 'object') {
    const shape = (node as unknown as z.ZodObject).shape as Record<string, Schema>;
    return [...here, ...Object.entries(shape).flatMap(([key, member]) =>
      leavesOf(member, (sample as Record<string, unknown> | undefined)?.[key], [...path, key], depth - 1))];
  }
  if (def.type === 'array') return [...here, ...leavesOf(def.element as Schema, (sample as unknown[] | undefined)?.[0], [...path, 0], depth - 1)];
  return here;
}

/** Strings a careless server would execute or render; if one is accepted it must be stored exactly as sent. */
const INJECTIONS = [
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  '1); DELETE FROM sessions; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  "%_\\'\"`",
  '{{7*7}}${7*7}',
  '../../../etc/passwd',
  'Ω≈ç√ 漢字 ไทย Tiếng Việt 😀',
  '\u202Eevil\u202C',
] as const;

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';
const WRONG_TYPES: unknown[] = [null, true, 12345, 'text', {}, [], { $gt: '' }, ['a']];
const BAD_NUMBERS: unknown[] = [-1, -0.5, 0.5, 1.5, 0, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, 1e-7, '1', '1; DROP TABLE users', 'NaN', 'Infinity'];

/** JSON nested `depth` levels: arrays, or objects under key `a`. */
const deepJson = (depth: number, kind: 'array' | 'object'): string =>
  kind === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** JSON text put into a body as it is: values too deep for JSON.stringify. */
class RawJson {
  constructor(readonly text: string) {}
}

/** JSON.stringify that splices RawJson values in. */
export function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : toJson(v))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value).filter(([, v]) => v !== undefined).map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export interface HostileCase {
  /** What is spoiled, for failure messages. */
  label: string;
  /** GET: the query (values sent as text); POST: the body, sent as JSON (toJson). Absent when `raw` is set. */
  input?: Record<string, unknown>;
  /** A body or query string sent as it is (malformed JSON, odd encodings). */
  raw?: { body?: string; query?: string; contentType?: string };
  /** Another method than the entry's: the path is not served that way. */
  method?: string;
  /** The answer a raw case must get: -100400, or -100444 for a method the path does not serve. */
  expect?: 'bad-input' | 'unknown-api';
  /** Strings sent that, were the call accepted and something stored, must be stored exactly so (trimmed). */
  planted: string[];
}

function withValue(base: unknown, path: Path, value: unknown): Record<string, unknown> {
  const copy = structuredClone(base) as Record<string, unknown>;
  let at: Record<string | number, unknown> = copy;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i]!;
    const next = at[key];
    if (next === null || typeof next !== 'object') at[key] = typeof path[i + 1] === 'number' ? [] : {};
    at = at[key] as Record<string | number, unknown>;
  }
  at[path.at(-1)!] = value;
  return copy;
}

interface LeafValue { value: unknown; label: string; planted: string[]; essential: boolean }

/**
 * Hostile values for one leaf, each with the strings it plants. `essential` ones (a wrong type,
 * NUL, SQL and HTML injection, one past the length, a 32-bit overflow, a negative and a fraction)
 * come first whatever the seed, so a capped run still tries them on every field.
 */
function leafValues(leaf: Leaf, get: boolean, sample: unknown): LeafValue[] {
  const out: LeafValue[] = [];
  const add = (value: unknown, label: string, planted: string[] = [], essential = false) => out.push({ value, label, planted, essential });
  const huge = get ? 6_000 : 100_000;
  const wrongType = leaf.type === 'string' ? 12345 : 'text';
  if (!get) for (const w of WRONG_TYPES) add(w, `wrong type ${JSON.stringify(w)}`, [], w === wrongType);
  else add('', 'empty');
  switch (leaf.type) {
    case 'string': {
      const max = leaf.hints.maxLength;
      if (max !== undefined && max < huge) add('x'.repeat(max + 1), `${max + 1} characters`, [], true);
      add('x'.repeat(huge), `${huge} characters`);
      for (const text of INJECTIONS) add(text, `injection ${text}`, [text], text === INJECTIONS[0] || text === INJECTIONS[3]);
      add(NUL, 'NUL character', [], true);
      add(LONE_SURROGATE, 'lone surrogate');
      add('   ', 'only spaces');
      if (typeof sample === 'string') add(`${sample}\u0000`, 'valid value with NUL', [], true);
      break;
    }
    case 'number': case 'int': case 'bigint':
      for (const n of BAD_NUMBERS) add(n, `number ${String(n)}`, [], n === 2 ** 31 || n === -1 || n === 1.5);
      if (leaf.hints.maximum !== undefined) add(leaf.hints.maximum + 1, `maximum + 1`);
      if (leaf.hints.minimum !== undefined) add(leaf.hints.minimum - 1, `minimum - 1`);
      break;
    case 'array': {
      const element = Array.isArray(sample) && sample.length > 0 ? sample[0] : 'x';
      add(Array.from({ length: get ? 1_000 : 20_000 }, () => element), 'huge array', [], true);
      add([null, null], 'array of nulls');
      add([[[[]]]], 'nested arrays');
      break;
    }
    case 'literal': case 'enum':
      add(typeof sample === 'string' ? sample.toUpperCase() === sample ? sample.toLowerCase() : sample.toUpperCase() : -99, 'not one of the values', [], true);
      if (typeof sample === 'number' && !get) add(String(sample), 'value as text');
      add(INJECTIONS[0], 'injection');
      break;
    case 'boolean':
      add('true', 'boolean as text', [], true);
      add(1, 'boolean as number');
      break;
    case 'record': case 'unknown': case 'any':
      if (!get) {
        add(new RawJson(deepJson(5_000, 'object')), 'object 5000 levels deep', [], true);
        add(new RawJson(deepJson(50_000, 'array')), 'array 50000 levels deep');
        add(Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i])), '20000 keys');
        // Parsed, so __proto__ is an own key as a server parsing the body would see it.
        add(JSON.parse('{"k\\u0000":"a\\u0000b","__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}'), 'NUL key, prototype keys', [], true);
        add({ [INJECTIONS[0]]: INJECTIONS[3] }, 'injection key and value', [INJECTIONS[3]]);
      }
      break;
    default:
      break;
  }
  return out;
}

/** Attacks on the whole body (POST) or query string (GET), each one case. */
function wholeInputCases(def: EndpointDef, base: Record<string, unknown>): HostileCase[] {
  const extra = { ...base, unknown_field: 'x', whs_id: 'IDJKT1', user_id: 1, is_super_admin: true, role: 'Administrator' };
  if (def.method === 'GET') {
    const sampleQuery = new URLSearchParams(Object.entries(base).map(([k, v]) => [k, queryText(v)])).toString();
    const firstKey = Object.keys(base)[0] ?? 'q';
    return [
      { label: 'extra parameters', input: extra, planted: [] },
      { label: 'repeated parameter', raw: { query: `${sampleQuery}&${firstKey}=1&${firstKey}=2` }, planted: [] },
      { label: 'broken percent-encoding', raw: { query: `${firstKey}=%E0%A4%A&x=%` }, planted: [] },
      { label: 'encoded NUL', raw: { query: `${firstKey}=%00` }, planted: [] },
      { label: 'bracket parameters', raw: { query: `${firstKey}[]=1&${firstKey}[a]=2` }, planted: [] },
      { label: '8000-character query', raw: { query: `${firstKey}=${'%41'.repeat(2_600)}` }, planted: [] },
      { label: 'POST to a GET path', method: 'POST', raw: { body: '{}' }, expect: 'unknown-api', planted: [] },
      { label: 'DELETE', method: 'DELETE', raw: {}, expect: 'unknown-api', planted: [] },
    ];
  }
  const json = JSON.stringify(base);
  /** The base body with members put first (so a later duplicate key wins, as JSON.parse does). */
  const prepend = (members: string) => (json === '{}' ? `{${members}}` : `{${members},${json.slice(1)}`);
  return [
    { label: 'malformed JSON', raw: { body: '{"a":' }, expect: 'bad-input', planted: [] },
    { label: 'truncated JSON', raw: { body: json.slice(0, Math.max(1, json.length - 1)) }, expect: 'bad-input', planted: [] },
    { label: 'trailing garbage', raw: { body: `${json}}` }, expect: 'bad-input', planted: [] },
    { label: 'not an object', raw: { body: '[1,2,3]' }, expect: 'bad-input', planted: [] },
    { label: 'null body', raw: { body: 'null' }, expect: 'bad-input', planted: [] },
    { label: 'byte-order mark', raw: { body: `\ufeff${json}` }, planted: [] },
    { label: 'text/plain body', raw: { body: json, contentType: 'text/plain' }, planted: [] },
    { label: 'arrays 200000 deep', raw: { body: deepJson(200_000, 'array') }, expect: 'bad-input', planted: [] },
    { label: 'objects 100000 deep in an extra field', raw: { body: prepend(`"deep":${deepJson(100_000, 'object')}`) }, planted: [] },
    { label: 'body over 1 MB', raw: { body: JSON.stringify({ ...base, pad: 'x'.repeat(1_100_000) }) }, expect: 'bad-input', planted: [] },
    { label: 'GET to a POST path', method: 'GET', raw: {}, expect: 'unknown-api', planted: [] },
    { label: 'PUT', method: 'PUT', raw: { body: json }, expect: 'unknown-api', planted: [] },
    { label: 'duplicate keys', raw: { body: prepend(Object.keys(base).map((k) => `"${k}":null`).join(',') || '"k":1,"k":2') }, planted: [] },
    { label: 'extra fields', input: extra, planted: [] },
    { label: 'prototype pollution', raw: { body: prepend('"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}') }, planted: [] },
  ];
}

/** A value as a query string carries it: arrays comma-separated (the list filters' form), the rest as text. */
const queryText = (value: unknown): string =>
  Array.isArray(value) ? value.map(queryText).join(',') : value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value);

/** What the server reads from a GET query built from `input`. */
export const asQuery = (input: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined).map(([k, v]) => [k, queryText(v)]));

/** A member named as a key of another record: `*_id`, `*_code`. */
const REFERENCE_NAME = /(^|_)(id|code)$/;

/**
 * The values a careless handler would store as they are, each member once whatever the cap: null
 * for every optional member (in a GET the empty value, which reads as null), and blank text for
 * every reference member — named as one (REFERENCE_NAME) or declared one (`refs`, the `ref` fields
 * of a resource). A declared reference refuses blank text (an empty value in a GET clears it).
 */
function clearingCases(leaves: readonly Leaf[], base: Record<string, unknown>, get: boolean, refs: readonly string[]): HostileCase[] {
  const out: HostileCase[] = [];
  for (const leaf of leaves) {
    const name = String(leaf.path.at(-1));
    const at = leaf.path.join('.');
    if (isOptional(leaf.schema)) out.push({ label: `${at}: ${get ? 'empty (cleared)' : 'null (cleared)'}`, input: withValue(base, leaf.path, get ? '' : null), planted: [] });
    if (leaf.type !== 'string' || !(REFERENCE_NAME.test(name) || refs.includes(name))) continue;
    const declared = leaf.path.length === 1 && refs.includes(name);
    for (const [blank, label] of [['', 'empty'], ['   ', 'only spaces']] as const) {
      if (get && blank === '' && isOptional(leaf.schema)) continue; // the cleared case above
      out.push({ label: `${at}: reference ${label}`, input: withValue(base, leaf.path, blank), planted: [], ...(declared ? { expect: 'bad-input' as const } : {}) });
    }
  }
  return out;
}

/**
 * The hostile cases of one entry: a minimal valid input (`base` over it: members a valid input
 * needs that no sample can guess, such as the key of an existing row), the clearing cases of every
 * member (clearingCases), up to `cap` spoiled fields (taken round robin over the fields in a seeded
 * order, so each field gets its share) and every whole-input attack.
 */
export function hostileCases(
  def: EndpointDef, opts: { seed: number; cap: number; base?: Record<string, unknown>; refs?: readonly string[] },
): { base: Record<string, unknown>; cases: HostileCase[] } {
  const rng = seededRng(opts.seed);
  const get = def.method === 'GET';
  const base = { ...(validSample(def.input) ?? {}) as Record<string, unknown>, ...opts.base };
  const leaves = leavesOf(def.input, base);
  const perLeaf = leaves.map((leaf) => {
    const sampleAt = leaf.path.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k], base)
      ?? validSample(leaf.schema, String(leaf.path.at(-1)));
    const values = leafValues(leaf, get, sampleAt);
    return [...shuffled(values.filter((v) => v.essential), rng), ...shuffled(values.filter((v) => !v.essential), rng)].map((v): HostileCase => ({
      label: `${leaf.path.join('.')}: ${v.label}`,
      input: withValue(base, leaf.path, v.value),
      planted: v.planted,
    }));
  });
  const fieldCases: HostileCase[] = [];
  for (let round = 0; fieldCases.length < opts.cap && perLeaf.some((l) => l.length > round); round++) {
    for (const leafCases of shuffled(perLeaf, rng)) {
      if (round < leafCases.length && fieldCases.length < opts.cap) fieldCases.push(leafCases[round]!);
    }
  }
  return {
    base,
    cases: [{ label: 'valid sample', input: base, planted: [] }, ...clearingCases(leaves, base, get, opts.refs ?? []), ...fieldCases, ...wholeInputCases(def, base)],
  };
}

/** The members an object schema declares (wrappers off), with whether each is required; empty for other schemas. */
export function objectMembers(schema: Schema): { name: string; required: boolean }[] {
  const node = core(schema);
  if (defOf(node).type !== 'object') return [];
  return Object.entries((node as unknown as z.ZodObject).shape as Record<string, Schema>).map(([name, member]) => ({ name, required: !isOptional(member) }));
}

/** The schema of an object schema's member; undefined when it has none of that name. */
export const memberSchema = (schema: Schema, name: string): Schema | undefined =>
  defOf(core(schema)).type === 'object' ? ((core(schema) as unknown as z.ZodObject).shape as Record<string, Schema>)[name] : undefined;

/** Whether the schema at a member takes text or numbers (after coercion), for an id sent to it. */
export function memberKind(schema: Schema, name: string): 'string' | 'number' | 'array' | 'other' {
  const member = memberSchema(schema, name);
  if (!member) return 'other';
  const type = defOf(core(member)).type;
  if (type === 'string') return 'string';
  if (type === 'number' || type === 'int') return 'number';
  if (type === 'array') return 'array';
  return 'other';
}

/** The element schema of an array schema (wrappers off); undefined for other schemas. */
export function elementOf(schema: Schema): Schema | undefined {
  const def = defOf(core(schema));
  return def.type === 'array' ? (def.element as Schema) : undefined;
}
