import type { packingContract } from '../../../shared/contract/packing.contract';
import type { Handlers } from '../../http/register';
import { warehouseTimeZone } from '../../common/time';
import { orderParcels, packingWork, replaceTrackingNo, startPacking } from './packing';

/** The handlers of packing.contract.ts (packing an order is an op: packing.ops.ts). */
export const packingHandlers: Handlers<typeof packingContract> = {
  async startPacking({ station_id, order }, { db, session }) {
    const timeZone = await warehouseTimeZone(db, session.whsId);
    return db.transaction((tx) => startPacking(tx, session.whsId, session.userId, station_id, order, timeZone));
  },
  getPackingTaskDetail: ({ task_no }, { db, session }) => packingWork(db, session.whsId, task_no),
  getOrderParcels: ({ order_no }, { db, session }) => orderParcels(db, session.whsId, order_no),
  createNewTrackingId: ({ tracking_no, station_id }, { db, session }) =>
    db.transaction((tx) => replaceTrackingNo(tx, session.whsId, session.userId, tracking_no, station_id)),
};
