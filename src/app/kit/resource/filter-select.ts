import type { MessageDescriptor } from '@lingui/core';
import { AT_LEAST_ONE_FILTER_MESSAGE } from '../../../shared/validation';
import type { FilterItemSettings } from '../../../shared/resources/filter-items';

/**
 * The filter-select of spec §2/§5/§9, free of the DOM: which filters a list shows, saved per
 * user as a template whose data maps each filter's prop (stable across languages, unlike its
 * label) to whether it shows.
 */

export type FilterSelection = Readonly<Record<string, boolean>>;

/** Height of the filter-select's option list: 32 px a filter plus 5 (spec §9). */
export const FILTER_SELECT_ROW_PX = 32;
export function filterSelectListHeight(filterCount: number): number {
  return filterCount * FILTER_SELECT_ROW_PX + 5;
}

/**
 * The items with `hide` set from a saved selection. A filter the selection does not name (added
 * to the list after it was saved) keeps its own default; a selection that would hide every
 * filter is ignored, since at least one must show.
 */
export function applyFilterSelection<T extends Pick<FilterItemSettings, 'prop' | 'hide'>>(items: readonly T[], saved: FilterSelection | null | undefined): T[] {
  if (!saved) return [...items];
  const chosen = items.map((item) => ({ ...item, hide: saved[item.prop] === undefined ? item.hide : !saved[item.prop] }));
  return chosen.some((item) => !item.hide) ? chosen : [...items];
}

/** The props shown, in the list's order. */
export function shownProps(items: readonly Pick<FilterItemSettings, 'prop' | 'hide'>[]): string[] {
  return items.filter((item) => !item.hide).map((item) => item.prop);
}

/** What is saved for a choice of shown props: every filter of the list, true when shown. */
export function selectionOf(items: readonly Pick<FilterItemSettings, 'prop'>[], shown: readonly string[]): Record<string, boolean> {
  const set = new Set(shown);
  return Object.fromEntries(items.map((item) => [item.prop, set.has(item.prop)]));
}

/** "Must be at least one filter!" when nothing would show, else null. */
export function validateFilterSelection(shown: readonly string[]): MessageDescriptor | null {
  return shown.length === 0 ? AT_LEAST_ONE_FILTER_MESSAGE : null;
}
