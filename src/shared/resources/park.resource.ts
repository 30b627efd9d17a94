import { defineResource } from './define';
import { codeField, locationStatusField, nameField, remarkField, storageAreaCalls } from './location-fields';

/** Parks of a warehouse (spec §2 Storage Area Setting › Park; the top of the zone tree of spec §3). */
export const parkResource = defineResource({
  name: 'park',
  table: 'parks',
  api: storageAreaCalls('park', 'park'),
  pages: { list: '/wmsbasic/park' },
  key: 'park_id',
  warehouseScoped: true,
  fields: {
    park_id: codeField(/*i18n*/ 'Park ID'),
    park_name: nameField(/*i18n*/ 'Park Name'),
    status: locationStatusField,
    remark: remarkField,
  },
  defaultSort: { field: 'park_id', desc: false },
});
