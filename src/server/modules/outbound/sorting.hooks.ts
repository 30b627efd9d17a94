import { and, eq, inArray } from 'drizzle-orm';
import { STATION_TYPE } from '../../../shared/codes';
import { sortingSkills, stations } from '../../db/schema';
import { badInput } from '../../http/errors';
import type { ApiRow, ResourceHooks } from '../../http/resource-handlers';
import { idSet } from './id-lists';
import { operatorSkillHooks, type SkillPlaces } from './outbound-rules.hooks';

/** The value a field will have once written: the one sent, else the stored one. */
const after = (field: string, values: ApiRow, current: ApiRow | null): unknown => (values[field] !== undefined ? values[field] : current?.[field]);

const putWalls: SkillPlaces = {
  field: 'station_ids', noun: 'put wall (sorting station)',
  known: async (db, whsId, wanted) => (await db.select({ id: stations.stationId }).from(stations)
    .where(and(eq(stations.whsId, whsId), inArray(stations.stationId, wanted), eq(stations.stationType, STATION_TYPE.values.SORTING)))).map((r) => r.id),
};

/** A sorting rule names put walls of the warehouse (sorting stations), at least one, kept sorted and comma-separated. */
export const sortingRuleHooks: ResourceHooks = {
  async prepare(values, current, ctx) {
    const ids = idSet(String(after('station_ids', values, current) ?? ''));
    if (ids.length === 0) throw badInput('station_ids', 'name at least one put wall');
    const known = new Set(await putWalls.known(ctx.db, ctx.session.whsId, ids));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0) throw badInput('station_ids', `not a sorting station of warehouse ${ctx.session.whsId}: ${unknown.slice(0, 5).join(', ')}`);
    return values.station_ids === undefined ? values : { ...values, station_ids: ids.join(',') };
  },
};

/** Sorting skills: the operator skill checks of picking skills, naming put walls instead of zones. */
export const sortingSkillHooks = operatorSkillHooks(sortingSkills, 'sorting skills', putWalls);
