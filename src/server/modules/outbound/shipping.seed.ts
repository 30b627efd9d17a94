import type { Tx } from '../../db/client';
import { bypassTwsRules, groupShippingRules, oneAwbRules } from '../../db/schema';

/**
 * The demo's shipping rules in every warehouse (docs/outbound.md "Shipping rules"): Ninja Van ships
 * by group, 30 parcels a pallet or bag, and takes one master AWB per group; SPX Express goes straight
 * to its line haul, bypassing the transit warehouse. J&T Express ships parcel by parcel.
 */
export async function seedDemoShippingRules(tx: Tx, whsIds: readonly string[]): Promise<void> {
  for (const whsId of whsIds) {
    await tx.insert(groupShippingRules).values({ whsId, carrierName: 'Ninja Van', maxParcels: 30, remark: 'Collected by pallet or bag at the dock.' });
    await tx.insert(oneAwbRules).values({ whsId, carrierName: 'Ninja Van', remark: 'The driver scans the master AWB, not each parcel.' });
    await tx.insert(bypassTwsRules).values({ whsId, carrierName: 'SPX Express', lineHaulName: 'SPX line haul', remark: 'Sorted by SPX at their hub: skips our transit warehouse.' });
  }
}
