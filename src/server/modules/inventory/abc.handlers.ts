import { and, asc, eq, sql } from 'drizzle-orm';
import type { abcContract } from '../../../shared/contract/abc.contract';
import { categoryNodes } from '../../db/schema';
import type { Handlers } from '../../http/register';
import { readConfValue, writeConf } from '../../common/conf';
import { unixSeconds } from '../../common/time';
import { abcConfigLogPage, abcLocationSummary, abcRunPage, askAbcRun, readAbcConfig, saveAbcConfig, type AbcConfigState } from './abc';

/** The ABC calls (spec §7) and the daily cycle count compliance mode; the rules are in abc.ts. */

const CATEGORY_PICKER_MAX = 50;
export const COMPLIANCE_KEY = 'daily_cc_compliance_mode';

const configAnswer = (state: AbcConfigState) => ({
  ...state.values, is_default: state.isDefault ? 1 as const : 0 as const, updated_at: unixSeconds(state.updatedAt), updated_by: state.updatedBy,
});

export const abcHandlers: Handlers<typeof abcContract> = {
  searchNewAbcConfig: async (_input, { db, session }) => configAnswer(await readAbcConfig(db, session.whsId)),

  async updateNewAbcConfig(input, { db, session }) {
    await saveAbcConfig(db, session.whsId, session.userId, input);
    return configAnswer(await readAbcConfig(db, session.whsId));
  },

  searchAbcConfigModifyLog: (input, { db, session }) => abcConfigLogPage(db, session.whsId, input.page_no, input.page_size),

  async getCategoryL1ByPrefix(input, { db, session }) {
    const list = await db.select({ category_id: categoryNodes.categoryId, category_name: categoryNodes.categoryName }).from(categoryNodes)
      .where(and(
        eq(categoryNodes.whsId, session.whsId), eq(categoryNodes.level, 1),
        sql`starts_with(lower(${categoryNodes.categoryName}), lower(${input.prefix}))`,
      ))
      .orderBy(asc(categoryNodes.categoryName))
      .limit(CATEGORY_PICKER_MAX);
    return { list };
  },

  searchAbcRunCalculateHistory: (input, { db, session }) => abcRunPage(db, session.whsId, input.page_no, input.page_size),

  runCalculateAbc: (_input, { db, session }) => askAbcRun(db, session.whsId, session.userId),

  searchAbcConfig: (_input, { db, session }) => abcLocationSummary(db, session.whsId),

  getDailyCcComplianceMode: async (_input, { db, session }) => ({
    daily_cc_compliance_mode: (await readConfValue(db, session.whsId, COMPLIANCE_KEY)) === '1' ? 1 : 0,
  }),

  async updateDailyCcComplianceMode(input, { db, session }) {
    await writeConf(db, session.whsId, COMPLIANCE_KEY, String(input.daily_cc_compliance_mode));
    return { daily_cc_compliance_mode: input.daily_cc_compliance_mode };
  },
};
