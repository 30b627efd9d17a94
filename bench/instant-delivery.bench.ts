import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { HANDOVER_KIND } from '../src/shared/codes';
import { writeCheckedOrders } from './packing.bench';
import { loadNodeModules } from './support/app-bundle';
import type { StandaloneBenchModule } from './support/bench';
import { createFreshDatabase, dropDatabase } from './support/postgres';
import { BENCH_WHS, prepareDatabase } from './support/putaway-data';
import { round, summary } from './support/stats';

/**
 * instant_place_p95_ms, instant_rider_load_p95_ms, instant_rider_close_ms: instant delivery's server
 * applies on PostgreSQL with the demo warehouse: 120 GrabExpress orders of one unit, checked and packed
 * at PCK-01 by the packing station's own functions (in process), their receivers in a bench zone of
 * ten pigeonholes. Each parcel is placed (`outbound.instant.place`'s apply: parcel locked, zone
 * resolved from the address, pigeonholes read, the right one checked), then one rider takes them all:
 * the handover opened, each parcel loaded (out of its pigeonhole), the handover closed (orders
 * Outbound, ledger ship rows, the manifest rendered and logged), one transaction each.
 */

const DB_NAME = 'tally_bench_instant';
const ORDERS = 120;
const STATION = 'PCK-01';
const CARRIER = 'GrabExpress';
const TZ = 'Asia/Jakarta';

export const instantDeliveryBench: StandaloneBenchModule = {
  name: 'instant-delivery',
  keys: ['instant_place_p95_ms', 'instant_rider_load_p95_ms', 'instant_rider_close_ms'],
  standalone: true,
  async run({ log }) {
    const databaseUrl = await createFreshDatabase(DB_NAME);
    try {
      const { startPacking, applyPack, applyPlace, applyOpen, applyLoad, applyClose } = await loadNodeModules();
      return await prepareDatabase({ databaseUrl }, async (db) => {
        const { rows: [operator] } = (await db.execute(sql`select user_id from users where email = 'operator@demo.local'`)) as unknown as { rows: { user_id: number }[] };
        const userId = operator!.user_id;
        await db.execute(sql`insert into instant_delivery_configs (whs_id, enabled, carrier_names, alert_minutes) values (${BENCH_WHS}, true, ${CARRIER}, 30)
          on conflict (whs_id) do update set enabled = true, carrier_names = ${CARRIER}`);
        await db.execute(sql`insert into instant_zone_codes (whs_id, zone_code, zone_name, postcode_prefixes, keywords, status) values (${BENCH_WHS}, 'BENCH', 'Bench zone', '991', '', 1)`);
        await db.execute(sql`insert into pigeonholes (whs_id, pigeonhole_code, zone_code, capacity, status)
          select ${BENCH_WHS}, 'BPH-' || lpad(g::text, 2, '0'), 'BENCH', 20, 1 from generate_series(1, 10) g`);
        const orderNos = await writeCheckedOrders(db, { prefix: 'IDB', orders: ORDERS, skusPerOrder: 1, qty: 1, carrier: CARRIER, address: (n) => `Jl. Bench ${n}, Jakarta 99110` });
        const trackingNos: string[] = [];
        for (const orderNo of orderNos) {
          const work = await db.transaction((tx) => startPacking(tx, BENCH_WHS, userId, STATION, orderNo, TZ));
          const packed = await db.transaction((tx) => applyPack(tx, BENCH_WHS, { userId, opId: randomUUID() }, {
            task_no: work.task.task_no, labelled_at: Math.floor(Date.now() / 1000),
            parcels: [{ box_id: null, filler_ids: [], items: work.lines.map((l) => ({ sku_id: l.sku_id, qty: l.qty })), weight_g: Math.max(1, work.lines.reduce((sum, l) => sum + l.qty * (l.unit_weight_g ?? 0), 0)) }],
          }, async () => ({ ok: true, minG: 0, maxG: 0 })));
          trackingNos.push(...packed.tracking_nos);
        }
        const timed = async <T>(into: number[], work: () => Promise<T>): Promise<T> => {
          const t0 = performance.now();
          const result = await work();
          into.push(performance.now() - t0);
          return result;
        };
        const actor = () => ({ userId, opId: randomUUID() });
        const placeMs: number[] = [];
        // Each parcel into the pigeonhole the screen would light: its order's, else the zone's first with room (20 a pigeonhole).
        for (const [i, trackingNo] of trackingNos.entries()) {
          const hole = `BPH-${String(1 + Math.floor(i / 20)).padStart(2, '0')}`;
          await timed(placeMs, () => db.transaction((tx) => applyPlace(tx, BENCH_WHS, actor(), { tracking_no: trackingNo, pigeonhole_code: hole })));
        }
        const shippingNo = `SHBENCH${Date.now()}`;
        await db.transaction((tx) => applyOpen(tx, BENCH_WHS, actor(), {
          shipping_no: shippingNo, kind: HANDOVER_KIND.values.RIDER, carrier_name: CARRIER, dock_code: null, vehicle_no: 'B 1234 XYZ', driver_name: 'Bench rider',
          group_code: null, booking_no: 'GRAB-BENCH-1', rider_phone: '+62 800 000',
        }));
        const loadMs: number[] = [];
        for (const trackingNo of trackingNos) await timed(loadMs, () => db.transaction((tx) => applyLoad(tx, BENCH_WHS, { shipping_no: shippingNo, tracking_no: trackingNo })));
        const closeMs: number[] = [];
        const closed = await timed(closeMs, () => db.transaction((tx) => applyClose(tx, BENCH_WHS, actor(), { shipping_no: shippingNo, station_id: null })));
        const { rows: [outcome] } = (await db.execute(sql`select
            (select count(*)::int from sales_orders where whs_id = ${BENCH_WHS} and order_no like 'IDB%' and status = 8) as outbound_orders,
            (select count(*)::int from pigeonhole_parcels where whs_id = ${BENCH_WHS} and pigeonhole_code like 'BPH-%') as left_in_pigeonholes`)) as unknown as { rows: Record<string, number>[] };
        if (outcome!.outbound_orders !== ORDERS || outcome!.left_in_pigeonholes !== 0) throw new Error(`Instant delivery bench ended wrong: ${JSON.stringify(outcome)}`);
        const place = summary(placeMs);
        const load = summary(loadMs);
        log(`${ORDERS} parcels: place p95 ${place.p95} ms, rider load p95 ${load.p95} ms, close ${round(closeMs[0]!, 1)} ms (${closed.parcel_count} parcels)`);
        return {
          figures: { instant_place_p95_ms: place.p95, instant_rider_load_p95_ms: load.p95, instant_rider_close_ms: round(closeMs[0]!, 1) },
          details: {
            parcels: ORDERS, pigeonholes: 10, place_ms: place, load_ms: load, outcome,
            database: 'PostgreSQL (a database of its own), the demo warehouse', machine_load_1m: round(os.loadavg()[0]!, 1),
          },
        };
      });
    } finally {
      await dropDatabase(DB_NAME);
    }
  },
};
