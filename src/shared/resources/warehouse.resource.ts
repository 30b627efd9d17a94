import { QUOTA_MODE, codeEnum } from '../codes';
import { COUNTRIES, COUNTRY_TIME_ZONES, DEFAULT_TIME_ZONE } from '../constants';
import { defineResource } from './define';

/** The time zones a warehouse of `country` may use (spec §3), the first its default; none for an unknown country. */
export const timeZonesOf = (country: unknown): readonly string[] =>
  (COUNTRY_TIME_ZONES as Readonly<Record<string, readonly string[]>>)[String(country).toUpperCase()] ?? [];

/** Every time zone of the nine countries (the form's choices before the id names a country). */
export const ALL_TIME_ZONES: readonly string[] = [...new Set(Object.values(COUNTRY_TIME_ZONES).flat())];

/**
 * Warehouses (spec §2 /wmsbasic/warehouse, §3 warehouse detail, §7 Warehouse calls): global, not
 * scoped to one warehouse. Country and is_rms follow the id (spec §1: its first two letters; it
 * begins with vn), kept by the database; a new id must begin with one of the nine countries.
 */
export const warehouseResource = defineResource({
  name: 'warehouse',
  table: 'warehouses',
  // The detail (get_warehouse_detail) is the shell's too: its own entry in warehouse.contract.ts.
  api: {
    list: { path: '/apps/basic/location/search_warehouse' },
    create: { path: '/apps/basic/location/create_warehouse' },
    // Spec §7: update_warehouse is a GET with params; it still changes state, so it needs the CSRF header.
    update: { path: '/apps/basic/location/update_warehouse', method: 'GET' },
  },
  pages: { list: '/wmsbasic/warehouse', detail: '/wmsbasic/warehouse/detail', create: '/wmsbasic/warehouse/create', edit: '/wmsbasic/warehouse/edit' },
  ownScreens: ['list', 'detail', 'create', 'edit'],
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
    country: { kind: 'enum', label: /*i18n*/ 'Country', values: COUNTRIES, readOnly: true, filter: { op: 'eq', type: 'select' } },
    whs_no: { kind: 'text', label: /*i18n*/ 'Warehouse No.', max: 16, notNull: true, filter: { op: 'eq', type: 'input' } },
    // Text, not an enum: a stored zone that is unknown reads as Asia/Shanghai (spec §8), and the
    // form offers the zones of the id's country (spec §3).
    time_region: {
      kind: 'text', label: /*i18n*/ 'Time Region', max: 64, required: true,
      form: { type: 'select', defaultValue: DEFAULT_TIME_ZONE },
    },
    is_rms: { kind: 'bool', label: /*i18n*/ 'RMS Warehouse', readOnly: true, filter: { op: 'eq', type: 'select' } },
    is_use_channel: { kind: 'bool', label: /*i18n*/ 'Use Channel', required: true, hideInList: true, form: { defaultValue: 0 } },
    quota_mode: {
      kind: 'enum', label: /*i18n*/ 'ASN Quota Mode', ...codeEnum(QUOTA_MODE), required: true,
      filter: { op: 'eq', type: 'select' }, form: { defaultValue: QUOTA_MODE.values.SEPARATED },
    },
    created_at: {
      kind: 'time', label: /*i18n*/ 'Create Time', readOnly: true, sortable: true,
      filter: { op: 'range', type: 'datetimeRange' },
    },
  },
  defaultSort: { field: 'whs_id', desc: false },
});
