/** Putaway (spec §2 standard and mass putaway, putaway tasks; Rule Center › Putaway Rule). */
export const putawayContract = {} as const;
