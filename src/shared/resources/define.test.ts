import { describe, expect, test } from 'vitest';
import { defineResource } from './define';
import { checkDefaultValues, createInputSchema, listInputSchema, rowSchema, updateInputSchema } from './schemas';
import { warehouseResource } from './warehouse.resource';

describe('resource definitions', () => {
  test('a definition whose key, default sort or enum is wrong is refused when declared', () => {
    const fields = { code: { kind: 'text', label: 'Code', sortable: true } } as const;
    expect(() => defineResource({ name: 'x', key: 'nope' as 'code', warehouseScoped: true, fields, defaultSort: { field: 'code', desc: false } })).toThrow(/key nope/);
    expect(() => defineResource({ name: 'x', key: 'code', warehouseScoped: true, fields: { code: { kind: 'text', label: 'Code' } }, defaultSort: { field: 'code', desc: false } })).toThrow(/not sortable/);
    expect(() => defineResource({ name: 'x', key: 'code', warehouseScoped: true, fields: { ...fields, kind: { kind: 'enum', label: 'Kind' } }, defaultSort: { field: 'code', desc: false } })).toThrow(/enum without values/);
    expect(() => defineResource({ name: 'x', key: 'code', warehouseScoped: true, fields: { ...fields, name: { kind: 'text', label: 'Name', filter: { op: 'range', type: 'numberRange' } } }, defaultSort: { field: 'code', desc: false } })).toThrow(/range filters/);
    expect(() => defineResource({ name: 'x', key: 'code', warehouseScoped: true, fields: { ...fields, n: { kind: 'int', label: 'N', form: { type: 'textarea' } } }, defaultSort: { field: 'code', desc: false } })).toThrow(/textarea form type is for text/);
    // A default value its field refuses is caught where the schemas are built (the contract).
    const badDefault = defineResource({ name: 'x', key: 'code', warehouseScoped: true, fields: { ...fields, k: { kind: 'enum', label: 'K', values: [1, 2], form: { defaultValue: 3 } } }, defaultSort: { field: 'code', desc: false } });
    expect(() => checkDefaultValues(badDefault)).toThrow(/default value 3/);
  });

  test('a read model (query) answers lists only, from a query or a table but not both; tie-break and detail fields must exist', () => {
    const fields = { code: { kind: 'text', label: 'Code', sortable: true }, qty: { kind: 'int', label: 'Qty' } } as const;
    const base = { name: 'x', key: 'code', warehouseScoped: true, fields, defaultSort: { field: 'code', desc: false } } as const;
    expect(defineResource({ ...base, query: 'rows', api: { list: { path: '/apps/x/search_x', perm: 'PC.X.View' } }, tieBreak: ['code', 'qty'] }).query).toBe('rows');
    expect(() => defineResource({ ...base, query: 'rows', table: 'xs' })).toThrow(/not both/);
    expect(() => defineResource({ ...base, query: 'rows', api: { list: { path: '/a/search_x' }, detail: { path: '/a/get_x' } } })).toThrow(/lists only/);
    expect(() => defineResource({ ...base, query: 'rows', fixed: { kind: 1 } })).toThrow(/lists only/);
    expect(() => defineResource({ ...base, api: { list: { path: '/a/search_x' } } })).toThrow(/table or query/);
    expect(() => defineResource({ ...base, tieBreak: ['code', 'nope'] })).toThrow(/nope is not a field/);
    expect(() => defineResource({ ...base, detailBy: 'nope' })).toThrow(/nope is not a field/);
  });

  test('create: required fields required and trimmed, lengths and enums checked', () => {
    const create = createInputSchema(warehouseResource);
    const rest = { time_region: 'Asia/Singapore', is_use_channel: 0, quota_mode: 0 } as const;
    expect(create.parse({ whs_id: ' SGSIN9 ', whs_name: ' Tuas ', ...rest })).toEqual({ whs_id: 'SGSIN9', whs_name: 'Tuas', ...rest });
    expect(create.safeParse({ whs_id: 'SGSIN9', whs_name: '   ', ...rest }).success).toBe(false);
    expect(create.safeParse({ whs_id: 'S', whs_name: 'Tuas', ...rest }).success).toBe(false);
    expect(create.safeParse({ whs_id: 'SGSIN9', whs_name: 'Tuas', ...rest, quota_mode: 3 }).success).toBe(false);
    expect(create.safeParse({ whs_id: 'SGSIN9', whs_name: 'Tuas', ...rest, whs_no: 'x'.repeat(17) }).success).toBe(false);
    // Read-only fields (derived or set by the server) are not part of the input.
    expect(create.parse({ whs_id: 'SGSIN9', whs_name: 'Tuas', ...rest, is_rms: 1, created_at: 1 })).not.toHaveProperty('created_at');
  });

  test('edit: the key is required, immutable fields are not accepted, others optional', () => {
    const update = updateInputSchema(warehouseResource);
    expect(update.parse({ whs_id: 'SGSIN1', whs_name: 'Renamed' })).toEqual({ whs_id: 'SGSIN1', whs_name: 'Renamed' });
    expect(update.safeParse({ whs_name: 'Renamed' }).success).toBe(false);
    expect(update.safeParse({ whs_id: 'SGSIN1', whs_name: '' }).success).toBe(false);
    // whs_no is optional but NOT NULL: cleared with '', never null.
    expect(update.parse({ whs_id: 'SGSIN1', whs_no: '' })).toEqual({ whs_id: 'SGSIN1', whs_no: '' });
    expect(update.safeParse({ whs_id: 'SGSIN1', whs_no: null }).success).toBe(false);
    expect(update.safeParse({ whs_id: 'SGSIN1', time_region: null }).success).toBe(false);
    expect(update.parse({ whs_id: 'SGSIN1', country: 'VN', created_at: 5 })).toEqual({ whs_id: 'SGSIN1' });
  });

  test('edit as a query string (a GET): values coerced, an empty one clears an optional field', () => {
    const update = updateInputSchema(warehouseResource, { query: true });
    expect(update.parse({ whs_id: 'SGSIN1', quota_mode: '1', is_use_channel: '0', whs_no: '' })).toEqual({ whs_id: 'SGSIN1', quota_mode: 1, is_use_channel: 0, whs_no: '' });
    expect(update.safeParse({ whs_id: 'SGSIN1', quota_mode: '' }).success).toBe(false);
    expect(update.safeParse({ whs_id: 'SGSIN1', is_use_channel: 'yes' }).success).toBe(false);
  });

  describe('null and blank values (docs/decisions.md "Null and blank values")', () => {
    const api = { list: { path: '/a/search_bin', perm: 'P' }, create: { path: '/a/create_bin', perm: 'P' }, update: { path: '/a/update_bin', perm: 'P' } };
    const bin = defineResource({
      name: 'bin', key: 'code', warehouseScoped: true, table: 'bins', api, defaultSort: { field: 'code', desc: false },
      fields: {
        code: { kind: 'text', label: 'Code', required: true, immutable: true, sortable: true },
        zone_id: { kind: 'text', label: 'Zone', ref: 'zone' },
        cluster_id: { kind: 'text', label: 'Cluster', required: true, ref: 'zone_cluster' },
        max_qty: { kind: 'int', label: 'Max Qty' },
        is_bulky: { kind: 'bool', label: 'Bulky', notNull: true, form: { defaultValue: 0 } },
        label: { kind: 'text', label: 'Label', notNull: true },
      },
    });
    const create = createInputSchema(bin);
    const update = updateInputSchema(bin);
    const query = updateInputSchema(bin, { query: true });
    const valid = { code: 'B1', cluster_id: 'C1' };

    test('null clears an optional field whose column is nullable, and nothing else', () => {
      expect(create.parse({ ...valid, zone_id: null, max_qty: null })).toEqual({ ...valid, zone_id: null, max_qty: null });
      expect(update.parse({ code: 'B1', zone_id: null, max_qty: null })).toEqual({ code: 'B1', zone_id: null, max_qty: null });
      for (const field of ['is_bulky', 'label', 'cluster_id']) {
        expect(create.safeParse({ ...valid, [field]: null }).success, field).toBe(false);
        expect(update.safeParse({ code: 'B1', [field]: null }).success, field).toBe(false);
      }
      // Left out, a notNull field takes its column's default; '' clears notNull text.
      expect(create.parse(valid)).toEqual(valid);
      expect(update.parse({ code: 'B1', label: '  ' })).toEqual({ code: 'B1', label: '' });
    });

    test('a reference is never blank: null (or an empty query value) clears an optional one', () => {
      for (const blank of ['', '   ']) {
        expect(create.safeParse({ ...valid, zone_id: blank }).success).toBe(false);
        expect(update.safeParse({ code: 'B1', zone_id: blank }).success).toBe(false);
        expect(update.safeParse({ code: 'B1', cluster_id: blank }).success).toBe(false);
      }
      expect(query.parse({ code: 'B1', zone_id: '' })).toEqual({ code: 'B1', zone_id: null });
      expect(query.safeParse({ code: 'B1', zone_id: '   ' }).success).toBe(false);
      expect(query.safeParse({ code: 'B1', is_bulky: '' }).success).toBe(false);
      expect(query.parse({ code: 'B1', label: '' })).toEqual({ code: 'B1', label: '' });
    });

    test('a user field is set by the server and filtered by a select of users', () => {
      const fields = { code: { kind: 'text', label: 'Code', sortable: true } } as const;
      const base = { name: 'x', key: 'code', warehouseScoped: true, table: 'xs', api, defaultSort: { field: 'code', desc: false } } as const;
      expect(() => defineResource({ ...base, fields: { ...fields, by: { kind: 'user', label: 'By' } } })).toThrow(/user field is readOnly/);
      expect(() => defineResource({ ...base, fields: { ...fields, by: { kind: 'user', label: 'By', readOnly: true, filter: { op: 'in', type: 'card' } } } })).toThrow(/filtered by a select/);
      expect(() => defineResource({ ...base, fields: { ...fields, by: { kind: 'user', label: 'By', readOnly: true, filter: { op: 'eq', type: 'number' } } } })).toThrow(/filtered by a select/);
      expect(defineResource({ ...base, fields: { ...fields, by: { kind: 'user', label: 'By', readOnly: true, filter: { op: 'eq', type: 'select' } } } }).fields.by.kind).toBe('user');
    });

    test('notNull is for optional fields a client writes; one that is not text starts the create form with a default', () => {
      const fields = { code: { kind: 'text', label: 'Code', sortable: true } } as const;
      const base = { name: 'x', key: 'code', warehouseScoped: true, table: 'xs', api, defaultSort: { field: 'code', desc: false } } as const;
      expect(() => defineResource({ ...base, fields: { ...fields, n: { kind: 'int', label: 'N', required: true, notNull: true } } })).toThrow(/notNull is for optional/);
      expect(() => defineResource({ ...base, fields: { ...fields, n: { kind: 'int', label: 'N', readOnly: true, notNull: true } } })).toThrow(/notNull is for optional/);
      expect(() => defineResource({ ...base, fields: { ...fields, b: { kind: 'bool', label: 'B', notNull: true } } })).toThrow(/starts the create form with a default/);
      expect(defineResource({ ...base, fields: { ...fields, t: { kind: 'text', label: 'T', notNull: true } } }).fields.t.notNull).toBe(true);
    });
  });

  test('time fields: 10-digit unix seconds, range filters in seconds', () => {
    const def = defineResource({
      name: 'task', key: 'code', warehouseScoped: true, defaultSort: { field: 'code', desc: false },
      fields: {
        code: { kind: 'text', label: 'Code', sortable: true },
        done_at: { kind: 'time', label: 'Done', readOnly: true, filter: { op: 'range', type: 'datetimeRange' } },
      },
    });
    expect(listInputSchema(def).parse({ done_at_from: '1767225600', done_at_to: '1767311999' })).toMatchObject({ done_at_from: 1767225600, done_at_to: 1767311999 });
    expect(listInputSchema(def).safeParse({ done_at_from: '2026-01-01' }).success).toBe(false);
    expect(listInputSchema(def).safeParse({ done_at_to: '17673119990' }).success).toBe(false);
    expect(rowSchema(def).parse({ code: 'A', done_at: 1767225600 })).toEqual({ code: 'A', done_at: 1767225600 });
    expect(rowSchema(def).safeParse({ code: 'A', done_at: 1767225600.5 }).success).toBe(false);
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
    const row = { whs_id: 'SGSIN1', whs_name: 'Tuas', whs_no: '101', country: 'SG', time_region: null, is_rms: 0, is_use_channel: 0, quota_mode: 0, created_at: 1767225600 };
    expect(rowSchema(warehouseResource).parse(row)).toEqual(row);
    expect(rowSchema(warehouseResource).safeParse({ ...row, created_at: undefined }).success).toBe(false);
  });
});
