import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { PICKING_TYPE } from '../src/shared/codes';
import { loadNodeModules } from './support/app-bundle';
import type { StandaloneBenchModule } from './support/bench';
import { claimedPickWave } from './support/pick-data';
import { createFreshDatabase, dropDatabase } from './support/postgres';
import { BENCH_WHS, prepareDatabase } from './support/putaway-data';
import { round, summary } from './support/stats';

/**
 * sorting_presort_p95_ms, sorting_sort_p95_ms: the server's apply of a pre-sorted unit and of a
 * sorted unit, on PostgreSQL with the demo warehouse: 48 orders of 2 units (24 SKUs) picked in one
 * pick-to-wave wave into a basket (the server's own claim and picks, in process); a bench sorting rule
 * sends it to put wall SRT-02 with 60 slots. The basket is pre-sorted at PRS-01 unit by unit into one
 * tote (`outbound.sorting.presort`'s apply: order and task locked, the tote bound on the first unit,
 * units left read, the ledger move, the scan), then the tote is sorted at SRT-02 unit by unit into the
 * orders' slots (`outbound.sorting.sort`'s apply), one transaction each, as the server runs them.
 */

const DB_NAME = 'tally_bench_sorting';
const ORDERS = 48;
const QTY = 2;
const BASKET = 'BSK030';
const TOTE = 'CART027';
const PRE_STATION = 'PRS-01';
const WALL = 'SRT-02';
const TZ = 'Asia/Jakarta';

export const sortingBench: StandaloneBenchModule = {
  name: 'sorting',
  keys: ['sorting_presort_p95_ms', 'sorting_sort_p95_ms'],
  standalone: true,
  async run({ log }) {
    const databaseUrl = await createFreshDatabase(DB_NAME);
    try {
      const { applyPicks, applyPreSort, applySort, startSorting } = await loadNodeModules();
      return await prepareDatabase({ databaseUrl }, async (db) => {
        const { rows: [operator] } = (await db.execute(sql`select user_id from users where email = 'operator@demo.local'`)) as unknown as { rows: { user_id: number }[] };
        const userId = operator!.user_id;
        await db.execute(sql`insert into sorting_rules (whs_id, rule_name, priority, station_ids, wall_slots, picking_type, min_orders, status)
          values (${BENCH_WHS}, 'Bench put wall', 1, ${WALL}, 60, ${PICKING_TYPE.values.PICK_TO_WAVE}, 2, 1)`);
        const picking = await claimedPickWave(db, userId, {
          prefix: 'SRB', orders: ORDERS, linesPerOrder: 1, qtyPerLine: QTY, skus: 24, stockPerSku: 100, container: BASKET,
        });
        await db.transaction((tx) => applyPicks(tx, BENCH_WHS, userId, picking.lines.map((l) => ({
          opId: randomUUID(), pick: { task_no: picking.taskNo, alloc_id: l.alloc_id, location: l.location_id, sku_id: l.sku_id, qty: l.qty },
        }))));
        const actor = () => ({ userId, opId: randomUUID() });
        const timed = async <T>(into: number[], work: () => Promise<T>): Promise<T> => {
          const t0 = performance.now();
          const result = await work();
          into.push(performance.now() - t0);
          return result;
        };
        const startMs: number[] = [];
        const presortMs: number[] = [];
        const pre = await timed(startMs, () => db.transaction((tx) => startSorting(tx, BENCH_WHS, userId, PRE_STATION, BASKET, TZ)));
        for (const order of pre.orders) {
          for (const line of order.lines) {
            for (let unit = 0; unit < line.qty; unit++) {
              await timed(presortMs, () => db.transaction((tx) => applyPreSort(tx, BENCH_WHS, actor(), {
                task_no: pre.task.task_no, order_no: order.order_no, sku_id: line.sku_id, qty: 1, station_id: order.slot_container, tote_code: TOTE,
              })));
            }
          }
        }
        const sortMs: number[] = [];
        const wall = await timed(startMs, () => db.transaction((tx) => startSorting(tx, BENCH_WHS, userId, WALL, TOTE, TZ)));
        for (const order of wall.orders) {
          for (const line of order.lines) {
            for (let unit = 0; unit < line.qty; unit++) {
              await timed(sortMs, () => db.transaction((tx) => applySort(tx, BENCH_WHS, actor(), {
                task_no: wall.task.task_no, order_no: order.order_no, sku_id: line.sku_id, qty: 1, slot_no: order.slot_no,
              })));
            }
          }
        }
        const { rows: [outcome] } = (await db.execute(sql`select
            (select count(*)::int from sales_orders where whs_id = ${BENCH_WHS} and order_no like 'SRBO%' and status = 13) as sorted_orders,
            (select coalesce(sum(onhand_qty), 0)::int from location_inventory where whs_id = ${BENCH_WHS} and location_id in (${BASKET}, ${TOTE})) as left_in_basket_and_tote,
            (select count(*)::int from sorting_tasks where whs_id = ${BENCH_WHS} and task_no in (${pre.task.task_no}, ${wall.task.task_no}) and status = 2) as tasks_done`)) as unknown as { rows: Record<string, number>[] };
        if (outcome!.sorted_orders !== ORDERS || outcome!.left_in_basket_and_tote !== 0 || outcome!.tasks_done !== 2) throw new Error(`Sorting bench ended wrong: ${JSON.stringify(outcome)}`);
        const presort = summary(presortMs);
        const sort = summary(sortMs);
        log(`${ORDERS} orders, ${ORDERS * QTY} units: pre-sort p95 ${presort.p95} ms, sort p95 ${sort.p95} ms`);
        return {
          figures: { sorting_presort_p95_ms: presort.p95, sorting_sort_p95_ms: sort.p95 },
          details: {
            orders: ORDERS, units: ORDERS * QTY, presort_ms: presort, sort_ms: sort, start_ms: summary(startMs), outcome,
            database: 'PostgreSQL (a database of its own), the demo warehouse', machine_load_1m: round(os.loadavg()[0]!, 1),
          },
        };
      });
    } finally {
      await dropDatabase(DB_NAME);
    }
  },
};
