import { isNumericField, type FieldDef, type FormMode, type ResourceDef } from './define';

/**
 * The create/edit/detail form's rules (spec §2 "Create/edit/detail form", §5 "Form"), free of
 * the DOM: which items a mode shows and how, when a required item counts as filled, which
 * message an empty one shows, and how the typed values become the call's input.
 */

/** Spec formType. */
export type FormType = 'input' | 'textarea' | 'select';

/** An item of the form, as spec §2 names its settings. */
export interface FormItem {
  /** The field's name. */
  prop: string;
  field: FieldDef;
  /** The item's label (a message id): its own, else the field's. */
  label: string;
  formType: FormType;
  /** Spec isRequired. */
  isRequired: boolean;
  /** Spec isCreateDisabled/isEditDisabled, for the item's mode (Detail: everything is read-only). */
  disabled: boolean;
  /** Spec defaultValue (Create only). */
  defaultValue: FormValue;
  /** The item applies only while this item's value differs from the record's (Edit; FormItemDef.whenChanged). */
  whenChanged?: string;
}

/**
 * A value while it is edited: text as typed, numbers and selected values in the field's type
 * (bool: 1/0), null when empty.
 */
export type FormValue = string | number | null;
export type FormValues = Record<string, FormValue>;

/** The mode a form page's route title names (spec §2: Create, Edit, Detail); null when none. */
export function formModeOf(title: string): FormMode | null {
  if (/\bcreate\b/i.test(title)) return 'create';
  if (/\bedit\b/i.test(title)) return 'edit';
  if (/\bdetail\b/i.test(title)) return 'detail';
  return null;
}

/** Spec formType: what the field says, else a select for enums, yes/no and references, an input for the rest. */
export function formTypeOf(field: FieldDef): FormType {
  if (field.form?.type) return field.form.type;
  return field.kind === 'enum' || field.kind === 'bool' || field.ref !== undefined ? 'select' : 'input';
}

/**
 * Whether a field shows in a mode (spec isCreate/isEdit/isDetail): unless its definition hides
 * it there, and never on Create for a field the client cannot write (ids and times the server
 * sets) unless it is shown disabled with a default. An item that applies when another changes
 * is an Edit item only.
 */
export function isVisibleIn(field: FieldDef, mode: FormMode): boolean {
  if (field.form?.hideIn?.includes(mode)) return false;
  if (field.form?.whenChanged !== undefined && mode !== 'edit') return false;
  return !(mode === 'create' && field.readOnly);
}

/** Spec isCreateDisabled/isEditDisabled: an edit cannot change the key, immutable or read-only fields. */
export function isDisabledIn(field: FieldDef, mode: FormMode): boolean {
  switch (mode) {
    case 'create':
      return field.form?.createDisabled === true;
    case 'edit':
      return field.readOnly === true || field.immutable === true;
    case 'detail':
      return true;
  }
}

/**
 * The form's items for a mode, in the definition's field order, then `extra`: fields of the call
 * that are no column of the rows (the reason of a status change).
 */
export function formItemsOf(def: ResourceDef, mode: FormMode, extra: Readonly<Record<string, FieldDef>> = {}): FormItem[] {
  return Object.entries({ ...def.fields, ...extra })
    .filter(([, field]) => isVisibleIn(field, mode))
    .map(([prop, field]) => {
      const disabled = isDisabledIn(field, mode) || (mode === 'edit' && prop === def.key);
      return {
        prop,
        field,
        label: field.form?.label ?? field.label,
        formType: formTypeOf(field),
        // A disabled item is never the user's to fill; a value that cannot be null (but text, cleared to '') must be there.
        isRequired: (field.required === true || (field.notNull === true && field.kind !== 'text')) && !disabled && mode !== 'detail',
        disabled,
        defaultValue: mode === 'create' ? (field.form?.defaultValue ?? null) : null,
        ...(field.form?.whenChanged !== undefined ? { whenChanged: field.form.whenChanged } : {}),
      };
    });
}

/**
 * The items in force for the values typed so far: an item that applies when another changes
 * only while that one's value differs from the record's (a status changed needs its reason).
 */
export function activeItems(items: readonly FormItem[], values: FormValues, row?: Readonly<Record<string, unknown>>): FormItem[] {
  return items.filter((item) => {
    if (item.whenChanged === undefined) return true;
    const other = items.find((i) => i.prop === item.whenChanged);
    return row !== undefined && other !== undefined && normaliseValue(other.field, values[other.prop]) !== (row[other.prop] ?? null);
  });
}

/**
 * A choice of a select item given at run time: a value shown as it is (a time zone), or a value
 * with its label (a role by id, shown by name).
 */
export type FormOption = string | number | { value: string | number; label: string };
export const optionValue = (option: FormOption): string | number => (typeof option === 'object' ? option.value : option);

/** The values a form starts with: the defaults on Create, the row's values on Edit and Detail. */
export function initialValues(items: readonly FormItem[], row?: Readonly<Record<string, unknown>>): FormValues {
  return Object.fromEntries(items.map((item) => {
    const value = row ? row[item.prop] : item.defaultValue;
    return [item.prop, typeof value === 'string' || typeof value === 'number' ? value : null];
  }));
}

/** Spec §5: a required item is filled when it has a value; 0 counts, blank text does not. */
export function isFilled(value: FormValue | undefined): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'number') return !Number.isNaN(value);
  return value.trim() !== '';
}

/** Spec §5: which message an empty required item shows — "Please Input …" for text, "Please Select …" for the rest. */
export function requiredMessageKind(item: Pick<FormItem, 'formType'>): 'input' | 'select' {
  return item.formType === 'select' ? 'select' : 'input';
}

/** The required items left empty, in form order (the first is where the form scrolls to). */
export function missingItems(items: readonly FormItem[], values: FormValues): FormItem[] {
  return items.filter((item) => item.isRequired && !isFilled(values[item.prop]));
}

/** Spec §5: Confirm is enabled once every required item is filled. */
export const canConfirm = (items: readonly FormItem[], values: FormValues): boolean => missingItems(items, values).length === 0;

/** A typed value in the field's type: text trimmed (spec §5), blanks null, digits to numbers. */
export function normaliseValue(field: FieldDef, value: FormValue | undefined): FormValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isNaN(value) ? null : value;
  const text = value.trim();
  if (text === '') return null;
  if (field.kind === 'text') return text;
  // int and time inputs, and selects of numeric enums (bool is 1/0).
  return isNumericField(field) && /^-?\d+$/.test(text) ? Number(text) : text;
}

/**
 * The create or edit call's input from the form's values (of the items in force: activeItems).
 * Create: every writable item with a value. Edit: the key, and only the items whose value
 * changed from `row` (a cleared optional item is sent as null, so it is cleared; text that cannot
 * be null as '').
 */
export function formInput(def: ResourceDef, items: readonly FormItem[], values: FormValues, row?: Readonly<Record<string, unknown>>): Record<string, FormValue> {
  const input: Record<string, FormValue> = {};
  for (const item of items) {
    if (item.field.readOnly || (row && item.disabled)) continue;
    const typed = normaliseValue(item.field, values[item.prop]);
    const value = typed === null && row && item.field.notNull && item.field.kind === 'text' ? '' : typed;
    if (!row) {
      if (value !== null) input[item.prop] = value;
    } else if (value !== (row[item.prop] ?? null)) {
      input[item.prop] = value;
    }
  }
  if (row) input[def.key] = row[def.key] as FormValue;
  return input;
}

/** An input sent as a query string (an edit that is a GET): null becomes the empty value the server reads as "clear". */
export function asQueryInput(input: Readonly<Record<string, FormValue>>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(input).map(([k, v]) => [k, v ?? '']));
}
