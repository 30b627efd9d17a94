import { RETURN_INBOUND_CONDITION } from './codes';

/**
 * Return QC (docs/returns.md): each returned unit is checked against the warehouse's return QC
 * checklist, given a condition and a reason, and judged — by default as the first matching return
 * inbound rule says, otherwise as chosen with a reason. The screen judges with these offline; the
 * server applies the same to the op.
 */

/** A check of the return QC checklist: failing it makes the unit `fail_condition` (Damage or Abnormal) at least. */
export interface ReturnQcCheck {
  check_id: number;
  check_name: string;
  fail_condition: number;
  sequence: number;
}

/** A return inbound rule: a unit of this condition and reason (blank: any) goes where `judgement` says. */
export interface ReturnInboundRule {
  rule_id: number;
  rule_name: string;
  priority: number;
  condition: number | null;
  return_reason: number | null;
  judgement: number;
}

const C = RETURN_INBOUND_CONDITION.values;

/** The condition the failed checks make a unit at least: the highest of theirs (Good, Damage, Abnormal in code order); Good when none failed. */
export function conditionFloor(checks: readonly ReturnQcCheck[], failedIds: readonly number[]): number {
  const failed = new Set(failedIds);
  return checks.reduce<number>((floor, c) => (failed.has(c.check_id) ? Math.max(floor, c.fail_condition) : floor), C.GOOD);
}

/** The rule deciding a unit: the first by priority (then id) whose condition and reason match, a blank one matching any. */
export function decidingRule(rules: readonly ReturnInboundRule[], unit: { condition: number; return_reason: number }): ReturnInboundRule | undefined {
  return [...rules]
    .sort((a, b) => a.priority - b.priority || a.rule_id - b.rule_id)
    .find((r) => (r.condition === null || r.condition === unit.condition) && (r.return_reason === null || r.return_reason === unit.return_reason));
}

export type JudgementProblem =
  | { reason: 'checks_failed'; condition: number }
  | { reason: 'judgement_needed' }
  | { reason: 'override_reason'; rule_judgement: number };

export interface UnitJudgement {
  condition: number;
  return_reason: number;
  failed_checks: readonly number[];
  /** Null: as the rule decides. */
  judgement: number | null;
  override_reason: string | null;
}

/**
 * What is wrong with a unit's judgement, if anything: a condition better than its failed checks
 * allow, no judgement where no rule decides, or a judgement other than the rule's without a reason.
 */
export function judgementProblem(unit: UnitJudgement, checks: readonly ReturnQcCheck[], rule: ReturnInboundRule | undefined): JudgementProblem | null {
  const floor = conditionFloor(checks, unit.failed_checks);
  if (unit.condition < floor) return { reason: 'checks_failed', condition: floor };
  if (unit.judgement === null && !rule) return { reason: 'judgement_needed' };
  if (rule && unit.judgement !== null && unit.judgement !== rule.judgement && !unit.override_reason?.trim()) return { reason: 'override_reason', rule_judgement: rule.judgement };
  return null;
}

/** The unit's judgement: the one chosen, else the rule's (call after judgementProblem found none). */
export const finalJudgement = (unit: UnitJudgement, rule: ReturnInboundRule | undefined): number => unit.judgement ?? rule!.judgement;
