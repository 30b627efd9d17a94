import type { receivingContract } from '../../../shared/contract/receiving.contract';
import type { Handlers } from '../../http/register';

/** The handlers of receiving.contract.ts. */
export const receivingHandlers: Handlers<typeof receivingContract> = {};
