import {
  INBOUND_EXCEPTION_REASON, INBOUND_EXCEPTION_SOURCE, INBOUND_EXCEPTION_TYPE, INBOUND_HANDLING_DECISION, QUALITY, type CodeOf,
} from './codes';

/**
 * Rules of inbound exceptions beyond their lifecycle (shared/lifecycles.ts): which handling
 * decisions settle which type of exception and what carrying one out does, which type a reported
 * reason makes, and which units an exception holds. The spec names the lists only; these choices
 * are ours (docs/decisions.md "Counting, QC and receiving", "Exception holds, handling decisions and
 * the ASN's end states").
 */

export type ExceptionType = CodeOf<typeof INBOUND_EXCEPTION_TYPE>;
export type ExceptionReason = CodeOf<typeof INBOUND_EXCEPTION_REASON>;
export type HandlingDecision = CodeOf<typeof INBOUND_HANDLING_DECISION>;

const T = INBOUND_EXCEPTION_TYPE.values;
const R = INBOUND_EXCEPTION_REASON.values;
const D = INBOUND_HANDLING_DECISION.values;

/** The decisions that can settle each type, in the order a handler is offered them. */
export const HANDLING_DECISIONS_BY_TYPE: Readonly<Record<ExceptionType, readonly HandlingDecision[]>> = {
  [T.ABNORMAL_ITEM]: [
    D.ACCEPT_AS_DAMAGED, D.TRANSFER_TO_AVAILABLE, D.RELABEL_INBOUND, D.REPACKAGE_INBOUND, D.CORRECT_SKU_INFORMATION,
    D.RETURN_TO_SUPPLIER, D.RETURN_TO_SELLER, D.DISPOSE, D.HOLD_FOR_INVESTIGATION,
  ],
  [T.REJECTED_ITEM]: [
    D.PASS_GOOD_REJECT_DAMAGE, D.REJECTED_ALL, D.ACCEPT_AS_DAMAGED, D.TRANSFER_TO_AVAILABLE, D.RETURN_TO_SUPPLIER,
    D.RETURN_TO_SELLER, D.DISPOSE,
  ],
  [T.SHORTAGE]: [D.RE_SUPPLY, D.WRITE_OFF_SHORTAGE, D.HOLD_FOR_INVESTIGATION],
  [T.SURPLUS]: [D.ACCEPT_SURPLUS, D.INBOUND_TO_CURRENT_ASN, D.RETURN_TO_SUPPLIER, D.HOLD_FOR_INVESTIGATION],
  [T.WRONG_SKU]: [D.INBOUND_TO_NEW_ASN, D.RETURN_TO_SUPPLIER, D.RETURN_TO_SELLER, D.DISPOSE, D.HOLD_FOR_INVESTIGATION],
};

/**
 * What carrying out a decision (the exception's done step) does with its units:
 * - `putaway`: they go on to putaway (a new putaway task), regraded to `quality` when it is set;
 * - `labelling`, `repackaging`: a VAS task of that kind reworks them first, then putaway;
 * - `return`: they move to a Dispute staging location, blocked under the exception, for the RTS order that ships them;
 * - `dispose`: they are written off (Adjust Decrease);
 * - `new_asn`: a new ASN, arrived, brings them in (units not received: a wrong SKU);
 * - `resupply`: a new pending ASN asks the supplier for them (a shortage);
 * - `reject_asn`: the ASN is rejected before anything is received;
 * - `none`: nothing to move (a shortage written off; units never received);
 * - `hold`: not a settlement: the units stay held until the investigation's decision.
 */
export type DecisionEffect = 'putaway' | 'labelling' | 'repackaging' | 'return' | 'dispose' | 'new_asn' | 'resupply' | 'reject_asn' | 'none' | 'hold';
type Quality = CodeOf<typeof QUALITY>;

export const DECISION_EFFECTS: Readonly<Record<HandlingDecision, { effect: DecisionEffect; quality?: Quality }>> = {
  [D.RETURN_TO_SUPPLIER]: { effect: 'return' },
  [D.INBOUND_TO_CURRENT_ASN]: { effect: 'putaway' },
  [D.INBOUND_TO_NEW_ASN]: { effect: 'new_asn' },
  [D.RE_SUPPLY]: { effect: 'resupply' },
  [D.TRANSFER_TO_AVAILABLE]: { effect: 'putaway', quality: QUALITY.values.GOOD },
  [D.DISPOSE]: { effect: 'dispose' },
  [D.RELABEL_INBOUND]: { effect: 'labelling' },
  [D.REPACKAGE_INBOUND]: { effect: 'repackaging' },
  [D.REJECTED_ALL]: { effect: 'reject_asn' },
  [D.PASS_GOOD_REJECT_DAMAGE]: { effect: 'return' },
  [D.ACCEPT_AS_DAMAGED]: { effect: 'putaway', quality: QUALITY.values.DAMAGED },
  [D.ACCEPT_SURPLUS]: { effect: 'putaway' },
  [D.WRITE_OFF_SHORTAGE]: { effect: 'none' },
  [D.CORRECT_SKU_INFORMATION]: { effect: 'putaway' },
  [D.HOLD_FOR_INVESTIGATION]: { effect: 'hold' },
  [D.RETURN_TO_SELLER]: { effect: 'return' },
};

/** Decisions that act on units in stock: the exception is done with one only once its units are received (and held). */
export const STOCK_EFFECTS: readonly DecisionEffect[] = ['putaway', 'labelling', 'repackaging', 'return', 'dispose'];

/** Types whose units are received with the ASN and held under the exception until it is settled; shortages and wrong SKUs are never in stock. */
export const HOLDING_TYPES: readonly ExceptionType[] = [T.ABNORMAL_ITEM, T.REJECTED_ITEM, T.SURPLUS];

/**
 * The quality an exception's units are received with: QC failures, and units reported damaged or
 * expired at receiving, are damaged; the rest good. (A putaway report holds its task line's.)
 */
export function heldQualityOf(exception: { exceptionType: number; source: number; reason: number }): Quality {
  const damaged = exception.exceptionType === T.REJECTED_ITEM
    || (exception.source === INBOUND_EXCEPTION_SOURCE.values.RECEIVING && DAMAGING_REASONS.includes(exception.reason as ExceptionReason));
  return damaged ? QUALITY.values.DAMAGED : QUALITY.values.GOOD;
}

export const decisionFits = (type: number, decision: number): boolean =>
  (HANDLING_DECISIONS_BY_TYPE[type as ExceptionType] ?? []).includes(decision as HandlingDecision);

/** The type of exception a reason reported on a page makes (the report pages ask for the reason only). */
export function exceptionTypeOfReason(reason: ExceptionReason): ExceptionType {
  switch (reason) {
    case R.SURPLUS:
      return T.SURPLUS;
    case R.UNKNOWN_ITEM:
    case R.SKU_NOT_IN_ASN_GROUP:
      return T.WRONG_SKU;
    default:
      return T.ABNORMAL_ITEM;
  }
}

/** Reasons that make reported units of an ASN line unsellable: receiving takes them in as damaged (quality 2). */
export const DAMAGING_REASONS: readonly ExceptionReason[] = [R.DAMAGED, R.EXPIRED];

/** The reasons the receiving report-exception page offers: what can be seen at the receiving desk. */
export const RECEIVING_REPORT_REASONS: readonly ExceptionReason[] = [
  R.DAMAGED, R.EXPIRED, R.EXPIRING, R.WRONG_UPC, R.WRONG_SKU_INFORMATION, R.UNKNOWN_ITEM, R.OTHER_ISSUES,
];
