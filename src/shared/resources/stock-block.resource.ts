import { codeEnum, LOCATION_STATUS } from '../codes';
import { defineResource } from './define';
import {
  availableQtyField, BALANCE_FIELDS, BALANCE_TIE_BREAK, LOCATION_CODE_MAX, lockedQtyField, onhandQtyField, qtyField, zoneIdField,
} from './stock-fields';

/**
 * Block and unblock (spec §2 Inventory Management, §3 location status Blocked): the lists the
 * two pages act on. Blocking itself is a call of its own (contract/stock-block.contract.ts).
 */

/** The stock balances of the warehouse, to block units of or unblock them (/inventorymanage/stockblock). */
export const blockStockResource = defineResource({
  name: 'block_stock',
  query: 'balances',
  api: { list: { path: '/apps/process/inventory/stockblock/search_block_stock' } },
  pages: { list: '/inventorymanage/stockblock' },
  ownScreens: ['list'],
  key: 'balance_key',
  warehouseScoped: true,
  // Dates are secondary when blocking: out of the columns, still a filter (expired stock to block).
  fields: {
    ...BALANCE_FIELDS,
    location_type: { ...BALANCE_FIELDS.location_type, hideInList: true },
    expiry_date: { ...BALANCE_FIELDS.expiry_date, hideInList: true },
    days_left: { ...BALANCE_FIELDS.days_left, hideInList: true },
    expiry_state: { ...BALANCE_FIELDS.expiry_state, hideInList: true },
  },
  defaultSort: { field: 'location_id', desc: false },
  tieBreak: BALANCE_TIE_BREAK,
});

/** The warehouse's cells with their status and stock, to block or unblock (/inventorymanage/locationblock). */
export const blockLocationResource = defineResource({
  name: 'block_location',
  query: 'location_stock',
  api: { list: { path: '/apps/process/inventory/locationblock/search_block_location' } },
  pages: { list: '/inventorymanage/locationblock' },
  ownScreens: ['list'],
  key: 'location_code',
  warehouseScoped: true,
  fields: {
    location_code: { kind: 'text', label: /*i18n*/ 'Location Code', max: LOCATION_CODE_MAX, sortable: true, filter: { op: 'in', type: 'card' } },
    zone_id: zoneIdField,
    pathway_id: { kind: 'text', label: /*i18n*/ 'Pathway ID', max: LOCATION_CODE_MAX, filter: { op: 'eq', type: 'input' } },
    status: { kind: 'enum', label: /*i18n*/ 'Status', status: true, ...codeEnum(LOCATION_STATUS), filter: { op: 'eq', type: 'select' } },
    sku_count: qtyField(/*i18n*/ 'SKUs'),
    onhand_qty: onhandQtyField,
    locked_qty: lockedQtyField,
    available_qty: availableQtyField,
  },
  defaultSort: { field: 'location_code', desc: false },
});
