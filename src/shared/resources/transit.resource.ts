import { codeEnum, TRANSIT_DIRECTION, TRANSIT_SHIPMENT_STATUS } from '../codes';
import { defineResource, type FieldDef } from './define';
import { qtyField } from './stock-fields';

/**
 * Transit shipments (docs/transfer.md): the move transfers of this warehouse on the road or settled,
 * outgoing (it is their source) and incoming (their destination). Read models built per request
 * (server/modules/inventory/transit.reads.ts); a shipment's detail with its lines is
 * contract/transit.contract.ts.
 */

const TRANSIT = '/apps/process/transfer/transit';

/** The pages of transit shipments (spec §2 Transfer and Move Transfer Inbound). */
export const TRANSIT_PAGES = {
  taskList: '/transfer/transitTask',
  taskDetail: '/transfer/transitTask/detail/$id',
  mtOrderList: '/moveinbound/mtorder',
  mtOrderDetail: '/moveinbound/mtorder/detail/$id',
  dashboard: '/transfer/transferRequest/dashboard',
} as const;

const docNo = (label: string): FieldDef => ({ kind: 'text', label, max: 64, filter: { op: 'eq', type: 'input' } });

const shipmentFields = {
  shipment_no: { kind: 'text', label: /*i18n*/ 'Shipment No.', max: 64, sortable: true, filter: { op: 'in', type: 'card' } },
  direction: { kind: 'enum', label: /*i18n*/ 'Direction', ...codeEnum(TRANSIT_DIRECTION), filter: { op: 'eq', type: 'select' } },
  status: { kind: 'enum', label: /*i18n*/ 'Status', status: true, ...codeEnum(TRANSIT_SHIPMENT_STATUS), filter: { op: 'eq', type: 'select' } },
  order_no: docNo(/*i18n*/ 'MT Order No.'),
  // Not filters: the direction filter says which side this warehouse is; a warehouse id is no input of a list.
  src_whs_id: { kind: 'text', label: /*i18n*/ 'From Warehouse', max: 64 },
  dest_whs_id: { kind: 'text', label: /*i18n*/ 'To Warehouse', max: 64 },
  dest_asn_no: docNo(/*i18n*/ 'ASN No.'),
  dispatched_qty: qtyField(/*i18n*/ 'Dispatched Qty'),
  received_qty: qtyField(/*i18n*/ 'Received Qty'),
  damaged_qty: qtyField(/*i18n*/ 'Damaged Qty'),
  short_qty: qtyField(/*i18n*/ 'Short Qty'),
  over_qty: qtyField(/*i18n*/ 'Over Qty'),
  in_transit_qty: qtyField(/*i18n*/ 'In Transit'),
  dispatched_at: { kind: 'time', label: /*i18n*/ 'Dispatched At', sortable: true, filter: { op: 'range', type: 'datetimeRange' } },
  received_at: { kind: 'time', label: /*i18n*/ 'Received At' },
} as const satisfies Record<string, FieldDef>;

/** Transit Task (spec §2 /transfer/transitTask): this warehouse's shipments both ways, newest first. */
export const transitShipmentResource = defineResource({
  name: 'transit_shipment',
  query: 'transit_shipments',
  api: { list: { path: `${TRANSIT}/search_transit_shipment` } },
  pages: { list: TRANSIT_PAGES.taskList, detail: TRANSIT_PAGES.taskDetail },
  ownScreens: ['detail'],
  key: 'shipment_no',
  warehouseScoped: true,
  fields: shipmentFields,
  defaultSort: { field: 'dispatched_at', desc: true },
});

/** MT Order (spec §2 /moveinbound/mtorder): the shipments coming to this warehouse. */
export const incomingTransitShipmentResource = defineResource({
  name: 'incoming_transit_shipment',
  query: 'incoming_transit_shipments',
  api: { list: { path: `${TRANSIT}/search_incoming_transit_shipment` } },
  pages: { list: TRANSIT_PAGES.mtOrderList, detail: TRANSIT_PAGES.mtOrderDetail },
  ownScreens: ['detail'],
  key: 'shipment_no',
  warehouseScoped: true,
  fields: shipmentFields,
  defaultSort: { field: 'dispatched_at', desc: true },
});
