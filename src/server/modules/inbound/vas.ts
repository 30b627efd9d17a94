import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  INBOUND_TASK_KIND, INVENTORY_REF_TYPE, INVENTORY_TRANSACTION_TYPE, QUALITY, TASK_STATUS, type CodeOf,
} from '../../../shared/codes';
import type { VasLine, VasTask, VasWork } from '../../../shared/contract/vas.contract';
import { TASK_LIFECYCLE } from '../../../shared/lifecycles';
import { RET } from '../../../shared/retcodes';
import { VAS_KINDS, isVasKind, type VasKind } from '../../../shared/vas';
import type { Db } from '../../db/client';
import { asnLines, inboundTasks, skus, users, vasTaskLines } from '../../db/schema';
import { ApiError, badInput, notFound } from '../../http/errors';
import { assertTransition } from '../../http/lifecycle';
import { lockStock, moveStock, unlockStock, type Quality, type StockQty } from '../inventory/ledger';
import { lockAsn, type AsnRow } from './asn-status';
import { OPEN_TASK_STATUSES, createInboundTask, moveTask, startTask, type TaskRow } from './inbound-task';
import { byLocation, createPutawayTask, type StagedAt, type StagedStock } from './receiving-putaway-task';
import { unixSeconds } from '../../common/time';

/**
 * VAS tasks (spec §3 task kinds labelling, bundling, repackaging; shared/vas.ts): made for the
 * good units of ASN lines that ask for a service when receiving completes, and for an exception's
 * units its decision sends to be relabelled or repackaged. Their units wait blocked in staging under
 * the task (ref VAS_TASK); an operator works the lines on the Reprocess screen, and the last unit
 * releases them to a new putaway task — repackaged units as good stock.
 */

const T = TASK_STATUS.values;
const kindName = (kind: number) => INBOUND_TASK_KIND.options.find((o) => o.value === kind)?.name.toLowerCase() ?? String(kind);
const taskLabel = (task: Pick<TaskRow, 'kind' | 'taskNo'>) => `${INBOUND_TASK_KIND.label(task.kind)?.message ?? 'VAS'} task ${task.taskNo}`;
const vasTaskWhere = (whsId: string, taskNo: string) =>
  and(eq(inboundTasks.whsId, whsId), eq(inboundTasks.taskNo, taskNo), inArray(inboundTasks.kind, [...VAS_KINDS]));

export interface NewVasTask {
  whsId: string;
  kind: VasKind;
  asn: Pick<AsnRow, 'asnNo' | 'groupNo'>;
  /** The exception whose decision asks for it, if any. */
  exceptionNo?: string | null;
  location: string;
  lines: readonly StagedStock[];
  createdBy: number | null;
  timeZone?: string;
}

const blockWhy = (task: TaskRow, operatorId: number | null) => ({
  reason: `Waits for ${kindName(task.kind)} task ${task.taskNo}`, refType: INVENTORY_REF_TYPE.values.VAS_TASK, refNo: task.taskNo, operatorId,
});

/** Makes a VAS task (pending) over units at one staging location and blocks them under it; null when there are none. */
export async function createVasTask(tx: Db, input: NewVasTask): Promise<TaskRow | null> {
  const lines = input.lines.filter((l) => l.qty > 0);
  if (lines.length === 0) return null;
  const task = await createInboundTask(tx, {
    whsId: input.whsId, kind: input.kind, asnNo: input.asn.asnNo, groupNo: input.asn.groupNo, stagingLocation: input.location,
    totalQty: lines.reduce((sum, l) => sum + l.qty, 0), exceptionNo: input.exceptionNo ?? null, createdBy: input.createdBy,
  }, input.timeZone);
  await tx.insert(vasTaskLines).values(lines.map((l, i) => ({
    whsId: input.whsId, taskNo: task.taskNo, lineNo: i + 1, asnNo: input.asn.asnNo, skuId: l.skuId, batchId: l.batchId,
    quality: l.quality, location: input.location, qty: l.qty,
  })));
  await lockStock(tx, input.whsId, lines.map((l) => ({ ...l, location: input.location })), blockWhy(task, input.createdBy));
  return task;
}

/**
 * At the end of receiving: the good units of ASN lines that ask for a service become VAS tasks,
 * one per kind and staging location; answers the units left for putaway and the tasks made.
 */
export async function createLineVasTasks(tx: Db, asn: AsnRow, staged: readonly StagedAt[], createdBy: number, timeZone: string) {
  const kinds = await tx.select({ skuId: asnLines.skuId, kind: asnLines.vasKind }).from(asnLines)
    .where(and(eq(asnLines.whsId, asn.whsId), eq(asnLines.asnNo, asn.asnNo), isNotNull(asnLines.vasKind)));
  const kindOf = new Map(kinds.flatMap((k) => (isVasKind(k.kind) ? [[k.skuId, k.kind] as const] : [])));
  const rest: StagedAt[] = [];
  const byKind = new Map<VasKind, StagedAt[]>();
  for (const units of staged) {
    const kind = units.quality === QUALITY.values.GOOD ? kindOf.get(units.skuId) : undefined;
    if (kind === undefined) rest.push(units);
    else byKind.set(kind, [...(byKind.get(kind) ?? []), units]);
  }
  const taskNos: string[] = [];
  for (const [kind, units] of byKind) {
    for (const [location, lines] of byLocation(units)) {
      const task = await createVasTask(tx, { whsId: asn.whsId, kind, asn, location, lines, createdBy, timeZone });
      if (task) taskNos.push(task.taskNo);
    }
  }
  return { rest, taskNos };
}

// ---- reading ----

async function readTask(db: Db, whsId: string, taskNo: string): Promise<VasTask | null> {
  const [row] = await db.select({ task: inboundTasks, assigneeName: users.displayName }).from(inboundTasks)
    .leftJoin(users, eq(users.userId, inboundTasks.assigneeId))
    .where(vasTaskWhere(whsId, taskNo));
  if (!row) return null;
  const t = row.task;
  return {
    task_no: t.taskNo, kind: t.kind, asn_no: t.asnNo, exception_no: t.exceptionNo, status: t.status, staging_location: t.stagingLocation,
    assignee_id: t.assigneeId, assignee_name: row.assigneeName, total_qty: t.totalQty, done_qty: t.doneQty,
    created_at: unixSeconds(t.createdAt)!, started_at: unixSeconds(t.startedAt), finished_at: unixSeconds(t.finishedAt),
  };
}

async function readLines(db: Db, whsId: string, taskNo: string): Promise<VasLine[]> {
  const rows = await db.select({ line: vasTaskLines, skuName: skus.skuName, barcode: skus.barcode }).from(vasTaskLines)
    .innerJoin(skus, and(eq(skus.whsId, vasTaskLines.whsId), eq(skus.skuId, vasTaskLines.skuId)))
    .where(and(eq(vasTaskLines.whsId, whsId), eq(vasTaskLines.taskNo, taskNo)))
    .orderBy(asc(vasTaskLines.lineNo));
  return rows.map(({ line: l, skuName, barcode }) => ({
    line_no: l.lineNo, sku_id: l.skuId, sku_name: skuName, barcode, batch_id: l.batchId, quality: l.quality, location: l.location,
    qty: l.qty, done_qty: l.doneQty,
  }));
}

async function workOf(db: Db, whsId: string, taskNo: string): Promise<VasWork> {
  const task = await readTask(db, whsId, taskNo);
  if (!task) throw notFound(`VAS task ${taskNo}`);
  return { task, lines: await readLines(db, whsId, taskNo) };
}

/**
 * The task a scan names: a VAS task's number (any status, so a finished one says so), else a
 * staging location's oldest open VAS task — the caller's own first, then unassigned ones.
 */
export async function openVasWork(db: Db, whsId: string, code: string, userId: number): Promise<VasWork> {
  const task = await readTask(db, whsId, code);
  if (task) return { task, lines: await readLines(db, whsId, code) };
  const [open] = await db.select({ taskNo: inboundTasks.taskNo }).from(inboundTasks)
    .where(and(
      eq(inboundTasks.whsId, whsId), inArray(inboundTasks.kind, [...VAS_KINDS]), eq(inboundTasks.stagingLocation, code),
      inArray(inboundTasks.status, [...OPEN_TASK_STATUSES]),
      sql`(${inboundTasks.assigneeId} is null or ${inboundTasks.assigneeId} = ${userId})`,
    ))
    .orderBy(desc(sql`${inboundTasks.assigneeId} is not null`), asc(inboundTasks.createdAt), asc(inboundTasks.taskNo))
    .limit(1);
  if (!open) throw notFound(`A VAS task or an open VAS task at ${code}`);
  return workOf(db, whsId, open.taskNo);
}

// ---- doing ----

export interface VasStep {
  task_no: string;
  sku_id: string;
  qty: number;
}

/**
 * Records units of a line as done (the scanned SKU's first line with units left); the first starts
 * the task with the operator, the last finishes it (finishVasTask). A task done or cancelled refuses
 * more (RET.ILLEGAL_TRANSITION), one assigned to another operator too (RET.TASK_ASSIGNED_ELSEWHERE);
 * more units than the line has left are RET.INBOUND_QTY_EXCEEDS.
 */
export async function doVasLine(tx: Db, actor: { whsId: string; userId: number }, step: VasStep): Promise<VasWork & { putaway_task_no: string | null }> {
  const [head] = await tx.select({ asnNo: inboundTasks.asnNo }).from(inboundTasks).where(vasTaskWhere(actor.whsId, step.task_no));
  if (!head) throw notFound(`VAS task ${step.task_no}`);
  if (head.asnNo) await lockAsn(tx, actor.whsId, head.asnNo);
  const [task] = await tx.select().from(inboundTasks).where(vasTaskWhere(actor.whsId, step.task_no)).for('update');
  if (task!.status !== T.ONGOING) assertTransition(TASK_LIFECYCLE, taskLabel(task!), task!.status as CodeOf<typeof TASK_STATUS>, T.ONGOING);
  if (task!.assigneeId !== null && task!.assigneeId !== actor.userId) {
    throw new ApiError(RET.TASK_ASSIGNED_ELSEWHERE, `${taskLabel(task!)} is assigned to another operator.`, { task_no: task!.taskNo, assignee_id: task!.assigneeId });
  }
  const lines = await tx.select().from(vasTaskLines)
    .where(and(eq(vasTaskLines.whsId, actor.whsId), eq(vasTaskLines.taskNo, task!.taskNo), eq(vasTaskLines.skuId, step.sku_id)))
    .orderBy(asc(vasTaskLines.lineNo)).for('update');
  if (lines.length === 0) throw badInput('sku_id', `${taskLabel(task!)} has no line of SKU ${step.sku_id}`);
  const line = lines.find((l) => l.doneQty < l.qty) ?? lines[0]!;
  const left = line.qty - line.doneQty;
  if (step.qty > left) {
    throw new ApiError(RET.INBOUND_QTY_EXCEEDS, `SKU ${step.sku_id} of ${taskLabel(task!).toLowerCase()} has ${left} units left to do, not ${step.qty}.`, { available: left });
  }
  await tx.update(vasTaskLines).set({ doneQty: line.doneQty + step.qty })
    .where(and(eq(vasTaskLines.whsId, actor.whsId), eq(vasTaskLines.taskNo, task!.taskNo), eq(vasTaskLines.lineNo, line.lineNo)));
  const started = await startTask(tx, task!, actor.userId);
  const doneQty = started.doneQty + step.qty;
  await tx.update(inboundTasks).set({ doneQty }).where(and(eq(inboundTasks.whsId, actor.whsId), eq(inboundTasks.taskNo, task!.taskNo)));
  const putaway = doneQty >= started.totalQty ? await finishVasTask(tx, { ...started, doneQty }, actor.userId) : null;
  return { ...await workOf(tx, actor.whsId, task!.taskNo), putaway_task_no: putaway?.taskNo ?? null };
}

/**
 * The last unit of a VAS task: its units are unblocked — repackaged damaged units regraded good
 * (Batch Transfer, ref the task) — and handed to a new putaway task at their staging location; the
 * task is done.
 */
async function finishVasTask(tx: Db, task: TaskRow, operatorId: number): Promise<TaskRow | null> {
  const lines = await tx.select().from(vasTaskLines)
    .where(and(eq(vasTaskLines.whsId, task.whsId), eq(vasTaskLines.taskNo, task.taskNo))).orderBy(asc(vasTaskLines.lineNo));
  const units: StockQty[] = lines.map((l) => ({ location: l.location, skuId: l.skuId, batchId: l.batchId, quality: l.quality as Quality, qty: l.qty }));
  await unlockStock(tx, task.whsId, units, { ...blockWhy(task, operatorId), reason: `${taskLabel(task)} is done` });
  const ref = { refType: INVENTORY_REF_TYPE.values.VAS_TASK, refNo: task.taskNo, operatorId };
  const regraded = task.kind === INBOUND_TASK_KIND.values.REPACKAGING ? units.filter((u) => u.quality === QUALITY.values.DAMAGED) : [];
  if (regraded.length > 0) {
    await moveStock(tx, task.whsId, regraded.map((u) => ({
      txnType: INVENTORY_TRANSACTION_TYPE.values.BATCH_TRANSFER, from: u, to: { location: u.location, batchId: u.batchId, quality: QUALITY.values.GOOD }, qty: u.qty,
    })), ref);
  }
  const released: StagedAt[] = units.map((u) => ({ ...u, quality: regraded.includes(u) ? QUALITY.values.GOOD : u.quality as 1 | 2 }));
  let putaway: TaskRow | null = null;
  for (const [location, staged] of byLocation(released)) {
    putaway = await createPutawayTask(tx, {
      whsId: task.whsId, asnNo: task.asnNo!, groupNo: task.groupNo, stagingLocation: location, lines: staged, createdBy: operatorId,
    }) ?? putaway;
  }
  await moveTask(tx, task, T.DONE);
  return putaway;
}
