import type { arrivalContract } from '../../../shared/contract/arrival.contract';
import type { Handlers } from '../../http/register';
import {
  arrivalBoxes, arrivalSheetRead, checkArrivalBox, completeArrival, isScanMtb, preQcArrivalBox, startArrival, type ArrivalActor,
} from './arrival';

/** The §7 trarrival calls (arrival.ts does the work; the arrival screen queues the same changes as offline ops, arrival.ops.ts). */
const now = (session: { whsId: string; userId: number }): ArrivalActor => ({ whsId: session.whsId, userId: session.userId, at: new Date() });

export const arrivalHandlers: Handlers<typeof arrivalContract> = {
  async getArrivalSheet(input, { db, session }) {
    return arrivalSheetRead(db, session.whsId, input.sheet_id);
  },
  async getArrivalConfig(_input, { db, session }) {
    return { is_scan_mtb: (await isScanMtb(db, session.whsId)) ? 1 : 0 };
  },
  async scanArrivalSheetId(input, { db, session }) {
    return db.transaction((tx) => startArrival(tx, session.whsId, input.sheet_id));
  },
  async saveArrivalMtb(input, { db, session }) {
    return db.transaction((tx) => checkArrivalBox(tx, now(session), input));
  },
  async updateArrivalMtb(input, { db, session }) {
    return db.transaction((tx) => preQcArrivalBox(tx, now(session), input));
  },
  async completeArrival(input, { db, session }) {
    return db.transaction((tx) => completeArrival(tx, now(session), input.sheet_id));
  },
  async searchExpectedArrivalMtb(input, { db, session }) {
    return arrivalBoxes(db, session.whsId, input.sheet_id, 'expected');
  },
  async searchCheckedArrivalMtb(input, { db, session }) {
    return arrivalBoxes(db, session.whsId, input.sheet_id, 'checked');
  },
  async searchMissingArrivalMtb(input, { db, session }) {
    return arrivalBoxes(db, session.whsId, input.sheet_id, 'missing');
  },
};
