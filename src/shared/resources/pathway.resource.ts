import { defineResource } from './define';
import { codeField, locationStatusField, pickSequenceField, refField, remarkField, storageAreaCalls, storageAreaChange } from './location-fields';

/**
 * Pathways (aisles) of a zone (spec §2 Storage Area Setting › Pathway, with edit and detail; the
 * create page is ours: a new warehouse lays out its aisles here, docs/new-warehouse.md).
 */
export const pathwayResource = defineResource({
  name: 'pathway',
  table: 'pathways',
  api: {
    ...storageAreaCalls('pathway', 'pathway'), create: storageAreaChange('create', 'pathway', 'pathway'), update: storageAreaChange('update', 'pathway', 'pathway'),
  },
  pages: { list: '/wmsbasic/pathway', detail: '/wmsbasic/pathway/detail', create: '/wmsbasic/pathway/create', edit: '/wmsbasic/pathway/edit' },
  key: 'pathway_id',
  warehouseScoped: true,
  fields: {
    pathway_id: codeField(/*i18n*/ 'Pathway ID', { max: 24 }),
    zone_id: refField(/*i18n*/ 'Zone ID', { required: true, immutable: true, ref: 'zone' }),
    status: locationStatusField,
    pick_sequence: { ...pickSequenceField, hideInList: false },
    remark: remarkField,
  },
  defaultSort: { field: 'pathway_id', desc: false },
});
