import type { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { EXPORT_TASK_STATUS } from '../../../shared/codes';
import { API_BASE } from '../../../shared/contract/define';
import {
  USER_IMPORT_FORMATS, USER_IMPORT_OUTCOME, USER_IMPORT_RESULT_PATH, USER_IMPORT_TEMPLATE_PATH, type userImportContract,
} from '../../../shared/contract/user-import.contract';
import { USER_ADMIN_ACTIONS } from '../../../shared/contract/userlist.contract';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/client';
import { userImportRows, userImportTasks } from '../../db/schema';
import { badInput, notFound } from '../../http/errors';
import { downloadSession, fileResponse } from '../../http/file-download';
import type { Handlers } from '../../http/register';
import { releaseUploadSlot } from '../../common/sheet-import';
import { readUpload, resultFile, takeUploadSlot, templateFile, uploadFormat } from './user-import';

const STATUS = EXPORT_TASK_STATUS.values;

export const userImportHandlers: Handlers<typeof userImportContract> = {
  async uploadUserFile(input, { db, session }) {
    const { whsId, userId } = session;
    const bytes = Buffer.from(input.content, 'base64');
    const format = uploadFormat(input.file_name, bytes);
    const slot = await takeUploadSlot(db, session);
    // Refused, the upload keeps its slot for a while: reading files that are refused costs the uploader too.
    const upload = await readUpload(format, bytes);
    // Rows refused while reading (a repeated email) count from the start.
    const refused = upload.rows.filter((r) => r.outcome === USER_IMPORT_OUTCOME.values.REFUSED).length;
    const taskId = await db.transaction(async (tx) => {
      const [task] = await tx.insert(userImportTasks).values({
        whsId, userId, operatorEmail: session.email, fileName: input.file_name, fileFormat: upload.format, columns: upload.columns,
        rowCount: upload.rows.length, refusedCount: refused,
      }).returning({ taskId: userImportTasks.taskId });
      await tx.insert(userImportRows).values(upload.rows.map((r) => ({
        whsId, taskId: task!.taskId, rowNo: r.rowNo, cells: r.cells, outcome: r.outcome ?? null, message: r.message ?? '',
      })));
      await releaseUploadSlot(tx, session, slot);
      return task!.taskId;
    });
    return { task_id: taskId, row_count: upload.rows.length };
  },
};

const templateQuery = z.object({ format: z.enum(USER_IMPORT_FORMATS) });
const resultQuery = z.object({ task_id: z.coerce.number().int().min(1).max(2_147_483_647) });

/**
 * GET …/download_upload_template?format= and …/download_upload_result?task_id= (file routes:
 * http/file-download.ts). Both need the import permission; a result is of an import of the
 * session's warehouse (another's is -100404) that has finished (-100400 until then).
 */
export function registerUserImportFiles(app: Hono, deps: { db: Db; config: ServerConfig }) {
  app.get(API_BASE + USER_IMPORT_TEMPLATE_PATH, async (c) => {
    await downloadSession(c, deps, USER_ADMIN_ACTIONS.importUsers);
    const query = templateQuery.safeParse(c.req.query());
    if (!query.success) throw badInput('format', 'must be xlsx or csv');
    const { bytes, fileName } = await templateFile(query.data.format);
    return fileResponse(bytes, fileName, query.data.format);
  });
  app.get(API_BASE + USER_IMPORT_RESULT_PATH, async (c) => {
    const session = await downloadSession(c, deps, USER_ADMIN_ACTIONS.importUsers);
    const query = resultQuery.safeParse(c.req.query());
    if (!query.success) throw badInput('task_id', 'must be the id of an import');
    const [task] = await deps.db.select().from(userImportTasks)
      .where(and(eq(userImportTasks.whsId, session.whsId), eq(userImportTasks.taskId, query.data.task_id)));
    if (!task) throw notFound(`Import ${query.data.task_id}`);
    if (task.status === STATUS.PENDING || task.status === STATUS.ONGOING) throw badInput('task_id', 'the import has not finished');
    const result = await resultFile(deps.db, task);
    return fileResponse(result.bytes, result.fileName, result.format);
  });
}
