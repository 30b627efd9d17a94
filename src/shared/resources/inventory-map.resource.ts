import {
  codeEnum, INVENTORY_LOCK_ACTION, TRANSIT_DIRECTION, INVENTORY_REF_TYPE, INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE, TEMPERATURE_ZONE, YES_NO,
} from '../codes';
import { derivePerm } from '../routes/derive';
import { defineResource, type FieldDef, type ResourceDef } from './define';
import {
  availableQtyField, BALANCE_FIELDS, BALANCE_TIE_BREAK, BATCH_ID_MAX, batchIdField, daysLeftField, expiryDateField, expiryStateField, LOCATION_CODE_MAX,
  locationIdField, locationTypeField, lockedQtyField, onhandQtyField, PLACE_FIELDS, prepickQtyField, productionDateField, qtyField, SKU_FIELDS, skuIdField,
  STOCK_ITEM_FIELDS, STOCK_QTY_FIELDS, zoneIdField,
} from './stock-fields';

/**
 * The inventory maps (spec §2 /inventorymap): read models over the ledger tables
 * (location_inventory, inventory_transactions, sku_batches, inventory_lock_logs, asn_lines),
 * joined with SKUs and cells for names and zones. Each is a `query` the server builds per request
 * (server/modules/inventory/inventory-map.reads.ts); filters, sort, paging, the count cap and
 * exports are the registry's like any list. Every call needs its map page's permission.
 */

const MAP = '/apps/process/inventory/inventorymap';

/** The document a ledger or block log row was made for, and by whom. */
const DOCUMENT_FIELDS = {
  ref_type: { kind: 'enum', label: /*i18n*/ 'Document Type', ...codeEnum(INVENTORY_REF_TYPE), filter: { op: 'eq', type: 'select' } },
  ref_no: { kind: 'text', label: /*i18n*/ 'Document No.', max: 64, filter: { op: 'eq', type: 'input' } },
  operator: { kind: 'text', label: /*i18n*/ 'Operator', max: 200 },
} as const satisfies Record<string, FieldDef>;
const ledgerQtyField = qtyField(/*i18n*/ 'Qty');
const createdAtField: FieldDef = { kind: 'time', label: /*i18n*/ 'Time', sortable: true, filter: { op: 'range', type: 'datetimeRange' } };
const locationCountField = qtyField(/*i18n*/ 'Locations');
const batchKeyField: FieldDef = { kind: 'text', label: /*i18n*/ 'Batch', max: 120, hideInList: true };
const supplierIdField: FieldDef = { kind: 'text', label: /*i18n*/ 'Supplier ID', max: 64, filter: { op: 'eq', type: 'input' } };

/**
 * A map (or a map's SKU detail) of the session's warehouse: its list call is `search_<name>` under
 * the maps' path and needs its page's permission, or `perm` when it has no page of its own.
 */
function inventoryMap<const N extends string, F extends Record<string, FieldDef>, K extends keyof F & string>(
  { name, perm, ...def }: Omit<ResourceDef<F, K>, 'name' | 'api' | 'table' | 'warehouseScoped'> & {
    name: N; perm?: string; defaultSort: { field: keyof F & string; desc: boolean };
  },
) {
  return defineResource({ ...def, name, api: { list: { path: `${MAP}/search_${name}` as const, ...(perm ? { perm } : {}) } }, warehouseScoped: true });
}

/** Historical inventory: each balance's on hand as of a chosen moment (now when none is chosen), from the ledger. */
export const historicalInventoryResource = inventoryMap({
  name: 'historical_inventory',
  query: 'historical_inventory',
  pages: { list: '/inventorymap/historical' },
  key: 'balance_key',
  fields: {
    balance_key: BALANCE_FIELDS.balance_key,
    // Not a column: the moment asked for. The query takes it and every row carries it.
    as_of: { kind: 'time', label: /*i18n*/ 'As Of', hideInList: true, filter: { op: 'eq', type: 'datetime' } },
    ...PLACE_FIELDS,
    ...STOCK_ITEM_FIELDS,
    onhand_qty: onhandQtyField,
  },
  defaultSort: { field: 'location_id', desc: false },
  tieBreak: BALANCE_TIE_BREAK,
});

/** On hand per SKU (spec §2 /inventorymap/onhand): every unit in the warehouse, by quality and state. */
export const onhandInventoryResource = inventoryMap({
  name: 'onhand_inventory',
  query: 'onhand_by_sku',
  pages: { list: '/inventorymap/onhand', detail: '/inventorymap/onhand/detail/$sku_id' },
  ownScreens: ['detail'],
  key: 'sku_id',
  fields: {
    ...SKU_FIELDS,
    location_count: locationCountField,
    onhand_qty: onhandQtyField,
    good_qty: qtyField(/*i18n*/ 'Good'),
    damaged_qty: qtyField(/*i18n*/ 'Damaged'),
    locked_qty: lockedQtyField,
    prepick_qty: prepickQtyField,
    available_qty: availableQtyField,
  },
  defaultSort: { field: 'sku_id', desc: false },
});

/**
 * Available per SKU (spec §2 /inventorymap/available): what can be sold — good units in normal
 * cells, less blocked and pre-picked — beside what is on hand but cannot be (staging, damaged,
 * blocked or frozen cells).
 */
export const availableInventoryResource = inventoryMap({
  name: 'available_inventory',
  query: 'available_by_sku',
  pages: { list: '/inventorymap/available', detail: '/inventorymap/available/detail/$sku_id' },
  ownScreens: ['detail'],
  key: 'sku_id',
  fields: {
    ...SKU_FIELDS,
    available_qty: availableQtyField,
    sellable_qty: qtyField(/*i18n*/ 'Sellable On Hand'),
    locked_qty: lockedQtyField,
    prepick_qty: prepickQtyField,
    unsellable_qty: qtyField(/*i18n*/ 'Not Sellable'),
  },
  defaultSort: { field: 'sku_id', desc: false },
});

/** Expiry (spec §2 /inventorymap/expiry): dated batches in stock with their expiry state and days left, soonest first. */
export const expiryInventoryResource = inventoryMap({
  name: 'expiry_inventory',
  query: 'expiry_batches',
  pages: { list: '/inventorymap/expiry', detail: '/inventorymap/expiry/detail/$sku_id' },
  ownScreens: ['detail'],
  detailBy: 'sku_id',
  key: 'batch_key',
  fields: {
    batch_key: batchKeyField,
    ...SKU_FIELDS,
    batch_id: batchIdField,
    production_date: productionDateField,
    expiry_date: { ...expiryDateField, sortable: true },
    shelf_life_days: { kind: 'int', label: /*i18n*/ 'Shelf Life (days)', max: 99_999, hideInList: true },
    days_left: daysLeftField,
    expiry_state: expiryStateField,
    onhand_qty: onhandQtyField,
    locked_qty: lockedQtyField,
    available_qty: availableQtyField,
    location_count: locationCountField,
  },
  defaultSort: { field: 'expiry_date', desc: false },
  tieBreak: ['sku_id', 'batch_id'],
});

/** A balance of one SKU: the page names the SKU, so its id and name are left out of the columns. */
const SKU_BALANCE_FIELDS = {
  ...BALANCE_FIELDS,
  sku_id: { ...skuIdField, hideInList: true },
  sku_name: { kind: 'text', label: /*i18n*/ 'SKU Name', max: 200, hideInList: true },
} as const satisfies Record<string, FieldDef>;

/**
 * The balances of a SKU behind a map's SKU detail page: one resource per map, so each answers
 * with its own page's permission, all from the same read model and fields.
 */
const skuDetail = <const N extends string>(name: N, mapPage: string) => inventoryMap({
  name,
  query: 'balances',
  perm: derivePerm(mapPage),
  key: 'balance_key',
  fields: SKU_BALANCE_FIELDS,
  defaultSort: { field: 'location_id', desc: false },
  tieBreak: BALANCE_TIE_BREAK,
});
export const onhandDetailResource = skuDetail('onhand_inventory_detail', '/inventorymap/onhand');
export const availableDetailResource = skuDetail('available_inventory_detail', '/inventorymap/available');
export const expiryDetailResource = skuDetail('expiry_inventory_detail', '/inventorymap/expiry');

/** The ledger (spec §2 transactionInventoryMap, §3 inventory transactions): every change of on hand, newest first. */
export const inventoryTransactionResource = inventoryMap({
  name: 'inventory_transaction',
  query: 'transactions',
  pages: { list: '/inventorymap/transactionInventoryMap' },
  key: 'txn_id',
  fields: {
    txn_id: { kind: 'int', label: /*i18n*/ 'Transaction ID', hideInList: true },
    created_at: createdAtField,
    txn_type: {
      kind: 'enum', label: /*i18n*/ 'Transaction Type', ...codeEnum(INVENTORY_TRANSACTION_TYPE), filter: { op: 'in', type: 'multiSelect' },
    },
    direction: { kind: 'enum', label: /*i18n*/ 'Direction', ...codeEnum(INVENTORY_TRANSACTION_DIRECTION), filter: { op: 'eq', type: 'select' } },
    location_id: locationIdField,
    location_type: { ...locationTypeField, hideInList: true },
    counter_location_id: { kind: 'text', label: /*i18n*/ 'From / To', max: LOCATION_CODE_MAX },
    zone_id: { kind: 'text', label: /*i18n*/ 'Zone ID', max: LOCATION_CODE_MAX, hideInList: true },
    ...STOCK_ITEM_FIELDS,
    qty: ledgerQtyField,
    onhand_after: qtyField(/*i18n*/ 'On Hand After'),
    ...DOCUMENT_FIELDS,
  },
  defaultSort: { field: 'created_at', desc: true },
  tieBreak: ['txn_id'],
});

/** The fields of the block and unblock logs (spec §2 blockInventoryMap, unblockInventoryMap). */
const LOCK_LOG_FIELDS = {
  log_id: { kind: 'int', label: /*i18n*/ 'Log ID', hideInList: true },
  created_at: createdAtField,
  location_id: locationIdField,
  location_type: { ...locationTypeField, hideInList: true },
  ...STOCK_ITEM_FIELDS,
  qty: ledgerQtyField,
  locked_after: qtyField(/*i18n*/ 'Blocked After'),
  reason: { kind: 'text', label: /*i18n*/ 'Reason', max: 200 },
  ...DOCUMENT_FIELDS,
} as const satisfies Record<string, FieldDef>;

const lockLog = <const N extends string>(name: N, page: string) => inventoryMap({
  name,
  query: name,
  pages: { list: page },
  key: 'log_id',
  fields: LOCK_LOG_FIELDS,
  defaultSort: { field: 'created_at', desc: true },
  tieBreak: ['log_id'],
});
/** Blocks of stock (INVENTORY_LOCK_ACTION block), newest first. */
export const blockLogResource = lockLog('block_log', '/inventorymap/blockInventoryMap');
/** Unblocks of stock (INVENTORY_LOCK_ACTION unblock), newest first. */
export const unblockLogResource = lockLog('unblock_log', '/inventorymap/unblockInventoryMap');
/** Which log action each log resource lists. */
export const LOCK_LOG_ACTION = { block_log: INVENTORY_LOCK_ACTION.values.BLOCK, unblock_log: INVENTORY_LOCK_ACTION.values.UNBLOCK } as const;

/**
 * Goods on the way (spec §2 instransitInventoryMap), line by line: incoming, what ASNs in transit
 * still bring; outgoing, what move transfers sent from here have not yet settled at their
 * destination (docs/transfer.md). On hand nowhere, so in no available map.
 */
export const inTransitInventoryResource = inventoryMap({
  name: 'in_transit_inventory',
  query: 'in_transit',
  pages: { list: '/inventorymap/instransitInventoryMap' },
  key: 'line_key',
  fields: {
    line_key: { kind: 'text', label: /*i18n*/ 'ASN Line', max: 80, hideInList: true },
    direction: { kind: 'enum', label: /*i18n*/ 'Direction', ...codeEnum(TRANSIT_DIRECTION), filter: { op: 'eq', type: 'select' } },
    counterpart_whs_id: { kind: 'text', label: /*i18n*/ 'From / To Warehouse', max: 64 },
    asn_no: { kind: 'text', label: /*i18n*/ 'ASN No.', max: 64, sortable: true, filter: { op: 'in', type: 'card' } },
    line_no: { kind: 'int', label: /*i18n*/ 'Line No.', hideInList: true },
    supplier_id: supplierIdField,
    po_no: { kind: 'text', label: /*i18n*/ 'PO No.', max: 64, filter: { op: 'contains', type: 'input' } },
    ...SKU_FIELDS,
    batch_no: { kind: 'text', label: /*i18n*/ 'Batch No.', max: BATCH_ID_MAX, hideInList: true },
    expected_qty: qtyField(/*i18n*/ 'Expected Qty'),
    received_qty: qtyField(/*i18n*/ 'Received Qty'),
    in_transit_qty: qtyField(/*i18n*/ 'In Transit'),
    expected_arrival_at: { kind: 'time', label: /*i18n*/ 'Expected Arrival', sortable: true, filter: { op: 'range', type: 'datetimeRange' } },
  },
  defaultSort: { field: 'expected_arrival_at', desc: false },
  tieBreak: ['asn_no', 'line_no'],
});

/** Totals per zone (spec §2 zone_inventory_map): every zone of the warehouse, stocked or not. */
export const zoneInventoryResource = inventoryMap({
  name: 'zone_inventory',
  query: 'zone_totals',
  pages: { list: '/inventorymap/zone_inventory_map' },
  key: 'zone_id',
  fields: {
    zone_id: { ...zoneIdField, sortable: true, filter: { op: 'in', type: 'card' } },
    zone_name: { kind: 'text', label: /*i18n*/ 'Zone Name', max: 120, filter: { op: 'contains', type: 'input' } },
    temperature_zone: { kind: 'enum', label: /*i18n*/ 'Temperature Zone', ...codeEnum(TEMPERATURE_ZONE), filter: { op: 'eq', type: 'select' } },
    stocked_cell_count: qtyField(/*i18n*/ 'Stocked Cells'),
    sku_count: qtyField(/*i18n*/ 'SKUs'),
    ...STOCK_QTY_FIELDS,
  },
  defaultSort: { field: 'zone_id', desc: false },
});

/** Balances per batch (spec §2 skubatch): every batch of the warehouse with its dates, supplier and stock. */
export const skuBatchInventoryResource = inventoryMap({
  name: 'sku_batch_inventory',
  query: 'sku_batches',
  pages: { list: '/inventorymap/skubatch' },
  key: 'batch_key',
  fields: {
    batch_key: batchKeyField,
    ...SKU_FIELDS,
    batch_id: batchIdField,
    production_date: productionDateField,
    expiry_date: expiryDateField,
    supplier_id: supplierIdField,
    inbound_ref: { kind: 'text', label: /*i18n*/ 'Inbound Document', max: 64, filter: { op: 'eq', type: 'input' } },
    in_stock: { kind: 'bool', label: /*i18n*/ 'In Stock', ...codeEnum(YES_NO), filter: { op: 'eq', type: 'select' } },
    onhand_qty: onhandQtyField,
    locked_qty: lockedQtyField,
    available_qty: availableQtyField,
    location_count: locationCountField,
    created_at: { kind: 'time', label: /*i18n*/ 'Created At', hideInList: true },
  },
  defaultSort: { field: 'sku_id', desc: false },
  tieBreak: ['sku_id', 'batch_id'],
});

/** The inventory maps, in the order of the menu, with their SKU details. */
export const INVENTORY_MAP_RESOURCES = [
  historicalInventoryResource, availableInventoryResource, availableDetailResource, onhandInventoryResource, onhandDetailResource,
  expiryInventoryResource, expiryDetailResource, inventoryTransactionResource, blockLogResource, unblockLogResource,
  inTransitInventoryResource, zoneInventoryResource, skuBatchInventoryResource,
] as const;
