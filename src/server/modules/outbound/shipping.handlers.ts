import type { shippingContract } from '../../../shared/contract/shipping.contract';
import type { Handlers } from '../../http/register';
import { handoverDetail, orderShipping, shippingBoard } from './shipping';

/** The handlers of shipping.contract.ts (opening, loading and closing are ops: shipping.ops.ts). */
export const shippingHandlers: Handlers<typeof shippingContract> = {
  getShippingBoard: (_input, { db, session }) => shippingBoard(db, session.whsId),
  getHandoverDetail: ({ shipping_no }, { db, session }) => handoverDetail(db, session.whsId, shipping_no),
  getOrderShipping: ({ order_no }, { db, session }) => orderShipping(db, session.whsId, order_no),
};
