import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';
import { asnOrders, returnDisputes, syncOps } from '../src/server/db/schema';
import { createReturnOrder } from '../src/server/modules/inbound/return-order';
import { INBOUND_STATUS, RETURN_INBOUND_REASON, RETURN_ORDER_SOURCE } from '../src/shared/codes';
import { returnArrivalOps } from '../src/shared/ops/return-arrival.ops';
import { BENCH_WHS } from './support/putaway-data';
import { replayModule, type ReplayScenario } from './support/replay-engine';

/**
 * return_replay_ops_per_s_pglite / _postgres, return_replay_lost, return_replay_duplicated: a
 * return dock that scanned a day's parcels offline — 500 returns expected (made through the intake's
 * own function) and 50 parcels no return expects — drains its ops through the replay engine's faults
 * (support/replay-engine.ts). Afterwards every op must be recorded once, every return Arrived and
 * every stranger in exactly one dispute: a return not arrived or a stranger without a dispute is
 * lost, a second dispute duplicated.
 */

const RETURNS = Math.max(1, Math.round(Number(process.env.BENCH_RETURNS ?? 500)));
const STRANGERS = Math.max(1, Math.round(RETURNS / 10));

export interface DockWork {
  asnNos: string[];
  trackingNos: string[];
  strangers: string[];
}

/** `RETURNS` returns of 1–3 units of one new SKU (made through the intake's own function), and `STRANGERS` tracking numbers nobody expects. */
export async function expectedReturns(db: Db, operatorId: number, prefix: string): Promise<DockWork> {
  const skuId = `${prefix}SKU`;
  await db.execute(sql`insert into skus (whs_id, sku_id, sku_name, temperature_zone) values (${BENCH_WHS}, ${skuId}, 'Return bench item', 0)`);
  const actor = { userId: operatorId, timeZone: 'Asia/Jakarta' };
  const work: DockWork = { asnNos: [], trackingNos: [], strangers: [] };
  await db.transaction(async (tx) => {
    for (let i = 1; i <= RETURNS; i++) {
      const trackingNo = `${prefix}RT${String(i).padStart(6, '0')}`;
      const { order } = await createReturnOrder(tx, BENCH_WHS, actor, {
        return_order_no: `${prefix}RMA${i}`, sales_order_no: null, tracking_no: trackingNo, return_reason: RETURN_INBOUND_REASON.values.CHANGE_OF_MIND,
        buyer_name: null, shop_id: null, expected_arrival_at: null, remark: null, lines: [{ sku_id: skuId, qty: 1 + (i % 3) }],
      }, RETURN_ORDER_SOURCE.values.ORDER_SYSTEM);
      work.asnNos.push(order.asn_no);
      work.trackingNos.push(trackingNo);
    }
  });
  work.strangers = Array.from({ length: STRANGERS }, (_, i) => `${prefix}LOST${String(i + 1).padStart(5, '0')}`);
  return work;
}

async function verify(db: Db, work: DockWork, opIds: readonly string[]) {
  const [arrived] = await db.select({ n: sql<number>`count(*)::int` }).from(asnOrders)
    .where(and(eq(asnOrders.whsId, BENCH_WHS), inArray(asnOrders.asnNo, work.asnNos), eq(asnOrders.status, INBOUND_STATUS.values.ARRIVED)));
  const [disputes] = await db.select({ rows: sql<number>`count(*)::int`, parcels: sql<number>`count(distinct ${returnDisputes.trackingNo})::int` })
    .from(returnDisputes).where(and(eq(returnDisputes.whsId, BENCH_WHS), inArray(returnDisputes.trackingNo, work.strangers)));
  const [recorded] = await db.select({ n: sql<number>`count(distinct ${syncOps.opId})::int` }).from(syncOps).where(inArray(syncOps.opId, [...opIds]));
  return {
    lost: (work.asnNos.length - (arrived?.n ?? 0)) + (work.strangers.length - (disputes?.parcels ?? 0)),
    duplicated: (disputes?.rows ?? 0) - (disputes?.parcels ?? 0),
    ops_queued: opIds.length,
    ops_recorded_once: recorded?.n ?? 0,
    returns_arrived: arrived?.n ?? 0,
    disputes_opened: disputes?.rows ?? 0,
  };
}

export const returnReplay: ReplayScenario<DockWork> = {
  name: 'return-arrival',
  keys: {
    pglite: 'return_replay_ops_per_s_pglite', postgres: 'return_replay_ops_per_s_postgres', lost: 'return_replay_lost', duplicated: 'return_replay_duplicated',
  },
  async prepare(db, operatorId) {
    return { faultFree: await expectedReturns(db, operatorId, 'RTC'), faulted: await expectedReturns(db, operatorId, 'RTF') };
  },
  // The strangers come among the returns, as they do off a carrier's cage.
  ops: ({ trackingNos, strangers }) => trackingNos.flatMap((trackingNo, i) => [
    { kind: returnArrivalOps.scanParcel.kind, payload: { tracking_no: trackingNo } },
    ...(i % 10 === 9 && strangers[(i - 9) / 10] ? [{ kind: returnArrivalOps.scanParcel.kind, payload: { tracking_no: strangers[(i - 9) / 10]! } }] : []),
  ]),
  verify,
  details: {
    returns: RETURNS, strangers: STRANGERS, ops_per_drain: RETURNS + STRANGERS,
    dock: 'every return\'s parcel scanned (its arrival starts, its box is checked, it completes, in one op), a stranger after every tenth (a dispute)',
  },
};

export const returnArrivalBench = replayModule(returnReplay);
