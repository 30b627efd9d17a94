import { EXPORT_MAX_ROWS, EXPORT_RETENTION_DAYS, type ExportColumn, type ExportFormat } from '../../../shared/contract/export-task.contract';
import { listInputSchema } from '../../../shared/resources/schemas';
import type { Db } from '../../db/client';
import { exportFiles, exportTasks } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { listPage, type ListRequest } from '../../http/list-query';
import { visibleRows } from '../../http/resource-handlers';
import { EXPORT_SOURCES } from './export-sources';
import { cellOf } from './export-cells';
import type { Cell } from '../../common/sheets/sheet';
import { writeSheet } from '../../common/sheets/sheet-file';
import { TASK_MAX_ATTEMPTS, TaskFailure, defineTaskQueue, type TaskDone } from '../../common/task-worker';
import { warehouseTimeZone } from '../../common/time';
import { warehouseUserNames } from '../../common/user-names';

/**
 * The export worker (a task queue of task-worker.ts): reads the task's list and stores the file.
 * A task claimed again starts afresh.
 */

/** Rows read per query: pages of the list call, larger. */
export const EXPORT_PAGE_SIZE = 1000;

type Task = typeof exportTasks.$inferSelect;

/** Reads every row of the task's list (its filters, its sort, its warehouse) and writes the file. */
async function buildFile(db: Db, task: Task, signal: AbortSignal | undefined): Promise<TaskDone<typeof exportTasks> | 'stopped' | 'lost'> {
  const source = EXPORT_SOURCES.get(task.resource);
  if (!source) throw new TaskFailure(`The list ${task.resource} can no longer be exported.`);
  const parsed = listInputSchema(source.def).safeParse(task.filters);
  if (!parsed.success) throw new TaskFailure(`The filters are no longer valid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const columns = task.columns as ExportColumn[];
  const fields = columns.map((c) => source.def.fields[c.field]);
  if (fields.some((f) => !f)) throw new TaskFailure('A column of this export no longer exists.');

  const rows: Cell[][] = [];
  const whsId = source.def.warehouseScoped ? task.whsId : null;
  // Users are named as the list names them: the warehouse's members, read once for the file.
  const names = fields.some((f) => f!.kind === 'user') ? await warehouseUserNames(db, task.whsId) : [];
  const context = { timeZone: await warehouseTimeZone(db, task.whsId), userNames: new Map(names.map((u) => [u.user_id, u.display_name])) };
  for (let pageNo = 1; ; pageNo++) {
    if (signal?.aborted) return 'stopped';
    const request = { ...(parsed.data as ListRequest), page_no: pageNo, page_size: EXPORT_PAGE_SIZE };
    // Read for its owner, as they would read the list (lists whose rows depend on who asks).
    const viewer = { userId: task.userId, whsId: task.whsId };
    const page = await listPage(db, source.def, source.source, request, whsId, { countLimit: EXPORT_MAX_ROWS, viewer, where: await visibleRows(source, db, viewer), background: true });
    if (page.total > EXPORT_MAX_ROWS) {
      throw new TaskFailure(`The list has ${page.total} rows; an export holds at most ${EXPORT_MAX_ROWS}. Narrow the filters and export again.`);
    }
    for (const row of page.list) rows.push(columns.map((c, i) => cellOf(fields[i]!, c, row[c.field], context)));
    const done = page.list.length < EXPORT_PAGE_SIZE || rows.length >= page.total;
    // Reading is most of the work; writing the file is the last percent.
    const progress = page.total === 0 ? 99 : Math.min(99, Math.floor((rows.length / page.total) * 100));
    if (!await exportQueue.heartbeat(db, task, { progress })) return 'lost'; // claimed again by another worker after a stall: theirs now
    if (done) break;
  }
  const sheet = { header: columns.map((c, i) => c.label ?? fields[i]!.label), rows };
  const bytes = await writeSheet(task.fileFormat as ExportFormat, sheet, task.resource);
  return { set: { rowCount: rows.length }, store: (tx) => tx.insert(exportFiles).values({ whsId: task.whsId, taskId: task.taskId, content: bytes }) };
}

const exportQueue = defineTaskQueue({
  name: 'export',
  table: exportTasks,
  retentionDays: EXPORT_RETENTION_DAYS,
  resumes: false,
  messages: {
    stoppedTooOften: `The export stopped unexpectedly ${TASK_MAX_ATTEMPTS} times; please try again with fewer rows.`,
    unexpected: 'The export failed unexpectedly. Please try again; if it persists, contact support.',
  },
  // A refusal of the list itself (a warehouse its owner may no longer see) is worded for users too.
  readable: (error) => error instanceof ApiError,
  label: (task) => `${task.taskId} (${task.resource})`,
  run: buildFile,
});

export const runPendingExports = exportQueue.runPending;
export const purgeExpiredExports = exportQueue.purgeExpired;
export const startExportWorker = exportQueue.start;
