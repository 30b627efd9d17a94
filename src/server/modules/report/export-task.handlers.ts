import { v7 as uuidv7 } from 'uuid';
import {
  EXPORT_MAX_UNFINISHED, type ExportColumn, type exportTaskContract,
} from '../../../shared/contract/export-task.contract';
import { EXPORT_REPORT_TYPE } from '../../../shared/codes';
import type { ResourceDef } from '../../../shared/resources/define';
import { resourceOfReportType } from '../../../shared/resources/registry';
import { listInputSchema } from '../../../shared/resources/schemas';
import { RET } from '../../../shared/retcodes';
import { exportTasks } from '../../db/schema';
import { ApiError, badInput, permissionDenied } from '../../http/errors';
import { assertStorableText } from '../../http/input-guard';
import type { Handlers } from '../../http/register';
import { requireFeature } from '../resources';
import { userPermissions } from '../../common/access';
import { EXPORT_SOURCES, type ExportSource } from './export-sources';
import { assertRoomForTask } from '../../common/task-worker';

/**
 * `supplier_SGSIN1_20261124_014501.xlsx`: what (the report type's name, else the resource's), where
 * and when (UTC), safe on every file system.
 */
function fileNameOf(def: ResourceDef, whsId: string, format: string, at: Date): string {
  const what = EXPORT_REPORT_TYPE.options.find((o) => o.value === def.reportType)?.name.toLowerCase() ?? def.name;
  const stamp = at.toISOString().replace(/\.\d+Z$/, '').replace(/-|:/g, '').replace('T', '_');
  return `${what}_${whsId}_${stamp}.${format}`.replace(/[^\w.-]/g, '_');
}

/** The list asked for, by resource name or by report type (the contract lets exactly one through). */
function sourceOf(input: { resource?: string; report_type?: number }): ExportSource {
  const [field, name, asked] = input.report_type !== undefined
    ? ['report_type', resourceOfReportType(input.report_type)?.name, `report type ${input.report_type}`] as const
    : ['resource', input.resource, input.resource] as const;
  const source = EXPORT_SOURCES.get(name ?? '');
  if (!source) throw badInput(field, `${asked} cannot be exported`);
  return source;
}

export const exportTaskHandlers: Handlers<typeof exportTaskContract> = {
  async createExportTask(input, { db, session }) {
    const source = sourceOf(input);
    // The list's own permission, checked before its filters: no validation details leak to the unauthorised.
    const perms = await userPermissions(db, session.userId, session.whsId);
    if (!perms.has(source.perm)) throw permissionDenied(source.perm);
    await requireFeature(db, session.whsId, source.def.name);

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

    const now = new Date();
    const taskId = uuidv7();
    await db.transaction(async (tx) => {
      await assertRoomForTask(tx, exportTasks, session, EXPORT_MAX_UNFINISHED, 'exports');
      await tx.insert(exportTasks).values({
        whsId: session.whsId, taskId, userId: session.userId, resource: source.def.name, reportType: source.def.reportType ?? null, filters, columns,
        fileFormat: input.format, fileName: fileNameOf(source.def, session.whsId, input.format, now), createdAt: now, updatedAt: now,
      });
    });
    return { task_id: taskId };
  },
};
