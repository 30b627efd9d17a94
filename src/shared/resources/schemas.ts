import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../constants';
import { MAX_SQL_INT } from '../contract/define';
import { MAX_FILTER_VALUES, MAX_UNIX_SECONDS, rangeProps, takesNull, type FieldDef, type ResourceDef } from './define';

/**
 * The zod schemas a resource definition derives (define.ts): values, list input, row, create and
 * edit input. Apart from the definitions so that what the app's first script needs of a resource
 * (its fields, pages, labels) comes without zod; the contract and the server build these.
 */

/**
 * Refuses a definition whose form default values its own fields would refuse. Run where the zod
 * schemas are built (the contract, resources/endpoints.ts), so that defining a resource stays
 * free of zod and the app's first script does not carry it.
 */
export function checkDefaultValues(def: ResourceDef): void {
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.form?.defaultValue !== undefined && !valueSchema(field).safeParse(field.form.defaultValue).success) {
      throw new Error(`${def.name}.${name}: default value ${field.form.defaultValue} is not a valid value`);
    }
  }
}


/** A field's value as the API carries it. */
function valueSchema(field: FieldDef): z.ZodType {
  switch (field.kind) {
    case 'text': {
      let s = z.string().trim().max(field.max ?? 200);
      const min = field.min ?? (field.required ? 1 : 0);
      if (min > 0) s = s.min(min);
      return s;
    }
    case 'int':
    case 'user':
      return z.number().int().min(field.min ?? 0).max(field.max ?? MAX_SQL_INT);
    case 'enum':
      return z.literal(field.values as readonly [string | number, ...(string | number)[]]);
    case 'bool':
      return z.literal([0, 1]);
    case 'time':
      return z.number().int().min(field.min ?? 0).max(field.max ?? MAX_UNIX_SECONDS);
  }
}

/** A field's value as a create or edit writes it: a reference names a row, so it is never blank. */
function writeValueSchema(field: FieldDef): z.ZodType {
  return valueSchema(field.ref && field.kind === 'text' ? { ...field, min: Math.max(field.min ?? 0, 1) } : field);
}

/** A query-string value of a filter (GET): strings in, the field's type out. */
function filterValueSchema(field: FieldDef): z.ZodType {
  switch (field.kind) {
    case 'int':
    case 'user':
      return z.coerce.number().int().min(field.min ?? 0).max(field.max ?? MAX_SQL_INT);
    case 'enum':
      return typeof field.values?.[0] === 'number'
        ? z.coerce.number().pipe(z.literal(field.values as readonly [number, ...number[]]))
        : z.literal(field.values as readonly [string, ...string[]]);
    case 'bool':
      return z.coerce.number().pipe(z.literal([0, 1]));
    case 'time':
      return z.coerce.number().int().min(0).max(MAX_UNIX_SECONDS);
    case 'text':
      return z.string().trim().min(1).max(field.max ?? 200);
  }
}

/**
 * A field's value in a query string (a GET that writes, e.g. spec §7 update_warehouse): strings
 * coerced to the field's type, and an empty value clears a field that takes null; text that
 * cannot be null is cleared to '' (unless required), the rest refuse it.
 */
function queryValueSchema(field: FieldDef): z.ZodType {
  if (field.kind === 'text') return takesNull(field) ? z.preprocess((v) => (v === '' ? null : v), writeValueSchema(field).nullable()) : writeValueSchema(field);
  const value = filterValueSchema(field);
  // Coercion would read '' (or null) as 0: a field that cannot be null gets nothing to coerce, so it refuses it.
  return takesNull(field) ? z.preprocess((v) => (v === '' ? null : v), value.nullable()) : z.preprocess((v) => (v === '' ? undefined : v), value);
}

/** A field's value in a create or edit sent as JSON: null only where it clears the field (takesNull). */
const bodyValueSchema = (field: FieldDef): z.ZodType => (takesNull(field) ? writeValueSchema(field).nullable() : writeValueSchema(field));



/**
 * The list call's input: paging (page sizes of spec §9), an optional sort, and every filter
 * of the definition under its field name (`in`: comma-separated; `range`: `<field>_from`,
 * `<field>_to`).
 */
export function listInputSchema<F extends Record<string, FieldDef>>(def: ResourceDef<F>) {
  const shape: Record<string, z.ZodType> = {
    page_no: z.coerce.number().int().min(1).max(1_000_000).default(1),
    page_size: z.coerce.number().pipe(z.literal(PAGE_SIZE_OPTIONS)).default(DEFAULT_PAGE_SIZE),
    sort_by: z.enum(Object.entries(def.fields).filter(([, f]) => f.sortable).map(([name]) => name) as [string, ...string[]]).optional(),
    sort_desc: z.coerce.number().pipe(z.literal([0, 1])).optional(),
  };
  for (const [name, field] of Object.entries(def.fields)) {
    if (!field.filter) continue;
    const value = filterValueSchema(field);
    if (field.filter.op === 'range') {
      const [from, to] = rangeProps(name);
      shape[from] = value.optional();
      shape[to] = value.optional();
    } else if (field.filter.op === 'in') {
      const list = z.array(value).min(1).max(MAX_FILTER_VALUES);
      shape[name] = z.preprocess((v) => (typeof v === 'string' ? v.split(',').map((x) => x.trim()).filter(Boolean) : v), list).optional();
    } else {
      shape[name] = value.optional();
    }
  }
  return z.object(shape);
}

/** The TypeScript type of a field's value in the API. */
export type ValueOf<D extends FieldDef> =
  D['kind'] extends 'text' ? string
    : D['kind'] extends 'int' | 'time' | 'user' ? number
      : D['kind'] extends 'bool' ? 0 | 1
        : D extends { values: readonly (infer V)[] } ? V : string | number;

type Schema<T> = z.ZodType<T, T>;
/** Names of the fields a client may send on create (not read-only). */
type Writable<F extends Record<string, FieldDef>> = { [K in keyof F]: F[K]['readOnly'] extends true ? never : K }[keyof F];
/** Names of the fields an edit may change (writable, not immutable). */
type Mutable<F extends Record<string, FieldDef>> = { [K in Writable<F>]: F[K]['immutable'] extends true ? never : K }[Writable<F>];
type RequiredOnes<F extends Record<string, FieldDef>> = { [K in keyof F]: F[K]['required'] extends true ? K : never }[keyof F];
/** Names of the fields that never take null (required or notNull): see takesNull. */
type NeverNull<F extends Record<string, FieldDef>> = RequiredOnes<F> | { [K in keyof F]: F[K]['notNull'] extends true ? K : never }[keyof F];

export type RowShape<F extends Record<string, FieldDef>> = { [K in keyof F & string]: z.ZodNullable<Schema<ValueOf<F[K]>>> };
export type CreateShape<F extends Record<string, FieldDef>> =
  { [K in Writable<F> & RequiredOnes<F> & string]: Schema<ValueOf<F[K]>> }
  & { [K in Exclude<Writable<F>, RequiredOnes<F>> & string]: z.ZodOptional<Schema<ValueOf<F[K]> | (K extends NeverNull<F> ? never : null)>> };
export type UpdateShape<F extends Record<string, FieldDef>, Key extends string> =
  { [K in Key & keyof F]: Schema<ValueOf<F[K]>> }
  & { [K in Exclude<Mutable<F>, Key> & string]: z.ZodOptional<Schema<ValueOf<F[K]> | (K extends NeverNull<F> ? never : null)>> };

/** A row as the API returns it: every field. */
export function rowSchema<F extends Record<string, FieldDef>>(def: ResourceDef<F>): z.ZodObject<RowShape<F>> {
  return z.object(Object.fromEntries(Object.entries(def.fields).map(([name, field]) => [name, valueSchema(field).nullable()]))) as unknown as z.ZodObject<RowShape<F>>;
}

/**
 * The create call's input: the writable fields, required ones required; the others may be left out
 * (the column's default, or null), and sent as null only where that clears them (takesNull).
 */
export function createInputSchema<F extends Record<string, FieldDef>>(def: ResourceDef<F>): z.ZodObject<CreateShape<F>> {
  return z.object(Object.fromEntries(Object.entries(def.fields)
    .filter(([, f]) => !f.readOnly)
    .map(([name, f]) => [name, f.required ? bodyValueSchema(f) : bodyValueSchema(f).optional()]))) as unknown as z.ZodObject<CreateShape<F>>;
}

/**
 * The edit call's input: the key, and any writable, mutable field to change (fields left out
 * stay as they are; null clears those that take it). `query`: the input arrives as a query
 * string (an edit sent as a GET): values are coerced and an empty one clears.
 */
export function updateInputSchema<F extends Record<string, FieldDef>, K extends string>(def: ResourceDef<F, K>, opts: { query?: boolean } = {}): z.ZodObject<UpdateShape<F, K>> {
  const key = def.fields[def.key]!;
  const schemaOf = (f: FieldDef) => (opts.query ? queryValueSchema(f) : bodyValueSchema(f));
  return z.object({
    [def.key]: valueSchema({ ...key, required: true }),
    ...Object.fromEntries(Object.entries(def.fields)
      .filter(([name, f]) => name !== def.key && !f.readOnly && !f.immutable)
      .map(([name, f]) => [name, schemaOf(f).optional()])),
  }) as unknown as z.ZodObject<UpdateShape<F, K>>;
}
