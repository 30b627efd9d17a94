import { defineResource } from './define';
import { codeField, locationStatusField, nameField, refField, remarkField, storageAreaCalls } from './location-fields';

/**
 * Zone clusters (spec §2 Storage Area Setting › Zone Cluster): groups of zones in a park, each in a
 * sector (spec §3 zone tree: park › sector › zone cluster › zone). The sector is a label of its
 * clusters rather than a table of its own: nothing else refers to it.
 */
export const zoneClusterResource = defineResource({
  name: 'zone_cluster',
  table: 'zone_clusters',
  api: storageAreaCalls('zonecluster', 'zone_cluster'),
  pages: { list: '/wmsbasic/zonecluster' },
  key: 'zone_cluster_id',
  warehouseScoped: true,
  fields: {
    zone_cluster_id: codeField(/*i18n*/ 'Zone Cluster ID'),
    zone_cluster_name: nameField(/*i18n*/ 'Zone Cluster Name'),
    park_id: refField(/*i18n*/ 'Park ID', { required: true, ref: 'park' }),
    zone_sector_id: refField(/*i18n*/ 'Sector ID', { required: true }),
    zone_sector_name: { kind: 'text', label: /*i18n*/ 'Sector Name', required: true, max: 120 },
    status: locationStatusField,
    remark: remarkField,
  },
  defaultSort: { field: 'zone_cluster_id', desc: false },
});
