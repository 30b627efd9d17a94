/** Inventory maps (spec §2 /inventorymap) beyond the registry's resource lists. */
export const inventoryMapContract = {} as const;
