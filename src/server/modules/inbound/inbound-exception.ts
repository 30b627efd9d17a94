import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import {
  INBOUND_EXCEPTION_REASON, INBOUND_EXCEPTION_SOURCE, INBOUND_EXCEPTION_STATUS, INBOUND_EXCEPTION_TYPE,
  INBOUND_STATUS, INBOUND_TASK_KIND, TRACKING_ID_STATUS, type CodeOf,
} from '../../../shared/codes';
import { UPPER_BOUND } from '../../../shared/constants';
import {
  DAMAGING_REASONS, DECISION_EFFECTS, decisionFits, exceptionTypeOfReason, type ExceptionReason, type HandlingDecision,
} from '../../../shared/inbound-exception';
import { EXCEPTION_REMARK_MAX } from '../../../shared/resources/inbound-exception.resource';
import { INBOUND_EXCEPTION_LIFECYCLE } from '../../../shared/lifecycles';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { asnLines, inboundExceptions, inboundTrackingIds } from '../../db/schema';
import { ApiError, badInput, notFound } from '../../http/errors';
import { assertTransition } from '../../http/lifecycle';
import { lockAsn, type AsnRow } from './asn-status';
import { nextDocNo } from '../../common/doc-no';
import { carryOutDecision, decisionName, releaseCancelled } from './exception-effects';
import { assertAsnIn, openTaskOf } from './inbound-task';
import { warehouseTimeZone } from '../../common/time';

/**
 * Inbound exceptions (spec §3, §4 lifecycle pending → checked → BD confirmed → done / cancelled):
 * the one way one is recorded — counting's surplus, shortage and wrong SKUs, QC's rejected items,
 * the report-exception pages of receiving and putaway — and the steps that handle it.
 */

export type ExceptionRow = typeof inboundExceptions.$inferSelect;
export type ExceptionStatus = CodeOf<typeof INBOUND_EXCEPTION_STATUS>;

const S = INBOUND_EXCEPTION_STATUS.values;

export interface NewException {
  whsId: string;
  asnNo: string;
  groupNo?: string | null;
  skuId?: string | null;
  trackingId?: string | null;
  taskNo?: string | null;
  source: CodeOf<typeof INBOUND_EXCEPTION_SOURCE>;
  exceptionType: CodeOf<typeof INBOUND_EXCEPTION_TYPE>;
  reason: CodeOf<typeof INBOUND_EXCEPTION_REASON>;
  qty: number;
  remark?: string | null;
  reportedBy: number | null;
  /** The offline op that reported it (unique: a replay cannot report it twice). */
  opId?: string | null;
  /** The putaway task line a putaway report names. */
  taskLineNo?: number | null;
}

/** Records an exception (status pending), numbered IEX…; answers its row. Runs in the caller's transaction. */
export async function recordInboundException(tx: Db, exception: NewException, timeZone?: string): Promise<ExceptionRow> {
  if ((exception.remark?.length ?? 0) > EXCEPTION_REMARK_MAX) throw badInput('remark', `at most ${EXCEPTION_REMARK_MAX} characters`);
  if (!Number.isInteger(exception.qty) || exception.qty < 1 || exception.qty > UPPER_BOUND) throw badInput('qty', `must be a whole number from 1 to ${UPPER_BOUND}`);
  const exceptionNo = await nextDocNo(tx, 'exception', timeZone ?? (await warehouseTimeZone(tx, exception.whsId)));
  const [row] = await tx.insert(inboundExceptions).values({
    whsId: exception.whsId, exceptionNo, asnNo: exception.asnNo, groupNo: exception.groupNo ?? null, skuId: exception.skuId ?? null,
    trackingId: exception.trackingId ?? null, taskNo: exception.taskNo ?? null, source: exception.source, exceptionType: exception.exceptionType,
    reason: exception.reason, qty: exception.qty, remark: exception.remark?.trim() || null, status: S.PENDING,
    reportedBy: exception.reportedBy, opId: exception.opId ?? null, taskLineNo: exception.taskLineNo ?? null,
  }).returning();
  return row!;
}

/** Units of an ASN line reported damaged or expired at receiving and not cancelled: receiving takes them in as damaged. */
export async function reportedDamagedQty(tx: Db, whsId: string, asnNo: string): Promise<Map<string, number>> {
  const rows = await tx.select({ skuId: inboundExceptions.skuId, qty: sql<number>`sum(${inboundExceptions.qty})::int` })
    .from(inboundExceptions)
    .where(and(
      eq(inboundExceptions.whsId, whsId), eq(inboundExceptions.asnNo, asnNo),
      eq(inboundExceptions.source, INBOUND_EXCEPTION_SOURCE.values.RECEIVING),
      inArray(inboundExceptions.reason, [...DAMAGING_REASONS]),
      notInArray(inboundExceptions.status, [S.CANCELLED]),
    ))
    .groupBy(inboundExceptions.skuId);
  return new Map(rows.filter((r) => r.skuId !== null).map((r) => [r.skuId!, r.qty]));
}

/** The exception, locked for the caller's transaction (after its ASN); -100404 when the warehouse has none of that number. */
async function lockException(tx: Db, whsId: string, exceptionNo: string): Promise<{ asn: AsnRow; exception: ExceptionRow }> {
  const where = and(eq(inboundExceptions.whsId, whsId), eq(inboundExceptions.exceptionNo, exceptionNo));
  const [head] = await tx.select({ asnNo: inboundExceptions.asnNo }).from(inboundExceptions).where(where).limit(1);
  if (!head) throw notFound(`Inbound exception ${exceptionNo}`);
  const asn = await lockAsn(tx, whsId, head.asnNo);
  const [row] = await tx.select().from(inboundExceptions).where(where).limit(1).for('update');
  return { asn, exception: row! };
}

/** How a handler moves an exception: where to, with which decision and note. */
export interface ExceptionStep {
  exceptionNo: string;
  to: ExceptionStatus;
  handlingDecision?: number | null;
  remark?: string | null;
  userId: number;
}

const typeName = (t: number) => INBOUND_EXCEPTION_TYPE.label(t)?.message ?? String(t);

/**
 * Moves an exception along INBOUND_EXCEPTION_LIFECYCLE (RET.ILLEGAL_TRANSITION otherwise). A BD
 * confirmation sets the handling decision, which must suit the type; done needs one (set then or
 * before) that settles it — Hold for Investigation only keeps the units held — and carries it out
 * (exception-effects.ts); a cancellation needs a remark saying why and lets held units go on to
 * putaway. The remark of each step is appended to the exception's, so its history reads in order.
 */
export async function moveException(tx: Db, whsId: string, step: ExceptionStep): Promise<ExceptionRow> {
  const { asn, exception: current } = await lockException(tx, whsId, step.exceptionNo);
  assertTransition(INBOUND_EXCEPTION_LIFECYCLE, `Inbound exception ${current.exceptionNo}`, current.status as ExceptionStatus, step.to);
  const given = step.handlingDecision ?? null;
  if (given !== null && !decisionFits(current.exceptionType, given)) {
    throw badInput('handling_decision', `${decisionName(given)} does not settle a ${typeName(current.exceptionType)} exception`);
  }
  if (step.to === S.BD_CONFIRMED && given === null) throw badInput('handling_decision', 'the business confirms a handling decision');
  const decision = given ?? current.handlingDecision;
  if (step.to === S.DONE && decision === null) throw badInput('handling_decision', 'an exception is done once a handling decision is made');
  if (step.to === S.DONE && DECISION_EFFECTS[decision as HandlingDecision].effect === 'hold') {
    throw badInput('handling_decision', `${decisionName(decision!)} keeps the units held: the exception is done with the decision the investigation reaches`);
  }
  const remark = step.remark?.trim() ?? '';
  if (step.to === S.CANCELLED && !remark) throw badInput('remark', 'say why the exception is cancelled');
  let resultNo: string | null = null;
  if (step.to === S.DONE) resultNo = await carryOutDecision(tx, asn, current, decision as HandlingDecision, step.userId);
  if (step.to === S.CANCELLED) resultNo = await releaseCancelled(tx, asn, current, step.userId);
  const [row] = await tx.update(inboundExceptions).set({
    status: step.to,
    ...(given !== null ? { handlingDecision: given } : {}),
    ...(remark ? { remark: current.remark ? `${current.remark}\n${remark}` : remark } : {}),
    ...(resultNo !== null ? { resultNo } : {}),
    handledBy: step.userId,
    handledAt: sql`now()`,
  }).where(and(eq(inboundExceptions.whsId, whsId), eq(inboundExceptions.exceptionNo, current.exceptionNo))).returning();
  return row!;
}

export interface ReceivingReport {
  asn_no: string;
  sku_id?: string | null | undefined;
  tracking_id?: string | null | undefined;
  reason: ExceptionReason;
  qty: number;
  remark?: string | null | undefined;
}

const A = INBOUND_STATUS.values;

/**
 * Reports an exception from the receiving desk (spec §2 /inbound/receiving/reportexception), while
 * the ASN waits to be or is being received. Its type follows the reason. Damaged and expired units
 * of a line not yet received are at most the line's good units (RET.INBOUND_QTY_EXCEEDS otherwise)
 * and are received as damaged; other abnormal items name a line of the ASN; a wrong or unknown
 * item may name any code. A carton named is marked as an exception carton.
 */
export async function reportReceivingException(tx: Db, actor: { whsId: string; userId: number }, input: ReceivingReport): Promise<ExceptionRow> {
  const asn = await lockAsn(tx, actor.whsId, input.asn_no);
  assertAsnIn(asn, [A.COUNTED, A.CHECKING, A.CHECKED, A.SCANNING], 'reporting a receiving exception');
  const type = exceptionTypeOfReason(input.reason);
  const skuId = input.sku_id?.trim() || null;
  if (type !== INBOUND_EXCEPTION_TYPE.values.WRONG_SKU) {
    if (skuId === null) throw badInput('sku_id', 'scan the SKU the exception is about');
    const [line] = await tx.select().from(asnLines)
      .where(and(eq(asnLines.whsId, actor.whsId), eq(asnLines.asnNo, asn.asnNo), eq(asnLines.skuId, skuId))).limit(1);
    if (!line) throw badInput('sku_id', `ASN ${asn.asnNo} has no line of SKU ${skuId}: report it as an unknown item`);
    if (DAMAGING_REASONS.includes(input.reason)) {
      const reported = (await reportedDamagedQty(tx, actor.whsId, asn.asnNo)).get(skuId) ?? 0;
      const available = line.receivedQty > 0 ? 0 : Math.max(0, line.countedQty - line.qcFailedQty - reported);
      if (input.qty > available) {
        throw new ApiError(RET.INBOUND_QTY_EXCEEDS, line.receivedQty > 0
          ? `SKU ${skuId} of ASN ${asn.asnNo} is received already: report damage found later through an adjustment.`
          : `SKU ${skuId} of ASN ${asn.asnNo} has ${available} good units left to report as ${input.reason === INBOUND_EXCEPTION_REASON.values.EXPIRED ? 'expired' : 'damaged'}.`,
        { available });
      }
    }
  }
  const trackingId = input.tracking_id?.trim() || null;
  if (trackingId !== null) {
    const [carton] = await tx.select().from(inboundTrackingIds)
      .where(and(eq(inboundTrackingIds.whsId, actor.whsId), eq(inboundTrackingIds.trackingId, trackingId))).limit(1);
    if (!carton) throw notFound(`Tracking ID ${trackingId}`);
    if (carton.asnNo !== asn.asnNo) {
      throw new ApiError(RET.TRACKING_ID_ELSEWHERE, `Tracking ID ${trackingId} belongs to ASN ${carton.asnNo}, not to ASN ${asn.asnNo}.`,
        { tracking_id: trackingId, group_no: carton.groupNo, asn_no: carton.asnNo });
    }
    await tx.update(inboundTrackingIds).set({ status: TRACKING_ID_STATUS.values.EXCEPTION })
      .where(and(eq(inboundTrackingIds.whsId, actor.whsId), eq(inboundTrackingIds.trackingId, trackingId)));
  }
  const task = await openTaskOf(tx, actor.whsId, asn.asnNo, INBOUND_TASK_KIND.values.RECEIVING);
  return recordInboundException(tx, {
    whsId: actor.whsId, asnNo: asn.asnNo, groupNo: asn.groupNo, skuId, trackingId, taskNo: task?.taskNo ?? null,
    source: INBOUND_EXCEPTION_SOURCE.values.RECEIVING, exceptionType: type, reason: input.reason, qty: input.qty,
    remark: input.remark ?? null, reportedBy: actor.userId,
  });
}
