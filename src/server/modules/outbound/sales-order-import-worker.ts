import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { SALES_ORDER_SOURCE } from '../../../shared/codes';
import { SALES_ORDER_ACCESS, type OrderInput } from '../../../shared/contract/sales-order.contract';
import { SALES_ORDER_IMPORT_OUTCOME, SALES_ORDER_IMPORT_RETENTION_DAYS } from '../../../shared/contract/sales-order-import.contract';
import type { Db } from '../../db/client';
import { salesOrderImportOrders, salesOrderImportTasks, users } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { userPermissions } from '../../common/access';
import { defineImportQueue } from '../../common/import-queue';
import { TaskFailure } from '../../common/task-worker';
import { warehouseTimeZone } from '../../common/time';
import { createOrder, type Actor } from './sales-order';

/**
 * The sales order import worker (an import queue of import-queue.ts): each order of the file is
 * created through createOrder, in a savepoint, and recorded and counted in one transaction.
 */

const OUTCOME = SALES_ORDER_IMPORT_OUTCOME.values;
const ORDERS_PER_READ = 50;
const t = salesOrderImportOrders;

export type SalesOrderImportTask = typeof salesOrderImportTasks.$inferSelect;

/** The uploader as now: one disabled or without the create permission since stops the task. */
async function uploaderOf(db: Db, task: SalesOrderImportTask): Promise<Actor> {
  const [user] = await db.select({ isActive: users.isActive }).from(users).where(eq(users.userId, task.userId));
  if (!user?.isActive) throw new TaskFailure('The uploader\'s account is disabled: the rest of the file was not applied.');
  const perms = await userPermissions(db, task.userId, task.whsId);
  if (!perms.has(SALES_ORDER_ACCESS.create.perm)) {
    throw new TaskFailure(`The uploader no longer holds ${SALES_ORDER_ACCESS.create.perm} here: the rest of the file was not applied.`);
  }
  return { userId: task.userId, timeZone: await warehouseTimeZone(db, task.whsId) };
}

const COUNT_KEY = { [OUTCOME.CREATED]: 'createdCount', [OUTCOME.RECEIVED_BEFORE]: 'receivedCount', [OUTCOME.REFUSED]: 'refusedCount' } as const;
const appliedCount = sql`${salesOrderImportTasks.createdCount} + ${salesOrderImportTasks.receivedCount} + ${salesOrderImportTasks.refusedCount}`;

interface OrderResult {
  outcome: (typeof OUTCOME)[keyof typeof OUTCOME];
  orderNo: string | null;
  retcode: number | null;
  message: string;
  refusedRows: number[] | null;
}

/** Creates one order in a savepoint of `tx`: a refusal (an ApiError) changes nothing and names the sheet row of its line. */
async function applyOrder(tx: Db, actor: Actor, whsId: string, input: OrderInput, rowNos: readonly number[]): Promise<OrderResult> {
  try {
    const { order, created } = await tx.transaction((savepoint) => createOrder(savepoint, whsId, actor, input, SALES_ORDER_SOURCE.values.IMPORT));
    return created
      ? { outcome: OUTCOME.CREATED, orderNo: order.order_no, retcode: 0, message: '', refusedRows: null }
      : { outcome: OUTCOME.RECEIVED_BEFORE, orderNo: order.order_no, retcode: 0, message: `Received before as ${order.order_no}.`, refusedRows: null };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const data = (error.data ?? {}) as { line?: number; order_no?: string };
    const row = data.line === undefined ? undefined : rowNos[data.line - 1];
    return { outcome: OUTCOME.REFUSED, orderNo: data.order_no ?? null, retcode: error.retcode, message: error.message, refusedRows: row === undefined ? [...rowNos] : [row] };
  }
}

const salesOrderImportQueue = defineImportQueue({
  name: 'sales-order-import',
  table: salesOrderImportTasks,
  retentionDays: SALES_ORDER_IMPORT_RETENTION_DAYS,
  items: 'orders',
  perRead: ORDERS_PER_READ,
  prepare: uploaderOf,
  pending: async (db, task, limit) => (await db.select({ seq: t.seq }).from(t)
    .where(and(eq(t.whsId, task.whsId), eq(t.taskId, task.taskId), isNull(t.outcome))).orderBy(asc(t.seq)).limit(limit))
    .map((row) => row.seq),
  applyItem: async (tx, task, actor, seq) => {
    const item = and(eq(t.whsId, task.whsId), eq(t.taskId, task.taskId), eq(t.seq, seq));
    const [row] = await tx.select({ input: t.input, rowNos: t.rowNos }).from(t).where(and(item, isNull(t.outcome))).for('update');
    if (!row) return null;
    const result = await applyOrder(tx, actor, task.whsId, row.input as OrderInput, row.rowNos);
    await tx.update(t).set(result).where(item);
    return result;
  },
  counted: (result) => ({
    [COUNT_KEY[result.outcome]]: sql`${salesOrderImportTasks[COUNT_KEY[result.outcome]]} + 1`,
    progress: sql`least(99, (${appliedCount} + 1) * 100 / greatest(${salesOrderImportTasks.orderCount}, 1))`,
  }),
});

/** Applies up to `limit` of the task's orders not applied yet ('more', 'done' or 'lost'; import-queue.ts). */
export const applySalesOrderImport = salesOrderImportQueue.applyNext;
/** Runs queued imports until none is left; tests call it to finish theirs. */
export const runPendingSalesOrderImports = salesOrderImportQueue.runPending;
/** Polls for queued imports in this process (started by main.ts). */
export const startSalesOrderImportWorker = salesOrderImportQueue.start;
