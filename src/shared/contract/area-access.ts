import { OUTBOUND_ORDER_TYPE, type CodeOf } from '../codes';
import { CHECKING_ACCESS } from './checking.contract';
import { MT_ORDER_ACCESS } from './mt-order.contract';
import { MT_SHIPPING_ACCESS } from './mt-shipping.contract';
import { PICKING_ACCESS } from './picking.contract';
import { RTS_ORDER_ACCESS } from './rts-order.contract';

/**
 * Sales, MT and RTS orders share one picking engine and one checking engine (sales and MT), each
 * area with its own permission: the one place that says which permission works a task of each
 * order type. The engines' ops take any of them (`PICKER_ACCESS`, `CHECKER_ACCESS`); the server
 * then asks the task's own (`pickAccessOf`, `checkAccessOf`), and each area's screen its own.
 * Reverse picking and sub-picking tasks are their order's type (a sales task's are sales).
 * See docs/security.md "Area permissions on shared engines".
 */

export type OutboundOrderType = CodeOf<typeof OUTBOUND_ORDER_TYPE>;
const O = OUTBOUND_ORDER_TYPE.values;

const PICK: Record<OutboundOrderType, { perm: string }> = {
  [O.SALES]: PICKING_ACCESS.pick,
  [O.MT]: MT_ORDER_ACCESS.pick,
  [O.RTS]: RTS_ORDER_ACCESS.pick,
};

/** RTS orders are not checked: they go from picking to RTS Shipping. */
const CHECK: Record<OutboundOrderType, { perm: string } | null> = {
  [O.SALES]: CHECKING_ACCESS.check,
  [O.MT]: MT_SHIPPING_ACCESS.check,
  [O.RTS]: null,
};

/** What picking a task of the order type needs (its picks, short picks and puts back). */
export const pickAccessOf = (orderType: OutboundOrderType): { perm: string } => PICK[orderType];

/** The order types that are checked. */
export type CheckedOrderType = typeof O.SALES | typeof O.MT;

/** What checking a task of the order type needs; null: the type is never checked. */
export function checkAccessOf(orderType: CheckedOrderType): { perm: string };
export function checkAccessOf(orderType: OutboundOrderType): { perm: string } | null;
export function checkAccessOf(orderType: OutboundOrderType): { perm: string } | null {
  return CHECK[orderType];
}

/** The picking ops: any area's picking permission (the task's own is asked per record). */
export const PICKER_ACCESS = {
  anyPerm: [PICK[O.SALES].perm, PICK[O.MT].perm, PICK[O.RTS].perm],
} as const satisfies { anyPerm: readonly [string, ...string[]] };

/** The checking ops: any area's checking permission (the task's own is asked per record). */
export const CHECKER_ACCESS = {
  anyPerm: [CHECK[O.SALES]!.perm, CHECK[O.MT]!.perm],
} as const satisfies { anyPerm: readonly [string, ...string[]] };
