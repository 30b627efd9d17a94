import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from './client';

const parent = mkdtempSync(path.join(tmpdir(), 'tally-client-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

it('creates a missing PGlite data directory, migrates it, and finds the same data when opened again', async () => {
  const dataDir = path.join(parent, 'data');
  const first = await openDatabase({ dataDir });
  await first.db.execute(sql`insert into warehouses (whs_id, whs_name) values ('T1', 'Kept')`);
  await first.close();
  const again = await openDatabase({ dataDir });
  const rows = await again.db.execute<{ whs_name: string }>(sql`select whs_name from warehouses where whs_id = 'T1'`);
  await again.close();
  expect(rows.rows.map((r) => r.whs_name)).toEqual(['Kept']);
}, 120_000);
