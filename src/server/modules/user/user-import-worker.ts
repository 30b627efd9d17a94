import { TransactionRollbackError, and, asc, eq, isNull, sql } from 'drizzle-orm';
import { USER_IMPORT_OUTCOME, USER_IMPORT_RETENTION_DAYS } from '../../../shared/contract/user-import.contract';
import { USER_ADMIN_ACTIONS } from '../../../shared/contract/userlist.contract';
import type { Db } from '../../db/client';
import { userImportRows, userImportTasks, users } from '../../db/schema';
import { TASK_MAX_ATTEMPTS, TaskFailure, defineTaskQueue, type TaskDone } from '../../common/task-worker';
import { actorOf, type Actor } from './user-admin';
import { applyImportRow, importNames, type ImportCells } from './user-import';

/**
 * The user import worker (a task queue of task-worker.ts). Unlike an export it resumes where it
 * stopped: each row is applied, recorded and counted in one transaction, so a row is never
 * applied twice and a claimed-again task goes on with the rest.
 */

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

/**
 * Applies up to `limit` of the task's rows not applied yet, in file order, each in a transaction
 * with its outcome and the task's counts and progress (99 at most until the task is finished).
 * Answers 'more' while rows remain, 'done' when none do, 'lost' when the task is no longer this
 * claim's. The uploader's permissions and the warehouse's roles and departments are read first,
 * so every batch sees them as they are now.
 */
export async function applyUserImportRows(db: Db, task: UserImportTask, limit: number): Promise<'more' | 'done' | 'lost'> {
  const actor = await uploaderOf(db, task);
  const names = await importNames(db, task.whsId);
  const pending = await db.select({ rowNo: userImportRows.rowNo }).from(userImportRows)
    .where(and(eq(userImportRows.whsId, task.whsId), eq(userImportRows.taskId, task.taskId), isNull(userImportRows.outcome)))
    .orderBy(asc(userImportRows.rowNo)).limit(limit + 1);
  for (const { rowNo } of pending.slice(0, limit)) {
    const stillOurs = await db.transaction(async (tx) => {
      // The row, locked and still not applied: a worker that lost its claim never applies it twice.
      const [row] = await tx.select({ cells: userImportRows.cells }).from(userImportRows)
        .where(and(eq(userImportRows.whsId, task.whsId), eq(userImportRows.taskId, task.taskId), eq(userImportRows.rowNo, rowNo), isNull(userImportRows.outcome)))
        .for('update');
      if (!row) return true;
      const result = await applyImportRow(tx, actor, task.whsId, names, row.cells as ImportCells);
      await tx.update(userImportRows).set({ outcome: result.outcome, userId: result.userId, message: result.message })
        .where(and(eq(userImportRows.whsId, task.whsId), eq(userImportRows.taskId, task.taskId), eq(userImportRows.rowNo, rowNo)));
      const alive = await userImportQueue.heartbeat(tx, task, {
        [COUNT_KEY[result.outcome]]: sql`${userImportTasks[COUNT_KEY[result.outcome]]} + 1`,
        progress: sql`least(99, (${appliedCount} + 1) * 100 / greatest(${userImportTasks.rowCount}, 1))`,
      });
      if (!alive) tx.rollback(); // claimed again by another worker after a stall: theirs now
      return true;
    }).catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return false;
      throw error;
    });
    if (!stillOurs) return 'lost';
  }
  return pending.length > limit ? 'more' : 'done';
}

/** Applies the rest of a claimed task's rows, ROWS_PER_READ at a time. */
async function applyRest(db: Db, task: UserImportTask, signal: AbortSignal | undefined): Promise<'stopped' | 'lost' | TaskDone<typeof userImportTasks>> {
  for (;;) {
    if (signal?.aborted) return 'stopped'; // the next worker goes on from the first row not applied
    const step = await applyUserImportRows(db, task, ROWS_PER_READ);
    if (step !== 'more') return step === 'lost' ? step : {};
  }
}

const userImportQueue = defineTaskQueue({
  name: 'user-import',
  table: userImportTasks,
  retentionDays: USER_IMPORT_RETENTION_DAYS,
  resumes: true,
  messages: {
    stoppedTooOften: `The import stopped unexpectedly ${TASK_MAX_ATTEMPTS} times; the rows not applied are marked so in the result file.`,
    unexpected: 'The import failed unexpectedly. Please try again; if it persists, contact support.',
  },
  run: applyRest,
});

export const claimUserImport = userImportQueue.claim;
/** Runs a claimed task to done or fail; a stop request puts it back in the queue, its applied rows kept. */
export const runUserImport = userImportQueue.runTask;
/** Runs queued imports until none is left (or `signal` stops it) and answers how many ran; tests call it to finish theirs. */
export const runPendingUserImports = userImportQueue.runPending;
export const purgeExpiredUserImports = userImportQueue.purgeExpired;
/** Polls for queued imports in this process (started by main.ts beside the export worker). */
export const startUserImportWorker = userImportQueue.start;
