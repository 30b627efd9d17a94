import { describe, expect, test } from 'vitest';
import { RETURN_INBOUND_CONDITION, RETURN_INBOUND_REASON, RETURN_JUDGEMENT } from './codes';
import { conditionFloor, decidingRule, finalJudgement, judgementProblem, type ReturnInboundRule } from './return-judging';

const C = RETURN_INBOUND_CONDITION.values;
const R = RETURN_INBOUND_REASON.values;
const J = RETURN_JUDGEMENT.values;
const checks = [
  { check_id: 1, check_name: 'Packaging', fail_condition: C.DAMAGE, sequence: 10 },
  { check_id: 2, check_name: 'Parts', fail_condition: C.ABNORMAL, sequence: 20 },
];
const rule = (rule_id: number, priority: number, condition: number | null, return_reason: number | null, judgement: number): ReturnInboundRule =>
  ({ rule_id, rule_name: `r${rule_id}`, priority, condition, return_reason, judgement });
const rules = [rule(3, 30, null, null, J.RETURN_TO_SELLER), rule(1, 10, C.GOOD, R.FAULTY, J.REPLACEMENT), rule(2, 20, C.GOOD, null, J.REINBOUND)];

describe('judging a returned unit', () => {
  test('failed checks set the worst condition they name; none failed is Good', () => {
    expect(conditionFloor(checks, [])).toBe(C.GOOD);
    expect(conditionFloor(checks, [1])).toBe(C.DAMAGE);
    expect(conditionFloor(checks, [2, 1])).toBe(C.ABNORMAL);
  });

  test('the first rule by priority whose condition and reason match decides; blank matches any', () => {
    expect(decidingRule(rules, { condition: C.GOOD, return_reason: R.FAULTY })?.rule_id).toBe(1);
    expect(decidingRule(rules, { condition: C.GOOD, return_reason: R.CHANGE_OF_MIND })?.rule_id).toBe(2);
    expect(decidingRule(rules, { condition: C.DAMAGE, return_reason: R.FAULTY })?.rule_id).toBe(3);
    expect(decidingRule([], { condition: C.DAMAGE, return_reason: R.FAULTY })).toBeUndefined();
  });

  test('a condition better than the checks allow, no judgement without a rule, or another judgement without a reason is refused', () => {
    const unit = { condition: C.GOOD, return_reason: R.FAULTY, failed_checks: [] as number[], judgement: null, override_reason: null };
    const deciding = decidingRule(rules, unit);
    expect(judgementProblem(unit, checks, deciding)).toBeNull();
    expect(finalJudgement(unit, deciding)).toBe(J.REPLACEMENT);
    expect(judgementProblem({ ...unit, failed_checks: [1] }, checks, deciding)).toEqual({ reason: 'checks_failed', condition: C.DAMAGE });
    expect(judgementProblem(unit, checks, undefined)).toEqual({ reason: 'judgement_needed' });
    expect(judgementProblem({ ...unit, judgement: J.LIQUIDATION, override_reason: ' ' }, checks, deciding)).toEqual({ reason: 'override_reason', rule_judgement: J.REPLACEMENT });
    const overridden = { ...unit, judgement: J.LIQUIDATION, override_reason: 'Seller asked' };
    expect(judgementProblem(overridden, checks, deciding)).toBeNull();
    expect(finalJudgement(overridden, deciding)).toBe(J.LIQUIDATION);
    expect(judgementProblem({ ...unit, judgement: J.REPLACEMENT }, checks, deciding)).toBeNull();
  });
});
