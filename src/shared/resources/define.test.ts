import { describe, expect, test } from 'vitest';
import { createInputSchema, defineResource, listInputSchema, rowSchema, updateInputSchema } from './define';
import { warehouseResource } from './warehouse.resource';

describe('resource definitions', () => {
  test('a definition whose key, default sort or enum is wrong is refused when declared', () => {
    const fields = { code: { kind: 'text', label: 'Code', sortable: true } } as const;
    expect(() => defineResource({ name: 'x', key: 'nope' as 'code', warehouseScoped: true, fields, defaultSort: { field: 'code', desc: false } })).toThrow(/key nope/);
    expect(() => defineResource({ name: 'x', key: 'code', warehouseScoped: true, fields: { code: { kind: 'text', label: 'Code' } }, defaultSort: { field: 'code', desc: false } })).toThrow(/not sortable/);
    expect(() => defineResource({ name: 'x', key: 'code', warehouseScoped: true, fields: { ...fields, kind: { kind: 'enum', label: 'Kind' } }, defaultSort: { field: 'code', desc: false } })).toThrow(/enum without values/);
    expect(() => defineResource({ name: 'x', key: 'code', warehouseScoped: true, fields: { ...fields, name: { kind: 'text', label: 'Name', filter: { op: 'range', type: 'numberRange' } } }, defaultSort: { field: 'code', desc: false } })).toThrow(/range filters/);
  });

  test('create: required fields required and trimmed, lengths and enums checked', () => {
    const create = createInputSchema(warehouseResource);
    expect(create.parse({ whs_id: ' SGSIN9 ', whs_name: ' Tuas ' })).toEqual({ whs_id: 'SGSIN9', whs_name: 'Tuas' });
    expect(create.safeParse({ whs_id: 'SGSIN9', whs_name: '   ' }).success).toBe(false);
    expect(create.safeParse({ whs_id: 'S', whs_name: 'Tuas' }).success).toBe(false);
    expect(create.safeParse({ whs_id: 'SGSIN9', whs_name: 'Tuas', quota_mode: 3 }).success).toBe(false);
    expect(create.safeParse({ whs_id: 'SGSIN9', whs_name: 'Tuas', whs_no: 'x'.repeat(17) }).success).toBe(false);
  });

  test('edit: the key is required, immutable fields are not accepted, others optional', () => {
    const update = updateInputSchema(warehouseResource);
    expect(update.parse({ whs_id: 'SGSIN1', whs_name: 'Renamed' })).toEqual({ whs_id: 'SGSIN1', whs_name: 'Renamed' });
    expect(update.safeParse({ whs_name: 'Renamed' }).success).toBe(false);
    expect(update.safeParse({ whs_id: 'SGSIN1', whs_name: '' }).success).toBe(false);
    expect(update.parse({ whs_id: 'SGSIN1', time_region: null })).toEqual({ whs_id: 'SGSIN1', time_region: null });
  });

  test('list input: in-filters split on commas; range bounds typed', () => {
    const def = defineResource({
      name: 'cell', key: 'code', warehouseScoped: true, defaultSort: { field: 'code', desc: false },
      fields: {
        code: { kind: 'text', label: 'Code', sortable: true, filter: { op: 'in', type: 'card' } },
        level: { kind: 'int', label: 'Level', min: 1, max: 99, filter: { op: 'range', type: 'numberRange' } },
      },
    });
    const input = listInputSchema(def);
    expect(input.parse({ code: 'A1, A2,,A3', level_from: '2' })).toEqual({ page_no: 1, page_size: 20, code: ['A1', 'A2', 'A3'], level_from: 2 });
    expect(input.safeParse({ level_to: '100' }).success).toBe(false);
    expect(input.safeParse({ code: ',,' }).success).toBe(false);
  });

  test('rows carry every field, null where empty', () => {
    expect(rowSchema(warehouseResource).parse({ whs_id: 'SGSIN1', whs_name: 'Tuas', whs_no: '101', time_region: null, quota_mode: 0 }))
      .toEqual({ whs_id: 'SGSIN1', whs_name: 'Tuas', whs_no: '101', time_region: null, quota_mode: 0 });
  });
});
