import type { countingContract } from '../../../shared/contract/counting.contract';
import type { Handlers } from '../../http/register';
import {
  checkExceptionTrackingId, checkSurplus, checkTrackingId, completeGroupCounting, createTrackingId, createWrongSkuRecord, deleteTrackingId,
  expectedQcQty, groupCompletionCheck, groupDetail, groupList, saveCountingRecord, skuScanning, updateTrackingId, type CountActor,
} from './counting';

const actorOf = (session: { whsId: string; userId: number }, opId?: string): CountActor => ({ whsId: session.whsId, userId: session.userId, opId: opId ?? null });

/** The handlers of counting.contract.ts: each POST runs the function its offline op runs (counting.ops.ts), in one transaction. */
export const countingHandlers: Handlers<typeof countingContract> = {
  searchGroupList: (input, { db, session }) => groupList(db, session.whsId, input),
  searchGroupWorkingList: (input, { db, session }) => groupList(db, session.whsId, { ...input, working: true, mine: input.mine === 1 ? session.userId : null }),
  searchGroupDetail: ({ group_no }, { db, session }) => groupDetail(db, session.whsId, group_no),
  searchSkuScanning: ({ group_no, code }, { db, session }) => skuScanning(db, session.whsId, group_no, code),
  checkSurplus: ({ group_no, sku_id, qty }, { db, session }) => checkSurplus(db, session.whsId, group_no, sku_id, qty),
  checkTrackingId: ({ group_no, tracking_id }, { db, session }) => checkTrackingId(db, session.whsId, group_no, tracking_id),
  checkExceptionTrackingId: ({ tracking_id }, { db, session }) => checkExceptionTrackingId(db, session.whsId, tracking_id),
  checkGroupCompleteRecord: ({ group_no }, { db, session }) => groupCompletionCheck(db, session.whsId, group_no),
  getExpectedQcQty: (input, { db, session }) => expectedQcQty(db, session.whsId, input),
  saveCountingRecord: ({ op_id, ...input }, { db, session }) => db.transaction((tx) => saveCountingRecord(tx, actorOf(session, op_id), input)),
  createWrongSkuRecord: ({ op_id, ...input }, { db, session }) => db.transaction((tx) => createWrongSkuRecord(tx, actorOf(session, op_id), input)),
  createGroupCompleteRecord: ({ op_id, group_no }, { db, session }) => db.transaction((tx) => completeGroupCounting(tx, actorOf(session, op_id), group_no)),
  createTrackingId: ({ op_id, ...input }, { db, session }) => db.transaction((tx) => createTrackingId(tx, actorOf(session, op_id), input)),
  updateTrackingId: (input, { db, session }) => db.transaction((tx) => updateTrackingId(tx, actorOf(session), input)),
  deleteTrackingId: (input, { db, session }) => db.transaction((tx) => deleteTrackingId(tx, actorOf(session), input)),
};
