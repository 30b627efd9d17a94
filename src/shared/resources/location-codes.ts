import { defineCodes } from '../codes';

/**
 * Code lists of warehouse locations that spec §3 names without numbers ("numbers are ours",
 * as in shared/codes.ts): SKU and supplier mixing, unit types, and the staging types of the
 * Storage Area Setting tabs (spec §2).
 */

/** Spec §3 SKU mixing: cannot mix, mix attributes of one SKU, mix SKU (numbers are ours). */
export const SKU_MIXING = defineCodes({
  CANNOT_MIX: [1, /*i18n*/ 'Cannot Mix'],
  MIX_ATTRIBUTES: [2, /*i18n*/ 'Mix Attributes of One SKU'],
  MIX_SKU: [3, /*i18n*/ 'Mix SKU'],
});

/** Spec §3 supplier mixing: mix / cannot mix (numbers are ours). */
export const SUPPLIER_MIXING = defineCodes({ MIX: [1, /*i18n*/ 'Mix Suppliers'], CANNOT_MIX: [2, /*i18n*/ 'Cannot Mix Suppliers'] });

/** Spec §3 unit types (string codes). */
export const UNIT_TYPE = defineCodes({ PALLET: ['pallet', /*i18n*/ 'Pallet'], CASE: ['case', /*i18n*/ 'Case'], BULK: ['bulk', /*i18n*/ 'Bulk'] });

/**
 * Spec §2 staging types, in the order listed (numbers are ours). The spec's fulfilment-chain
 * "new variant" of arriving is the same type: the fulfilment chain changes how arriving works,
 * not where goods are staged.
 */
export const INBOUND_STAGING_TYPE = defineCodes({
  ARRIVING: [1, /*i18n*/ 'Arriving'],
  QC: [2, /*i18n*/ 'QC'],
  PUTAWAY: [3, /*i18n*/ 'Putaway'],
  IBT: [4, /*i18n*/ 'IBT'],
  DIVERSION: [5, /*i18n*/ 'Diversion'],
  DISPUTE: [6, /*i18n*/ 'Dispute'],
  INBOUND_CARTON: [7, /*i18n*/ 'Inbound Carton'],
  LIQUIDATE: [8, /*i18n*/ 'Liquidate'],
});

/** Where sales outbound goods wait between steps (spec §2 Sales Outbound operations; numbers are ours). */
export const OUTBOUND_STAGING_TYPE = defineCodes({
  MERGING: [11, /*i18n*/ 'Merging'],
  SORTING: [12, /*i18n*/ 'Sorting'],
  PACKING: [13, /*i18n*/ 'Packing'],
  SHIPPING: [14, /*i18n*/ 'Shipping'],
});

/** Return inbound (RT) staging: the inbound types a return passes through (same numbers). */
export const RT_STAGING_TYPE = defineCodes({
  ARRIVING: [1, /*i18n*/ 'Arriving'],
  QC: [2, /*i18n*/ 'QC'],
  PUTAWAY: [3, /*i18n*/ 'Putaway'],
  DISPUTE: [6, /*i18n*/ 'Dispute'],
  LIQUIDATE: [8, /*i18n*/ 'Liquidate'],
});
