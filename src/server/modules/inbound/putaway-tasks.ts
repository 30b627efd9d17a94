import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  INBOUND_EXCEPTION_REASON, INBOUND_EXCEPTION_SOURCE, INBOUND_EXCEPTION_TYPE, INBOUND_STATUS, INBOUND_TASK_KIND, INVENTORY_REF_TYPE,
  INVENTORY_TRANSACTION_TYPE, PUTAWAY_MODE, TASK_STATUS, type CodeOf,
} from '../../../shared/codes';
import type { PutawayLine, PutawayTask, PutawayWork, PutResult, ReportExceptionPayload, ReportResult } from '../../../shared/contract/putaway.contract';
import { HOLDING_TYPES } from '../../../shared/inbound-exception';
import { ASN_LIFECYCLE, TASK_LIFECYCLE, isFinal } from '../../../shared/lifecycles';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { asnLines, inboundTasks, putawayTaskLines, skuBatches, skus, userWarehouses, users } from '../../db/schema';
import { ApiError, badInput, notFound } from '../../http/errors';
import { assertTransition } from '../../http/lifecycle';
import { escapeLike } from '../../http/list-query';
import { moveStockMany, type Quality, type StockMove, type StockRef } from '../inventory/ledger';
import { lockAsn, moveAsn, type AsnRow } from './asn-status';
import { holdUnits } from './exception-effects';
import { recordInboundException } from './inbound-exception';
import { OPEN_TASK_STATUSES, moveTask, settleAsn } from './inbound-task';
import { assertCellsTake, suggestOpenLines } from './putaway-cells';
import type { PutUnits } from './putaway-suggest';
import { unixSeconds } from '../../common/time';

/**
 * Putaway tasks: what the scan screens open, the puts their ops apply, and the
 * supervisor's assignment, mode change and cancel. Locks are always taken ASNs first (by number),
 * then tasks (by number), then stock balances (the ledger's order), so concurrent puts, receipts
 * and cancels never wait on each other in a cycle.
 */

const T = TASK_STATUS.values;
const A = INBOUND_STATUS.values;
const PUTAWAY = INBOUND_TASK_KIND.values.PUTAWAY;

export type PutawayMode = CodeOf<typeof PUTAWAY_MODE>;
type TaskRow = typeof inboundTasks.$inferSelect;
type TaskStatus = CodeOf<typeof TASK_STATUS>;

const taskWhere = (whsId: string, taskNos: readonly string[]) =>
  and(eq(inboundTasks.whsId, whsId), eq(inboundTasks.kind, PUTAWAY), inArray(inboundTasks.taskNo, [...taskNos]));
const taskLabel = (taskNo: string) => `Putaway task ${taskNo}`;
const modeName = (mode: number) => PUTAWAY_MODE.options.find((o) => o.value === mode)?.name.toLowerCase() ?? String(mode);

// ---- reading ----

/** Tasks as the screens show them, in the order asked. */
export async function readTasks(db: Db, whsId: string, taskNos: readonly string[]): Promise<PutawayTask[]> {
  if (taskNos.length === 0) return [];
  const rows = await db.select({ task: inboundTasks, assigneeName: users.displayName }).from(inboundTasks)
    .leftJoin(users, eq(users.userId, inboundTasks.assigneeId))
    .where(taskWhere(whsId, taskNos));
  const byNo = new Map(rows.map((r) => [r.task.taskNo, r]));
  return taskNos.flatMap((no) => {
    const row = byNo.get(no);
    if (!row) return [];
    const t = row.task;
    return [{
      task_no: t.taskNo, asn_no: t.asnNo, status: t.status, putaway_mode: t.putawayMode ?? PUTAWAY_MODE.values.STANDARD,
      staging_location: t.stagingLocation, assignee_id: t.assigneeId, assignee_name: row.assigneeName, total_qty: t.totalQty,
      done_qty: t.doneQty, created_at: unixSeconds(t.createdAt)!, started_at: unixSeconds(t.startedAt), finished_at: unixSeconds(t.finishedAt),
    }];
  });
}

/** The lines of tasks, by task and line number, with SKU name and barcode. */
export async function readLines(db: Db, whsId: string, taskNos: readonly string[]): Promise<PutawayLine[]> {
  if (taskNos.length === 0) return [];
  const rows = await db.select({ line: putawayTaskLines, skuName: skus.skuName, barcode: skus.barcode }).from(putawayTaskLines)
    .innerJoin(skus, and(eq(skus.whsId, putawayTaskLines.whsId), eq(skus.skuId, putawayTaskLines.skuId)))
    .where(and(eq(putawayTaskLines.whsId, whsId), inArray(putawayTaskLines.taskNo, [...taskNos])))
    .orderBy(asc(putawayTaskLines.taskNo), asc(putawayTaskLines.lineNo));
  return rows.map(({ line: l, skuName, barcode }) => ({
    task_no: l.taskNo, line_no: l.lineNo, asn_no: l.asnNo, sku_id: l.skuId, sku_name: skuName, barcode, batch_id: l.batchId,
    quality: l.quality, from_location: l.fromLocation, suggested_location: l.suggestedLocation, qty: l.qty, put_qty: l.putQty,
  }));
}

/** One task with every line (the detail page); -100404 when the warehouse has no such putaway task. */
export async function taskDetail(db: Db, whsId: string, taskNo: string): Promise<{ task: PutawayTask; lines: PutawayLine[] }> {
  const [task] = await readTasks(db, whsId, [taskNo]);
  if (!task) throw notFound(taskLabel(taskNo));
  return { task, lines: await readLines(db, whsId, [taskNo]) };
}

/**
 * The tasks a scan names for a screen of `mode`: a task number (any status, so a finished task
 * says so), else a staging location's open tasks of that mode — the caller's own first, then the
 * unassigned, oldest first; standard putaway works one task at a time, mass putaway all of them.
 */
async function tasksForCode(tx: Db, whsId: string, code: string, mode: PutawayMode, userId: number): Promise<string[]> {
  const [byNo] = await tx.select({ taskNo: inboundTasks.taskNo }).from(inboundTasks).where(taskWhere(whsId, [code]));
  if (byNo) return [byNo.taskNo];
  const open = await tx.select({ taskNo: inboundTasks.taskNo }).from(inboundTasks)
    .where(and(
      eq(inboundTasks.whsId, whsId), eq(inboundTasks.kind, PUTAWAY), eq(inboundTasks.stagingLocation, code),
      eq(inboundTasks.putawayMode, mode), inArray(inboundTasks.status, [...OPEN_TASK_STATUSES]),
      sql`(${inboundTasks.assigneeId} is null or ${inboundTasks.assigneeId} = ${userId})`,
    ))
    .orderBy(desc(sql`${inboundTasks.assigneeId} is not null`), asc(inboundTasks.createdAt), asc(inboundTasks.taskNo));
  if (open.length === 0) throw notFound(`An open ${modeName(mode)} putaway task for ${code}`);
  return mode === PUTAWAY_MODE.values.STANDARD ? [open[0]!.taskNo] : open.map((t) => t.taskNo);
}

/**
 * Opens the work a scan names: suggests cells for its open lines (putaway-cells.ts) and answers
 * the tasks and lines. The suggestions are derived data written so that the detail page and later
 * scans show the same cell; opening again changes only those that can no longer be used.
 */
export function openWork(db: Db, whsId: string, code: string, mode: PutawayMode, userId: number): Promise<PutawayWork> {
  return db.transaction(async (tx) => {
    const taskNos = await tasksForCode(tx, whsId, code, mode, userId);
    await suggestOpenLines(tx, whsId, taskNos);
    return { tasks: await readTasks(tx, whsId, taskNos), lines: await readLines(tx, whsId, taskNos) };
  });
}

// ---- locking ----

/** The ASNs of each task: its own and its lines'. */
async function asnsOfTasks(tx: Db, whsId: string, taskNos: readonly string[]): Promise<Map<string, string[]>> {
  const pairs = await tx.select({ taskNo: inboundTasks.taskNo, asnNo: inboundTasks.asnNo }).from(inboundTasks).where(taskWhere(whsId, taskNos))
    .union(tx.select({ taskNo: putawayTaskLines.taskNo, asnNo: putawayTaskLines.asnNo }).from(putawayTaskLines)
      .where(and(eq(putawayTaskLines.whsId, whsId), inArray(putawayTaskLines.taskNo, [...taskNos]))));
  const byTask = new Map<string, string[]>();
  for (const { taskNo, asnNo } of pairs) {
    if (asnNo === null) continue;
    const asns = byTask.get(taskNo) ?? [];
    if (!asns.includes(asnNo)) asns.push(asnNo);
    byTask.set(taskNo, asns);
  }
  return byTask;
}

interface LockedTasks {
  asns: Map<string, AsnRow>;
  tasks: Map<string, TaskRow>;
  /** The ASNs of each task (its own and its lines'), in number order. */
  asnsByTask: Map<string, string[]>;
}

/** Locks tasks (after their ASNs, in number order); -100404 naming the first that is not a putaway task of the warehouse. */
async function lockTasks(tx: Db, whsId: string, taskNos: readonly string[]): Promise<LockedTasks> {
  const wanted = [...new Set(taskNos)].sort();
  const asnsByTask = await asnsOfTasks(tx, whsId, wanted);
  for (const asnNos of asnsByTask.values()) asnNos.sort();
  const asns = new Map<string, AsnRow>();
  for (const asnNo of [...new Set([...asnsByTask.values()].flat())].sort()) asns.set(asnNo, await lockAsn(tx, whsId, asnNo));
  const rows = await tx.select().from(inboundTasks).where(taskWhere(whsId, wanted)).orderBy(asc(inboundTasks.taskNo)).for('update');
  const tasks = new Map(rows.map((r) => [r.taskNo, r]));
  const missing = wanted.find((no) => !tasks.has(no));
  if (missing !== undefined) throw notFound(taskLabel(missing));
  return { asns, tasks, asnsByTask };
}

/** Putting → done for each locked ASN nothing of which waits any more (inbound-task.ts settleAsn). */
async function finishAsns(tx: Db, asns: Map<string, AsnRow>): Promise<void> {
  for (const [asnNo, asn] of asns) {
    if (asn.status === A.PUTTING) asns.set(asnNo, await settleAsn(tx, asn));
  }
}

// ---- puts ----

/** One line's units of a put. */
export interface PutRequest {
  taskNo: string;
  lineNo: number;
  qty: number;
  /** The SKU the operator scanned: must be the line's. */
  skuId?: string;
}

export interface PutOptions {
  mode: PutawayMode;
  location: string;
  /** Mass putaway: every line must wait at this staging location. */
  stagingLocation?: string;
}

/** Who puts: the warehouse, the user and the op (recorded with the ledger rows). */
export interface PutActor {
  whsId: string;
  userId: number;
  opId: string;
}

/** Refuses a put on a task in a status it cannot go on from (done, cancelled, failed), with the lifecycle's words. */
function assertTaskTakesPuts(taskNo: string, status: TaskStatus): void {
  if (status !== T.ONGOING) assertTransition(TASK_LIFECYCLE, taskLabel(taskNo), status, T.ONGOING);
}

/** One put op: its cell and mode, and the line units it puts there. */
export interface PutOp {
  opId: string;
  opts: PutOptions;
  requests: readonly PutRequest[];
}

/**
 * Applies a put (standard: one line; mass: several lines into one cell) inside the op's
 * transaction: checks tasks (mode, status, assignee), lines (SKU, staging location, what is
 * left), the ASNs (received or putting; done ones take units released later) and the cell, moves the stock from staging into the cell
 * through the ledger (Put Away, reference the task, the op recorded), and moves lines, tasks,
 * ASN lines and ASNs on. Any refusal is an ApiError and nothing of it stays.
 */
export async function applyPuts(tx: Db, actor: PutActor, opts: PutOptions, requests: readonly PutRequest[]): Promise<PutResult> {
  return (await applyPutOps(tx, actor.whsId, actor.userId, [{ opId: actor.opId, opts, requests }]))[0]!;
}

/**
 * Applies put ops of one user in order, with the effects and answers of `applyPuts` on each in
 * turn: each op is checked against what the ops before it left (lines, tasks, ASNs, cells), then
 * everything is written at once — one ledger post, one update per line, task and ASN line. A
 * refusal of any op is an ApiError naming it (the caller's transaction rolls back).
 */
export async function applyPutOps(tx: Db, whsId: string, userId: number, ops: readonly PutOp[]): Promise<PutResult[]> {
  const { asns, tasks, asnsByTask } = await lockTasks(tx, whsId, ops.flatMap((op) => op.requests.map((r) => r.taskNo)));
  const lineRows = await tx.select({
    line: putawayTaskLines, supplierId: skuBatches.supplierId, temperatureZone: skus.temperatureZone,
  }).from(putawayTaskLines)
    .innerJoin(skus, and(eq(skus.whsId, putawayTaskLines.whsId), eq(skus.skuId, putawayTaskLines.skuId)))
    .innerJoin(skuBatches, and(eq(skuBatches.whsId, putawayTaskLines.whsId), eq(skuBatches.skuId, putawayTaskLines.skuId), eq(skuBatches.batchId, putawayTaskLines.batchId)))
    .where(and(eq(putawayTaskLines.whsId, whsId), inArray(putawayTaskLines.taskNo, [...tasks.keys()])))
    .orderBy(asc(putawayTaskLines.taskNo), asc(putawayTaskLines.lineNo))
    .for('update', { of: putawayTaskLines });
  const linesByKey = new Map(lineRows.map((r) => [`${r.line.taskNo}\u0000${r.line.lineNo}`, r]));

  // What the ops before each one left: lines put, tasks' progress and ASNs' status.
  const putSoFar = new Map(lineRows.map((r) => [`${r.line.taskNo}\u0000${r.line.lineNo}`, r.line.putQty]));
  const taskNow = new Map([...tasks].map(([no, t]) => [no, { status: t.status as TaskStatus, doneQty: t.doneQty, assigneeId: t.assigneeId }]));
  const asnStatus = new Map([...asns].map(([no, a]) => [no, a.status as CodeOf<typeof INBOUND_STATUS>]));

  type Put = { row: (typeof lineRows)[number]; qty: number };
  const allPuts: Put[] = [];
  const intoCells = new Map<string, PutUnits[]>();
  const postings: { moves: StockMove[]; ref: StockRef }[] = [];
  const results: PutResult[] = [];
  for (const op of ops) {
    const { opts } = op;
    const opTasks = [...new Set(op.requests.map((r) => r.taskNo))].sort();
    for (const taskNo of opTasks) {
      const task = tasks.get(taskNo)!;
      const now = taskNow.get(taskNo)!;
      if (task.putawayMode !== opts.mode) {
        const other = opts.mode === PUTAWAY_MODE.values.STANDARD ? 'Mass Putaway' : 'Standard Putaway';
        throw new ApiError(RET.PUTAWAY_MODE_MISMATCH, `${taskLabel(taskNo)} is a ${modeName(task.putawayMode ?? 0)} putaway task: put it away with ${other}.`, { task_no: taskNo, putaway_mode: task.putawayMode });
      }
      assertTaskTakesPuts(taskNo, now.status);
      if (now.assigneeId !== null && now.assigneeId !== userId) {
        throw new ApiError(RET.TASK_ASSIGNED_ELSEWHERE, `${taskLabel(taskNo)} is assigned to another operator.`, { task_no: taskNo, assignee_id: now.assigneeId });
      }
    }
    const opAsns = [...new Set(opTasks.flatMap((no) => asnsByTask.get(no) ?? []))].sort();
    for (const asnNo of opAsns) {
      const status = asnStatus.get(asnNo)!;
      // A done ASN takes the puts of units its exceptions or VAS tasks released after it was done.
      if (status !== A.PUTTING && status !== A.DONE) assertTransition(ASN_LIFECYCLE, `ASN ${asnNo}`, status, A.PUTTING);
    }

    // The same line twice in one put counts once, with both quantities.
    const wanted = new Map<string, PutRequest>();
    for (const r of op.requests) {
      const key = `${r.taskNo}\u0000${r.lineNo}`;
      const prior = wanted.get(key);
      wanted.set(key, prior ? { ...prior, qty: prior.qty + r.qty } : { ...r });
    }
    const puts: Put[] = [...wanted.entries()].map(([key, req]) => {
      const row = linesByKey.get(key);
      if (!row) throw notFound(`Line ${req.lineNo} of ${taskLabel(req.taskNo).toLowerCase()}`);
      const { line } = row;
      if (req.skuId !== undefined && req.skuId !== line.skuId) {
        throw badInput('sku_id', `line ${line.lineNo} of task ${line.taskNo} is SKU ${line.skuId}, not ${req.skuId}`);
      }
      if (opts.stagingLocation !== undefined && line.fromLocation !== opts.stagingLocation) {
        throw badInput('staging_location', `line ${line.lineNo} of task ${line.taskNo} waits at ${line.fromLocation}, not ${opts.stagingLocation}`);
      }
      const remaining = line.qty - putSoFar.get(key)!;
      if (req.qty > remaining) {
        throw new ApiError(RET.PUTAWAY_QTY_EXCEEDS, `Line ${line.lineNo} of task ${line.taskNo} has ${remaining} of SKU ${line.skuId} left to put, not ${req.qty}.`, { task_no: line.taskNo, line_no: line.lineNo, remaining });
      }
      return { row, qty: req.qty };
    });

    // The cell is checked once for every op's units in order, each after those before it (cellRefusalForAll).
    const cellUnits = intoCells.get(opts.location) ?? [];
    cellUnits.push(...puts.map(({ row, qty }) => ({
      skuId: row.line.skuId, batchId: row.line.batchId, supplierId: row.supplierId, temperatureZone: row.temperatureZone, qty,
    })));
    intoCells.set(opts.location, cellUnits);
    postings.push({
      moves: puts.map(({ row: { line }, qty }) => ({
        txnType: INVENTORY_TRANSACTION_TYPE.values.PUT_AWAY,
        from: { location: line.fromLocation, skuId: line.skuId, batchId: line.batchId, quality: line.quality as Quality },
        to: { location: opts.location, batchId: line.batchId, quality: line.quality as Quality },
        qty,
      })),
      // A mass put across tasks answers to the first; each ledger row still names its SKU and batch.
      ref: { refType: INVENTORY_REF_TYPE.values.PUTAWAY_TASK, refNo: puts[0]!.row.line.taskNo, operatorId: userId, opId: op.opId },
    });
    allPuts.push(...puts);

    const lines: PutResult['lines'] = puts.map(({ row: { line }, qty }) => {
      const key = `${line.taskNo}\u0000${line.lineNo}`;
      const putQty = putSoFar.get(key)! + qty;
      putSoFar.set(key, putQty);
      return { task_no: line.taskNo, line_no: line.lineNo, put_qty: putQty };
    });
    const taskResults: PutResult['tasks'] = opTasks.map((taskNo) => {
      const task = tasks.get(taskNo)!;
      const now = taskNow.get(taskNo)!;
      const doneQty = now.doneQty + puts.filter((p) => p.row.line.taskNo === taskNo).reduce((sum, p) => sum + p.qty, 0);
      // Pending or assigned → ongoing at the first put, → done with the last unit (TASK_LIFECYCLE).
      const status = doneQty >= task.totalQty ? T.DONE : T.ONGOING;
      taskNow.set(taskNo, { status, doneQty, assigneeId: now.assigneeId ?? userId });
      return { task_no: taskNo, status, done_qty: doneQty, total_qty: task.totalQty };
    });
    for (const asnNo of opAsns) if (asnStatus.get(asnNo) === A.RECEIVED) asnStatus.set(asnNo, A.PUTTING);
    results.push({ location: opts.location, qty: puts.reduce((sum, p) => sum + p.qty, 0), tasks: taskResults, lines });
  }

  await assertCellsTake(tx, whsId, intoCells);
  await moveStockMany(tx, whsId, postings);

  const linePut = new Map<string, { taskNo: string; lineNo: number; qty: number }>();
  for (const { row: { line }, qty } of allPuts) {
    const key = `${line.taskNo}\u0000${line.lineNo}`;
    linePut.set(key, { taskNo: line.taskNo, lineNo: line.lineNo, qty: (linePut.get(key)?.qty ?? 0) + qty });
  }
  // The lines, the tasks and the ASN lines change in one statement (they are locked above).
  const putValues = sql.join([...linePut.values()].map((l) => sql`(${l.taskNo}, ${l.lineNo}::smallint, ${l.qty}::int)`), sql`, `);
  const alongWith = [sql`update putaway_task_lines set put_qty = putaway_task_lines.put_qty + v.qty
    from (values ${putValues}) as v(task_no, line_no, qty)
    where putaway_task_lines.whs_id = ${whsId} and putaway_task_lines.task_no = v.task_no and putaway_task_lines.line_no = v.line_no`];
  const moved = [...tasks].flatMap(([taskNo, task]) => {
    const now = taskNow.get(taskNo)!;
    return now.doneQty === task.doneQty && now.status === task.status ? [] : [sql`(${taskNo}, ${now.doneQty}::int, ${now.status}::smallint, ${now.assigneeId}::int)`];
  });
  if (moved.length > 0) {
    alongWith.push(sql`update inbound_tasks set done_qty = v.done_qty, status = v.status, assignee_id = v.assignee_id,
      started_at = coalesce(inbound_tasks.started_at, now()),
      finished_at = case when v.status = ${T.DONE}::smallint then now() else inbound_tasks.finished_at end
      from (values ${sql.join(moved, sql`, `)}) as v(task_no, done_qty, status, assignee_id)
      where inbound_tasks.whs_id = ${whsId} and inbound_tasks.task_no = v.task_no`);
  }
  await countOnAsnLines(tx, whsId, allPuts.map(({ row: { line }, qty }) => ({ asnNo: line.asnNo ?? tasks.get(line.taskNo)!.asnNo, skuId: line.skuId, qty })), alongWith);

  for (const [asnNo, asn] of asns) {
    if (asn.status === A.RECEIVED) asns.set(asnNo, await moveAsn(tx, asn, A.PUTTING));
  }
  if ([...taskNow.values()].some((t) => t.status === T.DONE)) await finishAsns(tx, asns);
  return results;
}

/**
 * Adds put units to their ASN lines' putaway qty, never past what the line received (-287202).
 * Units without an ASN line (a task line of no ASN) count nowhere. `alongWith`: other changes
 * run in the same statement (as its WITH parts), one round trip for all.
 */
async function countOnAsnLines(
  tx: Db, whsId: string, puts: readonly { asnNo: string | null; skuId: string; qty: number }[], alongWith: readonly SQL[],
): Promise<void> {
  const sums = new Map<string, { asnNo: string; skuId: string; qty: number }>();
  for (const p of puts) {
    if (p.asnNo === null) continue;
    const key = `${p.asnNo}\u0000${p.skuId}`;
    sums.set(key, { asnNo: p.asnNo, skuId: p.skuId, qty: (sums.get(key)?.qty ?? 0) + p.qty });
  }
  const withParts = alongWith.length === 0 ? sql`` : sql`with ${sql.join(alongWith.map((part, i) => sql`${sql.raw(`along_${i}`)} as (${part})`), sql`, `)} `;
  if (sums.size === 0) {
    if (alongWith.length > 0) await tx.execute(sql`${withParts}select 1`);
    return;
  }
  // One guarded statement for every line; a line it left alone would go past what it received.
  const values = sql.join([...sums.values()].map((p) => sql`(${p.asnNo}, ${p.skuId}, ${p.qty}::int)`), sql`, `);
  // Both drivers answer a raw statement with its `rows`.
  const { rows: counted } = (await tx.execute(sql`${withParts}update asn_lines set putaway_qty = asn_lines.putaway_qty + v.qty
    from (values ${values}) as v(asn_no, sku_id, qty)
    where asn_lines.whs_id = ${whsId} and asn_lines.asn_no = v.asn_no and asn_lines.sku_id = v.sku_id
      and asn_lines.putaway_qty + v.qty <= asn_lines.received_qty
    returning asn_lines.asn_no, asn_lines.sku_id`)) as unknown as { rows: { asn_no: string; sku_id: string }[] };
  const done = new Set(counted.map((r) => `${r.asn_no}\u0000${r.sku_id}`));
  for (const [key, { asnNo, skuId, qty }] of sums) {
    if (done.has(key)) continue;
    const [line] = await tx.select({ received: asnLines.receivedQty, putaway: asnLines.putawayQty }).from(asnLines)
      .where(and(eq(asnLines.whsId, whsId), eq(asnLines.asnNo, asnNo), eq(asnLines.skuId, skuId)));
    if (!line) continue;
    throw new ApiError(
      RET.PUTAWAY_QTY_EXCEEDS,
      `ASN ${asnNo} received ${line.received} of SKU ${skuId} and ${line.putaway} are put away: ${qty} more would be more than it received.`,
      { asn_no: asnNo, sku_id: skuId, remaining: line.received - line.putaway },
    );
  }
}

// ---- supervisor changes ----

/** Refuses any change of a finished task (done, cancelled, failed). */
function assertTaskOpen(task: TaskRow): void {
  const status = task.status as TaskStatus;
  if (!isFinal(TASK_LIFECYCLE, status)) return;
  const name = TASK_STATUS.options.find((o) => o.value === status)?.name ?? String(status);
  throw new ApiError(RET.ILLEGAL_TRANSITION, `${taskLabel(task.taskNo)} is ${name}: a finished task cannot be changed.`, { from: status, to: status }, 409);
}

/** Refuses changes that only make sense before anything is put. */
function assertNothingPut(task: TaskRow, what: string): void {
  if (task.doneQty > 0) {
    throw new ApiError(RET.PUTAWAY_TASK_STARTED, `${task.doneQty} units of ${taskLabel(task.taskNo).toLowerCase()} are already put away: it can no longer ${what}.`, { task_no: task.taskNo, done_qty: task.doneQty });
  }
}

export interface TaskChange {
  taskNo: string;
  /** A member of the warehouse, null to unassign; undefined leaves it. */
  assigneeId?: number | null;
  putawayMode?: PutawayMode;
}

/** Assigns (pending ⇄ assigned; an ongoing task keeps its status) and changes the mode before anything is put. */
export function updateTask(db: Db, whsId: string, change: TaskChange): Promise<PutawayTask> {
  return db.transaction(async (tx) => {
    const { tasks } = await lockTasks(tx, whsId, [change.taskNo]);
    const task = tasks.get(change.taskNo)!;
    assertTaskOpen(task);
    const set: Partial<typeof inboundTasks.$inferInsert> = {};
    if (change.putawayMode !== undefined && change.putawayMode !== task.putawayMode) {
      assertNothingPut(task, 'change its putaway mode');
      set.putawayMode = change.putawayMode;
    }
    if (change.assigneeId !== undefined && change.assigneeId !== task.assigneeId) {
      if (change.assigneeId !== null) await assertMember(tx, whsId, change.assigneeId);
      set.assigneeId = change.assigneeId;
      const status = task.status as TaskStatus;
      const next = change.assigneeId === null ? (status === T.ASSIGNED ? T.PENDING : status) : (status === T.PENDING ? T.ASSIGNED : status);
      if (next !== status) {
        assertTransition(TASK_LIFECYCLE, taskLabel(task.taskNo), status, next);
        set.status = next;
      }
    }
    if (Object.keys(set).length > 0) {
      await tx.update(inboundTasks).set(set).where(and(eq(inboundTasks.whsId, whsId), eq(inboundTasks.taskNo, task.taskNo)));
    }
    return (await readTasks(tx, whsId, [task.taskNo]))[0]!;
  });
}

/** -100400 unless the user is an active member of the warehouse. */
async function assertMember(tx: Db, whsId: string, userId: number): Promise<void> {
  const [member] = await tx.select({ userId: users.userId }).from(userWarehouses)
    .innerJoin(users, eq(users.userId, userWarehouses.userId))
    .where(and(eq(userWarehouses.whsId, whsId), eq(userWarehouses.userId, userId), eq(users.isActive, true)));
  if (!member) throw badInput('assignee_id', `user ${userId} is not an active member of this warehouse`);
}

/** Active members of the warehouse by name or email (the edit page's assignee choice). */
export async function searchAssignees(db: Db, whsId: string, keyword: string | undefined) {
  const like = keyword ? `%${escapeLike(keyword)}%` : null;
  const rows = await db.select({ user_id: users.userId, display_name: users.displayName, email: users.email }).from(userWarehouses)
    .innerJoin(users, eq(users.userId, userWarehouses.userId))
    .where(and(eq(userWarehouses.whsId, whsId), eq(users.isActive, true), like ? or(ilike(users.displayName, like), ilike(users.email, like)) : undefined))
    .orderBy(asc(users.displayName), asc(users.userId))
    .limit(50);
  return { list: rows };
}

/**
 * Cancels a task nothing was put from (pending or assigned → cancel): its units stay in staging
 * for another task or an exception. An ASN already putting whose last open task this was is done.
 */
export function cancelTask(db: Db, whsId: string, taskNo: string): Promise<PutawayTask> {
  return db.transaction(async (tx) => {
    const { asns, tasks } = await lockTasks(tx, whsId, [taskNo]);
    const task = tasks.get(taskNo)!;
    assertTransition(TASK_LIFECYCLE, taskLabel(taskNo), task.status as TaskStatus, T.CANCEL);
    assertNothingPut(task, 'be cancelled');
    await tx.update(inboundTasks).set({ status: T.CANCEL, finishedAt: sql`now()` })
      .where(and(eq(inboundTasks.whsId, whsId), eq(inboundTasks.taskNo, taskNo)));
    await finishAsns(tx, asns);
    return (await readTasks(tx, whsId, [taskNo]))[0]!;
  });
}

// ---- exceptions ----

/**
 * Records an inbound exception reported on a putaway screen (source Putaway, status pending) in
 * the op's transaction; the Exception Center handles it from there. An exception that holds units
 * (an abnormal, rejected or surplus item) of a line takes them off the task — at most what is left
 * of the line — and holds them in staging under the exception (exception-effects.ts); the task
 * finishes if nothing else is left of it.
 */
export async function recordPutawayException(tx: Db, actor: PutActor, report: ReportExceptionPayload): Promise<ReportResult> {
  const { whsId } = actor;
  const { asns, tasks } = await lockTasks(tx, whsId, [report.task_no]);
  const task = tasks.get(report.task_no)!;
  let asnNo = task.asnNo;
  let line: typeof putawayTaskLines.$inferSelect | undefined;
  if (report.line_no !== null) {
    [line] = await tx.select().from(putawayTaskLines)
      .where(and(eq(putawayTaskLines.whsId, whsId), eq(putawayTaskLines.taskNo, task.taskNo), eq(putawayTaskLines.lineNo, report.line_no))).for('update');
    if (!line) throw notFound(`Line ${report.line_no} of ${taskLabel(task.taskNo).toLowerCase()}`);
    if (line.skuId !== report.sku_id) throw badInput('sku_id', `line ${line.lineNo} of task ${task.taskNo} is SKU ${line.skuId}, not ${report.sku_id}`);
    asnNo = line.asnNo ?? asnNo;
  } else {
    const [sku] = await tx.select({ skuId: skus.skuId }).from(skus).where(and(eq(skus.whsId, whsId), eq(skus.skuId, report.sku_id)));
    if (!sku) throw notFound(`SKU ${report.sku_id}`);
  }
  if (asnNo === null) throw badInput('task_no', `task ${task.taskNo} answers to no ASN, so there is nothing to report the exception against`);
  const asn = asns.get(asnNo) ?? await lockAsn(tx, whsId, asnNo);
  const type = report.exception_type as CodeOf<typeof INBOUND_EXCEPTION_TYPE>;
  const row = await recordInboundException(tx, {
    whsId, asnNo, groupNo: asn.groupNo, skuId: report.sku_id, taskNo: task.taskNo, taskLineNo: line?.lineNo ?? null,
    source: INBOUND_EXCEPTION_SOURCE.values.PUTAWAY, exceptionType: type, reason: report.reason as CodeOf<typeof INBOUND_EXCEPTION_REASON>,
    qty: report.qty, remark: report.remark, reportedBy: actor.userId, opId: actor.opId,
  });
  const held = line && HOLDING_TYPES.includes(type) ? Math.min(report.qty, line.qty - line.putQty) : 0;
  if (line && held > 0) {
    await takeOffLine(tx, task, line, held);
    await settleAsn(tx, asn);
    await holdUnits(tx, row, { location: line.fromLocation, skuId: line.skuId, batchId: line.batchId, quality: line.quality as Quality, qty: held }, actor.userId);
  }
  return { exception_no: row.exceptionNo, line: line ? { task_no: line.taskNo, line_no: line.lineNo, qty: line.qty - held } : null };
}

/**
 * Takes units not yet put off a task line (the line goes when nothing of it is left) and off the
 * task's total, so the same units are never held twice; an open task with nothing left to put is
 * done, or cancelled when nothing of it was put. A cancelled task stays cancelled: its units wait
 * in staging without a task, and what its lines still count is what may yet be held.
 */
async function takeOffLine(tx: Db, task: TaskRow, line: typeof putawayTaskLines.$inferSelect, qty: number): Promise<void> {
  const lineWhere = and(eq(putawayTaskLines.whsId, task.whsId), eq(putawayTaskLines.taskNo, task.taskNo), eq(putawayTaskLines.lineNo, line.lineNo));
  if (line.qty - qty === 0) await tx.delete(putawayTaskLines).where(lineWhere);
  else await tx.update(putawayTaskLines).set({ qty: line.qty - qty }).where(lineWhere);
  const totalQty = task.totalQty - qty;
  await tx.update(inboundTasks).set({ totalQty }).where(and(eq(inboundTasks.whsId, task.whsId), eq(inboundTasks.taskNo, task.taskNo)));
  if (totalQty > task.doneQty || isFinal(TASK_LIFECYCLE, task.status as TaskStatus)) return;
  await moveTask(tx, { ...task, totalQty }, task.doneQty > 0 ? T.DONE : T.CANCEL);
}
