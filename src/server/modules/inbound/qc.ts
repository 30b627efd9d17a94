import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  INBOUND_EXCEPTION_REASON, INBOUND_EXCEPTION_SOURCE, INBOUND_EXCEPTION_TYPE, INBOUND_STATUS, INBOUND_TASK_KIND, TASK_STATUS, type CodeOf,
} from '../../../shared/codes';
import { matchQcRule, qcSample, aqlVerdict, type AqlPlan, type QcRuleKind } from '../../../shared/qc-sampling';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { asnLines, asnOrders, inboundTasks, qcRecords, qcRules, skus } from '../../db/schema';
import { ApiError, badInput, notFound } from '../../http/errors';
import { lockAsn, moveAsn, type AsnRow } from './asn-status';
import { recordInboundException } from './inbound-exception';
import { assertAsnIn, assertNotReturn, createInboundTask, moveTask, openTaskOf, startTask } from './inbound-task';
import { warehouseTimeZone } from '../../common/time';

/**
 * QC (spec §2 /inbound/qc, QC tasks; §3 rule kinds): which units of an ASN's lines QC inspects,
 * the inspections, and the step COUNTED → CHECKING → CHECKED. Failed units are Rejected Item
 * exceptions and are received as damaged.
 */

const A = INBOUND_STATUS.values;
const T = TASK_STATUS.values;

/** An ASN line with what QC asks of it and what QC found. */
export interface QcLine {
  line_no: number;
  sku_id: string;
  sku_name: string;
  barcode: string | null;
  counted_qty: number;
  rule_id: number | null;
  rule_name: string | null;
  rule_kind: QcRuleKind | null;
  aql_level: string | null;
  /** Units the rule asks to inspect (0: none). */
  sample_qty: number;
  code_letter: string | null;
  accept_qty: number | null;
  reject_qty: number | null;
  inspected_qty: number;
  passed_qty: number;
  failed_qty: number;
  /** AQL lines: the lot's verdict once the sample is inspected; null otherwise. */
  verdict: 'accept' | 'reject' | null;
}

const planFields = (plan: AqlPlan | null) => ({
  code_letter: plan?.code_letter ?? null, accept_qty: plan?.accept_qty ?? null, reject_qty: plan?.reject_qty ?? null,
});

/**
 * The QC lines of ASNs: each line's counted units, the rule that decides it (by the ASN's supplier
 * and the SKU's category and value) and its sample, with the inspections so far. In ASN and line order.
 */
export async function qcLinesOf(tx: Db, whsId: string, asns: readonly Pick<AsnRow, 'asnNo' | 'supplierId'>[]): Promise<Map<string, QcLine[]>> {
  const out = new Map<string, QcLine[]>(asns.map((a) => [a.asnNo, []]));
  if (asns.length === 0) return out;
  // One after another: `tx` is often a transaction, one connection that takes one query at a time.
  const lines = await tx.select({
    asnNo: asnLines.asnNo, lineNo: asnLines.lineNo, skuId: asnLines.skuId, countedQty: asnLines.countedQty,
    passed: asnLines.qcPassedQty, failed: asnLines.qcFailedQty,
    skuName: skus.skuName, barcode: skus.barcode, category: skus.category, isHighValue: skus.isHighValue,
  }).from(asnLines)
    .innerJoin(skus, and(eq(skus.whsId, asnLines.whsId), eq(skus.skuId, asnLines.skuId)))
    .where(and(eq(asnLines.whsId, whsId), inArray(asnLines.asnNo, asns.map((a) => a.asnNo))))
    .orderBy(asc(asnLines.asnNo), asc(asnLines.lineNo));
  const rules = await tx.select().from(qcRules).where(and(eq(qcRules.whsId, whsId), eq(qcRules.status, 1))).orderBy(asc(qcRules.priority), asc(qcRules.ruleId));
  // The rule of the first inspection stays the line's, so changing rules mid-QC does not move its goalposts.
  const inspected = await tx.select({ asnNo: qcRecords.asnNo, lineNo: qcRecords.lineNo, ruleId: sql<number | null>`(array_agg(${qcRecords.ruleId} order by ${qcRecords.recordId}))[1]` })
    .from(qcRecords).where(and(eq(qcRecords.whsId, whsId), inArray(qcRecords.asnNo, asns.map((a) => a.asnNo))))
    .groupBy(qcRecords.asnNo, qcRecords.lineNo);
  const supplierOf = new Map(asns.map((a) => [a.asnNo, a.supplierId]));
  const firstRule = new Map(inspected.map((r) => [`${r.asnNo}:${r.lineNo}`, r.ruleId]));
  const ruleRows = rules.map((r) => ({
    ...r, rule_id: r.ruleId, priority: r.priority, status: r.status, supplier_id: r.supplierId, category_prefix: r.categoryPrefix,
    high_value_only: r.highValueOnly, rule_kind: r.ruleKind as QcRuleKind, sample_percent: r.samplePercent, aql_level: r.aqlLevel,
  }));
  const byId = new Map(ruleRows.map((r) => [r.rule_id, r]));
  for (const line of lines) {
    const key = `${line.asnNo}:${line.lineNo}`;
    const fixed = firstRule.get(key);
    const rule = (fixed != null ? byId.get(fixed) : undefined)
      ?? matchQcRule(ruleRows, { supplier_id: supplierOf.get(line.asnNo) ?? null, category: line.category, is_high_value: line.isHighValue === 1 });
    const sample = rule ? qcSample(rule, line.countedQty) : { sample_qty: 0, plan: null };
    const inspectedQty = line.passed + line.failed;
    out.get(line.asnNo)!.push({
      line_no: line.lineNo, sku_id: line.skuId, sku_name: line.skuName, barcode: line.barcode, counted_qty: line.countedQty,
      rule_id: rule?.rule_id ?? null, rule_name: rule?.ruleName ?? null, rule_kind: rule?.rule_kind ?? null, aql_level: rule?.aql_level ?? null,
      sample_qty: sample.sample_qty, ...planFields(sample.plan),
      inspected_qty: inspectedQty, passed_qty: line.passed, failed_qty: line.failed,
      verdict: sample.plan && inspectedQty >= sample.sample_qty ? aqlVerdict(sample.plan, line.failed) : null,
    });
  }
  return out;
}

/** Units still to inspect before the line's sample is done. */
export const leftToInspect = (line: QcLine) => Math.max(0, line.sample_qty - line.inspected_qty);

/** Inspected units counted towards the task's sample (a line inspected beyond its sample counts its sample). */
const sampleDone = (lines: readonly QcLine[]) => lines.reduce((sum, l) => sum + Math.min(l.inspected_qty, l.sample_qty), 0);

export interface QcActor {
  whsId: string;
  userId: number;
}

export interface QcInspection {
  asn_no: string;
  sku_id: string;
  passed_qty: number;
  failed_qty: number;
  fail_reason?: CodeOf<typeof INBOUND_EXCEPTION_REASON> | null | undefined;
  remark?: string | null | undefined;
}

/** The ASN and its QC task for a QC step: -100404 unless the ASN is the warehouse's. */
async function qcSubject(tx: Db, whsId: string, asnNo: string) {
  const asn = await lockAsn(tx, whsId, asnNo);
  assertNotReturn(asn);
  const task = await openTaskOf(tx, whsId, asnNo, INBOUND_TASK_KIND.values.QC);
  return { asn, task };
}

/**
 * Records one inspection of a line: passed and failed units (the failed with their reason). The
 * first one starts QC (ASN COUNTED → CHECKING, its task ongoing). Failed units become a Rejected
 * Item exception of the line. At most the line's counted units are inspected in all.
 */
export async function saveQcRecord(tx: Db, actor: QcActor, input: QcInspection) {
  const { asn, task } = await qcSubject(tx, actor.whsId, input.asn_no);
  assertAsnIn(asn, [A.COUNTED, A.CHECKING], 'QC');
  const lines = (await qcLinesOf(tx, actor.whsId, [asn])).get(asn.asnNo)!;
  const line = lines.find((l) => l.sku_id === input.sku_id);
  if (!line) throw badInput('sku_id', `ASN ${asn.asnNo} has no line of SKU ${input.sku_id}`);
  const inspected = input.passed_qty + input.failed_qty;
  if (inspected < 1) throw badInput('passed_qty', 'inspect at least one unit: passed and failed add up to the units inspected');
  const available = line.counted_qty - line.inspected_qty;
  if (inspected > available) {
    throw new ApiError(RET.INBOUND_QTY_EXCEEDS, `SKU ${line.sku_id}: ${inspected} units inspected, but only ${available} counted units are not inspected yet.`, { available });
  }
  if (input.failed_qty > 0 && input.fail_reason == null) throw badInput('fail_reason', 'say why the failed units failed');
  if (asn.status === A.COUNTED) {
    if (!task) throw new ApiError(RET.ILLEGAL_TRANSITION, `ASN ${asn.asnNo} has no QC task: no QC rule asks to inspect its lines, so it goes to receiving.`, { from: asn.status }, 409);
    await moveAsn(tx, asn, A.CHECKING);
  }
  const [record] = await tx.insert(qcRecords).values({
    whsId: actor.whsId, asnNo: asn.asnNo, lineNo: line.line_no, skuId: line.sku_id, ruleId: line.rule_id, ruleKind: line.rule_kind,
    inspectedQty: inspected, passedQty: input.passed_qty, failedQty: input.failed_qty,
    failReason: input.failed_qty > 0 ? input.fail_reason ?? null : null, operatorId: actor.userId,
  }).returning({ recordId: qcRecords.recordId });
  await tx.update(asnLines).set({
    qcPassedQty: sql`${asnLines.qcPassedQty} + ${input.passed_qty}`, qcFailedQty: sql`${asnLines.qcFailedQty} + ${input.failed_qty}`,
  }).where(and(eq(asnLines.whsId, actor.whsId), eq(asnLines.asnNo, asn.asnNo), eq(asnLines.lineNo, line.line_no)));
  const exception = input.failed_qty > 0
    ? await recordInboundException(tx, {
      whsId: actor.whsId, asnNo: asn.asnNo, groupNo: asn.groupNo, skuId: line.sku_id, taskNo: task?.taskNo ?? null,
      source: INBOUND_EXCEPTION_SOURCE.values.QC, exceptionType: INBOUND_EXCEPTION_TYPE.values.REJECTED_ITEM,
      reason: input.fail_reason!, qty: input.failed_qty, remark: input.remark ?? null, reportedBy: actor.userId,
    })
    : null;
  const after = (await qcLinesOf(tx, actor.whsId, [asn])).get(asn.asnNo)!;
  if (task) {
    const started = await startTask(tx, task, actor.userId);
    await tx.update(inboundTasks).set({ doneQty: Math.min(started.totalQty, sampleDone(after)) })
      .where(and(eq(inboundTasks.whsId, actor.whsId), eq(inboundTasks.taskNo, started.taskNo)));
  }
  return {
    record_id: record!.recordId, asn_no: asn.asnNo, exception_no: exception?.exceptionNo ?? null,
    line: after.find((l) => l.line_no === line.line_no)!,
  };
}

/**
 * Ends QC of an ASN: every line's sample inspected (RET.QC_INCOMPLETE otherwise), ASN CHECKING →
 * CHECKED, its QC task done, and a receiving task made for what was counted.
 */
export async function completeQc(tx: Db, actor: QcActor, asnNo: string) {
  const { asn, task } = await qcSubject(tx, actor.whsId, asnNo);
  assertAsnIn(asn, [A.CHECKING], 'completing QC');
  const lines = (await qcLinesOf(tx, actor.whsId, [asn])).get(asn.asnNo)!;
  const open = lines.filter((l) => leftToInspect(l) > 0).map((l) => ({ sku_id: l.sku_id, left_qty: leftToInspect(l) }));
  if (open.length > 0) {
    throw new ApiError(RET.QC_INCOMPLETE, `ASN ${asn.asnNo}: ${open.length} lines still need inspection (${open.map((l) => `${l.sku_id}: ${l.left_qty}`).join(', ')}).`, { lines: open });
  }
  const checked = await moveAsn(tx, asn, A.CHECKED);
  if (task) await moveTask(tx, await startTask(tx, task, actor.userId), T.DONE, { doneQty: task.totalQty });
  const receiving = await createReceivingTask(tx, checked, actor.userId);
  return { asn_no: asn.asnNo, status: checked.status, receive_task_no: receiving.taskNo };
}

/** The receiving task of an ASN ready to receive: everything counted is to be received. */
export async function createReceivingTask(tx: Db, asn: AsnRow, userId: number, timeZone?: string) {
  const [total] = await tx.select({ qty: sql<number>`coalesce(sum(${asnLines.countedQty}), 0)::int` }).from(asnLines)
    .where(and(eq(asnLines.whsId, asn.whsId), eq(asnLines.asnNo, asn.asnNo)));
  return createInboundTask(tx, {
    whsId: asn.whsId, kind: INBOUND_TASK_KIND.values.RECEIVING, asnNo: asn.asnNo, groupNo: asn.groupNo, totalQty: total?.qty ?? 0, createdBy: userId,
  }, timeZone ?? (await warehouseTimeZone(tx, asn.whsId)));
}

/** The QC view of an ASN (the QC screen, a QC task's detail): its lines with their samples and its task. */
export async function qcAsnView(db: Db, whsId: string, asnNo: string) {
  const [asn] = await db.select().from(asnOrders).where(and(eq(asnOrders.whsId, whsId), eq(asnOrders.asnNo, asnNo))).limit(1);
  if (!asn) throw notFound(`ASN ${asnNo}`);
  const lines = (await qcLinesOf(db, whsId, [asn])).get(asn.asnNo)!;
  const [task] = await db.select().from(inboundTasks)
    .where(and(eq(inboundTasks.whsId, whsId), eq(inboundTasks.asnNo, asnNo), eq(inboundTasks.kind, INBOUND_TASK_KIND.values.QC)))
    .orderBy(sql`${inboundTasks.createdAt} desc`).limit(1);
  return {
    asn_no: asn.asnNo, group_no: asn.groupNo, status: asn.status, supplier_id: asn.supplierId,
    task_no: task?.taskNo ?? null, task_status: task?.status ?? null,
    lines,
    can_complete: asn.status === A.CHECKING && lines.every((l) => leftToInspect(l) === 0),
  };
}
