import { PUTAWAY_MODE } from '../../../shared/codes';
import type { putawayContract } from '../../../shared/contract/putaway.contract';
import type { Handlers } from '../../http/register';
import { cancelTask, openWork, searchAssignees, taskDetail, updateTask } from './putaway-tasks';

/** The handlers of putaway.contract.ts (the puts are ops: putaway.ops.ts). */
export const putawayHandlers: Handlers<typeof putawayContract> = {
  openStandardPutawayTask: ({ code }, { db, session }) => openWork(db, session.whsId, code, PUTAWAY_MODE.values.STANDARD, session.userId),
  openMassPutawayLines: ({ code }, { db, session }) => openWork(db, session.whsId, code, PUTAWAY_MODE.values.MASS, session.userId),
  getPutawayTaskDetail: ({ task_no }, { db, session }) => taskDetail(db, session.whsId, task_no),
  searchPutawayAssignee: ({ keyword }, { db, session }) => searchAssignees(db, session.whsId, keyword),
  updatePutawayTask: (input, { db, session }) => updateTask(db, session.whsId, {
    taskNo: input.task_no, assigneeId: input.assignee_id, putawayMode: input.putaway_mode,
  }),
  cancelPutawayTask: ({ task_no }, { db, session }) => cancelTask(db, session.whsId, task_no),
};
