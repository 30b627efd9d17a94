import { z } from 'zod';

/** SKU categories go five levels deep, L1 (top) to L5 (spec §3 SKU attributes). */
export const CATEGORY_LEVELS = [1, 2, 3, 4, 5] as const;

/**
 * One node of the warehouse's SKU category tree (spec §2 /wmsbasic/categoryTree). The tree is
 * answered flat, parents before children and siblings in display order: the client nests it.
 */
export const categoryNodeSchema = z.object({
  category_id: z.string(),
  /** Null on L1 nodes. */
  parent_id: z.string().nullable(),
  level: z.literal(CATEGORY_LEVELS),
  category_name: z.string(),
});
export type CategoryNode = z.infer<typeof categoryNodeSchema>;
