import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  EXPORT_MAX_UNFINISHED, EXPORT_STATUS, type ExportColumn, type ExportTaskRow, type exportTaskContract,
} from '../../../shared/contract/export-task.contract';
import { listInputSchema } from '../../../shared/resources/schemas';
import { RET } from '../../../shared/retcodes';
import { exportTasks } from '../../db/schema';
import { ApiError, badInput, permissionDenied } from '../../http/errors';
import { assertStorableText } from '../../http/input-guard';
import type { Handlers } from '../../http/register';
import { userPermissions } from '../system/access';
import { EXPORT_SOURCES } from './export-sources';

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** `supplier_SGSIN1_20261124_014501.xlsx`: what, where and when (UTC), safe on every file system. */
function fileNameOf(resource: string, whsId: string, format: string, at: Date): string {
  const stamp = at.toISOString().replace(/\.\d+Z$/, '').replace(/-|:/g, '').replace('T', '_');
  return `${resource}_${whsId}_${stamp}.${format}`.replace(/[^\w.-]/g, '_');
}

export const exportTaskHandlers: Handlers<typeof exportTaskContract> = {
  async createExportTask(input, { db, session }) {
    const source = EXPORT_SOURCES.get(input.resource);
    if (!source) throw badInput('resource', `${input.resource} cannot be exported`);
    // The list's own permission, checked before its filters: no validation details leak to the unauthorised.
    const perms = await userPermissions(db, session.userId, session.whsId);
    if (!perms.has(source.perm)) throw permissionDenied(source.perm);

    // The whole list is exported, so paging is ignored; everything else is validated as the list call does.
    const { page_no: _page, page_size: _size, ...query } = input.filters;
    const listInput = listInputSchema(source.def);
    assertStorableText(listInput, query, ['filters']);
    const parsed = listInput.safeParse(query);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({ path: ['filters', ...i.path].join('.'), message: i.message }));
      throw new ApiError(RET.BAD_INPUT, `Invalid request: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`, { issues });
    }
    const { page_no: _p, page_size: _s, ...filters } = parsed.data;

    const columns: ExportColumn[] = input.columns
      ?? Object.entries(source.def.fields).map(([field, def]) => ({ field, label: def.label }));
    const seen = new Set<string>();
    for (const [i, column] of columns.entries()) {
      if (!(column.field in source.def.fields)) throw badInput(`columns.${i}.field`, `${column.field} is not a field of ${source.def.name}`);
      if (seen.has(column.field)) throw badInput(`columns.${i}.field`, `${column.field} is listed twice`);
      seen.add(column.field);
    }

    const [unfinished] = await db.select({ n: count() }).from(exportTasks).where(and(
      eq(exportTasks.whsId, session.whsId), eq(exportTasks.userId, session.userId),
      inArray(exportTasks.status, [EXPORT_STATUS.PENDING, EXPORT_STATUS.ONGOING]),
    ));
    if ((unfinished?.n ?? 0) >= EXPORT_MAX_UNFINISHED) {
      throw new ApiError(RET.RATE_LIMITED, `You already have ${EXPORT_MAX_UNFINISHED} exports waiting. Try again when one has finished.`, { retry_after_s: 30 });
    }

    const now = new Date();
    const taskId = uuidv7();
    await db.insert(exportTasks).values({
      whsId: session.whsId, taskId, userId: session.userId, resource: source.def.name, filters, columns,
      fileFormat: input.format, fileName: fileNameOf(source.def.name, session.whsId, input.format, now), createdAt: now, updatedAt: now,
    });
    return { task_id: taskId };
  },

  /** Each user sees their own tasks only, administrators included: a file holds what its creator was allowed to read. */
  async searchExportTask(input, { db, session }) {
    const where = and(
      eq(exportTasks.whsId, session.whsId), eq(exportTasks.userId, session.userId),
      input.status === undefined ? undefined : eq(exportTasks.status, input.status),
    );
    const [rows, [total]] = await Promise.all([
      db.select().from(exportTasks).where(where)
        .orderBy(desc(exportTasks.createdAt), desc(exportTasks.taskId))
        .limit(input.page_size).offset((input.page_no - 1) * input.page_size),
      db.select({ n: count() }).from(exportTasks).where(where),
    ]);
    const list: ExportTaskRow[] = rows.map((r) => ({
      task_id: r.taskId,
      resource: r.resource,
      file_format: r.fileFormat,
      status: r.status as ExportTaskRow['status'],
      progress: r.progress,
      row_count: r.rowCount,
      file_name: r.fileName,
      error_message: r.errorMessage,
      created_at: seconds(r.createdAt),
      updated_at: seconds(r.updatedAt),
      finished_at: r.finishedAt ? seconds(r.finishedAt) : null,
    }));
    return { list, total: Number(total?.n ?? 0), page_no: input.page_no, page_size: input.page_size };
  },
};
