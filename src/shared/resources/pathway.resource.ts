import { defineResource } from './define';
import { codeField, locationStatusField, pickSequenceField, refField, remarkField } from './location-fields';

/** Pathways (aisles) of a zone (spec §2 Storage Area Setting › Pathway, with edit and detail). */
export const pathwayResource = defineResource({
  name: 'pathway',
  key: 'pathway_id',
  warehouseScoped: true,
  fields: {
    pathway_id: codeField(/*i18n*/ 'Pathway ID', { max: 24 }),
    zone_id: refField(/*i18n*/ 'Zone ID', { required: true, immutable: true }),
    status: locationStatusField,
    pick_sequence: { ...pickSequenceField, hideInList: false },
    remark: remarkField,
  },
  defaultSort: { field: 'pathway_id', desc: false },
});
