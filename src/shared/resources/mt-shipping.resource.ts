import { HANDOVER_STATUS, MT_SHIP_BY, TASK_STATUS, codeEnum } from '../codes';
import { MT_PACKING_PAGES, MT_SHIPPING_PAGES } from '../contract/mt-shipping.contract';
import { defineResource } from './define';

const T = TASK_STATUS.values;

/**
 * MT packing tasks (spec §2 /mtoutbound/task/packing): one per checked MT order scanned at MT packing
 * (mt-shipping.ts). Read-only; the detail (lines, boxes, pallets) is a screen of its own over
 * mt-shipping.contract.ts getMtPackingDetail. Newest first.
 */
export const mtPackingTaskResource = defineResource({
  name: 'mt_packing_task',
  table: 'mt_packing_tasks',
  key: 'packing_id',
  warehouseScoped: true,
  defaultSort: { field: 'packing_id', desc: true },
  fields: {
    packing_id: { kind: 'text', label: /*i18n*/ 'Packing ID', readOnly: true, max: 32, sortable: true, filter: { op: 'in', type: 'card' } },
    order_no: { kind: 'text', label: /*i18n*/ 'Order No.', readOnly: true, max: 32, filter: { op: 'in', type: 'card' } },
    dest_whs_id: { kind: 'text', label: /*i18n*/ 'Destination', readOnly: true, max: 32, filter: { op: 'eq', type: 'input' } },
    status: {
      kind: 'enum', label: /*i18n*/ 'Status', readOnly: true, status: true, ...codeEnum(TASK_STATUS), values: [T.ONGOING, T.DONE] as const,
      filter: { op: 'eq', type: 'select' },
    },
    total_qty: { kind: 'int', label: /*i18n*/ 'Total Qty', readOnly: true },
    packed_qty: { kind: 'int', label: /*i18n*/ 'Packed Qty', readOnly: true },
    created_by: { kind: 'user', label: /*i18n*/ 'Created By', readOnly: true, filter: { op: 'eq', type: 'select', hide: true } },
    created_at: { kind: 'time', label: /*i18n*/ 'Created At', readOnly: true, sortable: true, filter: { op: 'range', type: 'datetimeRange' } },
    finished_at: { kind: 'time', label: /*i18n*/ 'Finished At', readOnly: true },
  },
  api: { list: { path: '/apps/process/outbound/mtshipping/search_mt_packing_task' } },
  pages: { list: MT_PACKING_PAGES.list, detail: MT_PACKING_PAGES.detail },
  ownScreens: ['detail'],
});

/** MT shipments (spec §2 /mtoutbound/task/shipping): by pallet or by box, loading or shipped. The detail is a screen of its own. */
export const mtShipmentResource = defineResource({
  name: 'mt_shipment',
  table: 'mt_shipments',
  key: 'shipping_id',
  warehouseScoped: true,
  defaultSort: { field: 'created_at', desc: true },
  fields: {
    shipping_id: { kind: 'text', label: /*i18n*/ 'Shipping ID', readOnly: true, max: 64, sortable: true, filter: { op: 'in', type: 'card' } },
    dest_whs_id: { kind: 'text', label: /*i18n*/ 'Destination', readOnly: true, max: 32, filter: { op: 'eq', type: 'input' } },
    ship_by: { kind: 'enum', label: /*i18n*/ 'Ship By', readOnly: true, ...codeEnum(MT_SHIP_BY), filter: { op: 'eq', type: 'select' } },
    status: { kind: 'enum', label: /*i18n*/ 'Status', readOnly: true, status: true, ...codeEnum(HANDOVER_STATUS), filter: { op: 'eq', type: 'select' } },
    loaded_count: { kind: 'int', label: /*i18n*/ 'Pallets or Boxes', readOnly: true },
    qty: { kind: 'int', label: /*i18n*/ 'Qty', readOnly: true },
    opened_by: { kind: 'user', label: /*i18n*/ 'Opened By', readOnly: true, filter: { op: 'eq', type: 'select', hide: true } },
    created_at: { kind: 'time', label: /*i18n*/ 'Created At', readOnly: true, sortable: true, filter: { op: 'range', type: 'datetimeRange' } },
    closed_at: { kind: 'time', label: /*i18n*/ 'Shipped At', readOnly: true },
  },
  api: { list: { path: '/apps/process/outbound/mtshipping/search_mt_shipment' } },
  pages: { list: MT_SHIPPING_PAGES.list, detail: MT_SHIPPING_PAGES.detail },
  ownScreens: ['detail'],
});
