import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';
import { inventoryTransactions, locationInventory, outboundAllocations, pickingTasks } from '../src/server/db/schema';
import { INVENTORY_TRANSACTION_TYPE } from '../src/shared/codes';
import { pickingOps } from '../src/shared/ops/picking.ops';
import { claimedPickWave, type PickWork } from './support/pick-data';
import { BENCH_WHS } from './support/putaway-data';
import { opLedger, replayModule, type ReplayScenario } from './support/replay-engine';

/**
 * pick_replay_ops_per_s_pglite / _postgres, pick_replay_lost, pick_replay_duplicated: the replay
 * engine (support/replay-engine.ts, the putaway replay's faults) draining 10,000 picks. Each drain
 * has its own wave: 100 sales orders of 5 lines (20 units each) over 20 SKUs, each in a cell of
 * its own zone, allocated and released pick to wave with room for every unit in one task, which
 * the operator claims with a cart before the server starts (in-process `claimTask`). The device
 * queues a pick of 1 unit per unit of each line, in route order. Afterwards every allocation must
 * have picked exactly the units queued for it, the cart hold them all, and the ledger show one
 * picking (8) debit and one credit per op, under the task's number.
 */

const LINES_PER_ORDER = 5;
const QTY_PER_LINE = 20;
/** 100 orders (10,000 picks a drain); `BENCH_PICK_REPLAY_OPS` (a multiple of 100) runs a shorter replay, said in the details. */
const ORDERS = Math.max(1, Math.round(Number(process.env.BENCH_PICK_REPLAY_OPS ?? 10_000) / (LINES_PER_ORDER * QTY_PER_LINE)));
const SKUS = 20;
const OPS = ORDERS * LINES_PER_ORDER * QTY_PER_LINE;
/** Units of each SKU in its cell: more than the orders take (at 100 orders each SKU is on 25 lines, 500 units). */
const STOCK_PER_SKU = 600;

async function verify(db: Db, work: PickWork, opIds: readonly string[]) {
  const ledger = await opLedger(db, and(
    eq(inventoryTransactions.txnType, INVENTORY_TRANSACTION_TYPE.values.PICKING), eq(inventoryTransactions.refNo, work.taskNo),
  ), opIds, () => 1);
  const picked = await db.select({ allocId: outboundAllocations.allocId, picked: outboundAllocations.pickedQty }).from(outboundAllocations)
    .where(and(eq(outboundAllocations.whsId, BENCH_WHS), eq(outboundAllocations.taskNo, work.taskNo)));
  const pickedOf = new Map(picked.map((a) => [a.allocId, a.picked]));
  // Every op picks 1 unit of its line: the units queued for a line are its qty.
  let allocShort = 0;
  let allocOver = 0;
  for (const line of work.lines) {
    const got = pickedOf.get(line.alloc_id) ?? 0;
    allocShort += Math.max(0, line.qty - got);
    allocOver += Math.max(0, got - line.qty);
  }
  const [container] = await db.select({ onhand: sql<number>`coalesce(sum(${locationInventory.onhandQty}), 0)::int` }).from(locationInventory)
    .where(and(eq(locationInventory.whsId, BENCH_WHS), eq(locationInventory.locationId, work.container)));
  const [task] = await db.select({ status: pickingTasks.status, picked: pickingTasks.pickedQty, total: pickingTasks.totalQty }).from(pickingTasks)
    .where(and(eq(pickingTasks.whsId, BENCH_WHS), eq(pickingTasks.taskNo, work.taskNo)));
  const inContainer = container?.onhand ?? 0;
  return {
    ...ledger,
    // Lost and duplicated by the ledger's op ids, or by the allocations and the cart when those say more.
    lost: Math.max(ledger.lost, allocShort, OPS - inContainer),
    duplicated: Math.max(ledger.duplicated, allocOver, inContainer - OPS),
    ledger_by_op: { lost: ledger.lost, duplicated: ledger.duplicated },
    allocations: { lines: work.lines.length, units_short_of_queued: allocShort, units_beyond_queued: allocOver },
    container: { code: work.container, onhand: inContainer },
    task: { task_no: work.taskNo, status: task?.status ?? -1, picked_qty: task?.picked ?? 0, total_qty: task?.total ?? 0 },
  };
}

export const pickReplay: ReplayScenario<PickWork> = {
  name: 'pick-replay',
  keys: { pglite: 'pick_replay_ops_per_s_pglite', postgres: 'pick_replay_ops_per_s_postgres', lost: 'pick_replay_lost', duplicated: 'pick_replay_duplicated' },
  async prepare(db, operatorId) {
    const shape = { orders: ORDERS, linesPerOrder: LINES_PER_ORDER, qtyPerLine: QTY_PER_LINE, skus: SKUS, stockPerSku: STOCK_PER_SKU };
    return {
      faultFree: await claimedPickWave(db, operatorId, { ...shape, prefix: 'PKC', container: 'CART029' }),
      faulted: await claimedPickWave(db, operatorId, { ...shape, prefix: 'PKF', container: 'CART030' }),
    };
  },
  ops: ({ taskNo, lines }) => lines.flatMap((line) => Array.from({ length: line.qty }, () => ({
    kind: pickingOps.pick.kind, payload: { task_no: taskNo, alloc_id: line.alloc_id, location: line.location_id, sku_id: line.sku_id, qty: 1 },
  }))),
  verify,
  details: {
    ops_per_drain: OPS, orders: ORDERS, lines_per_order: LINES_PER_ORDER, qty_per_line: QTY_PER_LINE, skus_and_cells: SKUS,
    task: 'one pick-to-wave task per drain (every allocation of its wave), claimed with a cart before the server starts',
  },
};

export const pickReplayBench = replayModule(pickReplay);
