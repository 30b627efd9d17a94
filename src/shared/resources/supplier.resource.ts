import { activeStatusField, countryField } from './common-fields';
import { defineResource } from './define';

/** Suppliers of a warehouse (spec §2 /wmsbasic/supplier: list and detail; the create page is ours, for a new warehouse's suppliers). */
export const supplierResource = defineResource({
  name: 'supplier',
  table: 'suppliers',
  api: {
    list: { path: '/apps/basic/supplier/search_supplier' },
    detail: { path: '/apps/basic/supplier/get_supplier_detail' },
    create: { path: '/apps/basic/supplier/create_supplier' },
  },
  pages: { list: '/wmsbasic/supplier', detail: '/wmsbasic/supplier/detail/$id', create: '/wmsbasic/supplier/create' },
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
    country: countryField,
    // Active suppliers can be chosen on new ASNs.
    status: activeStatusField,
    contact_name: { kind: 'text', label: /*i18n*/ 'Contact', max: 120 },
    phone: { kind: 'text', label: /*i18n*/ 'Phone', max: 40, hideInList: true },
    email: { kind: 'text', label: /*i18n*/ 'Email', max: 254, hideInList: true },
  },
  defaultSort: { field: 'supplier_id', desc: false },
});
