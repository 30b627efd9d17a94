import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { HANDOVER_KIND, ORDER_PRIORITY, PARCEL_SPLIT, PARCEL_STATUS, PICKING_TYPE, SALES_ORDER_SOURCE } from '../../../shared/codes';
import { pigeonholeCodes } from '../../../shared/instant-delivery';
import type { Tx } from '../../db/client';
import { instantDeliveryConfigs, instantZoneCodes, locationInventory, parcels, pigeonholes, salesOrders, warehouses } from '../../db/schema';
import { demoWorker } from '../../common/demo-actor';
import { timeRegionOrDefault } from '../../../shared/warehouse';
import { applyPlace } from './instant-delivery';
import { checkDemoCart } from './outbound.seed';
import { packDemoOrder } from './packing.seed';
import { applyPick, claimTask } from './picking';
import { S, createOrder } from './sales-order';
import { releaseWave } from './wave';
import { applyClose, applyLoad, applyOpen } from './shipping';
import { weightBands } from './weight-validation';

/** The demo's instant delivery warehouse. */
const INSTANT_WHS = 'IDJKT1';

const ZONES = [
  { zoneCode: 'JKT-S', zoneName: 'Jakarta Selatan', postcodePrefixes: '121,122,123,124,125,126,127', keywords: 'Jakarta Selatan,Kebayoran,Cilandak' },
  { zoneCode: 'JKT-P', zoneName: 'Jakarta Pusat', postcodePrefixes: '101,102,103,104,105,106,107', keywords: 'Jakarta Pusat,Menteng,Tanah Abang' },
  { zoneCode: 'JKT-B', zoneName: 'Jakarta Barat', postcodePrefixes: '111,112,113,114,115,116,117,118', keywords: 'Jakarta Barat,Grogol,Kebon Jeruk' },
];
/** Pick carts the riders' orders may be picked into: the first free one each (a busy cart refuses). */
const PICK_CARTS = Array.from({ length: 18 }, (_, i) => `CART${String(i + 12).padStart(3, '0')}`);
const HOLES: Record<string, readonly number[]> = { 'JKT-S': [1, 2, 3], 'JKT-P': [4, 5, 6], 'JKT-B': [7, 8] };
const INSTANT_ORDERS = [
  { carrier: 'GrabExpress', receiver: { name: 'Dewi Lestari', phone: '+62 812 5550 2001', address: 'Jl. Wijaya I No. 5\nKebayoran Baru, Jakarta Selatan 12170' } },
  { carrier: 'GoSend', receiver: { name: 'Rudi Hartono', phone: '+62 813 5550 2002', address: 'Jl. Cikini Raya 40\nMenteng, Jakarta Pusat 10330' } },
  { carrier: 'GrabExpress', receiver: { name: 'Intan Permata', phone: '+62 811 5550 2003', address: 'Jl. Panjang 8\nKebon Jeruk, Jakarta Barat 11530' } },
  { carrier: 'GoSend', receiver: { name: 'Yusuf Hamid', phone: '+62 857 5550 2004', address: 'Jl. Fatmawati 22\nCilandak, Jakarta Selatan 12430' } },
];

/**
 * Instant delivery in IDJKT1 (docs/outbound.md "Instant delivery"): GrabExpress and GoSend are instant
 * carriers (cut-off 14:00, alert after 30 minutes), three Jakarta zone codes, pigeonholes PH-01 … PH-08.
 * Four riders' orders (GrabExpress, GoSend; Jakarta receivers) are created, picked, checked, packed
 * and placed in their pigeonholes; the first leaves with a GrabExpress rider (a delivered assignment).
 * Through the screens' and ops' own code.
 */
export async function seedDemoInstantDelivery(tx: Tx, whsIds: readonly string[]): Promise<void> {
  if (!whsIds.includes(INSTANT_WHS)) return;
  const whsId = INSTANT_WHS;
  await tx.insert(instantDeliveryConfigs).values({ whsId, enabled: true, carrierNames: 'GrabExpress,GoSend', cutoffTime: '14:00', alertMinutes: 30 });
  await tx.insert(instantZoneCodes).values(ZONES.map((z) => ({ whsId, ...z })));
  await tx.insert(pigeonholes).values(ZONES.flatMap((z) => HOLES[z.zoneCode]!.map((n) => ({
    whsId, pigeonholeCode: pigeonholeCodes('PH-', n, 8)[0]!, zoneCode: z.zoneCode, capacity: 6,
  }))));
  const [whs] = await tx.select({ timeRegion: warehouses.timeRegion }).from(warehouses).where(eq(warehouses.whsId, whsId));
  const userId = await demoWorker(tx, whsId);
  const actor = { userId, timeZone: timeRegionOrDefault(whs?.timeRegion) };
  // The riders' orders, made and walked to Checked through the same code as the screens: created,
  // released pick to order, each picked into a cart of its own and checked at CHK-01.
  const stocked = await tx.selectDistinct({ skuId: locationInventory.skuId }).from(locationInventory)
    .where(and(eq(locationInventory.whsId, whsId), sql`${locationInventory.availableQty} >= 5`, sql`${locationInventory.locationId} in (select location_code from cells where whs_id = ${whsId})`))
    .orderBy(asc(locationInventory.skuId)).limit(INSTANT_ORDERS.length);
  if (stocked.length === 0) return;
  const orderNos: string[] = [];
  for (const [i, { carrier, receiver }] of INSTANT_ORDERS.entries()) {
    const { order } = await createOrder(tx, whsId, actor, {
      external_no: `GRAB-${whsId}-${30001 + i}`, priority: ORDER_PRIORITY.values.NORMAL, parcel_split: PARCEL_SPLIT.values.NONE, shop_id: 'SHOP1',
      cutoff_at: null, remark: null, lines: [{ sku_id: stocked[i % stocked.length]!.skuId, qty: 1 }], carrier, tracking_no: null, receiver,
    }, SALES_ORDER_SOURCE.values.ORDER_SYSTEM);
    orderNos.push(order.order_no);
  }
  const wave = await releaseWave(tx, whsId, actor, { orderNos, pickingType: PICKING_TYPE.values.PICK_TO_ORDER, maxUnitsPerTask: 200, isManual: true });
  const bands = await weightBands(tx, whsId);
  const carts = PICK_CARTS.slice();
  for (const taskNo of wave.taskNos) {
    for (let cart = carts.shift(); cart; cart = carts.shift()) {
      const work = await tx.transaction((sp) => claimTask(sp, whsId, userId, taskNo, cart)).catch(() => null);
      if (!work) continue;
      for (const line of work.lines) {
        await applyPick(tx, whsId, { userId, opId: randomUUID() }, { task_no: taskNo, alloc_id: line.alloc_id, location: line.location_id, sku_id: line.sku_id, qty: line.qty });
      }
      await checkDemoCart(tx, whsId, actor, 'CHK-01', cart, bands);
      break;
    }
  }
  const checked = (await tx.select({ orderNo: salesOrders.orderNo }).from(salesOrders)
    .where(and(eq(salesOrders.whsId, whsId), inArray(salesOrders.orderNo, orderNos), eq(salesOrders.status, S.CHECKED))).orderBy(asc(salesOrders.orderNo)));
  if (checked.length === 0) return;
  const placed: { orderNo: string; trackingNo: string; carrier: string }[] = [];
  const holes = await tx.select({ code: pigeonholes.pigeonholeCode, zone: pigeonholes.zoneCode }).from(pigeonholes).where(eq(pigeonholes.whsId, whsId));
  for (const { orderNo } of checked) {
    const { carrier, receiver } = INSTANT_ORDERS[orderNos.indexOf(orderNo)]!;
    await packDemoOrder(tx, whsId, actor, orderNo);
    const own = await tx.select({ trackingNo: parcels.trackingNo }).from(parcels)
      .where(and(eq(parcels.whsId, whsId), eq(parcels.orderNo, orderNo), eq(parcels.status, PARCEL_STATUS.values.PACKED)));
    const zone = ZONES.find((z) => receiver.address.includes(z.zoneName))!.zoneCode;
    const hole = holes.filter((h) => h.zone === zone).map((h) => h.code).sort()[0]!;
    for (const { trackingNo } of own) {
      await applyPlace(tx, whsId, { userId, opId: randomUUID() }, { tracking_no: trackingNo, pigeonhole_code: hole });
      placed.push({ orderNo, trackingNo, carrier });
    }
  }
  // The first order's rider came: a delivered assignment.
  const first = placed.filter((p) => p.orderNo === placed[0]!.orderNo);
  const shippingNo = `IDDEMO${whsId}1`;
  await applyOpen(tx, whsId, { userId, opId: randomUUID() }, {
    shipping_no: shippingNo, kind: HANDOVER_KIND.values.RIDER, carrier_name: first[0]!.carrier, dock_code: null, vehicle_no: 'B 3456 TKP', driver_name: 'Andi',
    group_code: null, booking_no: 'GRAB-DEMO-0001', rider_phone: '+62 812 5550 9001',
  });
  for (const p of first) await applyLoad(tx, whsId, { shipping_no: shippingNo, tracking_no: p.trackingNo });
  await applyClose(tx, whsId, { userId, opId: randomUUID() }, { shipping_no: shippingNo, station_id: null });
}
