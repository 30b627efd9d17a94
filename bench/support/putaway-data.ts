import { openDatabase, type Db } from '../../src/server/db/client';
import { cells, pathways, zones } from '../../src/server/db/schema';
import { RACK_TYPE, STORAGE_AREA, TEMPERATURE_ZONE } from '../../src/shared/codes';
import { SKU_MIXING, SUPPLIER_MIXING } from '../../src/shared/resources/location-codes';
import { createTestSku, receivedAsnWithPutawayTask, type ReceivedAsn } from '../../tests/support/putaway-fixture';
import { loadNodeModules } from './app-bundle';

/**
 * Putaway work for the sync benches, written before the server serves the database: the demo
 * data, a zone of the bench's own and received ASNs whose putaway tasks the ops work through.
 */

/** The operator the benches queue ops as (support/browser.ts), and the warehouse they sign in to (the demo's). */
export { OPERATOR_EMAIL } from './browser';
export { DEMO_PASSWORD as OPERATOR_PASSWORD } from '../../tests/support/chromium';
export const BENCH_WHS = 'IDJKT1';

/** Where a bench's server keeps its data: a PGlite directory or a PostgreSQL database. */
export type DatabaseTarget = { dataDir: string } | { databaseUrl: string };

/** Migrates and seeds the demo data as the server would, then runs `work` on the database and closes it. */
export async function prepareDatabase<T>(target: DatabaseTarget, work: (db: Db) => Promise<T>): Promise<T> {
  const { seedDemo } = await loadNodeModules();
  const database = await openDatabase({ ...target, prepare: (db) => seedDemo(db) });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

/**
 * A zone of `count` cells that take anything (mixed SKUs and suppliers, no max qty), so a put
 * is never refused for room: the benches measure applying ops, not choosing cells.
 */
export async function createBenchCells(db: Db, zoneId: string, count: number): Promise<string[]> {
  const common = {
    whsId: BENCH_WHS, storageArea: STORAGE_AREA.values.MIX_AREA, rackType: RACK_TYPE.values.GROUND_STACKED, temperatureZone: TEMPERATURE_ZONE.values.NORMAL,
    skuMixing: SKU_MIXING.values.MIX_SKU, supplierMixing: SUPPLIER_MIXING.values.MIX,
  };
  const pathwayId = `${zoneId}-01`;
  await db.insert(zones).values({ ...common, zoneId, zoneName: `Bench ${zoneId}`, zoneClusterId: 'ZC-BULK', pickSequence: 990 });
  await db.insert(pathways).values({ whsId: BENCH_WHS, pathwayId, zoneId, pickSequence: 1 });
  const codes = Array.from({ length: count }, (_, i) => `${pathwayId}-01-${String(i + 1).padStart(3, '0')}`);
  await db.insert(cells).values(codes.map((locationCode, i) => ({ ...common, locationCode, zoneId, pathwayId, maxQty: null, pickSequence: i + 1 })));
  return codes;
}

/** A received ASN of `skuCount` new SKUs with `qtyPerSku` units each, and its pending putaway task (a line per SKU). */
export async function receivedPutawayTask(db: Db, skuPrefix: string, skuCount: number, qtyPerSku: number): Promise<ReceivedAsn> {
  const items = [];
  for (let i = 0; i < skuCount; i++) items.push({ skuId: await createTestSku(db, BENCH_WHS, skuPrefix), qty: qtyPerSku });
  return receivedAsnWithPutawayTask(db, items, { whsId: BENCH_WHS });
}
