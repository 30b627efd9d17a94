import { and, eq, inArray, ne } from 'drizzle-orm';
import { ACTIVE_STATUS, STATION_TYPE } from '../../../shared/codes';
import { mergeRules, stations, zones } from '../../db/schema';
import { badInput } from '../../http/errors';
import type { ApiRow, ResourceHooks } from '../../http/resource-handlers';
import { idSet, storedIds } from './id-lists';

/** The value a field will have once written: the one sent, else the stored one. */
const after = (field: string, values: ApiRow, current: ApiRow | null): unknown => (values[field] !== undefined ? values[field] : current?.[field]);

/**
 * A merge rule (resources/merging.resource.ts) names merge lanes of the warehouse (stations of type
 * merge lane), at least one, and zones of the warehouse; each lane belongs to one active rule, which
 * says its slots. Lists are kept sorted and comma-separated, as the picking skills keep zones.
 */
export const mergeRuleHooks: ResourceHooks = {
  async prepare(values, current, ctx) {
    const whsId = ctx.session.whsId;
    const out = { ...values };
    const laneIds = idSet(String(after('station_ids', values, current) ?? ''));
    if (laneIds.length === 0) throw badInput('station_ids', 'name at least one merge lane');
    const found = await ctx.db.select({ id: stations.stationId, type: stations.stationType }).from(stations)
      .where(and(eq(stations.whsId, whsId), inArray(stations.stationId, laneIds)));
    const lanes = new Set(found.filter((s) => s.type === STATION_TYPE.values.MERGE_LANE).map((s) => s.id));
    const notLanes = laneIds.filter((id) => !lanes.has(id));
    if (notLanes.length > 0) throw badInput('station_ids', `not a merge lane station of warehouse ${whsId}: ${notLanes.slice(0, 5).join(', ')}`);
    const active = Number(after('status', values, current) ?? ACTIVE_STATUS.values.ACTIVE) === ACTIVE_STATUS.values.ACTIVE;
    if (active) {
      const others = await ctx.db.select({ ruleId: mergeRules.ruleId, stationIds: mergeRules.stationIds }).from(mergeRules)
        .where(and(eq(mergeRules.whsId, whsId), eq(mergeRules.status, ACTIVE_STATUS.values.ACTIVE), current ? ne(mergeRules.ruleId, Number(current.rule_id)) : undefined));
      for (const other of others) {
        const shared = storedIds(other.stationIds).find((id) => laneIds.includes(id));
        if (shared) throw badInput('station_ids', `merge lane ${shared} belongs to merge rule ${other.ruleId} already (a lane has one rule, which sets its slots)`);
      }
    }
    if (values.station_ids !== undefined) out.station_ids = laneIds.join(',');
    if (typeof values.zone_ids === 'string') {
      const zoneIds = idSet(values.zone_ids);
      if (zoneIds.length > 0) {
        const known = new Set((await ctx.db.select({ id: zones.zoneId }).from(zones).where(and(eq(zones.whsId, whsId), inArray(zones.zoneId, zoneIds)))).map((z) => z.id));
        const unknown = zoneIds.filter((id) => !known.has(id));
        if (unknown.length > 0) throw badInput('zone_ids', `not a zone of warehouse ${whsId}: ${unknown.slice(0, 5).join(', ')}`);
      }
      const joined = zoneIds.join(',');
      if (joined.length > 2000) throw badInput('zone_ids', 'too many zones');
      out.zone_ids = joined;
    }
    return out;
  },
};
