import { ACTIVE_STATUS, codeEnum } from '../codes';
import { COUNTRIES } from '../constants';
import { defineResource } from './define';

/** Suppliers of a warehouse (spec §2 /wmsbasic/supplier: list and detail). */
export const supplierResource = defineResource({
  name: 'supplier',
  key: 'supplier_id',
  warehouseScoped: true,
  fields: {
    supplier_id: {
      kind: 'text', label: /*i18n*/ 'Supplier ID', required: true, immutable: true, max: 64, sortable: true,
      filter: { op: 'in', type: 'card' },
    },
    supplier_name: {
      kind: 'text', label: /*i18n*/ 'Supplier Name', required: true, max: 200, sortable: true,
      filter: { op: 'contains', type: 'input' },
    },
    country: { kind: 'enum', label: /*i18n*/ 'Country', values: COUNTRIES, filter: { op: 'eq', type: 'select' } },
    status: {
      kind: 'enum', label: /*i18n*/ 'Status', required: true, status: true,
      // Active suppliers can be chosen on new ASNs.
      ...codeEnum(ACTIVE_STATUS),
      filter: { op: 'eq', type: 'select' },
    },
    contact_name: { kind: 'text', label: /*i18n*/ 'Contact', max: 120 },
    phone: { kind: 'text', label: /*i18n*/ 'Phone', max: 40, hideInList: true },
    email: { kind: 'text', label: /*i18n*/ 'Email', max: 254, hideInList: true },
  },
  defaultSort: { field: 'supplier_id', desc: false },
});
