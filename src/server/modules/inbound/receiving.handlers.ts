import { INBOUND_TASK_KIND } from '../../../shared/codes';
import type { receivingContract } from '../../../shared/contract/receiving.contract';
import type { Handlers } from '../../http/register';
import { asnOfTask } from './qc.handlers';
import { completeReceiving, receiveAsnLine, receivingView } from './receiving';

/** The handlers of receiving.contract.ts. */
export const receivingHandlers: Handlers<typeof receivingContract> = {
  async getReceivingAsn(input, { db, session }) {
    return receivingView(db, session.whsId, await asnOfTask(db, session.whsId, input, INBOUND_TASK_KIND.values.RECEIVING));
  },
  receiveAsnLine: (input, { db, session }) => db.transaction((tx) => receiveAsnLine(tx, session, input)),
  completeReceiving: (input, { db, session }) => db.transaction((tx) => completeReceiving(tx, session, input)),
};
