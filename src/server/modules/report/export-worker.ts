import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { EXPORT_MAX_ROWS, EXPORT_RETENTION_DAYS, EXPORT_STATUS, type ExportColumn, type ExportFormat } from '../../../shared/contract/export-task.contract';
import { listInputSchema } from '../../../shared/resources/schemas';
import { timeRegionOrDefault } from '../../../shared/warehouse';
import type { Db } from '../../db/client';
import { exportFiles, exportTasks, warehouses } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { listPage, type ListRequest } from '../../http/list-query';
import { writeCsv } from './csv';
import { EXPORT_SOURCES } from './export-sources';
import { cellOf } from './export-cells';
import type { Cell } from './sheet';
import { writeXlsx } from './xlsx';
import { startTaskWorker, type TaskWorker } from './task-worker';

/**
 * The export worker: any server process runs it, each claiming one pending task at a time with
 * FOR UPDATE SKIP LOCKED, so N processes on one database share the queue without running a task
 * twice. Progress writes are the heartbeat; a task whose worker died (no heartbeat for
 * LEASE_MINUTES) is claimed again, up to MAX_ATTEMPTS times.
 */

/** Rows read per query: pages of the list call, larger. */
export const EXPORT_PAGE_SIZE = 1000;
const LEASE_MINUTES = 5;
const MAX_ATTEMPTS = 3;

/** A failure the user should read as it is (the file's limits, filters no longer valid). */
class ExportFailure extends Error {}

type Task = typeof exportTasks.$inferSelect;

/** Claims the oldest runnable task (pending, or ongoing with a dead worker), or null. */
async function claimTask(db: Db): Promise<Task | null> {
  const next = db.select({ whsId: exportTasks.whsId, taskId: exportTasks.taskId }).from(exportTasks)
    .where(or(
      eq(exportTasks.status, EXPORT_STATUS.PENDING),
      and(eq(exportTasks.status, EXPORT_STATUS.ONGOING), lt(exportTasks.updatedAt, sql`now() - make_interval(mins => ${LEASE_MINUTES})`)),
    ))
    .orderBy(asc(exportTasks.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [task] = await db.update(exportTasks)
    .set({ status: EXPORT_STATUS.ONGOING, progress: 0, attempts: sql`${exportTasks.attempts} + 1`, updatedAt: sql`now()` })
    .where(sql`(${exportTasks.whsId}, ${exportTasks.taskId}) = (${next})`)
    .returning();
  return task ?? null;
}

/** Conditions that the task is still this claim's: a reclaimed task's earlier worker stops writing. */
const ours = (task: Task) => and(
  eq(exportTasks.whsId, task.whsId), eq(exportTasks.taskId, task.taskId),
  eq(exportTasks.status, EXPORT_STATUS.ONGOING), eq(exportTasks.attempts, task.attempts),
);

/** Reads every row of the task's list (its filters, its sort, its warehouse) and writes the file. */
async function buildFile(db: Db, task: Task, signal: AbortSignal | undefined): Promise<{ bytes: Uint8Array; rows: number } | 'stopped'> {
  const source = EXPORT_SOURCES.get(task.resource);
  if (!source) throw new ExportFailure(`The list ${task.resource} can no longer be exported.`);
  const parsed = listInputSchema(source.def).safeParse(task.filters);
  if (!parsed.success) throw new ExportFailure(`The filters are no longer valid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const columns = task.columns as ExportColumn[];
  const fields = columns.map((c) => source.def.fields[c.field]);
  if (fields.some((f) => !f)) throw new ExportFailure('A column of this export no longer exists.');

  const rows: Cell[][] = [];
  const whsId = source.def.warehouseScoped ? task.whsId : null;
  const [warehouse] = await db.select({ timeRegion: warehouses.timeRegion }).from(warehouses).where(eq(warehouses.whsId, task.whsId));
  const timeZone = timeRegionOrDefault(warehouse?.timeRegion);
  for (let pageNo = 1; ; pageNo++) {
    if (signal?.aborted) return 'stopped';
    const request = { ...(parsed.data as ListRequest), page_no: pageNo, page_size: EXPORT_PAGE_SIZE };
    // Read for its owner, as they would read the list (lists whose rows depend on who asks).
    const page = await listPage(db, source.def, source.source, request, whsId, { countLimit: EXPORT_MAX_ROWS, viewer: { userId: task.userId, whsId: task.whsId } });
    if (page.total > EXPORT_MAX_ROWS) {
      throw new ExportFailure(`The list has ${page.total} rows; an export holds at most ${EXPORT_MAX_ROWS}. Narrow the filters and export again.`);
    }
    for (const row of page.list) rows.push(columns.map((c, i) => cellOf(fields[i]!, c, row[c.field], timeZone)));
    const done = page.list.length < EXPORT_PAGE_SIZE || rows.length >= page.total;
    // Reading is most of the work; writing the file is the last percent.
    const progress = page.total === 0 ? 99 : Math.min(99, Math.floor((rows.length / page.total) * 100));
    const [alive] = await db.update(exportTasks).set({ progress, updatedAt: sql`now()` }).where(ours(task)).returning({ taskId: exportTasks.taskId });
    if (!alive) return 'stopped'; // claimed again by another worker after a stall: theirs now
    if (done) break;
  }
  const sheet = { header: columns.map((c, i) => c.label ?? fields[i]!.label), rows };
  const bytes = (task.fileFormat as ExportFormat) === 'xlsx' ? writeXlsx(sheet, task.resource) : writeCsv(sheet);
  return { bytes, rows: rows.length };
}

async function fail(db: Db, task: Task, message: string) {
  await db.update(exportTasks)
    .set({ status: EXPORT_STATUS.FAIL, errorMessage: message.slice(0, 1000), updatedAt: sql`now()`, finishedAt: sql`now()` })
    .where(ours(task));
}

/** Runs one claimed task to done or fail; a stop request puts it back in the queue. */
async function runTask(db: Db, task: Task, signal: AbortSignal | undefined): Promise<void> {
  if (task.attempts > MAX_ATTEMPTS) {
    await fail(db, task, `The export stopped unexpectedly ${MAX_ATTEMPTS} times; please try again with fewer rows.`);
    return;
  }
  try {
    const result = await buildFile(db, task, signal);
    if (result === 'stopped') {
      // Shutting down: the next worker starts it afresh (this claim does not count).
      await db.update(exportTasks)
        .set({ status: EXPORT_STATUS.PENDING, progress: 0, attempts: sql`${exportTasks.attempts} - 1` })
        .where(ours(task));
      return;
    }
    await db.transaction(async (tx) => {
      const [finished] = await tx.update(exportTasks)
        .set({ status: EXPORT_STATUS.DONE, progress: 100, rowCount: result.rows, updatedAt: sql`now()`, finishedAt: sql`now()` })
        .where(ours(task))
        .returning({ taskId: exportTasks.taskId });
      if (finished) await tx.insert(exportFiles).values({ whsId: task.whsId, taskId: task.taskId, content: result.bytes });
    });
  } catch (error) {
    // A refusal of the list itself (a warehouse its owner may no longer see) is worded for users too.
    if (error instanceof ExportFailure || error instanceof ApiError) {
      await fail(db, task, error.message);
    } else {
      console.error(`[export] task ${task.taskId} (${task.resource}) failed:`, error);
      await fail(db, task, 'The export failed unexpectedly. Please try again; if it persists, contact support.');
    }
  }
}

/**
 * Runs queued exports until none is left (or `signal` stops it) and answers how many ran. The
 * background worker calls it on every tick; tests call it to finish their tasks deterministically.
 */
export async function runPendingExports(db: Db, opts: { signal?: AbortSignal } = {}): Promise<number> {
  let ran = 0;
  while (!opts.signal?.aborted) {
    const task = await claimTask(db);
    if (!task) break;
    await runTask(db, task, opts.signal);
    ran++;
  }
  return ran;
}

/** Deletes finished tasks (and their files) older than the retention period. */
export async function purgeExpiredExports(db: Db): Promise<number> {
  const deleted = await db.delete(exportTasks)
    .where(and(
      inArray(exportTasks.status, [EXPORT_STATUS.DONE, EXPORT_STATUS.FAIL]),
      lt(exportTasks.createdAt, sql`now() - make_interval(days => ${EXPORT_RETENTION_DAYS})`),
    ))
    .returning({ taskId: exportTasks.taskId });
  return deleted.length;
}

/** Polls for queued exports in this process (started by main.ts, not by createApp). */
export const startExportWorker = (db: Db, opts: { pollMs?: number; purgeEveryMs?: number } = {}): TaskWorker => startTaskWorker('export', {
  runPending: (signal) => runPendingExports(db, { signal }),
  purgeExpired: () => purgeExpiredExports(db),
}, opts);
