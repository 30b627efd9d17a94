import { and, eq } from 'drizzle-orm';
import { zones } from '../../db/schema';
import { badInput } from '../../http/errors';
import type { ResourceHooks } from '../../http/resource-handlers';

/** A cycle count task rule names a zone of the warehouse (once: the zone is its key). */
export const cycleCountTaskRuleHooks: ResourceHooks = {
  async prepare(values, current, ctx) {
    if (current) return values;
    const zoneId = String(values.zone_id ?? '');
    const [zone] = await ctx.db.select({ id: zones.zoneId }).from(zones).where(and(eq(zones.whsId, ctx.session.whsId), eq(zones.zoneId, zoneId)));
    if (!zone) throw badInput('zone_id', `not a zone of warehouse ${ctx.session.whsId}: ${zoneId}`);
    return values;
  },
};
