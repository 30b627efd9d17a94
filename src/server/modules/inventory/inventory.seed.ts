import { and, asc, eq } from 'drizzle-orm';
import { INVENTORY_REF_TYPE, INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE, LOCATION_STATUS, QUALITY, STORAGE_AREA, TEMPERATURE_ZONE } from '../../../shared/codes';
import { addDays, todayIn } from '../../../shared/expiry';
import { INBOUND_STAGING_TYPE } from '../../../shared/resources/location-codes';
import { timeRegionOrDefault } from '../../../shared/warehouse';
import type { Tx } from '../../db/client';
import { cells, inboundStagingLocations, skuBatches, skus, suppliers } from '../../db/schema';
import { newBatchIdSql } from './batches';
import { lockStock, postStock, type StockLine, type StockQty } from './ledger';

const OPENING_REF = { refType: INVENTORY_REF_TYPE.values.OPENING_BALANCE, refNo: 'OPENING-BALANCE', operatorId: null };
const { GOOD, DAMAGED } = QUALITY.values;

/** A batch to create: its dates relative to the warehouse's today. */
interface PlannedBatch {
  skuId: string;
  productionDate: string | null;
  expiryDate: string | null;
  kind: 'main' | 'expiring' | 'expired';
}

/** Takes the cells in turn, round and round. */
function rotation<T>(items: readonly T[]) {
  let next = 0;
  return () => items[next++ % items.length]!;
}

/**
 * Opening stock of each demo warehouse, posted through the ledger as one Adjust Increase per
 * warehouse (reference OPENING-BALANCE): every SKU but a few has a pick-face balance, half of the
 * ambient ones a reserve pallet too; SKUs with a shelf life come in dated batches, some expiring
 * and some expired (those blocked for disposal); a few damaged units wait in the dispute staging
 * area, a few received cartons in putaway staging, and some stock is on quality hold.
 */
export async function seedDemoStock(tx: Tx, warehouses: readonly { whsId: string; timeRegion: string | null }[]): Promise<void> {
  for (const [w, { whsId, timeRegion }] of warehouses.entries()) {
    const today = todayIn(timeRegionOrDefault(timeRegion));
    const skuRows = await tx.select({ skuId: skus.skuId, temperatureZone: skus.temperatureZone, shelfLifeDays: skus.shelfLifeDays })
      .from(skus).where(eq(skus.whsId, whsId)).orderBy(asc(skus.skuId));
    const cellRows = await tx.select({ code: cells.locationCode, temperatureZone: cells.temperatureZone, storageArea: cells.storageArea, maxQty: cells.maxQty })
      .from(cells).where(and(eq(cells.whsId, whsId), eq(cells.status, LOCATION_STATUS.values.NORMAL))).orderBy(asc(cells.locationCode));
    const stagingOf = async (type: number) => (await tx.select({ code: inboundStagingLocations.locationCode }).from(inboundStagingLocations)
      .where(and(eq(inboundStagingLocations.whsId, whsId), eq(inboundStagingLocations.stagingType, type), eq(inboundStagingLocations.status, LOCATION_STATUS.values.NORMAL)))
      .orderBy(asc(inboundStagingLocations.locationCode)).limit(1))[0]?.code;
    const putawayStaging = await stagingOf(INBOUND_STAGING_TYPE.values.PUTAWAY);
    const disputeStaging = await stagingOf(INBOUND_STAGING_TYPE.values.DISPUTE);
    const supplierIds = (await tx.select({ id: suppliers.supplierId }).from(suppliers)
      .where(and(eq(suppliers.whsId, whsId), eq(suppliers.status, 1))).orderBy(asc(suppliers.supplierId))).map((s) => s.id);

    const planned: PlannedBatch[] = skuRows.flatMap((sku, i): PlannedBatch[] => {
      const life = sku.shelfLifeDays;
      if (!life) return [{ skuId: sku.skuId, productionDate: null, expiryDate: null, kind: 'main' }];
      const produced = addDays(today, -Math.round(life / 4));
      const batches: PlannedBatch[] = [{ skuId: sku.skuId, productionDate: produced, expiryDate: addDays(produced, life), kind: 'main' }];
      if (i % 6 === 2) {
        const expiry = addDays(today, Math.max(1, Math.floor(life / 6)));
        batches.push({ skuId: sku.skuId, productionDate: addDays(expiry, -life), expiryDate: expiry, kind: 'expiring' });
      }
      if (i % 9 === 4) {
        const expiry = addDays(today, -((i % 5) + 1));
        batches.push({ skuId: sku.skuId, productionDate: addDays(expiry, -life), expiryDate: expiry, kind: 'expired' });
      }
      return batches;
    });
    const created = await tx.insert(skuBatches).values(planned.map((b, n) => ({
      whsId, skuId: b.skuId, batchId: newBatchIdSql, productionDate: b.productionDate, expiryDate: b.expiryDate,
      supplierId: supplierIds[n % supplierIds.length] ?? null, inboundRef: OPENING_REF.refNo,
    }))).returning({ skuId: skuBatches.skuId, batchId: skuBatches.batchId, expiryDate: skuBatches.expiryDate });
    const batchIdOf = (b: PlannedBatch) => created.find((c) => c.skuId === b.skuId && c.expiryDate === b.expiryDate)!.batchId;

    // Pick faces are picking-area cells of the SKU's temperature zone; cold goods live in their storage zones.
    const pickFaces = new Map<number, () => (typeof cellRows)[number]>();
    const pickFaceFor = (temperature: number) => {
      let take = pickFaces.get(temperature);
      if (!take) {
        take = rotation(cellRows.filter((c) => c.temperatureZone === temperature && (c.storageArea === STORAGE_AREA.values.PICKING_AREA || temperature !== TEMPERATURE_ZONE.values.NORMAL)));
        pickFaces.set(temperature, take);
      }
      return take();
    };
    const reserveCell = rotation(cellRows.filter((c) => c.temperatureZone === TEMPERATURE_ZONE.values.NORMAL && c.storageArea !== STORAGE_AREA.values.PICKING_AREA));
    const lines: StockLine[] = [];
    const toBlock: { line: StockQty; reason: string }[] = [];
    const debit = (location: string, b: PlannedBatch, qty: number, quality: typeof GOOD | typeof DAMAGED = GOOD): StockLine => {
      const line: StockLine = {
        txnType: INVENTORY_TRANSACTION_TYPE.values.ADJUST_INCREASE, direction: INVENTORY_TRANSACTION_DIRECTION.values.DEBIT,
        location, skuId: b.skuId, batchId: batchIdOf(b), quality, qty,
      };
      lines.push(line);
      return line;
    };
    const spread = (i: number, span: number) => (i * 37 + w * 11) % span;

    for (const [i, sku] of skuRows.entries()) {
      if (i % 17 === 16) continue; // out of stock
      const batches = planned.filter((b) => b.skuId === sku.skuId);
      const temperature = sku.temperatureZone ?? TEMPERATURE_ZONE.values.NORMAL;
      for (const batch of batches) {
        const cell = pickFaceFor(temperature);
        const qty = Math.min(cell.maxQty ?? 200, 20 + spread(i, 160));
        const line = debit(cell.code, batch, batch.kind === 'main' ? qty : Math.ceil(qty / 4));
        if (batch.kind === 'expired') toBlock.push({ line, reason: 'Expired: held for disposal' });
        else if (i % 11 === 7) toBlock.push({ line: { ...line, qty: Math.ceil(line.qty / 3) }, reason: 'Quality hold: supplier recall check' });
      }
      const main = batches[0]!;
      if (temperature === TEMPERATURE_ZONE.values.NORMAL && i % 2 === 0) {
        const pallet = reserveCell();
        debit(pallet.code, main, Math.min(pallet.maxQty ?? 1000, 200 + spread(i, 700)));
      }
      if (disputeStaging && i % 13 === 5) debit(disputeStaging, main, 1 + (i % 5), DAMAGED);
      if (putawayStaging && i % 20 === 3) debit(putawayStaging, main, 12 + (i % 4) * 6);
    }
    await postStock(tx, whsId, lines, OPENING_REF);
    for (const reason of new Set(toBlock.map((b) => b.reason))) {
      await lockStock(tx, whsId, toBlock.filter((b) => b.reason === reason).map((b) => b.line), { reason, operatorId: null });
    }
  }
}
