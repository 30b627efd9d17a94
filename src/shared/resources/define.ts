import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../constants';
import { MAX_SQL_INT } from '../contract/define';
import type { FilterItemSettings, FilterType } from './filter-items';

/**
 * Resource definitions (DESIGN.md "Declare once, derive the rest"): one per admin entity. The
 * fields below feed the server's validation and its filter-to-SQL query, and the client's
 * filter panel, table and create/edit/detail form. Lingui-free (the contract is built from it):
 * labels are English strings marked for extraction with a `/*i18n*\/` comment and translated
 * where they are shown.
 */

/**
 * `time`: an instant, carried by the API as a 10-digit unix-seconds integer (spec §9) and stored
 * as timestamptz; the server converts both ways (server/http/list-query.ts). `bool`: 1/0 in the
 * API (spec §9 Yes=1/No=0), whether the column is a boolean or a number.
 */
export type FieldKind = 'text' | 'int' | 'enum' | 'bool' | 'time';

/** The modes of a resource's form (spec §2 "Create/edit/detail form"). */
export const FORM_MODES = ['create', 'edit', 'detail'] as const;
export type FormMode = (typeof FORM_MODES)[number];

/**
 * A field's item on the create/edit/detail form (spec §2). The rest of the spec's item settings
 * come from the field: prop (its name), label, isRequired (`required`), selections/enums
 * (`values`/`valueLabels`), isEditDisabled (`immutable` or `readOnly`), and readOnly fields are
 * left out of Create (nothing to type) — see shared/resources/form-items.ts.
 */
export interface FormItemDef {
  /**
   * Spec formType when not the derived one (select for enum/bool, input for the rest):
   * `textarea` for long text, `select` for text chosen from options the form is given at run
   * time (ResourceForm's `selections`, e.g. the time zones of the chosen country).
   */
  type?: 'textarea' | 'select';
  /** Spec defaultValue: the value a Create form starts with. */
  defaultValue?: string | number;
  /** Spec isCreate/isEdit/isDetail set to false: the modes the item is left out of. */
  hideIn?: readonly FormMode[];
  /** Spec isCreateDisabled: shown on Create (with its defaultValue) but not editable. */
  createDisabled?: boolean;
}

/** How a filter on a field searches: exact, text containing, text starting with, a list of values, or a range. */
export type FilterOp = 'eq' | 'contains' | 'prefix' | 'in' | 'range';

export interface FieldDef {
  kind: FieldKind;
  /** English label (a Lingui message id). */
  label: string;
  /** Text: longest length; int: largest value. Time: unix seconds. */
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
  filter?: { op: FilterOp; type: FilterType } & Partial<Pick<FilterItemSettings, 'scanOnly' | 'hide' | 'clearable' | 'useUTCZeroFormatDate' | 'skuMapping'>>;
  /** The list may be sorted by it (it has an index leading with the warehouse, or the table is small). */
  sortable?: boolean;
  /** Its item on the create/edit/detail form; every field has one (shown in every mode) unless told. */
  form?: FormItemDef;
  /**
   * The value is the key of a row of another resource (by name) in the same warehouse: the
   * server refuses a create or edit naming one that does not exist, with -100400 on the field.
   */
  ref?: string;
  /**
   * Which rows of `ref` may be chosen (e.g. only active merchants for a shop): field values the
   * referenced row must have. Checked when the value is written; the form offers only those.
   */
  refWhere?: Readonly<Record<string, string | number>>;
}

/**
 * The field a resource's rows are known by besides the key (what a reference select shows and
 * searches): its first text field searched by `contains`, else the key.
 */
export function titleFieldOf(def: ResourceDef): string {
  return Object.entries(def.fields).find(([name, f]) => name !== def.key && f.kind === 'text' && f.filter?.op === 'contains')?.[0] ?? def.key;
}

/** One call of a resource: its path under /api/v2 (spec §7 style) and, when not its page's, the permission it needs. */
export interface ResourceCall {
  path: string;
  /** Defaults to the permission of the resource's page for the call (list/detail: the list page; create; edit). */
  perm?: string;
}

/** The calls a resource answers. Create and update are optional: read-only resources have neither. */
export interface ResourceApi {
  list: ResourceCall;
  detail?: ResourceCall;
  create?: ResourceCall;
  /** `method: 'GET'`: an edit sent as a query string (spec §7 update_warehouse); it still needs the CSRF header. */
  update?: ResourceCall & { method?: 'GET' | 'POST' };
}

/**
 * The pages of a resource, as route-manifest paths. A detail or edit page takes the key from its
 * one path parameter (`/wmsbasic/supplier/detail/$id`) or, with none, from the query string
 * (`/wmsbasic/zone/detail?zone_id=…`). The app derives the screens the route table has no own
 * screen for (kit/resource/resource-pages.tsx), the calls' default permissions come from them.
 */
export interface ResourcePages {
  list?: string;
  detail?: string;
  create?: string;
  edit?: string;
}

export interface ResourceDef<F extends Record<string, FieldDef> = Record<string, FieldDef>, K extends string = string, A extends ResourceApi | undefined = ResourceApi | undefined> {
  /** Names the resource in export tasks and the server's registries. */
  name: string;
  /** The field identifying a row within its scope (`whs_id` + key for warehouse-scoped resources). */
  key: K;
  /** Rows belong to one warehouse (the session's); otherwise they are global. */
  warehouseScoped: boolean;
  fields: F;
  /** Sort when the request names none: a sortable field and a direction. Ties break on the key. */
  defaultSort: { field: string; desc: boolean };
  /**
   * The SQL table the server answers the calls from (columns named as the fields, plus `whs_id`
   * when warehouse-scoped). With `api`, this is all a resource needs on the server.
   */
  table?: string;
  /**
   * Its calls: the contract entries are derived from them (named after the path's last segment),
   * and the list can be exported (Report Center) with the list call's permission.
   */
  api?: A;
  pages?: ResourcePages;
  /**
   * Column values every row of the resource has (by SQL column name): the resource is the rows of
   * its table that have them (e.g. the QC tasks of `inbound_tasks`, kind 2). Lists and details see
   * only those rows, updates reach only them, creates write the values. A list of values means
   * one of them (the queue of arriving and arrived ASNs); such a resource cannot be created.
   */
  fixed?: Readonly<Record<string, FixedValue>>;
  /**
   * The rows that have at least one row in another table (e.g. ASNs with an open inbound
   * exception): its SQL `table`, the columns it joins on (this table's → that table's; the
   * warehouse always joins for scoped resources) and the `fixed` values that row must have.
   */
  related?: RelatedRows;
  /**
   * Instead of `table`: the name of a read model the server builds for each list request
   * (server/modules/resources.ts QUERIES) — joins and aggregates over the tables, such as stock
   * per SKU or a balance as of a time — with columns named as the fields. List only: such a
   * resource has no detail, create or update call, no `fixed` values and no `ref` to it.
   */
  query?: string;
  /**
   * The fields that break ties of the list's sort, in order (default: the key). A read model's
   * composed key is not indexed; the columns it is made of are (the balance key of
   * location_inventory: location, SKU, batch, quality), so a page stays an index walk.
   */
  tieBreak?: readonly string[];
  /**
   * The field a row's detail page is opened by when it is not the key (the expiry map's batch
   * rows open their SKU's detail, /inventorymap/expiry/detail/$sku_id).
   */
  detailBy?: string;
}

/** A value a resource fixes a column to, or the values one of which it must have. */
export type FixedValue = string | number | boolean | readonly (string | number)[];

export interface RelatedRows {
  table: string;
  on: Readonly<Record<string, string>>;
  fixed?: Readonly<Record<string, FixedValue>>;
}

/** Declares a resource; its key and default sort must name its fields (checked by type and at load). */
export function defineResource<F extends Record<string, FieldDef>, K extends keyof F & string, const A extends ResourceApi | undefined = undefined>(
  def: ResourceDef<F, K, A> & { defaultSort: { field: keyof F & string; desc: boolean } },
): ResourceDef<F, K, A> {
  if (!(def.key in def.fields)) throw new Error(`${def.name}: key ${def.key} is not a field`);
  if (def.api && !def.table && !def.query) throw new Error(`${def.name}: calls without a table or query to answer them from`);
  if (def.query) {
    if (def.table) throw new Error(`${def.name}: served from a table or a query, not both`);
    if (def.api?.detail || def.api?.create || def.api?.update || def.fixed || def.related) throw new Error(`${def.name}: a query answers lists only`);
  }
  for (const name of [...(def.tieBreak ?? []), ...(def.detailBy ? [def.detailBy] : [])]) {
    if (!(name in def.fields)) throw new Error(`${def.name}: ${name} is not a field`);
  }
  if (def.api?.create && Object.values(def.fixed ?? {}).some(Array.isArray)) throw new Error(`${def.name}: a create cannot write one of several fixed values`);
  const sort = def.fields[def.defaultSort.field];
  if (!sort?.sortable) throw new Error(`${def.name}: default sort ${def.defaultSort.field} is not sortable`);
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.kind === 'enum' && !field.values?.length) throw new Error(`${def.name}.${name}: enum without values`);
    if (field.filter?.op === 'range' && field.kind !== 'int' && field.kind !== 'time') throw new Error(`${def.name}.${name}: range filters are for numbers and times`);
    if (field.form?.type && field.kind !== 'text') throw new Error(`${def.name}.${name}: a ${field.form.type} form type is for text (enums and yes/no are selects already)`);
    if (field.form?.defaultValue !== undefined && !valueSchema(field).safeParse(field.form.defaultValue).success) {
      throw new Error(`${def.name}.${name}: default value ${field.form.defaultValue} is not a valid value`);
    }
  }
  return def;
}

/** Largest unix-seconds value a `time` field carries (10 digits, spec §9). */
export const MAX_UNIX_SECONDS = 9_999_999_999;

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
      return z.number().int().min(field.min ?? 0).max(field.max ?? MAX_SQL_INT);
    case 'enum':
      return z.literal(field.values as readonly [string | number, ...(string | number)[]]);
    case 'bool':
      return z.literal([0, 1]);
    case 'time':
      return z.number().int().min(field.min ?? 0).max(field.max ?? MAX_UNIX_SECONDS);
  }
}

/** A query-string value of a filter (GET): strings in, the field's type out. */
function filterValueSchema(field: FieldDef): z.ZodType {
  switch (field.kind) {
    case 'int':
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
 * coerced to the field's type, and an empty value clears an optional field (null); a required one refuses it.
 */
function queryValueSchema(field: FieldDef): z.ZodType {
  const value = field.kind === 'text' ? valueSchema(field) : filterValueSchema(field);
  // Coercion would read '' (or null) as 0: a required field gets nothing to coerce, so it refuses it.
  return field.required ? z.preprocess((v) => (v === '' ? undefined : v), value) : z.preprocess((v) => (v === '' ? null : v), value.nullable());
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

/** The TypeScript type of a field's value in the API. */
export type ValueOf<D extends FieldDef> =
  D['kind'] extends 'text' ? string
    : D['kind'] extends 'int' | 'time' ? number
      : D['kind'] extends 'bool' ? 0 | 1
        : D extends { values: readonly (infer V)[] } ? V : string | number;

type Schema<T> = z.ZodType<T, T>;
/** Names of the fields a client may send on create (not read-only). */
type Writable<F extends Record<string, FieldDef>> = { [K in keyof F]: F[K]['readOnly'] extends true ? never : K }[keyof F];
/** Names of the fields an edit may change (writable, not immutable). */
type Mutable<F extends Record<string, FieldDef>> = { [K in Writable<F>]: F[K]['immutable'] extends true ? never : K }[Writable<F>];
type RequiredOnes<F extends Record<string, FieldDef>> = { [K in keyof F]: F[K]['required'] extends true ? K : never }[keyof F];

export type RowShape<F extends Record<string, FieldDef>> = { [K in keyof F & string]: z.ZodNullable<Schema<ValueOf<F[K]>>> };
export type CreateShape<F extends Record<string, FieldDef>> =
  { [K in Writable<F> & RequiredOnes<F> & string]: Schema<ValueOf<F[K]>> }
  & { [K in Exclude<Writable<F>, RequiredOnes<F>> & string]: z.ZodOptional<z.ZodNullable<Schema<ValueOf<F[K]>>>> };
export type UpdateShape<F extends Record<string, FieldDef>, Key extends string> =
  { [K in Key & keyof F]: Schema<ValueOf<F[K]>> }
  & { [K in Exclude<Mutable<F>, Key> & string]: z.ZodOptional<Schema<ValueOf<F[K]> | (K extends RequiredOnes<F> ? never : null)>> };

/** A row as the API returns it: every field. */
export function rowSchema<F extends Record<string, FieldDef>>(def: ResourceDef<F>): z.ZodObject<RowShape<F>> {
  return z.object(Object.fromEntries(Object.entries(def.fields).map(([name, field]) => [name, valueSchema(field).nullable()]))) as unknown as z.ZodObject<RowShape<F>>;
}

/** The create call's input: the writable fields, required ones required. */
export function createInputSchema<F extends Record<string, FieldDef>>(def: ResourceDef<F>): z.ZodObject<CreateShape<F>> {
  return z.object(Object.fromEntries(Object.entries(def.fields)
    .filter(([, f]) => !f.readOnly)
    .map(([name, f]) => [name, f.required ? valueSchema(f) : valueSchema(f).nullable().optional()]))) as unknown as z.ZodObject<CreateShape<F>>;
}

/**
 * The edit call's input: the key, and any writable, mutable field to change (fields left out
 * stay as they are; optional ones are cleared with null). `query`: the input arrives as a query
 * string (an edit sent as a GET): values are coerced and an empty one clears.
 */
export function updateInputSchema<F extends Record<string, FieldDef>, K extends string>(def: ResourceDef<F, K>, opts: { query?: boolean } = {}): z.ZodObject<UpdateShape<F, K>> {
  const key = def.fields[def.key]!;
  const schemaOf = (f: FieldDef) => (opts.query ? queryValueSchema(f) : f.required ? valueSchema(f) : valueSchema(f).nullable());
  return z.object({
    [def.key]: valueSchema({ ...key, required: true }),
    ...Object.fromEntries(Object.entries(def.fields)
      .filter(([name, f]) => name !== def.key && !f.readOnly && !f.immutable)
      .map(([name, f]) => [name, schemaOf(f).optional()])),
  }) as unknown as z.ZodObject<UpdateShape<F, K>>;
}
