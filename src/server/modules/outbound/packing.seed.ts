import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { salesOrders } from '../../db/schema';
import { applyPack, startPacking } from './packing';
import { S, type Actor } from './sales-order';
import { weightBands, weightVerdict } from './weight-validation';

/** The demo's packing station (catalog.seed.ts). */
const DEMO_PACKING_STATION = 'PCK-01';

/**
 * The first two checked orders of the warehouse are packed at PCK-01, each in the box checking
 * took, weighed as its units and box weigh; the others wait at Checked for the user to pack.
 */
export async function seedPacking(tx: Tx, whsId: string, actor: Actor): Promise<void> {
  const checked = await tx.select({ orderNo: salesOrders.orderNo }).from(salesOrders)
    .where(and(eq(salesOrders.whsId, whsId), eq(salesOrders.status, S.CHECKED))).orderBy(asc(salesOrders.orderNo)).limit(2);
  for (const { orderNo } of checked) await packDemoOrder(tx, whsId, actor, orderNo);
}

/** Packs a checked order at PCK-01 in one parcel, through packing's own code (other demo seeds use it too). */
export async function packDemoOrder(tx: Tx, whsId: string, actor: Actor, orderNo: string): Promise<void> {
  const bands = await weightBands(tx, whsId);
  const work = await startPacking(tx, whsId, actor.userId, DEMO_PACKING_STATION, orderNo, actor.timeZone);
  const box = work.boxes.find((b) => b.consumable_id === work.checked_box_id) ?? null;
  const unitsG = work.lines.reduce((sum, l) => sum + l.qty * (l.unit_weight_g ?? 0), 0);
  await applyPack(tx, whsId, { userId: actor.userId, opId: randomUUID() }, {
    task_no: work.task.task_no, labelled_at: Math.floor(Date.now() / 1000),
    parcels: [{ box_id: box?.consumable_id ?? null, filler_ids: [], weight_g: Math.max(1, unitsG + (box?.tare_weight_g ?? 0)), items: work.lines.map((l) => ({ sku_id: l.sku_id, qty: l.qty })) }],
  }, async (expectedG, actualG) => weightVerdict(bands, expectedG, actualG));
}
