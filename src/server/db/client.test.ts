import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from './client';
import { warehouses } from './schema';

const parent = mkdtempSync(path.join(tmpdir(), 'tally-client-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

it('creates a missing PGlite data directory, migrates it, and finds the same data when opened again', async () => {
  const dataDir = path.join(parent, 'data');
  const first = await openDatabase({ dataDir });
  await first.db.insert(warehouses).values({ whsId: 'T1', whsName: 'Kept' });
  await first.close();
  const again = await openDatabase({ dataDir });
  const rows = await again.db.select({ name: warehouses.whsName }).from(warehouses).where(eq(warehouses.whsId, 'T1'));
  await again.close();
  expect(rows).toEqual([{ name: 'Kept' }]);
}, 120_000);
