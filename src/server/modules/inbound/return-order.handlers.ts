import { RETURN_ORDER_SOURCE } from '../../../shared/codes';
import { RETURN_INBOUND_ENUMS, type returnOrderContract } from '../../../shared/contract/return-order.contract';
import type { Handlers } from '../../http/register';
import { ApiError } from '../../http/errors';
import { warehouseTimeZone } from '../../common/time';
import { returnUnitsOf, returnsToJudge } from './return-judging';
import { createReturnOrder, expectedReturnParcels, returnOrderDetail, settleReturnDispute } from './return-order';

const enumsPayload = Object.fromEntries(Object.entries(RETURN_INBOUND_ENUMS).map(([field, list]) => [
  field, list.options.map((o) => ({ value: o.value as number, name: o.name })),
])) as Record<keyof typeof RETURN_INBOUND_ENUMS, { value: number; name: string }[]>;

/** The handlers of return-order.contract.ts (the lists are resources: resources/return-order.resource.ts). */
export const returnOrderHandlers: Handlers<typeof returnOrderContract> = {
  async createReturnOrder(input, { db, session }) {
    const actor = { userId: session.userId, timeZone: await warehouseTimeZone(db, session.whsId) };
    return db.transaction((tx) => createReturnOrder(tx, session.whsId, actor, input, RETURN_ORDER_SOURCE.values.SCREEN));
  },

  async pushReturnOrders({ orders }, { db, session }) {
    const actor = { userId: session.userId, timeZone: await warehouseTimeZone(db, session.whsId) };
    const results = [];
    // Each return commits on its own: a refused one never holds back the others, and a resend of
    // the whole push is answered return by return as the first time.
    for (const input of orders) {
      try {
        const { order, created } = await db.transaction((tx) => createReturnOrder(tx, session.whsId, actor, input, RETURN_ORDER_SOURCE.values.ORDER_SYSTEM));
        results.push({ return_order_no: input.return_order_no, retcode: 0, message: created ? 'created' : 'received before', asn_no: order.asn_no, created, line: null });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const data = (error.data ?? {}) as { line?: number; asn_no?: string };
        results.push({ return_order_no: input.return_order_no, retcode: error.retcode, message: error.message, asn_no: data.asn_no ?? null, created: false, line: data.line ?? null });
      }
    }
    return { results };
  },

  async getReturnOrderDetail({ asn_no }, { db, session }) {
    const order = await returnOrderDetail(db, session.whsId, asn_no);
    return { order, units: await returnUnitsOf(db, session.whsId, asn_no) };
  },

  async getExpectedReturnParcels(_input, { db, session }) {
    return { list: await expectedReturnParcels(db, session.whsId) };
  },

  async getReturnsToJudge(_input, { db, session }) {
    return returnsToJudge(db, session.whsId);
  },

  async settleReturnDispute(input, { db, session }) {
    return db.transaction((tx) => settleReturnDispute(tx, { whsId: session.whsId, userId: session.userId, at: new Date() }, input));
  },

  async getReturnInboundEnums() {
    return enumsPayload;
  },
};
