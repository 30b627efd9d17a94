import { RETURN_ORDER_ACCESS, returnParcelInput } from '../contract/return-order.contract';
import { defineOp } from './define';

/**
 * The return dock's scan (docs/returns.md): each returned parcel scanned arrives its return, or —
 * when no return expects its tracking number — opens a dispute. Queued online or not; the
 * screen judges the scan first against its cached list of expected parcels, and the server's
 * answer, applied exactly once, is the truth.
 */
export const returnArrivalOps = {
  scanParcel: defineOp({
    kind: 'returninbound.arrival.scan_parcel', access: RETURN_ORDER_ACCESS.arrive, payload: returnParcelInput,
    invalid: /*i18n*/ "A returned parcel's tracking number is letters, digits and -, up to 64.",
  }),
};
