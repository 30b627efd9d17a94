import { COUNTRIES } from '../constants';
import { defineResource } from './define';

export const MERCHANT_STATUS = { ACTIVE: 1, INACTIVE: 2 } as const;
/** Local sellers ship from their own country; cross-border sellers sell into it from abroad. */
export const MERCHANT_TYPE = { LOCAL: 1, CROSS_BORDER: 2 } as const;

/**
 * Merchants (sellers) whose shops the warehouse fulfils (spec §2 /wmsbasic/merchant: list,
 * detail/:merchant_id). Warehouse-scoped like shops: the merchant as this warehouse knows it.
 */
export const merchantResource = defineResource({
  name: 'merchant',
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
      values: [MERCHANT_TYPE.LOCAL, MERCHANT_TYPE.CROSS_BORDER],
      valueLabels: { [MERCHANT_TYPE.LOCAL]: /*i18n*/ 'Local', [MERCHANT_TYPE.CROSS_BORDER]: /*i18n*/ 'Cross-border' },
      filter: { op: 'eq', type: 'select' },
    },
    country: { kind: 'enum', label: /*i18n*/ 'Country', values: COUNTRIES, filter: { op: 'eq', type: 'select' } },
    status: {
      kind: 'enum', label: /*i18n*/ 'Status', required: true, status: true,
      values: [MERCHANT_STATUS.ACTIVE, MERCHANT_STATUS.INACTIVE],
      valueLabels: { [MERCHANT_STATUS.ACTIVE]: /*i18n*/ 'Active', [MERCHANT_STATUS.INACTIVE]: /*i18n*/ 'Inactive' },
      filter: { op: 'eq', type: 'select' },
    },
    contact_name: { kind: 'text', label: /*i18n*/ 'Contact', max: 120 },
    contact_email: { kind: 'text', label: /*i18n*/ 'Contact Email', max: 254, hideInList: true },
    phone: { kind: 'text', label: /*i18n*/ 'Phone', max: 40, hideInList: true },
  },
  defaultSort: { field: 'merchant_id', desc: false },
});
