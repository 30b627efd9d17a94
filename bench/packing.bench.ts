import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';
import { loadNodeModules } from './support/app-bundle';
import type { StandaloneBenchModule } from './support/bench';
import { createFreshDatabase, dropDatabase } from './support/postgres';
import { BENCH_WHS, prepareDatabase } from './support/putaway-data';
import { round, summary } from './support/stats';

/**
 * packing_start_p95_ms, packing_pack_p95_ms: a packing station's two server calls, on PostgreSQL
 * with the demo warehouse: 300 checked orders of 4 SKUs (2 units each, on the order as checking
 * leaves them) are each started at PCK-01 (`start_packing`: the order locked, the task made, a
 * tracking number issued, the work read — lines, the packaging rule's suggestion, boxes) and packed
 * (`outbound.packing.pack`'s apply: units compared, boxes checked, two parcels weighed within
 * tolerance, cartons taken from consumable stock, parcels and their items written, labels and
 * packing list rendered and logged), one transaction each, as the server runs them.
 */

const DB_NAME = 'tally_bench_packing';
const ORDERS = 300;
const SKUS_PER_ORDER = 4;
const QTY = 2;
const STATION = 'PCK-01';
const BOX = 'CB-M';

/** Checked orders of the demo warehouse's SKUs for a packing station: `prefix` numbers them, the carrier and the receiver's address (with `n`, the order's number) are theirs. */
export interface CheckedOrderShape {
  prefix: string;
  orders: number;
  skusPerOrder: number;
  qty: number;
  carrier: string;
  address: (n: string) => string;
}

/**
 * Checked orders as checking leaves them (status Checked, each holding its units as a stock
 * location), of the demo SKUs with a batch each; consumables plentiful. Answers the order numbers.
 */
export async function writeCheckedOrders(db: Db, shape: CheckedOrderShape): Promise<string[]> {
  const { prefix, orders, skusPerOrder, qty } = shape;
  await db.execute(sql`create temporary table if not exists bench_skus as
    select row_number() over (order by b.sku_id) as n, b.sku_id, min(b.batch_id) as batch_id from sku_batches b
    where b.whs_id = ${BENCH_WHS} group by b.sku_id`);
  await db.execute(sql`insert into sales_orders (whs_id, order_no, external_no, status, priority, source, line_count, total_qty, lines_hash, carrier_name, receiver_name, receiver_address)
    select ${BENCH_WHS}, ${prefix} || lpad(o::text, 5, '0'), ${`${prefix}EXT`} || o, 6, 2, 3, ${skusPerOrder}, ${skusPerOrder * qty}, 'bench', ${shape.carrier}, 'Bench receiver ' || o,
      replace(${shape.address('{n}')}, '{n}', o::text)
    from generate_series(1, ${orders}) o`);
  await db.execute(sql`insert into location_inventory (whs_id, location_id, location_type, sku_id, batch_id, quality, onhand_qty)
    select ${BENCH_WHS}, ${prefix} || lpad(o::text, 5, '0'), 6, s.sku_id, s.batch_id, 1, ${qty}
    from generate_series(1, ${orders}) o cross join generate_series(1, ${skusPerOrder}) k
    join bench_skus s on s.n = 1 + ((o * 7 + k * 13) % (select count(*) from bench_skus))
    on conflict do nothing`);
  await db.execute(sql`select rebuild_stock_totals(${BENCH_WHS})`);
  await db.execute(sql`update consumable_balances set qty = 1000000 where whs_id = ${BENCH_WHS}`);
  await db.execute(sql`analyze`);
  const { rows } = (await db.execute(sql`select order_no from sales_orders where whs_id = ${BENCH_WHS} and order_no like ${`${prefix}%`} order by order_no`)) as unknown as { rows: { order_no: string }[] };
  return rows.map((r) => r.order_no);
}

export const packingBench: StandaloneBenchModule = {
  name: 'packing',
  keys: ['packing_start_p95_ms', 'packing_pack_p95_ms'],
  standalone: true,
  async run({ log }) {
    const databaseUrl = await createFreshDatabase(DB_NAME);
    try {
      const { startPacking, applyPack, weightBands, weightVerdict } = await loadNodeModules();
      return await prepareDatabase({ databaseUrl }, async (db) => {
        const orderNos = await writeCheckedOrders(db, {
          prefix: 'PBO', orders: ORDERS, skusPerOrder: SKUS_PER_ORDER, qty: QTY, carrier: 'SPX Express', address: (n) => `Jl. Bench ${n}, Jakarta`,
        });
        const { rows: [admin] } = (await db.execute(sql`select user_id from users where email = 'admin@demo.local'`)) as unknown as { rows: { user_id: number }[] };
        const userId = admin!.user_id;
        const startMs: number[] = [];
        const packMs: number[] = [];
        let parcels = 0;
        for (const orderNo of orderNos) {
          const t0 = performance.now();
          const work = await db.transaction((tx) => startPacking(tx, BENCH_WHS, userId, STATION, orderNo, 'Asia/Jakarta'));
          const t1 = performance.now();
          const tare = work.boxes.find((b) => b.consumable_id === BOX)!.tare_weight_g;
          const half = Math.ceil(work.lines.length / 2);
          const split = [work.lines.slice(0, half), work.lines.slice(half)].filter((part) => part.length > 0);
          const payload = {
            task_no: work.task.task_no, labelled_at: Math.floor(Date.now() / 1000),
            parcels: split.map((part) => ({
              box_id: BOX, filler_ids: [], items: part.map((l) => ({ sku_id: l.sku_id, qty: l.qty })),
              weight_g: Math.max(1, part.reduce((sum, l) => sum + l.qty * (l.unit_weight_g ?? 0), 0) + tare),
            })),
          };
          const result = await db.transaction(async (tx) => applyPack(tx, BENCH_WHS, { userId, opId: randomUUID() }, payload,
            async (expectedG, actualG) => weightVerdict(await weightBands(tx, BENCH_WHS), expectedG, actualG)));
          packMs.push(performance.now() - t1);
          startMs.push(t1 - t0);
          parcels += result.tracking_nos.length;
        }
        const { rows: [counts] } = (await db.execute(sql`select count(*) filter (where status = 11)::int as packed,
            (select count(*)::int from parcels where whs_id = ${BENCH_WHS} and order_no like 'PBO%') as parcels,
            (select count(*)::int from print_jobs where whs_id = ${BENCH_WHS} and kind = 'SHIPPING_LABEL') as labels_logged
          from sales_orders where whs_id = ${BENCH_WHS} and order_no like 'PBO%'`)) as unknown as { rows: Record<string, number>[] };
        const start = summary(startMs);
        const pack = summary(packMs);
        log(`${orderNos.length} orders: start p95 ${start.p95} ms, pack p95 ${pack.p95} ms; ${counts!.packed} packed in ${counts!.parcels} parcels`);
        return {
          figures: { packing_start_p95_ms: start.p95, packing_pack_p95_ms: pack.p95 },
          details: {
            orders: orderNos.length, skus_per_order: SKUS_PER_ORDER, parcels_per_order: 2, start_ms: start, pack_ms: pack, parcels_made: parcels, outcome: counts,
            database: 'PostgreSQL (a database of its own), the demo warehouse', machine_load_1m: round(os.loadavg()[0]!, 1),
          },
        };
      });
    } finally {
      await dropDatabase(DB_NAME);
    }
  },
};
