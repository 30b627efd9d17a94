import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { OUTBOUND_ORDER_TYPE } from '../../../shared/codes';
import { timeRegionOrDefault } from '../../../shared/warehouse';
import type { Tx } from '../../db/client';
import { skus, users, warehouses } from '../../db/schema';
import { FULL_STRATEGY, candidatesFor, demandOf } from './allocation';
import { allocateMtOrders, approveMtOrder, createMtOrder, mtOrderDetail, releaseMtOrders } from './mt-order';
import { applyCloseBox, applyClosePallet, applyOpenBox, applyPack, applyPalletize, startMtPacking } from './mt-shipping';
import { checkDemoCart } from './outbound.seed';
import { applyPick, claimTask } from './picking';
import type { Actor } from './sales-order';
import { weightBands } from './weight-validation';

const MT = OUTBOUND_ORDER_TYPE.values.MT;
/** A basket and a station no other demo step uses in the warehouse. */
const BASKET = 'BSK010';
const STATION = 'CHK-01';

/**
 * A demo MT order ready to ship (docs/outbound.md "MT checking, packing and shipping"): two units of a
 * SKU to `destWhsId`, made by the demo supervisor, decided by the administrator, picked into a basket
 * and checked by the operator, then packed a unit per box (`MTB-DEMO-…-1`, `-2`), each box on a closed
 * pallet of its own (`PLT-DEMO-…-1`, `-2`): the MT packing list shows it done and the MT shipping
 * screen ships it by scanning the two pallets. All through the code the screens and ops call.
 */
export async function seedDemoPackedMtOrder(tx: Tx, whsId: string, destWhsId: string): Promise<void> {
  const [whs] = await tx.select({ timeRegion: warehouses.timeRegion }).from(warehouses).where(eq(warehouses.whsId, whsId));
  if (!whs) return;
  const people = await tx.select({ userId: users.userId, email: users.email }).from(users)
    .where(inArray(users.email, ['supervisor@demo.local', 'admin@demo.local', 'operator@demo.local']));
  const idOf = (email: string) => people.find((p) => p.email === email)?.userId;
  const [planner, approver, worker] = [idOf('supervisor@demo.local'), idOf('admin@demo.local'), idOf('operator@demo.local')];
  if (planner === undefined || approver === undefined || worker === undefined) return;
  const timeZone = timeRegionOrDefault(whs.timeRegion);
  const operator: Actor = { userId: worker, timeZone };

  // A SKU whose first balance holds both units: one picking task, one basket.
  const skuIds = (await tx.select({ skuId: skus.skuId }).from(skus).where(eq(skus.whsId, whsId))).map((r) => r.skuId).sort();
  const candidates = await candidatesFor(tx, whsId, demandOf(skuIds.map((skuId) => ({ skuId, qty: 4 })), [FULL_STRATEGY]));
  const skuId = [...candidates.values()].filter((list) => (list[0]?.available ?? 0) >= 4).map((list) => list[0]!.skuId).sort().at(-1);
  if (!skuId) return;
  const orderNo = await createMtOrder(tx, whsId, { userId: planner, timeZone }, {
    dest_whs_id: destWhsId, remark: 'Packed on two pallets: ready to ship', lines: [{ sku_id: skuId, qty: 2 }],
  });
  const decider: Actor = { userId: approver, timeZone };
  await approveMtOrder(tx, whsId, decider, orderNo);
  await allocateMtOrders(tx, whsId, decider, [orderNo]);
  await releaseMtOrders(tx, whsId, decider, [orderNo]);
  const { tasks } = await mtOrderDetail(tx, whsId, orderNo);
  if (tasks.length !== 1) throw new Error(`demo MT order ${orderNo} has ${tasks.length} picking tasks`);
  const work = await claimTask(tx, whsId, worker, tasks[0]!.task_no, BASKET, false, MT);
  for (const line of work.lines) {
    await applyPick(tx, whsId, { userId: worker, opId: randomUUID() }, { task_no: work.task.task_no, alloc_id: line.alloc_id, location: line.location_id, sku_id: line.sku_id, qty: line.qty });
  }
  if (!(await checkDemoCart(tx, whsId, operator, STATION, BASKET, await weightBands(tx, whsId), true, MT))) throw new Error(`demo MT order ${orderNo} could not be checked`);

  const packing = await startMtPacking(tx, whsId, worker, orderNo, timeZone);
  const actor = () => ({ userId: worker, opId: randomUUID() });
  const tag = `DEMO-${whsId}`;
  for (const n of [1, 2]) {
    const boxId = `MTB-${tag}-${n}`;
    const palletId = `PLT-${tag}-${n}`;
    await applyOpenBox(tx, whsId, actor(), { packing_id: packing.task.packing_id, box_id: boxId });
    await applyPack(tx, whsId, actor(), { box_id: boxId, sku_id: skuId, qty: 1 });
    await applyCloseBox(tx, whsId, actor(), { box_id: boxId });
    await applyPalletize(tx, whsId, actor(), { pallet_id: palletId, box_id: boxId });
    await applyClosePallet(tx, whsId, actor(), { pallet_id: palletId });
  }
}
