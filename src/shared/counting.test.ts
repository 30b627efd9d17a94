import { describe, expect, test } from 'vitest';
import { COUNTING_RECORD_KIND } from './codes';
import { allocateCount, applyAllocations, isCountQty, lineDifference, resolveScannedSku, skuProgress, surplusOf, type CountLine } from './counting';

const { NORMAL, SURPLUS } = COUNTING_RECORD_KIND.values;

const line = (over: Partial<CountLine>): CountLine => ({
  asn_no: 'ASN1', line_no: 1, sku_id: 'SKU1', barcode: null, mapping_codes: [], expected_qty: 10, counted_qty: 0, ...over,
});

describe('scanned codes', () => {
  const lines = [
    line({ sku_id: 'SGSKU00001', barcode: '8983100000000', mapping_codes: ['$SHOP0001', '#MODEL0001'] }),
    line({ line_no: 2, sku_id: 'SGSKU00002', barcode: '8983100007919' }),
  ];
  test('a SKU id, a barcode or a mapping code names the SKU of the group', () => {
    expect(resolveScannedSku('SGSKU00002', lines)).toBe('SGSKU00002');
    expect(resolveScannedSku('8983100000000', lines)).toBe('SGSKU00001');
    expect(resolveScannedSku('$SHOP0001', lines)).toBe('SGSKU00001');
    expect(resolveScannedSku(' #MODEL0001 ', lines)).toBe('SGSKU00001');
    expect(resolveScannedSku('sgsku00002', lines)).toBe('SGSKU00002');
  });
  test('anything else is not in the group', () => {
    expect(resolveScannedSku('SGSKU00003', lines)).toBeNull();
    expect(resolveScannedSku('$SHOP0002', lines)).toBeNull();
    expect(resolveScannedSku('', lines)).toBeNull();
  });
});

describe('quantities', () => {
  test('a count is a whole number from 1 to 99999', () => {
    expect([1, 99999].every(isCountQty)).toBe(true);
    expect([0, -1, 1.5, 100000, Number.NaN, '3'].some(isCountQty)).toBe(false);
  });
  test('surplus is what goes past the expected quantity', () => {
    expect(surplusOf(10, 0, 10)).toBe(0);
    expect(surplusOf(10, 8, 5)).toBe(3);
    expect(surplusOf(10, 12, 2)).toBe(2);
  });
  test('progress sums a SKU over the lines of every ASN of the group', () => {
    const lines = [line({ counted_qty: 4 }), line({ asn_no: 'ASN2', expected_qty: 5, counted_qty: 1 }), line({ line_no: 2, sku_id: 'SKU2' })];
    expect(skuProgress(lines, 'SKU1')).toEqual({ expected_qty: 15, counted_qty: 5 });
    expect(lineDifference({ expected_qty: 10, counted_qty: 7 })).toEqual({ shortage_qty: 3, surplus_qty: 0 });
    expect(lineDifference({ expected_qty: 10, counted_qty: 12 })).toEqual({ shortage_qty: 0, surplus_qty: 2 });
  });
});

describe('allocation of a count over the lines', () => {
  const lines = [
    line({ asn_no: 'ASN2', expected_qty: 5, counted_qty: 0 }),
    line({ asn_no: 'ASN1', expected_qty: 3, counted_qty: 1 }),
    line({ asn_no: 'ASN1', line_no: 2, sku_id: 'OTHER' }),
  ];
  test('fills lines in ASN order, each up to what it still expects', () => {
    expect(allocateCount(lines, 'SKU1', 4)).toEqual([
      { asn_no: 'ASN1', line_no: 1, qty: 2, kind: NORMAL },
      { asn_no: 'ASN2', line_no: 1, qty: 2, kind: NORMAL },
    ]);
  });
  test('the carton\'s ASN goes first', () => {
    expect(allocateCount(lines, 'SKU1', 6, 'ASN2')).toEqual([
      { asn_no: 'ASN2', line_no: 1, qty: 5, kind: NORMAL },
      { asn_no: 'ASN1', line_no: 1, qty: 1, kind: NORMAL },
    ]);
  });
  test('what no line expects is surplus on the first line', () => {
    expect(allocateCount(lines, 'SKU1', 9)).toEqual([
      { asn_no: 'ASN1', line_no: 1, qty: 2, kind: NORMAL },
      { asn_no: 'ASN2', line_no: 1, qty: 5, kind: NORMAL },
      { asn_no: 'ASN1', line_no: 1, qty: 2, kind: SURPLUS },
    ]);
    const full = applyAllocations(lines, allocateCount(lines, 'SKU1', 7));
    expect(allocateCount(full, 'SKU1', 3, 'ASN2')).toEqual([{ asn_no: 'ASN2', line_no: 1, qty: 3, kind: SURPLUS }]);
  });
  test('a SKU of no line gets nothing', () => {
    expect(allocateCount(lines, 'NOPE', 3)).toEqual([]);
  });
  test('applying adds to the lines named and leaves the input as it was', () => {
    const after = applyAllocations(lines, allocateCount(lines, 'SKU1', 9));
    expect(after.map((l) => l.counted_qty)).toEqual([5, 5, 0]);
    expect(lines.map((l) => l.counted_qty)).toEqual([0, 1, 0]);
    expect(after[2]).toBe(lines[2]);
  });
});
