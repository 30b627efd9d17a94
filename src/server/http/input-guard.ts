import type { z } from 'zod';
import { badInput } from './errors';

/**
 * Checks of a request's input that its zod schema does not make, run before the schema: values
 * the database cannot hold, and JSON nested deeper than any call needs. Both would otherwise
 * reach PostgreSQL (or a recursive walk) and fail as a 500 instead of a clear -100400.
 */

/** Deepest nesting a JSON body may have: real inputs need a handful of levels. */
export const MAX_INPUT_DEPTH = 32;

/** NUL (PostgreSQL text and jsonb refuse it) and lone UTF-16 surrogates (not valid UTF-8: silently replaced). */
// NUL is the point of the pattern.
// eslint-disable-next-line no-control-regex
export const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_MESSAGE = 'must not contain NUL characters or broken Unicode';

/** -100400 when the parsed JSON body nests deeper than MAX_INPUT_DEPTH (walked without recursion). */
export function assertInputDepth(input: unknown): void {
  const stack: [unknown, number][] = [[input, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) throw badInput('', `the request body is nested more than ${MAX_INPUT_DEPTH} levels deep`);
    for (const child of Object.values(value)) stack.push([child, depth + 1]);
  }
}

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema deciding a value's shape: wrappers off, a pipe's input (its output when the input is a preprocess). */
function shapeOf(schema: z.ZodType): z.ZodType {
  for (;;) {
    const def = defOf(schema);
    if (['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(def.type)) schema = def.innerType as z.ZodType;
    else if (def.type === 'pipe') schema = defOf(def.in as z.ZodType).type === 'transform' ? (def.out as z.ZodType) : (def.in as z.ZodType);
    else if (def.type === 'lazy') schema = (def.getter as () => z.ZodType)();
    else return schema;
  }
}

/** Opaque values (z.unknown, z.any) are the handler's to judge: offline op payloads are recorded as rejected ops, not refused batches. */
const isOpaque = (schema: z.ZodType) => ['unknown', 'any'].includes(defOf(shapeOf(schema)).type);

/**
 * The path of the first text the schema declares (a string, an object or record key) that holds
 * NUL or broken Unicode, in the input as received; null when there is none. Members the schema
 * does not declare are dropped by it, and so are not looked at.
 */
function unstorableAt(schema: z.ZodType, value: unknown, path: string[], depth: number): string[] | null {
  if (depth > MAX_INPUT_DEPTH + 2 || isOpaque(schema)) return null;
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  const node = shapeOf(schema);
  const def = defOf(node);
  const children = (childSchema: (key: string) => z.ZodType | undefined, checkKeys: boolean) => {
    for (const [key, child] of Object.entries(value)) {
      if (checkKeys && UNSTORABLE.test(key)) return [...path, key];
      const member = childSchema(key);
      const found = member ? unstorableAt(member, child, [...path, key], depth + 1) : null;
      if (found) return found;
    }
    return null;
  };
  switch (def.type) {
    case 'object': {
      const shape = (node as unknown as { shape: Record<string, z.ZodType> }).shape;
      return children((key) => (Object.hasOwn(shape, key) ? shape[key] : undefined), false);
    }
    // A record of opaque values is opaque as a whole (an op payload): its keys are the handler's to judge too.
    case 'record': return isOpaque(def.valueType as z.ZodType) ? null : children(() => def.valueType as z.ZodType, true);
    case 'array': return children(() => def.element as z.ZodType, false);
    case 'union': {
      const options = def.options as z.ZodType[];
      if (options.some(isOpaque)) return null;
      // Any option that reads the value as text would store it: report what the first finds.
      for (const option of options) {
        const found = unstorableAt(option, value, path, depth + 1);
        if (found) return found;
      }
      return null;
    }
    default: return null;
  }
}

/** -100400 naming the field when text the input declares cannot be stored; `at` prefixes the path (an input nested in another). */
export function assertStorableText(schema: z.ZodType, input: unknown, at: string[] = []): void {
  const path = unstorableAt(schema, input, at, 0);
  if (path) throw badInput(path.join('.'), UNSTORABLE_MESSAGE);
}

/** -100400 naming the field when an opaque JSON value to be stored holds such text, in a key or a string at any depth. */
export function assertStorableJson(value: unknown, field: string): void {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (typeof next === 'string' && UNSTORABLE.test(next)) throw badInput(field, UNSTORABLE_MESSAGE);
    if (next === null || typeof next !== 'object') continue;
    for (const [key, child] of Object.entries(next)) {
      if (UNSTORABLE.test(key)) throw badInput(field, UNSTORABLE_MESSAGE);
      stack.push(child);
    }
  }
}
