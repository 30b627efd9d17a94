import type { outboundExceptionContract } from '../../../shared/contract/outbound-exception.contract';
import type { Handlers } from '../../http/register';
import { warehouseTimeZone } from '../../common/time';
import { handleTroubleshootTask, reportDamagedUnit, troubleshootDetail } from './outbound-exception';

/** The handlers of outbound-exception.contract.ts (the list is a resource: resources/ob-troubleshoot-task.resource.ts). */
export const outboundExceptionHandlers: Handlers<typeof outboundExceptionContract> = {
  getObTroubleshootTaskDetail: ({ task_id }, { db, session }) => troubleshootDetail(db, session.whsId, task_id),

  async handleObTroubleshootTask(input, { db, session }) {
    const actor = { userId: session.userId, timeZone: await warehouseTimeZone(db, session.whsId) };
    return db.transaction((tx) => handleTroubleshootTask(tx, session.whsId, actor, input));
  },

  async reportDamagedUnit(input, { db, session }) {
    const actor = { userId: session.userId, timeZone: await warehouseTimeZone(db, session.whsId) };
    return db.transaction((tx) => reportDamagedUnit(tx, session.whsId, actor, input));
  },
};
