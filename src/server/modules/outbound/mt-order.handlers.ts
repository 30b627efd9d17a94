import { and, eq } from 'drizzle-orm';
import { OUTBOUND_ORDER_TYPE } from '../../../shared/codes';
import type { mtOrderContract } from '../../../shared/contract/mt-order.contract';
import type { Db } from '../../db/client';
import { pickingTasks } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { Handlers } from '../../http/register';
import { warehouseTimeZone } from '../../common/time';
import {
  allocateMtOrders, approveMtOrder, cancelMtOrder, createMtOrder, mtDestinations, mtOrderDetail, mtOrderOut, rejectMtOrder, releaseMtOrders, updateMtOrder,
} from './mt-order';
import { claimTask, taskWork } from './picking';
import type { Actor } from './sales-order';

/** The handlers of mt-order.contract.ts (the lists are resources: resources/mt-order.resource.ts, picking-task.resource.ts). */

const MT = OUTBOUND_ORDER_TYPE.values.MT;

async function actorOf(db: Db, whsId: string, userId: number): Promise<Actor> {
  return { userId, timeZone: await warehouseTimeZone(db, whsId) };
}

export const mtOrderHandlers: Handlers<typeof mtOrderContract> = {
  listMtDestinations: async (_input, { db, session }) => ({ list: await mtDestinations(db, session.whsId) }),

  getMtOrderDetail: ({ order_no }, { db, session }) => mtOrderDetail(db, session.whsId, order_no),

  async createMtOrder(input, { db, session }) {
    const actor = await actorOf(db, session.whsId, session.userId);
    return db.transaction(async (tx) => ({ order: await mtOrderOut(tx, session.whsId, await createMtOrder(tx, session.whsId, actor, input)) }));
  },

  async updateMtOrder({ order_no, ...input }, { db, session }) {
    const actor = await actorOf(db, session.whsId, session.userId);
    return db.transaction(async (tx) => {
      await updateMtOrder(tx, session.whsId, actor, order_no, input);
      return { order: await mtOrderOut(tx, session.whsId, order_no) };
    });
  },

  async approveMtOrder({ order_no }, { db, session }) {
    const actor = await actorOf(db, session.whsId, session.userId);
    return db.transaction(async (tx) => {
      await approveMtOrder(tx, session.whsId, actor, order_no);
      return { order: await mtOrderOut(tx, session.whsId, order_no) };
    });
  },

  async rejectMtOrder({ order_no, reason }, { db, session }) {
    const actor = await actorOf(db, session.whsId, session.userId);
    return db.transaction(async (tx) => {
      await rejectMtOrder(tx, session.whsId, actor, order_no, reason);
      return { order: await mtOrderOut(tx, session.whsId, order_no) };
    });
  },

  async cancelMtOrder({ order_no, reason }, { db, session }) {
    const actor = await actorOf(db, session.whsId, session.userId);
    return db.transaction(async (tx) => {
      await cancelMtOrder(tx, session.whsId, actor, order_no, reason);
      return { order: await mtOrderOut(tx, session.whsId, order_no) };
    });
  },

  async allocateMtOrders({ order_nos }, { db, session }) {
    const actor = await actorOf(db, session.whsId, session.userId);
    return db.transaction(async (tx) => ({
      results: (await allocateMtOrders(tx, session.whsId, actor, order_nos))
        .map((r) => ({ order_no: r.orderNo, status: r.status, allocated: r.allocated, hold_reason: r.holdReason })),
    }));
  },

  async releaseMtOrders({ order_nos }, { db, session }) {
    const actor = await actorOf(db, session.whsId, session.userId);
    return db.transaction(async (tx) => {
      const { waveNo, taskNos } = await releaseMtOrders(tx, session.whsId, actor, order_nos);
      return { wave_no: waveNo, task_nos: taskNos };
    });
  },

  claimMtPickingTask: ({ task_no, container_code }, { db, session }) =>
    db.transaction((tx) => claimTask(tx, session.whsId, session.userId, task_no, container_code, false, MT)),

  async getMtPickingTaskDetail({ task_no }, { db, session }) {
    const [task] = await db.select({ orderType: pickingTasks.orderType }).from(pickingTasks)
      .where(and(eq(pickingTasks.whsId, session.whsId), eq(pickingTasks.taskNo, task_no)));
    if (task?.orderType !== MT) throw notFound(`Task ${task_no}`);
    return taskWork(db, session.whsId, task_no);
  },
};
