import { eq } from 'drizzle-orm';
import { dayNumber } from '../../../shared/expiry';
import { HIGH_VALUE_SCOPE } from '../../../shared/resources/abc.resource';
import type { Db } from '../../db/client';
import { ccFrequencyRules } from '../../db/schema';

/**
 * The daily cycle count frequency (docs/inventory-accuracy.md "Cycle count frequency"): which SKUs
 * are due to be counted today under the warehouse's frequency rules. The daily order generation
 * reads the rules (readFrequencyRules) and asks dueSkus.
 */

export interface FrequencyRule {
  abc_class: number;
  /** HIGH_VALUE_SCOPE: 0 not high value, 1 high value, 2 any. */
  high_value: number;
  every_days: number;
  enabled: number;
}

export interface FrequencySku {
  sku_id: string;
  abc_class: number | null;
  is_high_value: number;
  /** `YYYY-MM-DD` of its last count, null when never counted. */
  last_counted_on: string | null;
}

/**
 * The ids of the SKUs due today (`YYYY-MM-DD`), in the order given: a SKU is due when an enabled
 * rule of its ABC class (the one for its high value flag, else the class's "any" rule) says every
 * N days and it was last counted N or more days ago, or never. A SKU no enabled rule covers is not
 * due; a SKU without a class is UNDEFINED (0).
 */
export function dueSkus(rules: readonly FrequencyRule[], skus: readonly FrequencySku[], today: string): string[] {
  const todayNo = dayNumber(today);
  if (todayNo === null) throw new RangeError(`not a date: ${today}`);
  const every = new Map<string, number>();
  for (const rule of rules) if (rule.enabled === 1) every.set(`${rule.abc_class}:${rule.high_value}`, rule.every_days);
  return skus.filter((sku) => {
    const abcClass = sku.abc_class ?? 0;
    const days = every.get(`${abcClass}:${sku.is_high_value === 1 ? HIGH_VALUE_SCOPE.values.YES : HIGH_VALUE_SCOPE.values.NO}`)
      ?? every.get(`${abcClass}:${HIGH_VALUE_SCOPE.values.ANY}`);
    if (days === undefined) return false;
    if (sku.last_counted_on === null) return true;
    const last = dayNumber(sku.last_counted_on);
    if (last === null) throw new RangeError(`${sku.sku_id}: not a date: ${sku.last_counted_on}`);
    return todayNo - last >= days;
  }).map((sku) => sku.sku_id);
}

/** The warehouse's frequency rules, enabled or not (dueSkus skips the disabled). */
export async function readFrequencyRules(db: Db, whsId: string): Promise<FrequencyRule[]> {
  return db.select({
    abc_class: ccFrequencyRules.abcClass, high_value: ccFrequencyRules.highValue, every_days: ccFrequencyRules.everyDays, enabled: ccFrequencyRules.enabled,
  }).from(ccFrequencyRules).where(eq(ccFrequencyRules.whsId, whsId)).orderBy(ccFrequencyRules.ruleId);
}
