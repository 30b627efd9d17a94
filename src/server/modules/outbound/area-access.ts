import { and, eq, inArray } from 'drizzle-orm';
import { OUTBOUND_ORDER_TYPE } from '../../../shared/codes';
import { checkAccessOf, pickAccessOf, type OutboundOrderType } from '../../../shared/contract/area-access';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { checkingTasks, pickingTasks } from '../../db/schema';
import { ApiError } from '../../http/errors';

/**
 * The per-record half of the shared engines' permissions (shared/contract/area-access.ts): the
 * ops let in anyone holding one area's permission; here, before anything is written, a task of
 * another area is refused (-100406, naming the permission it needs). A refused op is a recorded
 * business rejection. An unknown task is left to the engine (its own not-found).
 */

const typeName = (orderType: number) => OUTBOUND_ORDER_TYPE.label(orderType)?.message ?? `type ${orderType}`;

function refused(work: 'Picking' | 'Checking', taskNo: string, orderType: number, perm: string | null): ApiError {
  const needs = perm === null ? `${typeName(orderType)} orders are never ${work === 'Checking' ? 'checked' : 'picked'}` : `it needs the permission ${perm}`;
  return new ApiError(
    RET.PERMISSION_DENIED,
    `${work} task ${taskNo} is of a ${typeName(orderType)} order: ${needs}, which you do not have in this warehouse.`,
    { perm, task_no: taskNo, order_type: orderType },
    403,
  );
}

/** Refuses when the user may not pick one of the picking tasks (by each task's order type). */
export async function assertMayPick(tx: Db, whsId: string, perms: ReadonlySet<string>, taskNos: readonly string[]): Promise<void> {
  const tasks = await tx.select({ taskNo: pickingTasks.taskNo, orderType: pickingTasks.orderType }).from(pickingTasks)
    .where(and(eq(pickingTasks.whsId, whsId), inArray(pickingTasks.taskNo, [...new Set(taskNos)])));
  for (const t of tasks) {
    const { perm } = pickAccessOf(t.orderType as OutboundOrderType);
    if (!perms.has(perm)) throw refused('Picking', t.taskNo, t.orderType, perm);
  }
}

/** Refuses when the user may not check the checking task (by its order type). */
export async function assertMayCheck(tx: Db, whsId: string, perms: ReadonlySet<string>, taskNo: string): Promise<void> {
  const [task] = await tx.select({ orderType: checkingTasks.orderType }).from(checkingTasks)
    .where(and(eq(checkingTasks.whsId, whsId), eq(checkingTasks.taskNo, taskNo)));
  if (!task) return;
  const access = checkAccessOf(task.orderType as OutboundOrderType);
  if (access === null || !perms.has(access.perm)) throw refused('Checking', taskNo, task.orderType, access?.perm ?? null);
}
