import { ACTIVE_STATUS } from '../codes';
import { UPPER_BOUND } from '../constants';
import { activeStatusField } from './common-fields';
import { defineResource } from './define';
import { remarkField, storageAreaCalls, storageAreaChange } from './location-fields';

/** Most days of stock a plan may aim to turn over in. */
export const MAX_TURNOVER_DAYS = 365;

/**
 * Warehouse planning (spec §2 Storage Area Setting › whsplanning, shown while the fulfilment chain
 * is on): the capacity each logic area is planned to give one fulfilment chain — how many
 * locations, how many SKUs, what daily outbound it must sustain, and the turnover it aims for.
 * One plan per logic area; the spec shows nothing of the page's content (docs/decisions.md).
 */
export const whsPlanningResource = defineResource({
  name: 'whs_planning',
  key: 'logic_area_id',
  warehouseScoped: true,
  table: 'whs_plannings',
  api: {
    ...storageAreaCalls('whsplanning', 'whs_planning'),
    create: storageAreaChange('create', 'whsplanning', 'whs_planning'),
    update: storageAreaChange('update', 'whsplanning', 'whs_planning'),
  },
  pages: { list: '/wmsbasic/whsplanning', detail: '/wmsbasic/whsplanning/detail', create: '/wmsbasic/whsplanning/create', edit: '/wmsbasic/whsplanning/edit' },
  fields: {
    logic_area_id: {
      kind: 'text', label: /*i18n*/ 'Logic Area ID', required: true, immutable: true, max: 32, sortable: true,
      filter: { op: 'in', type: 'card' }, ref: 'logic_area',
    },
    fulfillment_chain: {
      kind: 'text', label: /*i18n*/ 'Fulfillment Chain', required: true, max: 32, sortable: true, filter: { op: 'eq', type: 'input' },
    },
    planned_location_qty: { kind: 'int', label: /*i18n*/ 'Planned Locations', required: true, min: 0, max: UPPER_BOUND },
    planned_sku_qty: { kind: 'int', label: /*i18n*/ 'Planned SKUs', min: 0, max: UPPER_BOUND },
    daily_outbound_capacity: { kind: 'int', label: /*i18n*/ 'Daily Outbound Capacity', min: 0, max: UPPER_BOUND },
    target_turnover_days: {
      kind: 'int', label: /*i18n*/ 'Target Turnover Days', required: true, min: 1, max: MAX_TURNOVER_DAYS, sortable: true,
      filter: { op: 'range', type: 'numberRange' },
    },
    status: { ...activeStatusField, form: { defaultValue: ACTIVE_STATUS.values.ACTIVE } },
    remark: remarkField,
  },
  defaultSort: { field: 'logic_area_id', desc: false },
});
