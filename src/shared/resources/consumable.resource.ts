import { ACTIVE_STATUS, CONSUMABLE_STOCK_STATUS, CONSUMABLE_TYPE, ORDER_ITEM_KIND, WEIGHT_TOLERANCE_UNIT, codeEnum } from '../codes';
import { UPPER_BOUND } from '../constants';
import { derivePerm } from '../routes/derive';
import { activeStatusField } from './common-fields';
import { defineResource } from './define';
import { refField } from './location-fields';

/**
 * Consumables (spec §2 /consumables, §3 consumable types) and the two Rule Center rules that use
 * them at packing and checking: the packaging rule (box suggestion) and weight validation.
 * docs/consumables.md says how they fit together.
 */

const CONSUMABLE = '/apps/consumables/consumable';
const INBOUND = '/apps/consumables/inbound';
const PACKAGING = '/apps/rulecenter/packagingrule';
const WEIGHT = '/apps/rulecenter/weightvalidation';

export const CONSUMABLE_PAGES = {
  list: '/consumables/list',
  create: '/consumables/list/create',
  edit: '/consumables/list/edit/$id',
  inbound: '/consumables/inbound',
  inboundCreate: '/consumables/inbound/create',
} as const;

/** Longest consumable id (also its barcode). */
export const CONSUMABLE_ID_MAX = 32;
/** Largest inner dimension (mm) and weight (g) a consumable may declare. */
export const CONSUMABLE_DIM_MAX = 5000;
export const CONSUMABLE_WEIGHT_MAX = 1_000_000;
/** Consumables a packaging rule may allow at most. */
export const PACKAGING_CONSUMABLES_MAX = 30;

const viewList = derivePerm(CONSUMABLE_PAGES.list);
/** Active unless told: a create may leave it out. */
const activeByDefault = {
  kind: 'enum', label: activeStatusField.label, status: true, notNull: true, ...codeEnum(ACTIVE_STATUS), filter: activeStatusField.filter,
  form: { defaultValue: ACTIVE_STATUS.values.ACTIVE },
} as const;
const createdAt = { kind: 'time', label: /*i18n*/ 'Created At', readOnly: true } as const;
const remarkField = { kind: 'text', label: /*i18n*/ 'Remark', max: 500, hideInList: true, form: { type: 'textarea' } } as const;
const mm = (label: string) => ({ kind: 'int', label, min: 1, max: CONSUMABLE_DIM_MAX } as const);
const consumableType = { kind: 'enum', label: /*i18n*/ 'Consumable Type', required: true, ...codeEnum(CONSUMABLE_TYPE), filter: { op: 'eq', type: 'select' } } as const;

const masterFields = {
  consumable_id: {
    kind: 'text', label: /*i18n*/ 'Consumable ID (barcode)', required: true, immutable: true, max: CONSUMABLE_ID_MAX, sortable: true,
    filter: { op: 'in', type: 'card' },
  },
  consumable_name: { kind: 'text', label: /*i18n*/ 'Consumable Name', required: true, max: 120, filter: { op: 'contains', type: 'input' } },
  consumable_type: consumableType,
  inner_length_mm: mm(/*i18n*/ 'Inner Length (mm)'),
  inner_width_mm: mm(/*i18n*/ 'Inner Width (mm)'),
  inner_height_mm: mm(/*i18n*/ 'Inner Height (mm)'),
  max_load_g: { kind: 'int', label: /*i18n*/ 'Max Load (g)', min: 1, max: CONSUMABLE_WEIGHT_MAX },
  tare_weight_g: { kind: 'int', label: /*i18n*/ 'Own Weight (g)', notNull: true, min: 0, max: CONSUMABLE_WEIGHT_MAX, form: { defaultValue: 0 } },
  low_stock_threshold: { kind: 'int', label: /*i18n*/ 'Low-stock Threshold', notNull: true, min: 0, max: UPPER_BOUND, form: { defaultValue: 0 } },
  status: activeByDefault,
} as const;

/**
 * The consumables master (spec §2 /consumables/list, create, edit/$id): a box, pouch, filler… of
 * the warehouse. The list page shows them with their stock (consumableStockResource); these are the
 * calls and forms of the master itself. A new consumable starts with a stock of 0.
 */
export const consumableResource = defineResource({
  name: 'consumable',
  table: 'consumables',
  api: {
    list: { path: `${CONSUMABLE}/search_consumable`, perm: viewList },
    detail: { path: `${CONSUMABLE}/get_consumable_detail`, perm: viewList },
    create: { path: `${CONSUMABLE}/create_consumable` },
    update: { path: `${CONSUMABLE}/update_consumable` },
  },
  pages: { create: CONSUMABLE_PAGES.create, edit: CONSUMABLE_PAGES.edit },
  key: 'consumable_id',
  warehouseScoped: true,
  fields: {
    ...masterFields,
    remark: remarkField,
    created_at: createdAt,
    updated_at: { kind: 'time', label: /*i18n*/ 'Updated At', readOnly: true },
  },
  defaultSort: { field: 'consumable_id', desc: false },
});

/**
 * The consumables list (/consumables/list): each consumable with its stock and a stock status
 * against its low-stock threshold (low: at or below it; none: 0). A read model over the master and
 * its balance; its screen adds Create, Edit and Inbound (features/consumables).
 */
export const consumableStockResource = defineResource({
  name: 'consumable_stock',
  query: 'consumable_stock',
  api: { list: { path: `${CONSUMABLE}/search_consumable_stock` } },
  pages: { list: CONSUMABLE_PAGES.list },
  ownScreens: ['list'],
  key: 'consumable_id',
  warehouseScoped: true,
  fields: {
    consumable_id: masterFields.consumable_id,
    consumable_name: masterFields.consumable_name,
    consumable_type: masterFields.consumable_type,
    stock_qty: { kind: 'int', label: /*i18n*/ 'Stock', sortable: true },
    stock_status: {
      kind: 'enum', label: /*i18n*/ 'Stock Status', status: true, ...codeEnum(CONSUMABLE_STOCK_STATUS), filter: { op: 'eq', type: 'select' },
    },
    low_stock_threshold: masterFields.low_stock_threshold,
    inner_size: { kind: 'text', label: /*i18n*/ 'Inner Size L×W×H (mm)', max: 40 },
    inner_length_mm: { ...masterFields.inner_length_mm, hideInList: true },
    inner_width_mm: { ...masterFields.inner_width_mm, hideInList: true },
    inner_height_mm: { ...masterFields.inner_height_mm, hideInList: true },
    max_load_g: { ...masterFields.max_load_g, hideInList: true },
    tare_weight_g: { ...masterFields.tare_weight_g, hideInList: true },
    status: masterFields.status,
    updated_at: { kind: 'time', label: /*i18n*/ 'Stock Updated At', sortable: true },
  },
  defaultSort: { field: 'consumable_id', desc: false },
});

/**
 * Consumables inbound (spec §2 /consumables/inbound): a receipt of a quantity of one active
 * consumable, which goes into its stock in the same transaction. Receipts are never edited: a
 * wrong one is corrected by a stock take or a manual removal.
 */
export const consumableReceiptResource = defineResource({
  name: 'consumable_receipt',
  table: 'consumable_receipts',
  api: {
    list: { path: `${INBOUND}/search_consumable_receipt` },
    detail: { path: `${INBOUND}/get_consumable_receipt_detail` },
    create: { path: `${INBOUND}/create_consumable_receipt` },
  },
  pages: { list: CONSUMABLE_PAGES.inbound, create: CONSUMABLE_PAGES.inboundCreate },
  key: 'receipt_id',
  warehouseScoped: true,
  fields: {
    receipt_id: { kind: 'int', label: /*i18n*/ 'Receipt ID', readOnly: true, sortable: true },
    consumable_id: refField(/*i18n*/ 'Consumable ID (barcode)', {
      ref: 'consumable', refWhere: { status: ACTIVE_STATUS.values.ACTIVE }, required: true, immutable: true, max: CONSUMABLE_ID_MAX,
    }),
    qty: { kind: 'int', label: /*i18n*/ 'Received Qty', required: true, min: 1, max: UPPER_BOUND },
    supplier_name: { kind: 'text', label: /*i18n*/ 'Supplier', max: 120, filter: { op: 'contains', type: 'input' } },
    remark: { ...remarkField, hideInList: false },
    // Set by the server from the session whatever is sent (consumables.hooks.ts), so not read-only: read-only fields are never written.
    received_by: { kind: 'text', label: /*i18n*/ 'Received By', immutable: true, max: 254, form: { hideIn: ['create'] } },
    created_at: { ...createdAt, sortable: true, filter: { op: 'range', type: 'datetimeRange' } },
  },
  defaultSort: { field: 'receipt_id', desc: true },
});

const ruleId = { kind: 'int', label: /*i18n*/ 'Rule ID', readOnly: true, sortable: true } as const;

/**
 * Packaging rules (spec §2 Rule Center › Packaging Rule; ours: list, create, edit/$id, view/$id):
 * by priority (lower first), the first active rule whose conditions the order meets offers its
 * boxes and pouches; the smallest that holds the order is suggested (server/modules/outbound/
 * packaging-rule.ts), with the rule's filler.
 */
export const packagingRuleResource = defineResource({
  name: 'packaging_rule',
  table: 'packaging_rules',
  api: {
    list: { path: `${PACKAGING}/search_packaging_rule` },
    detail: { path: `${PACKAGING}/get_packaging_rule_detail` },
    create: { path: `${PACKAGING}/create_packaging_rule` },
    update: { path: `${PACKAGING}/update_packaging_rule` },
  },
  pages: {
    list: '/rulecenter/packagingRule',
    create: '/rulecenter/packagingRule/create',
    edit: '/rulecenter/packagingRule/edit/$id',
    detail: '/rulecenter/packagingRule/view/$id',
  },
  key: 'rule_id',
  warehouseScoped: true,
  fields: {
    rule_id: ruleId,
    rule_name: { kind: 'text', label: /*i18n*/ 'Rule Name', required: true, max: 120, filter: { op: 'contains', type: 'input' } },
    priority: { kind: 'int', label: /*i18n*/ 'Priority', required: true, min: 1, max: 9999, sortable: true, form: { defaultValue: 100 } },
    shop_id: refField(/*i18n*/ 'Shop ID', { ref: 'shop' }),
    shop_group_id: refField(/*i18n*/ 'Shop Group ID', { ref: 'shop_group' }),
    item_kind: {
      kind: 'enum', label: /*i18n*/ 'Order Items', ...codeEnum(ORDER_ITEM_KIND), notNull: true, filter: { op: 'eq', type: 'select' },
      form: { defaultValue: ORDER_ITEM_KIND.values.ANY },
    },
    max_order_weight_g: { kind: 'int', label: /*i18n*/ 'Max Order Weight (g)', min: 1, max: CONSUMABLE_WEIGHT_MAX },
    max_order_volume_cm3: { kind: 'int', label: /*i18n*/ 'Max Order Volume (cm³)', min: 1, max: 10_000_000, hideInList: true },
    consumable_ids: {
      kind: 'text', label: /*i18n*/ 'Boxes and Pouches (comma-separated consumable IDs)', required: true, max: 1200, filter: { op: 'contains', type: 'input' },
    },
    fill_factor_pct: { kind: 'int', label: /*i18n*/ 'Fill Factor (%)', notNull: true, min: 10, max: 100, form: { defaultValue: 80 } },
    filler_consumable_id: refField(/*i18n*/ 'Filler', {
      ref: 'consumable', refWhere: { consumable_type: CONSUMABLE_TYPE.values.FILLERS, status: ACTIVE_STATUS.values.ACTIVE }, max: CONSUMABLE_ID_MAX,
    }),
    filler_qty: { kind: 'int', label: /*i18n*/ 'Filler Qty per Parcel', min: 1, max: 99, hideInList: true },
    status: activeByDefault,
    remark: remarkField,
    created_at: { ...createdAt, hideInList: true },
  },
  defaultSort: { field: 'priority', desc: false },
});

/**
 * Weight validation (spec §2 Rule Center › Weight Validation; ours: list, create, edit/$id,
 * view/$id): per band of expected parcel weight (from ≤ expected < to), how far the weighed weight
 * may be off, in grams or percent. Active bands never overlap. Without a band: ±5 %, at least 20 g
 * (server/modules/outbound/weight-validation.ts).
 */
export const weightBandResource = defineResource({
  name: 'weight_band',
  table: 'weight_bands',
  api: {
    list: { path: `${WEIGHT}/search_weight_band` },
    detail: { path: `${WEIGHT}/get_weight_band_detail` },
    create: { path: `${WEIGHT}/create_weight_band` },
    update: { path: `${WEIGHT}/update_weight_band` },
  },
  pages: {
    list: '/rulecenter/weightValidation',
    create: '/rulecenter/weightValidation/create',
    edit: '/rulecenter/weightValidation/edit/$id',
    detail: '/rulecenter/weightValidation/view/$id',
  },
  key: 'band_id',
  warehouseScoped: true,
  fields: {
    band_id: { kind: 'int', label: /*i18n*/ 'Band ID', readOnly: true, sortable: true },
    from_g: { kind: 'int', label: /*i18n*/ 'From (g)', required: true, min: 0, max: CONSUMABLE_WEIGHT_MAX, sortable: true },
    to_g: { kind: 'int', label: /*i18n*/ 'To (g, exclusive)', required: true, min: 1, max: CONSUMABLE_WEIGHT_MAX },
    tolerance_unit: {
      kind: 'enum', label: /*i18n*/ 'Tolerance In', required: true, ...codeEnum(WEIGHT_TOLERANCE_UNIT), filter: { op: 'eq', type: 'select' },
      form: { defaultValue: WEIGHT_TOLERANCE_UNIT.values.GRAMS },
    },
    tolerance: { kind: 'int', label: /*i18n*/ 'Tolerance (±)', required: true, min: 0, max: 100_000 },
    status: activeByDefault,
    remark: remarkField,
    created_at: createdAt,
  },
  defaultSort: { field: 'from_g', desc: false },
});
