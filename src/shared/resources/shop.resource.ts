import { ACTIVE_STATUS, SHOP_TYPE, codeEnum } from '../codes';
import { activeStatusField } from './common-fields';
import { defineResource } from './define';

/** Active shops can take new orders and ASNs; inactive ones are kept for their history. */

/** The marketplace tier of a shop: official brand stores, preferred sellers and the rest. */

/**
 * Shops the warehouse fulfils for (spec §2 /wmsbasic/shop: list, create, detail/:id, :id/edit).
 * Warehouse-scoped: a seller's shop served from two warehouses has a row in each, with the
 * group and status that warehouse gives it (docs/api.md, WMS Basic catalog).
 */
export const shopResource = defineResource({
  name: 'shop',
  table: 'shops',
  api: {
    list: { path: '/apps/basic/shop/search_shop' },
    detail: { path: '/apps/basic/shop/get_shop_detail' },
    create: { path: '/apps/basic/shop/create_shop' },
    update: { path: '/apps/basic/shop/update_shop' },
  },
  pages: { list: '/wmsbasic/shop', detail: '/wmsbasic/shop/detail/$id', create: '/wmsbasic/shop/create', edit: '/wmsbasic/shop/$id/edit' },
  key: 'shop_id',
  warehouseScoped: true,
  fields: {
    shop_id: {
      kind: 'text', label: /*i18n*/ 'Shop ID', required: true, immutable: true, max: 32, sortable: true,
      filter: { op: 'in', type: 'card' },
    },
    shop_name: {
      kind: 'text', label: /*i18n*/ 'Shop Name', required: true, max: 120, sortable: true,
      filter: { op: 'contains', type: 'input' },
    },
    // Chosen from the warehouse's active merchants and groups.
    merchant_id: {
      kind: 'text', label: /*i18n*/ 'Merchant ID', required: true, max: 32, filter: { op: 'eq', type: 'input' },
      ref: 'merchant', refWhere: { status: ACTIVE_STATUS.values.ACTIVE },
    },
    group_id: {
      kind: 'text', label: /*i18n*/ 'Shop Group ID', max: 32, filter: { op: 'eq', type: 'input' },
      ref: 'shop_group', refWhere: { status: ACTIVE_STATUS.values.ACTIVE },
    },
    shop_type: {
      kind: 'enum', label: /*i18n*/ 'Shop Type', required: true,
      ...codeEnum(SHOP_TYPE),
      filter: { op: 'eq', type: 'select' }, form: { defaultValue: SHOP_TYPE.values.REGULAR },
    },
    is_cross_border: { kind: 'bool', label: /*i18n*/ 'Cross-border', notNull: true, filter: { op: 'eq', type: 'select', hide: true }, form: { defaultValue: 0 } },
    status: { ...activeStatusField, form: { defaultValue: ACTIVE_STATUS.values.ACTIVE } },
    contact_email: { kind: 'text', label: /*i18n*/ 'Contact Email', max: 254, hideInList: true },
    phone: { kind: 'text', label: /*i18n*/ 'Phone', max: 40, hideInList: true },
    remark: { kind: 'text', label: /*i18n*/ 'Remark', max: 500, hideInList: true, form: { type: 'textarea' } },
  },
  defaultSort: { field: 'shop_id', desc: false },
});

/** Shop groups (the Group tab of /wmsbasic/shop): shops handled alike, e.g. by rules and reports. */
export const shopGroupResource = defineResource({
  name: 'shop_group',
  table: 'shop_groups',
  api: {
    list: { path: '/apps/basic/shop/search_shop_group' },
    detail: { path: '/apps/basic/shop/get_shop_group_detail' },
  },
  pages: { list: '/wmsbasic/shop/group' },
  key: 'group_id',
  warehouseScoped: true,
  fields: {
    group_id: {
      kind: 'text', label: /*i18n*/ 'Shop Group ID', required: true, immutable: true, max: 32, sortable: true,
      filter: { op: 'in', type: 'card' },
    },
    group_name: {
      kind: 'text', label: /*i18n*/ 'Shop Group Name', required: true, max: 120, sortable: true,
      filter: { op: 'contains', type: 'input' },
    },
    shop_count: { kind: 'int', label: /*i18n*/ 'Shops', readOnly: true, sortable: true },
    status: activeStatusField,
    description: { kind: 'text', label: /*i18n*/ 'Description', max: 500 },
  },
  defaultSort: { field: 'group_id', desc: false },
});
