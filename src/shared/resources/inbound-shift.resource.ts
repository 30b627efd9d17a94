import { ACTIVE_STATUS } from '../codes';
import { activeStatusField } from './common-fields';
import { defineResource } from './define';

/** The pages of receiving shifts (spec §2 Rule Center › ASN Delivery Slot; its create and edit pages are ours). */
export const DELIVERY_SLOT_PAGES = {
  list: '/rulecenter/asnDeliverySlot',
  create: '/rulecenter/asnDeliverySlot/create',
  edit: '/rulecenter/asnDeliverySlot/edit',
} as const;

const SHIFT_CALLS = '/apps/conf/inboundshift';

/**
 * Receiving shifts of a warehouse (spec §7 search_inbound_shift): every day, each active shift is
 * a delivery slot ASNs book (asn_quota_plans holds what a slot may take). Times are the
 * warehouse's wall clock, `HH:MM`; a shift ends on the day it starts. Shifts are not deleted:
 * an inactive one takes no new bookings and leaves the slot lists.
 */
export const inboundShiftResource = defineResource({
  name: 'inbound_shift',
  table: 'inbound_shifts',
  api: {
    list: { path: `${SHIFT_CALLS}/search_inbound_shift` },
    detail: { path: `${SHIFT_CALLS}/get_inbound_shift_detail` },
    create: { path: `${SHIFT_CALLS}/create_inbound_shift` },
    update: { path: `${SHIFT_CALLS}/update_inbound_shift` },
  },
  pages: DELIVERY_SLOT_PAGES,
  ownScreens: ['list'],
  key: 'shift_id',
  warehouseScoped: true,
  fields: {
    shift_id: { kind: 'int', label: /*i18n*/ 'Shift ID', readOnly: true, sortable: true },
    shift_name: { kind: 'text', label: /*i18n*/ 'Shift Name', required: true, max: 60, sortable: true, filter: { op: 'eq', type: 'input' } },
    start_time: { kind: 'text', label: /*i18n*/ 'Start Time (HH:MM)', required: true, min: 5, max: 8 },
    end_time: { kind: 'text', label: /*i18n*/ 'End Time (HH:MM)', required: true, min: 5, max: 8 },
    status: { ...activeStatusField, form: { defaultValue: ACTIVE_STATUS.values.ACTIVE } },
  },
  defaultSort: { field: 'shift_id', desc: false },
});
