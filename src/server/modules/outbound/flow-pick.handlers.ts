import type { flowPickContract } from '../../../shared/contract/flow-pick.contract';
import type { Handlers } from '../../http/register';
import { flowPickOverview, flowPickSetting, saveFlowPickSetting } from './flow-pick';

/** The handlers of flow-pick.contract.ts (flow picking skills are a resource; flow tasks are made by claiming). */
export const flowPickHandlers: Handlers<typeof flowPickContract> = {
  getFlowPickSetting: (_input, { db, session }) => flowPickSetting(db, session.whsId),
  updateFlowPickSetting: (input, { db, session }) => db.transaction((tx) => saveFlowPickSetting(tx, session.whsId, session.userId, input)),
  getFlowPickOverview: (_input, { db, session }) => flowPickOverview(db, session.whsId),
};
