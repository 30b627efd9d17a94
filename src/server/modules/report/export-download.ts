import type { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { API_BASE } from '../../../shared/contract/define';
import { EXPORT_DOWNLOAD_PATH, EXPORT_STATUS } from '../../../shared/contract/export-task.contract';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/client';
import { exportFiles, exportTasks } from '../../db/schema';
import { badInput, notFound, permissionDenied } from '../../http/errors';
import { downloadSession, fileResponse } from '../../http/file-download';
import { userPermissions } from '../../common/access';
import { EXPORT_SOURCES } from './export-sources';

const taskIdSchema = z.uuid();

/**
 * GET /api/v2/apps/config/export/download_export_task?task_id=: the file of a finished export.
 * Outside the contract because the answer is the file, not the JSON envelope (refusals still are
 * envelopes). A plain link must work, so the tenant header is optional here; the task has to be
 * the caller's own, in the session's warehouse, and the caller must still hold the list's permission.
 */
export function registerExportDownload(app: Hono, deps: { db: Db; config: ServerConfig }) {
  app.get(API_BASE + EXPORT_DOWNLOAD_PATH, async (c) => {
    const { db } = deps;
    const session = await downloadSession(c, deps);
    const taskId = taskIdSchema.safeParse(c.req.query('task_id') ?? '');
    if (!taskId.success) throw badInput('task_id', 'must be the id of an export task');

    const [task] = await db.select({ resource: exportTasks.resource, status: exportTasks.status, fileName: exportTasks.fileName, fileFormat: exportTasks.fileFormat })
      .from(exportTasks)
      .where(and(eq(exportTasks.whsId, session.whsId), eq(exportTasks.taskId, taskId.data), eq(exportTasks.userId, session.userId)));
    // Another user's or warehouse's task is answered as missing: its existence is not theirs to know.
    if (!task) throw notFound(`Export task ${taskId.data}`);
    const source = EXPORT_SOURCES.get(task.resource);
    const perms = await userPermissions(db, session.userId, session.whsId);
    if (!source) throw notFound(`Export source ${task.resource}`);
    if (!perms.has(source.perm)) throw permissionDenied(source.perm);
    if (task.status !== EXPORT_STATUS.DONE) throw badInput('task_id', 'the export has not finished');

    const [file] = await db.select({ content: exportFiles.content }).from(exportFiles)
      .where(and(eq(exportFiles.whsId, session.whsId), eq(exportFiles.taskId, taskId.data)));
    if (!file) throw notFound(`The file of export task ${taskId.data}`);
    return fileResponse(file.content, task.fileName, task.fileFormat);
  });
}
