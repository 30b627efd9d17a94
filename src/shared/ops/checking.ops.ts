import { CHECKING_ACCESS, checkPayload, refusePayload } from '../contract/checking.contract';
import { defineOp } from './define';

/**
 * Checking at a station: what the checking screen queues, online or not. The station checks each
 * scan against the task first (checking-flow.ts) and refuses a wrong or extra unit at once; the
 * refusal is queued too, so it is recorded even while the network is down.
 */
export const checkingOps = {
  check: defineOp({
    kind: 'outbound.checking.check', access: CHECKING_ACCESS.check, payload: checkPayload,
    invalid: /*i18n*/ 'A check needs the task, the order and its units (1 to 500 SKUs), with a weight of 1 g to 1,000 kg when one is given.',
  }),
  refuse: defineOp({
    kind: 'outbound.checking.refuse', access: CHECKING_ACCESS.check, payload: refusePayload,
    invalid: /*i18n*/ 'A refused scan needs the task, the reason and what was scanned.',
  }),
};
