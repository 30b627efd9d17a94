import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { OUTBOUND_ORDER_TYPE, RTS_REMOVAL_DISPOSAL, RTS_TYPE } from '../../../shared/codes';
import { timeRegionOrDefault } from '../../../shared/warehouse';
import type { Tx } from '../../db/client';
import { rtsQuotas, skus, suppliers, users, warehouses } from '../../db/schema';
import { FULL_STRATEGY, candidatesFor, demandOf } from './allocation';
import { ALL_SUPPLIERS, allocateRtsOrders, approveRtsOrder, createRtsOrder, releaseRtsOrders } from './rts-order';
import { applyPick, claimTask } from './picking';
import { createRtsShipment } from './rts-shipping';
import type { Actor } from './sales-order';

/** Units each demo RTS line asks: few, so the sales demo keeps its stock. */
const LINE_QTY = 2;

/**
 * Demo RTS orders of one warehouse (IDJKT1): an RTS quota (500 units a day for every supplier, 200
 * for the first) and four orders in the states a planner meets — pending approval, approved,
 * allocated, released to picking (its task on the RTS picking task list). Made by the demo
 * supervisor, decided by the demo administrator, through the same code as the screens.
 */
export async function seedDemoRtsOrders(tx: Tx, whsId: string): Promise<void> {
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
  const supplierIds = (await tx.select({ supplierId: suppliers.supplierId }).from(suppliers)
    .where(and(eq(suppliers.whsId, whsId), eq(suppliers.status, 1))).orderBy(asc(suppliers.supplierId)).limit(4)).map((r) => r.supplierId);
  if (supplierIds.length === 0) return;
  await tx.insert(rtsQuotas).values([{ whsId, supplierId: ALL_SUPPLIERS, dailyMaxQty: 500 }, { whsId, supplierId: supplierIds[0]!, dailyMaxQty: 200 }]);

  const skuIds = (await tx.select({ skuId: skus.skuId }).from(skus).where(eq(skus.whsId, whsId))).map((r) => r.skuId).sort();
  const candidates = await candidatesFor(tx, whsId, demandOf(skuIds.map((skuId) => ({ skuId, qty: LINE_QTY * 2 })), [FULL_STRATEGY]));
  const stocked = [...candidates.values()].filter((list) => list.reduce((sum, c) => sum + c.available, 0) >= LINE_QTY * 2).map((list) => list[0]!.skuId).sort();
  if (stocked.length < 4) return;
  const types = [RTS_TYPE.values.REAL_RTS, RTS_TYPE.values.VIRTUAL_RTS_WITH_REINBOUND, RTS_TYPE.values.REPLACEMENT, RTS_TYPE.values.REAL_RTS];
  const reasons = ['R3', 'VR-IB1', 'RP1', 'R2'];
  const made: string[] = [];
  for (let i = 0; i < 4; i++) {
    made.push(await createRtsOrder(tx, whsId, creator, {
      supplier_id: supplierIds[i % supplierIds.length]!, rts_type: types[i]!, reason_code: reasons[i]!,
      removal_disposal: i === 0 ? RTS_REMOVAL_DISPOSAL.values.PICKED_UP_BY_SUPPLIER : null,
      remark: i === 0 ? 'Defective lot returned on supplier request' : null, lines: [{ sku_id: stocked[i]!, qty: LINE_QTY }],
    }));
  }
  const [, approved, allocated, released] = made as [string, string, string, string];
  for (const orderNo of [approved, allocated, released]) await approveRtsOrder(tx, whsId, decider, orderNo);
  await allocateRtsOrders(tx, whsId, decider, [allocated, released]);
  await releaseRtsOrders(tx, whsId, decider, [released]);
  if (stocked[4]) await seedPickedRtsOrder(tx, whsId, { creator, decider }, supplierIds[0]!, stocked[4], PICKED);
  if (stocked[5]) await seedPickedRtsOrder(tx, whsId, { creator, decider }, supplierIds[0]!, stocked[5], SHIPPED_VIRTUAL);
}

interface PickedDemo {
  /** A basket no other demo step or test uses in the warehouse. */
  basket: string;
  rtsType: number;
  reasonCode: string;
  remark: string;
  /** Shipped to the supplier as well. */
  ship: boolean;
}

/** Waits on the RTS Shipping list, where a new user ships it back to the supplier with its manifest. */
const PICKED: PickedDemo = { basket: 'BSK017', rtsType: RTS_TYPE.values.REAL_RTS, reasonCode: 'R4', remark: 'Expired stock going back to the supplier', ship: false };
/** Shipped: in transit, its supplier's re-inbound ASN pending on the inbound list. */
const SHIPPED_VIRTUAL: PickedDemo = {
  basket: 'BSK016', rtsType: RTS_TYPE.values.VIRTUAL_RTS_WITH_REINBOUND, reasonCode: 'VR-IB1', remark: 'Relabelled by the supplier and sent back in', ship: true,
};

/**
 * A demo RTS order picked by the demo operator into a basket: its task finished, and shipped too
 * for a virtual RTS with re-inbound (the supplier's ASN then waits to bring the units back).
 */
async function seedPickedRtsOrder(
  tx: Tx, whsId: string, { creator, decider }: { creator: Actor; decider: Actor }, supplierId: string, skuId: string, demo: PickedDemo,
): Promise<void> {
  const [operator] = await tx.select({ userId: users.userId }).from(users).where(eq(users.email, 'operator@demo.local'));
  if (!operator) return;
  const orderNo = await createRtsOrder(tx, whsId, creator, {
    supplier_id: supplierId, rts_type: demo.rtsType, reason_code: demo.reasonCode, removal_disposal: RTS_REMOVAL_DISPOSAL.values.SENT_BACK,
    remark: demo.remark, lines: [{ sku_id: skuId, qty: LINE_QTY }],
  });
  await approveRtsOrder(tx, whsId, decider, orderNo);
  await allocateRtsOrders(tx, whsId, decider, [orderNo]);
  const { taskNos } = await releaseRtsOrders(tx, whsId, decider, [orderNo]);
  for (const taskNo of taskNos) {
    const work = await claimTask(tx, whsId, operator.userId, taskNo, demo.basket, false, OUTBOUND_ORDER_TYPE.values.RTS);
    for (const line of work.lines) {
      await applyPick(tx, whsId, { userId: operator.userId, opId: randomUUID() }, {
        task_no: work.task.task_no, alloc_id: line.alloc_id, location: line.location_id, sku_id: line.sku_id, qty: line.qty,
      });
    }
    if (demo.ship) await createRtsShipment(tx, whsId, decider, { task_no: taskNo, carrier_name: 'Supplier truck', tracking_no: null, removal_disposal: null });
  }
}
