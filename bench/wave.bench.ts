import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';
import { PICKING_TYPE } from '../src/shared/codes';
import { WAVE_ORDERS_MAX } from '../src/shared/contract/wave.contract';
import { loadNodeModules } from './support/app-bundle';
import type { StandaloneBenchModule } from './support/bench';
import { createFreshDatabase, dropDatabase } from './support/postgres';
import { BENCH_WHS, prepareDatabase } from './support/putaway-data';
import { round, summary } from './support/stats';

/**
 * wave_10k_orders_s: 10,000 sales orders (1 to 5 lines, 3 on average) allocated and released in
 * waves over 1,000,000 stock balances, on PostgreSQL. The balances (20,000 SKUs in 50 cells each,
 * over 20,000 cells in 20 zones, half of them picking area, a third of the SKUs in dated batches)
 * and the orders are written by SQL first; the figure is the wall time of releasing every order in
 * waves of WAVE_ORDERS_MAX (each wave allocates its orders by the allocate rule, skips the short
 * ones, and cuts the picking tasks), run in this process against the database, as the auto wave
 * run does on the server.
 */

const DB_NAME = 'tally_bench_wave';
const ZONES = 20;
const CELLS_PER_ZONE = 1_000;
const SKUS = 20_000;
const CELLS_PER_SKU = 50;
const ORDERS = 10_000;

async function writeStock(db: Db, whsId: string): Promise<void> {
  await db.execute(sql`insert into zones (whs_id, zone_id, zone_name, zone_cluster_id, storage_area, rack_type, temperature_zone, sku_mixing, supplier_mixing, pick_sequence)
    select ${whsId}, 'WZ' || lpad(z::text, 2, '0'), 'Wave bench zone ' || z, 'ZC-AMB', case when z % 2 = 0 then 1 else 2 end, 5, 0, 3, 1, 100 + z
    from generate_series(1, ${ZONES}) z`);
  await db.execute(sql`insert into pathways (whs_id, pathway_id, zone_id, pick_sequence)
    select ${whsId}, 'WZ' || lpad(z::text, 2, '0') || '-01', 'WZ' || lpad(z::text, 2, '0'), 1 from generate_series(1, ${ZONES}) z`);
  await db.execute(sql`insert into cells (whs_id, location_code, zone_id, pathway_id, storage_area, rack_type, temperature_zone, sku_mixing, supplier_mixing, pick_sequence)
    select ${whsId}, 'WZ' || lpad(z::text, 2, '0') || '-01-' || lpad(c::text, 4, '0'), 'WZ' || lpad(z::text, 2, '0'), 'WZ' || lpad(z::text, 2, '0') || '-01',
      case when z % 2 = 0 then 1 else 2 end, 5, 0, 3, 1, c
    from generate_series(1, ${ZONES}) z, generate_series(1, ${CELLS_PER_ZONE}) c`);
  await db.execute(sql`insert into skus (whs_id, sku_id, sku_name, barcode, temperature_zone)
    select ${whsId}, 'WV' || lpad(g::text, 6, '0'), 'Wave bench item ' || g, '77' || lpad(g::text, 10, '0'), 0 from generate_series(1, ${SKUS}) g`);
  await db.execute(sql`insert into sku_batches (whs_id, sku_id, batch_id, expiry_date)
    select ${whsId}, 'WV' || lpad(g::text, 6, '0'), 'WB' || g || '-' || b, case when g % 3 = 0 then current_date + (30 * b + g % 30) else null end
    from generate_series(1, ${SKUS}) g, generate_series(1, 2) b`);
  // Each SKU in CELLS_PER_SKU cells spread over the zones, in two batches.
  await db.execute(sql`insert into location_inventory (whs_id, location_id, location_type, sku_id, batch_id, quality, onhand_qty)
    select ${whsId}, 'WZ' || lpad((1 + (g * 7 + k * 13) % ${ZONES})::text, 2, '0') || '-01-' || lpad((1 + (g * 31 + k * 401) % ${CELLS_PER_ZONE})::text, 4, '0'),
      1, 'WV' || lpad(g::text, 6, '0'), 'WB' || g || '-' || (1 + k % 2), 1, 5 + (g + k) % 40
    from generate_series(1, ${SKUS}) g, generate_series(1, ${CELLS_PER_SKU}) k
    on conflict do nothing`);
  await db.execute(sql`select rebuild_stock_totals(${whsId})`);
  await db.execute(sql`analyze`);
}

async function writeOrders(db: Db, whsId: string): Promise<string[]> {
  await db.execute(sql`insert into sales_orders (whs_id, order_no, external_no, status, priority, source, line_count, total_qty, lines_hash, created_at)
    select ${whsId}, 'WSO' || lpad(o::text, 6, '0'), 'WEXT' || o, 0, case when o % 10 = 0 then 3 else 2 end, 3, 1 + (o * 7) % 5, 1, 'bench',
      now() - make_interval(secs => ${ORDERS} - o)
    from generate_series(1, ${ORDERS}) o`);
  await db.execute(sql`insert into sales_order_lines (whs_id, order_no, line_no, sku_id, qty)
    select ${whsId}, 'WSO' || lpad(o::text, 6, '0'), l, 'WV' || lpad((1 + (o * 97 + l * 4099) % ${SKUS})::text, 6, '0'), 1 + (o + l) % 3
    from generate_series(1, ${ORDERS}) o, generate_series(1, 5) l where l <= 1 + (o * 7) % 5`);
  await db.execute(sql`update sales_orders o set total_qty = s.qty from (select order_no, sum(qty)::int as qty from sales_order_lines where whs_id = ${whsId} group by order_no) s
    where o.whs_id = ${whsId} and o.order_no = s.order_no`);
  await db.execute(sql`analyze`);
  const { rows } = (await db.execute(sql`select order_no from sales_orders where whs_id = ${whsId} and order_no like 'WSO%' order by order_no`)) as unknown as { rows: { order_no: string }[] };
  return rows.map((r) => r.order_no);
}

export const waveBench: StandaloneBenchModule = {
  name: 'wave',
  keys: ['wave_10k_orders_s'],
  standalone: true,
  async run({ log }) {
    const databaseUrl = await createFreshDatabase(DB_NAME);
    try {
      const { releaseWave } = await loadNodeModules();
      return await prepareDatabase({ databaseUrl }, async (db) => {
        const written = performance.now();
        await writeStock(db, BENCH_WHS);
        const orderNos = await writeOrders(db, BENCH_WHS);
        log(`${SKUS * CELLS_PER_SKU} balances and ${orderNos.length} orders written in ${round((performance.now() - written) / 1000, 1)} s`);
        const { rows: [admin] } = (await db.execute(sql`select user_id from users where email = 'admin@demo.local'`)) as unknown as { rows: { user_id: number }[] };
        const actor = { userId: admin!.user_id, timeZone: 'Asia/Jakarta' };
        const waveSeconds: number[] = [];
        let tasks = 0;
        let skipped = 0;
        const started = performance.now();
        for (let i = 0; i < orderNos.length; i += WAVE_ORDERS_MAX) {
          const t0 = performance.now();
          const result = await db.transaction((tx) => releaseWave(tx, BENCH_WHS, actor, {
            orderNos: orderNos.slice(i, i + WAVE_ORDERS_MAX), pickingType: PICKING_TYPE.values.PICK_TO_WAVE, maxUnitsPerTask: 200, isManual: false,
          }));
          waveSeconds.push((performance.now() - t0) / 1000);
          tasks += result.taskNos.length;
          skipped += result.skipped.length;
        }
        const seconds = round((performance.now() - started) / 1000, 2);
        const { rows: [counts] } = (await db.execute(sql`select count(*) filter (where status = 2)::int as picking, count(*) filter (where status = 9)::int as pending_pick,
            (select count(*)::int from outbound_allocations where whs_id = ${BENCH_WHS}) as allocations,
            (select count(*)::int from location_inventory where whs_id = ${BENCH_WHS} and prepick_qty > onhand_qty) as over_allocated
          from sales_orders where whs_id = ${BENCH_WHS} and order_no like 'WSO%'`)) as unknown as { rows: Record<string, number>[] };
        log(`${orderNos.length} orders in ${seconds} s: ${counts!.picking} released in ${waveSeconds.length} waves (${tasks} tasks), ${counts!.pending_pick} waiting for stock; over-allocated balances ${counts!.over_allocated}`);
        return {
          figures: { wave_10k_orders_s: seconds },
          details: {
            orders: orderNos.length, balances: SKUS * CELLS_PER_SKU, cells: ZONES * CELLS_PER_ZONE, skus: SKUS, orders_per_wave: WAVE_ORDERS_MAX,
            wave_seconds: summary(waveSeconds), tasks, skipped, outcome: counts, database: 'PostgreSQL (a database of its own)', machine_load_1m: round(os.loadavg()[0]!, 1),
          },
        };
      });
    } finally {
      await dropDatabase(DB_NAME);
    }
  },
};
