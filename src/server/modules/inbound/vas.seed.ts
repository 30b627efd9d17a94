import { asc, eq, sql } from 'drizzle-orm';
import { ASN_SOURCE, INBOUND_ORDER_TYPE, INBOUND_STATUS, INBOUND_TASK_KIND, PURCHASE_TYPE } from '../../../shared/codes';
import type { Tx } from '../../db/client';
import { asnGroups, asnLines, asnOrders, userWarehouses } from '../../db/schema';
import { demoSkuId } from '../basic/sku.seed';
import { completeGroupCounting, saveCountingRecord } from './counting';
import { countingDemoAsnNo } from './counting.seed';
import { completeReceiving } from './receiving';

/** The demo VAS ASN's lines: SKU number, units, and the service each asks for. */
const VAS_DEMO_LINES = [
  [9, 20, INBOUND_TASK_KIND.values.LABELLING], [11, 12, INBOUND_TASK_KIND.values.BUNDLING], [10, 8, INBOUND_TASK_KIND.values.REPACKAGING],
] as const;
const VAS_DEMO_STAGING = 'IB-PUTAWAY-01';

/**
 * VAS demo data (after the accounts): in every demo warehouse an ASN (`ASN<CC>DEMOV1`) whose lines ask
 * for labelling, bundling and repackaging, counted and received through the same functions the
 * screens call, so a task of each kind waits at the Putaway staging location for the Reprocess screen.
 */
export async function seedDemoVas(tx: Tx, whsIds: readonly string[]): Promise<void> {
  for (const whsId of whsIds) {
    // Received by the warehouse's first member (the tasks themselves wait unassigned).
    const [member] = await tx.select({ userId: userWarehouses.userId }).from(userWarehouses)
      .where(eq(userWarehouses.whsId, whsId)).orderBy(asc(userWarehouses.userId)).limit(1);
    if (!member) continue;
    const asnNo = countingDemoAsnNo(whsId, 'V1');
    await tx.insert(asnGroups).values({ whsId, groupNo: asnNo, status: INBOUND_STATUS.values.ARRIVED });
    await tx.insert(asnOrders).values({
      whsId, asnNo, groupNo: asnNo, inboundType: INBOUND_ORDER_TYPE.values.PURCHASE, purchaseType: PURCHASE_TYPE.values.OUTRIGHT,
      source: ASN_SOURCE.values.WMS, status: INBOUND_STATUS.values.ARRIVED, expectedCartons: 1,
      totalExpectedQty: VAS_DEMO_LINES.reduce((n, [, qty]) => n + qty, 0), arrivedAt: sql`now() - interval '2 hours'` as unknown as Date,
    });
    await tx.insert(asnLines).values(VAS_DEMO_LINES.map(([sku, qty, vasKind], i) => ({ whsId, asnNo, lineNo: i + 1, skuId: demoSkuId(whsId, sku), expectedQty: qty, vasKind })));
    const actor = { whsId, userId: member.userId, opId: null };
    for (const [sku, qty] of VAS_DEMO_LINES) await saveCountingRecord(tx, actor, { group_no: asnNo, sku_id: demoSkuId(whsId, sku), qty });
    await completeGroupCounting(tx, actor, asnNo);
    await completeReceiving(tx, actor, { asn_no: asnNo, staging_location: VAS_DEMO_STAGING });
  }
}
