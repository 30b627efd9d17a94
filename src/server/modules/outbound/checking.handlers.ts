import type { checkingContract } from '../../../shared/contract/checking.contract';
import type { Handlers } from '../../http/register';
import { warehouseTimeZone } from '../../common/time';
import { checkingWork, startChecking } from './checking';

/** The handlers of checking.contract.ts (checks and refusals are ops: checking.ops.ts). */
export const checkingHandlers: Handlers<typeof checkingContract> = {
  async startCheckingTask({ station_id, container_code, mode }, { db, session }) {
    const timeZone = await warehouseTimeZone(db, session.whsId);
    return db.transaction((tx) => startChecking(tx, session.whsId, session.userId, station_id, container_code, timeZone, mode));
  },
  getCheckingTaskDetail: ({ task_no }, { db, session }) => checkingWork(db, session.whsId, task_no),
};
