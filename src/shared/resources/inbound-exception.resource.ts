import {
  INBOUND_EXCEPTION_REASON, INBOUND_EXCEPTION_SOURCE, INBOUND_EXCEPTION_STATUS, INBOUND_EXCEPTION_TYPE, INBOUND_HANDLING_DECISION, codeEnum,
} from '../codes';
import { defineResource } from './define';
import { SKU_ID_MAX } from './sku.resource';

/** Exception Center › troubleshoot task pages (spec §2); the detail and handle pages take `?exception_no=`. */
export const INBOUND_EXCEPTION_PAGES = {
  list: '/exceptioncenter/troubleshoottask',
  detail: '/exceptioncenter/troubleshoottaskdetail',
  handle: '/exceptioncenter/troubleshoottaskhandle',
} as const;

/** Longest remark of a report, and of each handling step's note (appended to the exception's notes). */
export const EXCEPTION_REMARK_MAX = 300;
/** The notes of an exception: its report's remark and one note per handling step (at most four), each on its own line. */
export const EXCEPTION_NOTES_MAX = 5 * (EXCEPTION_REMARK_MAX + 1);

/**
 * Inbound exceptions (spec §3 statuses, types, reasons, handling decisions): the troubleshoot task
 * list and detail, with the units an exception holds in staging and the document its decision made
 * (a putaway or VAS task, a new ASN). Read-only here: exceptions are reported by counting, QC and
 * the report pages and handled along their lifecycle by inbound-exception.contract.ts. An ASN's exceptions are this list
 * filtered by `asn_no` (`/exceptioncenter/troubleshoottask?asn_no=…`).
 */
export const inboundExceptionResource = defineResource({
  name: 'inbound_exception',
  table: 'inbound_exceptions',
  api: {
    list: { path: '/apps/process/inbound/exception/search_inbound_exception' },
    detail: { path: '/apps/process/inbound/exception/get_inbound_exception_detail' },
  },
  pages: { list: INBOUND_EXCEPTION_PAGES.list, detail: INBOUND_EXCEPTION_PAGES.detail },
  ownScreens: ['detail'],
  key: 'exception_no',
  warehouseScoped: true,
  fields: {
    exception_no: { kind: 'text', label: /*i18n*/ 'Exception No.', readOnly: true, max: 32, sortable: true, filter: { op: 'in', type: 'card' } },
    asn_no: { kind: 'text', label: /*i18n*/ 'ASN No.', readOnly: true, max: 32, sortable: true, filter: { op: 'eq', type: 'input' } },
    group_no: { kind: 'text', label: /*i18n*/ 'ASN Group No.', readOnly: true, max: 32, hideInList: true, filter: { op: 'eq', type: 'input', hide: true } },
    sku_id: { kind: 'text', label: /*i18n*/ 'SKU ID', readOnly: true, max: SKU_ID_MAX, filter: { op: 'eq', type: 'input', skuMapping: true } },
    tracking_id: { kind: 'text', label: /*i18n*/ 'Tracking ID', readOnly: true, max: 64, hideInList: true, filter: { op: 'eq', type: 'input', hide: true } },
    task_no: { kind: 'text', label: /*i18n*/ 'Task No.', readOnly: true, max: 32, hideInList: true },
    exception_type: { kind: 'enum', label: /*i18n*/ 'Exception Type', readOnly: true, ...codeEnum(INBOUND_EXCEPTION_TYPE), filter: { op: 'eq', type: 'select' } },
    reason: { kind: 'enum', label: /*i18n*/ 'Reason', readOnly: true, ...codeEnum(INBOUND_EXCEPTION_REASON), filter: { op: 'eq', type: 'select' } },
    source: { kind: 'enum', label: /*i18n*/ 'Source', readOnly: true, ...codeEnum(INBOUND_EXCEPTION_SOURCE), filter: { op: 'eq', type: 'select', hide: true } },
    qty: { kind: 'int', label: /*i18n*/ 'Qty', readOnly: true },
    status: {
      kind: 'enum', label: /*i18n*/ 'Status', readOnly: true, status: true, ...codeEnum(INBOUND_EXCEPTION_STATUS), filter: { op: 'eq', type: 'select' },
    },
    handling_decision: { kind: 'enum', label: /*i18n*/ 'Handling Decision', readOnly: true, ...codeEnum(INBOUND_HANDLING_DECISION) },
    held_qty: { kind: 'int', label: /*i18n*/ 'Held Qty', readOnly: true, hideInList: true },
    hold_location: { kind: 'text', label: /*i18n*/ 'Held At', readOnly: true, max: 64, hideInList: true },
    result_no: { kind: 'text', label: /*i18n*/ 'Result Document', readOnly: true, max: 32, hideInList: true },
    remark: { kind: 'text', label: /*i18n*/ 'Remark', readOnly: true, max: EXCEPTION_NOTES_MAX, hideInList: true },
    reported_by: { kind: 'user', label: /*i18n*/ 'Reported By', readOnly: true, hideInList: true },
    reported_at: { kind: 'time', label: /*i18n*/ 'Reported At', readOnly: true, sortable: true, filter: { op: 'range', type: 'datetimeRange' } },
    handled_by: { kind: 'user', label: /*i18n*/ 'Handled By', readOnly: true, hideInList: true },
    handled_at: { kind: 'time', label: /*i18n*/ 'Handled At', readOnly: true },
  },
  defaultSort: { field: 'reported_at', desc: true },
});
