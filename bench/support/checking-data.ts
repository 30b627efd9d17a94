import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/server/db/client';
import { CHECKING_STATION_MODE, PICKING_TYPE } from '../../src/shared/codes';
import type { CheckingOrder } from '../../src/shared/contract/checking.contract';
import { loadNodeModules } from './app-bundle';
import { claimedPickWave, type PickWaveShape } from './pick-data';
import { BENCH_WHS } from './putaway-data';

/**
 * Checking work for the checking bench, written before the server serves the database: orders
 * released in a pick-to-order wave, picked whole into a cart by the operator (the server's own
 * claim and picks, in process), and the cart's checking task started by the operator at a
 * checking station, as its scan at the station would.
 */

export interface CheckingWorkShape extends Omit<PickWaveShape, 'pickingType'> {
  /** An enabled checking station of the warehouse in mode Checking (the demo's CHK-01). */
  station: string;
}

export interface CheckingBenchWork {
  taskNo: string;
  station: string;
  container: string;
  orders: CheckingOrder[];
}

export async function startedCheckingTask(db: Db, operatorId: number, shape: CheckingWorkShape): Promise<CheckingBenchWork> {
  const { applyPicks, startChecking } = await loadNodeModules();
  const picking = await claimedPickWave(db, operatorId, { ...shape, pickingType: PICKING_TYPE.values.PICK_TO_ORDER });
  await db.transaction((tx) => applyPicks(tx, BENCH_WHS, operatorId, picking.lines.map((l) => ({
    opId: randomUUID(),
    pick: { task_no: picking.taskNo, alloc_id: l.alloc_id, location: l.location_id, sku_id: l.sku_id, qty: l.qty },
  }))));
  const work = await db.transaction((tx) => startChecking(tx, BENCH_WHS, operatorId, shape.station, shape.container, 'Asia/Jakarta'));
  if (work.task.mode !== CHECKING_STATION_MODE.values.CHECKING) throw new Error(`Station ${shape.station} is not in mode Checking (${work.task.mode})`);
  const units = work.orders.reduce((sum, o) => sum + o.total_qty, 0);
  const wanted = shape.orders * shape.linesPerOrder * shape.qtyPerLine;
  if (work.orders.length !== shape.orders || units !== wanted) {
    throw new Error(`Checking task ${work.task.task_no} holds ${work.orders.length} orders and ${units} units; the bench wants ${shape.orders} and ${wanted}`);
  }
  return { taskNo: work.task.task_no, station: shape.station, container: shape.container, orders: work.orders };
}
