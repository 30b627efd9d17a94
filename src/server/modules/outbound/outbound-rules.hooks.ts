import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { RET } from '../../../shared/retcodes';
import { zoneColorNamed } from '../../../shared/zone-colors';
import type { Db } from '../../db/client';
import { cycleCountSkills, flowPickingSkills, pickingRules, pickingSkills, shopGroups, shops, sortingSkills, userWarehouses, waveRules, zoneColors, zones } from '../../db/schema';
import { ApiError, badInput } from '../../http/errors';
import type { ApiRow, ResourceHooks } from '../../http/resource-handlers';
import { actorOf, assertMayChange } from '../../common/account-rules';
import { idSet, typedIds } from './id-lists';

/**
 * Checks of the sales outbound rules beyond their fields (resources/outbound-rules.resource.ts):
 * one picking rule a zone (and one for the warehouse), picking skills naming zones the warehouse
 * has, for one of its members no stronger than the caller; store group templates and wave groups
 * naming shops, shop groups and wave rules the warehouse has; a wave rule's minimum within its
 * maximum; a zone's colour, one a zone and each colour for one zone. (References by id field — a wave rule's grouping rule, an auto wave rule's wave group
 * and template — are checked against the warehouse by the resource handlers.)
 */

export const pickingRuleHooks: ResourceHooks = {
  async prepare(values, current, ctx) {
    if (current) return values;
    const zoneId = typeof values.zone_id === 'string' && values.zone_id !== '' ? values.zone_id : null;
    const [clash] = await ctx.db.select({ ruleId: pickingRules.ruleId }).from(pickingRules)
      .where(and(eq(pickingRules.whsId, ctx.session.whsId), sql`coalesce(${pickingRules.zoneId}, '') = ${zoneId ?? ''}`));
    if (clash) {
      throw badInput('zone_id', `${zoneId ? `zone ${zoneId}` : 'the warehouse'} has a picking rule already (rule ${clash.ruleId}): edit that one`);
    }
    return { ...values, zone_id: zoneId };
  },
};

/** Refuses ids of `field` the warehouse does not have (`known` answers those it has), naming a few. */
async function requireKnown(field: string, ids: readonly string[], what: string, whsId: string, known: (ids: string[]) => Promise<string[]>): Promise<void> {
  if (ids.length === 0) return;
  const found = new Set(await known([...ids]));
  const unknown = ids.filter((id) => !found.has(id));
  if (unknown.length > 0) throw badInput(field, `not a ${what} of warehouse ${whsId}: ${unknown.slice(0, 5).join(', ')}`);
}

/** The places an operator skill names: its list field, what one is called, and those of the warehouse among `wanted`. */
export interface SkillPlaces {
  field: 'zone_ids' | 'station_ids';
  noun: string;
  known(db: Db, whsId: string, wanted: string[]): Promise<string[]>;
}

const skillZones: SkillPlaces = {
  field: 'zone_ids', noun: 'zone',
  known: async (db, whsId, wanted) => (await db.select({ id: zones.zoneId }).from(zones).where(and(eq(zones.whsId, whsId), inArray(zones.zoneId, wanted)))).map((r) => r.id),
};

/**
 * Operator skills (picking, flow picking and cycle count skills naming zones; sorting skills naming
 * put walls): for a member of the warehouse no stronger than the caller, one row a user, at least one
 * place, each one of the warehouse's.
 */
export function operatorSkillHooks(table: typeof pickingSkills | typeof flowPickingSkills | typeof sortingSkills | typeof cycleCountSkills, what: string, places: SkillPlaces = skillZones): ResourceHooks {
  return {
    async prepare(values, current, ctx) {
      const whsId = ctx.session.whsId;
      const out = { ...values };
      // The places an account may work at are the account's: nobody changes one stronger than their own
      // (a member's, checked once it is known to be one).
      const userId = Number(current ? current.user_id : values.user_id);
      if (current) await assertMayChange(ctx.db, await actorOf(ctx), [userId]);
      if (!current) {
        const [member] = await ctx.db.select({ userId: userWarehouses.userId }).from(userWarehouses)
          .where(and(eq(userWarehouses.whsId, whsId), eq(userWarehouses.userId, userId)));
        if (!member) throw badInput('user_id', `user ${userId} does not work in warehouse ${whsId}`);
        const [existing] = await ctx.db.select({ userId: table.userId }).from(table)
          .where(and(eq(table.whsId, whsId), eq(table.userId, userId)));
        if (existing) throw badInput('user_id', `user ${userId} has ${what} already: edit them`);
        await assertMayChange(ctx.db, await actorOf(ctx), [userId]);
      }
      const listed = values[places.field];
      if (typeof listed === 'string') {
        const ids = idSet(listed);
        if (ids.length === 0) throw badInput(places.field, `name at least one ${places.noun}`);
        await requireKnown(places.field, ids, places.noun, whsId, (wanted) => places.known(ctx.db, whsId, wanted));
        const joined = ids.join(',');
        if (joined.length > 2000) throw badInput(places.field, `too many ${places.noun}s`);
        out[places.field] = joined;
      }
      return out;
    },
  };
}

export const pickingSkillHooks = operatorSkillHooks(pickingSkills, 'picking skills');
export const flowPickingSkillHooks = operatorSkillHooks(flowPickingSkills, 'flow picking skills');
export const cycleCountSkillHooks = operatorSkillHooks(cycleCountSkills, 'cycle count skills');

/** The value a field will have once written: the one sent, else the stored one. */
const after = (field: string, values: ApiRow, current: ApiRow | null): unknown => (values[field] !== undefined ? values[field] : current?.[field]);

/** A store group template names shops or shop groups (at least one) of the warehouse, kept sorted. */
export const storeGroupTemplateHooks: ResourceHooks = {
  async prepare(values, current, ctx) {
    const whsId = ctx.session.whsId;
    const out = { ...values };
    const shopIds = idSet(String(after('shop_ids', values, current) ?? ''));
    const groupIds = idSet(String(after('shop_group_ids', values, current) ?? ''));
    if (shopIds.length === 0 && groupIds.length === 0) throw badInput('shop_ids', 'name at least one shop or shop group');
    await requireKnown('shop_ids', shopIds, 'shop', whsId, async (wanted) => (await ctx.db.select({ id: shops.shopId }).from(shops)
      .where(and(eq(shops.whsId, whsId), inArray(shops.shopId, wanted)))).map((r) => r.id));
    await requireKnown('shop_group_ids', groupIds, 'shop group', whsId, async (wanted) => (await ctx.db.select({ id: shopGroups.groupId }).from(shopGroups)
      .where(and(eq(shopGroups.whsId, whsId), inArray(shopGroups.groupId, wanted)))).map((r) => r.id));
    for (const [field, ids] of [['shop_ids', shopIds], ['shop_group_ids', groupIds]] as const) {
      if (values[field] === undefined) continue;
      const joined = ids.join(',');
      if (joined.length > 2000) throw badInput(field, 'too many ids');
      out[field] = joined;
    }
    return out;
  },
};

/** A wave rule's fewest orders are at most its most. */
export const waveRuleHooks: ResourceHooks = {
  prepare(values, current) {
    const min = Number(after('min_orders', values, current) ?? 1);
    const max = Number(after('max_orders', values, current));
    if (min > max) throw badInput('min_orders', `the fewest orders of a wave (${min}) are more than its most (${max})`);
    return values;
  },
};

/** Most wave rules a wave group steps through. */
export const WAVE_GROUP_STEPS_MAX = 10;

/** A wave group lists wave rules of the warehouse, each once, in the order typed (the run order). */
export const waveGroupHooks: ResourceHooks = {
  async prepare(values, _current, ctx) {
    if (typeof values.wave_rule_ids !== 'string') return values;
    const whsId = ctx.session.whsId;
    const ids = typedIds(values.wave_rule_ids);
    if (ids.length === 0) throw badInput('wave_rule_ids', 'name at least one wave rule');
    if (ids.length > WAVE_GROUP_STEPS_MAX) throw badInput('wave_rule_ids', `at most ${WAVE_GROUP_STEPS_MAX} wave rules a group`);
    if (new Set(ids).size !== ids.length) throw badInput('wave_rule_ids', 'a wave rule is named twice');
    const bad = ids.filter((id) => !/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647);
    if (bad.length > 0) throw badInput('wave_rule_ids', `not a wave rule id: ${bad.slice(0, 5).join(', ')}`);
    await requireKnown('wave_rule_ids', ids, 'wave rule', whsId, async (wanted) => (await ctx.db.select({ id: waveRules.ruleId }).from(waveRules)
      .where(and(eq(waveRules.whsId, whsId), inArray(waveRules.ruleId, wanted.map(Number))))).map((r) => String(r.id)));
    return { ...values, wave_rule_ids: ids.join(',') };
  },
};

/** A palette colour's English name, for messages. */
const colorLabel = (name: unknown) => zoneColorNamed(String(name))?.label ?? String(name);

/**
 * One colour a zone, and a colour for one zone only (docs/decisions.md "Zone colours"): a create
 * for a zone that has one, or a colour another zone of the warehouse has, is -100411 naming the
 * zone and colour. (An unknown zone is -100400 by its reference, a colour outside the palette
 * -100400 by the field's values; the keys stand behind both checks when two changes race.)
 */
export const zoneColorHooks: ResourceHooks = {
  async prepare(values, current, ctx) {
    const whsId = ctx.session.whsId;
    const zoneId = String(current ? current.zone_id : values.zone_id);
    if (!current) {
      const [existing] = await ctx.db.select({ color: zoneColors.color }).from(zoneColors)
        .where(and(eq(zoneColors.whsId, whsId), eq(zoneColors.zoneId, zoneId)));
      if (existing) {
        throw new ApiError(RET.DUPLICATE, `Zone ${zoneId} has a colour already (${colorLabel(existing.color)}): edit that one.`, { zone_id: zoneId, color: existing.color }, 409);
      }
    }
    if (typeof values.color === 'string') {
      const [taken] = await ctx.db.select({ zoneId: zoneColors.zoneId }).from(zoneColors)
        .where(and(eq(zoneColors.whsId, whsId), eq(zoneColors.color, values.color), ne(zoneColors.zoneId, zoneId)));
      if (taken) {
        throw new ApiError(
          RET.DUPLICATE, `${colorLabel(values.color)} is zone ${taken.zoneId}'s colour already: choose another, or change zone ${taken.zoneId} first.`,
          { color: values.color, zone_id: taken.zoneId }, 409,
        );
      }
    }
    return values;
  },
};
