import { describe, expect, test } from 'vitest';
import {
  COLLAPSED_FILTER_UNITS, compileFilters, filterUnits, labelLimit, layoutFilters, normaliseFilterValue, truncateLabel,
  type FilterItemSettings,
} from './filter-items';

const item = (prop: string, filterType: FilterItemSettings['filterType'], extra: Partial<FilterItemSettings> = {}): FilterItemSettings =>
  ({ prop, label: prop, filterType, ...extra });

describe('filter units and the collapsed panel (spec §2)', () => {
  test('double-width inputs, ranges and field selects take 2 units, the rest 1', () => {
    expect(filterUnits(item('a', 'input'))).toBe(1);
    expect(filterUnits(item('a', 'select'))).toBe(1);
    expect(filterUnits(item('a', 'card'))).toBe(1);
    expect(filterUnits(item('a', 'bigInput'))).toBe(2);
    expect(filterUnits(item('a+b', 'dateRange'))).toBe(2);
    expect(filterUnits(item('a+b', 'datetimeRange'))).toBe(2);
    expect(filterUnits(item('a+b', 'numberRange'))).toBe(2);
    expect(filterUnits(item('a', 'input', { selectProp: [{ label: 'Order', value: 'order_no' }] }))).toBe(2);
  });

  test('11 units fit collapsed without an expand toggle', () => {
    const items = Array.from({ length: 11 }, (_, i) => item(`f${i}`, 'input'));
    const layout = layoutFilters(items, false);
    expect(COLLAPSED_FILTER_UNITS).toBe(11);
    expect(layout.shown).toHaveLength(11);
    expect(layout.expandable).toBe(false);
  });

  test('past 11 units, collapsed shows the leading filters that fit and offers expand', () => {
    // 2 + 1 + 2 + 2 + 1 + 2 = 10, the next 2-unit range would make 12.
    const items = [
      item('a', 'bigInput'), item('b', 'input'), item('c+d', 'dateRange'), item('e+f', 'numberRange'),
      item('g', 'select'), item('h', 'bigInput'), item('i+j', 'datetimeRange'), item('k', 'input'),
    ];
    const collapsed = layoutFilters(items, false);
    expect(collapsed.shown.map((i) => i.prop)).toEqual(['a', 'b', 'c+d', 'e+f', 'g', 'h']);
    expect(collapsed.expandable).toBe(true);
    expect(layoutFilters(items, true).shown).toHaveLength(8);
  });

  test('hidden filters neither show nor count', () => {
    const items = [...Array.from({ length: 11 }, (_, i) => item(`f${i}`, 'input')), item('x', 'bigInput', { hide: true })];
    expect(layoutFilters(items, false)).toEqual({ shown: items.slice(0, 11), expandable: false });
  });
});

describe('label truncation (spec §2: 12, 24 on big inputs and date-time ranges, 11 with 4+ capitals)', () => {
  test('limits', () => {
    expect(labelLimit('Tracking number', 'input')).toBe(12);
    expect(labelLimit('Tracking number', 'bigInput')).toBe(24);
    expect(labelLimit('Tracking number', 'datetimeRange')).toBe(24);
    expect(labelLimit('Tracking number', 'dateRange')).toBe(12);
    expect(labelLimit('ASN Group No', 'input')).toBe(11);
    expect(labelLimit('SKU id', 'input')).toBe(12);
    expect(labelLimit('SKU Id', 'input')).toBe(11);
  });

  test('a long label is cut with an ellipsis and asks for the tooltip; a short one is kept', () => {
    expect(truncateLabel('Tracking number', 'input')).toEqual({ text: 'Tracking num…', truncated: true });
    expect(truncateLabel('ASN Group Number', 'input')).toEqual({ text: 'ASN Group N…', truncated: true });
    expect(truncateLabel('Tracking number', 'bigInput')).toEqual({ text: 'Tracking number', truncated: false });
    expect(truncateLabel('Supplier', 'input')).toEqual({ text: 'Supplier', truncated: false });
    expect(truncateLabel('123456789012', 'input').truncated).toBe(false);
  });

  test('characters, not UTF-16 units, are counted (Thai, Chinese, emoji-free CJK)', () => {
    expect(truncateLabel('入库单号码入库单号码入库', 'input').truncated).toBe(false);
    expect(truncateLabel('入库单号码入库单号码入库单', 'input')).toEqual({ text: '入库单号码入库单号码入库…', truncated: true });
  });
});

describe('filter values (spec §5)', () => {
  test('text is trimmed and empty text removes the filter', () => {
    expect(normaliseFilterValue('input', '  ASN123 ')).toBe('ASN123');
    expect(normaliseFilterValue('input', '   ')).toBeUndefined();
    expect(normaliseFilterValue('bigInput', '')).toBeUndefined();
  });

  test('number inputs keep digits only', () => {
    expect(normaliseFilterValue('number', ' 12a3 ')).toBe('123');
    expect(normaliseFilterValue('number', 'abc')).toBeUndefined();
  });

  test('card filters take ids separated by comma, new line, space or full stop', () => {
    expect(normaliseFilterValue('card', 'A1, A2\nA3 A4.A5,,')).toBe('A1,A2,A3,A4,A5');
    expect(normaliseFilterValue('card', ' ,\n ')).toBeUndefined();
  });

  test('range bounds are integers ≥ 1; an open end stays open; reversed bounds are put in order', () => {
    expect(normaliseFilterValue('numberRange', ['5', '10'])).toEqual([5, 10]);
    expect(normaliseFilterValue('numberRange', ['10', '5'])).toEqual([5, 10]);
    expect(normaliseFilterValue('numberRange', ['0', '7'])).toEqual([null, 7]);
    expect(normaliseFilterValue('numberRange', ['-3', '1.5'])).toBeUndefined();
    expect(normaliseFilterValue('numberRange', ['', ''])).toBeUndefined();
  });

  test('a moment (datetime) is unix seconds; blank or unreadable removes the filter', () => {
    expect(normaliseFilterValue('datetime', 1_767_225_600)).toBe(1_767_225_600);
    expect(normaliseFilterValue('datetime', '')).toBeUndefined();
    expect(normaliseFilterValue('datetime', null)).toBeUndefined();
    expect(compileFilters([item('as_of', 'datetime')], { as_of: 1_767_225_600 })).toEqual({ as_of: 1_767_225_600 });
  });

  test('selects: blank and empty lists remove the filter; 0 is a value', () => {
    expect(normaliseFilterValue('select', '')).toBeUndefined();
    expect(normaliseFilterValue('select', 0)).toBe(0);
    expect(normaliseFilterValue('multiSelect', [])).toBeUndefined();
    expect(normaliseFilterValue('multiSelect', ['1', '', 2])).toEqual(['1', 2]);
  });
});

describe('compileFilters: the search an API receives', () => {
  const items: FilterItemSettings[] = [
    item('asn_no', 'input'),
    item('status', 'multiSelect'),
    item('qty_from+qty_to', 'numberRange'),
    item('ctime_start+ctime_end', 'datetimeRange'),
    item('no', 'input', { selectProp: [{ label: 'Order', value: 'order_no' }, { label: 'Tracking', value: 'tracking_id' }], defaultSelectValue: 'order_no' }),
    item('empty', 'input'),
  ];

  test('empty filters are left out, ranges split over their props, open ends omitted', () => {
    expect(compileFilters(items, {
      asn_no: ' ASN1 ', status: [1, 2], 'qty_from+qty_to': ['', '9'],
      'ctime_start+ctime_end': ['2026-11-01 00:00:00', '2026-11-02 23:59:59'], empty: '  ',
    })).toEqual({
      asn_no: 'ASN1', status: [1, 2], qty_to: 9, ctime_start: '2026-11-01 00:00:00', ctime_end: '2026-11-02 23:59:59',
    });
  });

  test('a field select searches the field chosen, its default otherwise, never an unknown one', () => {
    expect(compileFilters(items, { no: 'X1' })).toEqual({ order_no: 'X1' });
    expect(compileFilters(items, { no: 'X1', 'no:field': 'tracking_id' })).toEqual({ tracking_id: 'X1' });
    expect(compileFilters(items, { no: 'X1', 'no:field': 'password' })).toEqual({ order_no: 'X1' });
  });
});
