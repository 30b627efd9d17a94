import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';
import { CYCLE_COUNT_KIND, CYCLE_COUNT_ORDER_TYPE, CYCLE_COUNT_SCOPE, CYCLE_COUNT_SOURCE } from '../src/shared/codes';
import { cycleCountOps } from '../src/shared/ops/cycle-count.ops';
import { loadNodeModules } from './support/app-bundle';
import { NO_CC_CRITERIA } from './support/cc-data';
import { BENCH_WHS } from './support/putaway-data';
import { replayModule, type ReplayScenario } from './support/replay-engine';
import type { QueuedOp } from './support/replay-page';

/**
 * count_replay_ops_per_s_pglite / _postgres, count_replay_lost, count_replay_duplicated: the replay
 * engine (support/replay-engine.ts, the putaway replay's faults) draining a device's offline cycle
 * count. Each drain has its own zone of 5 pathways × 100 cells, 4 cells in 5 holding a SKU of their
 * own, and a full location count of it (5 tasks, a pathway each) made before the server starts. The
 * device walks each task's locations in order: 25 counts of 1 unit by the SKU's barcode where it
 * holds stock, one `empty` where it holds none (10,100 ops). Every op must be in `cc_counts` exactly
 * once (by its op id), every line counted 25, every location of the tasks counted.
 */

const PATHWAYS = 5;
const CELLS_PER_PATHWAY = 100;
const CELLS = PATHWAYS * CELLS_PER_PATHWAY;
/** Cells 5, 10, 15… are empty; the others hold one SKU each. */
const EMPTY_EVERY = 5;
const COUNTS_PER_SKU = 25;
const STOCKED = CELLS - CELLS / EMPTY_EVERY;
const OPS = STOCKED * COUNTS_PER_SKU + CELLS / EMPTY_EVERY;

interface CountStop {
  task_no: string;
  location_id: string;
  /** The barcode of the SKU there; null for an empty location. */
  barcode: string | null;
}

interface CountWork {
  orderNo: string;
  taskNos: string[];
  /** Every location of the tasks, in task and walking order. */
  stops: CountStop[];
}

/** A zone of cells with stock, and a full location count of it built in this transaction. */
async function countableZone(db: Db, prefix: string, operatorId: number): Promise<CountWork> {
  const { createOrder } = await loadNodeModules();
  const zone = `${prefix}Z`;
  const cell = (c: string) => sql`${zone} || '-' || lpad((1 + (${sql.raw(c)} - 1) / ${CELLS_PER_PATHWAY})::text, 2, '0') || '-' || lpad((1 + (${sql.raw(c)} - 1) % ${CELLS_PER_PATHWAY})::text, 3, '0')`;
  await db.execute(sql`insert into zones (whs_id, zone_id, zone_name, zone_cluster_id, storage_area, rack_type, temperature_zone, sku_mixing, supplier_mixing, pick_sequence)
    values (${BENCH_WHS}, ${zone}, ${`Count replay ${prefix}`}, 'ZC-AMB', 2, 5, 0, 3, 1, 990)`);
  await db.execute(sql`insert into pathways (whs_id, pathway_id, zone_id, pick_sequence)
    select ${BENCH_WHS}, ${zone} || '-' || lpad(p::text, 2, '0'), ${zone}, p from generate_series(1, ${PATHWAYS}) p`);
  await db.execute(sql`insert into cells (whs_id, location_code, zone_id, pathway_id, storage_area, rack_type, temperature_zone, sku_mixing, supplier_mixing, pick_sequence)
    select ${BENCH_WHS}, ${cell('c')}, ${zone}, ${zone} || '-' || lpad((1 + (c - 1) / ${CELLS_PER_PATHWAY})::text, 2, '0'), 2, 5, 0, 3, 1, c from generate_series(1, ${CELLS}) c`);
  const stocked = sql`generate_series(1, ${CELLS}) c where c % ${EMPTY_EVERY} <> 0`;
  await db.execute(sql`insert into skus (whs_id, sku_id, sku_name, barcode, temperature_zone)
    select ${BENCH_WHS}, ${`${prefix}SKU`} || lpad(c::text, 4, '0'), 'Count replay item ' || c, ${`779${prefix.length}`} || lpad(c::text, 9, '0'), 0 from ${stocked}`);
  await db.execute(sql`insert into sku_batches (whs_id, sku_id, batch_id, expiry_date)
    select ${BENCH_WHS}, ${`${prefix}SKU`} || lpad(c::text, 4, '0'), ${`${prefix}B`} || c, null from ${stocked}`);
  await db.execute(sql`insert into location_inventory (whs_id, location_id, location_type, sku_id, batch_id, quality, onhand_qty)
    select ${BENCH_WHS}, ${cell('c')}, 1, ${`${prefix}SKU`} || lpad(c::text, 4, '0'), ${`${prefix}B`} || c, 1, ${COUNTS_PER_SKU} from ${stocked}`);
  await db.execute(sql`select rebuild_stock_totals(${BENCH_WHS})`);
  const { orderNo } = await db.transaction((tx) => createOrder(tx, BENCH_WHS, {
    orderType: CYCLE_COUNT_ORDER_TYPE.values.FULL, kind: CYCLE_COUNT_KIND.values.LOCATION, scope: CYCLE_COUNT_SCOPE.values.CUSTOMIZED,
    criteria: { ...NO_CC_CRITERIA, zone_ids: [zone] }, source: CYCLE_COUNT_SOURCE.values.MANUAL, createdBy: operatorId,
  }));
  const { rows } = (await db.execute(sql`select tl.task_no, tl.location_id, s.barcode from cc_tasks t
      join cc_task_locations tl on tl.whs_id = t.whs_id and tl.task_no = t.task_no
      left join location_inventory li on li.whs_id = t.whs_id and li.location_id = tl.location_id and li.location_type = 1
      left join skus s on s.whs_id = li.whs_id and s.sku_id = li.sku_id
    where t.whs_id = ${BENCH_WHS} and t.order_no = ${orderNo} order by tl.task_no, tl.seq`)) as unknown as { rows: CountStop[] };
  const taskNos = [...new Set(rows.map((r) => r.task_no))];
  if (rows.length !== CELLS || taskNos.length !== PATHWAYS) throw new Error(`Order ${orderNo} has ${rows.length} locations in ${taskNos.length} tasks; the bench wants ${CELLS} in ${PATHWAYS}`);
  return { orderNo, taskNos, stops: rows };
}

async function verify(db: Db, work: CountWork, opIds: readonly string[]) {
  const taskList = sql`(select jsonb_array_elements_text(${JSON.stringify(work.taskNos)}::jsonb))`;
  const { rows: recorded } = (await db.execute(sql`select op_id::text as op_id, count(*)::int as n from cc_counts
    where whs_id = ${BENCH_WHS} and task_no in ${taskList} group by op_id`)) as unknown as { rows: { op_id: string | null; n: number }[] };
  const rowsOf = new Map(recorded.map((r) => [r.op_id, r.n]));
  const queued = new Set(opIds);
  const lost = opIds.filter((id) => !rowsOf.has(id)).length;
  const duplicated = recorded.reduce((sum, r) => sum + (r.op_id !== null && queued.has(r.op_id) ? r.n - 1 : r.n), 0);
  const { rows: [lines] } = (await db.execute(sql`select count(*)::int as lines,
      count(*) filter (where qty = ${COUNTS_PER_SKU})::int as counted_as_queued from (select location_id, sku_id, sum(qty)::int as qty from cc_counts
        where whs_id = ${BENCH_WHS} and task_no in ${taskList} and sku_id <> '' group by location_id, sku_id) x`)) as unknown as { rows: [{ lines: number; counted_as_queued: number }] };
  const { rows: [tasks] } = (await db.execute(sql`select sum(location_count)::int as locations, sum(counted_location_count)::int as counted_locations,
      array_agg(distinct status) as statuses from cc_tasks where whs_id = ${BENCH_WHS} and task_no in ${taskList}`)) as unknown as { rows: [Record<string, unknown>] };
  return {
    lost, duplicated, count_rows: recorded.reduce((sum, r) => sum + r.n, 0),
    sku_lines: { ...lines, expected: STOCKED }, tasks: { order_no: work.orderNo, task_nos: work.taskNos, ...tasks },
  };
}

export const countReplay: ReplayScenario<CountWork> = {
  name: 'count-replay',
  keys: { pglite: 'count_replay_ops_per_s_pglite', postgres: 'count_replay_ops_per_s_postgres', lost: 'count_replay_lost', duplicated: 'count_replay_duplicated' },
  async prepare(db, operatorId) {
    return { faultFree: await countableZone(db, 'CRC', operatorId), faulted: await countableZone(db, 'CRF', operatorId) };
  },
  ops: ({ stops }) => stops.flatMap(({ task_no, location_id, barcode }): QueuedOp[] => (barcode === null
    ? [{ kind: cycleCountOps.empty.kind, payload: { task_no, location_id } }]
    : Array.from({ length: COUNTS_PER_SKU }, () => ({ kind: cycleCountOps.count.kind, payload: { task_no, location_id, code: barcode, qty: 1 } })))),
  verify,
  details: {
    ops_per_drain: OPS, tasks_per_drain: PATHWAYS, locations_per_task: CELLS_PER_PATHWAY, empty_locations: CELLS / EMPTY_EVERY, counts_per_sku: COUNTS_PER_SKU,
    order: 'one full location count a drain (customized scope: the zone), made before the server starts',
  },
};

export const countReplayBench = replayModule(countReplay);
