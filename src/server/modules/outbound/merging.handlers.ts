import type { mergingContract } from '../../../shared/contract/merging.contract';
import type { Handlers } from '../../http/register';
import { mergeLane, mergeTaskDetail } from './merging';

/** The handlers of merging.contract.ts (arrivals are ops: merging.ops.ts). */
export const mergingHandlers: Handlers<typeof mergingContract> = {
  // Reading a lane gives free slots to its waiting orders: a transaction of its own.
  getMergeLane: ({ station_id }, { db, session }) => db.transaction((tx) => mergeLane(tx, session.whsId, station_id)),
  getMergeTaskDetail: ({ task_no }, { db, session }) => mergeTaskDetail(db, session.whsId, task_no),
};
