import { TransactionRollbackError, and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { EXPORT_TASK_STATUS } from '../../../shared/codes';
import { USER_IMPORT_OUTCOME, USER_IMPORT_RETENTION_DAYS } from '../../../shared/contract/user-import.contract';
import { USER_ADMIN_ACTIONS } from '../../../shared/contract/userlist.contract';
import type { Db } from '../../db/client';
import { userImportRows, userImportTasks, users } from '../../db/schema';
import { startTaskWorker, type TaskWorker } from '../report/task-worker';
import { actorOf, type Actor } from './user-admin';
import { applyImportRow, importNames, type ImportCells, type ImportNames } from './user-import';

/**
 * The user import worker: like the export worker, any process runs it, each claiming one pending
 * task at a time with FOR UPDATE SKIP LOCKED; progress writes are the heartbeat, and a task whose
 * worker died (no heartbeat for LEASE_MINUTES) is claimed again, up to MAX_ATTEMPTS times. Unlike
 * an export it resumes where it stopped: each row is applied, recorded and counted in one
 * transaction, so a row is never applied twice and a claimed-again task goes on with the rest.
 */

const STATUS = EXPORT_TASK_STATUS.values;
const OUTCOME = USER_IMPORT_OUTCOME.values;
const LEASE_MINUTES = 5;
const MAX_ATTEMPTS = 3;
/** Rows read per query; each is still applied in a transaction of its own. */
const ROWS_PER_READ = 50;

export type UserImportTask = typeof userImportTasks.$inferSelect;

/** A failure the uploader should read as it is. */
class ImportFailure extends Error {}

/** Claims the oldest runnable task (pending, or ongoing with a dead worker), or null. */
export async function claimUserImport(db: Db): Promise<UserImportTask | null> {
  const next = db.select({ whsId: userImportTasks.whsId, taskId: userImportTasks.taskId }).from(userImportTasks)
    .where(or(
      eq(userImportTasks.status, STATUS.PENDING),
      and(eq(userImportTasks.status, STATUS.ONGOING), lt(userImportTasks.updatedAt, sql`now() - make_interval(mins => ${LEASE_MINUTES})`)),
    ))
    .orderBy(asc(userImportTasks.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [task] = await db.update(userImportTasks)
    .set({ status: STATUS.ONGOING, attempts: sql`${userImportTasks.attempts} + 1`, updatedAt: sql`now()` })
    .where(sql`(${userImportTasks.whsId}, ${userImportTasks.taskId}) = (${next})`)
    .returning();
  return task ?? null;
}

/** Conditions that the task is still this claim's: a reclaimed task's earlier worker stops writing. */
const ours = (task: UserImportTask) => and(
  eq(userImportTasks.whsId, task.whsId), eq(userImportTasks.taskId, task.taskId),
  eq(userImportTasks.status, STATUS.ONGOING), eq(userImportTasks.attempts, task.attempts),
);

/** The uploader as the rules see them now: one who lost the import permission or was disabled since stops the task. */
async function uploaderOf(db: Db, task: UserImportTask): Promise<Actor> {
  const [user] = await db.select({ isSuperAdmin: users.isSuperAdmin, isActive: users.isActive }).from(users).where(eq(users.userId, task.userId));
  if (!user?.isActive) throw new ImportFailure('The uploader\'s account is disabled: the rest of the file was not applied.');
  const actor = await actorOf({ db, session: { userId: task.userId, isSuperAdmin: user.isSuperAdmin, whsId: task.whsId } });
  if (!actor.perms.has(USER_ADMIN_ACTIONS.importUsers)) {
    throw new ImportFailure(`The uploader no longer holds ${USER_ADMIN_ACTIONS.importUsers} here: the rest of the file was not applied.`);
  }
  return actor;
}

const COUNT_OF = {
  [OUTCOME.CREATED]: userImportTasks.createdCount,
  [OUTCOME.UPDATED]: userImportTasks.updatedCount,
  [OUTCOME.UNCHANGED]: userImportTasks.unchangedCount,
  [OUTCOME.REFUSED]: userImportTasks.refusedCount,
} as const;
const COUNT_KEY = { [OUTCOME.CREATED]: 'createdCount', [OUTCOME.UPDATED]: 'updatedCount', [OUTCOME.UNCHANGED]: 'unchangedCount', [OUTCOME.REFUSED]: 'refusedCount' } as const;

/** Rows applied, counted in the task: pending ones are the rest. */
const appliedCount = sql`${userImportTasks.createdCount} + ${userImportTasks.updatedCount} + ${userImportTasks.unchangedCount} + ${userImportTasks.refusedCount}`;

/**
 * Applies up to `limit` of the task's rows not applied yet, in file order, each in a transaction
 * with its outcome and the task's counts and progress (99 at most until the task is finished).
 * Answers 'more' while rows remain, 'done' when none do, 'lost' when the task is no longer this
 * claim's. `context` is read once per run (the uploader's permissions, the warehouse's names).
 */
export async function applyUserImportRows(
  db: Db, task: UserImportTask, limit: number, context?: { actor: Actor; names: ImportNames },
): Promise<'more' | 'done' | 'lost'> {
  const { actor, names } = context ?? { actor: await uploaderOf(db, task), names: await importNames(db, task.whsId) };
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
      const result = await applyImportRow(tx as unknown as Db, actor, task.whsId, names, row.cells as ImportCells);
      await tx.update(userImportRows).set({ outcome: result.outcome, userId: result.userId, message: result.message })
        .where(and(eq(userImportRows.whsId, task.whsId), eq(userImportRows.taskId, task.taskId), eq(userImportRows.rowNo, rowNo)));
      const [alive] = await tx.update(userImportTasks).set({
        [COUNT_KEY[result.outcome]]: sql`${COUNT_OF[result.outcome]} + 1`,
        progress: sql`least(99, (${appliedCount} + 1) * 100 / greatest(${userImportTasks.rowCount}, 1))`,
        updatedAt: sql`now()`,
      }).where(ours(task)).returning({ taskId: userImportTasks.taskId });
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

async function finish(db: Db, task: UserImportTask, failure?: string) {
  await db.update(userImportTasks)
    .set(failure === undefined
      ? { status: STATUS.DONE, progress: 100, updatedAt: sql`now()`, finishedAt: sql`now()` }
      : { status: STATUS.FAIL, errorMessage: failure.slice(0, 1000), updatedAt: sql`now()`, finishedAt: sql`now()` })
    .where(ours(task));
}

/** Runs a claimed task to done or fail; a stop request puts it back in the queue, its applied rows kept. */
export async function runUserImport(db: Db, task: UserImportTask, signal?: AbortSignal): Promise<void> {
  if (task.attempts > MAX_ATTEMPTS) {
    await finish(db, task, `The import stopped unexpectedly ${MAX_ATTEMPTS} times; the rows not applied are marked so in the result file.`);
    return;
  }
  try {
    const context = { actor: await uploaderOf(db, task), names: await importNames(db, task.whsId) };
    for (;;) {
      if (signal?.aborted) {
        // Shutting down: the next worker goes on from the first row not applied (this claim does not count).
        await db.update(userImportTasks).set({ status: STATUS.PENDING, attempts: sql`${userImportTasks.attempts} - 1` }).where(ours(task));
        return;
      }
      const step = await applyUserImportRows(db, task, ROWS_PER_READ, context);
      if (step === 'lost') return;
      if (step === 'done') break;
    }
    await finish(db, task);
  } catch (error) {
    if (error instanceof ImportFailure) {
      await finish(db, task, error.message);
    } else {
      console.error(`[user-import] task ${task.whsId}/${task.taskId} failed:`, error);
      await finish(db, task, 'The import failed unexpectedly. Please try again; if it persists, contact support.');
    }
  }
}

/** Runs queued imports until none is left (or `signal` stops it) and answers how many ran; tests call it to finish theirs. */
export async function runPendingUserImports(db: Db, opts: { signal?: AbortSignal } = {}): Promise<number> {
  let ran = 0;
  while (!opts.signal?.aborted) {
    const task = await claimUserImport(db);
    if (!task) break;
    await runUserImport(db, task, opts.signal);
    ran++;
  }
  return ran;
}

/** Deletes finished imports (and their rows) older than the retention period. */
export async function purgeExpiredUserImports(db: Db): Promise<number> {
  const deleted = await db.delete(userImportTasks)
    .where(and(
      inArray(userImportTasks.status, [STATUS.DONE, STATUS.FAIL]),
      lt(userImportTasks.createdAt, sql`now() - make_interval(days => ${USER_IMPORT_RETENTION_DAYS})`),
    ))
    .returning({ taskId: userImportTasks.taskId });
  return deleted.length;
}

/** Polls for queued imports in this process (started by main.ts beside the export worker). */
export const startUserImportWorker = (db: Db, opts: { pollMs?: number; purgeEveryMs?: number } = {}): TaskWorker => startTaskWorker('user-import', {
  runPending: (signal) => runPendingUserImports(db, { signal }),
  purgeExpired: () => purgeExpiredUserImports(db),
}, opts);

