import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { INBOUND_ORDER_TYPE, INBOUND_STATUS, RETURN_DISPUTE_KIND, RETURN_DISPUTE_STATUS, RETURN_INBOUND_CONDITION, RETURN_JUDGEMENT } from '../../../shared/codes';
import type { JudgeReturnUnitInput, ReturnToJudge, ReturnUnit, ReturnUnitJudged } from '../../../shared/contract/return-order.contract';
import { RETURNS_TO_JUDGE_MAX } from '../../../shared/contract/return-order.contract';
import { resolveScannedSku } from '../../../shared/counting';
import { RET } from '../../../shared/retcodes';
import { decidingRule, finalJudgement, judgementProblem, type ReturnInboundRule, type ReturnQcCheck } from '../../../shared/return-judging';
import type { Db } from '../../db/client';
import { asnLines, asnOrders, returnDisputes, returnInboundRules, returnOrders, returnQcChecks, returnUnits, skus } from '../../db/schema';
import { nextDocNo } from '../../common/doc-no';
import { unixSeconds, warehouseTimeZone } from '../../common/time';
import { ApiError } from '../../http/errors';
import type { ArrivalActor } from './arrival';
import { moveAsn, type AsnRow } from './asn-status';

/**
 * Return QC (docs/returns.md): after its parcel arrives, each unit of a return is checked and
 * judged — re-inbound, return to seller, 3PL claim, liquidation, replacement or return to buyer —
 * as the warehouse's return inbound rules decide (shared/return-judging.ts), or otherwise with a
 * reason. A unit the return does not carry goes to a wrong-item dispute of its parcel. The return's
 * ASN is Checking while units are judged and Checked once each expected unit is.
 */

const S = INBOUND_STATUS.values;
const D = RETURN_DISPUTE_STATUS.values;
const J = RETURN_JUDGEMENT.values;
/** The states of a return whose units may be judged. */
const JUDGEABLE = [S.ARRIVED, S.CHECKING] as const;

/** The active checklist of the warehouse, in order. */
async function activeChecks(db: Db, whsId: string): Promise<ReturnQcCheck[]> {
  const rows = await db.select().from(returnQcChecks).where(and(eq(returnQcChecks.whsId, whsId), eq(returnQcChecks.status, 1)))
    .orderBy(asc(returnQcChecks.sequence), asc(returnQcChecks.checkId));
  return rows.map((r) => ({ check_id: r.checkId, check_name: r.checkName, fail_condition: r.failCondition, sequence: r.sequence }));
}

/** The active return inbound rules of the warehouse, by priority. */
async function activeRules(db: Db, whsId: string): Promise<ReturnInboundRule[]> {
  const rows = await db.select().from(returnInboundRules).where(and(eq(returnInboundRules.whsId, whsId), eq(returnInboundRules.status, 1)))
    .orderBy(asc(returnInboundRules.priority), asc(returnInboundRules.ruleId));
  return rows.map((r) => ({ rule_id: r.ruleId, rule_name: r.ruleName, priority: r.priority, condition: r.condition, return_reason: r.returnReason, judgement: r.judgement }));
}

/** Each line of the returns named: SKU, name, barcode, expected units and units judged as that SKU. */
async function returnLines(db: Db, whsId: string, asnNos: readonly string[]) {
  if (asnNos.length === 0) return [];
  const judged = db.select({ asnNo: returnUnits.asnNo, skuId: returnUnits.skuId, qty: sql<number>`count(*)::int`.as('qty') }).from(returnUnits)
    .where(and(eq(returnUnits.whsId, whsId), inArray(returnUnits.asnNo, [...asnNos]))).groupBy(returnUnits.asnNo, returnUnits.skuId).as('judged');
  return db.select({
    asnNo: asnLines.asnNo, skuId: asnLines.skuId, skuName: skus.skuName, barcode: skus.barcode, expectedQty: asnLines.expectedQty,
    judgedQty: sql<number>`coalesce(${judged.qty}, 0)::int`,
  }).from(asnLines)
    .innerJoin(skus, and(eq(skus.whsId, asnLines.whsId), eq(skus.skuId, asnLines.skuId)))
    .leftJoin(judged, and(eq(judged.asnNo, asnLines.asnNo), eq(judged.skuId, asnLines.skuId)))
    .where(and(eq(asnLines.whsId, whsId), inArray(asnLines.asnNo, [...asnNos])))
    .orderBy(asc(asnLines.asnNo), asc(asnLines.lineNo));
}

/** What the QC screen keeps offline: the returns to judge (oldest first) with their lines, the checklist, the rules. */
export async function returnsToJudge(db: Db, whsId: string): Promise<{ returns: ReturnToJudge[]; checks: ReturnQcCheck[]; rules: ReturnInboundRule[] }> {
  const heads = await db.select({ order: returnOrders, status: asnOrders.status }).from(returnOrders)
    .innerJoin(asnOrders, and(eq(asnOrders.whsId, returnOrders.whsId), eq(asnOrders.asnNo, returnOrders.asnNo)))
    .where(and(eq(returnOrders.whsId, whsId), inArray(asnOrders.status, [...JUDGEABLE])))
    .orderBy(asc(returnOrders.createdAt), asc(returnOrders.asnNo)).limit(RETURNS_TO_JUDGE_MAX);
  const lines = await returnLines(db, whsId, heads.map((h) => h.order.asnNo));
  const returns = heads.map(({ order, status }) => ({
    asn_no: order.asnNo, return_order_no: order.returnOrderNo, tracking_no: order.trackingNo, return_reason: order.returnReason, status,
    lines: lines.filter((l) => l.asnNo === order.asnNo)
      .map((l) => ({ sku_id: l.skuId, sku_name: l.skuName, barcode: l.barcode, expected_qty: l.expectedQty, judged_qty: l.judgedQty })),
  }));
  return { returns, checks: await activeChecks(db, whsId), rules: await activeRules(db, whsId) };
}

/** A return's units as judged, in order (its detail). */
export async function returnUnitsOf(db: Db, whsId: string, asnNo: string): Promise<ReturnUnit[]> {
  const rows = await db.select().from(returnUnits).where(and(eq(returnUnits.whsId, whsId), eq(returnUnits.asnNo, asnNo))).orderBy(asc(returnUnits.unitNo));
  return rows.map((u) => ({
    unit_no: u.unitNo, sku_id: u.skuId, condition: u.condition, return_reason: u.returnReason, failed_checks: u.failedChecks,
    judgement: u.judgement, rule_judgement: u.ruleJudgement, override_reason: u.overrideReason, dispute_no: u.disputeNo,
    judged_by: u.judgedBy, judged_at: unixSeconds(u.judgedAt),
  }));
}

const notJudgeable = (returnNo: string, reason: string, message: string, data: Record<string, unknown> = {}) =>
  new ApiError(RET.RETURN_NOT_JUDGEABLE, message, { return_no: returnNo, reason, ...data });

/** The return named by its return order, ASN or tracking number, locked: units of one return are numbered one at a time. */
async function lockedReturn(tx: Db, whsId: string, returnNo: string) {
  const [row] = await tx.select({ order: returnOrders, asn: asnOrders }).from(returnOrders)
    .innerJoin(asnOrders, and(eq(asnOrders.whsId, returnOrders.whsId), eq(asnOrders.asnNo, returnOrders.asnNo)))
    .where(and(eq(returnOrders.whsId, whsId), or(
      eq(returnOrders.returnOrderNo, returnNo), eq(returnOrders.asnNo, returnNo), sql`upper(${returnOrders.trackingNo}) = upper(${returnNo})`,
    ))).limit(1).for('update', { of: asnOrders });
  if (!row || row.asn.inboundType !== INBOUND_ORDER_TYPE.values.RETURN) throw notJudgeable(returnNo, 'unknown', `No return of this warehouse is ${returnNo}.`);
  const { status } = row.asn;
  if (!(JUDGEABLE as readonly number[]).includes(status)) {
    const name = INBOUND_STATUS.label(status)?.message ?? String(status);
    const reason = status === S.PENDING || status === S.IN_TRANSIT || status === S.ARRIVING ? 'not_arrived' : 'closed';
    const message = reason === 'not_arrived'
      ? `The parcel of return ${row.order.returnOrderNo} has not arrived (${name}): scan it at the return dock first.`
      : `Return ${row.order.returnOrderNo} is ${name}: its units are judged already.`;
    throw notJudgeable(returnNo, reason, message, { asn_no: row.order.asnNo, status });
  }
  return row;
}

/** The open wrong-item dispute of the parcel, or a new one (one open dispute per tracking number). */
async function wrongItemDispute(tx: Db, actor: ArrivalActor, trackingNo: string): Promise<string> {
  const [open] = await tx.select({ disputeNo: returnDisputes.disputeNo }).from(returnDisputes)
    .where(and(eq(returnDisputes.whsId, actor.whsId), eq(returnDisputes.status, D.OPEN), sql`upper(${returnDisputes.trackingNo}) = upper(${trackingNo})`))
    .limit(1).for('update');
  if (open) return open.disputeNo;
  const disputeNo = await nextDocNo(tx, 'returnDispute', await warehouseTimeZone(tx, actor.whsId));
  await tx.insert(returnDisputes).values({
    whsId: actor.whsId, disputeNo, trackingNo, kind: RETURN_DISPUTE_KIND.values.WRONG_ITEM, status: D.OPEN, reportedBy: actor.userId, reportedAt: actor.at,
  });
  return disputeNo;
}

/**
 * One returned unit judged, at the operator's moment, in the caller's transaction. A SKU the return
 * carries (with units still to judge) is judged: its condition no better than its failed checks
 * allow, its judgement the deciding rule's unless another is chosen with a reason. Any other item
 * is recorded and goes to the parcel's wrong-item dispute. The return is Checking from its first
 * unit and Checked when every expected unit is judged.
 */
export async function judgeReturnUnit(tx: Db, actor: ArrivalActor, input: JudgeReturnUnitInput): Promise<ReturnUnitJudged> {
  const { whsId } = actor;
  const ret = await lockedReturn(tx, whsId, input.return_no);
  const asnNo = ret.order.asnNo;
  const lines = await returnLines(tx, whsId, [asnNo]);
  const skuId = resolveScannedSku(input.sku_code, lines.map((l) => ({ sku_id: l.skuId, barcode: l.barcode })));
  const line = skuId === null ? undefined : lines.find((l) => l.skuId === skuId);
  const [last] = await tx.select({ n: sql<number>`coalesce(max(${returnUnits.unitNo}), 0)::int` }).from(returnUnits)
    .where(and(eq(returnUnits.whsId, whsId), eq(returnUnits.asnNo, asnNo)));
  const unitNo = (last?.n ?? 0) + 1;
  const returnReason = input.return_reason ?? ret.order.returnReason;
  const unit = { whsId, asnNo, unitNo, condition: input.condition, returnReason, failedChecks: [...new Set(input.failed_checks)], judgedBy: actor.userId, judgedAt: actor.at };

  if (!line || line.judgedQty >= line.expectedQty) {
    // Not on the return, or more of it than the return carries: recorded as scanned, to dispute.
    const [known] = await tx.select({ skuId: skus.skuId }).from(skus)
      .where(and(eq(skus.whsId, whsId), or(eq(skus.skuId, input.sku_code), eq(skus.barcode, input.sku_code)))).limit(1);
    const disputeNo = await wrongItemDispute(tx, actor, ret.order.trackingNo);
    const scanned = line?.skuId ?? known?.skuId ?? input.sku_code;
    await tx.insert(returnUnits).values({ ...unit, skuId: scanned, disputeNo });
    await advanceReturn(tx, ret.asn, false);
    return { outcome: 'dispute', asn_no: asnNo, unit_no: unitNo, sku_id: scanned, dispute_no: disputeNo };
  }

  const checks = await activeChecks(tx, whsId);
  const unknownCheck = unit.failedChecks.find((id) => !checks.some((c) => c.check_id === id));
  if (unknownCheck !== undefined) {
    throw new ApiError(RET.RETURN_JUDGEMENT_INVALID, `Check ${unknownCheck} is not an active return QC check of this warehouse.`, { reason: 'unknown_check', check_id: unknownCheck });
  }
  const rules = await activeRules(tx, whsId);
  const judging = { condition: input.condition, return_reason: returnReason, failed_checks: unit.failedChecks, judgement: input.judgement, override_reason: input.override_reason };
  const rule = decidingRule(rules, judging);
  const problem = judgementProblem(judging, checks, rule);
  if (problem) throw new ApiError(RET.RETURN_JUDGEMENT_INVALID, problemMessage(problem), { ...problem });
  const judgement = finalJudgement(judging, rule);
  const overridden = rule !== undefined && judgement !== rule.judgement;
  await tx.insert(returnUnits).values({
    ...unit, skuId: line.skuId, judgement, ruleId: rule?.rule_id ?? null, ruleJudgement: rule?.judgement ?? null,
    overrideReason: overridden || !rule ? input.override_reason : null,
  });
  if (judgement === J.REINBOUND) {
    // Receiving takes the re-inbound units in as the line's counted units, those not in good condition as damaged.
    await tx.update(asnLines).set({
      countedQty: sql`${asnLines.countedQty} + 1`,
      ...(input.condition === RETURN_INBOUND_CONDITION.values.GOOD ? {} : { qcFailedQty: sql`${asnLines.qcFailedQty} + 1` }),
    }).where(and(eq(asnLines.whsId, whsId), eq(asnLines.asnNo, asnNo), eq(asnLines.skuId, line.skuId)));
  }
  const done = lines.every((l) => (l.skuId === line.skuId ? l.judgedQty + 1 : l.judgedQty) >= l.expectedQty);
  await advanceReturn(tx, ret.asn, done);
  return { outcome: 'judged', asn_no: asnNo, unit_no: unitNo, sku_id: line.skuId, condition: input.condition, judgement, rule_id: rule?.rule_id ?? null, overridden };
}

function problemMessage(problem: NonNullable<ReturnType<typeof judgementProblem>>): string {
  switch (problem.reason) {
    case 'checks_failed': return 'A failed check makes the unit Damage or Abnormal: it cannot be Good.';
    case 'judgement_needed': return 'No return inbound rule decides this unit: choose where it goes.';
    case 'override_reason': return 'The judgement differs from the rule\'s: say why.';
  }
}

/** The return after a unit: an Arrived one starts Checking; Checked once every expected unit is judged (`done`). */
async function advanceReturn(tx: Db, asn: AsnRow, done: boolean): Promise<void> {
  const checking = asn.status === S.ARRIVED ? await moveAsn(tx, asn, S.CHECKING) : asn;
  if (done) await moveAsn(tx, checking, S.CHECKED);
}
