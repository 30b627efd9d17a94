import type { CcCriteria } from '../../src/shared/contract/cycle-count.contract';

/**
 * Cycle count criteria that narrow nothing (the create page's defaults), for the cycle count
 * benches to spread their own narrowing over. Written out: the contract module's schema is not
 * loaded under tsx (its route titles are Lingui macros).
 */
export const NO_CC_CRITERIA: CcCriteria = {
  park_ids: [], zone_ids: [], pathway_ids: [], location_from: '', location_to: '', sku_ids: [], supplier_id: '', moved_since: null, lines: [],
};
