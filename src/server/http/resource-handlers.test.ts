import { describe, expect, test } from 'vitest';
import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { defineResource, type FieldDef } from '../../shared/resources/define';
import { resourceHandlers } from './resource-handlers';

const bins = pgTable('bins', {
  whsId: text('whs_id').notNull(),
  code: text('code').notNull(),
  maxQty: integer('max_qty'),
  isBulky: boolean('is_bulky').notNull().default(false),
  label: text('label').notNull(),
});

/** A resource over `bins` with the given non-key fields, served with create and update. */
const binResource = (fields: Record<string, FieldDef>) => defineResource({
  name: 'bin', key: 'code', warehouseScoped: true, table: 'bins', defaultSort: { field: 'code', desc: false },
  api: { list: { path: '/a/search_bin', perm: 'P' }, create: { path: '/a/create_bin', perm: 'P' }, update: { path: '/a/update_bin', perm: 'P' } },
  fields: { code: { kind: 'text', label: 'Code', required: true, immutable: true, sortable: true }, ...fields },
});

describe('a resource is served only when its fields say what their columns hold about null', () => {
  test('null for a NOT NULL column, notNull over a nullable one, or an optional field without a column default is refused at start-up', () => {
    const label: FieldDef = { kind: 'text', label: 'Label', required: true };
    expect(() => resourceHandlers(binResource({ max_qty: { kind: 'int', label: 'Max' }, is_bulky: { kind: 'bool', label: 'Bulky', notNull: true, form: { defaultValue: 0 } }, label }), bins)).not.toThrow();
    expect(() => resourceHandlers(binResource({ is_bulky: { kind: 'bool', label: 'Bulky' }, label }), bins)).toThrow(/bin.is_bulky: its column is NOT NULL/);
    expect(() => resourceHandlers(binResource({ max_qty: { kind: 'int', label: 'Max', notNull: true, form: { defaultValue: 0 } }, label }), bins)).toThrow(/bin.max_qty: declared notNull, but its column is nullable/);
    expect(() => resourceHandlers(binResource({ label: { kind: 'text', label: 'Label', notNull: true } }), bins)).toThrow(/bin.label: a create may leave it out, but its column has no default/);
  });
});
