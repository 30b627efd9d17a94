import { describe, expect, test } from 'vitest';
import { defineResource } from '../../../shared/resources/define';
import { anchorColumnOf, applyColumnSettings, defaultColumnSettings, moveColumn, parseColumnHeader, visibleColumnsOf } from './column-settings-rule';

const def = defineResource({
  name: 'thing',
  key: 'id',
  warehouseScoped: true,
  fields: {
    id: { kind: 'text', label: 'ID', sortable: true },
    name: { kind: 'text', label: 'Name' },
    qty: { kind: 'int', label: 'Qty' },
    note: { kind: 'text', label: 'Note', hideInList: true },
  },
  defaultSort: { field: 'id', desc: false },
});

const names = (settings: { field: string; visible: boolean }[]) => settings.map((s) => `${s.visible ? '+' : '-'}${s.field}`);

describe('column settings', () => {
  test('without saved settings: the definition\'s order, fields hidden in lists hidden', () => {
    expect(names(defaultColumnSettings(def))).toEqual(['+id', '+name', '+qty', '-note']);
    expect(names(applyColumnSettings(def, null))).toEqual(['+id', '+name', '+qty', '-note']);
    expect(visibleColumnsOf(def, null).map(([name]) => name)).toEqual(['id', 'name', 'qty']);
  });

  test('saved order and visibility win; fields added since follow with their defaults', () => {
    const saved = [{ field: 'qty', visible: true }, { field: 'note', visible: true }, { field: 'name', visible: false }];
    expect(names(applyColumnSettings(def, saved))).toEqual(['+qty', '+note', '-name', '+id']);
    expect(visibleColumnsOf(def, saved).map(([name]) => name)).toEqual(['qty', 'note', 'id']);
  });

  test('removed fields and repeats are dropped; the key column always shows', () => {
    const saved = [{ field: 'gone', visible: true }, { field: 'id', visible: false }, { field: 'id', visible: true }, { field: 'qty', visible: false }, { field: 'name', visible: false }];
    expect(names(applyColumnSettings(def, saved))).toEqual(['+id', '-qty', '-name', '-note']);
    expect(visibleColumnsOf(def, saved).map(([name]) => name)).toEqual(['id']);
  });

  test('a key hidden in lists (a read model\'s composed key) stays hidden; its first listed field always shows instead', () => {
    const composed = defineResource({
      name: 'balance',
      key: 'balance_key',
      warehouseScoped: true,
      fields: {
        balance_key: { kind: 'text', label: 'Balance', hideInList: true },
        location_id: { kind: 'text', label: 'Location', sortable: true },
        qty: { kind: 'int', label: 'Qty' },
      },
      defaultSort: { field: 'location_id', desc: false },
    });
    expect(anchorColumnOf(composed)).toBe('location_id');
    expect(anchorColumnOf(def)).toBe('id');
    const saved = [{ field: 'location_id', visible: false }, { field: 'qty', visible: false }];
    expect(visibleColumnsOf(composed, saved).map(([name]) => name)).toEqual(['location_id']);
    expect(visibleColumnsOf(composed, null).map(([name]) => name)).toEqual(['location_id', 'qty']);
  });

  test('a saved header is read defensively: anything unexpected counts as none', () => {
    expect(parseColumnHeader({ columns: [{ field: 'qty', visible: false }] })).toEqual([{ field: 'qty', visible: false }]);
    for (const header of [null, undefined, 'x', 42, {}, { columns: 'x' }, { columns: [] }, { columns: [{ field: 1, visible: true }, { visible: true }, null] }]) {
      expect(parseColumnHeader(header)).toBeNull();
    }
    expect(parseColumnHeader({ columns: [{ field: 'qty', visible: 'yes' }, { field: 'name', visible: true, extra: 1 }] })).toEqual([{ field: 'name', visible: true }]);
  });

  test('moving a column up or down stays within the list', () => {
    const settings = defaultColumnSettings(def);
    expect(names(moveColumn(settings, 2, -1))).toEqual(['+id', '+qty', '+name', '-note']);
    expect(names(moveColumn(settings, 0, -1))).toEqual(names(settings));
    expect(names(moveColumn(settings, 3, 1))).toEqual(names(settings));
    expect(names(moveColumn(settings, 0, 1))).toEqual(['+name', '+id', '+qty', '-note']);
  });
});
