import { OUTBOUND_ORDER_TYPE } from '../../../shared/codes';
import type { mtShippingContract } from '../../../shared/contract/mt-shipping.contract';
import type { Handlers } from '../../http/register';
import { warehouseTimeZone } from '../../common/time';
import { checkingWork, startChecking } from './checking';
import { mtPackingWork, mtShipmentDetail, startMtPacking } from './mt-shipping';

const MT = OUTBOUND_ORDER_TYPE.values.MT;

/** The handlers of mt-shipping.contract.ts (packing and shipping steps are ops: mt-shipping.ops.ts). */
export const mtShippingHandlers: Handlers<typeof mtShippingContract> = {
  async startMtCheckingTask({ station_id, container_code }, { db, session }) {
    const timeZone = await warehouseTimeZone(db, session.whsId);
    return db.transaction((tx) => startChecking(tx, session.whsId, session.userId, station_id, container_code, timeZone, undefined, MT));
  },
  getMtCheckingTaskDetail: ({ task_no }, { db, session }) => checkingWork(db, session.whsId, task_no, MT),
  async startMtPacking({ order_no }, { db, session }) {
    const timeZone = await warehouseTimeZone(db, session.whsId);
    return db.transaction((tx) => startMtPacking(tx, session.whsId, session.userId, order_no, timeZone));
  },
  getMtPackingDetail: ({ packing_id }, { db, session }) => mtPackingWork(db, session.whsId, packing_id),
  getMtShipmentDetail: ({ shipping_id }, { db, session }) => mtShipmentDetail(db, session.whsId, shipping_id),
};
