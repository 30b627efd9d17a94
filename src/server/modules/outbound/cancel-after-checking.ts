import { and, eq, inArray, sql } from 'drizzle-orm';
import { OUTBOUND_ORDER_TYPE, PARCEL_STATUS, TASK_STATUS } from '../../../shared/codes';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { packingTasks, parcels } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { leaveChecking } from './checking';
import { releaseOrder } from './picking';
import { S, assertOrderType, lockOrder, moveOrder, orderLabel, statusName, type Actor, type OrderRow, type OrderType } from './sales-order';
import { sortedSlotOf } from './sorting';

/**
 * Cancelling a sales order, before or after checking (docs/outbound.md "Cancel after checking").
 * Before: units not picked are released, picked units get a reverse picking task from their
 * containers. After (checked, packing, packed): the units are on the order (STOCK_LOCATION_TYPE
 * outbound order), so the order's open packing task is cancelled, its live parcels (packed, or loaded
 * in a handover not closed) are intercepted, and a reverse picking task puts the units back from the
 * order into cells. An order loading or gone (shipping, outbound), or with a shipped parcel, is
 * never cancelled (-290201); a cancelled one is final (the lifecycle's -100412).
 */

const P = PARCEL_STATUS.values;
const T = TASK_STATUS.values;
/** The statuses in which an order's units are on the order (out of their containers). */
export const AFTER_CHECKING: readonly number[] = [S.CHECKED, S.PACKING, S.PACKED];
/** Parcels still in the warehouse: packed, or loaded in a handover that has not left. */
const LIVE_PARCELS: readonly number[] = [P.PACKED, P.SHIPPING];

export interface CancelOutcome {
  order: OrderRow;
  reverseTaskNo: string | null;
  /** The tracking numbers intercepted. */
  intercepted: string[];
}

function refuseCancel(order: OrderRow, reason: 'sorting' | 'shipping' | 'outbound' | 'parcel_shipped', why: string, data: Record<string, unknown> = {}): ApiError {
  return new ApiError(RET.ORDER_NOT_CANCELLABLE, `${orderLabel(order.orderNo)} cannot be cancelled: ${why}.`, {
    order_no: order.orderNo, status: order.status, reason, ...data,
  }, 409);
}

/** Cancels an order of a type (locked here) with its reason, whatever step before shipping it is at. */
export async function cancelOrder(
  tx: Db, whsId: string, actor: Actor, orderNo: string, reason: string, orderType: OrderType = OUTBOUND_ORDER_TYPE.values.SALES,
): Promise<CancelOutcome> {
  const order = await lockOrder(tx, whsId, orderNo);
  assertOrderType(order, orderType);
  if (order.status === S.SHIPPING) throw refuseCancel(order, 'shipping', 'it is being shipped');
  if (order.status === S.OUTBOUND) throw refuseCancel(order, 'outbound', 'it has shipped');
  // Half sorted, its units are in the batch container and in its slot: sorting finishes first.
  if (order.status === S.SORTING) throw refuseCancel(order, 'sorting', 'it is being sorted at a put wall: sort its last units into its slot, then cancel it');
  if (!AFTER_CHECKING.includes(order.status)) {
    await leaveChecking(tx, whsId, orderNo);
    const cancelled = await moveOrder(tx, whsId, order, S.CANCEL, `Cancelled: ${reason}`, actor.userId, { holdReason: null });
    // Sorted, its units wait in its put wall slot: the return task takes them from there.
    const slot = order.status === S.SORTED ? await sortedSlotOf(tx, whsId, orderNo) : null;
    const { reverseTaskNo } = await releaseOrder(tx, whsId, actor, cancelled, slot);
    return { order: cancelled, reverseTaskNo, intercepted: [] };
  }
  const held = await tx.select({ trackingNo: parcels.trackingNo, status: parcels.status }).from(parcels)
    .where(and(eq(parcels.whsId, whsId), eq(parcels.orderNo, orderNo)))
    .orderBy(sql`${parcels.trackingNo} collate "C"`).for('update');
  const shipped = held.find((p) => p.status === P.SHIPPED);
  if (shipped) throw refuseCancel(order, 'parcel_shipped', `its parcel ${shipped.trackingNo} has shipped`, { tracking_no: shipped.trackingNo });
  const live = held.filter((p) => LIVE_PARCELS.includes(p.status)).map((p) => p.trackingNo);
  if (live.length > 0) {
    await tx.update(parcels).set({ status: P.INTERCEPTED }).where(and(eq(parcels.whsId, whsId), inArray(parcels.trackingNo, live)));
  }
  await tx.update(packingTasks).set({ status: T.CANCEL, finishedAt: sql`now()` })
    .where(and(eq(packingTasks.whsId, whsId), eq(packingTasks.orderNo, orderNo), eq(packingTasks.status, T.ONGOING)));
  const parcelsNote = live.length > 0 ? `; parcels ${live.join(', ')} intercepted` : '';
  const cancelled = await moveOrder(
    tx, whsId, order, S.CANCEL, `Cancelled after checking (was ${statusName(order.status).toLowerCase()}): ${reason}${parcelsNote}.`, actor.userId, { holdReason: null },
  );
  const { reverseTaskNo } = await releaseOrder(tx, whsId, actor, cancelled, cancelled.orderNo);
  return { order: cancelled, reverseTaskNo, intercepted: live };
}
