import { badInput } from '../../http/errors';
import type { ResourceHooks } from '../../http/resource-handlers';

/**
 * Putaway rules (resources/putaway-rule.resource.ts) name where to look: exactly one zone or one
 * logic area. An edit is checked with the fields it leaves as they are.
 */
export const putawayRuleHooks: ResourceHooks = {
  prepare(values, current) {
    const merged = { ...current, ...values };
    const zone = merged.target_zone_id ?? null;
    const area = merged.target_logic_area_id ?? null;
    if (zone === null && area === null) throw badInput('target_zone_id', 'choose the zone or the logic area the rule puts away to');
    if (zone !== null && area !== null) throw badInput('target_logic_area_id', 'a rule puts away to one zone or one logic area, not both');
    return values;
  },
};
