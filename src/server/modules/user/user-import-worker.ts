import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { USER_IMPORT_OUTCOME, USER_IMPORT_RETENTION_DAYS } from '../../../shared/contract/user-import.contract';
import { USER_ADMIN_ACTIONS } from '../../../shared/contract/userlist.contract';
import type { Db } from '../../db/client';
import { userImportRows, userImportTasks, users } from '../../db/schema';
import { defineImportQueue } from '../../common/import-queue';
import { TaskFailure } from '../../common/task-worker';
import { actorOf, type Actor } from '../../common/account-rules';
import { applyImportRow, importNames, type ImportCells } from './user-import';

/** The user import worker (an import queue of import-queue.ts): each row of the file creates or updates one account. */

const OUTCOME = USER_IMPORT_OUTCOME.values;
/** Rows read per query; each is still applied in a transaction of its own. */
const ROWS_PER_READ = 50;

export type UserImportTask = typeof userImportTasks.$inferSelect;

/** The uploader as the rules see them now: one who lost the import permission or was disabled since stops the task. */
async function uploaderOf(db: Db, task: UserImportTask): Promise<Actor> {
  const [user] = await db.select({ isSuperAdmin: users.isSuperAdmin, isActive: users.isActive }).from(users).where(eq(users.userId, task.userId));
  if (!user?.isActive) throw new TaskFailure('The uploader\'s account is disabled: the rest of the file was not applied.');
  const actor = await actorOf({ db, session: { userId: task.userId, isSuperAdmin: user.isSuperAdmin, whsId: task.whsId } });
  if (!actor.perms.has(USER_ADMIN_ACTIONS.importUsers)) {
    throw new TaskFailure(`The uploader no longer holds ${USER_ADMIN_ACTIONS.importUsers} here: the rest of the file was not applied.`);
  }
  return actor;
}

/** The task's counter of each outcome. */
const COUNT_KEY = { [OUTCOME.CREATED]: 'createdCount', [OUTCOME.UPDATED]: 'updatedCount', [OUTCOME.UNCHANGED]: 'unchangedCount', [OUTCOME.REFUSED]: 'refusedCount' } as const;

/** Rows applied, counted in the task: pending ones are the rest. */
const appliedCount = sql`${userImportTasks.createdCount} + ${userImportTasks.updatedCount} + ${userImportTasks.unchangedCount} + ${userImportTasks.refusedCount}`;

const r = userImportRows;

const userImportQueue = defineImportQueue({
  name: 'user-import',
  table: userImportTasks,
  retentionDays: USER_IMPORT_RETENTION_DAYS,
  items: 'rows',
  perRead: ROWS_PER_READ,
  // The warehouse's roles and departments are read with the uploader, so every read of rows sees them as they are now.
  prepare: async (db, task) => ({ actor: await uploaderOf(db, task), names: await importNames(db, task.whsId) }),
  pending: async (db, task, limit) => (await db.select({ rowNo: r.rowNo }).from(r)
    .where(and(eq(r.whsId, task.whsId), eq(r.taskId, task.taskId), isNull(r.outcome))).orderBy(asc(r.rowNo)).limit(limit))
    .map((row) => row.rowNo),
  applyItem: async (tx, task, { actor, names }, rowNo) => {
    const item = and(eq(r.whsId, task.whsId), eq(r.taskId, task.taskId), eq(r.rowNo, rowNo));
    const [row] = await tx.select({ cells: r.cells }).from(r).where(and(item, isNull(r.outcome))).for('update');
    if (!row) return null;
    const result = await applyImportRow(tx, actor, task.whsId, names, row.cells as ImportCells);
    await tx.update(r).set({ outcome: result.outcome, userId: result.userId, message: result.message }).where(item);
    return result;
  },
  counted: (result) => ({
    [COUNT_KEY[result.outcome]]: sql`${userImportTasks[COUNT_KEY[result.outcome]]} + 1`,
    progress: sql`least(99, (${appliedCount} + 1) * 100 / greatest(${userImportTasks.rowCount}, 1))`,
  }),
});

/** Applies up to `limit` of the task's rows not applied yet ('more', 'done' or 'lost'; import-queue.ts). */
export const applyUserImportRows = userImportQueue.applyNext;
export const claimUserImport = userImportQueue.claim;
/** Runs a claimed task to done or fail; a stop request puts it back in the queue, its applied rows kept. */
export const runUserImport = userImportQueue.runTask;
/** Runs queued imports until none is left (or `signal` stops it) and answers how many ran; tests call it to finish theirs. */
export const runPendingUserImports = userImportQueue.runPending;
export const purgeExpiredUserImports = userImportQueue.purgeExpired;
/** Polls for queued imports in this process (started by main.ts beside the export worker). */
export const startUserImportWorker = userImportQueue.start;
