import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { skus } from '../src/server/db/schema';
import { listPage, type ListRequest, type ListSource } from '../src/server/http/list-query';
import { INVENTORY_MAP_READS } from '../src/server/modules/inventory/inventory-map.reads';
import { rebuildStockTotals } from '../src/server/modules/inventory/zone-stock';
import { STOCK_LOCATION_TYPE } from '../src/shared/codes';
import type { ResourceDef } from '../src/shared/resources/define';
import {
  inventoryTransactionResource, onhandDetailResource, onhandInventoryResource, skuBatchInventoryResource, zoneInventoryResource,
} from '../src/shared/resources/inventory-map.resource';
import { listInputSchema } from '../src/shared/resources/schemas';
import { skuResource } from '../src/shared/resources/sku.resource';
import type { BenchModule } from './support/bench';
import { createFreshDatabase, dropDatabase } from './support/postgres';
import { round, summary } from './support/stats';

/**
 * list_p95_ms_1m_rows: the derived list query (http/list-query.ts, what every resource list
 * runs) on PostgreSQL at 10k, 100k and 1M rows of one warehouse — first its SKUs, for the shapes
 * a list page asks (first and a deep page, a sort, a "containing" name, an enum, a range and a
 * card of ids), then its inventory: 10k/100k/1M stock balances, each with its Received ledger
 * row, read through the inventory maps (on hand per SKU, a SKU's balances, the transaction log,
 * batches, zone totals). The figure is the worst shape's p95 at 1M of either; details give every
 * shape at every size. PostgreSQL from BENCH_DATABASE_URL (default: the local one), in a database of its own.
 */
const DB_NAME = 'tally_bench_list';
const SIZES = [10_000, 100_000, 1_000_000] as const;
const RUNS = 25;
const WARM_UP = 3;
const WHS = 'BENCH1';

const SHAPES: Record<string, Record<string, string>> = {
  first_page: {},
  page_50: { page_no: '50' },
  sort_weight_desc: { sort_by: 'weight_g', sort_desc: '1' },
  name_contains: { sku_name: 'abc1' },
  abc_class: { abc_class: '2' },
  shelf_life_range: { shelf_life_days_from: '10', shelf_life_days_to: '20' },
  card_ids: { sku_id: 'SKU00000007,SKU00004242,SKU00099999,SKU00500000,SKU00999999' },
};

/** The inventory shapes: a map's list as the page asks it, over its read model. */
const INVENTORY_SHAPES: Record<string, { def: ResourceDef; query: string; input: Record<string, string> }> = {
  onhand_first_page: { def: onhandInventoryResource, query: 'onhand_by_sku', input: {} },
  onhand_page_50: { def: onhandInventoryResource, query: 'onhand_by_sku', input: { page_no: '50' } },
  onhand_card_skus: { def: onhandInventoryResource, query: 'onhand_by_sku', input: { sku_id: 'SKU00000007,SKU00000420,SKU00000999' } },
  sku_balances: { def: onhandDetailResource, query: 'balances', input: { sku_id: 'SKU00000420' } },
  transactions_first_page: { def: inventoryTransactionResource, query: 'transactions', input: {} },
  transactions_of_sku: { def: inventoryTransactionResource, query: 'transactions', input: { sku_id: 'SKU00000420' } },
  transactions_at_location: { def: inventoryTransactionResource, query: 'transactions', input: { location_id: 'BZ-0001-0042' } },
  sku_batches_first_page: { def: skuBatchInventoryResource, query: 'sku_batches', input: {} },
  zone_totals: { def: zoneInventoryResource, query: 'zone_totals', input: {} },
};
/** Cells the balances are spread over (in 20 zones), and balances per SKU. */
const CELLS = 20_000;
const BALANCES_PER_SKU = 10;
const IN_CELL = STOCK_LOCATION_TYPE.values.CELL;

/**
 * Adds balances in cells (and their SKUs' batches and Received ledger rows) numbered `from`..`to`.
 * Until 2026-11-28 they were written as outbound staging (location type 3, the zone/pathway/cell
 * code list's "cell" taken for the stock one's): the zone totals, which count cells only, then read
 * no balance, and their 64 ms was a scan of rows that all failed the filter.
 */
async function addBalances(db: Awaited<ReturnType<typeof openDatabase>>['db'], from: number, to: number): Promise<void> {
  const skuOf = (g: string) => `'SKU' || lpad(((${g} - 1) / ${BALANCES_PER_SKU} + 1)::text, 8, '0')`;
  await db.execute(sql.raw(`insert into sku_batches (whs_id, sku_id, batch_id, expiry_date)
    select '${WHS}', ${skuOf('g')}, 'B1', date '2027-01-01' + (g % 400)
    from generate_series(${from}, ${to}) g where (g - 1) % ${BALANCES_PER_SKU} = 0`));
  const cell = `'BZ-' || lpad(((g::bigint * 7919) % ${CELLS} / 1000 + 1)::text, 4, '0') || '-' || lpad(((g::bigint * 7919) % ${CELLS} % 1000 + 1)::text, 4, '0')`;
  await db.execute(sql.raw(`insert into location_inventory (whs_id, location_id, location_type, sku_id, batch_id, quality, onhand_qty)
    select '${WHS}', ${cell}, ${IN_CELL}, ${skuOf('g')}, 'B1', 1, 1 + g % 50 from generate_series(${from}, ${to}) g`));
  await db.execute(sql.raw(`insert into inventory_transactions (whs_id, txn_type, direction, location_id, location_type, sku_id, batch_id, quality, qty, onhand_after, ref_type, ref_no, created_at)
    select '${WHS}', 7, 1, ${cell}, ${IN_CELL}, ${skuOf('g')}, 'B1', 1, 1 + g % 50, 1 + g % 50, 1, 'ASN-BENCH', timestamptz '2026-01-01' + g * interval '1 second'
    from generate_series(${from}, ${to}) g`));
  // The balances bypass the ledger, which keeps the zone stock the zone totals read: recompute it,
  // as the ledger would have left it (seeding only; the timed reads are the same list calls).
  await rebuildStockTotals(db, WHS);
}

/** The zones and cells the balances lie in. */
async function addCells(db: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<void> {
  const setup = `storage_area, rack_type, temperature_zone, sku_mixing, supplier_mixing`;
  const values = `2, 3, 0, 3, 1`;
  await db.execute(sql.raw(`insert into parks (whs_id, park_id, park_name) values ('${WHS}', 'BP', 'Bench park')`));
  await db.execute(sql.raw(`insert into zone_clusters (whs_id, zone_cluster_id, zone_cluster_name, park_id, zone_sector_id, zone_sector_name)
    values ('${WHS}', 'BZC', 'Bench cluster', 'BP', 'BS', 'Bench sector')`));
  await db.execute(sql.raw(`insert into zones (whs_id, zone_id, zone_name, zone_cluster_id, pick_sequence, ${setup})
    select '${WHS}', 'BZ-' || lpad(z::text, 4, '0'), 'Bench zone ' || z, 'BZC', z, ${values} from generate_series(1, ${CELLS / 1000}) z`));
  await db.execute(sql.raw(`insert into pathways (whs_id, pathway_id, zone_id, pick_sequence)
    select '${WHS}', 'BZ-' || lpad(z::text, 4, '0') || '-P', 'BZ-' || lpad(z::text, 4, '0'), 1 from generate_series(1, ${CELLS / 1000}) z`));
  await db.execute(sql.raw(`insert into cells (whs_id, location_code, zone_id, pathway_id, pick_sequence, ${setup})
    select '${WHS}', 'BZ-' || lpad((c / 1000 + 1)::text, 4, '0') || '-' || lpad((c % 1000 + 1)::text, 4, '0'), 'BZ-' || lpad((c / 1000 + 1)::text, 4, '0'),
      'BZ-' || lpad((c / 1000 + 1)::text, 4, '0') || '-P', c % 1000 + 1, ${values}
    from generate_series(0, ${CELLS - 1}) c`));
}

/** p50/p95 of `runs` calls after the warm-up. */
async function timed(run: () => Promise<unknown>): Promise<ReturnType<typeof summary>> {
  const samples: number[] = [];
  for (let i = 0; i < WARM_UP + RUNS; i++) {
    const started = performance.now();
    await run();
    if (i >= WARM_UP) samples.push(performance.now() - started);
  }
  return summary(samples);
}

export const listBench: BenchModule = {
  name: 'list',
  keys: ['list_p95_ms_1m_rows'],
  async run({ log }) {
    const database = await openDatabase({ databaseUrl: await createFreshDatabase(DB_NAME) });
    const { db } = database;
    const input = listInputSchema(skuResource);
    const bySize: Record<string, Record<string, ReturnType<typeof summary>>> = {};
    const inventoryBySize: Record<string, Record<string, ReturnType<typeof summary>>> = {};
    try {
      await db.execute(sql`insert into warehouses (whs_id, whs_name) values (${WHS}, 'Bench')`);
      let rows = 0;
      for (const size of SIZES) {
        await db.execute(sql.raw(`insert into skus (whs_id, sku_id, sku_name, unit, weight_g, abc_class, shelf_life_days, category)
          select '${WHS}', 'SKU' || lpad(g::text, 8, '0'), 'Product ' || md5(g::text), 'pcs', g % 50000, g % 4, g % 700, 'Category ' || (g % 40)
          from generate_series(${rows + 1}, ${size}) g`));
        rows = size;
        await db.execute(sql`analyze skus`);
        const shapes: Record<string, ReturnType<typeof summary>> = {};
        for (const [shape, query] of Object.entries(SHAPES)) {
          const request = input.parse(query) as ListRequest;
          shapes[shape] = await timed(() => listPage(db, skuResource, skus, request, WHS));
        }
        bySize[size] = shapes;
        log(`${size.toLocaleString('en')} SKUs: worst p95 ${Math.max(...Object.values(shapes).map((s) => s.p95))} ms`);
      }
      await addCells(db);
      let balances = 0;
      for (const size of SIZES) {
        await addBalances(db, balances + 1, size);
        balances = size;
        await db.execute(sql`analyze`);
        const shapes: Record<string, ReturnType<typeof summary>> = {};
        for (const [shape, { def, query, input: raw }] of Object.entries(INVENTORY_SHAPES)) {
          const request = listInputSchema(def).parse(raw) as ListRequest;
          const source: ListSource = INVENTORY_MAP_READS[query]!;
          shapes[shape] = await timed(() => listPage(db, def, source, request, WHS));
        }
        inventoryBySize[size] = shapes;
        log(`${size.toLocaleString('en')} balances: worst p95 ${Math.max(...Object.values(shapes).map((s) => s.p95))} ms (${Object.entries(shapes).map(([k, v]) => `${k} ${v.p95}`).join(', ')})`);
      }
    } finally {
      await database.close();
      await dropDatabase(DB_NAME);
    }
    const worstOf = (table: typeof bySize) => (size: number) => Math.max(...Object.values(table[size]!).map((s) => s.p95));
    const worst = (size: number) => Math.max(worstOf(bySize)(size), worstOf(inventoryBySize)(size));
    return {
      figures: { list_p95_ms_1m_rows: round(worst(1_000_000), 1) },
      details: {
        skus: { by_size: bySize, worst_p95_ms: Object.fromEntries(SIZES.map((s) => [s, worstOf(bySize)(s)])) },
        inventory: {
          by_size: inventoryBySize, worst_p95_ms: Object.fromEntries(SIZES.map((s) => [s, worstOf(inventoryBySize)(s)])),
          cells: CELLS, balances_per_sku: BALANCES_PER_SKU,
        },
        worst_p95_ms: Object.fromEntries(SIZES.map((s) => [s, worst(s)])),
        ratio_1m_to_10k: round(worst(1_000_000) / worst(10_000), 2),
        runs_per_shape: RUNS,
      },
    };
  },
};
