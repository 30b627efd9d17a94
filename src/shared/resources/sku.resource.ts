import { ABC_CLASS, SKU_SALE_STATUS, SKU_SELLING_TYPE, SKU_UNIT, TEMPERATURE_ZONE, YES_NO, codeEnum } from '../codes';
import { SKU_EDIT_PERM } from './sku-perms';
import { defineResource } from './define';

/** Longest SKU id, mapping code and barcode. */
export const SKU_ID_MAX = 64;
/** Highest unit value (whole units of the warehouse's currency: 999,999,999 holds a phone priced in VND or IDR). */
export const UNIT_VALUE_MAX = 999_999_999;


/**
 * SKU items of a warehouse (spec §2 /wmsbasic/skuitems: list, detail, edit; §3 SKU attributes). The
 * create page is ours: with no seller-center feed connected, a new warehouse's items are made here.
 */
export const skuResource = defineResource({
  name: 'sku',
  table: 'skus',
  api: {
    list: { path: '/apps/basic/sku/search_sku' },
    detail: { path: '/apps/basic/sku/get_sku_detail' },
    create: { path: '/apps/basic/sku/create_sku' },
    update: { path: '/apps/basic/sku/update_sku', perm: SKU_EDIT_PERM },
  },
  pages: { list: '/wmsbasic/skuitems', detail: '/wmsbasic/skuitems/detail/$sku_id', create: '/wmsbasic/skuitems/create', edit: '/wmsbasic/skuitems/$sku_id' },
  key: 'sku_id',
  warehouseScoped: true,
  fields: {
    sku_id: {
      kind: 'text', label: /*i18n*/ 'SKU ID', required: true, immutable: true, max: SKU_ID_MAX, sortable: true,
      filter: { op: 'in', type: 'card', skuMapping: true },
    },
    sku_name: {
      kind: 'text', label: /*i18n*/ 'SKU Name', required: true, max: 200, sortable: true,
      filter: { op: 'contains', type: 'bigInput' },
    },
    // Scanned from the item's label (spec §5 scan-only): a typed UPC is too easily wrong.
    barcode: { kind: 'text', label: /*i18n*/ 'UPC', max: SKU_ID_MAX, filter: { op: 'eq', type: 'input', scanOnly: true } },
    category: { kind: 'text', label: /*i18n*/ 'Category', max: 120, filter: { op: 'contains', type: 'input' } },
    unit: { kind: 'enum', label: /*i18n*/ 'Unit', required: true, ...codeEnum(SKU_UNIT) },
    selling_type: { kind: 'enum', label: /*i18n*/ 'Selling Type', ...codeEnum(SKU_SELLING_TYPE), filter: { op: 'eq', type: 'select' } },
    sale_status: {
      kind: 'enum', label: /*i18n*/ 'Sale Status', status: true, ...codeEnum(SKU_SALE_STATUS), filter: { op: 'eq', type: 'select' },
    },
    abc_class: { kind: 'enum', label: /*i18n*/ 'ABC Class', ...codeEnum(ABC_CLASS), filter: { op: 'eq', type: 'select' } },
    temperature_zone: {
      kind: 'enum', label: /*i18n*/ 'Temperature Zone', ...codeEnum(TEMPERATURE_ZONE), filter: { op: 'eq', type: 'select', hide: true },
    },
    is_bulky: { kind: 'bool', label: /*i18n*/ 'Bulky', notNull: true, ...codeEnum(YES_NO), filter: { op: 'eq', type: 'select', hide: true }, form: { defaultValue: 0 } },
    is_high_value: {
      kind: 'bool', label: /*i18n*/ 'High Value', notNull: true, ...codeEnum(YES_NO), filter: { op: 'eq', type: 'select', hide: true }, form: { defaultValue: 0 },
    },
    unit_value: { kind: 'int', label: /*i18n*/ 'Unit Value', min: 0, max: UNIT_VALUE_MAX, hideInList: true },
    length_mm: { kind: 'int', label: /*i18n*/ 'Length (mm)', max: 99999, hideInList: true },
    width_mm: { kind: 'int', label: /*i18n*/ 'Width (mm)', max: 99999, hideInList: true },
    height_mm: { kind: 'int', label: /*i18n*/ 'Height (mm)', max: 99999, hideInList: true },
    weight_g: { kind: 'int', label: /*i18n*/ 'Weight (g)', max: 99999, sortable: true },
    shelf_life_days: {
      kind: 'int', label: /*i18n*/ 'Shelf Life (days)', max: 99999, filter: { op: 'range', type: 'numberRange', hide: true },
    },
  },
  defaultSort: { field: 'sku_id', desc: false },
});

/** SKU mapping codes of a warehouse (spec §2 /wmsbasic/skuMapping): a seller's code → the real SKU id. */
export const skuMappingResource = defineResource({
  name: 'sku_mapping',
  table: 'sku_mappings',
  api: {
    list: { path: '/apps/basic/sku/search_sku_mapping' },
    detail: { path: '/apps/basic/sku/get_sku_mapping_detail' },
  },
  pages: { list: '/wmsbasic/skuMapping' },
  key: 'mapping_code',
  warehouseScoped: true,
  fields: {
    mapping_code: {
      kind: 'text', label: /*i18n*/ 'Mapping Code', required: true, immutable: true, max: SKU_ID_MAX, sortable: true,
      filter: { op: 'in', type: 'card' },
    },
    sku_id: {
      kind: 'text', label: /*i18n*/ 'SKU ID', required: true, max: SKU_ID_MAX, sortable: true, filter: { op: 'in', type: 'card', skuMapping: true }, ref: 'sku',
    },
  },
  defaultSort: { field: 'mapping_code', desc: false },
});
