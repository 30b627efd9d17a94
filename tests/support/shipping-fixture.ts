import { and, eq, sql } from 'drizzle-orm';
import { consumableBalances, packingTasks, parcelItems, parcels, salesOrders, stations } from '../../src/server/db/schema';
import { PARCEL_STATUS, SALES_ORDER_STATUS, STATION_STATUS, STATION_TYPE, TASK_STATUS } from '../../src/shared/codes';
import type { TestServer } from './api-harness';
import { outboundFlow, type OrderLine } from './outbound-flow';

/**
 * Packed orders for the shipping tests: one parcel packed by packing's op (outboundFlow.packedOrder);
 * split into several parcels by writing what packing writes (a done packing task, its parcels and
 * their items, the order Packed), which outboundFlow does not offer yet. Parcel 1 takes the order's
 * tracking number, the others `-2`, `-3`…
 */
export function shippingFlow(server: () => TestServer, whsId: string, prefix: string) {
  const flow = outboundFlow(server, whsId, prefix);
  const db = () => server().database.db;
  const station = `${prefix}-PACK`;
  let stationReady = false;
  let packCount = 0;
  let trackingCount = 0;

  return {
    ...flow,
    /** An order of `carrier` checked, then packed as `parcelLines` (one list of lines per parcel; default: one parcel of every line). */
    async packedOrder(lines: readonly OrderLine[], carrier: string, parcelLines: readonly (readonly OrderLine[])[] = [lines], extra: Record<string, unknown> = {}) {
      if (!stationReady) {
        await db().insert(stations).values({
          whsId, stationId: station, stationName: `${prefix} pack`, stationType: STATION_TYPE.values.PACKING, status: STATION_STATUS.values.ENABLED,
        }).onConflictDoNothing();
        // Checking takes packaging from consumable stock: plenty for the file's orders.
        await db().update(consumableBalances).set({ qty: sql`${consumableBalances.qty} + 10000` }).where(eq(consumableBalances.whsId, whsId));
        stationReady = true;
      }
      const trackingNo = `${prefix}T${Date.now().toString(36).toUpperCase()}${++trackingCount}`;
      const delivery = { carrier, tracking_no: trackingNo, receiver: { name: 'Ana', phone: null, address: '1 Dock Rd' }, ...extra };
      // One parcel: packed by packing's own op.
      if (parcelLines.length === 1) return { orderNo: (await flow.packedOrder(lines, delivery)).orderNo, trackingNos: [trackingNo] };
      const orderNo = await flow.checkedOrder(lines, delivery);
      const taskNo = `${prefix}PK${++packCount}${Date.now().toString(36).toUpperCase()}`;
      const totalQty = lines.reduce((sum, l) => sum + l.qty, 0);
      const trackingNos = parcelLines.map((_, i) => (i === 0 ? trackingNo : `${trackingNo}-${i + 1}`));
      await db().transaction(async (tx) => {
        await tx.insert(packingTasks).values({
          whsId, taskNo, orderNo, stationId: station, status: TASK_STATUS.values.DONE, totalQty, parcelCount: parcelLines.length, finishedAt: new Date(),
        });
        for (const [i, own] of parcelLines.entries()) {
          await tx.insert(parcels).values({
            whsId, trackingNo: trackingNos[i]!, orderNo, parcelNo: i + 1, packingTaskNo: taskNo, status: PARCEL_STATUS.values.PACKED,
            qty: own.reduce((sum, l) => sum + l.qty, 0), weightG: 500,
          });
          await tx.insert(parcelItems).values(own.map((l) => ({ whsId, trackingNo: trackingNos[i]!, skuId: l.sku_id, qty: l.qty })));
        }
        await tx.update(salesOrders).set({ status: SALES_ORDER_STATUS.values.PACKED }).where(and(eq(salesOrders.whsId, whsId), eq(salesOrders.orderNo, orderNo)));
      });
      return { orderNo, trackingNos };
    },
  };
}
