import { defineResource } from './define';
import { codeField, locationStatusField, nameField, remarkField, storageAreaCalls } from './location-fields';

/** Logic areas (spec §2 Storage Area Setting › Logic Area): named groups of zones across parks, used by planning rules. */
export const logicAreaResource = defineResource({
  name: 'logic_area',
  table: 'logic_areas',
  api: storageAreaCalls('logicArea', 'logic_area'),
  pages: { list: '/wmsbasic/logicArea' },
  key: 'logic_area_id',
  warehouseScoped: true,
  fields: {
    logic_area_id: codeField(/*i18n*/ 'Logic Area ID'),
    logic_area_name: nameField(/*i18n*/ 'Logic Area Name'),
    status: locationStatusField,
    remark: remarkField,
  },
  defaultSort: { field: 'logic_area_id', desc: false },
});
