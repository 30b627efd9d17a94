import { and, asc, eq, sql } from 'drizzle-orm';
import { TASK_STATUS } from '../../../shared/codes';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { pickingTasks } from '../../db/schema';
import { ApiError } from '../../http/errors';

/**
 * The two places the picking flow meets sub-picking (picking.ts calls them; splitting itself is
 * sub-picking.ts). A claim: a split task is never claimed (its sub tasks are), and Task Picking
 * claims only sub tasks. Settling: what a split task and its sub-picking group follow from its sub tasks, written wherever sub
 * tasks change (picking.ts: their saved figures, a claim): the split task's figures are the sum of
 * its sub tasks' and it is done once every sub task is done or cancelled (cancelled when all were);
 * the group is pending, ongoing once a sub task starts, then done (or cancelled) with them.
 */

const T = TASK_STATUS.values;
/** A code constant written into a statement as a literal, typed as the column it is compared with or set to. */
const n = (code: number) => sql.raw(String(code));
const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/**
 * Settles split tasks (`parentTaskNos`) and their groups after their sub tasks changed. The split
 * tasks are locked first, in key order, in a statement of their own: the sums that follow are read
 * after the lock, so they see every sub task committed by another picker meanwhile.
 */
export async function settleSplitTasks(tx: Db, whsId: string, parentTaskNos: readonly string[]): Promise<void> {
  const parents = [...new Set(parentTaskNos)];
  if (parents.length === 0) return;
  await tx.execute(sql`select task_no from picking_tasks where whs_id = ${whsId} and task_no in (${list(parents)})
    order by task_no collate "C" for update`);
  await tx.execute(sql`update picking_tasks p set total_qty = s.total, picked_qty = s.picked, short_qty = s.short,
      status = case when s.open > 0 then ${n(T.SPLIT)} when s.done > 0 then ${n(T.DONE)} else ${n(T.CANCEL)} end,
      finished_at = case when s.open = 0 then coalesce(p.finished_at, now()) else null end
    from (select t.parent_task_no, sum(t.total_qty)::int as total, sum(t.picked_qty)::int as picked, sum(t.short_qty)::int as short,
            count(*) filter (where t.status not in (${n(T.DONE)}, ${n(T.CANCEL)}))::int as open,
            count(*) filter (where t.status = ${n(T.DONE)})::int as done
          from picking_tasks t where t.whs_id = ${whsId} and t.parent_task_no in (${list(parents)}) group by t.parent_task_no) s
    where p.whs_id = ${whsId} and p.task_no = s.parent_task_no and p.status = ${n(T.SPLIT)}`);
  await tx.execute(sql`update sub_picking_groups g set
      status = case when s.open > 0 then (case when s.started > 0 then ${n(T.ONGOING)} else ${n(T.PENDING)} end)
        when s.done > 0 then ${n(T.DONE)} else ${n(T.CANCEL)} end,
      finished_at = case when s.open = 0 then coalesce(g.finished_at, now()) else null end
    from (select t.sub_picking_group_id, count(*) filter (where t.status not in (${n(T.DONE)}, ${n(T.CANCEL)}))::int as open,
            count(*) filter (where t.status <> ${n(T.PENDING)})::int as started, count(*) filter (where t.status = ${n(T.DONE)})::int as done
          from picking_tasks t where t.whs_id = ${whsId} and t.parent_task_no in (${list(parents)}) group by t.sub_picking_group_id) s
    where g.whs_id = ${whsId} and g.group_id = s.sub_picking_group_id`);
}

/** Refuses a claim of a split task (its sub tasks are picked instead) and, on Task Picking (`subPickingOnly`), of a task that is no sub task. */
export async function assertClaimable(tx: Db, whsId: string, task: typeof pickingTasks.$inferSelect, subPickingOnly: boolean): Promise<void> {
  if (task.status === T.SPLIT) {
    const subs = await tx.select({ taskNo: pickingTasks.taskNo, groupId: pickingTasks.subPickingGroupId }).from(pickingTasks)
      .where(and(eq(pickingTasks.whsId, whsId), eq(pickingTasks.parentTaskNo, task.taskNo))).orderBy(asc(pickingTasks.taskNo));
    const subTaskNos = subs.map((s) => s.taskNo);
    throw new ApiError(
      RET.TASK_SPLIT, `Picking task ${task.taskNo} is split into sub-picking tasks ${subTaskNos.join(', ')}: pick one of those.`,
      { task_no: task.taskNo, sub_task_nos: subTaskNos, group_id: subs[0]?.groupId ?? null },
    );
  }
  if (subPickingOnly && task.parentTaskNo === null) {
    throw new ApiError(RET.NOT_SUB_PICKING_TASK, `Task ${task.taskNo} is not a sub-picking task: pick it on the Picking screen.`, { task_no: task.taskNo });
  }
}
