import { z } from 'zod';
import { INBOUND_HANDLING_DECISION } from '../codes';
import { UPPER_BOUND } from '../constants';
import { RECEIVING_REPORT_REASONS } from '../inbound-exception';
import { EXCEPTION_REMARK_MAX, inboundExceptionResource } from '../resources/inbound-exception.resource';
import { rowSchema } from '../resources/schemas';
import { SKU_ID_MAX } from '../resources/sku.resource';
import { pageActionPerm } from '../routes/derive';
import { TRACKING_ID_MAX } from './counting.contract';
import { endpoint } from './define';

/**
 * Inbound exceptions (spec §3; report-exception pages, Exception Center troubleshoot tasks). The
 * list and detail are the inbound_exception resource; here are the report from the receiving desk
 * and the handling steps along the lifecycle (pending → checked → BD confirmed → done, or
 * cancelled), each needing the handle page's permission. Done carries the decision out
 * (server/modules/inbound/exception-effects.ts).
 */

const BASE = '/apps/process/inbound/exception';
/** The permission of Exception Center › Handle Troubleshoot Task (the manifest names it for that page). */
export const EXCEPTION_HANDLE_PERM = 'PC.Exceptioncenter.Troubleshoottask.Handle';
const handle = { perm: EXCEPTION_HANDLE_PERM };
const exceptionNo = z.string().trim().min(1).max(32);
const remark = z.string().trim().max(EXCEPTION_REMARK_MAX);
const decision = z.literal(INBOUND_HANDLING_DECISION.options.map((o) => o.value) as [number, ...number[]]);
const row = rowSchema(inboundExceptionResource);

export const inboundExceptionContract = {
  reportInboundException: endpoint({
    method: 'POST', path: `${BASE}/report_inbound_exception`, access: { perm: pageActionPerm('/inbound/receiving/reportexception', 'Action') },
    summary: 'Reports an exception from the receiving desk (the type follows the reason). Damaged and expired units of a line not yet received are received as damaged (-287106 more than its good units).',
    input: z.object({
      asn_no: z.string().trim().min(1).max(32),
      sku_id: z.string().trim().min(1).max(SKU_ID_MAX).nullish(),
      tracking_id: z.string().trim().min(1).max(TRACKING_ID_MAX).nullish(),
      reason: z.literal(RECEIVING_REPORT_REASONS),
      qty: z.number().int().min(1).max(UPPER_BOUND),
      remark: remark.nullish(),
    }),
    output: row,
  }),
  checkInboundException: endpoint({
    method: 'POST', path: `${BASE}/check_inbound_exception`, access: handle,
    summary: 'The warehouse has checked the goods: PENDING → CHECKED.',
    input: z.object({ exception_no: exceptionNo, remark: remark.nullish() }),
    output: row,
  }),
  confirmInboundException: endpoint({
    method: 'POST', path: `${BASE}/confirm_inbound_exception`, access: handle,
    summary: 'The business confirms how the exception is settled: CHECKED → BD_CONFIRMED with a handling decision that suits its type.',
    input: z.object({ exception_no: exceptionNo, handling_decision: decision, remark: remark.nullish() }),
    output: row,
  }),
  completeInboundException: endpoint({
    method: 'POST', path: `${BASE}/complete_inbound_exception`, access: handle,
    summary: 'The decision is carried out: CHECKED or BD_CONFIRMED → DONE (a decision that settles it is needed, given now or confirmed before). Held units go to putaway (regraded when the decision says), to a labelling or repackaging task, to a Dispute staging location for their return, or are written off; a wrong SKU gets a new arrived ASN, a shortage a new pending one; Rejected All rejects the ASN. -100412 when the decision acts on units not received yet.',
    input: z.object({ exception_no: exceptionNo, handling_decision: decision.nullish(), remark: remark.nullish() }),
    output: row,
  }),
  cancelInboundException: endpoint({
    method: 'POST', path: `${BASE}/cancel_inbound_exception`, access: handle,
    summary: 'Cancels an exception not yet done (raised in error), saying why; units it holds go on to putaway.',
    input: z.object({ exception_no: exceptionNo, remark }),
    output: row,
  }),
} as const;
