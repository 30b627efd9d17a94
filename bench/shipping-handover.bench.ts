import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';
import { inventoryTransactions, parcels, salesOrders, shippingHandovers, syncOps } from '../src/server/db/schema';
import { HANDOVER_KIND, INVENTORY_REF_TYPE, INVENTORY_TRANSACTION_TYPE, PARCEL_STATUS, SALES_ORDER_STATUS, STATION_TYPE } from '../src/shared/codes';
import { shippingOps } from '../src/shared/ops/shipping.ops';
import { BENCH_WHS } from './support/putaway-data';
import { replayModule, type ReplayScenario } from './support/replay-engine';

/**
 * shipping_replay_ops_per_s_pglite / _postgres, shipping_replay_lost, shipping_replay_duplicated:
 * a dock device that handed over a truck offline — one handover opened, 1,000 parcels loaded (500
 * packed orders of 2 parcels, 2 units each), handed over — drains its ops through the replay
 * engine's faults (support/replay-engine.ts: requests dropped before sending, answers lost after
 * the server committed — the device sends them again —, the server killed mid-request and started
 * again). Afterwards every op must be recorded once, every parcel Shipped, every order Outbound and
 * the ledger's ship order (2) credits under the handover equal the orders' units: fewer is lost,
 * more is duplicated.
 */

const ORDERS = Math.max(1, Math.round(Number(process.env.BENCH_SHIPPING_ORDERS ?? 500)));
const PARCELS_PER_ORDER = 2;
const UNITS_PER_PARCEL = 2;
const SKUS = 20;
const CARRIER = 'Bench Express';

interface HandoverWork {
  shippingNo: string;
  orderNos: string[];
  trackingNos: string[];
}

/** Packed orders written straight to the tables (as packing leaves them): units on the order, parcels Packed. */
async function packedOrders(db: Db, prefix: string): Promise<HandoverWork> {
  const sku = (n: number) => `${prefix}SKU${String(n).padStart(3, '0')}`;
  await db.execute(sql`insert into skus (whs_id, sku_id, sku_name, temperature_zone)
    select ${BENCH_WHS}, ${`${prefix}SKU`} || lpad(g::text, 3, '0'), 'Ship bench item ' || g, 0 from generate_series(1, ${SKUS}) g`);
  await db.execute(sql`insert into sku_batches (whs_id, sku_id, batch_id, expiry_date)
    select ${BENCH_WHS}, ${`${prefix}SKU`} || lpad(g::text, 3, '0'), ${`${prefix}B`}, null from generate_series(1, ${SKUS}) g`);
  const station = `${prefix}-PACK`;
  await db.execute(sql`insert into stations (whs_id, station_id, station_name, station_type, status) values (${BENCH_WHS}, ${station}, 'Ship bench packing', ${STATION_TYPE.values.PACKING}, 1)`);
  const orderNos = Array.from({ length: ORDERS }, (_, i) => `${prefix}O${String(i + 1).padStart(5, '0')}`);
  const units = PARCELS_PER_ORDER * UNITS_PER_PARCEL;
  const rows = orderNos.map((orderNo, i) => ({ order_no: orderNo, sku_id: sku(1 + (i % SKUS)), tracking_no: `${prefix}T${String(i + 1).padStart(6, '0')}` }));
  const json = JSON.stringify(rows);
  await db.execute(sql`insert into sales_orders (whs_id, order_no, external_no, status, priority, source, line_count, total_qty, lines_hash, carrier_name, tracking_no)
    select ${BENCH_WHS}, r.order_no, r.order_no, ${SALES_ORDER_STATUS.values.PACKED}, 2, 1, 1, ${units}, md5(r.order_no), ${CARRIER}, r.tracking_no
    from jsonb_to_recordset(${json}::jsonb) as r(order_no text, sku_id text, tracking_no text)`);
  await db.execute(sql`insert into sales_order_lines (whs_id, order_no, line_no, sku_id, qty)
    select ${BENCH_WHS}, r.order_no, 1, r.sku_id, ${units} from jsonb_to_recordset(${json}::jsonb) as r(order_no text, sku_id text, tracking_no text)`);
  await db.execute(sql`insert into location_inventory (whs_id, location_id, location_type, sku_id, batch_id, quality, onhand_qty)
    select ${BENCH_WHS}, r.order_no, 6, r.sku_id, ${`${prefix}B`}, 1, ${units} from jsonb_to_recordset(${json}::jsonb) as r(order_no text, sku_id text, tracking_no text)`);
  await db.execute(sql`select rebuild_stock_totals(${BENCH_WHS})`);
  await db.execute(sql`insert into packing_tasks (whs_id, task_no, order_no, station_id, status, total_qty, parcel_count, finished_at)
    select ${BENCH_WHS}, 'PK' || r.order_no, r.order_no, ${station}, 2, ${units}, ${PARCELS_PER_ORDER}, now() from jsonb_to_recordset(${json}::jsonb) as r(order_no text, sku_id text, tracking_no text)`);
  const parcelRows = rows.flatMap((r) => Array.from({ length: PARCELS_PER_ORDER }, (_, p) => ({
    tracking_no: p === 0 ? r.tracking_no : `${r.tracking_no}-${p + 1}`, order_no: r.order_no, parcel_no: p + 1, sku_id: r.sku_id,
  })));
  const parcelJson = JSON.stringify(parcelRows);
  await db.execute(sql`insert into parcels (whs_id, tracking_no, order_no, parcel_no, packing_task_no, status, qty, weight_g)
    select ${BENCH_WHS}, r.tracking_no, r.order_no, r.parcel_no, 'PK' || r.order_no, ${PARCEL_STATUS.values.PACKED}, ${UNITS_PER_PARCEL}, 600
    from jsonb_to_recordset(${parcelJson}::jsonb) as r(tracking_no text, order_no text, parcel_no smallint, sku_id text)`);
  await db.execute(sql`insert into parcel_items (whs_id, tracking_no, sku_id, qty)
    select ${BENCH_WHS}, r.tracking_no, r.sku_id, ${UNITS_PER_PARCEL} from jsonb_to_recordset(${parcelJson}::jsonb) as r(tracking_no text, order_no text, parcel_no smallint, sku_id text)`);
  return { shippingNo: `SHBENCH${prefix}`, orderNos, trackingNos: parcelRows.map((p) => p.tracking_no) };
}

async function verify(db: Db, work: HandoverWork, opIds: readonly string[]) {
  const units = ORDERS * PARCELS_PER_ORDER * UNITS_PER_PARCEL;
  const [ledger] = await db.select({
    credited: sql<number>`coalesce(sum(${inventoryTransactions.qty}), 0)::int`, rows: sql<number>`count(*)::int`,
  }).from(inventoryTransactions).where(and(
    eq(inventoryTransactions.whsId, BENCH_WHS), eq(inventoryTransactions.refType, INVENTORY_REF_TYPE.values.SHIPPING), eq(inventoryTransactions.refNo, work.shippingNo),
    eq(inventoryTransactions.txnType, INVENTORY_TRANSACTION_TYPE.values.SHIP_ORDER),
  ));
  const [recorded] = await db.select({ n: sql<number>`count(distinct ${syncOps.opId})::int` }).from(syncOps).where(inArray(syncOps.opId, [...opIds]));
  const [shipped] = await db.select({ n: sql<number>`count(*)::int` }).from(parcels)
    .where(and(eq(parcels.whsId, BENCH_WHS), eq(parcels.shippingNo, work.shippingNo), eq(parcels.status, PARCEL_STATUS.values.SHIPPED)));
  const [outbound] = await db.select({ n: sql<number>`count(*)::int` }).from(salesOrders)
    .where(and(eq(salesOrders.whsId, BENCH_WHS), inArray(salesOrders.orderNo, work.orderNos), eq(salesOrders.status, SALES_ORDER_STATUS.values.OUTBOUND)));
  const [handover] = await db.select({ status: shippingHandovers.status, parcelCount: shippingHandovers.parcelCount, qty: shippingHandovers.qty }).from(shippingHandovers)
    .where(and(eq(shippingHandovers.whsId, BENCH_WHS), eq(shippingHandovers.shippingNo, work.shippingNo)));
  const credited = ledger?.credited ?? 0;
  return {
    lost: Math.max(0, units - credited, (work.trackingNos.length - (shipped?.n ?? 0)) * UNITS_PER_PARCEL),
    duplicated: Math.max(0, credited - units, ((handover?.parcelCount ?? 0) - work.trackingNos.length) * UNITS_PER_PARCEL),
    ops_queued: opIds.length,
    ops_recorded_once: recorded?.n ?? 0,
    ledger_ship_rows: ledger?.rows ?? 0,
    ledger_ship_units: credited,
    units,
    parcels_shipped: shipped?.n ?? 0,
    orders_outbound: outbound?.n ?? 0,
    handover: handover ?? null,
  };
}

export const shippingReplay: ReplayScenario<HandoverWork> = {
  name: 'shipping-handover',
  keys: {
    pglite: 'shipping_replay_ops_per_s_pglite', postgres: 'shipping_replay_ops_per_s_postgres', lost: 'shipping_replay_lost', duplicated: 'shipping_replay_duplicated',
  },
  async prepare(db) {
    return { faultFree: await packedOrders(db, 'SHC'), faulted: await packedOrders(db, 'SHF') };
  },
  ops: ({ shippingNo, trackingNos }) => [
    { kind: shippingOps.open.kind, payload: { shipping_no: shippingNo, kind: HANDOVER_KIND.values.COURIER, carrier_name: CARRIER } },
    ...trackingNos.map((trackingNo) => ({ kind: shippingOps.load.kind, payload: { shipping_no: shippingNo, tracking_no: trackingNo } })),
    { kind: shippingOps.close.kind, payload: { shipping_no: shippingNo } },
  ],
  verify,
  details: {
    orders: ORDERS, parcels_per_order: PARCELS_PER_ORDER, units_per_parcel: UNITS_PER_PARCEL,
    ops_per_drain: ORDERS * PARCELS_PER_ORDER + 2, handover: 'one courier handover: open, every parcel loaded, handed over (the close ships all orders in one op)',
  },
};

export const shippingHandoverBench = replayModule(shippingReplay);
