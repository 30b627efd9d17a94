/** Inventory adjustments (spec §2 /inventorymanage/adjust; §3 statuses, directions, reasons; §4 lifecycle). */
export const adjustmentContract = {} as const;
