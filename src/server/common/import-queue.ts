import { TransactionRollbackError } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { TASK_MAX_ATTEMPTS, defineTaskQueue, type TaskDone, type TaskOf, type TaskTable } from './task-worker';

/**
 * A sheet import's task queue (users, sales orders): unlike an export it resumes where it stopped.
 * Each item of the file (a row, an order) is applied, recorded and counted in one transaction of
 * its own, so an item is never applied twice, a refused one holds back no other, and a task
 * claimed again goes on with the items not applied yet.
 */
export interface ImportKind<Table extends TaskTable, Context, Result> {
  /** Names the worker in the log. */
  name: string;
  table: Table;
  retentionDays: number;
  /** What the file's items are called in the task's messages ("rows", "orders"). */
  items: string;
  /** Items read per query; each is still applied in a transaction of its own. */
  perRead: number;
  /**
   * What applying needs — the uploader as now (a TaskFailure stops the task: disabled, or the
   * permission withdrawn), lookups of the warehouse — read afresh for every read of items.
   */
  prepare(db: Db, task: TaskOf<Table>): Promise<Context>;
  /** The keys of up to `limit` items not applied yet, in file order. */
  pending(db: Db, task: TaskOf<Table>, limit: number): Promise<number[]>;
  /** Locks the item when it is still not applied, applies it and records its result; null when it was applied meanwhile. */
  applyItem(tx: Db, task: TaskOf<Table>, context: Context, key: number): Promise<Result | null>;
  /** The task's columns the result moves (its outcome's count, the progress), written with the heartbeat. */
  counted(result: Result): PgUpdateSetSource<Table>;
}

export function defineImportQueue<Table extends TaskTable, Context, Result>(kind: ImportKind<Table, Context, Result>) {
  type Task = TaskOf<Table>;

  /**
   * Applies up to `limit` of the task's items not applied yet, in file order, each in a
   * transaction with its result and the task's counts. Answers 'more' while items remain, 'done'
   * when none do, 'lost' when the task is no longer this claim's.
   */
  async function applyNext(db: Db, task: Task, limit: number): Promise<'more' | 'done' | 'lost'> {
    const context = await kind.prepare(db, task);
    const pending = await kind.pending(db, task, limit + 1);
    for (const key of pending.slice(0, limit)) {
      const stillOurs = await db.transaction(async (tx) => {
        const result = await kind.applyItem(tx, task, context, key);
        if (result === null) return true;
        // Claimed again by another worker after a stall: the item is theirs to apply.
        if (!(await queue.heartbeat(tx, task, kind.counted(result)))) tx.rollback();
        return true;
      }).catch((error: unknown) => {
        if (error instanceof TransactionRollbackError) return false;
        throw error;
      });
      if (!stillOurs) return 'lost';
    }
    return pending.length > limit ? 'more' : 'done';
  }

  async function applyRest(db: Db, task: Task, signal: AbortSignal | undefined): Promise<'stopped' | 'lost' | TaskDone<Table>> {
    for (;;) {
      if (signal?.aborted) return 'stopped'; // the next worker goes on from the first item not applied
      const step = await applyNext(db, task, kind.perRead);
      if (step !== 'more') return step === 'lost' ? step : {};
    }
  }

  const queue = defineTaskQueue({
    name: kind.name,
    table: kind.table,
    retentionDays: kind.retentionDays,
    resumes: true,
    messages: {
      stoppedTooOften: `The import stopped unexpectedly ${TASK_MAX_ATTEMPTS} times; the ${kind.items} not applied are marked so in the result file.`,
      unexpected: 'The import failed unexpectedly. Please try again; if it persists, contact support.',
    },
    run: applyRest,
  });
  return { ...queue, applyNext };
}
