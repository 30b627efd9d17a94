import { and, asc, eq } from 'drizzle-orm';
import { ACTIVE_STATUS } from '../../../shared/codes';
import type { ShippingRules } from '../../../shared/contract/shipping.contract';
import { shopIdList } from '../../../shared/shipping-rules';
import type { Db } from '../../db/client';
import { bypassTwsRules, groupShippingRules, oneAwbRules } from '../../db/schema';
import { badInput } from '../../http/errors';
import type { ApiRow, ResourceHooks } from '../../http/resource-handlers';
import { idSet } from './id-lists';

/**
 * The shipping rules (Rule Center › Shipping Rule; resources/shipping-rule.resource.ts) as the dock
 * applies them (shared/shipping-rules.ts): the active ones, oldest rule first.
 */
export async function shippingRules(db: Db, whsId: string): Promise<ShippingRules> {
  const active = ACTIVE_STATUS.values.ACTIVE;
  const [group, oneAwb, bypass] = await Promise.all([
    db.select().from(groupShippingRules).where(and(eq(groupShippingRules.whsId, whsId), eq(groupShippingRules.status, active))).orderBy(asc(groupShippingRules.ruleId)),
    db.select().from(oneAwbRules).where(and(eq(oneAwbRules.whsId, whsId), eq(oneAwbRules.status, active))).orderBy(asc(oneAwbRules.ruleId)),
    db.select().from(bypassTwsRules).where(and(eq(bypassTwsRules.whsId, whsId), eq(bypassTwsRules.status, active))).orderBy(asc(bypassTwsRules.ruleId)),
  ]);
  return {
    group: group.map((r) => ({ rule_id: r.ruleId, carrier_name: r.carrierName, shop_ids: shopIdList(r.shopIds), max_parcels: r.maxParcels })),
    one_awb: oneAwb.map((r) => ({ rule_id: r.ruleId, carrier_name: r.carrierName })),
    bypass_tws: bypass.map((r) => ({ rule_id: r.ruleId, carrier_name: r.carrierName, shop_ids: shopIdList(r.shopIds), line_haul_name: r.lineHaulName })),
  };
}

/** A rule's shops kept sorted and comma-separated (as merge rules keep zones); a carrier trimmed. */
export const shippingRuleHooks: ResourceHooks = {
  prepare(values: ApiRow) {
    const out = { ...values };
    if (typeof values.carrier_name === 'string') {
      const carrier = values.carrier_name.trim();
      if (!carrier) throw badInput('carrier_name', 'name the carrier');
      out.carrier_name = carrier;
    }
    if (typeof values.shop_ids === 'string') {
      const joined = idSet(values.shop_ids).join(',');
      if (joined.length > 2000) throw badInput('shop_ids', 'too many shops');
      out.shop_ids = joined;
    }
    return Promise.resolve(out);
  },
};
