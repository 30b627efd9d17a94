import { digitsOnly, normaliseCardIds, parseRangeInteger } from '../validation';

/**
 * The filter panel's rules (spec §2 "Shared screen behaviours", §5 "Filters"), free of the DOM:
 * how much room each filter takes, which show while the panel is collapsed, how labels are
 * cut, and how a typed value becomes the value searched for. The panel, the URL and the
 * server's query all read filter items through here.
 */

export const FILTER_TYPES = [
  /** One-line text. */
  'input',
  /** Text on a double-width input (long ids, several words). */
  'bigInput',
  /** Digits only. */
  'number',
  'select',
  'multiSelect',
  /** IDs separated by comma, new line, space or full stop; searched as a comma-separated list. */
  'card',
  /** Two integers ≥ 1, `from+to` props. */
  'numberRange',
  /** Two dates, `from+to` props. */
  'dateRange',
  /** Two date-times, `from+to` props. */
  'datetimeRange',
  /** One date-time (a moment such as the time a balance is as of), sent as unix seconds. */
  'datetime',
] as const;
export type FilterType = (typeof FILTER_TYPES)[number];

export interface FilterSelection {
  label: string;
  value: string | number;
  /** A colour value's swatch (#RRGGBB, FieldDef.swatches), shown beside its label. */
  swatch?: string;
}

/** A filter item's settings, as spec §2 names them. */
export interface FilterItemSettings {
  /** The searched field, or two joined by `+` for a range (`create_time_start+create_time_end`). */
  prop: string;
  label: string;
  filterType: FilterType;
  defaultValue?: FilterValue;
  selections?: readonly FilterSelection[];
  /** A select in front of the input choosing which field the text searches (`order_no`, `tracking_id`…). */
  selectProp?: readonly FilterSelection[];
  defaultSelectValue?: string;
  /** Left out of the panel until chosen in the filter-select. */
  hide?: boolean;
  clearable?: boolean;
  /** Text only from a scanner (spec §5 scan-only inputs). */
  scanOnly?: boolean;
  /** Dates sent as UTC-zero times rather than the warehouse's local ones. */
  useUTCZeroFormatDate?: boolean;
  /** The label is a translation key rather than text. */
  tLabel?: boolean;
  /** A SKU filter: values starting with `$` or `#` are mapping codes, searched as the SKU they map to (spec §5). */
  skuMapping?: boolean;
}

export type FilterValue = string | number | readonly (string | number)[] | readonly [string | number | null, string | number | null];

/** Units shown while the panel is collapsed (spec §2). */
export const COLLAPSED_FILTER_UNITS = 11;

const WIDE_TYPES: ReadonlySet<FilterType> = new Set(['bigInput', 'dateRange', 'datetimeRange', 'numberRange']);
const RANGE_TYPES: ReadonlySet<FilterType> = new Set(['numberRange', 'dateRange', 'datetimeRange']);

export const isRangeFilter = (item: Pick<FilterItemSettings, 'filterType'>): boolean => RANGE_TYPES.has(item.filterType);

/** The props a range item's `from+to` names; one prop for the others. */
export function filterProps(item: Pick<FilterItemSettings, 'prop'>): string[] {
  return item.prop.split('+').map((p) => p.trim()).filter(Boolean);
}

/**
 * Room a filter takes in the panel's grid: 2 for double-width inputs (big input, ranges) and
 * for a field select in front of an input, 1 for the rest.
 */
export function filterUnits(item: Pick<FilterItemSettings, 'filterType' | 'selectProp'>): 1 | 2 {
  return WIDE_TYPES.has(item.filterType) || (item.selectProp?.length ?? 0) > 0 ? 2 : 1;
}

export interface FilterLayout<T> {
  /** The items to show, in order. */
  shown: T[];
  /** Whether the panel has more than fits collapsed: the expand toggle is offered. */
  expandable: boolean;
}

/**
 * Which items show: collapsed, the leading items while they fit in 11 units; expanded, all.
 * Hidden items (not chosen in the filter-select) never show.
 */
export function layoutFilters<T extends Pick<FilterItemSettings, 'filterType' | 'selectProp' | 'hide'>>(items: readonly T[], expanded: boolean): FilterLayout<T> {
  const visible = items.filter((item) => !item.hide);
  const total = visible.reduce((sum, item) => sum + filterUnits(item), 0);
  const expandable = total > COLLAPSED_FILTER_UNITS;
  if (expanded || !expandable) return { shown: visible, expandable };
  const shown: T[] = [];
  let used = 0;
  for (const item of visible) {
    used += filterUnits(item);
    if (used > COLLAPSED_FILTER_UNITS) break;
    shown.push(item);
  }
  return { shown, expandable };
}

/**
 * Characters of a label shown before it is cut (spec §2): 24 on double-width big inputs and
 * date-time ranges; otherwise 12, or 11 when the label has 4 or more capitals (they are wider).
 */
export function labelLimit(label: string, filterType: FilterType): number {
  if (filterType === 'bigInput' || filterType === 'datetimeRange') return 24;
  const capitals = label.match(/\p{Lu}/gu)?.length ?? 0;
  return capitals >= 4 ? 11 : 12;
}

/** The label as shown, cut with an ellipsis past its limit; `truncated` asks for the full-label tooltip. */
export function truncateLabel(label: string, filterType: FilterType): { text: string; truncated: boolean } {
  const chars = [...label];
  const limit = labelLimit(label, filterType);
  if (chars.length <= limit) return { text: label, truncated: false };
  return { text: `${chars.slice(0, limit).join('')}…`, truncated: true };
}

const blankToNull = (v: unknown) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v);

/**
 * What a filter searches for, from what was entered (spec §5): text trimmed, number inputs
 * digits only, range bounds integers ≥ 1, card IDs comma-separated. `undefined` means the
 * filter is empty and is left out of the search.
 */
export function normaliseFilterValue(filterType: FilterType, raw: unknown): FilterValue | undefined {
  switch (filterType) {
    case 'input':
    case 'bigInput': {
      const text = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
      return text === '' ? undefined : text;
    }
    case 'number': {
      const digits = typeof raw === 'string' || typeof raw === 'number' ? digitsOnly(String(raw)) : '';
      return digits === '' ? undefined : digits;
    }
    case 'card': {
      const ids = typeof raw === 'string' ? normaliseCardIds(raw) : '';
      return ids === '' ? undefined : ids;
    }
    case 'select':
    case 'datetime': {
      const value = blankToNull(raw);
      return typeof value === 'string' ? value.trim() : typeof value === 'number' ? value : undefined;
    }
    case 'multiSelect': {
      if (!Array.isArray(raw)) return undefined;
      const values = raw.filter((v): v is string | number => (typeof v === 'string' && v.trim() !== '') || typeof v === 'number');
      return values.length === 0 ? undefined : values;
    }
    case 'numberRange': {
      const [from, to] = Array.isArray(raw) ? raw : [];
      const bounds = [from, to].map((v) => (typeof v === 'number' ? parseRangeInteger(String(v)) : typeof v === 'string' ? parseRangeInteger(v) : null));
      const [low, high] = bounds as [number | null, number | null];
      if (low === null && high === null) return undefined;
      // "10 to 5" means 5 to 10.
      return low !== null && high !== null && low > high ? [high, low] as const : [low, high] as const;
    }
    case 'dateRange':
    case 'datetimeRange': {
      const [from, to] = Array.isArray(raw) ? raw : [];
      const bounds = [from, to].map((v) => {
        const value = blankToNull(v);
        return typeof value === 'string' ? value.trim() : typeof value === 'number' ? value : null;
      });
      return bounds[0] === null && bounds[1] === null ? undefined : [bounds[0]!, bounds[1]!] as const;
    }
  }
}

/**
 * The search an API receives from the panel's state: every non-empty filter under its prop,
 * a range split over its `from+to` props (an open end left out). State keys are item props;
 * an item with a field select searches the field chosen (state key `<prop>:field`).
 */
export function compileFilters(items: readonly FilterItemSettings[], state: Readonly<Record<string, unknown>>): Record<string, string | number | (string | number)[]> {
  const query: Record<string, string | number | (string | number)[]> = {};
  for (const item of items) {
    const value = normaliseFilterValue(item.filterType, state[item.prop]);
    if (value === undefined) continue;
    if (isRangeFilter(item)) {
      const [fromProp, toProp] = filterProps(item);
      const [from, to] = value as readonly [string | number | null, string | number | null];
      if (fromProp && from !== null) query[fromProp] = from;
      if (toProp && to !== null) query[toProp] = to;
      continue;
    }
    const chosen = state[`${item.prop}:field`];
    const field = item.selectProp?.some((s) => s.value === chosen) ? String(chosen) : item.selectProp ? (item.defaultSelectValue ?? String(item.selectProp[0]?.value ?? item.prop)) : item.prop;
    query[field] = Array.isArray(value) ? [...value] : (value as string | number);
  }
  return query;
}
