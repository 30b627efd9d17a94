import type { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { API_BASE, TENANT_HEADER } from '../../../shared/contract/define';
import { EXPORT_DOWNLOAD_PATH, EXPORT_STATUS } from '../../../shared/contract/export-task.contract';
import { RET } from '../../../shared/retcodes';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/client';
import { exportFiles, exportTasks } from '../../db/schema';
import { ApiError, badInput, notFound, notLoggedIn, permissionDenied } from '../../http/errors';
import { loadSession } from '../../http/session';
import { assertPasswordChanged } from '../../http/password-change';
import { userPermissions } from '../system/access';
import { EXPORT_SOURCES } from './export-sources';

const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

/** RFC 6266: an ASCII fallback name and the exact one in RFC 5987 encoding. */
const contentDisposition = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

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
    const session = await loadSession(c, db, deps.config);
    if (!session) throw notLoggedIn();
    assertPasswordChanged(session);
    const tenant = c.req.header(TENANT_HEADER);
    if (tenant !== undefined && tenant !== session.whsId) {
      throw new ApiError(
        RET.WAREHOUSE_MISMATCH,
        `The account login in warehouse is ${session.whsId}, it is different from the current warehouse ${tenant}, please reload.`,
        { session_whs_id: session.whsId, request_whs_id: tenant },
      );
    }
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
    // Both drivers hand back bytes over a plain ArrayBuffer (never a shared one).
    return new Response(file.content as Uint8Array<ArrayBuffer>, {
      headers: {
        'content-type': CONTENT_TYPES[task.fileFormat],
        'content-disposition': contentDisposition(task.fileName),
        'content-length': String(file.content.byteLength),
        'cache-control': 'private, no-store',
      },
    });
  });
}
