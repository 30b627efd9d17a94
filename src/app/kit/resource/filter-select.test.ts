import { describe, expect, test } from 'vitest';
import { AT_LEAST_ONE_FILTER_MESSAGE } from '../../../shared/validation';
import { applyFilterSelection, filterSelectListHeight, selectionOf, shownProps, validateFilterSelection } from './filter-select';

const items = [
  { prop: 'supplier_id' },
  { prop: 'supplier_name' },
  { prop: 'country', hide: true },
  { prop: 'status' },
];

describe('filter-select', () => {
  test('list height is 32 px a filter plus 5', () => {
    expect(filterSelectListHeight(4)).toBe(133);
    expect(filterSelectListHeight(1)).toBe(37);
  });

  test('without a saved choice the items keep their own hide', () => {
    expect(shownProps(applyFilterSelection(items, undefined))).toEqual(['supplier_id', 'supplier_name', 'status']);
  });

  test('a saved choice shows and hides by prop; filters it does not name keep their default', () => {
    const applied = applyFilterSelection(items, { supplier_id: true, supplier_name: false, country: true });
    expect(shownProps(applied)).toEqual(['supplier_id', 'country', 'status']);
  });

  test('a saved choice hiding everything is ignored', () => {
    const all = { supplier_id: false, supplier_name: false, country: false, status: false };
    expect(shownProps(applyFilterSelection(items, all))).toEqual(['supplier_id', 'supplier_name', 'status']);
  });

  test('what is saved names every filter of the list', () => {
    expect(selectionOf(items, ['status', 'country'])).toEqual({ supplier_id: false, supplier_name: false, country: true, status: true });
  });

  test('at least one filter must stay selected', () => {
    expect(validateFilterSelection([])).toBe(AT_LEAST_ONE_FILTER_MESSAGE);
    expect(validateFilterSelection(['status'])).toBeNull();
  });
});
