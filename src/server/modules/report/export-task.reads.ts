import { and, eq } from 'drizzle-orm';
import { exportTasks } from '../../db/schema';
import type { RowsQuery } from '../../http/list-query';

/**
 * The Report Center's list (shared/resources/export-task.resource.ts): the exports of the warehouse
 * that the viewer asked for. Rows belong to their requester, administrators included, since a file
 * holds what its creator was allowed to read; an export of this list is read for its owner alike.
 */
const exportTaskRows: RowsQuery = {
  rows({ db, whsId, viewer }) {
    if (whsId === null || viewer === null) throw new Error('export tasks are read for a signed-in user in a warehouse');
    return db.select({
      whs_id: exportTasks.whsId, task_id: exportTasks.taskId, file_name: exportTasks.fileName, resource: exportTasks.resource, report_type: exportTasks.reportType,
      file_format: exportTasks.fileFormat, status: exportTasks.status, progress: exportTasks.progress, row_count: exportTasks.rowCount,
      error_message: exportTasks.errorMessage, created_at: exportTasks.createdAt, updated_at: exportTasks.updatedAt, finished_at: exportTasks.finishedAt,
    }).from(exportTasks)
      .where(and(eq(exportTasks.whsId, whsId), eq(exportTasks.userId, viewer.userId)))
      .as('export_task_rows');
  },
  // export_tasks_user_idx: (whs_id, user_id, created_at).
  indexedBy: { created_at: [exportTasks.userId, exportTasks.createdAt] },
};

/** The report module's read models by name. */
export const EXPORT_TASK_READS: Readonly<Record<string, RowsQuery>> = { export_tasks: exportTaskRows };
