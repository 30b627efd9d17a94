import { and, eq, sql } from 'drizzle-orm';
import { ABC_CLASS, EXPORT_TASK_STATUS } from '../../../shared/codes';
import { DEFAULT_ABC_CONFIG, type AbcConfigValues } from '../../../shared/contract/abc.contract';
import { ABC_BASIS, HIGH_VALUE_SCOPE } from '../../../shared/resources/abc.resource';
import type { Tx } from '../../db/client';
import { abcConfigLogs, abcConfigs, abcRuns, ccFrequencyRules, highValueRules, skus, users } from '../../db/schema';
import { applyHighValueRules } from './abc.hooks';

/**
 * Demo ABC data: unit values for the demo SKUs (in each country's currency), ABC settings with
 * their change in the log, one finished calculation in the history (the demo SKUs' classes as
 * seeded), a high value rule flagging the Electronics (as the SKU seed flags them) and the
 * frequency rules A every 7 days, B 30, C 90, SA 1.
 */

/** Unit value of a demo category, in Singapore dollars. */
const CATEGORY_VALUE: Record<string, number> = {
  Electronics: 120, 'Home Appliances': 60, Fashion: 25, 'Baby Care': 20, Beauty: 15, Health: 12, Automotive: 18, Groceries: 8, Dairy: 3, 'Frozen Food': 5, Snacks: 2, Office: 4,
};
/** Roughly one Singapore dollar in the warehouse's currency, by country prefix (spec §9 currencies). */
const CURRENCY_FACTOR: Record<string, number> = { SG: 1, MY: 3, TH: 25, PH: 40, ID: 11_000, VN: 18_000 };

const DEMO_CONFIG: AbcConfigValues = { basis: ABC_BASIS.values.PICKS, window_days: 30, a_max_pct: 80, b_max_pct: 95, sa_top_n: 5, excluded_categories: ['Office'] };

export async function seedDemoAbc(tx: Tx, whsIds: readonly string[]): Promise<void> {
  const [admin] = await tx.select({ userId: users.userId }).from(users).where(eq(users.email, 'admin@demo.local'));
  if (!admin) throw new Error('the demo administrator is seeded before the ABC demo data');
  for (const whsId of whsIds) {
    const factor = CURRENCY_FACTOR[whsId.slice(0, 2)] ?? 1;
    for (const [category, value] of Object.entries(CATEGORY_VALUE)) {
      // Varied within a category by the SKU's number, so value rankings are not all ties.
      await tx.update(skus).set({ unitValue: sql`${value * factor} + (ascii(right(${skus.skuId}, 1)) % 7) * ${Math.max(1, Math.round(value * factor / 10))}` })
        .where(and(eq(skus.whsId, whsId), eq(skus.category, category)));
    }
    await tx.insert(abcConfigs).values({
      whsId, basis: DEMO_CONFIG.basis, windowDays: DEMO_CONFIG.window_days, aMaxPct: DEMO_CONFIG.a_max_pct, bMaxPct: DEMO_CONFIG.b_max_pct,
      saTopN: DEMO_CONFIG.sa_top_n, excludedCategories: DEMO_CONFIG.excluded_categories, updatedBy: admin.userId,
    });
    await tx.insert(abcConfigLogs).values({ whsId, userId: admin.userId, oldValue: DEFAULT_ABC_CONFIG, newValue: DEMO_CONFIG });
    const counts = new Map((await tx.select({ abcClass: skus.abcClass, n: sql<number>`count(*)::int` }).from(skus)
      .where(eq(skus.whsId, whsId)).groupBy(skus.abcClass)).map((r) => [r.abcClass ?? 0, r.n]));
    const n = (c: number) => counts.get(c) ?? 0;
    const C = ABC_CLASS.values;
    await tx.insert(abcRuns).values({
      whsId, userId: admin.userId, config: DEMO_CONFIG, status: EXPORT_TASK_STATUS.values.DONE, progress: 100, attempts: 1,
      skuCount: [...counts.values()].reduce((a, b) => a + b, 0), saCount: n(C.SA), aCount: n(C.A), bCount: n(C.B), cCount: n(C.C), excludedCount: n(C.EXCLUDED),
      createdAt: sql`now() - interval '1 day'`, startedAt: sql`now() - interval '1 day'`, finishedAt: sql`now() - interval '1 day' + interval '2 seconds'`,
    });
    await tx.insert(highValueRules).values({ whsId, categoryL1: 'Electronics', minUnitValue: 10 * factor, remark: 'Phones, audio and accessories' });
    await applyHighValueRules(tx, whsId);
    await tx.insert(ccFrequencyRules).values([
      { whsId, abcClass: C.SA, highValue: HIGH_VALUE_SCOPE.values.ANY, everyDays: 1 },
      { whsId, abcClass: C.A, highValue: HIGH_VALUE_SCOPE.values.ANY, everyDays: 7 },
      { whsId, abcClass: C.B, highValue: HIGH_VALUE_SCOPE.values.ANY, everyDays: 30 },
      { whsId, abcClass: C.C, highValue: HIGH_VALUE_SCOPE.values.ANY, everyDays: 90 },
    ]);
  }
}
