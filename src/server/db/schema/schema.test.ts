import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './index';

const tables = Object.values(schema).filter((value) => is(value, PgTable)).map((table) => getTableConfig(table));

describe('schema', () => {
  it('gives every warehouse table whs_id as its first column and the first of its primary key', () => {
    // A session is keyed by its cookie's hash: its whs_id is the warehouse it is switched to, not its owner.
    const exempt = ['sessions'];
    const astray = tables
      .filter((table) => table.columns.some((column) => column.name === 'whs_id') && !exempt.includes(table.name))
      .filter((table) => {
        const key = table.primaryKeys[0]?.columns ?? table.columns.filter((column) => column.primary);
        return table.columns[0]?.name !== 'whs_id' || key[0]?.name !== 'whs_id';
      })
      .map((table) => table.name);
    expect(astray).toEqual([]);
    expect(tables.length).toBeGreaterThan(60);
  });
});
