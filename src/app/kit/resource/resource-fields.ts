import type { I18n } from '@lingui/core';
import { DEFAULT_TIME_ZONE, EMPTY_PLACEHOLDER } from '../../../shared/constants';
import { groupNumber, userText, yesNo } from '../../../shared/format';
import { isNumericField, rangeProps, type FieldDef, type ResourceDef } from '../../../shared/resources/define';
import type { FilterItemSettings } from '../../../shared/resources/filter-items';

/**
 * A filter item of the panel for each filterable field of a resource, labels translated; a user
 * field's select offers the warehouse's members by name (`userNames`, sessionQueries.userNames).
 */
export function filterItemsOf(def: ResourceDef, i18n: I18n, userNames?: ReadonlyMap<number, string>): FilterItemSettings[] {
  return Object.entries(def.fields).flatMap(([name, field]) => {
    if (!field.filter) return [];
    const { op, type, ...settings } = field.filter;
    return [{
      ...settings,
      prop: op === 'range' ? rangeProps(name).join('+') : name,
      label: i18n._(field.label),
      filterType: type,
      selections: field.kind === 'user'
        ? [...(userNames ?? [])].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label))
        : field.values?.map((value) => ({ value, label: valueText(field, value, i18n), ...(field.swatches ? { swatch: field.swatches[value] } : {}) })),
    }];
  });
}

/** Whether a resource's list filters by a user (its panel then offers the warehouse's members). */
export const filtersByUser = (def: ResourceDef): boolean => Object.values(def.fields).some((f) => f.kind === 'user' && f.filter);

/** An enum value's label in the UI language, or the value itself. */
export function valueText(field: FieldDef, value: string | number, i18n: I18n): string {
  const label = field.valueLabels?.[value];
  return label ? i18n._(label) : String(value);
}

/**
 * A 10-digit unix-seconds time as `YYYY-MM-DD HH:mm:ss` in a time zone (the warehouse's: its
 * floor works in local time whatever the browser's zone); the same in every language.
 */
export function formatUnixSeconds(seconds: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(new Date(seconds * 1000));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

/** What a value's text may depend on beyond the field: the warehouse's time zone and its members' names. */
export interface DisplayContext {
  /** The warehouse's (Asia/Shanghai when unknown, spec §8). */
  timeZone?: string;
  /** Names of the warehouse's members by user id (sessionQueries.userNames). */
  userNames?: ReadonlyMap<number, string>;
}

/**
 * A field's value as a table cell or detail shows it: the dash when empty, numbers grouped, enum
 * labels, times in the warehouse's time zone, users by name (`#<id>` for one not known).
 */
export function displayValue(field: FieldDef, value: unknown, i18n: I18n, { timeZone = DEFAULT_TIME_ZONE, userNames }: DisplayContext = {}): string {
  if (value === null || value === undefined || value === '') return EMPTY_PLACEHOLDER;
  if (field.kind === 'time' && typeof value === 'number') return formatUnixSeconds(value, timeZone);
  if (field.kind === 'user' && typeof value === 'number') return userText(userNames, value);
  if (field.kind === 'enum' && (typeof value === 'string' || typeof value === 'number')) return valueText(field, value, i18n);
  if (field.kind === 'bool') {
    const yes = yesNo(value === 1 || value === true);
    return yes ? i18n._(yes) : EMPTY_PLACEHOLDER;
  }
  if (field.kind === 'int') return groupNumber(value as number);
  return String(value);
}

/** The URL and API keys a resource's list reads: paging, sort and every filter prop. */
export function listKeysOf(def: ResourceDef): string[] {
  return ['page_no', 'page_size', 'sort_by', 'sort_desc', ...Object.entries(def.fields).flatMap(([name, field]) =>
    !field.filter ? [] : field.filter.op === 'range' ? [...rangeProps(name)] : [name])];
}

const NUMERIC_KEYS = new Set(['page_no', 'page_size', 'sort_desc']);

/**
 * A list search as the URL keeps it: numbers as numbers (paging, int and numeric enum
 * filters), so the address reads `?status=2&page_no=3`; text stays text, even when it is
 * all digits (an id "0001" is not the number 1).
 */
export function urlSearchOf(def: ResourceDef, search: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const numericField = (key: string) => {
    const field = def.fields[key.replace(/_(from|to)$/, '')] ?? def.fields[key];
    return field !== undefined && isNumericField(field);
  };
  return Object.fromEntries(Object.entries(search).map(([key, value]) => {
    const numeric = NUMERIC_KEYS.has(key) || numericField(key);
    return [key, numeric && typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value];
  }));
}
