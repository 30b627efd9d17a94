import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { CONTAINER_TYPE, ORDER_PRIORITY, OUTBOUND_ORDER_TYPE, PARCEL_SPLIT, PICKING_TYPE, SALES_ORDER_SOURCE, SHORT_PICK_REASON, STATION_TYPE } from '../../../shared/codes';
import { defaultRecordSetting } from '../../../shared/resources/station.resource';
import { timeRegionOrDefault } from '../../../shared/warehouse';
import type { Tx } from '../../db/client';
import { containers, skus, stationRecordSettings, users, warehouses } from '../../db/schema';
import { demoWorker } from '../../common/demo-actor';
import { FULL_STRATEGY, allocateOrders, candidatesFor, demandOf } from './allocation';
import { applyCheck, startChecking } from './checking';
import { seedPacking } from './packing.seed';
import { applyPick, applyShortPick, claimTask, releaseOrder } from './picking';
import { S, createOrder, lockOrder, moveOrder, type Actor, type OrderType } from './sales-order';
import { seedDemoPreSorting, seedDemoSorting } from './sorting.seed';
import { releaseWave } from './wave';
import { weightBands, weightVerdict } from './weight-validation';

/** Pick carts and baskets of every demo warehouse. */
const DEMO_CONTAINERS = [
  ...Array.from({ length: 30 }, (_, i) => ({ code: `CART${String(i + 1).padStart(3, '0')}`, type: CONTAINER_TYPE.values.PICK_CART })),
  ...Array.from({ length: 30 }, (_, i) => ({ code: `BSK${String(i + 1).padStart(3, '0')}`, type: CONTAINER_TYPE.values.BASKET })),
];

const ORDER_COUNT = 36;
/** Units of a SKU in pickable cells for the demo orders to use it. */
const STOCKED_UNITS = 12;

/**
 * A day of sales orders in each demo warehouse, in the states a supervisor meets: picked, being
 * picked (one short pick re-allocated), released and waiting for a picker (one task split into two
 * sub-picking tasks, the first started; a wave sorted while picking, its first cart started), allocated and waiting
 * for a wave, waiting for stock (pending pick), on hold, cancelled (one after picking, with its
 * reverse picking task), checked (a cart of wave 1 at a checking station, which weighs parcels), and
 * a cart being checked, batch baskets at a put wall (one being sorted, one waiting), a basket being
 * pre-sorted (one tote ready for its wall). Everything goes
 * through the same code as the screens and the PDA.
 */
export async function seedDemoOutbound(tx: Tx, whsIds: readonly string[], putWalls: ReadonlyMap<string, readonly string[]> = new Map()): Promise<void> {
  for (const whsId of whsIds) {
    await tx.insert(containers).values(DEMO_CONTAINERS.map((c) => ({ whsId, containerCode: c.code, containerType: c.type })));
    const [whs] = await tx.select({ timeRegion: warehouses.timeRegion }).from(warehouses).where(eq(warehouses.whsId, whsId));
    const picker = await demoWorker(tx, whsId);
    const actor: Actor = { userId: picker, timeZone: timeRegionOrDefault(whs?.timeRegion) };
    // The candidates that can cover STOCKED_UNITS of each SKU: they sum to that many when the SKU has them.
    const demand = demandOf((await skuIdsOf(tx, whsId)).map((skuId) => ({ skuId, qty: STOCKED_UNITS })), [FULL_STRATEGY]);
    const stocked = [...(await candidatesFor(tx, whsId, demand)).values()]
      .map((list) => ({ skuId: list[0]!.skuId, available: list.reduce((sum, c) => sum + c.available, 0) }))
      .filter((s) => s.available >= STOCKED_UNITS)
      .sort((a, b) => (a.skuId < b.skuId ? -1 : 1));
    if (stocked.length < 6) continue;
    const sku = (i: number) => stocked[i % stocked.length]!.skuId;
    const orderNos: string[] = [];
    for (let i = 0; i < ORDER_COUNT; i++) {
      const lineCount = 1 + (i % 3);
      const lines = Array.from({ length: lineCount }, (_, j) => ({ sku_id: sku(i * 2 + j * 5), qty: 1 + ((i + j) % 3) }))
        .filter((line, j, all) => all.findIndex((l) => l.sku_id === line.sku_id) === j);
      const { order } = await createOrder(tx, whsId, actor, {
        external_no: `SHOP-${whsId}-${String(10001 + i)}`,
        priority: i % 9 === 4 ? ORDER_PRIORITY.values.PRIORITY : i === 33 ? ORDER_PRIORITY.values.ON_HOLD : ORDER_PRIORITY.values.NORMAL,
        parcel_split: i % 12 === 7 ? PARCEL_SPLIT.values.TO_SPLIT : PARCEL_SPLIT.values.NONE,
        shop_id: `SHOP${(i % 4) + 1}`, cutoff_at: Math.floor(Date.now() / 1000) + 3600 * (2 + (i % 6)), remark: null, lines,
        ...demoDelivery(whsId, i),
      }, i % 4 === 0 ? SALES_ORDER_SOURCE.values.SCREEN : SALES_ORDER_SOURCE.values.ORDER_SYSTEM);
      orderNos.push(order.order_no);
    }
    // One SKU taken whole by an order, so the next order of it waits for stock.
    const scarce = stocked.at(-1)!;
    const { order: whole } = await createOrder(tx, whsId, actor, { ...plain(`SHOP-${whsId}-19001`), lines: [{ sku_id: scarce.skuId, qty: scarce.available }] }, SALES_ORDER_SOURCE.values.ORDER_SYSTEM);
    const { order: waiting } = await createOrder(tx, whsId, actor, { ...plain(`SHOP-${whsId}-19002`), lines: [{ sku_id: scarce.skuId, qty: 2 }] }, SALES_ORDER_SOURCE.values.ORDER_SYSTEM);
    await allocateOrders(tx, whsId, [...orderNos.slice(0, 30), whole.order_no, waiting.order_no], actor.userId);

    // Wave 1, pick to order: picked; the first task with one short pick re-allocated.
    const first = await releaseWave(tx, whsId, actor, { orderNos: orderNos.slice(0, 8), pickingType: PICKING_TYPE.values.PICK_TO_ORDER, maxUnitsPerTask: 200, isManual: true });
    for (const [t, taskNo] of first.taskNos.entries()) {
      const work = await claimTask(tx, whsId, picker, taskNo, `CART${String(t + 1).padStart(3, '0')}`);
      for (const [n, line] of work.lines.entries()) {
        const op = { userId: picker, opId: randomUUID() };
        if (t === 0 && n === 0 && line.qty > 1) {
          const short = await applyShortPick(tx, whsId, { ...op, timeZone: actor.timeZone }, { task_no: taskNo, alloc_id: line.alloc_id, qty: 1, reason: SHORT_PICK_REASON.values.DAMAGED });
          for (const extra of short.reallocated) await applyPick(tx, whsId, { userId: picker, opId: randomUUID() }, { task_no: taskNo, alloc_id: extra.alloc_id, location: extra.location_id, sku_id: extra.sku_id, qty: extra.qty });
          await applyPick(tx, whsId, { userId: picker, opId: randomUUID() }, { task_no: taskNo, alloc_id: line.alloc_id, location: line.location_id, sku_id: line.sku_id, qty: line.qty - 1 });
        } else {
          await applyPick(tx, whsId, op, { task_no: taskNo, alloc_id: line.alloc_id, location: line.location_id, sku_id: line.sku_id, qty: line.qty });
        }
      }
    }
    // Wave 2, pick to wave, 12 units a picker: a zone's work over that is one picking task the wave
    // split into sub-picking tasks; the first task half picked, the rest waiting for pickers.
    const second = await releaseWave(tx, whsId, actor, { orderNos: orderNos.slice(8, 16), pickingType: PICKING_TYPE.values.PICK_TO_WAVE, maxUnitsPerTask: 12, isManual: true });
    const started = await claimTask(tx, whsId, picker, second.taskNos[0]!, 'BSK001');
    for (const line of started.lines.slice(0, Math.ceil(started.lines.length / 2))) {
      await applyPick(tx, whsId, { userId: picker, opId: randomUUID() }, { task_no: started.task.task_no, alloc_id: line.alloc_id, location: line.location_id, sku_id: line.sku_id, qty: line.qty });
    }
    // Wave 3, sorting while picking on carts of 4 slots: each order has a slot of its zone's cart;
    // the first cart's first stop picked into its slot.
    const third = await releaseWave(tx, whsId, actor, { orderNos: orderNos.slice(22, 28), pickingType: PICKING_TYPE.values.SORTING_WHILE_PICKING, cartSlots: 4, isManual: true });
    const sorting = await claimTask(tx, whsId, picker, third.taskNos[0]!, 'CART030');
    for (const line of sorting.lines.slice(0, 1)) {
      await applyPick(tx, whsId, { userId: picker, opId: randomUUID() }, {
        task_no: sorting.task.task_no, alloc_id: line.alloc_id, location: line.location_id, sku_id: line.sku_id, qty: line.qty, slot_no: line.slot_no ?? undefined,
      });
    }
    // Wave 4, pick to wave, of single-SKU orders picked whole into baskets (one a zone) for a put wall:
    // the first basket's sorting started (its first order in its slot), the next waiting to be sorted.
    const wall = putWalls.get(whsId)?.[0];
    if (wall) {
      const batch: string[] = [];
      for (const [n, [k, qty]] of ([[2, 1], [2, 2], [3, 1], [3, 1], [2, 1]] as const).entries()) {
        const skuId = stocked[stocked.length - k]!.skuId;
        const { order } = await createOrder(tx, whsId, actor, { ...plain(`SHOP-${whsId}-${19101 + n}`), lines: [{ sku_id: skuId, qty }] }, SALES_ORDER_SOURCE.values.ORDER_SYSTEM);
        batch.push(order.order_no);
      }
      const wave = await releaseWave(tx, whsId, actor, { orderNos: batch, pickingType: PICKING_TYPE.values.PICK_TO_WAVE, maxUnitsPerTask: 200, isManual: true });
      const baskets: string[] = [];
      for (const [t, taskNo] of wave.taskNos.entries()) {
        const code = `BSK${String(11 + t).padStart(3, '0')}`;
        const work = await claimTask(tx, whsId, picker, taskNo, code);
        for (const line of work.lines) {
          await applyPick(tx, whsId, { userId: picker, opId: randomUUID() }, { task_no: taskNo, alloc_id: line.alloc_id, location: line.location_id, sku_id: line.sku_id, qty: line.qty });
        }
        baskets.push(code);
      }
      for (const code of baskets) if (await seedDemoSorting(tx, whsId, picker, wall, code, actor.timeZone)) break;
      // Wave 5, pick to wave, four orders of one SKU picked into basket BSK021 and being pre-sorted: the
      // first order's units in tote BSK029 for its put wall, the rest still in the basket.
      await tx.transaction(async (sp) => {
        const preBatch: string[] = [];
        for (let n = 0; n < 4; n++) {
          const { order } = await createOrder(sp, whsId, actor, { ...plain(`SHOP-${whsId}-${19201 + n}`), lines: [{ sku_id: stocked[stocked.length - 4]!.skuId, qty: 1 }] }, SALES_ORDER_SOURCE.values.ORDER_SYSTEM);
          preBatch.push(order.order_no);
        }
        const preWave = await releaseWave(sp, whsId, actor, { orderNos: preBatch, pickingType: PICKING_TYPE.values.PICK_TO_WAVE, maxUnitsPerTask: 200, isManual: true });
        if (preWave.taskNos.length !== 1) return;
        const work = await claimTask(sp, whsId, picker, preWave.taskNos[0]!, 'BSK021');
        for (const line of work.lines) {
          await applyPick(sp, whsId, { userId: picker, opId: randomUUID() }, { task_no: work.task.task_no, alloc_id: line.alloc_id, location: line.location_id, sku_id: line.sku_id, qty: line.qty });
        }
        await seedDemoPreSorting(sp, whsId, picker, 'BSK021', 'BSK029', actor.timeZone);
      });
    }
    // Cancelled: one before picking (its reservation released), one picked order (units go back by reverse picking).
    for (const orderNo of [orderNos[20]!, orderNos[7]!]) {
      const order = await lockOrder(tx, whsId, orderNo);
      const cancelled = await moveOrder(tx, whsId, order, S.CANCEL, 'Cancelled: buyer cancelled the order', picker, { holdReason: null });
      await releaseOrder(tx, whsId, actor, cancelled);
    }
    await seedChecking(tx, whsId, actor, first.taskNos.map((_, t) => `CART${String(t + 1).padStart(3, '0')}`));
    await seedPacking(tx, whsId, actor);
  }
}

/**
 * Checking stations weigh each parcel and have its box (or pouch) scanned; of wave 1's carts, the first three with orders to check are
 * checked at CHK-01 (each order weighing what its units should), the next is started at CHK-04 and left.
 */
/** The demo's smallest carton (consumables.seed.ts). */
const DEMO_BOX = 'CB-S';

async function seedChecking(tx: Tx, whsId: string, actor: Actor, carts: readonly string[]): Promise<void> {
  const CHECKING = STATION_TYPE.values.CHECKING;
  const record = defaultRecordSetting(CHECKING);
  const [worker] = await tx.select({ email: users.email }).from(users).where(eq(users.userId, actor.userId));
  await tx.insert(stationRecordSettings).values({
    whsId, stationType: CHECKING, recordVideo: record.record_video, recordPhoto: record.record_photo, recordWeight: 1, scanOuterPackaging: 1,
    videoMaxSeconds: record.video_max_seconds, retentionDays: record.retention_days, updatedBy: worker!.email,
  });
  const bands = await weightBands(tx, whsId);
  // Three carts checked at CHK-01 (packing.seed.ts packs two of their orders), the next started at CHK-04.
  const stations = ['CHK-01', 'CHK-01', 'CHK-01', 'CHK-04'];
  for (const cart of carts) {
    const station = stations[0];
    if (!station) return;
    if (!(await checkDemoCart(tx, whsId, actor, station, cart, bands, stations.length > 1))) continue;
    stations.shift();
  }
}

/**
 * Starts checking a picked cart at a station and, when `finish`, checks each of its orders whole in
 * carton CB-S, weighing what its units should (instant-delivery.seed.ts checks its riders' orders so). False:
 * the cart has nothing to check (its orders were cancelled).
 */
export async function checkDemoCart(
  tx: Tx, whsId: string, actor: Actor, station: string, cart: string, bands: Awaited<ReturnType<typeof weightBands>>, finish = true,
  orderType: OrderType = OUTBOUND_ORDER_TYPE.values.SALES,
): Promise<boolean> {
  const work = await tx.transaction((sp) => startChecking(sp, whsId, actor.userId, station, cart, actor.timeZone, undefined, orderType)).catch(() => null);
  if (!work) return false;
  if (!finish) return true;
  for (const order of work.orders) {
    await applyCheck(tx, whsId, { userId: actor.userId, opId: randomUUID() }, {
      task_no: work.task.task_no, order_no: order.order_no, units: order.lines.map((l) => ({ sku_id: l.sku_id, qty: l.qty })),
      inner_packaging: null, outer_packaging: DEMO_BOX, weight_g: order.expected_weight_g ?? 500,
    }, async (expectedG, actualG) => weightVerdict(bands, expectedG, actualG));
  }
  return true;
}

const plain = (externalNo: string) => ({
  external_no: externalNo, priority: ORDER_PRIORITY.values.NORMAL, parcel_split: PARCEL_SPLIT.values.NONE, shop_id: 'SHOP1', cutoff_at: null, remark: null,
  carrier: null, tracking_no: null, receiver: null,
});

const DEMO_CARRIERS = ['SPX Express', 'J&T Express', 'Ninja Van'] as const;
const DEMO_RECEIVERS = [
  { name: 'Siti Rahma', phone: '+62 812 5550 1234', address: 'Jl. Melati No. 12\nKebayoran Baru, Jakarta Selatan 12160' },
  { name: 'Nguyen Van An', phone: '+84 90 555 0123', address: '25 Le Loi, Ben Nghe\nQuan 1, Ho Chi Minh City' },
  { name: 'Maria Santos', phone: '+63 917 555 0100', address: '88 Rizal Ave., Brgy. San Isidro\nMakati City 1200' },
] as const;

/** Demo orders ship with a carrier and a receiver; two in three came with the carrier's tracking number. */
function demoDelivery(whsId: string, i: number) {
  const carrier = DEMO_CARRIERS[i % DEMO_CARRIERS.length]!;
  const trackingNo = i % 3 === 2 ? null : `${carrier.slice(0, 2).toUpperCase().replace(/[^A-Z]/g, 'X')}${whsId.toUpperCase()}${String(700000 + i)}`;
  return { carrier, tracking_no: trackingNo, receiver: DEMO_RECEIVERS[i % DEMO_RECEIVERS.length]! };
}

async function skuIdsOf(tx: Tx, whsId: string): Promise<string[]> {
  return (await tx.select({ skuId: skus.skuId }).from(skus).where(eq(skus.whsId, whsId)).orderBy(asc(skus.skuId))).map((r) => r.skuId);
}

