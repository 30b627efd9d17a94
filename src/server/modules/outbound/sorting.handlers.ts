import type { sortingContract } from '../../../shared/contract/sorting.contract';
import type { Handlers } from '../../http/register';
import { warehouseTimeZone } from '../../common/time';
import { SORTING_STAGE } from '../../../shared/codes';
import { sortingWork, startSorting } from './sorting';

/** The handlers of sorting.contract.ts (sorts and refusals are ops: sorting.ops.ts). */
export const sortingHandlers: Handlers<typeof sortingContract> = {
  async startSortingTask({ station_id, container_code }, { db, session }) {
    const timeZone = await warehouseTimeZone(db, session.whsId);
    return db.transaction((tx) => startSorting(tx, session.whsId, session.userId, station_id, container_code, timeZone));
  },
  getSortingTaskDetail: ({ task_no }, { db, session }) => sortingWork(db, session.whsId, task_no, SORTING_STAGE.values.PUT_WALL),
  getPreSortingTaskDetail: ({ task_no }, { db, session }) => sortingWork(db, session.whsId, task_no, SORTING_STAGE.values.PRE_SORTING),
};
