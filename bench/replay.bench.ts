import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';
import { inboundTasks, inventoryTransactions, locationInventory, putawayTaskLines } from '../src/server/db/schema';
import { INVENTORY_TRANSACTION_TYPE } from '../src/shared/codes';
import { putawayOps } from '../src/shared/ops/putaway.ops';
import type { ReceivedAsn } from '../tests/support/putaway-fixture';
import { BENCH_WHS, createBenchCells, receivedPutawayTask } from './support/putaway-data';
import { opLedger, replayModule, type ReplayScenario } from './support/replay-engine';

/**
 * replay_ops_per_s_pglite / _postgres, replay_lost, replay_duplicated: a device that scanned
 * 10,000 putaway units offline (1 unit each, round the 10 lines of one task, each into its own
 * cell) drains them through the replay engine's faults (support/replay-engine.ts). Every unit
 * must have left staging exactly once: one Put Away debit per queued op.
 */

const OPS = 10_000;
/** Lines of the putaway task (a SKU each, into a cell each): the puts go round them, not all to one row. */
const LINES = 10;

interface PutawayWork {
  task: ReceivedAsn;
  cells: readonly string[];
}

async function verify(db: Db, { task }: PutawayWork, opIds: readonly string[]) {
  const skuIds = task.lines.map((l) => l.skuId);
  const ledger = await opLedger(db, and(
    eq(inventoryTransactions.txnType, INVENTORY_TRANSACTION_TYPE.values.PUT_AWAY), inArray(inventoryTransactions.skuId, skuIds),
  ), opIds, () => 1);
  const [taskRow] = await db.select({ doneQty: inboundTasks.doneQty, status: inboundTasks.status }).from(inboundTasks)
    .where(and(eq(inboundTasks.whsId, BENCH_WHS), eq(inboundTasks.taskNo, task.taskNo)));
  const [lines] = await db.select({ putQty: sql<number>`coalesce(sum(${putawayTaskLines.putQty}), 0)::int` }).from(putawayTaskLines)
    .where(and(eq(putawayTaskLines.whsId, BENCH_WHS), eq(putawayTaskLines.taskNo, task.taskNo)));
  const balances = await db.select({ location: locationInventory.locationId, onhand: locationInventory.onhandQty }).from(locationInventory)
    .where(and(eq(locationInventory.whsId, BENCH_WHS), inArray(locationInventory.skuId, skuIds)));
  const sumOf = (keep: (location: string) => boolean) => balances.filter((b) => keep(b.location)).reduce((sum, b) => sum + b.onhand, 0);
  return {
    ...ledger,
    task: { done_qty: taskRow?.doneQty ?? 0, status: taskRow?.status ?? -1, lines_put_qty: lines?.putQty ?? 0 },
    balances: { staging_left: sumOf((l) => l === task.staging), in_cells: sumOf((l) => l !== task.staging) },
  };
}

export const putawayReplay: ReplayScenario<PutawayWork> = {
  name: 'replay',
  keys: { pglite: 'replay_ops_per_s_pglite', postgres: 'replay_ops_per_s_postgres', lost: 'replay_lost', duplicated: 'replay_duplicated' },
  async prepare(db) {
    const cells = await createBenchCells(db, 'RPLY', LINES);
    return {
      faultFree: { cells, task: await receivedPutawayTask(db, 'RPC', LINES, OPS / LINES) },
      faulted: { cells, task: await receivedPutawayTask(db, 'RPF', LINES, OPS / LINES) },
    };
  },
  ops: ({ task, cells }) => Array.from({ length: OPS }, (_, i) => {
    const line = task.lines[i % task.lines.length]!;
    return { kind: putawayOps.put.kind, payload: { task_no: task.taskNo, line_no: line.lineNo, sku_id: line.skuId, location: cells[line.lineNo - 1]!, qty: 1 } };
  }),
  verify,
  details: { ops_per_drain: OPS, task_lines: LINES },
};

export const replayBench = replayModule(putawayReplay);
