import { describe, expect, test } from 'vitest';
import { QC_RULE_KIND } from './codes';
import { AQL_LEVELS, aqlPlan, aqlVerdict, codeLetterOf, matchQcRule, qcSample, type QcRuleMatch } from './qc-sampling';

const K = QC_RULE_KIND.values;

describe('ISO 2859-1 Table 1, general inspection level II', () => {
  test.each([
    [1, 'A'], [2, 'A'], [8, 'A'], [9, 'B'], [15, 'B'], [16, 'C'], [25, 'C'], [26, 'D'], [50, 'D'], [51, 'E'], [90, 'E'],
    [91, 'F'], [150, 'F'], [151, 'G'], [280, 'G'], [281, 'H'], [500, 'H'], [501, 'J'], [1200, 'J'], [1201, 'K'], [3200, 'K'],
    [3201, 'L'], [10000, 'L'], [10001, 'M'], [35000, 'M'], [35001, 'N'], [150000, 'N'], [150001, 'P'], [500000, 'P'], [500001, 'Q'],
  ])('a lot of %i is code letter %s', (lot, letter) => {
    expect(codeLetterOf(lot)).toBe(letter);
  });
});

describe('ISO 2859-1 Table 2-A, single sampling, normal inspection', () => {
  // [lot size, AQL, sample, Ac, Re, plan letter]: plans read from the master table, arrows followed.
  test.each([
    [120, '2.5', 20, 1, 2, 'F'], // F: 1 2
    [120, '4.0', 20, 2, 3, 'F'], // F: 2 3
    [120, '6.5', 20, 3, 4, 'F'],
    [120, '1.0', 13, 0, 1, 'E'], // F at 1.0 is ↑: E's 0 1
    [120, '0.65', 20, 0, 1, 'F'],
    [120, '0.40', 32, 0, 1, 'G'], // F at 0.40 is ↓: G's 0 1
    [20, '4.0', 3, 0, 1, 'B'], // C at 4.0 is ↑: B's 0 1
    [20, '6.5', 8, 1, 2, 'D'], // C at 6.5 is ↓: D's 1 2
    [20, '2.5', 5, 0, 1, 'C'],
    [400, '2.5', 50, 3, 4, 'H'],
    [400, '4.0', 50, 5, 6, 'H'],
    [400, '1.0', 50, 1, 2, 'H'],
    [2000, '2.5', 125, 7, 8, 'K'],
    [2000, '1.0', 125, 3, 4, 'K'],
    [2000, '4.0', 125, 10, 11, 'K'],
    [5000, '6.5', 200, 21, 22, 'L'],
    [20000, '6.5', 200, 21, 22, 'L'], // M at 6.5 is ↑: L's 21 22
    [5000, '0.65', 200, 3, 4, 'L'],
    [100000, '0.25', 500, 3, 4, 'N'],
    [600000, '0.65', 1250, 14, 15, 'Q'],
  ] as const)('a lot of %i at AQL %s inspects %i, accepts %i, rejects %i (plan %s)', (lot, aql, sample, ac, re, letter) => {
    const plan = aqlPlan(lot, aql)!;
    expect(plan).toMatchObject({ sample_qty: sample, accept_qty: ac, reject_qty: re, plan_letter: letter, code_letter: codeLetterOf(lot) });
  });

  test('a sample as large as the lot inspects every unit', () => {
    expect(aqlPlan(5, '0.65')).toMatchObject({ code_letter: 'A', plan_letter: 'F', sample_qty: 5, accept_qty: 0 });
    expect(aqlPlan(1, '6.5')).toMatchObject({ sample_qty: 1 });
  });

  test('an empty lot has no plan', () => {
    expect(aqlPlan(0, '2.5')).toBeNull();
    expect(aqlPlan(-3, '2.5')).toBeNull();
  });

  test('every level gives a plan for every letter, with Re = Ac + 1 and sample sizes growing with the lot', () => {
    for (const aql of AQL_LEVELS) {
      let last = 0;
      for (const lot of [2, 9, 16, 26, 51, 91, 151, 281, 501, 1201, 3201, 10001, 35001, 150001, 500001]) {
        const plan = aqlPlan(lot, aql)!;
        expect(plan.reject_qty).toBe(plan.accept_qty + 1);
        expect(plan.sample_qty).toBeGreaterThanOrEqual(Math.min(last, lot));
        last = plan.sample_qty;
      }
    }
  });

  test('the verdict: accepted up to Ac nonconforming units, rejected from Re', () => {
    const plan = aqlPlan(400, '2.5')!;
    expect(aqlVerdict(plan, 0)).toBe('accept');
    expect(aqlVerdict(plan, 3)).toBe('accept');
    expect(aqlVerdict(plan, 4)).toBe('reject');
  });
});

describe('samples by rule kind', () => {
  test('SKU attributes: one unit', () => {
    expect(qcSample({ rule_kind: K.SKU_ATTRIBUTES, sample_percent: null, aql_level: null }, 500).sample_qty).toBe(1);
  });
  test('percentage: the share rounded up, at most the lot', () => {
    const rule = { rule_kind: K.PERCENTAGE_BASED, sample_percent: 10, aql_level: null } as const;
    expect(qcSample(rule, 95).sample_qty).toBe(10);
    expect(qcSample(rule, 3).sample_qty).toBe(1);
    expect(qcSample({ ...rule, sample_percent: 100 }, 7).sample_qty).toBe(7);
  });
  test('AQL: the plan, with it', () => {
    const sample = qcSample({ rule_kind: K.AQL, sample_percent: null, aql_level: '2.5' }, 120);
    expect(sample.sample_qty).toBe(20);
    expect(sample.plan?.accept_qty).toBe(1);
  });
  test('an AQL rule without a usable level inspects the whole line', () => {
    expect(qcSample({ rule_kind: K.AQL, sample_percent: null, aql_level: '3.3' }, 40)).toEqual({ sample_qty: 40, plan: null });
  });
  test('nothing counted, nothing inspected', () => {
    expect(qcSample({ rule_kind: K.SKU_ATTRIBUTES, sample_percent: null, aql_level: null }, 0).sample_qty).toBe(0);
  });
});

describe('rule matching', () => {
  const rule = (over: Partial<QcRuleMatch>): QcRuleMatch => ({
    rule_id: 1, priority: 10, status: 1, supplier_id: null, category_prefix: null, high_value_only: false,
    rule_kind: K.PERCENTAGE_BASED, sample_percent: 10, aql_level: null, ...over,
  });
  const subject = { supplier_id: 'SUP1', category: 'Electronics', is_high_value: true };

  test('the first active rule by priority whose conditions hold', () => {
    const rules = [
      rule({ rule_id: 1, priority: 30 }),
      rule({ rule_id: 2, priority: 10, supplier_id: 'SUP2' }),
      rule({ rule_id: 3, priority: 20, category_prefix: 'elec' }),
      rule({ rule_id: 4, priority: 5, status: 2 }),
    ];
    expect(matchQcRule(rules, subject)?.rule_id).toBe(3);
    expect(matchQcRule(rules, { ...subject, category: 'Fashion' })?.rule_id).toBe(1);
  });
  test('high-value rules skip other SKUs; ties break on the id', () => {
    const rules = [rule({ rule_id: 7, high_value_only: true }), rule({ rule_id: 9 })];
    expect(matchQcRule(rules, subject)?.rule_id).toBe(7);
    expect(matchQcRule(rules, { ...subject, is_high_value: false })?.rule_id).toBe(9);
  });
  test('no rule, no inspection', () => {
    expect(matchQcRule([rule({ supplier_id: 'OTHER' })], subject)).toBeNull();
  });
});
