import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  CYCLE_COUNT_CREATION_STATUS, CYCLE_COUNT_KIND, CYCLE_COUNT_ORDER_TYPE, CYCLE_COUNT_RESULT, CYCLE_COUNT_SCOPE, CYCLE_COUNT_SOURCE, CYCLE_COUNT_STATUS,
  INVENTORY_ADJUSTMENT_DIRECTION, INVENTORY_ADJUSTMENT_REASON, INVENTORY_ADJUSTMENT_STATUS, STOCK_LOCATION_TYPE,
} from '../../../shared/codes';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { ccOrders, ccTasks, inventoryAdjustmentLines, inventoryAdjustments } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { nextDocNo } from '../../common/doc-no';
import { warehouseTimeZone } from '../../common/time';
import { createOrder, execRows, logOrder, type OrderAsk } from './cycle-count';
import { cancelOrder, finishOrder, judge, raiseDiffOrder, recordJudged, type CountedLine, type OrderRow } from './cycle-count-rounds';
import type { FullStockCountRun } from './full-stock-count';

/**
 * What a full stock count's start and end do besides the switch (docs/inventory-accuracy.md), in the
 * switch's transaction: the start cancels the open cycle counts and makes the count's own order over
 * every active cell; the end closes that order — its counted locations judged, their differences on a
 * difference order, and what no counter reached treated as missing on an inventory adjustment task.
 */

const STATUS = CYCLE_COUNT_STATUS.values;
const SOURCE = CYCLE_COUNT_SOURCE.values;
const RESULT = CYCLE_COUNT_RESULT.values;
const n = (code: number) => sql.raw(String(code));
const OPEN = [STATUS.PENDING, STATUS.ONGOING];

/** Every active cell of the warehouse, empty ones included. */
const everyCell = (): OrderAsk => ({
  orderType: CYCLE_COUNT_ORDER_TYPE.values.FULL, kind: CYCLE_COUNT_KIND.values.LOCATION, scope: CYCLE_COUNT_SCOPE.values.ALL_ACTIVE_LOCATIONS,
  criteria: { park_ids: [], zone_ids: [], pathway_ids: [], location_from: '', location_to: '', sku_ids: [], supplier_id: '', moved_since: null, lines: [] },
});

export interface FullStockCountStart { order_no: string | null; cancelled_orders: string[] }

/**
 * The start: open cycle counts are cancelled (the full stock count counts their locations, and two
 * counts of one location would adjust it twice), then the count's order is made — every active cell,
 * exempt from the limit config, built in the background when large. A warehouse without active cells
 * gets no order.
 */
export async function startFullStockCountOrder(tx: Db, whsId: string, run: FullStockCountRun, userId: number): Promise<FullStockCountStart> {
  const open = await tx.select({ orderNo: ccOrders.orderNo }).from(ccOrders)
    .where(and(eq(ccOrders.whsId, whsId), inArray(ccOrders.status, OPEN), ne(ccOrders.source, SOURCE.FULL_STOCK_COUNT)))
    .orderBy(ccOrders.orderNo);
    for (const { orderNo } of open) {
    await cancelOrder(tx, whsId, userId, orderNo, `Full stock count ${run.runId} started: it counts every location.`);
  }
    try {
    const made = await createOrder(tx, whsId, {
      ...everyCell(), source: SOURCE.FULL_STOCK_COUNT, unlimited: true, skipOpen: true, fscRunId: run.runId, createdBy: userId,
      remark: `Full stock count ${run.runId}`,
    });
    return { order_no: made.orderNo, cancelled_orders: open.map((o) => o.orderNo) };
  } catch (error) {
    if (error instanceof ApiError && error.retcode === RET.CC_NOTHING_TO_COUNT) return { order_no: null, cancelled_orders: open.map((o) => o.orderNo) };
    throw error;
  }
}

export interface FullStockCountEnd { diff_nos: string[]; adjust_no: string | null; uncounted_locations: number }

/**
 * The end, for each open order of the run: its open tasks are closed; the locations counted in its
 * current round are judged as a round's end judges them (the others keep their last round's result);
 * the lines that differ go on one difference order. Locations no round counted are treated as
 * missing: every available unit there goes on one inventory adjustment of the run, Pending (it posts
 * once approved and adjusted on the Adjust pages, as any adjustment).
 */
export async function endFullStockCountOrders(tx: Db, whsId: string, run: FullStockCountRun, userId: number): Promise<FullStockCountEnd> {
  const orders = await tx.select().from(ccOrders)
    .where(and(eq(ccOrders.whsId, whsId), eq(ccOrders.fscRunId, run.runId), inArray(ccOrders.status, OPEN)))
    .orderBy(ccOrders.orderNo).for('update');
  const diffNos: string[] = [];
  const uncounted: string[] = [];
  for (const order of orders) {
    if (order.creationStatus !== CYCLE_COUNT_CREATION_STATUS.values.SUCCESS) {
      await cancelOrder(tx, whsId, userId, order.orderNo, `Full stock count ${run.runId} ended before its order was built.`);
      continue;
    }
    const closed = await tx.update(ccTasks).set({ status: STATUS.CANCEL, finishedAt: sql`now()` })
      .where(and(eq(ccTasks.whsId, whsId), eq(ccTasks.orderNo, order.orderNo), inArray(ccTasks.status, OPEN)))
      .returning({ taskNo: ccTasks.taskNo });
    if (closed.length) await logOrder(tx, whsId, order.orderNo, 'tasks_closed', `full stock count ended: ${closed.length} open tasks closed`, userId);
    const { diffs, missed } = await closeOrder(tx, whsId, order);
    uncounted.push(...missed);
    if (diffs.length) diffNos.push(await raiseDiffOrder(tx, whsId, order, diffs));
    else await finishOrder(tx, whsId, order.orderNo, 'full stock count ended with no difference counted');
  }
  const adjustNo = uncounted.length ? await adjustUncounted(tx, whsId, run, userId, uncounted) : null;
  return { diff_nos: diffNos, adjust_no: adjustNo, uncounted_locations: uncounted.length };
}

/**
 * Judges an order's current round on what was counted and answers the lines that differ; then marks
 * the lines of locations never counted as missing and answers those locations (their stock goes on
 * the run's adjustment, not on the difference order: read the differences first).
 */
async function closeOrder(tx: Db, whsId: string, order: OrderRow): Promise<{ diffs: CountedLine[]; missed: string[] }> {
  const countedNow = (await execRows(tx, sql`select distinct tl.location_id from cc_task_locations tl join cc_tasks t on t.whs_id = tl.whs_id and t.task_no = tl.task_no
    where tl.whs_id = ${whsId} and t.order_no = ${order.orderNo} and t.round = ${order.round} and tl.status = 1`)).rows as { location_id: string }[];
  if (countedNow.length) await recordJudged(tx, whsId, order, await judge(tx, whsId, order.orderNo, order.round, countedNow.map((r) => r.location_id)));
  // A location some round counted has a line of round > 0: its lines that differ go on the difference order.
  const countedSomeRound = sql`(select c.location_id from cc_order_lines c where c.whs_id = ${whsId} and c.order_no = ${order.orderNo} and c.round > 0)`;
  const diffs = (await execRows(tx, sql`select l.location_id, l.sku_id, l.zone_id, l.pathway_id, l.counted_qty as counted, l.book_qty as book
    from cc_order_lines l where l.whs_id = ${whsId} and l.order_no = ${order.orderNo} and l.sku_id <> '' and l.counted_qty <> l.book_qty
      and l.location_id in ${countedSomeRound}
    order by l.location_id, l.sku_id`)).rows as CountedLine[];
  // Never counted: the book there is what is missing.
  const marked = (await execRows(tx, sql`update cc_order_lines l set round = ${order.round}, counted_qty = 0, book_qty = l.system_qty,
      result = case when l.system_qty > 0 then ${n(RESULT.MISSING)} else ${n(RESULT.NORMAL)} end
    where l.whs_id = ${whsId} and l.order_no = ${order.orderNo}
      and l.location_id not in ${countedSomeRound}
    returning l.location_id`)).rows as { location_id: string }[];
  const missed = [...new Set(marked.map((m) => m.location_id))];
  if (missed.length) await logOrder(tx, whsId, order.orderNo, 'uncounted', `${missed.length} locations never counted: treated as missing`, null);
  await tx.update(ccOrders).set({ diffLineCount: diffs.length, updatedAt: sql`now()` }).where(and(eq(ccOrders.whsId, whsId), eq(ccOrders.orderNo, order.orderNo)));
  return { diffs, missed };
}

const { DEDUCTION } = INVENTORY_ADJUSTMENT_DIRECTION.values;

/**
 * The adjustment task of what no counter reached: every available unit of the cells never counted
 * (stock held for picks or blocked stays: its owner settles it), Pending approval.
 */
async function adjustUncounted(tx: Db, whsId: string, run: FullStockCountRun, userId: number, locations: readonly string[]): Promise<string | null> {
  const balances = (await execRows(tx, sql`select li.location_id, li.sku_id, li.batch_id, li.quality, li.onhand_qty as onhand, li.available_qty as qty
    from location_inventory li where li.whs_id = ${whsId} and li.location_type = ${n(STOCK_LOCATION_TYPE.values.CELL)} and li.available_qty > 0
      and li.location_id in (select jsonb_array_elements_text(${JSON.stringify(locations)}::jsonb))
    order by li.location_id, li.sku_id, li.batch_id, li.quality`)).rows as
    { location_id: string; sku_id: string; batch_id: string; quality: number; onhand: number; qty: number }[];
  if (!balances.length) return null;
  const adjustNo = await nextDocNo(tx, 'adjustment', await warehouseTimeZone(tx, whsId));
  await tx.insert(inventoryAdjustments).values({
    whsId, adjustNo, status: INVENTORY_ADJUSTMENT_STATUS.values.PENDING, reason: INVENTORY_ADJUSTMENT_REASON.values.UNIDENTIFIED,
    remark: `Full stock count ${run.runId}: ${locations.length} locations not counted, their stock treated as missing`,
    additionQty: 0, deductionQty: balances.reduce((sum, b) => sum + b.qty, 0), createdBy: userId, submittedAt: sql`now()`,
  });
  await tx.insert(inventoryAdjustmentLines).values(balances.map((b, i) => ({
    whsId, adjustNo, lineNo: i + 1, locationId: b.location_id, skuId: b.sku_id, batchId: b.batch_id, quality: b.quality,
    direction: DEDUCTION, qty: b.qty, onhandAtCreate: b.onhand,
  })));
  return adjustNo;
}
