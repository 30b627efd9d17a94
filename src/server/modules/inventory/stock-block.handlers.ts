import type { stockBlockContract } from '../../../shared/contract/stock-block.contract';
import type { Handlers } from '../../http/register';

/** The handlers of stock-block.contract.ts. */
export const stockBlockHandlers: Handlers<typeof stockBlockContract> = {};
