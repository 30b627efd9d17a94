import { defineResource } from './define';
import {
  codeField, locationStatusField, nameField, pickSequenceField, rackTypeField, refField, remarkField, skuMixingField,
  storageAreaCalls, storageAreaChange, storageAreaField, supplierMixingField, temperatureZoneField,
} from './location-fields';

/**
 * Zones (spec §2 Storage Area Setting › Zone, with create, edit and detail): the storage settings
 * new cells of the zone start with (storage area, rack type, temperature zone, mixing).
 */
export const zoneResource = defineResource({
  name: 'zone',
  table: 'zones',
  api: { ...storageAreaCalls('zone', 'zone'), create: storageAreaChange('create', 'zone', 'zone'), update: storageAreaChange('update', 'zone', 'zone') },
  pages: { list: '/wmsbasic/zone', detail: '/wmsbasic/zone/detail', create: '/wmsbasic/zone/create', edit: '/wmsbasic/zone/edit' },
  key: 'zone_id',
  warehouseScoped: true,
  fields: {
    zone_id: codeField(/*i18n*/ 'Zone ID', { max: 16 }),
    zone_name: nameField(/*i18n*/ 'Zone Name'),
    zone_cluster_id: refField(/*i18n*/ 'Zone Cluster ID', { required: true, ref: 'zone_cluster' }),
    logic_area_id: refField(/*i18n*/ 'Logic Area ID', { ref: 'logic_area' }),
    storage_area: storageAreaField,
    rack_type: rackTypeField,
    temperature_zone: temperatureZoneField,
    status: locationStatusField,
    sku_mixing: { ...skuMixingField, hideInList: true },
    supplier_mixing: { ...supplierMixingField, hideInList: true },
    pick_sequence: pickSequenceField,
    remark: remarkField,
  },
  defaultSort: { field: 'zone_id', desc: false },
});
