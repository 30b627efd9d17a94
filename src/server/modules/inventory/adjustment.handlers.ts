import type { adjustmentContract } from '../../../shared/contract/adjustment.contract';
import type { Handlers } from '../../http/register';

/** The handlers of adjustment.contract.ts. */
export const adjustmentHandlers: Handlers<typeof adjustmentContract> = {};
