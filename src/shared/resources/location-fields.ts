import { UPPER_BOUND } from '../constants';
import { ABC_CLASS, CELL_OCCUPANCY, codeEnum, LOCATION_STATUS, RACK_TYPE, STORAGE_AREA, TEMPERATURE_ZONE } from '../codes';
import { storageAreaPerm } from '../routes/derive';
import type { FieldDef } from './define';
import { SKU_MIXING, SUPPLIER_MIXING, UNIT_TYPE } from './location-codes';

/**
 * Fields the storage-area resources share (zones, pathways, cells, staging locations…), so a
 * code list, its label and its filter are declared once.
 */

/** A location code typed or pasted as a list (spec §5 card filter). */
export const codeField = (label: string, more: Partial<FieldDef> = {}): FieldDef => ({
  kind: 'text', label, required: true, immutable: true, min: 1, max: 32, sortable: true, filter: { op: 'in', type: 'card' }, ...more,
});

/** A reference to another location of the warehouse, searched for exactly. */
export const refField = (label: string, more: Partial<FieldDef> = {}): FieldDef => ({
  kind: 'text', label, max: 32, filter: { op: 'eq', type: 'input' }, ...more,
});

export const nameField = (label: string): FieldDef => ({
  kind: 'text', label, required: true, max: 120, sortable: true, filter: { op: 'contains', type: 'input' },
});

/** New locations start Normal. */
export const locationStatusField: FieldDef = {
  kind: 'enum', label: /*i18n*/ 'Status', required: true, status: true, ...codeEnum(LOCATION_STATUS), filter: { op: 'eq', type: 'select' },
  form: { defaultValue: LOCATION_STATUS.values.NORMAL },
};

export const occupancyField: FieldDef = {
  kind: 'enum', label: /*i18n*/ 'Occupancy', status: true, readOnly: true, ...codeEnum(CELL_OCCUPANCY), filter: { op: 'eq', type: 'select' },
};

export const abcClassField: FieldDef = {
  kind: 'enum', label: /*i18n*/ 'ABC Class', required: true, ...codeEnum(ABC_CLASS), filter: { op: 'eq', type: 'select' },
};

export const temperatureZoneField: FieldDef = {
  kind: 'enum', label: /*i18n*/ 'Temperature Zone', required: true, ...codeEnum(TEMPERATURE_ZONE), filter: { op: 'eq', type: 'select' },
  form: { defaultValue: TEMPERATURE_ZONE.values.NORMAL },
};

export const storageAreaField: FieldDef = {
  kind: 'enum', label: /*i18n*/ 'Storage Area', required: true, ...codeEnum(STORAGE_AREA), filter: { op: 'eq', type: 'select' },
};

export const rackTypeField: FieldDef = {
  kind: 'enum', label: /*i18n*/ 'Rack Type', required: true, ...codeEnum(RACK_TYPE), filter: { op: 'eq', type: 'select' },
};

export const skuMixingField: FieldDef = { kind: 'enum', label: /*i18n*/ 'SKU Mixing', required: true, ...codeEnum(SKU_MIXING) };

export const supplierMixingField: FieldDef = { kind: 'enum', label: /*i18n*/ 'Supplier Mixing', required: true, ...codeEnum(SUPPLIER_MIXING) };

export const unitTypeField: FieldDef = { kind: 'enum', label: /*i18n*/ 'Unit Type', ...codeEnum(UNIT_TYPE), hideInList: true };

/** Order in which pickers walk locations (ascending). */
export const pickSequenceField: FieldDef = { kind: 'int', label: /*i18n*/ 'Pick Sequence', min: 0, max: UPPER_BOUND, hideInList: true };

export const remarkField: FieldDef = { kind: 'text', label: /*i18n*/ 'Remark', max: 500, hideInList: true, form: { type: 'textarea' } };

const LOCATION = '/apps/basic/location';

/**
 * The list and detail calls of a Storage Area Setting tab (search_<noun>, get_<noun>_detail under
 * /apps/basic/location), both needing the tab's permission (spec §6).
 */
export function storageAreaCalls<const N extends string>(tab: string, noun: N) {
  const perm = storageAreaPerm(tab);
  return {
    list: { path: `${LOCATION}/search_${noun}` as const, perm },
    detail: { path: `${LOCATION}/get_${noun}_detail` as const, perm },
  };
}

/** A tab's create or update call (create_<noun>, update_<noun>), needing the permission of its form page. */
export function storageAreaChange<const V extends 'create' | 'update', const N extends string>(verb: V, tab: string, noun: N) {
  return { path: `${LOCATION}/${verb}_${noun}` as const, perm: storageAreaPerm(tab, verb === 'create' ? 'Create' : 'Edit') };
}
