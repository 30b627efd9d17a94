import { UPPER_BOUND } from '../constants';
import { codeEnum, EXPIRY_STATE, QUALITY, STOCK_LOCATION_TYPE } from '../codes';
import type { FieldDef } from './define';
import { SKU_ID_MAX } from './sku.resource';

/**
 * Fields the inventory read models share (inventory maps, stock block, adjustments): a stock
 * balance is a SKU batch of one quality at one location (server/modules/inventory/ledger.ts).
 * Declared once, so a label, its limits and its filter read the same on every map.
 */

/** Longest location code (cells and staging locations, location-fields.ts codeField). */
export const LOCATION_CODE_MAX = 32;
/** Longest batch id (a supplier lot or a generated B000000001; server/modules/inventory/batches.ts). */
export const BATCH_ID_MAX = 40;
/** Most units one balance or one ledger line counts (spec §9 upper bound). */
export const QTY_MAX = UPPER_BOUND;

export const skuIdField: FieldDef = {
  kind: 'text', label: /*i18n*/ 'SKU ID', max: SKU_ID_MAX, sortable: true, filter: { op: 'in', type: 'card', skuMapping: true },
};
export const skuNameField: FieldDef = { kind: 'text', label: /*i18n*/ 'SKU Name', max: 200, filter: { op: 'contains', type: 'bigInput' } };
export const locationIdField: FieldDef = {
  kind: 'text', label: /*i18n*/ 'Location', max: LOCATION_CODE_MAX, sortable: true, filter: { op: 'in', type: 'card' },
};
export const locationTypeField: FieldDef = {
  kind: 'enum', label: /*i18n*/ 'Location Type', ...codeEnum(STOCK_LOCATION_TYPE), filter: { op: 'eq', type: 'select' },
};
export const zoneIdField: FieldDef = { kind: 'text', label: /*i18n*/ 'Zone ID', max: LOCATION_CODE_MAX, filter: { op: 'eq', type: 'input' } };
export const batchIdField: FieldDef = { kind: 'text', label: /*i18n*/ 'Batch ID', max: BATCH_ID_MAX, filter: { op: 'eq', type: 'input' } };
export const qualityField: FieldDef = { kind: 'enum', label: /*i18n*/ 'Quality', ...codeEnum(QUALITY), filter: { op: 'eq', type: 'select' } };
/** A calendar date, `YYYY-MM-DD`, as sku_batches stores it. */
const dateField = (label: string): FieldDef => ({ kind: 'text', label, max: 10 });
/** A quantity of units: a balance's, or a sum of balances (a SKU's, a zone's: far beyond one balance's bound). */
export const qtyField = (label: string): FieldDef => ({ kind: 'int', label });

export const productionDateField = dateField(/*i18n*/ 'Production Date');
export const expiryDateField = dateField(/*i18n*/ 'Expiry Date');
/** Days from the warehouse's today to the expiry date: negative once expired, none without an expiry date. */
export const daysLeftField: FieldDef = { kind: 'int', label: /*i18n*/ 'Days Left', min: -99_999, max: 99_999 };
/** Expiry state by shared/expiry.ts (the server computes it in SQL with the same rule). */
export const expiryStateField: FieldDef = {
  kind: 'enum', label: /*i18n*/ 'Expiry State', status: true, ...codeEnum(EXPIRY_STATE), filter: { op: 'eq', type: 'select' },
};

/** A SKU by its id and name. */
export const SKU_FIELDS = { sku_id: skuIdField, sku_name: skuNameField } as const satisfies Record<string, FieldDef>;
/** What a balance holds: a batch of a SKU, of one quality. */
export const STOCK_ITEM_FIELDS = { ...SKU_FIELDS, batch_id: batchIdField, quality: qualityField } as const satisfies Record<string, FieldDef>;
/** Where a balance is: its location, the location's type and its zone. */
export const PLACE_FIELDS = { location_id: locationIdField, location_type: locationTypeField, zone_id: zoneIdField } as const satisfies Record<string, FieldDef>;
/** The figures of a balance, or of a sum of balances (a read model names those it has, in the order it shows them). */
export const onhandQtyField = qtyField(/*i18n*/ 'On Hand');
export const lockedQtyField = qtyField(/*i18n*/ 'Blocked');
export const prepickQtyField = qtyField(/*i18n*/ 'Pre-picked');
export const availableQtyField = qtyField(/*i18n*/ 'Available');
export const STOCK_QTY_FIELDS = {
  onhand_qty: onhandQtyField, locked_qty: lockedQtyField, prepick_qty: prepickQtyField, available_qty: availableQtyField,
} as const satisfies Record<string, FieldDef>;

/**
 * One stock balance with its names and dates: the rows of an on-hand, available or expiry SKU
 * detail and of the stock block page. `balance_key` (location, SKU, batch, quality) identifies
 * the row; ties break on its parts, the balance table's primary key.
 */
export const BALANCE_FIELDS = {
  balance_key: { kind: 'text', label: /*i18n*/ 'Balance', max: 200, hideInList: true },
  ...PLACE_FIELDS,
  ...STOCK_ITEM_FIELDS,
  ...STOCK_QTY_FIELDS,
  production_date: { ...productionDateField, hideInList: true },
  expiry_date: expiryDateField,
  days_left: daysLeftField,
  expiry_state: expiryStateField,
  updated_at: { kind: 'time', label: /*i18n*/ 'Updated At', hideInList: true },
} as const satisfies Record<string, FieldDef>;

export const BALANCE_TIE_BREAK = ['location_id', 'sku_id', 'batch_id', 'quality'] as const;
