import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';
import { CYCLE_COUNT_KIND, CYCLE_COUNT_ORDER_TYPE, CYCLE_COUNT_SCOPE, CYCLE_COUNT_SOURCE } from '../src/shared/codes';
import { loadNodeModules } from './support/app-bundle';
import type { BenchLog, StandaloneBenchModule } from './support/bench';
import { NO_CC_CRITERIA } from './support/cc-data';
import { createFreshDatabase, dropDatabase } from './support/postgres';
import { BENCH_WHS, prepareDatabase, type DatabaseTarget } from './support/putaway-data';
import { round } from './support/stats';

/**
 * cc_create_100k_locations_s: a full location cycle count order over 100,000 active cells, made as
 * the create page makes it (`createOrder` in a transaction, source manual) and built by the
 * background worker's queue (`runPendingCcBuilds`, what the server's cc-build worker polls), in
 * process against the database; the wall time from the create to the order built (lines and
 * round-1 tasks). The cells are 20 zones of 50 pathways of 100, written by SQL; 20,000 SKUs in 3
 * cells each (a cell holds one, two or none, so about half the lines are locations counted empty).
 * The figure is PostgreSQL's; PGlite's is in the details (`BENCH_CC_CREATE_PGLITE=0` skips it).
 */

const ZONES = 20;
const PATHWAYS_PER_ZONE = 50;
const CELLS_PER_PATHWAY = 100;
const CELLS = ZONES * PATHWAYS_PER_ZONE * CELLS_PER_PATHWAY;
const SKUS = 20_000;
const CELLS_PER_SKU = 3;

const PER_ZONE = PATHWAYS_PER_ZONE * CELLS_PER_PATHWAY;
const zoneOf = (i: SQL) => sql`'CZ' || lpad((1 + (${i}) / ${sql.raw(String(PER_ZONE))})::text, 2, '0')`;
const pathwayOf = (i: SQL) => sql`${zoneOf(i)} || '-' || lpad((1 + ((${i}) % ${sql.raw(String(PER_ZONE))}) / ${sql.raw(String(CELLS_PER_PATHWAY))})::text, 2, '0')`;
/** Cell `i` (0-based): zone i / 5000 + 1, pathway (i % 5000) / 100 + 1, position i % 100 + 1. */
const cellOf = (i: SQL) => sql`${pathwayOf(i)} || '-' || lpad((1 + (${i}) % ${sql.raw(String(CELLS_PER_PATHWAY))})::text, 3, '0')`;

async function writeCells(db: Db): Promise<string[]> {
  const i = sql.raw('i');
  await db.execute(sql`insert into zones (whs_id, zone_id, zone_name, zone_cluster_id, storage_area, rack_type, temperature_zone, sku_mixing, supplier_mixing, pick_sequence)
    select ${BENCH_WHS}, ${zoneOf(sql.raw(`(z - 1) * ${PER_ZONE}`))}, 'Count bench zone ' || z, 'ZC-AMB', 2, 5, 0, 3, 1, 800 + z from generate_series(1, ${ZONES}) z`);
  await db.execute(sql`insert into pathways (whs_id, pathway_id, zone_id, pick_sequence)
    select ${BENCH_WHS}, ${pathwayOf(i)}, ${zoneOf(i)}, 1 + (i % ${PER_ZONE}) / ${CELLS_PER_PATHWAY} from generate_series(0, ${CELLS - 1}, ${CELLS_PER_PATHWAY}) i`);
  await db.execute(sql`insert into cells (whs_id, location_code, zone_id, pathway_id, storage_area, rack_type, temperature_zone, sku_mixing, supplier_mixing, pick_sequence)
    select ${BENCH_WHS}, ${cellOf(i)}, ${zoneOf(i)}, ${pathwayOf(i)}, 2, 5, 0, 3, 1, 1 + i % ${CELLS_PER_PATHWAY} from generate_series(0, ${CELLS - 1}) i`);
  await db.execute(sql`insert into skus (whs_id, sku_id, sku_name, barcode, temperature_zone)
    select ${BENCH_WHS}, 'CCB' || lpad(g::text, 6, '0'), 'Count bench item ' || g, '66' || lpad(g::text, 10, '0'), 0 from generate_series(1, ${SKUS}) g`);
  await db.execute(sql`insert into sku_batches (whs_id, sku_id, batch_id, expiry_date)
    select ${BENCH_WHS}, 'CCB' || lpad(g::text, 6, '0'), 'CCBB' || g, null from generate_series(1, ${SKUS}) g`);
  // SKU g's k-th cell: spread over the zones by strides (a cell may hold several SKUs).
  await db.execute(sql`insert into location_inventory (whs_id, location_id, location_type, sku_id, batch_id, quality, onhand_qty)
    select ${BENCH_WHS}, ${cellOf(sql.raw(`(g * 7919 + k * 33331) % ${CELLS}`))}, 1, 'CCB' || lpad(g::text, 6, '0'), 'CCBB' || g, 1, 1 + (g + k) % 30
    from generate_series(1, ${SKUS}) g, generate_series(0, ${CELLS_PER_SKU - 1}) k
    on conflict do nothing`);
  await db.execute(sql`select rebuild_stock_totals(${BENCH_WHS})`);
  await db.execute(sql`analyze`);
  return Array.from({ length: ZONES }, (_, z) => `CZ${String(z + 1).padStart(2, '0')}`);
}

interface Created {
  seconds: number;
  create_s: number;
  build_s: number;
  order: Record<string, unknown>;
}

/** Makes and builds the order on a freshly seeded database; answers the timings and what was built. */
async function createAndBuild(target: DatabaseTarget, log: BenchLog, engine: string): Promise<Created> {
  const { createOrder, runPendingCcBuilds } = await loadNodeModules();
  return prepareDatabase(target, async (db) => {
    const written = performance.now();
    const zoneIds = await writeCells(db);
    log(`${engine}: ${CELLS} cells and their stock written in ${round((performance.now() - written) / 1000, 1)} s`);
    const { rows: [admin] } = (await db.execute(sql`select user_id from users where email = 'admin@demo.local'`)) as unknown as { rows: { user_id: number }[] };
    const started = performance.now();
    const made = await db.transaction((tx) => createOrder(tx, BENCH_WHS, {
      orderType: CYCLE_COUNT_ORDER_TYPE.values.FULL, kind: CYCLE_COUNT_KIND.values.LOCATION, scope: CYCLE_COUNT_SCOPE.values.CUSTOMIZED,
      criteria: { ...NO_CC_CRITERIA, zone_ids: zoneIds }, source: CYCLE_COUNT_SOURCE.values.MANUAL, createdBy: admin!.user_id,
    }));
    const created = performance.now();
    const builds = await runPendingCcBuilds(db);
    const built = performance.now();
    const { rows: [order] } = (await db.execute(sql`select o.creation_status, o.location_count, o.sku_count, o.fail_reason,
        (select count(*)::int from cc_order_lines l where l.whs_id = o.whs_id and l.order_no = o.order_no) as lines,
        (select count(*)::int from cc_tasks t where t.whs_id = o.whs_id and t.order_no = o.order_no) as tasks,
        (select count(*)::int from cc_task_locations tl join cc_tasks t on t.whs_id = tl.whs_id and t.task_no = tl.task_no
          where t.whs_id = o.whs_id and t.order_no = o.order_no) as task_locations
      from cc_orders o where o.whs_id = ${BENCH_WHS} and o.order_no = ${made.orderNo}`)) as unknown as { rows: Record<string, unknown>[] };
    if (order?.location_count !== CELLS) throw new Error(`The order was not built over the ${CELLS} cells: ${JSON.stringify(order)}`);
    const result = {
      seconds: round((built - started) / 1000, 2), create_s: round((created - started) / 1000, 2), build_s: round((built - created) / 1000, 2),
      order: { order_no: made.orderNo, creation_status_at_create: made.creationStatus, builds_run: builds, ...order },
    };
    log(`${engine}: ${result.seconds} s (create ${result.create_s} s, background build ${result.build_s} s): ${JSON.stringify(result.order)}`);
    return result;
  });
}

export const ccCreateBench: StandaloneBenchModule = {
  name: 'cc-create',
  keys: ['cc_create_100k_locations_s'],
  standalone: true,
  async run({ log }) {
    const dbName = 'tally_bench_cc_create';
    let postgres: Created;
    try {
      postgres = await createAndBuild({ databaseUrl: await createFreshDatabase(dbName) }, log, 'PostgreSQL');
    } finally {
      await dropDatabase(dbName);
    }
    let pglite: Created | string = 'skipped (BENCH_CC_CREATE_PGLITE=0)';
    if (process.env.BENCH_CC_CREATE_PGLITE !== '0') {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tally-bench-cc-create-'));
      try {
        pglite = await createAndBuild({ dataDir }, log, 'PGlite');
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    return {
      figures: { cc_create_100k_locations_s: postgres.seconds },
      details: {
        cells: CELLS, zones: ZONES, pathways: ZONES * PATHWAYS_PER_ZONE, skus: SKUS, balances_per_sku: CELLS_PER_SKU,
        postgres, pglite, machine_load_1m: round(os.loadavg()[0]!, 1),
      },
    };
  },
};
