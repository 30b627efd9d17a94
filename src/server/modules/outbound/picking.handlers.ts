import type { pickingContract } from '../../../shared/contract/picking.contract';
import type { Handlers } from '../../http/register';
import { claimTask, taskWork } from './picking';

/** The handlers of picking.contract.ts (picks are ops: picking.ops.ts). */
export const pickingHandlers: Handlers<typeof pickingContract> = {
  claimPickingTask: ({ task_no, container_code, sub_picking_only }, { db, session }) =>
    db.transaction((tx) => claimTask(tx, session.whsId, session.userId, task_no, container_code, sub_picking_only)),
  getPickingTaskDetail: ({ task_no }, { db, session }) => taskWork(db, session.whsId, task_no),
};
