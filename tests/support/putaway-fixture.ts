import { and, eq } from 'drizzle-orm';
import {
  INBOUND_ORDER_TYPE, INBOUND_STATUS, INBOUND_TASK_KIND, INVENTORY_REF_TYPE, INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE,
  PURCHASE_TYPE, PUTAWAY_MODE, QUALITY, TASK_STATUS, TEMPERATURE_ZONE, type CodeOf,
} from '../../src/shared/codes';
import type { Db } from '../../src/server/db/client';
import { asnGroups, asnLines, asnOrders, inboundTasks, putawayTaskLines, skus } from '../../src/server/db/schema';
import { nextDocNo } from '../../src/server/common/doc-no';
import { ensureBatch } from '../../src/server/modules/inventory/batches';
import { postStock } from '../../src/server/modules/inventory/ledger';

/**
 * The state receiving leaves for putaway, made directly for the putaway tests: an ASN
 * in Received with its lines received, the units posted through the ledger (Received into an
 * inbound staging location) and one putaway task (kind 4, pending) with a line per SKU batch —
 * suggested location empty, as receiving creates them.
 */

export interface FixtureSku {
  skuId: string;
  temperatureZone?: number | null;
  abcClass?: number | null;
  isHighValue?: boolean;
}

let skuCounter = 0;

/** A SKU of the test's own (nobody else's stock or tasks touch it). */
export async function createTestSku(db: Db, whsId: string, prefix: string, traits: Omit<FixtureSku, 'skuId'> = {}): Promise<string> {
  const skuId = `${prefix}${String(++skuCounter).padStart(4, '0')}`;
  await db.insert(skus).values({
    whsId, skuId, skuName: `Putaway test item ${skuId}`, barcode: `99${String(skuCounter).padStart(8, '0')}${prefix.length}`,
    temperatureZone: traits.temperatureZone === undefined ? TEMPERATURE_ZONE.values.NORMAL : traits.temperatureZone,
    abcClass: traits.abcClass ?? null, isHighValue: traits.isHighValue ? 1 : 0,
  });
  return skuId;
}

export interface ReceivedItem {
  skuId: string;
  qty: number;
  quality?: CodeOf<typeof QUALITY>;
  supplierId?: string | null;
}

export interface ReceivedAsnOptions {
  whsId?: string;
  staging?: string;
  mode?: CodeOf<typeof PUTAWAY_MODE>;
  /** The ASN's status (Received unless a test wants another). */
  asnStatus?: CodeOf<typeof INBOUND_STATUS>;
  /** Posted as the receiving operator; null for the system. */
  operatorId?: number | null;
}

export interface ReceivedAsn {
  whsId: string;
  asnNo: string;
  taskNo: string;
  staging: string;
  lines: { lineNo: number; skuId: string; batchId: string; qty: number; quality: number }[];
}

/** Makes the received ASN, its staged stock and its pending putaway task, in one transaction. */
export async function receivedAsnWithPutawayTask(db: Db, items: readonly ReceivedItem[], opts: ReceivedAsnOptions = {}): Promise<ReceivedAsn> {
  const whsId = opts.whsId ?? 'SGSIN1';
  const staging = opts.staging ?? 'IB-PUTAWAY-01';
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const asnNo = await nextDocNo(tx, 'asn', 'Asia/Singapore');
    const status = opts.asnStatus ?? INBOUND_STATUS.values.RECEIVED;
    const total = items.reduce((sum, i) => sum + i.qty, 0);
    await tx.insert(asnGroups).values({ whsId, groupNo: asnNo, status });
    await tx.insert(asnOrders).values({
      whsId, asnNo, groupNo: asnNo, inboundType: INBOUND_ORDER_TYPE.values.PURCHASE, purchaseType: PURCHASE_TYPE.values.OUTRIGHT,
      status, totalExpectedQty: total, arrivedAt: new Date(), receivedAt: new Date(),
    });
    // One ASN line per SKU; each item becomes a batch (supplier and dates of its own) and a task line.
    const perSku = new Map<string, number>();
    for (const item of items) perSku.set(item.skuId, (perSku.get(item.skuId) ?? 0) + item.qty);
    await tx.insert(asnLines).values([...perSku].map(([skuId, qty], i) => ({
      whsId, asnNo, lineNo: i + 1, skuId, expectedQty: qty, countedQty: qty, qcPassedQty: qty, receivedQty: qty,
    })));
    const lines: ReceivedAsn['lines'] = [];
    for (const [i, item] of items.entries()) {
      const batchId = await ensureBatch(tx, whsId, { skuId: item.skuId, supplierId: item.supplierId ?? null, inboundRef: asnNo });
      const quality = item.quality ?? QUALITY.values.GOOD;
      await postStock(tx, whsId, [{
        location: staging, skuId: item.skuId, batchId, quality, qty: item.qty,
        txnType: INVENTORY_TRANSACTION_TYPE.values.RECEIVED, direction: INVENTORY_TRANSACTION_DIRECTION.values.DEBIT,
      }], { refType: INVENTORY_REF_TYPE.values.ASN, refNo: asnNo, operatorId: opts.operatorId ?? null });
      lines.push({ lineNo: i + 1, skuId: item.skuId, batchId, qty: item.qty, quality });
    }
    const taskNo = await nextDocNo(tx, 'task', 'Asia/Singapore');
    await tx.insert(inboundTasks).values({
      whsId, taskNo, kind: INBOUND_TASK_KIND.values.PUTAWAY, asnNo, groupNo: asnNo, status: TASK_STATUS.values.PENDING,
      putawayMode: opts.mode ?? PUTAWAY_MODE.values.STANDARD, stagingLocation: staging, totalQty: total, createdBy: opts.operatorId ?? null,
    });
    await tx.insert(putawayTaskLines).values(lines.map((l) => ({
      whsId, taskNo, lineNo: l.lineNo, asnNo, skuId: l.skuId, batchId: l.batchId, quality: l.quality, fromLocation: staging, qty: l.qty,
    })));
    return { whsId, asnNo, taskNo, staging, lines };
  });
}

/** The ASN's status now. */
export async function asnStatusOf(db: Db, whsId: string, asnNo: string): Promise<number | undefined> {
  const [row] = await db.select({ status: asnOrders.status }).from(asnOrders).where(and(eq(asnOrders.whsId, whsId), eq(asnOrders.asnNo, asnNo)));
  return row?.status;
}
