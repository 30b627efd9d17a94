import { describe, expect, test } from 'vitest';
import type { I18n } from '@lingui/core';
import { supplierResource } from '../../../shared/resources/supplier.resource';
import { defineResource } from '../../../shared/resources/define';
import { zoneColorResource } from '../../../shared/resources/outbound-rules.resource';
import { displayValue, filterItemsOf, listKeysOf, urlSearchOf } from './resource-fields';

/** Translates by echoing the message id (English), as the source catalog does. */
const i18n = { _: (id: string | { message?: string; id: string }) => (typeof id === 'string' ? id : id.message ?? id.id) } as unknown as I18n;
const { fields } = supplierResource;

describe('resource fields on screen', () => {
  test('filter items: one per filterable field, enum selections labelled', () => {
    const items = filterItemsOf(supplierResource, i18n);
    expect(items.map((i) => [i.prop, i.filterType])).toEqual([['supplier_id', 'card'], ['supplier_name', 'input'], ['country', 'select'], ['status', 'select']]);
    expect(items.find((i) => i.prop === 'status')!.selections).toEqual([{ value: 1, label: 'Active' }, { value: 2, label: 'Inactive' }]);
  });

  test("a colour field's filter selections carry their swatch, as its form and cells do", () => {
    const colour = filterItemsOf(zoneColorResource, i18n).find((i) => i.prop === 'color')!;
    expect(colour.selections!.find((s) => s.value === 'red')).toEqual({ value: 'red', label: 'Red', swatch: zoneColorResource.fields.color.swatches!.red });
    expect(colour.selections!.every((s) => /^#[0-9a-f]{6}$/i.test(s.swatch ?? ''))).toBe(true);
  });

  test('range filters use from+to props, read from the URL under both', () => {
    const def = defineResource({
      name: 'cell', key: 'code', warehouseScoped: true, defaultSort: { field: 'code', desc: false },
      fields: { code: { kind: 'text', label: 'Code', sortable: true }, level: { kind: 'int', label: 'Level', filter: { op: 'range', type: 'numberRange' } } },
    });
    expect(filterItemsOf(def, i18n)[0]!.prop).toBe('level_from+level_to');
    expect(listKeysOf(def)).toEqual(['page_no', 'page_size', 'sort_by', 'sort_desc', 'level_from', 'level_to']);
    expect(urlSearchOf(def, { level_from: '2', code: '0001', page_no: '3' })).toEqual({ level_from: 2, code: '0001', page_no: 3 });
  });

  test('values: the dash when empty, enum labels, grouped numbers', () => {
    expect(displayValue(fields.contact_name, null, i18n)).toBe('-');
    expect(displayValue(fields.contact_name, '', i18n)).toBe('-');
    expect(displayValue(fields.status, 2, i18n)).toBe('Inactive');
    expect(displayValue(fields.country, 'TH', i18n)).toBe('TH');
    expect(displayValue({ kind: 'int', label: 'Qty' }, 1234567, i18n)).toBe('1,234,567');
  });

  test('times: 10-digit unix seconds in the warehouse\'s time zone, Asia/Shanghai by default', () => {
    const created = { kind: 'time', label: 'Create Time' } as const;
    // 2026-01-01 00:00:00 UTC
    expect(displayValue(created, 1767225600, i18n, { timeZone: 'Asia/Jakarta' })).toBe('2026-01-01 07:00:00');
    expect(displayValue(created, 1767225600, i18n, { timeZone: 'Asia/Ho_Chi_Minh' })).toBe('2026-01-01 07:00:00');
    expect(displayValue(created, 1767225600, i18n)).toBe('2026-01-01 08:00:00');
    expect(displayValue(created, 1767225599, i18n, { timeZone: 'UTC' })).toBe('2025-12-31 23:59:59');
    expect(displayValue(created, null, i18n)).toBe('-');
  });

  test('users: by name among the warehouse\'s members, #<id> for one not known (yet, or any more)', () => {
    const assignee = { kind: 'user', label: 'Assignee', readOnly: true, filter: { op: 'eq', type: 'select' } } as const;
    const userNames = new Map([[7, 'Ana Reyes']]);
    expect(displayValue(assignee, 7, i18n, { userNames })).toBe('Ana Reyes');
    expect(displayValue(assignee, 12, i18n, { userNames })).toBe('#12');
    expect(displayValue(assignee, 7, i18n)).toBe('#7');
    expect(displayValue(assignee, null, i18n, { userNames })).toBe('-');
    const def = defineResource({ name: 'task', key: 'code', warehouseScoped: true, defaultSort: { field: 'code', desc: false }, fields: { code: { kind: 'text', label: 'Code', sortable: true }, assignee_id: assignee } });
    expect(urlSearchOf(def, { assignee_id: '7' })).toEqual({ assignee_id: 7 });
    // The filter is a select of the members by name.
    const members = new Map([[7, 'Ana Reyes'], [3, 'Ben Cruz'], [5, 'ana.lim@demo.local']]);
    expect(filterItemsOf(def, i18n, members)[0]!.selections).toEqual([{ value: 7, label: 'Ana Reyes' }, { value: 5, label: 'ana.lim@demo.local' }, { value: 3, label: 'Ben Cruz' }]);
  });

  test('the URL keeps text ids as text and numeric filters as numbers', () => {
    expect(urlSearchOf(supplierResource, { status: '2', supplier_id: '0001', page_size: '50' })).toEqual({ status: 2, supplier_id: '0001', page_size: 50 });
    const timed = defineResource({
      name: 'task', key: 'code', warehouseScoped: true, defaultSort: { field: 'code', desc: false },
      fields: { code: { kind: 'text', label: 'Code', sortable: true }, done_at: { kind: 'time', label: 'Done', filter: { op: 'range', type: 'datetimeRange' } } },
    });
    expect(urlSearchOf(timed, { done_at_from: '1767225600', code: '12' })).toEqual({ done_at_from: 1767225600, code: '12' });
  });
});
