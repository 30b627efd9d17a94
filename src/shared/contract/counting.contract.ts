/** Counting (spec §7 /apps/process/inbound/counting/ calls). */
export const countingContract = {} as const;
