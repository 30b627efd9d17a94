import { MERCHANT_TYPE, codeEnum } from '../codes';
import { activeStatusField, countryField } from './common-fields';
import { defineResource } from './define';

/** Local sellers ship from their own country; cross-border sellers sell into it from abroad. */

/**
 * Merchants (sellers) whose shops the warehouse fulfils (spec §2 /wmsbasic/merchant: list,
 * detail/:merchant_id). Warehouse-scoped like shops: the merchant as this warehouse knows it.
 */
export const merchantResource = defineResource({
  name: 'merchant',
  table: 'merchants',
  api: {
    list: { path: '/apps/basic/merchant/search_merchant' },
    detail: { path: '/apps/basic/merchant/get_merchant_detail' },
  },
  pages: { list: '/wmsbasic/merchant', detail: '/wmsbasic/merchant/detail/$merchant_id' },
  ownScreens: ['detail'],
  key: 'merchant_id',
  warehouseScoped: true,
  fields: {
    merchant_id: {
      kind: 'text', label: /*i18n*/ 'Merchant ID', required: true, immutable: true, max: 32, sortable: true,
      filter: { op: 'in', type: 'card' },
    },
    merchant_name: {
      kind: 'text', label: /*i18n*/ 'Merchant Name', required: true, max: 200, sortable: true,
      filter: { op: 'contains', type: 'input' },
    },
    merchant_type: {
      kind: 'enum', label: /*i18n*/ 'Merchant Type', required: true,
      ...codeEnum(MERCHANT_TYPE),
      filter: { op: 'eq', type: 'select' },
    },
    country: countryField,
    status: activeStatusField,
    contact_name: { kind: 'text', label: /*i18n*/ 'Contact', max: 120 },
    contact_email: { kind: 'text', label: /*i18n*/ 'Contact Email', max: 254, hideInList: true },
    phone: { kind: 'text', label: /*i18n*/ 'Phone', max: 40, hideInList: true },
  },
  defaultSort: { field: 'merchant_id', desc: false },
});
