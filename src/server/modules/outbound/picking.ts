import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  CYCLE_COUNT_SOURCE, INVENTORY_REF_TYPE, INVENTORY_TRANSACTION_TYPE, LOCATION_STATUS, OUTBOUND_ORDER_TYPE, PICKING_TASK_KIND, QUALITY, SHORT_PICK_REASON, TASK_STATUS,
  type CodeOf,
} from '../../../shared/codes';
import type { PickingLine, PickingTask, PickingWork, PickPayload, PickResult, ReversePutPayload, ShortPickPayload } from '../../../shared/contract/picking.contract';
import { TASK_LIFECYCLE, orderLifecycle } from '../../../shared/lifecycles';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { cells, containers, outboundAllocations, outboundExceptions, pickingTasks, salesOrders, skus, users } from '../../db/schema';
import { ApiError, badInput, notFound } from '../../http/errors';
import { assertTransition } from '../../http/lifecycle';
import { nextDocNo } from '../../common/doc-no';
import { unixSeconds } from '../../common/time';
import { countLine, type LineCount } from '../inventory/raised-counts';
import { lockStock, moveStock, movePrepickedMany, releasePrepick, type Quality, type StockKey, type StockMove, type StockRef } from '../inventory/ledger';
import { allocateRulesOf, candidatesFor, changeAllocated, choose, demandOf, reserve, shortageReason, strategyFor } from './allocation';
import { S, lockOrder, logOrders, moveOrder, orderLabel, skuCodesSql, type Actor, type OrderLogEntry, type OrderRow } from './sales-order';
import { pickingRulesOf, skillZonesOf } from './picking-rules';
import { assertClaimable, settleSplitTasks } from './sub-picking-hooks';
import { settleWaves } from './wave';
import { releaseFlowTask } from './flow-pick';
import { zoneColorsShown } from './zone-colors';
import { openMergeTasks } from './merging';

/**
 * Picking tasks on the PDA: claiming one (with its container), and the ops the picking screen
 * queues — a pick (location → container, ledger type picking 8, its reservation released in the
 * same transaction), a short pick (the units released and blocked at the location for a count, the
 * line re-allocated elsewhere or the order failed), and reverse picking's put back (container →
 * cell, type reverse 9). Locks: the order first, then the task, then the allocation, then balances.
 */

const T = TASK_STATUS.values;
/** A code constant written into a statement as a literal, typed as the column it is compared with or set to. */
const n = (code: number) => sql.raw(String(code));
const K = PICKING_TASK_KIND.values;
const GOOD = QUALITY.values.GOOD as Quality;
const taskLabel = (taskNo: string) => `Picking task ${taskNo}`;
type TaskRow = typeof pickingTasks.$inferSelect;
type AllocRow = typeof outboundAllocations.$inferSelect;

/** Units of an allocation still to pick. */
const remainingOf = (a: AllocRow) => a.qty - a.pickedQty - a.shortQty - a.cancelledQty;

// ---- reading ----

export function taskOut(t: TaskRow, assigneeName: string | null): PickingTask {
  return {
    task_no: t.taskNo, kind: t.kind, wave_no: t.waveNo, order_no: t.orderNo, zone_id: t.zoneId, status: t.status, picking_type: t.pickingType,
    container_code: t.containerCode, assignee_id: t.assigneeId, assignee_name: assigneeName, total_qty: t.totalQty, picked_qty: t.pickedQty,
    short_qty: t.shortQty, created_at: unixSeconds(t.createdAt)!, started_at: unixSeconds(t.startedAt), finished_at: unixSeconds(t.finishedAt),
    parent_task_no: t.parentTaskNo, sub_picking_group_id: t.subPickingGroupId,
  };
}

/** The route of allocations, each with its SKU's name and scan codes. */
async function linesOf(db: Db, whsId: string, where: ReturnType<typeof and>, reverse: boolean): Promise<PickingLine[]> {
  const a = outboundAllocations;
  const rows = await db.select({
    alloc: a, skuName: skus.skuName, codes: skuCodesSql, zoneId: sql<string | null>`c.zone_id`, pathwayId: sql<string | null>`c.pathway_id`,
    expiryDate: sql<string | null>`b.expiry_date::text`, containerCode: sql<string | null>`pt.container_code`,
  }).from(a)
    .innerJoin(skus, and(eq(skus.whsId, a.whsId), eq(skus.skuId, a.skuId)))
    .leftJoin(sql`cells c`, sql`c.whs_id = ${a.whsId} and c.location_code = ${a.locationId}`)
    .leftJoin(sql`sku_batches b`, sql`b.whs_id = ${a.whsId} and b.sku_id = ${a.skuId} and b.batch_id = ${a.batchId}`)
    .leftJoin(sql`picking_tasks pt`, sql`pt.whs_id = ${a.whsId} and pt.task_no = ${a.taskNo}`)
    .where(and(eq(a.whsId, whsId), where))
    .orderBy(reverse ? sql`c.zone_id, c.pathway_id, ${a.locationId}` : asc(a.seq), asc(a.allocId));
  return rows.map(({ alloc: l, skuName, codes, zoneId, pathwayId, expiryDate, containerCode }, i) => ({
    alloc_id: l.allocId, seq: reverse ? i + 1 : l.seq ?? i + 1, order_no: l.orderNo, line_no: l.lineNo, location_id: l.locationId, zone_id: zoneId,
    pathway_id: pathwayId, sku_id: l.skuId, sku_name: skuName, codes, batch_id: l.batchId, expiry_date: expiryDate, qty: l.qty,
    picked_qty: l.pickedQty, short_qty: l.shortQty, cancelled_qty: l.cancelledQty, returned_qty: l.returnedQty, container_code: containerCode,
    slot_no: l.slotNo,
  }));
}

/** Where a task's lines are: its allocations, or for reverse picking the picked allocations of its order. */
const linesWhere = (t: TaskRow) => (t.kind === K.REVERSE_PICKING
  ? and(eq(outboundAllocations.orderNo, t.orderNo!), sql`${outboundAllocations.pickedQty} > 0`)
  : eq(outboundAllocations.taskNo, t.taskNo));

export async function taskWork(db: Db, whsId: string, taskNo: string): Promise<PickingWork> {
  const [row] = await db.select({ task: pickingTasks, assigneeName: users.displayName }).from(pickingTasks)
    .leftJoin(users, eq(users.userId, pickingTasks.assigneeId))
    .where(and(eq(pickingTasks.whsId, whsId), eq(pickingTasks.taskNo, taskNo)));
  if (!row) throw notFound(taskLabel(taskNo));
  const rules = await pickingRulesOf(db, whsId);
  const lines = await linesOf(db, whsId, linesWhere(row.task), row.task.kind === K.REVERSE_PICKING);
  // A reverse task from the order: its units are there, not in the containers they were picked into.
  const source = row.task.sourceLocation;
  return {
    task: taskOut(row.task, row.assigneeName), lines: source === null ? lines : lines.map((l) => ({ ...l, container_code: source })),
    pick_rule: { allow_typed_qty: rules.allowTypedQty(row.task.zoneId) },
  };
}

// ---- claiming ----

async function lockTask(tx: Db, whsId: string, taskNo: string): Promise<TaskRow> {
  const [task] = await tx.select().from(pickingTasks).where(and(eq(pickingTasks.whsId, whsId), eq(pickingTasks.taskNo, taskNo))).for('update');
  if (!task) throw notFound(taskLabel(taskNo));
  return task;
}

/**
 * The caller's task under way, else the oldest pending one nobody holds (skipping those another
 * claim is taking) in a zone of the caller's picking skills (`zones`; null: any zone); with
 * `subPickingOnly`, sub-picking tasks only (a split task is never pending, so never next); else, for
 * the picking screen, a flow task made now (flow-pick.ts).
 */
async function nextTaskNo(
  tx: Db, whsId: string, userId: number, zones: readonly string[] | null, subPickingOnly: boolean, orderType: OrderType,
): Promise<string> {
  const subTasks = subPickingOnly ? isNotNull(pickingTasks.parentTaskNo) : undefined;
  const ofType = eq(pickingTasks.orderType, orderType);
  const [mine] = await tx.select({ taskNo: pickingTasks.taskNo }).from(pickingTasks)
    .where(and(eq(pickingTasks.whsId, whsId), ofType, eq(pickingTasks.assigneeId, userId), inArray(pickingTasks.status, [T.ASSIGNED, T.ONGOING]), subTasks))
    .orderBy(asc(pickingTasks.createdAt), asc(pickingTasks.taskNo)).limit(1);
  if (mine) return mine.taskNo;
  const [next] = await tx.select({ taskNo: pickingTasks.taskNo }).from(pickingTasks)
    .where(and(
      eq(pickingTasks.whsId, whsId), ofType, eq(pickingTasks.kind, K.PICKING), eq(pickingTasks.status, T.PENDING), sql`${pickingTasks.assigneeId} is null`, subTasks,
      zones === null ? undefined : zones.length === 0 ? sql`false` : inArray(pickingTasks.zoneId, [...zones]),
    ))
    .orderBy(asc(pickingTasks.waveNo), asc(pickingTasks.createdAt), asc(pickingTasks.taskNo)).limit(1)
    .for('update', { skipLocked: true });
  if (next) return next.taskNo;
  const what = subPickingOnly ? 'A sub-picking task to claim' : 'A picking task to claim';
  // None waiting: flow pick may make one now for a picker with a flow skill (flow-pick.ts; sales orders only).
  const flow = subPickingOnly || orderType !== OUTBOUND_ORDER_TYPE.values.SALES ? null : await releaseFlowTask(tx, whsId, userId, zones);
  if (flow) return flow;
  throw notFound(zones === null ? what : `${what} in your zones (${zones.join(', ')})`);
}

/** Binds a container to a picking task: a normal container of the warehouse, free or already this task's. */
async function bindContainer(tx: Db, whsId: string, task: TaskRow, code: string): Promise<void> {
  const [container] = await tx.select().from(containers).where(and(eq(containers.whsId, whsId), eq(containers.containerCode, code))).for('update');
  const unusable = (message: string, data: Record<string, unknown> = {}) => new ApiError(RET.CONTAINER_UNUSABLE, message, { container_code: code, ...data });
  if (!container) throw unusable(`Container ${code} is not a container of warehouse ${whsId}.`);
  if (container.status !== LOCATION_STATUS.values.NORMAL) throw unusable(`Container ${code} is not usable (${LOCATION_STATUS.label(container.status)?.message ?? container.status}).`);
  if (container.taskNo !== null && container.taskNo !== task.taskNo) {
    throw unusable(`Container ${code} is in use for task ${container.taskNo}.`, { task_no: container.taskNo });
  }
  if (task.containerCode !== null && task.containerCode !== code) {
    throw unusable(`Task ${task.taskNo} picks into container ${task.containerCode}: scan that one.`, { task_no: task.taskNo, expected: task.containerCode });
  }
  await tx.update(containers).set({ taskNo: task.taskNo }).where(and(eq(containers.whsId, whsId), eq(containers.containerCode, code)));
  if (task.containerCode === null) await tx.update(pickingTasks).set({ containerCode: code }).where(and(eq(pickingTasks.whsId, whsId), eq(pickingTasks.taskNo, task.taskNo)));
}

type OrderType = CodeOf<typeof OUTBOUND_ORDER_TYPE>;

/**
 * Claims a task for the caller (pending or theirs), binds its container and answers its route (with
 * the zone colours while shown); `subPickingOnly` (Task Picking): sub-picking tasks only. Each order
 * type's picking screen claims the tasks of its own type (`orderType`); another's is not found.
 */
export async function claimTask(
  tx: Db, whsId: string, userId: number, taskNo: string | null, containerCode: string | null, subPickingOnly = false,
  orderType: OrderType = OUTBOUND_ORDER_TYPE.values.SALES,
): Promise<PickingWork> {
  const zones = await skillZonesOf(tx, whsId, userId);
  const task = await lockTask(tx, whsId, taskNo ?? await nextTaskNo(tx, whsId, userId, zones, subPickingOnly, orderType));
  if (task.orderType !== orderType) throw notFound(taskLabel(task.taskNo));
  await assertClaimable(tx, whsId, task, subPickingOnly);
  if (zones !== null && task.kind === K.PICKING && task.assigneeId !== userId && !zones.includes(task.zoneId ?? '')) {
    throw new ApiError(
      RET.PICK_ZONE_NOT_SKILLED,
      `${taskLabel(task.taskNo)} is in zone ${task.zoneId ?? '-'}, and your picking skills cover ${zones.join(', ')}: ask a supervisor to add the zone or take another task.`,
      { zone_id: task.zoneId, skill_zones: zones },
    );
  }
  if (task.status === T.DONE || task.status === T.CANCEL) {
    throw new ApiError(RET.ILLEGAL_TRANSITION, `${taskLabel(task.taskNo)} is ${TASK_STATUS.label(task.status)?.message}: nothing is left to pick.`, { status: task.status }, 409);
  }
  if (task.assigneeId !== null && task.assigneeId !== userId) {
    throw new ApiError(RET.TASK_ASSIGNED_ELSEWHERE, `${taskLabel(task.taskNo)} is assigned to another operator.`, { assignee_id: task.assigneeId });
  }
  if (task.kind === K.PICKING && containerCode !== null) await bindContainer(tx, whsId, task, containerCode);
  if (task.status !== T.ONGOING) {
    assertTransition(TASK_LIFECYCLE, taskLabel(task.taskNo), task.status as 0, T.ONGOING);
    await tx.update(pickingTasks).set({ status: T.ONGOING, assigneeId: userId, startedAt: sql`coalesce(${pickingTasks.startedAt}, now())` })
      .where(and(eq(pickingTasks.whsId, whsId), eq(pickingTasks.taskNo, task.taskNo)));
    if (task.parentTaskNo !== null) await settleSplitTasks(tx, whsId, [task.parentTaskNo]);
    await settleWaves(tx, whsId, [task.waveNo]);
  }
  const work = await taskWork(tx, whsId, task.taskNo);
  const colors = await zoneColorsShown(tx, whsId);
  return colors ? { ...work, zone_colors: colors } : work;
}

// ---- the ops ----

/** What a task line op needs of its task: the kind, ongoing, the caller's. */
function assertTaskTakesOps(task: TaskRow, userId: number, kind: number): void {
  if (task.kind !== kind) throw badInput('task_no', `${taskLabel(task.taskNo)} is a ${(PICKING_TASK_KIND.label(task.kind)?.message ?? '').toLowerCase()} task.`);
  if (task.status !== T.ONGOING) {
    const next = task.status === T.PENDING || task.status === T.ASSIGNED ? 'claim it first' : 'nothing is left to do on it';
    throw new ApiError(RET.ILLEGAL_TRANSITION, `${taskLabel(task.taskNo)} is ${TASK_STATUS.label(task.status)?.message}: ${next}.`, { status: task.status }, 409);
  }
  if (task.assigneeId !== userId) throw new ApiError(RET.TASK_ASSIGNED_ELSEWHERE, `${taskLabel(task.taskNo)} is assigned to another operator.`, { assignee_id: task.assigneeId });
}

/** A line belongs to a picking task by its task number, to a reverse picking task by the task's order. */
function assertLineOf(task: TaskRow, alloc: AllocRow | undefined, allocId: number): asserts alloc is AllocRow {
  const belongs = alloc !== undefined && (task.kind === K.PICKING ? alloc.taskNo === task.taskNo : alloc.orderNo === task.orderNo);
  if (!belongs) throw notFound(`Line ${allocId} of task ${task.taskNo}`);
}

/** Locks what an op on a task line changes, in the lock order: the line's order, the task, the line. */
async function lockLine(tx: Db, whsId: string, userId: number, taskNo: string, allocId: number, kind: number): Promise<{ order: OrderRow; task: TaskRow; alloc: AllocRow }> {
  const [peek] = await tx.select({ orderNo: outboundAllocations.orderNo }).from(outboundAllocations)
    .where(and(eq(outboundAllocations.whsId, whsId), eq(outboundAllocations.allocId, allocId)));
  if (!peek) throw notFound(`Line ${allocId} of task ${taskNo}`);
  const order = await lockOrder(tx, whsId, peek.orderNo);
  const task = await lockTask(tx, whsId, taskNo);
  assertTaskTakesOps(task, userId, kind);
  const [alloc] = await tx.select().from(outboundAllocations)
    .where(and(eq(outboundAllocations.whsId, whsId), eq(outboundAllocations.allocId, allocId))).for('update');
  assertLineOf(task, alloc, allocId);
  return { order, task, alloc };
}

const balanceOf = (a: AllocRow): StockKey => ({ location: a.locationId, skuId: a.skuId, batchId: a.batchId, quality: a.quality as Quality });

async function bumpAlloc(tx: Db, whsId: string, allocId: number, set: Partial<Record<'pickedQty' | 'shortQty' | 'cancelledQty' | 'returnedQty', number>>): Promise<AllocRow> {
  const a = outboundAllocations;
  const [row] = await tx.update(a).set({
    ...(set.pickedQty ? { pickedQty: sql`${a.pickedQty} + ${set.pickedQty}` } : {}),
    ...(set.shortQty ? { shortQty: sql`${a.shortQty} + ${set.shortQty}` } : {}),
    ...(set.cancelledQty ? { cancelledQty: sql`${a.cancelledQty} + ${set.cancelledQty}` } : {}),
    ...(set.returnedQty ? { returnedQty: sql`${a.returnedQty} + ${set.returnedQty}` } : {}),
  }).where(and(eq(a.whsId, whsId), eq(a.allocId, allocId))).returning();
  return row!;
}

/** A task's figures and status, as an op leaves them (what its answer and the task's write need). */
type TaskFigures = Pick<TaskRow, 'taskNo' | 'status' | 'totalQty' | 'pickedQty' | 'shortQty' | 'containerCode' | 'waveNo' | 'parentTaskNo'>;

/** An open task whose every unit asked is picked or short is done (cancelled when nothing was left to ask). */
function settled<Task extends TaskFigures>(task: Task): Task {
  const open = task.status === T.PENDING || task.status === T.ASSIGNED || task.status === T.ONGOING;
  if (!open || task.totalQty !== task.pickedQty + task.shortQty) return task;
  return { ...task, status: task.totalQty === 0 ? T.CANCEL : T.DONE };
}

/**
 * Writes tasks' settled figures (locked by the caller) in one statement; a task whose every unit is
 * picked or short gets its finish time. Its container stays bound while it holds units (they wait in
 * it for the next step) and is free again once empty. Then the waves of the tasks whose status
 * moved (`statusBefore`: each task's status as locked): a wave's status follows only its tasks'
 * statuses, and every change of those settles it, so the others' waves are already settled.
 */
async function saveTasks(tx: Db, whsId: string, tasks: readonly TaskFigures[], statusBefore: ReadonlyMap<string, number>): Promise<void> {
  if (tasks.length === 0) return;
  // Every row in one parameter, as the ledger does.
  const rows = JSON.stringify(tasks.map((t) => ({ task_no: t.taskNo, status: t.status, total: t.totalQty, picked: t.pickedQty, short: t.shortQty })));
  await tx.execute(sql`update picking_tasks t set status = v.status, total_qty = v.total, picked_qty = v.picked, short_qty = v.short,
      finished_at = case when v.total = v.picked + v.short then coalesce(t.finished_at, now()) else t.finished_at end
    from jsonb_to_recordset(${rows}::jsonb) as v(task_no text, status smallint, total int, picked int, short int)
    where t.whs_id = ${whsId} and t.task_no = v.task_no`);
  await freeEmptyContainers(tx, whsId, tasks.filter((t) => t.status === T.DONE || t.status === T.CANCEL).flatMap((t) => (t.containerCode ? [t.containerCode] : [])));
  await settleSplitTasks(tx, whsId, tasks.flatMap((t) => (t.parentTaskNo ? [t.parentTaskNo] : [])));
  await openMergeTasks(tx, whsId, tasks, statusBefore);
  await settleWaves(tx, whsId, tasks.filter((t) => t.status !== statusBefore.get(t.taskNo)).map((t) => t.waveNo));
}

/**
 * Settles picking tasks after their lines changed other than by picks (a short pick, a released
 * order): their figures are summed from their lines again (asked less released, picked, short).
 * The tasks are locked first, so the sums see every pick committed on them before.
 */
async function settleTasks(tx: Db, whsId: string, taskNos: readonly string[]): Promise<Map<string, TaskFigures>> {
  const live = [...new Set(taskNos)];
  if (live.length === 0) return new Map();
  const rows = await tx.select().from(pickingTasks)
    .where(and(eq(pickingTasks.whsId, whsId), inArray(pickingTasks.taskNo, live), eq(pickingTasks.kind, K.PICKING)))
    .orderBy(sql`${pickingTasks.taskNo} collate "C"`).for('update');
  const a = outboundAllocations;
  const sums = await tx.select({
    taskNo: a.taskNo, totalQty: sql<number>`sum(${a.qty} - ${a.cancelledQty})::int`, pickedQty: sql<number>`sum(${a.pickedQty})::int`,
    shortQty: sql<number>`sum(${a.shortQty})::int`,
  }).from(a).where(and(eq(a.whsId, whsId), inArray(a.taskNo, live))).groupBy(a.taskNo);
  const sumOf = new Map(sums.map((s) => [s.taskNo!, s]));
  const tasks = rows.flatMap((t) => {
    const sum = sumOf.get(t.taskNo);
    return sum ? [settled({ ...t, totalQty: sum.totalQty, pickedQty: sum.pickedQty, shortQty: sum.shortQty })] : [];
  });
  await saveTasks(tx, whsId, tasks, new Map(rows.map((t) => [t.taskNo, t.status])));
  return new Map(tasks.map((t) => [t.taskNo, t]));
}

/** Frees containers whose task is over and that hold no units any more. */
export async function freeEmptyContainers(tx: Db, whsId: string, codes: readonly string[]): Promise<void> {
  if (codes.length === 0) return;
  await tx.execute(sql`update containers c set task_no = null
    where c.whs_id = ${whsId} and c.container_code in (${sql.join(codes.map((code) => sql`${code}`), sql`, `)}) and c.task_no is not null
      and not exists (select 1 from location_inventory li where li.whs_id = c.whs_id and li.location_id = c.container_code and li.onhand_qty > 0)
      and exists (select 1 from picking_tasks t where t.whs_id = c.whs_id and t.task_no = c.task_no and t.status in (${n(T.DONE)}, ${n(T.CANCEL)}))`);
}

function result(task: TaskFigures, order: Pick<OrderRow, 'orderNo' | 'status'>, alloc: AllocRow, message: string, reallocated: PickingLine[] = []): PickResult {
  return {
    task_no: task.taskNo, task_status: task.status, total_qty: task.totalQty, picked_qty: task.pickedQty, short_qty: task.shortQty,
    order_no: order.orderNo, order_status: order.status,
    line: { alloc_id: alloc.allocId, picked_qty: alloc.pickedQty, short_qty: alloc.shortQty, returned_qty: alloc.returnedQty },
    reallocated, message,
  };
}

export interface OpActor {
  userId: number;
  opId: string;
}

/** A pick: the line's units from its location into the task's container, their reservation released. */
export async function applyPick(tx: Db, whsId: string, actor: OpActor, p: PickPayload): Promise<PickResult> {
  return (await applyPicks(tx, whsId, actor.userId, [{ opId: actor.opId, pick: p }]))[0]!;
}

/** One pick op of a run. */
export interface PickOp {
  opId: string;
  pick: PickPayload;
}

/** Sums quantities by a key, keeping the first item of each key. */
function sumBy<Item extends { qty: number }>(items: readonly Item[], keyOf: (item: Item) => string): Item[] {
  const sums = new Map<string, Item>();
  for (const item of items) {
    const key = keyOf(item);
    const prior = sums.get(key);
    sums.set(key, prior ? { ...prior, qty: prior.qty + item.qty } : item);
  }
  return [...sums.values()];
}

/**
 * Applies picks of one user in order, with the effects and answers of each applied alone (a
 * device's replayed queue): locks the run's orders, tasks and lines once, in the lock order; checks
 * each pick against what the picks before it left; then writes everything at once — one ledger post
 * (picking 8, each pick under its op) that takes the pre-picked units and releases their
 * reservation, one statement for the lines, order lines and orders, one for the order logs, one for
 * the tasks, the waves of tasks whose status moved settled once. The tasks' figures move
 * by the units picked (a pick changes nothing else of them). A refusal of any pick is its ApiError
 * (the caller's transaction rolls back).
 */
export async function applyPicks(tx: Db, whsId: string, userId: number, ops: readonly PickOp[]): Promise<PickResult[]> {
  const a = outboundAllocations;
  const allocIds = [...new Set(ops.map((op) => op.pick.alloc_id))];
  // The lines' orders found and locked in one statement (a line never changes order); the lines themselves are locked after the tasks.
  const orderRows = await tx.select().from(salesOrders)
    .where(and(eq(salesOrders.whsId, whsId), inArray(salesOrders.orderNo, tx.select({ orderNo: a.orderNo }).from(a).where(and(eq(a.whsId, whsId), inArray(a.allocId, allocIds))))))
    .orderBy(sql`${salesOrders.orderNo} collate "C"`).for('update');
  const orders = new Map(orderRows.map((o) => [o.orderNo, o]));
  const taskRows = await tx.select().from(pickingTasks)
    .where(and(eq(pickingTasks.whsId, whsId), inArray(pickingTasks.taskNo, [...new Set(ops.map((op) => op.pick.task_no))])))
    .orderBy(sql`${pickingTasks.taskNo} collate "C"`).for('update');
  const allocRows = orderRows.length === 0 ? [] : await tx.select().from(a)
    .where(and(eq(a.whsId, whsId), inArray(a.allocId, allocIds))).orderBy(asc(a.allocId)).for('update');

  // What the picks before each one left.
  const tasks = new Map(taskRows.map((t) => [t.taskNo, t]));
  const allocs = new Map(allocRows.map((r) => [r.allocId, r]));
  const logs: OrderLogEntry[] = [];
  const postings: { moves: StockMove[]; ref: StockRef }[] = [];
  const picked: { allocId: number; orderNo: string; lineNo: number; qty: number }[] = [];
  const results: PickResult[] = [];
  for (const { opId, pick: p } of ops) {
    const orderNo = allocs.get(p.alloc_id)?.orderNo;
    if (orderNo === undefined) throw notFound(`Line ${p.alloc_id} of task ${p.task_no}`);
    const order = orders.get(orderNo);
    if (!order) throw notFound(orderLabel(orderNo));
    const task = tasks.get(p.task_no);
    if (!task) throw notFound(taskLabel(p.task_no));
    assertTaskTakesOps(task, userId, K.PICKING);
    const alloc = allocs.get(p.alloc_id);
    assertLineOf(task, alloc, p.alloc_id);
    if (p.location !== alloc.locationId) {
      throw new ApiError(RET.PICK_WRONG_SCAN, `Wrong location ${p.location}: this line is picked at ${alloc.locationId}.`, { expected: alloc.locationId, scanned: p.location });
    }
    if (p.sku_id !== alloc.skuId) throw new ApiError(RET.PICK_WRONG_SCAN, `Wrong SKU ${p.sku_id}: this line picks ${alloc.skuId}.`, { expected: alloc.skuId, scanned: p.sku_id });
    if (alloc.slotNo !== null && p.slot_no !== alloc.slotNo) {
      const scanned = p.slot_no ?? null;
      throw new ApiError(RET.PICK_WRONG_SCAN, scanned === null
        ? `Order ${alloc.orderNo} is sorted while picking: scan slot ${alloc.slotNo} of the cart for these units.`
        : `Wrong slot ${scanned}: the units of order ${alloc.orderNo} go into slot ${alloc.slotNo} of the cart.`, { expected_slot: alloc.slotNo, scanned_slot: scanned });
    }
    const remaining = remainingOf(alloc);
    if (p.qty > remaining) {
      throw new ApiError(RET.PICK_QTY_EXCEEDS, `Only ${remaining} of SKU ${alloc.skuId} left to pick at ${alloc.locationId} on this line.`, { remaining });
    }
    if (task.containerCode === null) throw new ApiError(RET.CONTAINER_UNUSABLE, `${taskLabel(task.taskNo)} has no container: scan one first.`, { task_no: task.taskNo });

    const from = balanceOf(alloc);
    picked.push({ allocId: alloc.allocId, orderNo, lineNo: alloc.lineNo, qty: p.qty });
    postings.push({
      moves: [{ txnType: INVENTORY_TRANSACTION_TYPE.values.PICKING, from, to: { location: task.containerCode, batchId: alloc.batchId, quality: from.quality }, qty: p.qty }],
      ref: { refType: INVENTORY_REF_TYPE.values.PICKING_TASK, refNo: task.taskNo, operatorId: userId, opId },
    });
    const allocAfter = { ...alloc, pickedQty: alloc.pickedQty + p.qty };
    allocs.set(alloc.allocId, allocAfter);
    let orderAfter = { ...order, pickedQty: order.pickedQty + p.qty };
    if (orderAfter.status === S.PICKING && orderAfter.pickedQty === orderAfter.totalQty) {
      assertTransition(orderLifecycle(order.orderType), orderLabel(orderNo), S.PICKING, S.PICKED);
      orderAfter = { ...orderAfter, status: S.PICKED };
      logs.push({ orderNo, from: S.PICKING, to: S.PICKED, note: 'Picked: every unit is in its container.' });
    }
    orders.set(orderNo, orderAfter);
    const taskAfter = settled({ ...task, pickedQty: task.pickedQty + p.qty });
    tasks.set(task.taskNo, taskAfter);
    const into = alloc.slotNo === null ? task.containerCode : `slot ${alloc.slotNo} of ${task.containerCode}`;
    results.push(result(taskAfter, orderAfter, allocAfter, `Picked ${p.qty} of SKU ${alloc.skuId} at ${alloc.locationId} into ${into}.`));
  }

  await movePrepickedMany(tx, whsId, postings);
  await addPicked(tx, whsId, picked, [...orders.values()]);
  await logOrders(tx, whsId, logs, userId);
  await saveTasks(tx, whsId, [...tasks.values()], new Map(taskRows.map((t) => [t.taskNo, t.status])));
  return results;
}

/**
 * Adds picked units to their lines and order lines, and writes the orders' picked figures and
 * statuses (locked by the caller), in one statement.
 */
async function addPicked(
  tx: Db, whsId: string, picks: readonly { allocId: number; orderNo: string; lineNo: number; qty: number }[], orders: readonly OrderRow[],
): Promise<void> {
  const byAlloc = JSON.stringify(sumBy(picks, (p) => String(p.allocId)).map((p) => ({ alloc_id: p.allocId, qty: p.qty })));
  const byLine = JSON.stringify(sumBy(picks, (p) => `${p.orderNo}\u0000${p.lineNo}`).map((p) => ({ order_no: p.orderNo, line_no: p.lineNo, qty: p.qty })));
  const byOrder = JSON.stringify(orders.map((o) => ({ order_no: o.orderNo, picked: o.pickedQty, status: o.status })));
  await tx.execute(sql`with allocs as (
      update outbound_allocations a set picked_qty = a.picked_qty + v.qty
      from jsonb_to_recordset(${byAlloc}::jsonb) as v(alloc_id bigint, qty int)
      where a.whs_id = ${whsId} and a.alloc_id = v.alloc_id
    ), lines as (
      update sales_order_lines l set picked_qty = l.picked_qty + v.qty
      from jsonb_to_recordset(${byLine}::jsonb) as v(order_no text, line_no smallint, qty int)
      where l.whs_id = ${whsId} and l.order_no = v.order_no and l.line_no = v.line_no
    )
    update sales_orders o set picked_qty = v.picked, status = v.status, updated_at = now()
    from jsonb_to_recordset(${byOrder}::jsonb) as v(order_no text, picked int, status smallint)
    where o.whs_id = ${whsId} and o.order_no = v.order_no`);
}

/**
 * Releases what is left of an order's lines on open tasks (its order failed or was cancelled) and
 * gives its picked units a reverse picking task. Returns that task's number (null when nothing was
 * picked) and the tasks touched. `sourceLocation`: where the picked units are when not in the containers
 * they were picked into — on the order once checked (cancel after checking), in its put wall slot once
 * sorted: the task takes them from there.
 */
export async function releaseOrder(
  tx: Db, whsId: string, actor: Actor, order: OrderRow, sourceLocation: string | null = null,
): Promise<{ reverseTaskNo: string | null; taskNos: string[] }> {
  const allocs = await tx.select().from(outboundAllocations)
    .where(and(eq(outboundAllocations.whsId, whsId), eq(outboundAllocations.orderNo, order.orderNo))).for('update');
  const open = allocs.filter((a) => remainingOf(a) > 0);
  if (open.length > 0) {
    await releasePrepick(tx, whsId, open.map((a) => ({ ...balanceOf(a), qty: remainingOf(a) })));
    await tx.execute(sql`update outbound_allocations a set cancelled_qty = a.qty - a.picked_qty - a.short_qty
      where a.whs_id = ${whsId} and a.order_no = ${order.orderNo} and a.qty > a.picked_qty + a.short_qty + a.cancelled_qty`);
    await changeAllocated(tx, whsId, open.map((a) => ({ orderNo: a.orderNo, lineNo: a.lineNo, qty: -remainingOf(a) })));
  }
  const taskNos = [...new Set(allocs.flatMap((a) => (a.taskNo ? [a.taskNo] : [])))];
  await settleTasks(tx, whsId, taskNos);
  const toReturn = allocs.reduce((sum, a) => sum + a.pickedQty - a.returnedQty, 0);
  if (toReturn === 0) return { reverseTaskNo: null, taskNos };
  const [existing] = await tx.select().from(pickingTasks).where(and(
    eq(pickingTasks.whsId, whsId), eq(pickingTasks.kind, K.REVERSE_PICKING), eq(pickingTasks.orderNo, order.orderNo), inArray(pickingTasks.status, [T.PENDING, T.ONGOING]),
  ));
  if (existing) return { reverseTaskNo: existing.taskNo, taskNos };
  const reverseTaskNo = await nextDocNo(tx, 'pickingTask', actor.timeZone);
  await tx.insert(pickingTasks).values({
    whsId, taskNo: reverseTaskNo, kind: K.REVERSE_PICKING, waveNo: null, orderNo: order.orderNo, orderType: order.orderType, status: T.PENDING,
    pickingType: 1, totalQty: toReturn, sourceLocation,
  });
  return { reverseTaskNo, taskNos };
}

/** What became of a short pick's count, for the exception's outcome. */
function countOutcome(count: LineCount, locationId: string, skuId: string): string {
  const blocked = 'The units stay blocked until it ends.';
  switch (count.outcome) {
    case 'made': return `Cycle count ${count.orderNo} (OB troubleshoot) counts SKU ${skuId} at ${locationId}. ${blocked}`;
    case 'covered': return `${locationId} is already in open cycle count ${count.orderNo}, which counts SKU ${skuId}: no second count. ${blocked}`;
    case 'elsewhere': return `${locationId} is in open cycle count ${count.orderNo}, which does not count SKU ${skuId}: no count raised. The units stay blocked until this exception is decided.`;
    case 'none': return `No cycle count raised (${count.reason}). The units stay blocked until this exception is decided.`;
  }
}

/**
 * A short pick: the units are not at the location (empty, damaged, fewer). They are released
 * and blocked there until counted — by a cycle count of source OB troubleshoot of the SKU there
 * (or the open count that already lists it), which releases them when it ends; else until the
 * exception is decided — an outbound exception is recorded, and the line's units are
 * re-allocated from other locations onto this task's route; when no stock is left the order
 * fails (pick fail), its other lines are released, its picked units get a reverse picking task, and
 * the wave goes on without it.
 */
export async function applyShortPick(tx: Db, whsId: string, actor: OpActor & Actor, p: ShortPickPayload): Promise<PickResult> {
  const { order, task, alloc } = await lockLine(tx, whsId, actor.userId, p.task_no, p.alloc_id, K.PICKING);
  const remaining = remainingOf(alloc);
  if (p.qty > remaining) throw new ApiError(RET.PICK_QTY_EXCEEDS, `Only ${remaining} of SKU ${alloc.skuId} are left on this line at ${alloc.locationId}.`, { remaining });
  const exceptionNo = await nextDocNo(tx, 'outboundException', actor.timeZone);
  const reasonName = SHORT_PICK_REASON.label(p.reason)?.message ?? String(p.reason);
  const key = balanceOf(alloc);
  await releasePrepick(tx, whsId, [{ ...key, qty: p.qty }]);
  const count = await countLine(tx, whsId, { locationId: alloc.locationId, skuId: alloc.skuId }, {
    source: CYCLE_COUNT_SOURCE.values.OB_TROUBLESHOOT, sourceRef: exceptionNo, createdBy: actor.userId,
  });
  // Held by the count that settles them (it releases them when it ends), else by the exception (its decision does).
  const settled = count.outcome === 'made' || count.outcome === 'covered';
  await lockStock(tx, whsId, [{ ...key, qty: p.qty }], {
    reason: `Short pick ${exceptionNo} (${reasonName.toLowerCase()}) on task ${task.taskNo}: count the location before it is picked again.`,
    operatorId: actor.userId, opId: actor.opId,
    ...(settled ? { refType: INVENTORY_REF_TYPE.values.CYCLE_COUNT, refNo: count.orderNo } : { refType: INVENTORY_REF_TYPE.values.OUTBOUND_EXCEPTION, refNo: exceptionNo }),
  });
  const shorted = await bumpAlloc(tx, whsId, alloc.allocId, { shortQty: p.qty });
  await changeAllocated(tx, whsId, [{ orderNo: order.orderNo, lineNo: alloc.lineNo, qty: -p.qty }]);

  // The same units from other locations, onto this task's route after its last stop.
  const strategy = strategyFor(await allocateRulesOf(tx, whsId), order);
  const candidates = (await candidatesFor(tx, whsId, demandOf([{ skuId: alloc.skuId, qty: p.qty }], [strategy]), alloc.locationId)).get(alloc.skuId) ?? [];
  const picks = choose(candidates, p.qty, new Map(), strategy);
  let outcome: string;
  let reallocated: PickingLine[] = [];
  let orderAfter: OrderRow;
  if (picks) {
    const [last] = await tx.select({ seq: sql<number>`coalesce(max(${outboundAllocations.seq}), 0)::int` }).from(outboundAllocations)
      .where(and(eq(outboundAllocations.whsId, whsId), eq(outboundAllocations.taskNo, task.taskNo)));
    const need = { orderNo: order.orderNo, lineNo: alloc.lineNo, skuId: alloc.skuId, qty: p.qty };
    // Sorting while picking: into the slot the order already has on this cart.
    const ids = await reserve(tx, whsId, [{ need, picks }], { taskNo: task.taskNo, seqFrom: Number(last!.seq), slotNo: alloc.slotNo });
    reallocated = await linesOf(tx, whsId, inArray(outboundAllocations.allocId, ids), false);
    outcome = `Re-allocated ${p.qty} from ${picks.map((pk) => `${pk.location} (${pk.qty})`).join(', ')}.`;
    [orderAfter] = await tx.select().from(salesOrders).where(and(eq(salesOrders.whsId, whsId), eq(salesOrders.orderNo, order.orderNo))) as [OrderRow];
    await logOrders(tx, whsId, [{
      orderNo: order.orderNo, from: order.status, to: order.status,
      note: `Short pick ${exceptionNo}: ${p.qty} of SKU ${alloc.skuId} missing at ${alloc.locationId} (${reasonName.toLowerCase()}). ${outcome}`,
    }], actor.userId);
  } else {
    // Where the SKU's stock went: the orders and tasks holding it now.
    const reason = await shortageReason(tx, whsId, alloc.skuId, p.qty);
    const failed = await moveOrder(tx, whsId, order, S.PICK_FAIL, `Pick failed: ${p.qty} of SKU ${alloc.skuId} short at ${alloc.locationId} (${reasonName.toLowerCase()}). ${reason}`, actor.userId, {
      holdReason: `${p.qty} of SKU ${alloc.skuId} short at ${alloc.locationId} (${reasonName.toLowerCase()}). ${reason}`,
    });
    const { reverseTaskNo } = await releaseOrder(tx, whsId, actor, failed);
    if (failed.waveNo) {
      await tx.execute(sql`update waves set detached_count = detached_count + 1 where whs_id = ${whsId} and wave_no = ${failed.waveNo}`);
    }
    outcome = `No other stock: order ${order.orderNo} failed and left its wave${reverseTaskNo ? `; its picked units go back with task ${reverseTaskNo}` : ''}. ${reason}`;
    orderAfter = failed;
  }
  await tx.insert(outboundExceptions).values({
    whsId, exceptionNo, reason: p.reason, locationId: alloc.locationId, skuId: alloc.skuId, batchId: alloc.batchId, qty: p.qty,
    taskNo: task.taskNo, orderNo: order.orderNo, outcome: `${outcome} ${countOutcome(count, alloc.locationId, alloc.skuId)}`, opId: actor.opId, operatorId: actor.userId,
  });
  const tasks = await settleTasks(tx, whsId, [task.taskNo]);
  const [line] = await tx.select().from(outboundAllocations).where(and(eq(outboundAllocations.whsId, whsId), eq(outboundAllocations.allocId, shorted.allocId)));
  return result(tasks.get(task.taskNo)!, orderAfter, line!, `Short ${p.qty} of SKU ${alloc.skuId} at ${alloc.locationId} (${exceptionNo}). ${outcome}`, reallocated);
}

/** Where a reverse picking task's line takes its units from: the task's source (the order), else the container the line was picked into. */
async function reverseSourceOf(tx: Db, whsId: string, task: TaskRow, alloc: AllocRow): Promise<{ location: string; container: boolean }> {
  if (task.sourceLocation !== null) return { location: task.sourceLocation, container: false };
  const [picking] = await tx.select({ containerCode: pickingTasks.containerCode }).from(pickingTasks)
    .where(and(eq(pickingTasks.whsId, whsId), eq(pickingTasks.taskNo, alloc.taskNo!)));
  if (!picking?.containerCode) throw notFound(`The container of task ${alloc.taskNo}`);
  return { location: picking.containerCode, container: true };
}

/**
 * Reverse picking: picked units of a cancelled or failed order back into a cell, from their container
 * or, for an order cancelled after checking, from the order.
 */
export async function applyReversePut(tx: Db, whsId: string, actor: OpActor, p: ReversePutPayload): Promise<PickResult> {
  const { order, task, alloc } = await lockLine(tx, whsId, actor.userId, p.task_no, p.alloc_id, K.REVERSE_PICKING);
  const left = alloc.pickedQty - alloc.returnedQty;
  if (p.qty > left) throw new ApiError(RET.PICK_QTY_EXCEEDS, `Only ${left} of SKU ${alloc.skuId} of this line are left to put back.`, { remaining: left });
  const source = await reverseSourceOf(tx, whsId, task, alloc);
  const [target] = await tx.select({ status: cells.status }).from(cells).where(and(eq(cells.whsId, whsId), eq(cells.locationCode, p.location)));
  if (target?.status !== LOCATION_STATUS.values.NORMAL) {
    throw new ApiError(RET.PUTAWAY_CELL_UNUSABLE, `${p.location} is not a normal cell: put the units back into a cell.`, { location: p.location });
  }
  await moveStock(tx, whsId, [{
    txnType: INVENTORY_TRANSACTION_TYPE.values.REVERSE, from: { location: source.location, skuId: alloc.skuId, batchId: alloc.batchId, quality: GOOD },
    to: { location: p.location, batchId: alloc.batchId, quality: GOOD }, qty: p.qty,
  }], { refType: INVENTORY_REF_TYPE.values.REVERSE_PICKING_TASK, refNo: task.taskNo, operatorId: actor.userId, opId: actor.opId });
  const after = await bumpAlloc(tx, whsId, alloc.allocId, { returnedQty: p.qty });
  const [taskAfter] = await tx.update(pickingTasks).set({
    pickedQty: sql`${pickingTasks.pickedQty} + ${p.qty}`,
    status: sql`case when ${pickingTasks.pickedQty} + ${p.qty} >= ${pickingTasks.totalQty} then ${n(T.DONE)} else ${pickingTasks.status} end`,
    finishedAt: sql`case when ${pickingTasks.pickedQty} + ${p.qty} >= ${pickingTasks.totalQty} then now() else null end`,
  }).where(and(eq(pickingTasks.whsId, whsId), eq(pickingTasks.taskNo, task.taskNo))).returning();
  if (source.container) await freeEmptyContainers(tx, whsId, [source.location]);
  return result(taskAfter!, order, after, `Put ${p.qty} of SKU ${alloc.skuId} back into ${p.location}.`);
}

