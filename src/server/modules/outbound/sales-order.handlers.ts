import { OUTBOUND_ORDER_TYPE, SALES_ORDER_SOURCE } from '../../../shared/codes';
import type { salesOrderContract } from '../../../shared/contract/sales-order.contract';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/errors';
import type { Handlers } from '../../http/register';
import { warehouseTimeZone } from '../../common/time';
import { allocateOrders, knownOrders } from './allocation';
import { cancelOrder } from './cancel-after-checking';
import { createOrder, orderDetail, orderLabel, orderOut, setPriority, type Actor } from './sales-order';

/** The handlers of sales-order.contract.ts (the list is a resource: resources/sales-order.resource.ts). */

async function actorOf(db: Db, whsId: string, userId: number): Promise<Actor> {
  return { userId, timeZone: await warehouseTimeZone(db, whsId) };
}

export const salesOrderHandlers: Handlers<typeof salesOrderContract> = {
  async createSalesOrder(input, { db, session }) {
    const actor = await actorOf(db, session.whsId, session.userId);
    return db.transaction((tx) => createOrder(tx, session.whsId, actor, input, SALES_ORDER_SOURCE.values.SCREEN));
  },

  async pushSalesOrders({ orders }, { db, session }) {
    const actor = await actorOf(db, session.whsId, session.userId);
    const results = [];
    // Each order commits on its own: a refused one never holds back the others, and a resend of
    // the whole push is answered order by order as the first time.
    for (const input of orders) {
      try {
        const { order, created } = await db.transaction((tx) => createOrder(tx, session.whsId, actor, input, SALES_ORDER_SOURCE.values.ORDER_SYSTEM));
        results.push({ external_no: input.external_no, retcode: 0, message: created ? 'created' : 'received before', order_no: order.order_no, status: order.status, created, line: null });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const data = (error.data ?? {}) as { line?: number; order_no?: string };
        results.push({
          external_no: input.external_no, retcode: error.retcode, message: error.message, order_no: data.order_no ?? null, status: null, created: false, line: data.line ?? null,
        });
      }
    }
    return { results };
  },

  getSalesOrderDetail: ({ order_no }, { db, session }) => orderDetail(db, session.whsId, order_no),

  allocateSalesOrders({ order_nos }, { db, session }) {
    return db.transaction(async (tx) => {
      const known = await knownOrders(tx, session.whsId, order_nos, OUTBOUND_ORDER_TYPE.values.SALES);
      const missing = order_nos.find((no) => !known.has(no));
      if (missing) throw new ApiError(RET.NOT_FOUND, `${orderLabel(missing)} not found.`, { order_no: missing }, 404);
      const outcomes = await allocateOrders(tx, session.whsId, order_nos, session.userId);
      return {
        results: [...new Set(order_nos)].map((no) => {
          const { order, allocated } = outcomes.get(no)!;
          return { order_no: no, status: order.status, allocated, hold_reason: order.holdReason };
        }),
      };
    });
  },

  updateSalesOrderPriority: ({ order_nos, priority }, { db, session }) =>
    db.transaction(async (tx) => ({ updated: await setPriority(tx, session.whsId, order_nos, priority, session.userId) })),

  async cancelSalesOrder({ order_no, reason }, { db, session }) {
    const actor = await actorOf(db, session.whsId, session.userId);
    return db.transaction(async (tx) => {
      const { order, reverseTaskNo, intercepted } = await cancelOrder(tx, session.whsId, actor, order_no, reason);
      return { order: orderOut(order), reverse_task_no: reverseTaskNo, intercepted_tracking_nos: intercepted };
    });
  },
};
