import { RETURN_ORDER_ACCESS, judgeReturnUnitInput } from '../contract/return-order.contract';
import { defineOp } from './define';

/**
 * Return QC (docs/returns.md): each returned unit judged on the floor — condition, reason, failed
 * checks and where it goes. Queued online or not; the screen judges with its cached checklist and
 * rules (shared/return-judging.ts), and the server applies the same once.
 */
export const returnQcOps = {
  judgeUnit: defineOp({
    kind: 'returninbound.qc.judge_unit', access: RETURN_ORDER_ACCESS.judge, payload: judgeReturnUnitInput,
    invalid: /*i18n*/ 'A returned unit needs its return, the SKU scanned, a condition and, to go against the rule, a reason of up to 200 characters.',
  }),
};
