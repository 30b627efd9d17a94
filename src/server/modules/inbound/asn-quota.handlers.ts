import type { asnQuotaContract } from '../../../shared/contract/asn-quota.contract';
import type { Handlers } from '../../http/register';

/** The handlers of asn-quota.contract.ts. */
export const asnQuotaHandlers: Handlers<typeof asnQuotaContract> = {};
