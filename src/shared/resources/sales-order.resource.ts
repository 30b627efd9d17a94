import { ORDER_PRIORITY, OUTBOUND_ORDER_TYPE, PARCEL_SPLIT, SALES_ORDER_SOURCE, SALES_ORDER_STATUS, codeEnum } from '../codes';
import { SALES_ORDER_PAGES } from '../contract/sales-order.contract';
import { WAVE_PAGES } from '../contract/wave.contract';
import { derivePerm } from '../routes/derive';
import { defineResource, type FieldDef } from './define';

/**
 * Sales orders (spec §2 /salesoutbound/order): the list is derived from this definition; Create
 * Sales Order and each order's detail (lines, allocations, tasks, log, the actions) are screens of
 * their own over sales-order.contract.ts, as is the list (it takes bulk actions on chosen rows).
 */

const S = SALES_ORDER_STATUS.values;
const P = ORDER_PRIORITY.values;

/** Orders a manual wave may take: created or waiting for stock, and not on hold. */
export const WAVEABLE_ORDER_STATUSES = [S.CREATED, S.PENDING_PICK] as const;
export const WAVEABLE_ORDER_PRIORITIES = [P.NORMAL, P.PRIORITY] as const;

const readOnlyText = (label: string, max = 64) => ({ kind: 'text', label, readOnly: true, max }) as const;

const salesOrderFields = {
  order_no: { ...readOnlyText(/*i18n*/ 'Order No.', 32), sortable: true, filter: { op: 'in', type: 'card' } },
  external_no: { ...readOnlyText(/*i18n*/ 'External Order No.'), sortable: true, filter: { op: 'in', type: 'card' } },
  status: { kind: 'enum', label: /*i18n*/ 'Status', readOnly: true, status: true, ...codeEnum(SALES_ORDER_STATUS), filter: { op: 'eq', type: 'select' } },
  // A status tag: Priority shows danger, Normal info (spec §4 colours).
  priority: { kind: 'enum', label: /*i18n*/ 'Priority', readOnly: true, status: true, ...codeEnum(ORDER_PRIORITY), filter: { op: 'eq', type: 'select' } },
  parcel_split: { kind: 'enum', label: /*i18n*/ 'Parcel Split', readOnly: true, ...codeEnum(PARCEL_SPLIT) },
  source: { kind: 'enum', label: /*i18n*/ 'Source', readOnly: true, ...codeEnum(SALES_ORDER_SOURCE), filter: { op: 'eq', type: 'select', hide: true } },
  shop_id: { ...readOnlyText(/*i18n*/ 'Shop ID'), filter: { op: 'eq', type: 'input', hide: true } },
  line_count: { kind: 'int', label: /*i18n*/ 'Lines', readOnly: true },
  total_qty: { kind: 'int', label: /*i18n*/ 'Total Qty', readOnly: true },
  allocated_qty: { kind: 'int', label: /*i18n*/ 'Allocated Qty', readOnly: true },
  picked_qty: { kind: 'int', label: /*i18n*/ 'Picked Qty', readOnly: true },
  wave_no: { ...readOnlyText(/*i18n*/ 'Wave No.', 32), filter: { op: 'eq', type: 'input' } },
  hold_reason: { ...readOnlyText(/*i18n*/ 'Hold Reason', 500) },
  cutoff_at: { kind: 'time', label: /*i18n*/ 'Cut-off Time', readOnly: true },
  created_at: { kind: 'time', label: /*i18n*/ 'Created At', readOnly: true, sortable: true, filter: { op: 'range', type: 'datetimeRange' } },
} as const satisfies Record<string, FieldDef>;

const salesOrderList = { key: 'order_no', warehouseScoped: true, table: 'sales_orders', fields: salesOrderFields } as const;
/** The rows of the outbound order table that are sales orders (MT and RTS orders have lists of their own). */
const SALES = OUTBOUND_ORDER_TYPE.values.SALES;

/** The sales order list, newest first. */
export const salesOrderResource = defineResource({
  ...salesOrderList,
  name: 'sales_order',
  fixed: { order_type: SALES },
  api: { list: { path: '/apps/process/outbound/salesorder/search_sales_order' } },
  pages: SALES_ORDER_PAGES,
  ownScreens: ['list', 'create', 'detail'],
  defaultSort: { field: 'created_at', desc: true },
});

/**
 * The orders Manual Wave offers (spec §2 /salesoutbound/manualWave): created or pending pick, not
 * on hold; oldest first, so the orders waiting longest are released first. Read with the manual
 * wave's permission (whoever may release a wave may see what it can take).
 */
export const waveableOrderResource = defineResource({
  ...salesOrderList,
  name: 'waveable_sales_order',
  fixed: { order_type: SALES, status: WAVEABLE_ORDER_STATUSES, priority: WAVEABLE_ORDER_PRIORITIES },
  api: { list: { path: '/apps/process/outbound/wave/search_waveable_order', perm: derivePerm(WAVE_PAGES.manual) } },
  defaultSort: { field: 'created_at', desc: false },
});
