import { sql } from 'drizzle-orm';
import { ASN_SOURCE, INBOUND_ORDER_TYPE, INBOUND_STATUS, PURCHASE_TYPE, QC_RULE_KIND, TRACKING_ID_STATUS } from '../../../shared/codes';
import type { Tx } from '../../db/client';
import { asnGroups, asnLines, asnOrders, inboundTrackingIds, qcRules } from '../../db/schema';
import { demoWorker } from '../../common/demo-actor';
import { demoSkuId } from '../basic/sku.seed';
import { completeGroupCounting, saveCountingRecord } from './counting';

const K = QC_RULE_KIND.values;

/** QC rules of every demo warehouse: high-value SKUs by AQL, beauty products by a share, one rule switched off. */
const DEMO_QC_RULES = [
  { ruleName: 'High-value SKUs: AQL 1.0', ruleKind: K.AQL, priority: 100, highValueOnly: true, aqlLevel: '1.0', status: 1 },
  { ruleName: 'Beauty: 10 % of each line', ruleKind: K.PERCENTAGE_BASED, priority: 200, categoryPrefix: 'Beauty', samplePercent: 10, status: 1 },
  { ruleName: 'Every SKU: attribute check (off)', ruleKind: K.SKU_ATTRIBUTES, priority: 900, status: 2 },
] as const;

/**
 * The demo ASNs of this seed (groups of their own): two counted — one a QC rule picks (a high-value
 * SKU), one that goes straight to receiving — and one arrived, waiting on the counting screen.
 */
const COUNTING_DEMO_ASNS = [
  { suffix: 'C1', lines: [[8, 30], [9, 40]], counted: true },
  { suffix: 'C2', lines: [[1, 24], [2, 12]], counted: true },
  { suffix: 'C3', lines: [[1, 6], [2, 4]], counted: false },
] as const;

export const countingDemoAsnNo = (whsId: string, suffix: string) => `ASN${whsId.slice(0, 2)}DEMO${suffix}`;

export async function seedDemoCounting(tx: Tx, whsIds: readonly string[]): Promise<void> {
  for (const whsId of whsIds) {
    await tx.insert(qcRules).values(DEMO_QC_RULES.map((r) => ({ whsId, ...r })));
    const userId = await demoWorker(tx, whsId);
    for (const asn of COUNTING_DEMO_ASNS) {
      const asnNo = countingDemoAsnNo(whsId, asn.suffix);
      await tx.insert(asnGroups).values({ whsId, groupNo: asnNo, status: INBOUND_STATUS.values.ARRIVED });
      await tx.insert(asnOrders).values({
        whsId, asnNo, groupNo: asnNo, inboundType: INBOUND_ORDER_TYPE.values.PURCHASE, purchaseType: PURCHASE_TYPE.values.OUTRIGHT,
        source: ASN_SOURCE.values.WMS, status: INBOUND_STATUS.values.ARRIVED, expectedCartons: 1,
        totalExpectedQty: asn.lines.reduce((n, [, qty]) => n + qty, 0), arrivedAt: sql`now() - interval '2 hours'` as unknown as Date,
      });
      await tx.insert(asnLines).values(asn.lines.map(([sku, qty], i) => ({ whsId, asnNo, lineNo: i + 1, skuId: demoSkuId(whsId, sku), expectedQty: qty })));
      const trackingId = `TRK${whsId.slice(0, 2)}${asn.suffix}1`;
      await tx.insert(inboundTrackingIds).values({
        whsId, trackingId, asnNo, groupNo: asnNo, status: TRACKING_ID_STATUS.values.ARRIVED, arrivedAt: sql`now() - interval '2 hours'` as unknown as Date,
      });
      if (!asn.counted) continue;
      const actor = { whsId, userId, opId: null };
      for (const [sku, qty] of asn.lines) {
        await saveCountingRecord(tx, actor, { group_no: asnNo, sku_id: demoSkuId(whsId, sku), qty, tracking_id: trackingId });
      }
      await completeGroupCounting(tx, actor, asnNo);
    }
  }
}
