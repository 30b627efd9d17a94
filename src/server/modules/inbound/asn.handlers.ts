import type { asnContract } from '../../../shared/contract/asn.contract';
import type { Handlers } from '../../http/register';

/** The handlers of asn.contract.ts. */
export const asnHandlers: Handlers<typeof asnContract> = {};
