import { and, asc, eq, exists, inArray, or, sql } from 'drizzle-orm';
import { INBOUND_ORDER_TYPE, INBOUND_STATUS, INBOUND_TASK_KIND, LOCATION_STATUS, TASK_STATUS, type CodeOf } from '../../../shared/codes';
import { TASK_LIFECYCLE } from '../../../shared/lifecycles';
import { INBOUND_STAGING_TYPE } from '../../../shared/resources/location-codes';
import { RET } from '../../../shared/retcodes';
import { VAS_KINDS } from '../../../shared/vas';
import type { Db } from '../../db/client';
import { inboundStagingLocations, inboundTasks, putawayTaskLines } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { assertTransition } from '../../http/lifecycle';
import { moveAsn, type AsnRow, type AsnStatus } from './asn-status';
import { nextDocNo } from '../../common/doc-no';
import { warehouseTimeZone } from '../../common/time';

/**
 * Inbound tasks (spec §3 task kinds, §2 task lists): made by the step before them (counting makes
 * QC and receiving tasks, receiving makes putaway tasks) and moved along TASK_LIFECYCLE by the
 * step that works them.
 */

export type TaskKind = CodeOf<typeof INBOUND_TASK_KIND>;
export type TaskStatus = CodeOf<typeof TASK_STATUS>;
export type TaskRow = typeof inboundTasks.$inferSelect;

const T = TASK_STATUS.values;
/** Task statuses whose work is still to do. */
export const OPEN_TASK_STATUSES = [T.PENDING, T.ASSIGNED, T.ONGOING] as const;

export interface NewTask {
  whsId: string;
  kind: TaskKind;
  asnNo: string;
  groupNo?: string | null;
  totalQty: number;
  stagingLocation?: string | null;
  putawayMode?: number | null;
  /** VAS tasks a handling decision makes: the exception whose units they rework. */
  exceptionNo?: string | null;
  createdBy: number | null;
}

/** Makes a task (status pending) numbered IT…, and answers its row. */
export async function createInboundTask(tx: Db, task: NewTask, timeZone?: string): Promise<TaskRow> {
  const taskNo = await nextDocNo(tx, 'task', timeZone ?? (await warehouseTimeZone(tx, task.whsId)));
  const [row] = await tx.insert(inboundTasks).values({
    whsId: task.whsId, taskNo, kind: task.kind, asnNo: task.asnNo, groupNo: task.groupNo ?? null, status: T.PENDING,
    putawayMode: task.putawayMode ?? null, stagingLocation: task.stagingLocation ?? null, totalQty: task.totalQty,
    exceptionNo: task.exceptionNo ?? null, createdBy: task.createdBy,
  }).returning();
  return row!;
}

/** The open (not done, failed or cancelled) task of a kind for an ASN, locked for the caller's transaction. */
export async function openTaskOf(tx: Db, whsId: string, asnNo: string, kind: TaskKind): Promise<TaskRow | null> {
  const [row] = await tx.select().from(inboundTasks)
    .where(and(eq(inboundTasks.whsId, whsId), eq(inboundTasks.asnNo, asnNo), eq(inboundTasks.kind, kind),
      inArray(inboundTasks.status, [...OPEN_TASK_STATUSES])))
    .orderBy(inboundTasks.createdAt).limit(1).for('update');
  return row ?? null;
}

/**
 * Moves a task along TASK_LIFECYCLE (RET.ILLEGAL_TRANSITION otherwise), stamping its start or end
 * and, when given, its progress and operator.
 */
export async function moveTask(tx: Db, task: TaskRow, to: TaskStatus, extra: Partial<Pick<TaskRow, 'doneQty' | 'totalQty' | 'assigneeId' | 'stagingLocation'>> = {}): Promise<TaskRow> {
  assertTransition(TASK_LIFECYCLE, `Task ${task.taskNo}`, task.status as TaskStatus, to);
  const [row] = await tx.update(inboundTasks).set({
    ...extra, status: to,
    ...(to === T.ONGOING ? { startedAt: sql`now()` } : {}),
    ...(to === T.DONE || to === T.CANCEL || to === T.FAILED ? { finishedAt: sql`now()` } : {}),
  }).where(and(eq(inboundTasks.whsId, task.whsId), eq(inboundTasks.taskNo, task.taskNo))).returning();
  return row!;
}

/** Starts a pending or assigned task with this operator; an ongoing one stays as it is. */
export async function startTask(tx: Db, task: TaskRow, operatorId: number): Promise<TaskRow> {
  if (task.status === T.ONGOING) return task;
  return moveTask(tx, task, T.ONGOING, { assigneeId: task.assigneeId ?? operatorId });
}

/**
 * Refuses a step an ASN's status does not allow, though no status changes (a count, an
 * inspection, a report): RET.ILLEGAL_TRANSITION naming where it is and where the step needs it.
 */
export function assertAsnIn(asn: AsnRow, allowed: readonly AsnStatus[], step: string): void {
  if (allowed.includes(asn.status as AsnStatus)) return;
  const name = (v: number) => INBOUND_STATUS.options.find((o) => o.value === v)?.name ?? String(v);
  throw new ApiError(
    RET.ILLEGAL_TRANSITION,
    `ASN ${asn.asnNo} is ${name(asn.status)}: ${step} needs it ${allowed.map(name).join(' or ')}.`,
    { from: asn.status, allowed },
    409,
  );
}

const A = INBOUND_STATUS.values;

/** A buyer's return (Return Inbound): judged unit by unit on Return Inbound › QC, never counted or inspected as a whole. */
export const isReturnAsn = (asn: Pick<AsnRow, 'inboundType'>) => asn.inboundType === INBOUND_ORDER_TYPE.values.RETURN;

/** Refuses counting or inbound QC of a return (RET.ILLEGAL_TRANSITION): its units are judged one by one instead. */
export function assertNotReturn(asn: AsnRow): void {
  if (!isReturnAsn(asn)) return;
  throw new ApiError(
    RET.ILLEGAL_TRANSITION,
    `ASN ${asn.asnNo} is a buyer's return: it is not counted or inspected as a whole; judge its units one by one on Return Inbound › QC.`,
    { from: asn.status, inbound_type: asn.inboundType },
    409,
  );
}

/**
 * Whether received units of an ASN still wait for a task: an open putaway or VAS task (by the
 * task's ASN or, for putaway, a line's). Units an exception holds do not keep the ASN open: an
 * ASN with open exceptions is a reprocess order, settled on its own.
 */
async function asnHasOpenWork(tx: Db, whsId: string, asnNo: string): Promise<boolean> {
  const [task] = await tx.select({ taskNo: inboundTasks.taskNo }).from(inboundTasks)
    .where(and(
      eq(inboundTasks.whsId, whsId), inArray(inboundTasks.kind, [INBOUND_TASK_KIND.values.PUTAWAY, ...VAS_KINDS]),
      inArray(inboundTasks.status, [...OPEN_TASK_STATUSES]),
      or(eq(inboundTasks.asnNo, asnNo), exists(tx.select({ one: sql`1` }).from(putawayTaskLines).where(and(
        eq(putawayTaskLines.whsId, inboundTasks.whsId), eq(putawayTaskLines.taskNo, inboundTasks.taskNo), eq(putawayTaskLines.asnNo, asnNo),
      )))),
    ))
    .limit(1);
  return task !== undefined;
}

/**
 * Ends a locked ASN whose received units are all settled: RECEIVED or PUTTING → DONE (through
 * PUTTING) once nothing waits (asnHasOpenWork). Any other status, or work left, stays as it is.
 */
export async function settleAsn(tx: Db, asn: AsnRow): Promise<AsnRow> {
  if ((asn.status !== A.RECEIVED && asn.status !== A.PUTTING) || await asnHasOpenWork(tx, asn.whsId, asn.asnNo)) return asn;
  const putting = asn.status === A.PUTTING ? asn : await moveAsn(tx, asn, A.PUTTING);
  return moveAsn(tx, putting, A.DONE);
}

/** The warehouse's normal inbound staging locations of a type (Putaway, Dispute…), the default (first by code) first. */
export async function stagingLocationsOf(db: Db, whsId: string, type: CodeOf<typeof INBOUND_STAGING_TYPE>): Promise<string[]> {
  const rows = await db.select({ code: inboundStagingLocations.locationCode }).from(inboundStagingLocations)
    .where(and(
      eq(inboundStagingLocations.whsId, whsId), eq(inboundStagingLocations.stagingType, type),
      eq(inboundStagingLocations.status, LOCATION_STATUS.values.NORMAL),
    ))
    .orderBy(asc(inboundStagingLocations.locationCode));
  return rows.map((r) => r.code);
}
