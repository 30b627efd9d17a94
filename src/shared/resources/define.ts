import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../constants';
import type { FilterItemSettings, FilterType } from './filter-items';

/**
 * Resource definitions (DESIGN.md "Declare once, derive the rest"): one per admin entity. The
 * fields below feed the server's validation and its filter-to-SQL query, and the client's
 * filter panel, table and create/edit/detail form. Lingui-free (the contract is built from it):
 * labels are English strings marked for extraction with a `/*i18n*\/` comment and translated
 * where they are shown.
 */

export type FieldKind = 'text' | 'int' | 'enum' | 'bool';

/** How a filter on a field searches: exact, text containing, text starting with, a list of values, or a range. */
export type FilterOp = 'eq' | 'contains' | 'prefix' | 'in' | 'range';

export interface FieldDef {
  kind: FieldKind;
  /** English label (a Lingui message id). */
  label: string;
  /** Text: longest length; int: largest value. */
  max?: number;
  /** Text: shortest length once trimmed (1 when required); int: smallest value. */
  min?: number;
  /** Enum fields: the allowed values. */
  values?: readonly (string | number)[];
  /** Enum fields: the English label of each value (message ids); values without one show as they are. */
  valueLabels?: Readonly<Record<string | number, string>>;
  /** The field is a status: shown as a tag coloured by spec §4's table. */
  status?: boolean;
  /** Left out of the list's columns (still in the detail). */
  hideInList?: boolean;
  /** Required on create (and kept non-empty on edit). */
  required?: boolean;
  /** Set by the server or fixed once created: not accepted on edit. */
  immutable?: boolean;
  /** Never accepted from a client (ids, times the server sets). */
  readOnly?: boolean;
  /** Searchable in the list: how, and the panel's settings for it. */
  filter?: { op: FilterOp; type: FilterType } & Partial<Pick<FilterItemSettings, 'scanOnly' | 'hide' | 'clearable' | 'useUTCZeroFormatDate'>>;
  /** The list may be sorted by it (it has an index leading with the warehouse, or the table is small). */
  sortable?: boolean;
}

export interface ResourceDef<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  /** Also the key of the server's table registry. */
  name: string;
  /** The field identifying a row within its scope (`whs_id` + key for warehouse-scoped resources). */
  key: string;
  /** Rows belong to one warehouse (the session's); otherwise they are global. */
  warehouseScoped: boolean;
  fields: F;
  /** Sort when the request names none: a sortable field and a direction. Ties break on the key. */
  defaultSort: { field: string; desc: boolean };
}

/** Declares a resource; its key and default sort must name its fields (checked by type and at load). */
export function defineResource<F extends Record<string, FieldDef>>(
  def: ResourceDef<F> & { key: keyof F & string; defaultSort: { field: keyof F & string; desc: boolean } },
): ResourceDef<F> {
  if (!(def.key in def.fields)) throw new Error(`${def.name}: key ${def.key} is not a field`);
  const sort = def.fields[def.defaultSort.field];
  if (!sort?.sortable) throw new Error(`${def.name}: default sort ${def.defaultSort.field} is not sortable`);
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.kind === 'enum' && !field.values?.length) throw new Error(`${def.name}.${name}: enum without values`);
    if (field.filter?.op === 'range' && field.kind !== 'int') throw new Error(`${def.name}.${name}: range filters are for numbers`);
  }
  return def;
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
      return z.number().int().min(field.min ?? 0).max(field.max ?? 2_147_483_647);
    case 'enum':
      return z.literal(field.values as readonly [string | number, ...(string | number)[]]);
    case 'bool':
      return z.literal([0, 1]);
  }
}

/** A query-string value of a filter (GET): strings in, the field's type out. */
function filterValueSchema(field: FieldDef): z.ZodType {
  switch (field.kind) {
    case 'int':
      return z.coerce.number().int().min(field.min ?? 0).max(field.max ?? 2_147_483_647);
    case 'enum':
      return typeof field.values?.[0] === 'number'
        ? z.coerce.number().pipe(z.literal(field.values as readonly [number, ...number[]]))
        : z.literal(field.values as readonly [string, ...string[]]);
    case 'bool':
      return z.coerce.number().pipe(z.literal([0, 1]));
    case 'text':
      return z.string().trim().min(1).max(field.max ?? 200);
  }
}

/** Most values an `in` filter may list (card filters of pasted ids). */
export const MAX_FILTER_VALUES = 500;

/** Names of the two props of a range filter on `field`. */
export const rangeProps = (field: string) => [`${field}_from`, `${field}_to`] as const;

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

/** A row as the API returns it: every field. */
export function rowSchema<F extends Record<string, FieldDef>>(def: ResourceDef<F>) {
  return z.object(Object.fromEntries(Object.entries(def.fields).map(([name, field]) => [name, valueSchema(field).nullable()])));
}

/** The create call's input: the writable fields, required ones required. */
export function createInputSchema<F extends Record<string, FieldDef>>(def: ResourceDef<F>) {
  return z.object(Object.fromEntries(Object.entries(def.fields)
    .filter(([, f]) => !f.readOnly)
    .map(([name, f]) => [name, f.required ? valueSchema(f) : valueSchema(f).nullable().optional()])));
}

/** The edit call's input: the key, and any writable, mutable field to change. */
export function updateInputSchema<F extends Record<string, FieldDef>>(def: ResourceDef<F>) {
  const key = def.fields[def.key]!;
  return z.object({
    [def.key]: valueSchema({ ...key, required: true }),
    ...Object.fromEntries(Object.entries(def.fields)
      .filter(([name, f]) => name !== def.key && !f.readOnly && !f.immutable)
      .map(([name, f]) => [name, f.required ? valueSchema(f).optional() : valueSchema(f).nullable().optional()])),
  });
}
