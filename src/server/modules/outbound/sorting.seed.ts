import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { PICKING_TYPE, STATION_STATUS, STATION_TYPE } from '../../../shared/codes';
import type { Tx } from '../../db/client';
import { sortingRules, sortingSkills, stations, userWarehouses, users } from '../../db/schema';
import { applyPreSort, applySort, startSorting } from './sorting';

/** The demo accounts that sort (Rule Center › Sorting Skills): the administrator is not listed, so it sees the skill refusal. */
const DEMO_SORTERS = ['operator@demo.local', 'supervisor@demo.local'];

/**
 * The demo's sorting rule and skills in every warehouse: Pick to Wave containers of two orders or more
 * go to its enabled put walls (the catalog seeds SRT-01 and SRT-02), 24 slots a wall; the demo
 * operator and supervisor may sort at them. Answers the enabled walls by warehouse.
 */
export async function seedDemoSortingRules(tx: Tx, whsIds: readonly string[]): Promise<Map<string, string[]>> {
  const walls = new Map<string, string[]>();
  for (const whsId of whsIds) {
    const rows = await tx.select({ id: stations.stationId }).from(stations).where(and(
      eq(stations.whsId, whsId), eq(stations.stationType, STATION_TYPE.values.SORTING), eq(stations.status, STATION_STATUS.values.ENABLED),
    )).orderBy(stations.stationId);
    if (rows.length === 0) continue;
    const ids = rows.map((r) => r.id);
    walls.set(whsId, ids);
    await tx.insert(sortingRules).values({
      whsId, ruleName: 'Batch waves at the put walls', priority: 100, stationIds: ids.join(','), wallSlots: 24,
      pickingType: PICKING_TYPE.values.PICK_TO_WAVE, minOrders: 2, remark: 'Pick to Wave containers are sorted into one slot an order before checking.',
    });
    const sorters = await tx.select({ userId: users.userId }).from(users)
      .innerJoin(userWarehouses, and(eq(userWarehouses.userId, users.userId), eq(userWarehouses.whsId, whsId)))
      .where(inArray(users.email, DEMO_SORTERS));
    if (sorters.length > 0) {
      await tx.insert(sortingSkills).values(sorters.map((s) => ({ whsId, userId: s.userId, stationIds: ids.join(','), remark: 'Demo sorter' })));
    }
  }
  return walls;
}

/**
 * A batch container at the demo's first put wall, its first order sorted whole into its slot (the
 * rest for the operator to sort), by the demo worker (a sorter). Answers false when the container
 * cannot be sorted there (then the demo simply has no sorting task in that warehouse).
 */
export async function seedDemoSorting(tx: Tx, whsId: string, worker: number, wall: string, containerCode: string, timeZone: string): Promise<boolean> {
  const work = await tx.transaction((sp) => startSorting(sp, whsId, worker, wall, containerCode, timeZone)).catch(() => null);
  if (!work) return false;
  const first = work.orders[0];
  for (const line of first?.lines ?? []) {
    await applySort(tx, whsId, { userId: worker, opId: randomUUID() }, { task_no: work.task.task_no, order_no: first!.order_no, sku_id: line.sku_id, qty: line.qty, slot_no: first!.slot_no });
  }
  return true;
}

/**
 * A batch container being pre-sorted at the warehouse's first enabled pre-sorting station: its first
 * order's units in `tote` (bound to that order's put wall), the rest still in the container for the
 * operator. Answers false when it cannot be pre-sorted (then the demo has no pre-sorting task there).
 */
export async function seedDemoPreSorting(tx: Tx, whsId: string, worker: number, containerCode: string, tote: string, timeZone: string): Promise<boolean> {
  const [station] = await tx.select({ id: stations.stationId }).from(stations).where(and(
    eq(stations.whsId, whsId), eq(stations.stationType, STATION_TYPE.values.PRE_SORTING), eq(stations.status, STATION_STATUS.values.ENABLED),
  )).orderBy(stations.stationId).limit(1);
  if (!station) return false;
  const work = await tx.transaction((sp) => startSorting(sp, whsId, worker, station.id, containerCode, timeZone)).catch(() => null);
  if (!work) return false;
  for (const order of work.orders.slice(0, 1)) {
    for (const line of order.lines) {
      await applyPreSort(tx, whsId, { userId: worker, opId: randomUUID() }, {
        task_no: work.task.task_no, order_no: order.order_no, sku_id: line.sku_id, qty: line.qty, station_id: order.slot_container, tote_code: tote,
      });
    }
  }
  return true;
}
