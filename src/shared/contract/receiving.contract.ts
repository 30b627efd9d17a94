/** Receiving into inbound staging (spec §2 /inbound/receiving, receiving tasks). */
export const receivingContract = {} as const;
