import type { CodeValue } from '../../shared/codes';
import { canMove, transitionRefusal, type Lifecycle } from '../../shared/lifecycles';
import { RET } from '../../shared/retcodes';
import { ApiError } from './errors';

/**
 * Refuses a status change the lifecycle does not allow (spec §4): RET.ILLEGAL_TRANSITION naming
 * the document, where it is and where it was asked to go; nothing is changed.
 */
export function assertTransition<V extends CodeValue>(life: Lifecycle<V>, what: string, from: V, to: V): void {
  if (!canMove(life, from, to)) throw new ApiError(RET.ILLEGAL_TRANSITION, transitionRefusal(life, what, from, to), { from, to }, 409);
}
