import { CHECKING_STATION_MODE, STATION_STATUS, STATION_TYPE, codeEnum, type CodeOf } from '../codes';
import type { RecordSetting } from '../contract/catalog.contract';
import { defineResource } from './define';

export type StationType = CodeOf<typeof STATION_TYPE>;

/**
 * Work stations of the warehouse (spec §2 /wmsbasic/stationManagement, tab Station Management).
 * Checking stations run in one of the modes of spec §3; other stations have none.
 */
export const stationResource = defineResource({
  name: 'station',
  table: 'stations',
  api: {
    list: { path: '/apps/basic/station/search_station' },
    detail: { path: '/apps/basic/station/get_station_detail' },
  },
  pages: { list: '/wmsbasic/stationManagement' },
  key: 'station_id',
  warehouseScoped: true,
  fields: {
    station_id: {
      kind: 'text', label: /*i18n*/ 'Station ID', required: true, immutable: true, max: 32, sortable: true,
      filter: { op: 'in', type: 'card' },
    },
    station_name: { kind: 'text', label: /*i18n*/ 'Station Name', required: true, max: 120, sortable: true, filter: { op: 'contains', type: 'input' } },
    station_type: { kind: 'enum', label: /*i18n*/ 'Station Type', required: true, ...codeEnum(STATION_TYPE), sortable: true, filter: { op: 'eq', type: 'select' } },
    checking_mode: { kind: 'enum', label: /*i18n*/ 'Checking Mode', ...codeEnum(CHECKING_STATION_MODE), filter: { op: 'eq', type: 'select' } },
    status: {
      kind: 'enum', label: /*i18n*/ 'Status', required: true, status: true,
      ...codeEnum(STATION_STATUS),
      filter: { op: 'eq', type: 'select' },
    },
    assigned_user: { kind: 'text', label: /*i18n*/ 'Assigned User', max: 254, filter: { op: 'contains', type: 'input' } },
  },
  defaultSort: { field: 'station_id', desc: false },
});

/** Limits of the record settings (Record Settings tab). */
export const RECORD_LIMITS = {
  videoSeconds: { min: 10, max: 600 },
  retentionDays: { min: 1, max: 365 },
} as const;

/** What a station of one type records (Record Settings tab; its schema is recordSettingSchema of catalog.contract.ts). */
export type { RecordSetting } from '../contract/catalog.contract';

/** What a station type records before the warehouse sets it: video and weight where parcels are closed. */
export function defaultRecordSetting(stationType: StationType): RecordSetting {
  const { CHECKING, PACKING, BOXING, QC } = STATION_TYPE.values;
  const closesParcels = stationType === PACKING || stationType === BOXING;
  return {
    station_type: stationType,
    record_video: closesParcels || stationType === CHECKING ? 1 : 0,
    record_photo: stationType === QC ? 1 : 0,
    record_weight: closesParcels ? 1 : 0,
    scan_inner_packaging: 0,
    scan_outer_packaging: 0,
    video_max_seconds: 120,
    retention_days: 30,
  };
}
