import { OUTBOUND_ORDER_TYPE } from '../../../shared/codes';
import type { rtsOrderContract } from '../../../shared/contract/rts-order.contract';
import type { Db } from '../../db/client';
import type { Handlers } from '../../http/register';
import { warehouseTimeZone } from '../../common/time';
import { claimTask } from './picking';
import {
  allocateRtsOrders, approveRtsOrder, cancelRtsOrder, createRtsOrder, rejectRtsOrder, releaseRtsOrders, rtsOrderDetail, rtsOrderOut, rtsPickingTaskDetail, updateRtsOrder,
} from './rts-order';
import { createRtsShipment, manifestAutoPrint, rtsShippingTasks, setManifestAutoPrint } from './rts-shipping';
import type { Actor } from './sales-order';

/** The handlers of rts-order.contract.ts (the lists are resources: resources/rts-order.resource.ts, picking-task.resource.ts). */

const RTS = OUTBOUND_ORDER_TYPE.values.RTS;

async function actorOf(db: Db, whsId: string, userId: number): Promise<Actor> {
  return { userId, timeZone: await warehouseTimeZone(db, whsId) };
}

export const rtsOrderHandlers: Handlers<typeof rtsOrderContract> = {
  getRtsOrderDetail: ({ order_no }, { db, session }) => rtsOrderDetail(db, session.whsId, order_no),

  async createRtsOrder(input, { db, session }) {
    const actor = await actorOf(db, session.whsId, session.userId);
    return db.transaction(async (tx) => ({ order: await rtsOrderOut(tx, session.whsId, await createRtsOrder(tx, session.whsId, actor, input)) }));
  },

  async updateRtsOrder({ order_no, ...input }, { db, session }) {
    const actor = await actorOf(db, session.whsId, session.userId);
    return db.transaction(async (tx) => {
      await updateRtsOrder(tx, session.whsId, actor, order_no, input);
      return { order: await rtsOrderOut(tx, session.whsId, order_no) };
    });
  },

  async approveRtsOrder({ order_no }, { db, session }) {
    const actor = await actorOf(db, session.whsId, session.userId);
    return db.transaction(async (tx) => {
      await approveRtsOrder(tx, session.whsId, actor, order_no);
      return { order: await rtsOrderOut(tx, session.whsId, order_no) };
    });
  },

  async rejectRtsOrder({ order_no, reason }, { db, session }) {
    const actor = await actorOf(db, session.whsId, session.userId);
    return db.transaction(async (tx) => {
      await rejectRtsOrder(tx, session.whsId, actor, order_no, reason);
      return { order: await rtsOrderOut(tx, session.whsId, order_no) };
    });
  },

  async cancelRtsOrder({ order_no, reason }, { db, session }) {
    const actor = await actorOf(db, session.whsId, session.userId);
    return db.transaction(async (tx) => {
      await cancelRtsOrder(tx, session.whsId, actor, order_no, reason);
      return { order: await rtsOrderOut(tx, session.whsId, order_no) };
    });
  },

  async allocateRtsOrders({ order_nos }, { db, session }) {
    const actor = await actorOf(db, session.whsId, session.userId);
    return db.transaction(async (tx) => ({
      results: (await allocateRtsOrders(tx, session.whsId, actor, order_nos))
        .map((r) => ({ order_no: r.orderNo, status: r.status, allocated: r.allocated, hold_reason: r.holdReason })),
    }));
  },

  async releaseRtsOrders({ order_nos }, { db, session }) {
    const actor = await actorOf(db, session.whsId, session.userId);
    return db.transaction(async (tx) => {
      const { waveNo, taskNos } = await releaseRtsOrders(tx, session.whsId, actor, order_nos);
      return { wave_no: waveNo, task_nos: taskNos };
    });
  },

  claimRtsPickingTask: ({ task_no, container_code }, { db, session }) =>
    db.transaction((tx) => claimTask(tx, session.whsId, session.userId, task_no, container_code, false, RTS)),

  getRtsPickingTaskDetail: ({ task_no, order_no }, { db, session }) => rtsPickingTaskDetail(db, session.whsId, task_no, order_no),

  listRtsShippingTasks: async ({ shipped, task_no }, { db, session }) => ({ list: await rtsShippingTasks(db, session.whsId, shipped === 1, task_no) }),

  async createRtsShipment(input, { db, session }) {
    const actor = await actorOf(db, session.whsId, session.userId);
    return db.transaction(async (tx) => {
      const { shipment, autoPrint, job } = await createRtsShipment(tx, session.whsId, actor, input);
      return { shipment, auto_print: autoPrint, print_job: job };
    });
  },

  getManifestAutoPrintConfig: async (_input, { db, session }) => ({ config_value: (await manifestAutoPrint(db, session.whsId)) ? 1 : 0 }),

  async updateManifestAutoPrintConfig({ config_value }, { db, session }) {
    await setManifestAutoPrint(db, session.whsId, config_value === 1, session.userId);
    return { config_value };
  },
};
