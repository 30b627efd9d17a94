import { MERGING_ACCESS, arrivePayload } from '../contract/merging.contract';
import { defineOp } from './define';

/**
 * Merging on the lane screen: a container of an order picked into several containers arrives on
 * the merge lane. Queued online or not; the screen says the order and slot at once from its copy of
 * the lane, and the server's answer (applied exactly once) is the truth.
 */
export const mergingOps = {
  arrive: defineOp({
    kind: 'outbound.merging.arrive', access: MERGING_ACCESS.arrive, payload: arrivePayload,
    invalid: /*i18n*/ 'An arrival needs the merge lane and the container code.',
  }),
};
