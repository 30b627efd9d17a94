import type { putawayContract } from '../../../shared/contract/putaway.contract';
import type { Handlers } from '../../http/register';

/** The handlers of putaway.contract.ts. */
export const putawayHandlers: Handlers<typeof putawayContract> = {};
