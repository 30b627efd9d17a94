import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { skus } from '../src/server/db/schema';
import { listPage, type ListRequest } from '../src/server/http/list-query';
import { listInputSchema } from '../src/shared/resources/schemas';
import { skuResource } from '../src/shared/resources/sku.resource';
import type { BenchModule } from './support/bench';
import { createFreshDatabase, dropDatabase } from './support/postgres';
import { round, summary } from './support/stats';

/**
 * list_p95_ms_1m_rows: the derived list query (http/list-query.ts, what every resource list
 * runs) on PostgreSQL over one warehouse's SKUs at 10k, 100k and 1M rows, for the shapes a list
 * page asks: first and a deep page, a sort, a "containing" name, an enum, a range and a card
 * of ids. The figure is the worst shape's p95 at 1M; details give every shape at every size.
 * PostgreSQL from BENCH_DATABASE_URL (default: the local one), in a database of its own.
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

export const listBench: BenchModule = {
  name: 'list',
  keys: ['list_p95_ms_1m_rows'],
  async run({ log }) {
    const database = await openDatabase({ databaseUrl: await createFreshDatabase(DB_NAME) });
    const { db } = database;
    const input = listInputSchema(skuResource);
    const bySize: Record<string, Record<string, ReturnType<typeof summary>>> = {};
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
          const samples: number[] = [];
          for (let i = 0; i < WARM_UP + RUNS; i++) {
            const started = performance.now();
            await listPage(db, skuResource, skus, request, WHS);
            if (i >= WARM_UP) samples.push(performance.now() - started);
          }
          shapes[shape] = summary(samples);
        }
        bySize[size] = shapes;
        log(`${size.toLocaleString('en')} rows: worst p95 ${Math.max(...Object.values(shapes).map((s) => s.p95))} ms`);
      }
    } finally {
      await database.close();
      await dropDatabase(DB_NAME);
    }
    const worst = (size: number) => Math.max(...Object.values(bySize[size]!).map((s) => s.p95));
    return {
      figures: { list_p95_ms_1m_rows: round(worst(1_000_000), 1) },
      details: {
        by_size: bySize,
        worst_p95_ms: Object.fromEntries(SIZES.map((s) => [s, worst(s)])),
        ratio_1m_to_10k: round(worst(1_000_000) / worst(10_000), 2),
        runs_per_shape: RUNS,
      },
    };
  },
};
