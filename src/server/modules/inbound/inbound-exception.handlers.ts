import type { inboundExceptionContract } from '../../../shared/contract/inbound-exception.contract';
import type { Handlers } from '../../http/register';

/** The handlers of inbound-exception.contract.ts. */
export const inboundExceptionHandlers: Handlers<typeof inboundExceptionContract> = {};
