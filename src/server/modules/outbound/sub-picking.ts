import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { PICKING_TASK_KIND, SUB_PICKING_SPLIT_BY, TASK_STATUS, type CodeOf } from '../../../shared/codes';
import type { PickingWork } from '../../../shared/contract/picking.contract';
import { SUB_TASKS_MAX, type SubPickingGroup, type SubPickingGroupDetail } from '../../../shared/contract/sub-picking.contract';
import { TASK_LIFECYCLE } from '../../../shared/lifecycles';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { outboundAllocations, pickingTasks, salesOrders, subPickingGroups, users } from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import { assertTransition } from '../../http/lifecycle';
import { nextDocNo, nextDocNos } from '../../common/doc-no';
import { unixSeconds } from '../../common/time';
import { taskOut, taskWork } from './picking';
import type { Actor } from './sales-order';
import { cutRoute } from './sub-picking-cut';

/**
 * Sub-picking: a supervisor splits a pending picking task into sub-picking tasks, each a
 * contiguous run of its route (cut by sub-picking-cut.ts) made an ordinary picking task of the same
 * wave and zone — its lines are the run's allocations, moved onto it with their place renumbered —
 * so the PDA claims and picks it as any other (picking.ts). The split task becomes Split: never
 * claimed, its figures its sub tasks' sum, done with them (sub-picking-hooks.ts). The split is a
 * sub-picking group (the group log's row). While no sub task has started it can be merged back.
 * Locks: the task's orders, the task, its allocations (the picking lock order); sub tasks before
 * the task they were split from.
 */

const T = TASK_STATUS.values;
const K = PICKING_TASK_KIND.values;
type TaskRow = typeof pickingTasks.$inferSelect;
const taskLabel = (taskNo: string) => `Picking task ${taskNo}`;

const notSplittable = (task: TaskRow, reason: string, message: string) =>
  new ApiError(RET.TASK_NOT_SPLITTABLE, message, { task_no: task.taskNo, status: task.status, reason });

/** Why a task cannot be split now, as the refusal; none when it can (pending, nobody's, a picking task, no sub task). */
function assertSplittable(task: TaskRow): void {
  const label = taskLabel(task.taskNo);
  if (task.kind !== K.PICKING) throw notSplittable(task, 'reverse', `${label} is a reverse picking task: only picking tasks are split.`);
  if (task.parentTaskNo !== null) throw notSplittable(task, 'sub_task', `${label} is a sub-picking task of ${task.parentTaskNo}: it is not split again.`);
  if (task.status === T.SPLIT) throw notSplittable(task, 'split', `${label} is split already: merge its sub-picking tasks back first.`);
  if (task.status === T.DONE || task.status === T.CANCEL) {
    throw notSplittable(task, 'finished', `${label} is ${TASK_STATUS.label(task.status)?.message ?? task.status}: nothing is left to split.`);
  }
  if (task.status !== T.PENDING || task.assigneeId !== null || task.startedAt !== null) {
    throw notSplittable(task, 'started', `${label} has started: only a task nobody has claimed is split.`);
  }
}

/** Locks a task and its orders in the lock order: the orders of its lines first, then the task. */
async function lockTaskWithOrders(tx: Db, whsId: string, taskNos: readonly string[]): Promise<Map<string, TaskRow>> {
  const a = outboundAllocations;
  await tx.select({ orderNo: salesOrders.orderNo }).from(salesOrders)
    .where(and(eq(salesOrders.whsId, whsId), inArray(salesOrders.orderNo, tx.selectDistinct({ orderNo: a.orderNo }).from(a).where(and(eq(a.whsId, whsId), inArray(a.taskNo, [...taskNos]))))))
    .orderBy(sql`${salesOrders.orderNo} collate "C"`).for('update');
  const rows = await tx.select().from(pickingTasks).where(and(eq(pickingTasks.whsId, whsId), inArray(pickingTasks.taskNo, [...taskNos])))
    .orderBy(sql`${pickingTasks.taskNo} collate "C"`).for('update');
  return new Map(rows.map((t) => [t.taskNo, t]));
}

/**
 * Splits a pending picking task into sub-picking tasks (the caller's transaction): by pickers or by
 * units per sub task. -289401 when it cannot be split, -289402 when the split would not make 2 to
 * SUB_TASKS_MAX sub tasks.
 */
export async function splitTask(
  tx: Db, whsId: string, actor: Actor, taskNo: string, splitBy: CodeOf<typeof SUB_PICKING_SPLIT_BY>, splitValue: number,
): Promise<SubPickingGroupDetail> {
  const task = (await lockTaskWithOrders(tx, whsId, [taskNo])).get(taskNo);
  if (!task) throw notFound(taskLabel(taskNo));
  assertSplittable(task);
  const a = outboundAllocations;
  const stops = await tx.select().from(a).where(and(eq(a.whsId, whsId), eq(a.taskNo, taskNo))).orderBy(asc(a.seq), asc(a.allocId)).for('update');
  const units = stops.map((s) => s.qty - s.pickedQty - s.shortQty - s.cancelledQty);
  const runs = cutRoute(units, splitBy, splitValue);
  const liveStops = units.filter((u) => u > 0).length;
  if (!runs || runs.length > SUB_TASKS_MAX) {
    const asked = splitBy === SUB_PICKING_SPLIT_BY.values.PICKERS ? `${splitValue} pickers` : `${splitValue} units per sub task`;
    throw new ApiError(
      RET.SPLIT_SIZE_INVALID,
      `${taskLabel(taskNo)} has ${liveStops} stops and ${task.totalQty} units: split into ${asked} it would not make 2 to ${SUB_TASKS_MAX} sub-picking tasks of whole stops.`,
      { stops: liveStops, total_qty: task.totalQty },
    );
  }
  assertTransition(TASK_LIFECYCLE, taskLabel(taskNo), T.PENDING, T.SPLIT);
  const groupId = await nextDocNo(tx, 'subPickingGroup', actor.timeZone);
  const subTaskNos = await nextDocNos(tx, 'pickingTask', actor.timeZone, runs.length);
  await tx.insert(subPickingGroups).values({
    whsId, groupId, parentTaskNo: taskNo, waveNo: task.waveNo, zoneId: task.zoneId, splitBy, splitValue, subTaskCount: runs.length,
    totalQty: task.totalQty, createdBy: actor.userId,
  });
  await tx.insert(pickingTasks).values(runs.map((run, r) => ({
    whsId, taskNo: subTaskNos[r]!, kind: K.PICKING, waveNo: task.waveNo, orderNo: task.orderNo, zoneId: task.zoneId, status: T.PENDING,
    pickingType: task.pickingType, orderType: task.orderType, parentTaskNo: taskNo, subPickingGroupId: groupId,
    totalQty: run.reduce((sum, i) => sum + stops[i]!.qty - stops[i]!.cancelledQty, 0),
  })));
  const placed = runs.flatMap((run, r) => run.map((i, place) => ({ alloc_id: stops[i]!.allocId, task_no: subTaskNos[r]!, seq: place + 1 })));
  await tx.execute(sql`update outbound_allocations a set task_no = v.task_no, seq = v.seq
    from jsonb_to_recordset(${JSON.stringify(placed)}::jsonb) as v(alloc_id bigint, task_no text, seq int)
    where a.whs_id = ${whsId} and a.alloc_id = v.alloc_id`);
  await tx.update(pickingTasks).set({ status: T.SPLIT }).where(and(eq(pickingTasks.whsId, whsId), eq(pickingTasks.taskNo, taskNo)));
  return groupDetail(tx, whsId, groupId);
}

/**
 * Merges a split back while none of its sub tasks has started: the stops return to the split task
 * in route order (the sub tasks' order, then each one's), the sub tasks are removed, the task is
 * pending again and the group cancelled.
 */
export async function mergeGroup(tx: Db, whsId: string, groupId: string): Promise<SubPickingGroupDetail> {
  const [group] = await tx.select().from(subPickingGroups).where(and(eq(subPickingGroups.whsId, whsId), eq(subPickingGroups.groupId, groupId)));
  if (!group) throw notFound(`Sub-picking group ${groupId}`);
  const subNos = (await tx.select({ taskNo: pickingTasks.taskNo }).from(pickingTasks)
    .where(and(eq(pickingTasks.whsId, whsId), eq(pickingTasks.subPickingGroupId, groupId)))).map((t) => t.taskNo);
  // The sub tasks before the split task, as a pick on a sub task settles them (sub-picking-hooks.ts).
  const tasks = await lockTaskWithOrders(tx, whsId, subNos);
  const parent = (await lockTaskWithOrders(tx, whsId, [group.parentTaskNo])).get(group.parentTaskNo)!;
  const subs = subNos.map((no) => tasks.get(no)!).sort((x, y) => (x.taskNo < y.taskNo ? -1 : 1));
  const started = subs.find((t) => t.status !== T.PENDING || t.assigneeId !== null);
  if (parent.status !== T.SPLIT || group.status !== T.PENDING || subs.length === 0 || started) {
    throw notSplittable(parent, 'sub_task_started', started
      ? `Sub-picking task ${started.taskNo} of group ${groupId} has started: the split cannot be merged back.`
      : `Sub-picking group ${groupId} is over: nothing to merge back.`);
  }
  const a = outboundAllocations;
  const stops = await tx.select({ allocId: a.allocId, taskNo: a.taskNo, seq: a.seq }).from(a)
    .where(and(eq(a.whsId, whsId), inArray(a.taskNo, subNos))).for('update');
  const rank = new Map(subs.map((t, i) => [t.taskNo, i]));
  stops.sort((x, y) => rank.get(x.taskNo!)! - rank.get(y.taskNo!)! || (x.seq ?? 0) - (y.seq ?? 0) || x.allocId - y.allocId);
  const placed = stops.map((s, i) => ({ alloc_id: s.allocId, seq: i + 1 }));
  await tx.execute(sql`update outbound_allocations a set task_no = ${parent.taskNo}, seq = v.seq
    from jsonb_to_recordset(${JSON.stringify(placed)}::jsonb) as v(alloc_id bigint, seq int)
    where a.whs_id = ${whsId} and a.alloc_id = v.alloc_id`);
  await tx.delete(pickingTasks).where(and(eq(pickingTasks.whsId, whsId), inArray(pickingTasks.taskNo, subNos)));
  assertTransition(TASK_LIFECYCLE, taskLabel(parent.taskNo), T.SPLIT, T.PENDING);
  await tx.update(pickingTasks).set({ status: T.PENDING }).where(and(eq(pickingTasks.whsId, whsId), eq(pickingTasks.taskNo, parent.taskNo)));
  await tx.update(subPickingGroups).set({ status: T.CANCEL, finishedAt: sql`now()` })
    .where(and(eq(subPickingGroups.whsId, whsId), eq(subPickingGroups.groupId, groupId)));
  return groupDetail(tx, whsId, groupId);
}

function groupOut(g: typeof subPickingGroups.$inferSelect, createdByName: string | null): SubPickingGroup {
  return {
    group_id: g.groupId, parent_task_no: g.parentTaskNo, wave_no: g.waveNo, zone_id: g.zoneId, split_by: g.splitBy, split_value: g.splitValue,
    sub_task_count: g.subTaskCount, total_qty: g.totalQty, status: g.status, created_by: g.createdBy, created_by_name: createdByName,
    created_at: unixSeconds(g.createdAt)!, finished_at: unixSeconds(g.finishedAt),
  };
}

/** A group, its split task and its sub tasks (route order: they were numbered in it), each with its picker and number of stops. */
export async function groupDetail(db: Db, whsId: string, groupId: string): Promise<SubPickingGroupDetail> {
  const [found] = await db.select({ group: subPickingGroups, name: users.displayName }).from(subPickingGroups)
    .leftJoin(users, eq(users.userId, subPickingGroups.createdBy))
    .where(and(eq(subPickingGroups.whsId, whsId), eq(subPickingGroups.groupId, groupId)));
  if (!found) throw notFound(`Sub-picking group ${groupId}`);
  const withPicker = (where: ReturnType<typeof and>) => db.select({
    task: pickingTasks, assigneeName: users.displayName,
    stops: sql<number>`(select count(*) from outbound_allocations a where a.whs_id = ${pickingTasks.whsId} and a.task_no = ${pickingTasks.taskNo})::int`,
  }).from(pickingTasks).leftJoin(users, eq(users.userId, pickingTasks.assigneeId)).where(and(eq(pickingTasks.whsId, whsId), where))
    .orderBy(sql`${pickingTasks.taskNo} collate "C"`);
  const [[parent], subs] = await Promise.all([
    withPicker(eq(pickingTasks.taskNo, found.group.parentTaskNo)),
    withPicker(eq(pickingTasks.subPickingGroupId, groupId)),
  ]);
  return {
    group: groupOut(found.group, found.name),
    parent: taskOut(parent!.task, parent!.assigneeName),
    sub_tasks: subs.map((s) => ({ ...taskOut(s.task, s.assigneeName), stop_count: Number(s.stops) })),
  };
}

/** A sub-picking task with its lines; -100404 for a task that is none. */
export async function subTaskWork(db: Db, whsId: string, taskNo: string): Promise<PickingWork> {
  const work = await taskWork(db, whsId, taskNo);
  if (work.task.parent_task_no === null) throw notFound(`Sub-picking task ${taskNo}`);
  return work;
}
