import { UPPER_BOUND } from '../constants';
import { defineResource } from './define';
import {
  abcClassField, codeField, locationStatusField, occupancyField, pickSequenceField, rackTypeField, refField,
  skuMixingField, storageAreaCalls, storageAreaChange, storageAreaField, supplierMixingField, temperatureZoneField, unitTypeField,
} from './location-fields';

/**
 * Cells: the locations stock is put away to and picked from (spec §2 Storage Area Setting › Cell,
 * with edit and detail, and our create page for a new warehouse's layout; spec §3 location status,
 * occupancy, ABC, temperature, storage area, rack type, mixing). Occupancy follows the stock and is
 * never edited here.
 */
export const cellResource = defineResource({
  name: 'cell',
  table: 'cells',
  api: { ...storageAreaCalls('cell', 'cell'), create: storageAreaChange('create', 'cell', 'cell'), update: storageAreaChange('update', 'cell', 'cell') },
  pages: { list: '/wmsbasic/cell', detail: '/wmsbasic/cell/detail', create: '/wmsbasic/cell/create', edit: '/wmsbasic/cell/edit' },
  key: 'location_code',
  warehouseScoped: true,
  fields: {
    location_code: codeField(/*i18n*/ 'Location Code'),
    zone_id: refField(/*i18n*/ 'Zone ID', { required: true, immutable: true, ref: 'zone' }),
    pathway_id: refField(/*i18n*/ 'Pathway ID', { required: true, immutable: true, ref: 'pathway' }),
    status: locationStatusField,
    occupancy: occupancyField,
    abc_class: abcClassField,
    temperature_zone: temperatureZoneField,
    storage_area: { ...storageAreaField, filter: { op: 'eq', type: 'select', hide: true } },
    rack_type: { ...rackTypeField, filter: { op: 'eq', type: 'select', hide: true } },
    storey_id: { kind: 'int', label: /*i18n*/ 'Storey ID', min: 1, hideInList: true, ref: 'storey' },
    sku_mixing: { ...skuMixingField, hideInList: true },
    supplier_mixing: { ...supplierMixingField, hideInList: true },
    unit_type: unitTypeField,
    max_qty: { kind: 'int', label: /*i18n*/ 'Max Qty', min: 1, max: UPPER_BOUND },
    pick_sequence: pickSequenceField,
  },
  defaultSort: { field: 'location_code', desc: false },
});
