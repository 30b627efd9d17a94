import { eq, inArray } from 'drizzle-orm';
import { RETURN_INBOUND_CONDITION, RETURN_INBOUND_REASON, RETURN_JUDGEMENT, RETURN_ORDER_SOURCE } from '../../../shared/codes';
import { timeRegionOrDefault } from '../../../shared/warehouse';
import type { Tx } from '../../db/client';
import { returnInboundRules, returnQcChecks, skus, users, warehouses } from '../../db/schema';
import { arriveReturnParcel, createReturnOrder } from './return-order';

const R = RETURN_INBOUND_REASON.values;
const C = RETURN_INBOUND_CONDITION.values;
const J = RETURN_JUDGEMENT.values;

/** The demo return QC checklist and return inbound rules: good units back to stock, damaged ones claimed from the 3PL, abnormal ones back to the seller. */
async function seedDemoReturnRules(tx: Tx, whsId: string): Promise<void> {
  await tx.insert(returnQcChecks).values([
    { whsId, sequence: 10, checkName: 'Outer packaging intact', failCondition: C.DAMAGE },
    { whsId, sequence: 20, checkName: 'Product free of scratches, dents and stains', failCondition: C.DAMAGE },
    { whsId, sequence: 30, checkName: 'All parts and accessories present', failCondition: C.ABNORMAL },
    { whsId, sequence: 40, checkName: 'Item and serial match the order', failCondition: C.ABNORMAL },
  ]);
  await tx.insert(returnInboundRules).values([
    { whsId, ruleName: 'Damaged: claim from the 3PL', priority: 10, condition: C.DAMAGE, judgement: J.THREE_PL_CLAIM },
    { whsId, ruleName: 'Good: back to stock', priority: 20, condition: C.GOOD, judgement: J.REINBOUND },
    { whsId, ruleName: 'Abnormal: back to the seller', priority: 30, condition: C.ABNORMAL, judgement: J.RETURN_TO_SELLER },
  ]);
}

/**
 * Demo returns of one warehouse, through the same code as the intake and the dock: four returns the
 * order system told of (one of them already arrived at the return dock, so the queue list shows
 * it), and a parcel no return expected, in dispute; the return QC checklist and rules. Tracking numbers RTN<whs>-1… are free to scan.
 */
export async function seedDemoReturns(tx: Tx, whsId: string): Promise<void> {
  const [whs] = await tx.select({ timeRegion: warehouses.timeRegion }).from(warehouses).where(eq(warehouses.whsId, whsId));
  const [intake] = await tx.select({ userId: users.userId }).from(users).where(inArray(users.email, ['supervisor@demo.local']));
  const [dock] = await tx.select({ userId: users.userId }).from(users).where(inArray(users.email, ['operator@demo.local']));
  if (!whs || !intake || !dock) return;
  await seedDemoReturnRules(tx, whsId);
  const skuIds = (await tx.select({ skuId: skus.skuId }).from(skus).where(eq(skus.whsId, whsId))).map((r) => r.skuId).sort().slice(0, 4);
  if (skuIds.length < 2) return;
  const actor = { userId: intake.userId, timeZone: timeRegionOrDefault(whs.timeRegion) };
  const reasons = [R.CHANGE_OF_MIND, R.DAMAGE, R.WRONG_PRODUCT, R.FAULTY];
  const made = [];
  for (const [i, reason] of reasons.entries()) {
    const n = i + 1;
    made.push(await createReturnOrder(tx, whsId, actor, {
      return_order_no: `RMA-${whsId}-${n}`, sales_order_no: `SO-${whsId}-RET${n}`, tracking_no: `RTN${whsId}-${n}`, return_reason: reason,
      buyer_name: ['Tan Mei Ling', 'Budi Santoso', 'Nguyen Thi Lan', 'Maria Santos'][i]!, shop_id: null, expected_arrival_at: null, remark: null,
      lines: [{ sku_id: skuIds[i % skuIds.length]!, qty: 1 + (i % 2) }, ...(i === 0 ? [{ sku_id: skuIds[1]!, qty: 1 }] : [])],
    }, RETURN_ORDER_SOURCE.values.ORDER_SYSTEM));
  }
  const at = new Date();
  await arriveReturnParcel(tx, { whsId, userId: dock.userId, at }, made[0]!.order.tracking_no);
  await arriveReturnParcel(tx, { whsId, userId: dock.userId, at }, `UNKNOWN-${whsId}-1`);
}
