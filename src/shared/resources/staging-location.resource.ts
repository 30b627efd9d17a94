import { UPPER_BOUND } from '../constants';
import { codeEnum, type CodeList } from '../codes';
import { defineResource } from './define';
import { INBOUND_STAGING_TYPE, OUTBOUND_STAGING_TYPE, RT_STAGING_TYPE } from './location-codes';
import { codeField, locationStatusField, remarkField, storageAreaCalls } from './location-fields';

/**
 * Staging locations (spec §2 Storage Area Setting › Inbound / Outbound / RT Staging Location):
 * where goods wait between operation steps. One definition per tab, alike but for the staging
 * types each offers; each tab has its own table so its list is scoped by the table alone.
 */
function stagingResource<const N extends string>(name: N, tab: string, types: CodeList) {
  return defineResource({
    name,
    key: 'location_code',
    table: `${name}s`,
    api: storageAreaCalls(tab, name),
    pages: { list: `/wmsbasic/${tab}` },
    warehouseScoped: true,
    fields: {
      location_code: codeField(/*i18n*/ 'Location Code'),
      staging_type: { kind: 'enum', label: /*i18n*/ 'Staging Type', required: true, ...codeEnum(types), filter: { op: 'eq', type: 'select' } },
      status: locationStatusField,
      capacity: { kind: 'int', label: /*i18n*/ 'Capacity', min: 1, max: UPPER_BOUND },
      remark: remarkField,
    },
    defaultSort: { field: 'location_code', desc: false },
  });
}

export const inboundStagingResource = stagingResource('inbound_staging_location', 'inboundStagingLocation', INBOUND_STAGING_TYPE);
export const outboundStagingResource = stagingResource('outbound_staging_location', 'outboundStagingLocation', OUTBOUND_STAGING_TYPE);
export const rtStagingResource = stagingResource('rt_staging_location', 'rtStagingLocation', RT_STAGING_TYPE);
