import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ccBuildTasks, ccOrders } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { defineTaskQueue } from '../../common/task-worker';
import { buildOrder, failBuild } from './cycle-count';

/**
 * Builds big cycle count orders in the background (a task queue of task-worker.ts): the order's lines
 * and tasks in one transaction, its progress on the order as the build goes. A build that fails marks
 * the order failed (creation status fail) with the reason.
 */
const ccBuildQueue = defineTaskQueue({
  name: 'cc-build',
  table: ccBuildTasks,
  retentionDays: 7,
  resumes: false,
  messages: {
    stoppedTooOften: 'The order could not be built: its build stopped too often.',
    unexpected: 'The order could not be built because of an unexpected error.',
  },
  readable: (error): error is Error => error instanceof ApiError,
  label: (task) => `${task.whsId}/${task.orderNo}`,
  async run(db, task) {
    try {
      await db.transaction(async (tx) => {
        await buildOrder(tx, task.whsId, task.orderNo, async (percent) => {
          await tx.update(ccOrders).set({ progress: percent }).where(and(eq(ccOrders.whsId, task.whsId), eq(ccOrders.orderNo, task.orderNo)));
        });
      });
    } catch (error) {
      await failBuild(db, task.whsId, task.orderNo, error instanceof ApiError ? error.message : 'The order could not be built because of an unexpected error.');
      throw error;
    }
    return {};
  },
});

export const runPendingCcBuilds = (db: Db) => ccBuildQueue.runPending(db);
export const startCcBuildWorker = ccBuildQueue.start;
