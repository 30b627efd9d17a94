import { codeEnum, EXPORT_REPORT_TYPE, INVENTORY_ADJUSTMENT_REASON, INVENTORY_ADJUSTMENT_STATUS } from '../codes';
import { defineResource } from './define';
import { qtyField } from './stock-fields';

/** Longest adjustment number (ADJ + YYMMDD + 6 digits, with room to spare) and remark. */
export const ADJUST_NO_MAX = 32;
export const ADJUSTMENT_REMARK_MAX = 500;

/**
 * Inventory adjustments (spec §2 /inventorymanage/adjust; §3 statuses, directions, reasons; §4
 * lifecycle): the list, with who created and approved each. Creating, approving and adjusting
 * are calls of their own (contract/adjustment.contract.ts); the pages other than the list are
 * screens of their own (features/inventory).
 */
export const adjustmentResource = defineResource({
  name: 'inventory_adjustment',
  query: 'adjustments',
  reportType: EXPORT_REPORT_TYPE.values.INVENTORY_ADJUSTMENT,
  api: { list: { path: '/apps/process/inventory/adjustment/search_adjustment' } },
  pages: { list: '/inventorymanage/adjust', detail: '/inventorymanage/adjust/view', create: '/inventorymanage/adjust/create' },
  ownScreens: ['detail', 'create'],
  key: 'adjust_no',
  warehouseScoped: true,
  fields: {
    adjust_no: { kind: 'text', label: /*i18n*/ 'Adjustment No.', max: ADJUST_NO_MAX, sortable: true, filter: { op: 'in', type: 'card' } },
    status: { kind: 'enum', label: /*i18n*/ 'Status', status: true, ...codeEnum(INVENTORY_ADJUSTMENT_STATUS), filter: { op: 'eq', type: 'select' } },
    reason: { kind: 'enum', label: /*i18n*/ 'Reason', ...codeEnum(INVENTORY_ADJUSTMENT_REASON), filter: { op: 'eq', type: 'select' } },
    line_count: qtyField(/*i18n*/ 'Lines'),
    addition_qty: qtyField(/*i18n*/ 'Addition Qty'),
    deduction_qty: qtyField(/*i18n*/ 'Deduction Qty'),
    remark: { kind: 'text', label: /*i18n*/ 'Remark', max: ADJUSTMENT_REMARK_MAX, hideInList: true },
    created_by: { kind: 'text', label: /*i18n*/ 'Created By', max: 200 },
    created_at: { kind: 'time', label: /*i18n*/ 'Created At', sortable: true, filter: { op: 'range', type: 'datetimeRange' } },
    // Who approved or rejected it.
    approved_by: { kind: 'text', label: /*i18n*/ 'Reviewed By', max: 200 },
    approved_at: { kind: 'time', label: /*i18n*/ 'Reviewed At', hideInList: true },
    adjusted_at: { kind: 'time', label: /*i18n*/ 'Adjusted At' },
    close_reason: { kind: 'text', label: /*i18n*/ 'Close Reason', max: 1000, hideInList: true },
  },
  defaultSort: { field: 'created_at', desc: true },
});
