import { ARRIVE, boxInput, preQcInput, sheetInput } from '../contract/arrival.contract';
import { defineOp } from './define';

/**
 * Arrival's changes (spec §7 the trarrival calls), queued by the arrival screen online or not:
 * the dock keeps scanning when the network is gone. Payloads are the POST inputs; the screen
 * judges each scan first against its cached copy of the sheet (arrival-view.ts), and the server's
 * answer, applied exactly once, is the truth.
 */
export const arrivalOps = {
  start: defineOp({
    kind: 'inbound.arrival.scan_arrival_sheet_id', access: ARRIVE, payload: sheetInput,
    invalid: /*i18n*/ 'Scan an ASN or ASN group number of up to 32 characters.',
  }),
  check: defineOp({
    kind: 'inbound.arrival.save_arrival_mtb', access: ARRIVE, payload: boxInput,
    invalid: /*i18n*/ 'A box needs the arrival sheet and its tracking ID: letters, digits and -, up to 64.',
  }),
  preQc: defineOp({
    kind: 'inbound.arrival.update_arrival_mtb', access: ARRIVE, payload: preQcInput,
    invalid: /*i18n*/ 'Pre-QC of a box needs its tracking ID and a carton count of 1 to 99999, or damaged or not.',
  }),
  complete: defineOp({
    kind: 'inbound.arrival.complete_arrival', access: ARRIVE, payload: sheetInput,
    invalid: /*i18n*/ 'Completing an arrival needs its ASN or ASN group number.',
  }),
};
