import type { CodeOf, EXPORT_REPORT_TYPE } from '../codes';
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
 * API (spec §9 Yes=1/No=0), whether the column is a boolean or a number. `user`: a user's id (an
 * int in the API and the column), shown as the person's name (kit/resource/field-value.tsx, the
 * export worker); set by the server (readOnly), filtered by a select of the warehouse's users.
 */
export type FieldKind = 'text' | 'int' | 'enum' | 'bool' | 'time' | 'user';

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
   * `textarea` for long text, `select` for text or a number chosen from options the form is given
   * at run time (ResourceForm's `selections`: the time zones of the chosen country, the roles of
   * the warehouse by id).
   */
  type?: 'textarea' | 'select';
  /** The item's label when not the field's (a select of role ids reads "Role", not "Role ID"). */
  label?: string;
  /**
   * The item applies on Edit only while the named item's value differs from the record's: it shows
   * then, and is required then if the field is (the reason of a status change). Never on Create.
   */
  whenChanged?: string;
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
  /**
   * Enum fields whose values are colours (a zone's colour): the #RRGGBB of every value, shown as a
   * swatch beside the value's label in lists, details and selects — never the colour alone.
   */
  swatches?: Readonly<Record<string, string>>;
  /** The field is a status: shown as a tag coloured by spec §4's table. */
  status?: boolean;
  /** Left out of the list's columns (still in the detail). */
  hideInList?: boolean;
  /** Required on create (and kept non-empty on edit). */
  required?: boolean;
  /**
   * Optional, but its column holds a value in every row (NOT NULL with a default): a create may
   * leave it out (the default applies) and an edit may change it, but null is refused, as it would
   * be for a required field; text is cleared with ''. Without it an optional field's column is
   * nullable and null clears it. The server checks both against the table at start-up.
   */
  notNull?: boolean;
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
 * Whether a create or edit may send null for the field, clearing it (docs/decisions.md "Null and
 * blank values"): an optional field whose column is nullable, never a required or `notNull` one.
 */
export const takesNull = (field: FieldDef): boolean => !field.required && !field.notNull;

/** Whether the API carries the field's values as numbers (ids, counts, times, yes/no, numeric enums). */
export const isNumericField = (field: FieldDef): boolean =>
  field.kind === 'int' || field.kind === 'time' || field.kind === 'bool' || field.kind === 'user' || typeof field.values?.[0] === 'number';

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
  /**
   * Deletes a row by key. It has no page of its own: its permission is the list page's Delete
   * action (the route's `actions`, `PC.<List>.Delete`) unless the call names one.
   */
  delete?: ResourceCall;
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
   * Its pages that a screen of their own renders instead of the derived page of their kind (the
   * screen is named in src/app/routes/screens.ts and still reads this definition's fields).
   */
  ownScreens?: readonly (keyof ResourcePages)[];
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
  /**
   * The spec's export report type id of its list (spec §3, e.g. cycle count order 405): recorded on
   * its export tasks, names their files, and lets create_export_task be asked by it. One resource a type.
   */
  reportType?: CodeOf<typeof EXPORT_REPORT_TYPE>;
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
  for (const kind of def.ownScreens ?? []) if (!def.pages?.[kind]) throw new Error(`${def.name}: own screen for a ${kind} page it does not declare`);
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
    if (field.swatches && (field.kind !== 'enum' || field.values!.some((value) => !/^#[0-9A-F]{6}$/i.test(field.swatches![value] ?? '')))) {
      throw new Error(`${def.name}.${name}: swatches are a #RRGGBB colour for every value of an enum`);
    }
    if (field.filter?.op === 'range' && field.kind !== 'int' && field.kind !== 'time') throw new Error(`${def.name}.${name}: range filters are for numbers and times`);
    // Who did or does something is recorded by the server; no form offers a choice of user ids.
    if (field.kind === 'user' && (!field.readOnly || (field.filter && (field.filter.op !== 'eq' || field.filter.type !== 'select')))) {
      throw new Error(`${def.name}.${name}: a user field is readOnly and filtered by a select of the warehouse's users (eq)`);
    }
    const formType = field.form?.type;
    if (formType && field.kind !== 'text' && !(formType === 'select' && field.kind === 'int')) {
      throw new Error(`${def.name}.${name}: a ${formType} form type is for text${formType === 'select' ? ' or numbers' : ''} (enums and yes/no are selects already)`);
    }
    if (field.form?.whenChanged !== undefined && !(field.form.whenChanged in def.fields)) throw new Error(`${def.name}.${name}: applies when ${field.form.whenChanged} changes, which is not a field`);
    if (field.notNull && (field.required || field.readOnly)) throw new Error(`${def.name}.${name}: notNull is for optional fields a client writes`);
    // The form sends a value it cannot clear from the start (shared/resources/form-items.ts).
    if (field.notNull && field.kind !== 'text' && def.api?.create && !field.form?.hideIn?.includes('create') && field.form?.defaultValue === undefined) {
      throw new Error(`${def.name}.${name}: a notNull field that is not text starts the create form with a default value`);
    }
  }
  return def;
}

/** Largest unix-seconds value a `time` field carries (10 digits, spec §9). */
export const MAX_UNIX_SECONDS = 9_999_999_999;

/** Most values an `in` filter may list (card filters of pasted ids). */
export const MAX_FILTER_VALUES = 500;

/** Names of the two props of a range filter on `field`. */
export const rangeProps = (field: string) => [`${field}_from`, `${field}_to`] as const;
