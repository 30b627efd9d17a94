/** Block and unblock of locations and stock (spec §2 Inventory Management, the block/unblock logs). */
export const stockBlockContract = {} as const;
