import { describe, expect, test } from 'vitest';
import type { FieldDef } from '../../../shared/resources/define';
import { cellOf } from './export-cells';

const status: FieldDef = { kind: 'enum', label: 'Status', values: [1, 2], valueLabels: { 1: 'Active', 2: 'Inactive' } };
const time: FieldDef = { kind: 'time', label: 'Created' };
const qty: FieldDef = { kind: 'int', label: 'Qty' };
const code: FieldDef = { kind: 'text', label: 'Code' };
const flag: FieldDef = { kind: 'bool', label: 'Bulky' };

const utc = { timeZone: 'UTC', userNames: new Map<number, string>() };
const bangkok = { ...utc, timeZone: 'Asia/Bangkok' };
const assignee: FieldDef = { kind: 'user', label: 'Assignee', readOnly: true };

describe('cellOf', () => {
  test('enum and yes/no values: the client\'s labels, else the definition\'s English ones, else the value', () => {
    expect(cellOf(status, { field: 'status', values: { 2: 'ไม่ใช้งาน' } }, 2, utc)).toBe('ไม่ใช้งาน');
    expect(cellOf(status, { field: 'status' }, 1, utc)).toBe('Active');
    expect(cellOf(flag, { field: 'bulky', values: { 0: 'No', 1: 'Yes' } }, 1, utc)).toBe('Yes');
    expect(cellOf(flag, { field: 'bulky' }, 0, utc)).toBe(0);
  });

  test('times as the list shows them, in the warehouse\'s time zone', () => {
    const at = Date.UTC(2026, 10, 24, 1, 2, 3) / 1000;
    expect(cellOf(time, { field: 'created_at' }, at, bangkok)).toBe('2026-11-24 08:02:03');
    expect(cellOf(time, { field: 'created_at' }, at, utc)).toBe('2026-11-24 01:02:03');
  });

  test('numbers stay numbers, text stays text (ids with leading zeros too), empty stays empty', () => {
    expect(cellOf(qty, { field: 'qty' }, 1200, utc)).toBe(1200);
    expect(cellOf(code, { field: 'code' }, '0001', utc)).toBe('0001');
    expect(cellOf(code, { field: 'code' }, null, utc)).toBeNull();
    expect(cellOf(qty, { field: 'qty' }, undefined, utc)).toBeNull();
  });

  test('users by their name among the warehouse\'s members, #<id> for one no longer of it', () => {
    const context = { ...utc, userNames: new Map([[7, 'Ana Reyes']]) };
    expect(cellOf(assignee, { field: 'assignee_id' }, 7, context)).toBe('Ana Reyes');
    expect(cellOf(assignee, { field: 'assignee_id' }, 12, context)).toBe('#12');
    expect(cellOf(assignee, { field: 'assignee_id' }, null, context)).toBeNull();
  });
});
