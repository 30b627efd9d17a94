import type { ShippingRules } from './contract/shipping.contract';

/**
 * The shipping rules (Rule Center › Shipping Rule) as one function each, applied the same way by the
 * dock's device (app/features/outbound/shipping-flow.ts, before queueing) and by the server
 * (server/modules/outbound/shipping.ts, when applying): docs/outbound.md "Shipping rules". A rule
 * names a carrier (compared without case or surrounding spaces) and, for group shipping and bypass
 * TWS, shops (empty: every shop of the carrier).
 */

/** What the rules look at in a parcel: its order's carrier and shop. */
export interface RuleSubject {
  carrier_name: string | null;
  shop_id: string | null;
}

export const sameCarrier = (a: string | null | undefined, b: string | null | undefined): boolean =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

const takes = (rule: { carrier_name: string; shop_ids: readonly string[] }, p: RuleSubject) =>
  sameCarrier(rule.carrier_name, p.carrier_name) && (rule.shop_ids.length === 0 || (p.shop_id !== null && rule.shop_ids.includes(p.shop_id)));

/** The group shipping rule that sends the parcel by group (the lowest rule id when several do); undefined: it may go by courier. */
export const groupRuleOf = (rules: ShippingRules, p: RuleSubject) => rules.group.find((r) => takes(r, p));

/** The bypass TWS rule that sends the parcel straight to the line haul; undefined: it goes through the transit warehouse. */
export const bypassRuleOf = (rules: ShippingRules, p: RuleSubject) => rules.bypass_tws.find((r) => takes(r, p));

/** Whether the carrier takes one master AWB per group (one AWB rule). */
export const takesOneAwb = (rules: ShippingRules, carrierName: string): boolean => rules.one_awb.some((r) => sameCarrier(r.carrier_name, carrierName));

/** The master AWB of a group under the one AWB rule: issued by Tally from the handover number, so the device prints it offline too. */
export const masterAwbOf = (shippingNo: string): string => `M${shippingNo}`;

/** Comma-separated ids as rules store them: trimmed, sorted, without blanks or repeats. */
export const shopIdList = (stored: string): string[] => [...new Set(stored.split(',').map((s) => s.trim()).filter(Boolean))].sort();
