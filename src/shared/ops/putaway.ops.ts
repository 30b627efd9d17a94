import { PUTAWAY_ACCESS, massPutPayload, putPayload, reportExceptionPayload } from '../contract/putaway.contract';
import { defineOp } from './define';

const exceptionRefusal = /*i18n*/ 'An exception needs the task, the SKU, a type, a reason and a quantity of 1 to 99999.';

/**
 * Standard and mass putaway: what the putaway scan screens queue, online or not, each with its
 * page's Action permission. What needs the task (quantities left, the staging location) the
 * screen checks first (putaway-flow.ts).
 */
export const putawayOps = {
  put: defineOp({
    kind: 'inbound.putaway.put', access: PUTAWAY_ACCESS.put, payload: putPayload,
    invalid: /*i18n*/ 'A put needs the task line, the SKU, the cell and a quantity of 1 to 99999.',
  }),
  massPut: defineOp({
    kind: 'inbound.putaway.mass_put', access: PUTAWAY_ACCESS.massPut, payload: massPutPayload,
    invalid: /*i18n*/ 'A mass put needs the staging location, the cell and at least one scanned unit.',
  }),
  /** The report-exception op of each putaway page: the same record, each page's permission. */
  reportException: defineOp({
    kind: 'inbound.putaway.report_exception', access: PUTAWAY_ACCESS.reportException, payload: reportExceptionPayload, invalid: exceptionRefusal,
  }),
  massReportException: defineOp({
    kind: 'inbound.putaway.mass_report_exception', access: PUTAWAY_ACCESS.massReportException, payload: reportExceptionPayload, invalid: exceptionRefusal,
  }),
};
