import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';
import { asnLines, asnOrders, returnUnits, syncOps } from '../src/server/db/schema';
import { arriveReturnParcel } from '../src/server/modules/inbound/return-order';
import { INBOUND_STATUS, RETURN_INBOUND_CONDITION, RETURN_JUDGEMENT } from '../src/shared/codes';
import { returnQcOps } from '../src/shared/ops/return-qc.ops';
import { expectedReturns, type DockWork } from './return-arrival.bench';
import { BENCH_WHS } from './support/putaway-data';
import { replayModule, type ReplayScenario } from './support/replay-engine';

/**
 * return_qc_ops_per_s_pglite / _postgres, return_qc_lost, return_qc_duplicated: a return QC bench
 * that judged a day's returned units offline — the returns of the return-arrival bench (500 by
 * default, 1–3 units each), arrived — drains one `returninbound.qc.judge_unit` per unit through the
 * replay engine's faults (support/replay-engine.ts), each judged by the warehouse's rule (Good →
 * Re-inbound). Afterwards every op must be recorded once, every expected unit judged once and
 * counted once on its ASN line, every return Checked: a unit missing is lost, a unit beyond its
 * return (it would go to dispute) or counted twice is duplicated.
 */

interface QcWork extends DockWork {
  skuId: string;
  units: number[];
}

async function arrivedReturns(db: Db, operatorId: number, prefix: string): Promise<QcWork> {
  const dock = await expectedReturns(db, operatorId, prefix);
  await db.transaction(async (tx) => {
    for (const trackingNo of dock.trackingNos) await arriveReturnParcel(tx, { whsId: BENCH_WHS, userId: operatorId, at: new Date() }, trackingNo);
  });
  const lines = await db.select({ asnNo: asnLines.asnNo, skuId: asnLines.skuId, qty: asnLines.expectedQty }).from(asnLines)
    .where(and(eq(asnLines.whsId, BENCH_WHS), inArray(asnLines.asnNo, dock.asnNos)));
  const qty = new Map(lines.map((l) => [l.asnNo, l.qty]));
  return { ...dock, skuId: lines[0]!.skuId, units: dock.asnNos.map((a) => qty.get(a) ?? 0) };
}

async function verify(db: Db, work: QcWork, opIds: readonly string[]) {
  const expected = work.units.reduce((a, b) => a + b, 0);
  const [judged] = await db.select({ n: sql<number>`count(*)::int` }).from(returnUnits)
    .where(and(eq(returnUnits.whsId, BENCH_WHS), inArray(returnUnits.asnNo, work.asnNos), isNull(returnUnits.disputeNo), eq(returnUnits.judgement, RETURN_JUDGEMENT.values.REINBOUND)));
  const [disputed] = await db.select({ n: sql<number>`count(*)::int` }).from(returnUnits)
    .where(and(eq(returnUnits.whsId, BENCH_WHS), inArray(returnUnits.asnNo, work.asnNos), isNotNull(returnUnits.disputeNo)));
  const [counted] = await db.select({ n: sql<number>`coalesce(sum(${asnLines.countedQty}), 0)::int` }).from(asnLines)
    .where(and(eq(asnLines.whsId, BENCH_WHS), inArray(asnLines.asnNo, work.asnNos)));
  const [checked] = await db.select({ n: sql<number>`count(*)::int` }).from(asnOrders)
    .where(and(eq(asnOrders.whsId, BENCH_WHS), inArray(asnOrders.asnNo, work.asnNos), eq(asnOrders.status, INBOUND_STATUS.values.CHECKED)));
  const [recorded] = await db.select({ n: sql<number>`count(distinct ${syncOps.opId})::int` }).from(syncOps).where(inArray(syncOps.opId, [...opIds]));
  const judgedOnce = judged?.n ?? 0;
  return {
    lost: Math.max(0, expected - judgedOnce) + (work.asnNos.length - (checked?.n ?? 0)),
    duplicated: Math.max(0, judgedOnce - expected) + (disputed?.n ?? 0) + Math.abs((counted?.n ?? 0) - judgedOnce),
    ops_queued: opIds.length,
    ops_recorded_once: recorded?.n ?? 0,
    units_judged: judgedOnce,
    returns_checked: checked?.n ?? 0,
  };
}

export const returnQcReplay: ReplayScenario<QcWork> = {
  name: 'return-qc',
  keys: { pglite: 'return_qc_ops_per_s_pglite', postgres: 'return_qc_ops_per_s_postgres', lost: 'return_qc_lost', duplicated: 'return_qc_duplicated' },
  async prepare(db, operatorId) {
    await db.execute(sql`insert into return_inbound_rules (whs_id, rule_name, priority, condition, judgement, status)
      values (${BENCH_WHS}, 'Bench: good back to stock', 1, ${RETURN_INBOUND_CONDITION.values.GOOD}, ${RETURN_JUDGEMENT.values.REINBOUND}, 1)`);
    return { faultFree: await arrivedReturns(db, operatorId, 'RQC'), faulted: await arrivedReturns(db, operatorId, 'RQF') };
  },
  // Unit after unit of each parcel, as the QC bench opens it.
  ops: ({ trackingNos, units, skuId }) => trackingNos.flatMap((trackingNo, i) => Array.from({ length: units[i]! }, () => ({
    kind: returnQcOps.judgeUnit.kind, payload: { return_no: trackingNo, sku_code: skuId, condition: RETURN_INBOUND_CONDITION.values.GOOD },
  }))),
  verify,
  details: {
    unit: 'one returninbound.qc.judge_unit per returned unit (Good, judged Re-inbound by the rule), each return arrived first',
  },
};

export const returnQcBench = replayModule(returnQcReplay);
