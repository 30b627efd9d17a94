/** Inbound exceptions (spec §3; report-exception pages, Exception Center troubleshoot tasks). */
export const inboundExceptionContract = {} as const;
