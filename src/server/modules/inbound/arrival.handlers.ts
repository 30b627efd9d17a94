import type { arrivalContract } from '../../../shared/contract/arrival.contract';
import type { Handlers } from '../../http/register';

/** The handlers of arrival.contract.ts. */
export const arrivalHandlers: Handlers<typeof arrivalContract> = {};
