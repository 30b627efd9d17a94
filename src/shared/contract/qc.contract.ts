/** QC (spec §2 /inbound/qc and QC tasks; §3 QC rule kinds; Rule Center › QC Rule). */
export const qcContract = {} as const;
