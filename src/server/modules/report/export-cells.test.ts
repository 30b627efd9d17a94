import { describe, expect, test } from 'vitest';
import type { FieldDef } from '../../../shared/resources/define';
import { cellOf } from './export-cells';

const status: FieldDef = { kind: 'enum', label: 'Status', values: [1, 2], valueLabels: { 1: 'Active', 2: 'Inactive' } };
const time: FieldDef = { kind: 'time', label: 'Created' };
const qty: FieldDef = { kind: 'int', label: 'Qty' };
const code: FieldDef = { kind: 'text', label: 'Code' };
const flag: FieldDef = { kind: 'bool', label: 'Bulky' };

describe('cellOf', () => {
  test('enum and yes/no values: the client\'s labels, else the definition\'s English ones, else the value', () => {
    expect(cellOf(status, { field: 'status', values: { 2: 'ไม่ใช้งาน' } }, 2, 'UTC')).toBe('ไม่ใช้งาน');
    expect(cellOf(status, { field: 'status' }, 1, 'UTC')).toBe('Active');
    expect(cellOf(flag, { field: 'bulky', values: { 0: 'No', 1: 'Yes' } }, 1, 'UTC')).toBe('Yes');
    expect(cellOf(flag, { field: 'bulky' }, 0, 'UTC')).toBe(0);
  });

  test('times as the list shows them, in the warehouse\'s time zone', () => {
    const at = Date.UTC(2026, 10, 24, 1, 2, 3) / 1000;
    expect(cellOf(time, { field: 'created_at' }, at, 'Asia/Bangkok')).toBe('2026-11-24 08:02:03');
    expect(cellOf(time, { field: 'created_at' }, at, 'UTC')).toBe('2026-11-24 01:02:03');
  });

  test('numbers stay numbers, text stays text (ids with leading zeros too), empty stays empty', () => {
    expect(cellOf(qty, { field: 'qty' }, 1200, 'UTC')).toBe(1200);
    expect(cellOf(code, { field: 'code' }, '0001', 'UTC')).toBe('0001');
    expect(cellOf(code, { field: 'code' }, null, 'UTC')).toBeNull();
    expect(cellOf(qty, { field: 'qty' }, undefined, 'UTC')).toBeNull();
  });
});
