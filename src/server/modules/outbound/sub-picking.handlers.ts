import type { subPickingContract } from '../../../shared/contract/sub-picking.contract';
import type { Handlers } from '../../http/register';
import { warehouseTimeZone } from '../../common/time';
import { groupDetail, mergeGroup, splitTask, subTaskWork } from './sub-picking';

/** The handlers of sub-picking.contract.ts (the lists are resources). */
export const subPickingHandlers: Handlers<typeof subPickingContract> = {
  async splitPickingTask({ task_no, split_by, split_value }, { db, session }) {
    const actor = { userId: session.userId, timeZone: await warehouseTimeZone(db, session.whsId) };
    return db.transaction((tx) => splitTask(tx, session.whsId, actor, task_no, split_by, split_value));
  },
  mergeSubPickingGroup: ({ group_id }, { db, session }) => db.transaction((tx) => mergeGroup(tx, session.whsId, group_id)),
  getSubPickingGroupDetail: ({ group_id }, { db, session }) => groupDetail(db, session.whsId, group_id),
  getSubPickingTaskDetail: ({ task_no }, { db, session }) => subTaskWork(db, session.whsId, task_no),
};
