import type { vasContract } from '../../../shared/contract/vas.contract';
import type { Handlers } from '../../http/register';
import { doVasLine, openVasWork } from './vas';

/** The handlers of vas.contract.ts. */
export const vasHandlers: Handlers<typeof vasContract> = {
  getVasTask: ({ code }, { db, session }) => openVasWork(db, session.whsId, code, session.userId),
  doVasLine: (input, { db, session }) => db.transaction((tx) => doVasLine(tx, session, input)),
};
