/** Arrival (spec §2 /inbound/arriving, /moveinbound/move/arrving; §7 move-transfer arrival calls). */
export const arrivalContract = {} as const;
