import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { CYCLE_COUNT_CREATION_STATUS, CYCLE_COUNT_KIND, CYCLE_COUNT_ORDER_TYPE, CYCLE_COUNT_SCOPE, CYCLE_COUNT_STATUS } from '../../../shared/codes';
import { ccCriteriaSchema } from '../../../shared/contract/cycle-count.contract';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { ccOrders } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { createOrder, execRows, type CcSourceCode } from './cycle-count';
import { cancelOrder } from './cycle-count-rounds';

/**
 * Cycle counts other areas raise (a short pick: source OB troubleshoot, docs/inventory-accuracy.md
 * "Short picks"): the one part of cycle count another area uses, beside the ledger (eslint.config.js
 * lists it). The order that settles a line ends the blocks it holds when it ends (`releaseCountBlocks`).
 */

const STATUS = CYCLE_COUNT_STATUS.values;
const CREATION = CYCLE_COUNT_CREATION_STATUS.values;
const OPEN = [STATUS.PENDING, STATUS.ONGOING];
const n = (code: number) => sql.raw(String(code));

/**
 * The count that settles a SKU at a location as of a moment (`at`, SQL): the order made by then and
 * not finished before it (not a failed build) that lists the SKU there — a line of the order as made,
 * not one a counter found. Locations are in one open count at a time, so it is at most one. A
 * statement answering `order_no`.
 */
export const settlingCountSql = (whsId: SQL, location: SQL, skuId: SQL, at: SQL) => sql`select o.order_no from cc_order_lines l
    join cc_orders o on o.whs_id = l.whs_id and o.order_no = l.order_no
  where l.whs_id = ${whsId} and l.sku_id = ${skuId} and l.location_id = ${location} and not l.found
    and o.creation_status <> ${n(CREATION.FAIL)} and o.created_at <= ${at} and (o.finished_at is null or o.finished_at > ${at})
  order by o.created_at desc limit 1`;

/** How a count of one SKU at one location was raised (`countLine`). */
export type LineCount =
  | { outcome: 'made' | 'covered'; orderNo: string }
  /** The location is in another open count that does not list the SKU: a second count of it cannot start. */
  | { outcome: 'elsewhere'; orderNo: string }
  | { outcome: 'none'; reason: string };

/**
 * A count of one SKU at one location asked by another process (a short pick: source OB troubleshoot):
 * the open count that already lists it there, else a new express SKU order built now. The order is
 * made in a savepoint, so when nothing is left to count (-285005: the location is no active cell any
 * more, or another count took it meanwhile) it leaves nothing behind and the caller goes on.
 */
export async function countLine(
  tx: Db, whsId: string, line: { locationId: string; skuId: string }, by: { source: CcSourceCode; sourceRef: string; createdBy: number | null },
): Promise<LineCount> {
  const [covering] = (await execRows(tx, settlingCountSql(sql`${whsId}`, sql`${line.locationId}`, sql`${line.skuId}`, sql`now()`))).rows as { order_no: string }[];
  if (covering) return { outcome: 'covered', orderNo: covering.order_no };
  const [other] = await tx.select({ orderNo: ccOrders.orderNo }).from(ccOrders).where(and(eq(ccOrders.whsId, whsId),
    inArray(ccOrders.status, OPEN), sql`${ccOrders.creationStatus} <> ${n(CREATION.FAIL)}`,
    sql`exists (select 1 from cc_order_lines l where l.whs_id = ${ccOrders.whsId} and l.order_no = ${ccOrders.orderNo} and l.location_id = ${line.locationId})`)).limit(1);
  if (other) return { outcome: 'elsewhere', orderNo: other.orderNo };
  try {
    const made = await tx.transaction((savepoint) => createOrder(savepoint, whsId, {
      orderType: CYCLE_COUNT_ORDER_TYPE.values.EXPRESS, kind: CYCLE_COUNT_KIND.values.SKU, scope: CYCLE_COUNT_SCOPE.values.CUSTOMIZED,
      criteria: ccCriteriaSchema.parse({ lines: [{ location_id: line.locationId, sku_id: line.skuId }] }),
      source: by.source, sourceRef: by.sourceRef, createdBy: by.createdBy, skipOpen: true, inline: true,
    }));
    return { outcome: 'made', orderNo: made.orderNo };
  } catch (error) {
    if (error instanceof ApiError && error.retcode === RET.CC_NOTHING_TO_COUNT) return { outcome: 'none', reason: error.message };
    throw error;
  }
}

/** Cancels the open count raised for this source document alone (no longer needed: its line was settled another way); its blocks end with it. */
export async function cancelRaisedCount(
  tx: Db, whsId: string, userId: number, raised: { orderNo: string; source: CcSourceCode; sourceRef: string }, reason: string,
): Promise<void> {
  const [own] = await tx.select({ orderNo: ccOrders.orderNo }).from(ccOrders).where(and(
    eq(ccOrders.whsId, whsId), eq(ccOrders.orderNo, raised.orderNo), eq(ccOrders.source, raised.source), eq(ccOrders.sourceRef, raised.sourceRef), inArray(ccOrders.status, OPEN),
  ));
  if (own) await cancelOrder(tx, whsId, userId, own.orderNo, reason);
}
