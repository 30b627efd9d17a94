import type { transferRequestContract } from '../../../shared/contract/transfer-request.contract';
import type { Db } from '../../db/client';
import type { Handlers } from '../../http/register';
import { warehouseTimeZone } from '../../common/time';
import {
  acceptTransferRequest, cancelTransferRequest, createTransferRequest, rejectTransferRequest, requestCounts, transferRequestOut, transferSources, transferTaskOut,
} from './transfer-request';
import type { Actor } from './sales-order';

/** The handlers of transfer-request.contract.ts (the lists are resources: resources/transfer-request.resource.ts). */

async function actorOf(db: Db, whsId: string, userId: number): Promise<Actor> {
  return { userId, timeZone: await warehouseTimeZone(db, whsId) };
}

export const transferRequestHandlers: Handlers<typeof transferRequestContract> = {
  listTransferSources: async (_input, { db, session }) => ({ list: await transferSources(db, session.whsId) }),

  getTransferRequest: ({ request_no }, { db, session }) => transferRequestOut(db, session.whsId, request_no),

  async createTransferRequest(input, { db, session }) {
    const actor = await actorOf(db, session.whsId, session.userId);
    return db.transaction(async (tx) => transferRequestOut(tx, session.whsId, await createTransferRequest(tx, session.whsId, actor, input)));
  },

  cancelTransferRequest: ({ request_no, reason }, { db, session }) => db.transaction(async (tx) => {
    await cancelTransferRequest(tx, session.whsId, request_no, reason);
    return transferRequestOut(tx, session.whsId, request_no);
  }),

  async acceptTransferRequest({ request_no }, { db, session }) {
    const actor = await actorOf(db, session.whsId, session.userId);
    return db.transaction(async (tx) => {
      await acceptTransferRequest(tx, session.whsId, actor, request_no);
      return transferRequestOut(tx, session.whsId, request_no);
    });
  },

  async rejectTransferRequest({ request_no, reason }, { db, session }) {
    const actor = await actorOf(db, session.whsId, session.userId);
    return db.transaction(async (tx) => {
      await rejectTransferRequest(tx, session.whsId, actor, request_no, reason);
      return transferRequestOut(tx, session.whsId, request_no);
    });
  },

  getTransferRequestCounts: async (_input, { db, session }) => ({ requested: await requestCounts(db, session.whsId) }),

  getTransferTask: ({ order_no }, { db, session }) => transferTaskOut(db, session.whsId, order_no),
};
