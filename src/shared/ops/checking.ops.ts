import { CHECKER_ACCESS } from '../contract/area-access';
import { checkPayload, refusePayload } from '../contract/checking.contract';
import { defineOp } from './define';

/**
 * Checking at a station: what the checking screen queues, online or not. The station checks each
 * scan against the task first (checking-flow.ts) and refuses a wrong or extra unit at once; the
 * refusal is queued too, so it is recorded even while the network is down. Sales and MT checking queue the same ops:
 * any area's checking permission lets them in, and the server refuses a task whose area's
 * permission the user lacks (area-access.ts).
 */
export const checkingOps = {
  check: defineOp({
    kind: 'outbound.checking.check', access: CHECKER_ACCESS, payload: checkPayload,
    invalid: /*i18n*/ 'A check needs the task, the order and its units (1 to 500 SKUs), with a weight of 1 g to 1,000 kg when one is given.',
  }),
  refuse: defineOp({
    kind: 'outbound.checking.refuse', access: CHECKER_ACCESS, payload: refusePayload,
    invalid: /*i18n*/ 'A refused scan needs the task, the reason and what was scanned.',
  }),
};
