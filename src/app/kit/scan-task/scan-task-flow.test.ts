import { describe, expect, it } from 'vitest';
import { lineOfScan, unitsWithin } from './scan-task-flow';

const line = (sku_id: string, done: number, qty: number, barcode: string | null = null) => ({ sku_id, barcode, done, qty });

describe('lineOfScan', () => {
  const lines = [line('SKU-A', 2, 2, '111'), line('SKU-B', 0, 3), line('SKU-A', 0, 4, '111')];

  it('names the line of a SKU id or barcode', () => {
    expect(lineOfScan(lines, 'SKU-B')).toBe(lines[1]);
    expect(lineOfScan(lines, ' 111 ')).toBe(lines[0]);
  });

  it('prefers a line that is still open, and falls back to the first', () => {
    expect(lineOfScan(lines, 'SKU-A', (l) => l.done < l.qty)).toBe(lines[2]);
    expect(lineOfScan([lines[0]!], 'SKU-A', (l) => l.done < l.qty)).toBe(lines[0]);
  });

  it('matches a SKU id in another case, and nothing for an unknown code', () => {
    expect(lineOfScan(lines, 'sku-b')).toBe(lines[1]);
    expect(lineOfScan(lines, 'NOPE')).toBeUndefined();
    expect(lineOfScan(lines, '  ')).toBeUndefined();
  });
});

describe('unitsWithin', () => {
  it('takes a quantity from min to max', () => {
    expect(unitsWithin(1, 5)).toBe(1);
    expect(unitsWithin('5', 5)).toBe(5);
    expect(unitsWithin(0, 5, 0)).toBe(0);
  });

  it('refuses an empty field and a quantity out of range', () => {
    expect(unitsWithin('', 5)).toBeNull();
    expect(unitsWithin(0, 5)).toBeNull();
    expect(unitsWithin(6, 5)).toBeNull();
  });
});
