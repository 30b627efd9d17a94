import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { migrationsApplied, openDatabase } from './client';
import { warehouses } from './schema';

const parent = mkdtempSync(path.join(tmpdir(), 'tally-client-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

it('creates a missing PGlite data directory, migrates it, and finds the same data when opened again', async () => {
  const dataDir = path.join(parent, 'data');
  const first = await openDatabase({ dataDir });
  await first.db.insert(warehouses).values({ whsId: 'T1', whsName: 'Kept' });
  await first.close();
  const again = await openDatabase({ dataDir });
  // Opened again, the migrator is skipped: every migration of the journal is recorded.
  expect(await migrationsApplied((text) => again.db.execute(sql.raw(text)) as unknown as Promise<{ rows: unknown[] }>)).toBe(true);
  const rows = await again.db.select({ name: warehouses.whsName }).from(warehouses).where(eq(warehouses.whsId, 'T1'));
  await again.close();
  expect(rows).toEqual([{ name: 'Kept' }]);
}, 120_000);

it('an empty database or one short of the newest migration is not up to date', async () => {
  const empty = new PGlite();
  try {
    expect(await migrationsApplied((text) => empty.query(text))).toBe(false);
    await empty.exec('create schema drizzle; create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)');
    expect(await migrationsApplied((text) => empty.query(text))).toBe(false);
    await empty.exec('insert into drizzle.__drizzle_migrations (hash, created_at) values (\'x\', 1)');
    expect(await migrationsApplied((text) => empty.query(text))).toBe(false);
  } finally {
    await empty.close();
  }
}, 60_000);
