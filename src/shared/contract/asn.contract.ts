/** ASNs (spec §2 /inbound/order and its list variants, ASN groups, tracking ids; §4 lifecycle). */
export const asnContract = {} as const;
