import {
  INBOUND_EXCEPTION_REASON, INBOUND_EXCEPTION_TYPE, INBOUND_HANDLING_DECISION, type CodeOf,
} from './codes';

/**
 * Rules of inbound exceptions beyond their lifecycle (shared/lifecycles.ts): which handling
 * decisions settle which type of exception, which type a reported reason makes, and which
 * reasons grade the units damaged at receiving. The spec names the lists only; these choices
 * are ours (docs/decisions.md "Inbound exceptions").
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
  [T.SURPLUS]: [D.ACCEPT_SURPLUS, D.INBOUND_TO_CURRENT_ASN, D.INBOUND_TO_NEW_ASN, D.RETURN_TO_SUPPLIER, D.HOLD_FOR_INVESTIGATION],
  [T.WRONG_SKU]: [
    D.INBOUND_TO_NEW_ASN, D.CORRECT_SKU_INFORMATION, D.RETURN_TO_SUPPLIER, D.RETURN_TO_SELLER, D.DISPOSE, D.HOLD_FOR_INVESTIGATION,
  ],
};

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
