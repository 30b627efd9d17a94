import { describe, expect, it } from 'vitest';
import { ABC_CLASS } from '../../../shared/codes';
import { dueSkus, type FrequencyRule, type FrequencySku } from './cycle-count-frequency';

const { A, B, C, SA } = ABC_CLASS.values;
const ANY = 2;
const rule = (abc_class: number, every_days: number, high_value = ANY, enabled = 1): FrequencyRule => ({ abc_class, high_value, every_days, enabled });
const sku = (sku_id: string, abc_class: number | null, last_counted_on: string | null, is_high_value = 0): FrequencySku => ({ sku_id, abc_class, is_high_value, last_counted_on });
const TODAY = '2026-03-10';

describe('dueSkus', () => {
  const rules = [rule(A, 7), rule(B, 30), rule(C, 90), rule(SA, 1)];

  it('is due N or more days after the last count, or when never counted', () => {
    expect(dueSkus(rules, [
      sku('A-6', A, '2026-03-04'), sku('A-7', A, '2026-03-03'), sku('A-8', A, '2026-03-02'), sku('A-new', A, null),
      sku('B-29', B, '2026-02-09'), sku('B-30', B, '2026-02-08'),
      sku('C-89', C, '2025-12-11'), sku('C-90', C, '2025-12-10'),
      sku('SA-0', SA, TODAY), sku('SA-1', SA, '2026-03-09'),
    ], TODAY)).toEqual(['A-7', 'A-8', 'A-new', 'B-30', 'C-90', 'SA-1']);
  });

  it('crosses month and year ends by calendar days', () => {
    expect(dueSkus([rule(A, 7)], [sku('x', A, '2025-12-31'), sku('y', A, '2026-01-01')], '2026-01-07')).toEqual(['x']);
    expect(dueSkus([rule(A, 1)], [sku('leap', A, '2028-02-28')], '2028-02-29')).toEqual(['leap']);
  });

  it('prefers the rule of the SKU\'s own high value flag to the class\'s "any" rule', () => {
    const withHighValue = [rule(A, 30), rule(A, 1, 1)];
    const skus = [sku('hv', A, '2026-03-08', 1), sku('plain', A, '2026-03-08', 0)];
    expect(dueSkus(withHighValue, skus, TODAY)).toEqual(['hv']);
    // Only a rule for flagged SKUs: the others of the class are not due.
    expect(dueSkus([rule(A, 1, 1)], skus, TODAY)).toEqual(['hv']);
    expect(dueSkus([rule(A, 1, 0)], skus, TODAY)).toEqual(['plain']);
  });

  it('skips disabled rules and classes without a rule; a SKU without a class is UNDEFINED', () => {
    expect(dueSkus([rule(A, 7, ANY, 0), rule(B, 30)], [sku('a', A, null), sku('none', null, null), sku('excluded', ABC_CLASS.values.EXCLUDED, null)], TODAY)).toEqual([]);
    expect(dueSkus([rule(ABC_CLASS.values.UNDEFINED, 5)], [sku('none', null, null)], TODAY)).toEqual(['none']);
  });

  it('refuses a date it cannot read', () => {
    expect(() => dueSkus(rules, [], '2026-13-01')).toThrow(RangeError);
    expect(() => dueSkus(rules, [sku('a', A, '03/01/2026')], TODAY)).toThrow(/a: not a date/);
  });
});
