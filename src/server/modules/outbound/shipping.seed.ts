import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { DOCK_STATUS, DOCK_TYPE, HANDOVER_KIND, PARCEL_STATUS, SALES_ORDER_STATUS } from '../../../shared/codes';
import { groupRuleOf } from '../../../shared/shipping-rules';
import type { Tx } from '../../db/client';
import { bypassTwsRules, docks, groupShippingRules, oneAwbRules, parcels, salesOrders } from '../../db/schema';
import { demoWorker } from '../../common/demo-actor';
import { applyClose, applyLoad, applyOpen } from './shipping';
import { shippingRules } from './shipping-rule';

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

/**
 * The demo's handovers, after packing.seed.ts packed two orders per warehouse: the first order's
 * parcels handed over (the order Outbound, its units shipped), the second's loaded on a handover
 * left open at the dock for the operator to hand over. Through the same code as the ops; a carrier
 * shipping by group goes on a bag.
 */
export async function seedDemoHandovers(tx: Tx, whsIds: readonly string[]): Promise<void> {
  for (const whsId of whsIds) {
    const packed = await tx.select({ orderNo: parcels.orderNo, trackingNo: parcels.trackingNo, carrier: salesOrders.carrierName, shopId: salesOrders.shopId })
      .from(parcels).innerJoin(salesOrders, and(eq(salesOrders.whsId, parcels.whsId), eq(salesOrders.orderNo, parcels.orderNo)))
      .where(and(eq(parcels.whsId, whsId), eq(parcels.status, PARCEL_STATUS.values.PACKED), eq(salesOrders.status, SALES_ORDER_STATUS.values.PACKED)))
      .orderBy(asc(parcels.orderNo), asc(parcels.parcelNo));
    const orderNos = [...new Set(packed.map((p) => p.orderNo))].slice(0, 2);
    if (orderNos.length === 0) continue;
    const [dock] = await tx.select({ code: docks.dockCode }).from(docks)
      .where(and(eq(docks.whsId, whsId), inArray(docks.dockType, [DOCK_TYPE.values.OUTBOUND, DOCK_TYPE.values.BOTH]), ne(docks.status, DOCK_STATUS.values.DISABLED)))
      .orderBy(asc(docks.dockCode)).limit(1);
    const rules = await shippingRules(tx, whsId);
    const userId = await demoWorker(tx, whsId);
    for (const [i, orderNo] of orderNos.entries()) {
      const own = packed.filter((p) => p.orderNo === orderNo);
      const first = own[0]!;
      const byGroup = groupRuleOf(rules, { carrier_name: first.carrier, shop_id: first.shopId }) !== undefined;
      const shippingNo = `SHDEMO${whsId.toUpperCase()}${i + 1}`;
      const actor = { userId, opId: randomUUID() };
      await applyOpen(tx, whsId, actor, {
        shipping_no: shippingNo, kind: byGroup ? HANDOVER_KIND.values.BAG : HANDOVER_KIND.values.COURIER, carrier_name: first.carrier ?? 'J&T Express',
        dock_code: dock?.code ?? null, vehicle_no: i === 0 ? 'B 9021 KX' : null, driver_name: i === 0 ? 'Agus' : null, group_code: byGroup ? `BAG-DEMO-${i + 1}` : null, booking_no: null, rider_phone: null,
      });
      for (const parcel of own) await applyLoad(tx, whsId, { shipping_no: shippingNo, tracking_no: parcel.trackingNo });
      if (i === 0) await applyClose(tx, whsId, { userId, opId: randomUUID() }, { shipping_no: shippingNo, station_id: null });
    }
  }
}
