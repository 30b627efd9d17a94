import { defineResource } from './define';

/** Warehouses (spec §2 /wmsbasic/warehouse, §7 Warehouse calls): global, not scoped to one warehouse. */
export const warehouseResource = defineResource({
  name: 'warehouse',
  key: 'whs_id',
  warehouseScoped: false,
  fields: {
    whs_id: {
      kind: 'text', label: /*i18n*/ 'Warehouse ID', required: true, immutable: true, min: 2, max: 32, sortable: true,
      filter: { op: 'prefix', type: 'input' },
    },
    whs_name: {
      kind: 'text', label: /*i18n*/ 'Warehouse Name', required: true, max: 120, sortable: true,
      filter: { op: 'contains', type: 'input' },
    },
    whs_no: { kind: 'text', label: /*i18n*/ 'Warehouse No.', max: 16, filter: { op: 'eq', type: 'input' } },
    time_region: { kind: 'text', label: /*i18n*/ 'Time Region', max: 64 },
    quota_mode: { kind: 'enum', label: /*i18n*/ 'ASN Quota Mode', values: [0, 1], filter: { op: 'eq', type: 'select' } },
  },
  defaultSort: { field: 'whs_id', desc: false },
});
