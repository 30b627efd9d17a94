import type { qcContract } from '../../../shared/contract/qc.contract';
import type { Handlers } from '../../http/register';

/** The handlers of qc.contract.ts. */
export const qcHandlers: Handlers<typeof qcContract> = {};
