import type { countingContract } from '../../../shared/contract/counting.contract';
import type { Handlers } from '../../http/register';

/** The handlers of counting.contract.ts. */
export const countingHandlers: Handlers<typeof countingContract> = {};
