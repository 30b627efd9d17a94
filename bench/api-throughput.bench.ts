import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { opPayloadHash, canonicalJson } from '../src/server/modules/sync/payload-hash';
import { INVENTORY_REF_TYPE, INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE, QUALITY, STOCK_LOCATION_TYPE, TASK_STATUS } from '../src/shared/codes';
import { API_BASE } from '../src/shared/contract/define';
import { contract } from '../src/shared/contract';
import { putawayOps } from '../src/shared/ops/putaway.ops';
import { RET } from '../src/shared/retcodes';
import { ZONE_STOCK_SLOTS } from '../src/server/modules/inventory/zone-stock';
import { startBuiltServer } from '../tests/support/built-server';
import { HttpSession } from '../tests/support/http-session';
import type { ReceivedAsn } from '../tests/support/putaway-fixture';
import type { StandaloneBenchModule } from './support/bench';
import { runLoadProcess, sampleRss } from './support/load-process';
import { createFreshDatabase, dropDatabase } from './support/postgres';
import { BENCH_WHS, OPERATOR_EMAIL, OPERATOR_PASSWORD, createBenchCells, prepareDatabase, receivedPutawayTask } from './support/putaway-data';
import type { LoadConfig, LoadDevice, LoadResult } from './support/push-load';
import { DIST, statusMb } from './support/server';
import { round } from './support/stats';

/**
 * api_scan_ops_per_s and api_vs_db_ceiling_ratio: `push_ops` of the built server on PostgreSQL,
 * loaded from a second process on loopback (autocannon, bench/support/push-load.ts): DEVICES
 * simulated devices at once, each its own stream and its own putaway task line (so no row is
 * shared between them), pushing OPS_PER_PUSH puts of 1 unit per push. The figure is the put ops
 * applied per second. Then, on the same database, the ceiling: the rows an applied put writes,
 * written directly through `pg` by as many concurrent devices over a pool the size of the
 * server's, a transaction per batch as push_ops runs it. The server's memory is sampled under load.
 */

const DEVICES = 32;
const OPS_PER_PUSH = 10;
const PUSHES_PER_DEVICE = 40;
const WARM_UP_PUSHES = 3;
const DB_NAME = 'tally_bench_api';
/** The zone of the devices' cells. */
const ZONE = 'APIB';
/** The server's PostgreSQL pool (PG_POOL_MAX, default 10): the ceiling writes through a pool of the same size. */
const POOL_MAX = Number(process.env.PG_POOL_MAX ?? 10);
/** Every phase (warm-up and measured, API and ceiling) puts units from the same lines. */
const LINE_QTY = 2 * (WARM_UP_PUSHES + PUSHES_PER_DEVICE) * OPS_PER_PUSH;

/** One device per task: its own line, batch and cell. */
const devicesFor = (tasks: readonly ReceivedAsn[], cells: readonly string[]): LoadDevice[] => tasks.map((task, i) => ({
  device_id: randomUUID(), task_no: task.taskNo, line_no: task.lines[0]!.lineNo, sku_id: task.lines[0]!.skuId, location: cells[i]!,
}));

interface CeilingDevice extends LoadDevice {
  asnNo: string;
  batchId: string;
  staging: string;
}

/** `count` rows of `width` parameters each, numbered from `first`: `($1, $2), ($3, $4)…`. */
const placeholders = (count: number, width: number, first = 1) =>
  Array.from({ length: count }, (_, r) => `(${Array.from({ length: width }, (_, c) => `$${first + r * width + c}`).join(', ')})`).join(', ');

/**
 * One push's writes, as the server writes an applied run of puts (sync.handlers.ts pushBatch,
 * putaway-tasks.ts applyPutOps, ledger.ts postStockMany), in one transaction and set-wise like
 * it: the stream upsert; the balances locked, the staging balance taken once for the push's
 * units, the cell balance upserted, the zone's stock totals, the ledger pair of every op, the task line, the task and the
 * ASN line counted on; the ops recorded with their answers and the stream acknowledged. Only the
 * writes: the reads and checks of the server (session, permission, task, lines, cell) are not part of it.
 */
async function writeBatch(pool: pg.Pool, device: CeilingDevice, firstSeq: number, userId: number): Promise<void> {
  const client = await pool.connect();
  const put = INVENTORY_TRANSACTION_TYPE.values.PUT_AWAY;
  const { CREDIT, DEBIT } = INVENTORY_TRANSACTION_DIRECTION.values;
  const good = QUALITY.values.GOOD;
  const n = OPS_PER_PUSH;
  try {
    await client.query('begin');
    await client.query(`insert into sync_streams (whs_id, device_id, user_id) values ($1, $2, $3)
      on conflict (whs_id, device_id, user_id) do update set last_contact_at = now() returning acked_seq`, [BENCH_WHS, device.device_id, userId]);
    await client.query(`select 1 from location_inventory where whs_id = $1 and (location_id, sku_id, batch_id, quality) in (($2, $4, $5, $6), ($3, $4, $5, $6))
      order by location_id collate "C", sku_id collate "C", batch_id collate "C", quality for update`, [BENCH_WHS, device.staging, device.location, device.sku_id, device.batchId, good]);
    const taken = await client.query<{ onhand_qty: number }>(`update location_inventory set onhand_qty = onhand_qty - $6, updated_at = now()
      where whs_id = $1 and location_id = $2 and sku_id = $3 and batch_id = $4 and quality = $5 and available_qty >= $6 returning onhand_qty`,
    [BENCH_WHS, device.staging, device.sku_id, device.batchId, good, n]);
    if (taken.rowCount !== 1) throw new Error(`No units left at ${device.staging} for ${device.sku_id}`);
    const added = await client.query<{ onhand_qty: number }>(`insert into location_inventory (whs_id, location_id, location_type, sku_id, batch_id, quality, onhand_qty)
      values ($1, $2, $3, $4, $5, $6, $7) on conflict (whs_id, location_id, sku_id, batch_id, quality)
      do update set onhand_qty = location_inventory.onhand_qty + excluded.onhand_qty, updated_at = now() returning onhand_qty`,
    [BENCH_WHS, device.location, STOCK_LOCATION_TYPE.values.CELL, device.sku_id, device.batchId, good, n]);
    const opIds = Array.from({ length: n }, () => uuidv7());
    const stagingEnd = taken.rows[0]!.onhand_qty;
    const cellEnd = added.rows[0]!.onhand_qty;
    const ledgerRows = opIds.flatMap((opId, i) => {
      const ref = [INVENTORY_REF_TYPE.values.PUTAWAY_TASK, device.task_no, opId, userId];
      const common = [device.sku_id, device.batchId, good, 1];
      return [
        [BENCH_WHS, put, CREDIT, device.staging, STOCK_LOCATION_TYPE.values.INBOUND_STAGING, device.location, ...common, stagingEnd + (n - 1 - i), ...ref],
        [BENCH_WHS, put, DEBIT, device.location, STOCK_LOCATION_TYPE.values.CELL, device.staging, ...common, cellEnd - (n - 1 - i), ...ref],
      ];
    });
    await client.query(`insert into inventory_transactions (whs_id, txn_type, direction, location_id, location_type, counter_location_id,
      sku_id, batch_id, quality, qty, onhand_after, ref_type, ref_no, op_id, operator_id) values ${placeholders(ledgerRows.length, 15)} returning txn_id`, ledgerRows.flat());
    // The stock totals of the cell's zone (zone-stock.ts): the cell's and the zone's SKU's on hand, and the
    // zone's figures with its counts moved by the rows that crossed zero. The staging side is no cell.
    await client.query(`with c as (
        insert into cell_stock (whs_id, location_code, onhand_qty) values ($1, $2, $5)
        on conflict (whs_id, location_code) do update set onhand_qty = cell_stock.onhand_qty + excluded.onhand_qty returning onhand_qty),
      s as (
        insert into zone_sku_stock (whs_id, zone_id, sku_id, onhand_qty) select $1, $3, $4, $5 where (select count(*) from c) >= 0
        on conflict (whs_id, zone_id, sku_id) do update set onhand_qty = zone_sku_stock.onhand_qty + excluded.onhand_qty returning onhand_qty)
      insert into zone_stock (whs_id, zone_id, slot, onhand_qty, stocked_cell_count, sku_count)
      select $1, $3, (txid_current() % ${ZONE_STOCK_SLOTS})::smallint, $5, ((select onhand_qty from c) = $5)::int, (s.onhand_qty = $5)::int from s
      on conflict (whs_id, zone_id, slot) do update set onhand_qty = zone_stock.onhand_qty + excluded.onhand_qty,
        stocked_cell_count = zone_stock.stocked_cell_count + excluded.stocked_cell_count, sku_count = zone_stock.sku_count + excluded.sku_count`,
    [BENCH_WHS, device.location, ZONE, device.sku_id, n]);
    const line = await client.query<{ put_qty: number }>(`update putaway_task_lines set put_qty = put_qty + $4
      where whs_id = $1 and task_no = $2 and line_no = $3 returning put_qty`, [BENCH_WHS, device.task_no, device.line_no, n]);
    const task = await client.query<{ done_qty: number; status: number; total_qty: number }>(`update inbound_tasks
      set done_qty = done_qty + $5, status = case when done_qty + $5 >= total_qty then $3::smallint else $4::smallint end,
        assignee_id = coalesce(assignee_id, $6), started_at = coalesce(started_at, now())
      where whs_id = $1 and task_no = $2 returning done_qty, status, total_qty`,
    [BENCH_WHS, device.task_no, TASK_STATUS.values.DONE, TASK_STATUS.values.ONGOING, n, userId]);
    await client.query(`update asn_lines set putaway_qty = putaway_qty + $4
      where whs_id = $1 and asn_no = $2 and sku_id = $3 and putaway_qty + $4 <= received_qty returning putaway_qty`, [BENCH_WHS, device.asnNo, device.sku_id, n]);
    const lineBefore = line.rows[0]!.put_qty - n;
    const taskBefore = task.rows[0]!.done_qty - n;
    const records = opIds.map((opId, i) => {
      const payload = { task_no: device.task_no, line_no: device.line_no, sku_id: device.sku_id, location: device.location, qty: 1 };
      const result = {
        location: device.location, qty: 1,
        tasks: [{ task_no: device.task_no, status: task.rows[0]!.status, done_qty: taskBefore + i + 1, total_qty: task.rows[0]!.total_qty }],
        lines: [{ task_no: device.task_no, line_no: device.line_no, put_qty: lineBefore + i + 1 }],
      };
      return [opId, firstSeq + i, JSON.stringify(payload), opPayloadHash(putawayOps.put.kind, canonicalJson(payload)), JSON.stringify(result)];
    });
    const values = records.map((_, r) => `($1, $${5 + r * 5}, $2, $3, $${6 + r * 5}, $4, $${7 + r * 5}, $${8 + r * 5}, 'applied', 0, 'success', $${9 + r * 5}, now())`);
    await client.query(`insert into sync_ops (whs_id, op_id, device_id, user_id, seq, kind, payload, payload_hash, status, retcode, message, result, created_at)
      values ${values.join(', ')}`, [BENCH_WHS, device.device_id, userId, putawayOps.put.kind, ...records.flat()]);
    await client.query('update sync_streams set acked_seq = $4 where whs_id = $1 and device_id = $2 and user_id = $3',
      [BENCH_WHS, device.device_id, userId, firstSeq + n - 1]);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

/** Every device pushes `pushes` batches one after another, all devices at once; returns the wall time (ms). */
async function ceilingRun(pool: pg.Pool, devices: readonly CeilingDevice[], pushes: number, userId: number): Promise<number> {
  const started = performance.now();
  let failed = false;
  // Every device finishes (or stops at the first failure of any) before the pool may close.
  const outcomes = await Promise.allSettled(devices.map(async (device) => {
    try {
      for (let p = 0; p < pushes && !failed; p++) await writeBatch(pool, device, p * OPS_PER_PUSH + 1, userId);
    } catch (error) {
      failed = true;
      throw error;
    }
  }));
  const failure = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (failure) throw failure.reason;
  return performance.now() - started;
}

export const apiThroughputBench: StandaloneBenchModule = {
  name: 'api-throughput',
  keys: ['api_scan_ops_per_s', 'api_vs_db_ceiling_ratio'],
  standalone: true,
  async run({ log }) {
    const databaseUrl = await createFreshDatabase(DB_NAME);
    try {
      const work = await prepareDatabase({ databaseUrl }, async (db) => {
        const cells = await createBenchCells(db, ZONE, DEVICES);
        const tasks: ReceivedAsn[] = [];
        for (let i = 0; i < DEVICES; i++) tasks.push(await receivedPutawayTask(db, 'APS', 1, LINE_QTY));
        return { cells, tasks };
      });

      // The API, loaded from another process.
      const server = await startBuiltServer(DIST, 'tally-bench-api-', { databaseUrl });
      let userId: number;
      let load: LoadResult;
      let warmUp: LoadResult;
      let rss: ReturnType<ReturnType<typeof sampleRss>>;
      let peakRssMb: number;
      const measuredDevices = devicesFor(work.tasks, work.cells);
      try {
        const session = new HttpSession();
        const me = await session.signIn(server.baseURL, OPERATOR_EMAIL, OPERATOR_PASSWORD);
        if (me.whs_id !== BENCH_WHS) throw new Error(`${OPERATOR_EMAIL} signs in to ${me.whs_id}; the bench's tasks are in ${BENCH_WHS}`);
        userId = me.user_id;
        const config = (devices: LoadDevice[], pushesPerDevice: number): LoadConfig => ({
          url: server.baseURL, path: API_BASE + contract.pushOps.path, headers: session.headers(true), kind: putawayOps.put.kind,
          devices, opsPerPush: OPS_PER_PUSH, pushesPerDevice, outOfSequenceRetcode: RET.OUT_OF_SEQUENCE,
        });
        warmUp = await runLoadProcess<LoadConfig, LoadResult>('push-load.ts', 'PUSH_LOAD_CONFIG', config(devicesFor(work.tasks, work.cells), WARM_UP_PUSHES));
        const stopSampling = sampleRss(server.pid);
        load = await runLoadProcess<LoadConfig, LoadResult>('push-load.ts', 'PUSH_LOAD_CONFIG', config(measuredDevices, PUSHES_PER_DEVICE));
        rss = stopSampling();
        peakRssMb = round(statusMb(server.pid, 'VmHWM'), 1);
      } finally {
        await server.stop();
      }

      // The same rows straight through the driver, with the server stopped.
      const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_MAX });
      let applied: number;
      let ceilingMs: number;
      try {
        const ids = measuredDevices.map((d) => d.device_id);
        applied = (await pool.query<{ n: number }>(`select count(*)::int as n from sync_ops where whs_id = $1 and device_id = any($2::uuid[]) and status = 'applied'`, [BENCH_WHS, ids])).rows[0]!.n;
        const ceilingDevices = () => devicesFor(work.tasks, work.cells).map((d, i): CeilingDevice => ({
          ...d, asnNo: work.tasks[i]!.asnNo, batchId: work.tasks[i]!.lines[0]!.batchId, staging: work.tasks[i]!.staging,
        }));
        await ceilingRun(pool, ceilingDevices(), WARM_UP_PUSHES, userId);
        ceilingMs = await ceilingRun(pool, ceilingDevices(), PUSHES_PER_DEVICE, userId);
      } finally {
        await pool.end();
      }

      const offered = DEVICES * PUSHES_PER_DEVICE * OPS_PER_PUSH;
      const apiOpsPerS = applied / (load.wall_ms / 1000);
      const ceilingOpsPerS = offered / (ceilingMs / 1000);
      log(`API: ${round(apiOpsPerS, 0)} ops/s (${applied} of ${offered} applied in ${(load.wall_ms / 1000).toFixed(1)} s; push p50 ${load.latency_ms.p50} ms, p99 ${load.latency_ms.p99} ms)`);
      log(`ceiling: ${round(ceilingOpsPerS, 0)} ops/s (${(ceilingMs / 1000).toFixed(1)} s); server RSS under load mean ${rss.mean_mb} MB, max ${rss.max_mb} MB`);
      return {
        figures: { api_scan_ops_per_s: round(apiOpsPerS, 0), api_vs_db_ceiling_ratio: round(apiOpsPerS / ceilingOpsPerS, 2) },
        details: {
          devices: DEVICES, ops_per_push: OPS_PER_PUSH, pushes_per_device: PUSHES_PER_DEVICE, warm_up_pushes_per_device: WARM_UP_PUSHES,
          database: 'PostgreSQL (a database of its own)', server_pool_max: POOL_MAX,
          api: { ops_offered: offered, ops_applied: applied, ops_per_s: round(apiOpsPerS, 0), pushes_per_s: round(load.pushes_answered / (load.wall_ms / 1000), 0), ...load },
          api_warm_up: { applied_by_answers: warmUp.applied_by_answers, wall_ms: warmUp.wall_ms },
          ceiling: { ops: offered, wall_ms: round(ceilingMs, 0), ops_per_s: round(ceilingOpsPerS, 0), concurrency: DEVICES, pool_max: POOL_MAX },
          server_rss_under_load: { ...rss, peak_since_start_mb: peakRssMb, note: 'PostgreSQL server process (no PGlite inside); the server_rss_mb key stays the light-load reading of the server-rss bench (PGlite)' },
        },
      };
    } finally {
      await dropDatabase(DB_NAME);
    }
  },
};
