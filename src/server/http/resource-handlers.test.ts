import { describe, expect, test } from 'vitest';
import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { defineResource, type FieldDef } from '../../shared/resources/define';
import { RET } from '../../shared/retcodes';
import type { ApiError } from './errors';
import { constraintRefusal } from './errors';
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

describe('constraintRefusal', () => {
  /** An error as Drizzle throws it: PostgreSQL's fields on its cause. */
  const failed = (fields: Record<string, string>) => Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('violation'), fields) });
  const issue = (error: ApiError | null) => (error?.data as { issues: { path: string; message: string }[] }).issues[0];

  test('NOT NULL, foreign key and check violations are -100400 naming the column; other errors are not its', () => {
    expect(constraintRefusal(failed({ code: '23502', column: 'is_bulky' }))?.retcode).toBe(RET.BAD_INPUT);
    expect(issue(constraintRefusal(failed({ code: '23502', column: 'is_bulky' })))).toEqual({ path: 'is_bulky', message: 'a value is required' });
    const fk = failed({ code: '23503', detail: 'Key (whs_id, logic_area_id)=(SGSIN1, ) is not present in table "logic_areas".' });
    expect(issue(constraintRefusal(fk))?.path).toBe('logic_area_id');
    const inUse = failed({ code: '23503', detail: 'Key (whs_id, storey_id)=(SGSIN1, 3) is still referenced from table "cells".' });
    expect(issue(constraintRefusal(inUse))).toEqual({ path: 'storey_id', message: 'the record is still in use' });
    expect(constraintRefusal(failed({ code: '23514', constraint: 'qc_rules_percent_ck' }))?.message).toMatch(/qc_rules_percent_ck/);
    for (const other of [failed({ code: '23505' }), failed({ code: '57P01' }), new Error('boom'), null]) expect(constraintRefusal(other)).toBeNull();
  });
});
