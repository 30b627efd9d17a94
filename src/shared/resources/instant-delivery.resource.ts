import { ACTIVE_STATUS, HANDOVER_KIND, HANDOVER_STATUS, codeEnum } from '../codes';
import { INSTANT_ACCESS, INSTANT_PAGES } from '../contract/instant-delivery.contract';
import { activeStatusField } from './common-fields';
import { defineResource } from './define';

/**
 * Instant delivery (docs/outbound.md "Instant delivery"): the delivery zone codes an instant order's
 * address resolves to (shared/instant-delivery.ts resolveZone), and the delivery tasks — the riders'
 * pickups, handovers of kind Instant Rider — as a list and export.
 */

const CALLS = '/apps/process/outbound/instant';
const ZONE_PAGE = INSTANT_PAGES.zoneCode;

/** Delivery zones of the warehouse: a code unique in the warehouse, its postcode prefixes and address keywords. */
export const instantZoneCodeResource = defineResource({
  name: 'instant_zone_code',
  table: 'instant_zone_codes',
  api: {
    list: { path: `${CALLS}/search_zone_code` },
    detail: { path: `${CALLS}/get_zone_code_detail` },
    create: { path: `${CALLS}/create_zone_code` },
    update: { path: `${CALLS}/update_zone_code` },
  },
  pages: { list: ZONE_PAGE, create: `${ZONE_PAGE}/create`, edit: `${ZONE_PAGE}/edit/$id`, detail: `${ZONE_PAGE}/detail/$id` },
  key: 'zone_code',
  warehouseScoped: true,
  fields: {
    zone_code: {
      kind: 'text', label: /*i18n*/ 'Zone Code', required: true, immutable: true, max: 32, sortable: true, filter: { op: 'in', type: 'card' },
    },
    zone_name: { kind: 'text', label: /*i18n*/ 'Zone Name', required: true, max: 100, sortable: true, filter: { op: 'contains', type: 'input' } },
    postcode_prefixes: {
      kind: 'text', label: /*i18n*/ 'Postcode Prefixes (comma-separated)', notNull: true, max: 2000, filter: { op: 'contains', type: 'input' },
    },
    keywords: {
      kind: 'text', label: /*i18n*/ 'Districts and Keywords (comma-separated)', notNull: true, max: 2000, form: { type: 'textarea' }, filter: { op: 'contains', type: 'input' },
    },
    status: { ...activeStatusField, form: { defaultValue: ACTIVE_STATUS.values.ACTIVE } },
    created_at: { kind: 'time', label: /*i18n*/ 'Created At', readOnly: true, sortable: true },
  },
  defaultSort: { field: 'zone_code', desc: false },
});

/** Delivery tasks: each rider's pickup (a shipping handover of kind Instant Rider), newest first; the detail is a screen of its own. */
export const deliveryTaskResource = defineResource({
  name: 'delivery_task',
  table: 'shipping_handovers',
  key: 'shipping_no',
  warehouseScoped: true,
  fixed: { kind: HANDOVER_KIND.values.RIDER },
  pages: { list: INSTANT_PAGES.deliverTask, detail: INSTANT_PAGES.deliverTaskDetail },
  ownScreens: ['detail'],
  defaultSort: { field: 'created_at', desc: true },
  fields: {
    shipping_no: { kind: 'text', label: /*i18n*/ 'Assignment No.', readOnly: true, max: 32, filter: { op: 'eq', type: 'input' } },
    status: { kind: 'enum', label: /*i18n*/ 'Status', readOnly: true, status: true, ...codeEnum(HANDOVER_STATUS), filter: { op: 'eq', type: 'select' } },
    carrier_name: { kind: 'text', label: /*i18n*/ 'Carrier', readOnly: true, max: 100, filter: { op: 'eq', type: 'input' } },
    booking_no: { kind: 'text', label: /*i18n*/ 'Booking No.', readOnly: true, max: 64, filter: { op: 'eq', type: 'input' } },
    driver_name: { kind: 'text', label: /*i18n*/ 'Rider', readOnly: true, max: 100 },
    rider_phone: { kind: 'text', label: /*i18n*/ 'Rider Phone', readOnly: true, max: 40 },
    vehicle_no: { kind: 'text', label: /*i18n*/ 'Plate', readOnly: true, max: 32 },
    parcel_count: { kind: 'int', label: /*i18n*/ 'Parcels', readOnly: true },
    qty: { kind: 'int', label: /*i18n*/ 'Units', readOnly: true, hideInList: true },
    created_at: { kind: 'time', label: /*i18n*/ 'Created At', readOnly: true, sortable: true, filter: { op: 'range', type: 'datetimeRange' } },
    closed_at: { kind: 'time', label: /*i18n*/ 'Handed Over At', readOnly: true },
  },
  api: { list: { path: `${CALLS}/search_delivery_task`, perm: INSTANT_ACCESS.deliveries.perm } },
});
