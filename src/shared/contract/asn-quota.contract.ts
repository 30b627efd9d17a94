/** ASN quota and delivery slots (spec §7 ASN quota calls, /apps/conf/inboundshift; §4 quota mode switch). */
export const asnQuotaContract = {} as const;
