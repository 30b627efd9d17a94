import { and, asc, eq, gte } from 'drizzle-orm';
import { QUALITY, STOCK_LOCATION_TYPE } from '../../../shared/codes';
import type { Tx } from '../../db/client';
import { locationInventory } from '../../db/schema';
import { dispatchTransit } from './in-transit';

const SOURCE = 'IDJKT1';
const DESTINATION = 'SGSIN1';

/**
 * The demo's move transfer on the road: two SKUs of IDJKT1's stock dispatched to SGSIN1 in two MTBs
 * (dispatchTransit, as MT shipping will), so both warehouses' in-transit maps and transit lists
 * show it, and SGSIN1 can arrive and receive its Transfer Inbound ASN.
 */
export async function seedDemoTransit(tx: Tx, whsIds: readonly string[]): Promise<void> {
  if (!whsIds.includes(SOURCE) || !whsIds.includes(DESTINATION)) return;
  const li = locationInventory;
  const rows = await tx.select({ location: li.locationId, skuId: li.skuId, batchId: li.batchId }).from(li)
    .where(and(eq(li.whsId, SOURCE), eq(li.quality, QUALITY.values.GOOD), eq(li.locationType, STOCK_LOCATION_TYPE.values.CELL), gte(li.availableQty, 20)))
    .orderBy(asc(li.skuId), asc(li.locationId)).limit(20);
  const picked = rows.filter((r, i) => rows.findIndex((o) => o.skuId === r.skuId) === i).slice(0, 2);
  if (picked.length < 2) return;
  await dispatchTransit(tx, SOURCE, {
    orderNo: 'MTIDDEMO01',
    destWhsId: DESTINATION,
    units: picked.map((b, i) => ({ locationId: b.location, skuId: b.skuId, batchId: b.batchId, quality: QUALITY.values.GOOD, qty: 12 - 4 * i, boxId: `MTB-IDJKT1-${String(i + 1).padStart(4, '0')}` })),
    actor: null,
  });
}
