import { and, eq, sql } from 'drizzle-orm';
import { LOT_NO_PATTERN } from '../../../shared/asn';
import { isIsoDate } from '../../../shared/expiry';
import type { Db } from '../../db/client';
import { skuBatches, skus, suppliers } from '../../db/schema';
import { badInput, notFound } from '../../http/errors';
import { assertInTransaction } from './stock-refs';

/** What a batch is: the dates and supplier its units share. */
export interface BatchInput {
  skuId: string;
  /** A given lot number (scanned from the carton); generated when absent. */
  batchId?: string | null;
  productionDate?: string | null;
  expiryDate?: string | null;
  supplierId?: string | null;
  /** The inbound document that brings it in first (kept from the first time). */
  inboundRef?: string | null;
}

const INBOUND_REF_MAX = 64;

/** A generated batch id: `B` and the next number of the batch sequence, nine digits. */
export const newBatchIdSql = sql<string>`'B' || lpad(nextval('sku_batch_no_seq')::text, 9, '0')`;

function checkBatchInput(input: BatchInput): void {
  if (typeof input.skuId !== 'string' || !input.skuId.trim()) throw badInput('sku_id', 'a SKU id is required');
  if (input.batchId != null && !LOT_NO_PATTERN.test(input.batchId)) {
    throw badInput('batch_id', 'up to 40 letters, digits and . _ / -, starting with a letter or digit');
  }
  for (const [field, value] of [['production_date', input.productionDate], ['expiry_date', input.expiryDate]] as const) {
    if (value != null && !isIsoDate(value)) throw badInput(field, 'must be a date written YYYY-MM-DD');
  }
  if (input.productionDate && input.expiryDate && input.expiryDate < input.productionDate) {
    throw badInput('expiry_date', 'cannot be before the production date');
  }
  if (input.inboundRef != null && input.inboundRef.length > INBOUND_REF_MAX) throw badInput('inbound_ref', `at most ${INBOUND_REF_MAX} characters`);
}

const sameAttributes = (whsId: string, input: BatchInput) => and(
  eq(skuBatches.whsId, whsId),
  eq(skuBatches.skuId, input.skuId),
  sql`${skuBatches.productionDate} is not distinct from ${input.productionDate ?? null}::date`,
  sql`${skuBatches.expiryDate} is not distinct from ${input.expiryDate ?? null}::date`,
  sql`${skuBatches.supplierId} is not distinct from ${input.supplierId ?? null}::text`,
);

/**
 * The batch of a SKU with these attributes, created when new; returns its id. A given id that
 * exists must carry the same dates and supplier. Without an id, units with the same dates and
 * supplier join the batch that has them, so one receipt after another does not split stock.
 */
export async function ensureBatch(tx: Db, whsId: string, input: BatchInput): Promise<string> {
  assertInTransaction(tx);
  checkBatchInput(input);
  const [sku] = await tx.select({ skuId: skus.skuId }).from(skus).where(and(eq(skus.whsId, whsId), eq(skus.skuId, input.skuId)));
  if (!sku) throw notFound(`SKU ${input.skuId} of warehouse ${whsId}`);
  if (input.supplierId != null) {
    const [supplier] = await tx.select({ id: suppliers.supplierId }).from(suppliers)
      .where(and(eq(suppliers.whsId, whsId), eq(suppliers.supplierId, input.supplierId)));
    if (!supplier) throw notFound(`Supplier ${input.supplierId} of warehouse ${whsId}`);
  }
  // One creator per SKU at a time: two receipts of the same new lot make one batch, not two.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sku_batch:${whsId}:${input.skuId}`}))`);

  const attributes = {
    whsId, skuId: input.skuId, productionDate: input.productionDate ?? null, expiryDate: input.expiryDate ?? null,
    supplierId: input.supplierId ?? null, inboundRef: input.inboundRef?.trim() || null,
  };
  if (input.batchId != null) {
    const [existing] = await tx.select().from(skuBatches)
      .where(and(eq(skuBatches.whsId, whsId), eq(skuBatches.skuId, input.skuId), eq(skuBatches.batchId, input.batchId)));
    if (!existing) {
      await tx.insert(skuBatches).values({ ...attributes, batchId: input.batchId });
      return input.batchId;
    }
    const differs = (['productionDate', 'expiryDate', 'supplierId'] as const).filter((k) => existing[k] !== attributes[k]);
    if (differs.length > 0) {
      const shown = (v: string | null) => v ?? 'none';
      throw badInput('batch_id', `batch ${input.batchId} of SKU ${input.skuId} exists with production date ${shown(existing.productionDate)}, `
        + `expiry date ${shown(existing.expiryDate)} and supplier ${shown(existing.supplierId)}: use another batch id for other attributes`);
    }
    return input.batchId;
  }

  const [same] = await tx.select({ batchId: skuBatches.batchId }).from(skuBatches).where(sameAttributes(whsId, input))
    .orderBy(skuBatches.createdAt, skuBatches.batchId).limit(1);
  if (same) return same.batchId;
  // A given lot number may already use the next generated id for this SKU: draw again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const [created] = await tx.insert(skuBatches).values({ ...attributes, batchId: newBatchIdSql }).onConflictDoNothing()
      .returning({ batchId: skuBatches.batchId });
    if (created) return created.batchId;
  }
  throw new Error(`no free batch id for SKU ${input.skuId} after 5 draws`);
}
