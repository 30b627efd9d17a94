import type { Hono } from 'hono';
import { and, asc, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { EXPORT_TASK_STATUS } from '../../../shared/codes';
import { API_BASE } from '../../../shared/contract/define';
import { SALES_ORDER_ACCESS } from '../../../shared/contract/sales-order.contract';
import {
  SALES_ORDER_IMPORT_FORMATS, SALES_ORDER_IMPORT_OUTCOME, SALES_ORDER_IMPORT_RESULT_PATH, SALES_ORDER_IMPORT_TEMPLATE_PATH,
  type SalesOrderImportTask, type salesOrderImportContract,
} from '../../../shared/contract/sales-order-import.contract';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/client';
import { salesOrderImportOrders, salesOrderImportTasks } from '../../db/schema';
import { badInput, notFound } from '../../http/errors';
import { downloadSession, fileResponse } from '../../http/file-download';
import type { Handlers } from '../../http/register';
import { releaseUploadSlot } from '../../common/sheet-import';
import { unixSeconds, warehouseTimeZone } from '../../common/time';
import { readOrders, resultFile, takeUploadSlot, templateFile, uploadFormat } from './sales-order-import';

const STATUS = EXPORT_TASK_STATUS.values;

const taskOut = (t: typeof salesOrderImportTasks.$inferSelect): SalesOrderImportTask => ({
  task_id: t.taskId, file_name: t.fileName, operator_email: t.operatorEmail, status: t.status, progress: t.progress, order_count: t.orderCount,
  created_count: t.createdCount, received_count: t.receivedCount, refused_count: t.refusedCount, error_message: t.errorMessage,
  created_at: unixSeconds(t.createdAt),
});

async function taskOf(db: Db, whsId: string, taskId: number) {
  const [task] = await db.select().from(salesOrderImportTasks).where(and(eq(salesOrderImportTasks.whsId, whsId), eq(salesOrderImportTasks.taskId, taskId)));
  if (!task) throw notFound(`Import ${taskId}`);
  return task;
}

export const salesOrderImportHandlers: Handlers<typeof salesOrderImportContract> = {
  async uploadSalesOrderFile(input, { db, session }) {
    const { whsId, userId } = session;
    const bytes = Buffer.from(input.content, 'base64');
    const format = uploadFormat(input.file_name, bytes);
    const slot = await takeUploadSlot(db, session);
    // Refused, the upload keeps its slot for a while (common/sheet-import.ts).
    const orders = await readOrders(format, bytes, await warehouseTimeZone(db, whsId));
    const refused = orders.filter((o) => o.refusal).length;
    const taskId = await db.transaction(async (tx) => {
      const [task] = await tx.insert(salesOrderImportTasks).values({
        whsId, userId, operatorEmail: session.email, fileName: input.file_name, fileFormat: format, orderCount: orders.length, refusedCount: refused,
      }).returning({ taskId: salesOrderImportTasks.taskId });
      await tx.insert(salesOrderImportOrders).values(orders.map((o, i) => ({
        whsId, taskId: task!.taskId, seq: i + 1, externalNo: o.externalNo, rowNos: o.rowNos, input: o.input,
        ...(o.refusal ? { outcome: SALES_ORDER_IMPORT_OUTCOME.values.REFUSED, retcode: o.refusal.retcode, message: o.refusal.message, refusedRows: o.refusal.rows } : {}),
      })));
      await releaseUploadSlot(tx, session, slot);
      return task!.taskId;
    });
    return { task_id: taskId, order_count: orders.length };
  },

  async searchSalesOrderImport(_input, { db, session }) {
    const tasks = await db.select().from(salesOrderImportTasks)
      .where(and(eq(salesOrderImportTasks.whsId, session.whsId), eq(salesOrderImportTasks.userId, session.userId)))
      .orderBy(desc(salesOrderImportTasks.taskId)).limit(10);
    return { list: tasks.map(taskOut) };
  },

  async getSalesOrderImport({ task_id }, { db, session }) {
    const task = await taskOf(db, session.whsId, task_id);
    const t = salesOrderImportOrders;
    const orders = await db.select().from(t).where(and(eq(t.whsId, task.whsId), eq(t.taskId, task.taskId))).orderBy(asc(t.seq));
    return {
      task: taskOut(task),
      orders: orders.map((o) => ({
        external_no: o.externalNo, rows: o.rowNos, outcome: o.outcome, order_no: o.orderNo, retcode: o.retcode, message: o.message, refused_rows: o.refusedRows,
      })),
    };
  },
};

const templateQuery = z.object({ format: z.enum(SALES_ORDER_IMPORT_FORMATS) });
const resultQuery = z.object({ task_id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** GET …/download_import_template?format= and …/download_import_result?task_id= (a finished import of the warehouse). */
export function registerSalesOrderImportFiles(app: Hono, deps: { db: Db; config: ServerConfig }) {
  app.get(API_BASE + SALES_ORDER_IMPORT_TEMPLATE_PATH, async (c) => {
    await downloadSession(c, deps, SALES_ORDER_ACCESS.create.perm);
    const query = templateQuery.safeParse(c.req.query());
    if (!query.success) throw badInput('format', 'must be xlsx or csv');
    const { bytes, fileName } = await templateFile(query.data.format);
    return fileResponse(bytes, fileName, query.data.format);
  });
  app.get(API_BASE + SALES_ORDER_IMPORT_RESULT_PATH, async (c) => {
    const session = await downloadSession(c, deps, SALES_ORDER_ACCESS.create.perm);
    const query = resultQuery.safeParse(c.req.query());
    if (!query.success) throw badInput('task_id', 'must be the id of an import');
    const task = await taskOf(deps.db, session.whsId, query.data.task_id);
    if (task.status === STATUS.PENDING || task.status === STATUS.ONGOING) throw badInput('task_id', 'the import has not finished');
    const result = await resultFile(deps.db, task);
    return fileResponse(result.bytes, result.fileName, result.format);
  });
}
