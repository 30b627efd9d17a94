import { and, asc, count, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { EXPORT_TASK_STATUS } from '../../shared/codes';
import { RET } from '../../shared/retcodes';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema';
import { ApiError } from '../http/errors';

/**
 * Background task queues (exports, user imports), one table each. Any server process runs the
 * queue, each claiming one pending task at a time with FOR UPDATE SKIP LOCKED, so N processes on
 * one database share it without running a task twice. Progress writes are the heartbeat; a task
 * whose worker died (no heartbeat for LEASE_MINUTES) is claimed again, up to TASK_MAX_ATTEMPTS
 * times. Status: pending → ongoing → done or fail; finished tasks are deleted after their retention.
 */

const STATUS = EXPORT_TASK_STATUS.values;
const LEASE_MINUTES = 5;
export const TASK_MAX_ATTEMPTS = 3;

/** The columns the queue reads and writes; every task table has them. */
type QueueColumn = 'whsId' | 'taskId' | 'userId' | 'status' | 'progress' | 'attempts' | 'errorMessage' | 'createdAt' | 'updatedAt' | 'finishedAt';
export type TaskTable = PgTable & Record<QueueColumn, PgColumn>;
export type TaskOf<Table extends TaskTable> = Table['$inferSelect'] & { whsId: string; taskId: string | number; attempts: number };

/**
 * Refuses a new task (RET.RATE_LIMITED, retry in 30 s) while the user already has `max` of the
 * table's tasks pending or ongoing in the warehouse; `noun` names them in the message ("exports").
 * Answers how many they have. Run it in the transaction that then adds the task: it locks the
 * user's row first, so requests sent together are counted one after another, never all under `max`.
 */
export async function assertRoomForTask(tx: Tx, table: TaskTable, who: { whsId: string; userId: number }, max: number, noun: string): Promise<number> {
  await tx.select({ userId: users.userId }).from(users).where(eq(users.userId, who.userId)).for('no key update');
  const [unfinished] = await tx.select({ n: count() }).from(table).where(and(
    eq(table.whsId, who.whsId), eq(table.userId, who.userId), inArray(table.status, [STATUS.PENDING, STATUS.ONGOING]),
  ));
  const n = unfinished?.n ?? 0;
  if (n >= max) {
    throw new ApiError(RET.RATE_LIMITED, `You already have ${max} ${noun} waiting. Try again when one has finished.`, { retry_after_s: 30 });
  }
  return n;
}

/** A failure the user should read as it is: it becomes the task's error message. */
export class TaskFailure extends Error {}

/** What finishing a task stores beside its done status (progress 100). */
export interface TaskDone<Table extends TaskTable> {
  set?: PgUpdateSetSource<Table>;
  /** Writes of the same transaction, made only when the task was still this claim's. */
  store?: (tx: Tx) => Promise<unknown>;
}

export interface TaskKind<Table extends TaskTable> {
  /** Names the worker in the log. */
  name: string;
  table: Table;
  retentionDays: number;
  /** A task claimed again goes on where it stopped (its progress kept) rather than starting afresh. */
  resumes: boolean;
  messages: { stoppedTooOften: string; unexpected: string };
  /** Errors worded for users besides TaskFailure: the task fails with their message. */
  readable?: (error: unknown) => error is Error;
  /** How the log names a task (default `whs/task`). */
  label?: (task: TaskOf<Table>) => string;
  /**
   * Does a claimed task's work: 'stopped' when `signal` stopped it (it goes back to the queue),
   * 'lost' when another worker claimed it meanwhile (theirs now), else what finishing it stores.
   */
  run(db: Db, task: TaskOf<Table>, signal: AbortSignal | undefined): Promise<'stopped' | 'lost' | TaskDone<Table>>;
}

export interface TaskWorker {
  /** Stops polling; a task being run goes back to the queue. Resolves once the worker is idle. */
  stop(): Promise<void>;
}

export function defineTaskQueue<Table extends TaskTable>(kind: TaskKind<Table>) {
  type Task = TaskOf<Table>;
  // Written through the columns every task table has; the kind's own columns are typed by its table.
  const table: TaskTable = kind.table;
  const label = kind.label ?? ((task: Task) => `${task.whsId}/${task.taskId}`);
  const restart = kind.resumes ? {} : { progress: 0 };

  /** Conditions that the task is still this claim's: a reclaimed task's earlier worker stops writing. */
  const ours = (task: Task) => and(
    eq(table.whsId, task.whsId), eq(table.taskId, task.taskId), eq(table.status, STATUS.ONGOING), eq(table.attempts, task.attempts),
  );

  /** Claims the oldest runnable task (pending, or ongoing with a dead worker), or null. */
  async function claim(db: Db): Promise<Task | null> {
    const next = db.select({ whsId: table.whsId, taskId: table.taskId }).from(table)
      .where(or(
        eq(table.status, STATUS.PENDING),
        and(eq(table.status, STATUS.ONGOING), lt(table.updatedAt, sql`now() - make_interval(mins => ${LEASE_MINUTES})`)),
      ))
      .orderBy(asc(table.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    const [task] = await db.update(table)
      .set({ status: STATUS.ONGOING, ...restart, attempts: sql`${table.attempts} + 1`, updatedAt: sql`now()` })
      .where(sql`(${table.whsId}, ${table.taskId}) = (${next})`)
      .returning();
    return (task as Task | undefined) ?? null;
  }

  /** Writes `set` with the heartbeat; false when the task is no longer this claim's. */
  async function heartbeat(db: Db | Tx, task: Task, set: PgUpdateSetSource<Table>): Promise<boolean> {
    const [alive] = await db.update(table).set({ ...set, updatedAt: sql`now()` }).where(ours(task)).returning({ taskId: table.taskId });
    return alive !== undefined;
  }

  async function fail(db: Db, task: Task, message: string) {
    await db.update(table)
      .set({ status: STATUS.FAIL, errorMessage: message.slice(0, 1000), updatedAt: sql`now()`, finishedAt: sql`now()` })
      .where(ours(task));
  }

  /** Runs a claimed task to done or fail; a stop request puts it back in the queue. */
  async function runTask(db: Db, task: Task, signal?: AbortSignal): Promise<void> {
    if (task.attempts > TASK_MAX_ATTEMPTS) {
      await fail(db, task, kind.messages.stoppedTooOften);
      return;
    }
    try {
      const result = await kind.run(db, task, signal);
      if (result === 'lost') return;
      if (result === 'stopped') {
        // Shutting down: the next worker takes it (this claim does not count).
        await db.update(table).set({ status: STATUS.PENDING, ...restart, attempts: sql`${table.attempts} - 1` }).where(ours(task));
        return;
      }
      await db.transaction(async (tx) => {
        const [finished] = await tx.update(table)
          .set({ ...result.set, status: STATUS.DONE, progress: 100, updatedAt: sql`now()`, finishedAt: sql`now()` })
          .where(ours(task))
          .returning({ taskId: table.taskId });
        if (finished) await result.store?.(tx);
      });
    } catch (error) {
      if (error instanceof TaskFailure || kind.readable?.(error)) {
        await fail(db, task, (error as Error).message);
      } else {
        console.error(`[${kind.name}] task ${label(task)} failed:`, error);
        await fail(db, task, kind.messages.unexpected);
      }
    }
  }

  /**
   * Runs queued tasks until none is left (or `signal` stops it) and answers how many ran. The
   * background worker calls it on every tick; tests call it to finish their tasks deterministically.
   */
  async function runPending(db: Db, opts: { signal?: AbortSignal } = {}): Promise<number> {
    let ran = 0;
    while (!opts.signal?.aborted) {
      const task = await claim(db);
      if (!task) break;
      await runTask(db, task, opts.signal);
      ran++;
    }
    return ran;
  }

  /** Deletes finished tasks (and what cascades from them) older than the retention period. */
  async function purgeExpired(db: Db): Promise<number> {
    const deleted = await db.delete(table)
      .where(and(
        inArray(table.status, [STATUS.DONE, STATUS.FAIL]),
        lt(table.createdAt, sql`now() - make_interval(days => ${kind.retentionDays})`),
      ))
      .returning({ taskId: table.taskId });
    return deleted.length;
  }

  /** Polls the queue in this process (started by main.ts, not by createApp). */
  const start = (db: Db, opts: WorkerOptions = {}): TaskWorker => startTaskWorker(kind.name, {
    runPending: (signal) => runPending(db, { signal }),
    purgeExpired: () => purgeExpired(db),
  }, opts);

  return { claim, heartbeat, runTask, runPending, purgeExpired, start };
}

interface WorkerOptions { pollMs?: number; purgeEveryMs?: number }

/**
 * The background loop: in this process, wait `pollMs`, run the queue until it is empty, again;
 * delete expired tasks every `purgeEveryMs`. A failing round is logged and the next one runs.
 */
function startTaskWorker(
  name: string,
  queue: { runPending(signal: AbortSignal): Promise<unknown>; purgeExpired(): Promise<unknown> },
  { pollMs = 2000, purgeEveryMs = 60 * 60_000 }: WorkerOptions,
): TaskWorker {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  let lastPurge = 0;
  const tick = async () => {
    try {
      await queue.runPending(controller.signal);
      if (Date.now() - lastPurge >= purgeEveryMs) {
        lastPurge = Date.now();
        await queue.purgeExpired();
      }
    } catch (error) {
      console.error(`[${name}] worker tick failed:`, error);
    }
    if (!controller.signal.aborted) timer = setTimeout(() => (current = tick()), pollMs);
  };
  // The first round waits too: a server just started answers its first requests before its queues.
  timer = setTimeout(() => (current = tick()), pollMs);
  return {
    async stop() {
      controller.abort();
      clearTimeout(timer);
      await current;
    },
  };
}
