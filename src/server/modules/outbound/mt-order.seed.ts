import { eq, inArray } from 'drizzle-orm';
import { timeRegionOrDefault } from '../../../shared/warehouse';
import type { Tx } from '../../db/client';
import { mtDestinationPriorities, skus, users, warehouses } from '../../db/schema';
import { FULL_STRATEGY, candidatesFor, demandOf } from './allocation';
import { allocateMtOrders, approveMtOrder, createMtOrder, releaseMtOrders } from './mt-order';
import type { Actor } from './sales-order';

/** Units each demo MT line asks: few, so the sales demo keeps its stock. */
const LINE_QTY = 2;

/**
 * Demo MT orders of one warehouse (IDJKT1): its destination priority (Singapore, then Kuala Lumpur)
 * and four orders in the states a planner meets — pending approval, approved, allocated, released to
 * picking (its task on the MT picking task list). Made by the demo supervisor, decided by the demo
 * administrator (never one's own), through the same code as the screens.
 */
export async function seedDemoMtOrders(tx: Tx, whsId: string, destinations: readonly string[]): Promise<void> {
  const [whs] = await tx.select({ timeRegion: warehouses.timeRegion }).from(warehouses).where(eq(warehouses.whsId, whsId));
  if (!whs) return;
  const people = await tx.select({ userId: users.userId, email: users.email }).from(users)
    .where(inArray(users.email, ['supervisor@demo.local', 'admin@demo.local']));
  const idOf = (email: string) => people.find((p) => p.email === email)?.userId;
  const planner = idOf('supervisor@demo.local');
  const approver = idOf('admin@demo.local');
  if (planner === undefined || approver === undefined) return;
  const timeZone = timeRegionOrDefault(whs.timeRegion);
  const creator: Actor = { userId: planner, timeZone };
  const decider: Actor = { userId: approver, timeZone };
  await tx.insert(mtDestinationPriorities).values(destinations.map((destWhsId, i) => ({ whsId, destWhsId, priority: i + 1 })));

  // SKUs with enough pickable units left after the sales demo.
  const skuIds = (await tx.select({ skuId: skus.skuId }).from(skus).where(eq(skus.whsId, whsId))).map((r) => r.skuId).sort();
  const candidates = await candidatesFor(tx, whsId, demandOf(skuIds.map((skuId) => ({ skuId, qty: LINE_QTY * 2 })), [FULL_STRATEGY]));
  const stocked = [...candidates.values()].filter((list) => list.reduce((sum, c) => sum + c.available, 0) >= LINE_QTY * 2).map((list) => list[0]!.skuId).sort();
  if (stocked.length < 4) return;
  const sku = (i: number) => stocked[(stocked.length - 1 - i) % stocked.length]!;
  const made: string[] = [];
  for (let i = 0; i < 4; i++) {
    const lines = i % 2 === 0 ? [{ sku_id: sku(i), qty: LINE_QTY }] : [{ sku_id: sku(i), qty: LINE_QTY }, { sku_id: sku(i + 4), qty: 1 }];
    const dest = destinations[i % destinations.length]!;
    made.push(await createMtOrder(tx, whsId, creator, { dest_whs_id: dest, remark: i === 0 ? 'Stock for the new store opening' : null, lines }));
  }
  const [, approved, allocated, released] = made as [string, string, string, string];
  for (const orderNo of [approved, allocated, released]) await approveMtOrder(tx, whsId, decider, orderNo);
  await allocateMtOrders(tx, whsId, decider, [allocated, released]);
  await releaseMtOrders(tx, whsId, decider, [released]);
}
