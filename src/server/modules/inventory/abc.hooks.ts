import { and, eq, ne } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { ACTIVE_STATUS } from '../../../shared/codes';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { ccFrequencyRules } from '../../db/schema';
import { ApiError } from '../../http/errors';
import type { ApiRow, ResourceHooks } from '../../http/resource-handlers';

/**
 * Rules of the inventory accuracy resources beyond their fields (shared/resources/abc.resource.ts):
 * a high value rule names a category or a prefix, and saving one re-flags the warehouse's SKUs; one
 * cycle count frequency rule per ABC class and high value flag.
 */

/**
 * Flags the warehouse's SKUs high value while an active rule matches them (its L1 category and/or
 * id prefix, a unit value of at least its minimum), and clears the flag of the others: one statement.
 */
export async function applyHighValueRules(tx: Db, whsId: string): Promise<void> {
  await tx.execute(sql`update skus s set is_high_value = m.flag
    from (select s2.sku_id, (exists (
        select 1 from high_value_rules r
        where r.whs_id = s2.whs_id and r.status = ${ACTIVE_STATUS.values.ACTIVE}
          and (r.category_l1 is null or s2.category = r.category_l1)
          and (r.sku_prefix is null or left(s2.sku_id, length(r.sku_prefix)) = r.sku_prefix)
          and s2.unit_value >= r.min_unit_value))::int as flag
      from skus s2 where s2.whs_id = ${whsId}) m
    where s.whs_id = ${whsId} and s.sku_id = m.sku_id and s.is_high_value <> m.flag`);
}

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

export const highValueRuleHooks: ResourceHooks = {
  prepare(values, current) {
    const out: ApiRow = { ...values };
    for (const field of ['category_l1', 'sku_prefix'] as const) if (field in out) out[field] = blankToNull(out[field]);
    const target = (field: 'category_l1' | 'sku_prefix') => (field in out ? out[field] : current?.[field]) ?? null;
    if (target('category_l1') === null && target('sku_prefix') === null) {
      throw new ApiError(RET.HIGH_VALUE_RULE_NO_TARGET, 'Name an L1 category, a SKU ID prefix or both: a rule without either would flag every SKU.');
    }
    return out;
  },
  afterCreate: (_row, tx, ctx) => applyHighValueRules(tx, ctx.session.whsId),
  afterUpdate: (_before, _after, tx, ctx) => applyHighValueRules(tx, ctx.session.whsId),
};

export const ccFrequencyRuleHooks: ResourceHooks = {
  async prepare(values, current, ctx) {
    const abcClass = Number(values.abc_class ?? current?.abc_class);
    const highValue = Number(values.high_value ?? current?.high_value);
    const [clash] = await ctx.db.select({ ruleId: ccFrequencyRules.ruleId }).from(ccFrequencyRules).where(and(
      eq(ccFrequencyRules.whsId, ctx.session.whsId), eq(ccFrequencyRules.abcClass, abcClass), eq(ccFrequencyRules.highValue, highValue),
      ...(current ? [ne(ccFrequencyRules.ruleId, Number(current.rule_id))] : []),
    ));
    if (clash) {
      throw new ApiError(
        RET.CC_FREQUENCY_RULE_EXISTS,
        `Rule ${clash.ruleId} sets the frequency of this ABC class and high value flag already: edit that one.`,
        { rule_id: clash.ruleId },
      );
    }
    return values;
  },
};
