import { CONSUMABLE_REF_TYPE, CONSUMABLE_TYPE, ORDER_ITEM_KIND, WEIGHT_TOLERANCE_UNIT } from '../../../shared/codes';
import type { Tx } from '../../db/client';
import { consumableBalances, consumableReceipts, consumables, packagingRules, weightBands } from '../../db/schema';
import { receiveConsumables } from '../inventory/consumable-stock';

const T = CONSUMABLE_TYPE.values;

/** The demo's consumables: three boxes, a pouch, bubble filler, tape and film, with stock from a receipt each (some low, one none). */
const DEMO_CONSUMABLES = [
  { id: 'CB-S', name: 'Carton box S (250×200×120)', type: T.PACKING_BOX, size: [250, 200, 120], maxLoadG: 5000, tareG: 150, low: 30, received: 120 },
  { id: 'CB-M', name: 'Carton box M (400×300×250)', type: T.PACKING_BOX, size: [400, 300, 250], maxLoadG: 15000, tareG: 350, low: 30, received: 80 },
  { id: 'CB-L', name: 'Carton box L (600×400×400)', type: T.PACKING_BOX, size: [600, 400, 400], maxLoadG: 25000, tareG: 800, low: 20, received: 12 },
  { id: 'PB-M', name: 'Poly mailer pouch M (300×250×60)', type: T.POUCH, size: [300, 250, 60], maxLoadG: 1500, tareG: 20, low: 100, received: 400 },
  { id: 'FL-BUB', name: 'Bubble wrap sheet 40×40 cm', type: T.FILLERS, size: null, maxLoadG: null, tareG: 10, low: 50, received: 300 },
  { id: 'ST-TAPE', name: 'Packing tape 48 mm × 100 m', type: T.STATIONERIES, size: null, maxLoadG: null, tareG: 0, low: 10, received: 6 },
  { id: 'SF-500', name: 'Stretch film 500 mm roll', type: T.STRETCH_FILMS, size: null, maxLoadG: null, tareG: 0, low: 2, received: 0 },
] as const;

/**
 * The demo consumables of each warehouse with their stock (received by the demo supervisor), two
 * packaging rules — single light items in a pouch, everything else in the smallest carton, with
 * bubble wrap — and weight bands from ±20 g for light parcels to ±2 % for heavy ones.
 */
export async function seedDemoConsumables(tx: Tx, whsIds: readonly string[]): Promise<void> {
  for (const whsId of whsIds) {
    await tx.insert(consumables).values(DEMO_CONSUMABLES.map((c) => ({
      whsId, consumableId: c.id, consumableName: c.name, consumableType: c.type,
      innerLengthMm: c.size?.[0] ?? null, innerWidthMm: c.size?.[1] ?? null, innerHeightMm: c.size?.[2] ?? null,
      maxLoadG: c.maxLoadG, tareWeightG: c.tareG, lowStockThreshold: c.low,
    })));
    await tx.insert(consumableBalances).values(DEMO_CONSUMABLES.map((c) => ({ whsId, consumableId: c.id, qty: 0 })));
    for (const c of DEMO_CONSUMABLES.filter((item) => item.received > 0)) {
      const [receipt] = await tx.insert(consumableReceipts).values({
        whsId, consumableId: c.id, qty: c.received, supplierName: 'Asia Pack Supplies', receivedBy: 'Sam Supervisor (supervisor@demo.local)',
      }).returning({ receiptId: consumableReceipts.receiptId });
      await receiveConsumables(tx, whsId, [{ consumableId: c.id, qty: c.received }], {
        refType: CONSUMABLE_REF_TYPE.values.INBOUND, refNo: `CR${receipt!.receiptId}`, operatorId: null,
      });
    }
    await tx.insert(packagingRules).values([
      {
        whsId, ruleName: 'Single light items: mailer pouch', priority: 10, itemKind: ORDER_ITEM_KIND.values.SINGLE_ITEM, maxOrderWeightG: 1000,
        consumableIds: 'PB-M', fillFactorPct: 90, remark: 'Soft goods and small items ship in a pouch',
      },
      { whsId, ruleName: 'Standard: smallest carton, bubble wrap', priority: 100, consumableIds: 'CB-L,CB-M,CB-S', fillFactorPct: 80, fillerConsumableId: 'FL-BUB', fillerQty: 2 },
    ]);
    const { GRAMS, PERCENT } = WEIGHT_TOLERANCE_UNIT.values;
    await tx.insert(weightBands).values([
      { whsId, fromG: 0, toG: 500, toleranceUnit: GRAMS, tolerance: 20, remark: 'Light parcels: the scale\'s own error' },
      { whsId, fromG: 500, toG: 2000, toleranceUnit: PERCENT, tolerance: 4 },
      { whsId, fromG: 2000, toG: 10000, toleranceUnit: PERCENT, tolerance: 3 },
      { whsId, fromG: 10000, toG: 100000, toleranceUnit: PERCENT, tolerance: 2 },
    ]);
  }
}
