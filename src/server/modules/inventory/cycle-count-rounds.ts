import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  CC_DIFF_STATUS, CYCLE_COUNT_RESULT, CYCLE_COUNT_SOURCE, CYCLE_COUNT_STATUS, INVENTORY_ADJUSTMENT_DIRECTION, INVENTORY_ADJUSTMENT_REASON,
  INVENTORY_ADJUSTMENT_STATUS, INVENTORY_REF_TYPE, INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE, STOCK_LOCATION_TYPE,
} from '../../../shared/codes';
import type { CcWork } from '../../../shared/contract/cycle-count.contract';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import {
  ccCounts, ccDiffLines, ccDiffOrders, ccOrderLines, ccOrders, ccTaskLocations, ccTasks, cycleCountSkills, inventoryAdjustmentLines,
  inventoryAdjustments, locationInventory as li, skuMappings, skus,
} from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import { nextDocNo } from '../../common/doc-no';
import { unixSeconds, warehouseTimeZone } from '../../common/time';
import { ensureBatch } from './batches';
import { postStock, type Quality, type StockLine } from './ledger';
import { execRows, logOrder, makeTasks, readCcSettings, releaseCountBlocks, type CcSourceCode } from './cycle-count';

/**
 * Counting and its rounds (docs/inventory-accuracy.md): counts are summed per line over every counter
 * of the round; a round ends when its last task is completed and each line is judged against the book
 * reconciled to the moment of its count — the balance now, less the moves booked at the location
 * whose operator made them after the count (by the device's clock of the op that booked them, so a
 * pick made before the count but replayed after it is the counter's). Differences make a difference
 * order; approving it judges the lines again the same way, then posts an adjustment (overage 5,
 * shortage 6) that spares units reserved for open picks. Units an order holds blocked until counted
 * (a short pick's) are released when it ends (`releaseCountBlocks`).
 */

const STATUS = CYCLE_COUNT_STATUS.values;
const RESULT = CYCLE_COUNT_RESULT.values;
const DIFF = CC_DIFF_STATUS.values;
const FSC = CYCLE_COUNT_SOURCE.values.FULL_STOCK_COUNT;
/** A full stock count counts its differences up to the 4th round before they are approved (spec §2 done4thCount). */
export const FSC_ROUNDS = 4;
const n = (code: number) => sql.raw(String(code));
const textList = (values: readonly string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

type TaskRow = typeof ccTasks.$inferSelect;
export type OrderRow = typeof ccOrders.$inferSelect;

export interface Actor { userId: number; opId?: string | null; at: Date }

async function lockTask(tx: Db, whsId: string, taskNo: string): Promise<TaskRow> {
  const [task] = await tx.select().from(ccTasks).where(and(eq(ccTasks.whsId, whsId), eq(ccTasks.taskNo, taskNo))).for('update');
  if (!task) throw noTaskNamed(taskNo);
  return task;
}

async function orderOf(tx: Db, whsId: string, orderNo: string, lock = false): Promise<OrderRow> {
  const query = tx.select().from(ccOrders).where(and(eq(ccOrders.whsId, whsId), eq(ccOrders.orderNo, orderNo)));
  const [order] = lock ? await query.for('update') : await query;
  if (!order) throw notFound(`Cycle count order ${orderNo}`);
  return order;
}

function assertCountable(task: TaskRow): void {
  if (task.status === STATUS.DONE || task.status === STATUS.CANCEL) {
    throw new ApiError(RET.CC_STATE_REFUSED, `Task ${task.taskNo} is ${task.status === STATUS.DONE ? 'done' : 'cancelled'}: nothing more can be counted on it.`, { status: task.status, task_no: task.taskNo });
  }
}

const noTaskNamed = (taskNo: string) => notFound(`Cycle count task ${taskNo}`);

const wrongLocation = (taskNo: string, locationId: string) =>
  new ApiError(RET.CC_WRONG_LOCATION, `Location ${locationId} is not one of task ${taskNo}'s locations.`, { location_id: locationId, task_no: taskNo });

async function taskLocation(tx: Db, whsId: string, task: TaskRow, locationId: string) {
  const [row] = await tx.select().from(ccTaskLocations)
    .where(and(eq(ccTaskLocations.whsId, whsId), eq(ccTaskLocations.taskNo, task.taskNo), eq(ccTaskLocations.locationId, locationId)));
  if (!row) throw wrongLocation(task.taskNo, locationId);
  return row;
}

/** The SKUs scanned codes name in the warehouse, by code (trimmed): its id (any case), barcode or mapping code; a code naming none is absent. */
async function skusOfCodes(tx: Db, whsId: string, codes: readonly string[]): Promise<Map<string, string>> {
  if (!codes.length) return new Map();
  const rows = (await execRows(tx, sql`select k.code, x.sku_id from ${textList([...new Set(codes)])} as k(code) cross join lateral (
      select s.sku_id, 1 as rank from skus s where s.whs_id = ${whsId} and s.sku_id = k.code
      union all select s.sku_id, 2 from skus s where s.whs_id = ${whsId} and s.barcode = k.code
      union all select m.sku_id, 3 from ${skuMappings} m where m.whs_id = ${whsId} and m.mapping_code = k.code
      union all select s.sku_id, 4 from skus s where s.whs_id = ${whsId} and upper(s.sku_id) = upper(k.code)
      order by rank limit 1) x`)).rows as { code: string; sku_id: string }[];
  return new Map(rows.map((r) => [r.code, r.sku_id]));
}

/** A task's counted locations, as its locations say (the figure the task list shows), in an update of cc_tasks. */
const countedLocations = sql<number>`(select count(*)::int from ${ccTaskLocations} tl where tl.whs_id = cc_tasks.whs_id and tl.task_no = cc_tasks.task_no and tl.status = 1)`;

/**
 * Marks locations of tasks counted (each one's first count's device time kept) and their tasks and
 * orders under way.
 */
async function markCounted(tx: Db, whsId: string, counted: readonly { task: TaskRow; locationId: string; at: Date }[]): Promise<void> {
  const places = counted.map((c) => ({ task_no: c.task.taskNo, location_id: c.locationId, at: c.at.toISOString() }));
  await tx.execute(sql`with k as (select p.task_no, p.location_id, min(p.at) as at
      from jsonb_to_recordset(${JSON.stringify(places)}::jsonb) as p(task_no text, location_id text, at timestamptz) group by p.task_no, p.location_id)
    update ${ccTaskLocations} tl set status = 1, counted_at = least(coalesce(tl.counted_at, k.at), k.at)
    from k where tl.whs_id = ${whsId} and tl.task_no = k.task_no and tl.location_id = k.location_id`);
  await tx.update(ccTasks).set({ status: STATUS.ONGOING, countedLocationCount: countedLocations })
    .where(and(eq(ccTasks.whsId, whsId), inArray(ccTasks.taskNo, [...new Set(places.map((p) => p.task_no))])));
  await tx.update(ccOrders).set({ status: STATUS.ONGOING, updatedAt: sql`now()` })
    .where(and(eq(ccOrders.whsId, whsId), inArray(ccOrders.orderNo, [...new Set(counted.map((c) => c.task.orderNo))]), eq(ccOrders.status, STATUS.PENDING)));
}

export interface CountResult { task_no: string; location_id: string | null; sku_id: string | null; counted_qty: number; message: string }

/** One count of a counter's run: units of the SKU a code names, or (code null) the location confirmed empty. */
export interface CountOp { opId: string | null; at: Date; task_no: string; location_id: string; code: string | null; qty: number }

/**
 * Applies counts of one counter in order, with the effects and answers of each applied alone (a
 * device's replayed queue, or one op): the run's tasks locked once in task order; each count checked
 * (task countable, location the task's, code naming a SKU: what a count changes never changes these
 * checks, so they read the state before the run); then the counts written at once, their locations
 * marked counted, and each answered with its line's round total up to it. A refusal of any count is
 * its ApiError (the caller's transaction rolls back).
 */
export async function applyCounts(tx: Db, whsId: string, userId: number, ops: readonly CountOp[]): Promise<CountResult[]> {
  const taskRows = await tx.select().from(ccTasks)
    .where(and(eq(ccTasks.whsId, whsId), inArray(ccTasks.taskNo, [...new Set(ops.map((op) => op.task_no))])))
    .orderBy(sql`${ccTasks.taskNo} collate "C"`).for('update');
  const tasks = new Map(taskRows.map((t) => [t.taskNo, t]));
  const asked = [...new Map(ops.map((op) => [`${op.task_no}\n${op.location_id}`, { task_no: op.task_no, location_id: op.location_id }])).values()];
  const places = new Set(((await execRows(tx, sql`select tl.task_no, tl.location_id from ${ccTaskLocations} tl
      join jsonb_to_recordset(${JSON.stringify(asked)}::jsonb) as k(task_no text, location_id text) on tl.task_no = k.task_no and tl.location_id = k.location_id
    where tl.whs_id = ${whsId}`)).rows as { task_no: string; location_id: string }[]).map((r) => `${r.task_no}\n${r.location_id}`));
  const skuOf = await skusOfCodes(tx, whsId, ops.flatMap((op) => (op.code === null ? [] : [op.code.trim()])));

  const counts = ops.map((op) => {
    const task = tasks.get(op.task_no);
    if (!task) throw noTaskNamed(op.task_no);
    assertCountable(task);
    if (!places.has(`${op.task_no}\n${op.location_id}`)) throw wrongLocation(task.taskNo, op.location_id);
    if (op.code === null) return { op, task, skuId: '' };
    const skuId = skuOf.get(op.code.trim());
    if (!skuId) throw new ApiError(RET.CC_UNKNOWN_SKU, `${op.code} names no SKU of this warehouse: report it as an unknown item.`, { code: op.code });
    return { op, task, skuId };
  });

  // A line's count in a round sums every counter's: its total before the run, then each count of the run added in turn.
  const lineKey = (c: { task: TaskRow; op: CountOp; skuId: string }) => JSON.stringify([c.task.orderNo, c.task.round, c.op.location_id, c.skuId]);
  const skuLines = [...new Map(counts.filter((c) => c.skuId !== '').map((c) => [lineKey(c), c])).values()]
    .map((c) => ({ order_no: c.task.orderNo, round: c.task.round, location_id: c.op.location_id, sku_id: c.skuId }));
  const totals = new Map(skuLines.length === 0 ? [] : ((await execRows(tx, sql`select c.order_no, c.round, c.location_id, c.sku_id, sum(c.qty)::int as qty from ${ccCounts} c
      join jsonb_to_recordset(${JSON.stringify(skuLines)}::jsonb) as k(order_no text, round smallint, location_id text, sku_id text)
        on c.order_no = k.order_no and c.round = k.round and c.location_id = k.location_id and c.sku_id = k.sku_id
    where c.whs_id = ${whsId} group by c.order_no, c.round, c.location_id, c.sku_id`)).rows as { order_no: string; round: number; location_id: string; sku_id: string; qty: number }[])
    .map((r) => [JSON.stringify([r.order_no, r.round, r.location_id, r.sku_id]), Number(r.qty)]));

  const rows = counts.map(({ op, task, skuId }) => ({
    order_no: task.orderNo, task_no: task.taskNo, round: task.round, location_id: op.location_id, sku_id: skuId, qty: op.qty, op_id: op.opId, counted_at: op.at.toISOString(),
  }));
  await tx.execute(sql`insert into ${ccCounts} (whs_id, order_no, task_no, round, location_id, sku_id, qty, op_id, counter_id, counted_at)
    select ${whsId}, r.order_no, r.task_no, r.round, r.location_id, r.sku_id, r.qty, r.op_id, ${userId}::int, r.counted_at
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(order_no text, task_no text, round smallint, location_id text, sku_id text, qty int, op_id uuid, counted_at timestamptz)`);
  await markCounted(tx, whsId, counts.map(({ op, task }) => ({ task, locationId: op.location_id, at: op.at })));

  return counts.map((c) => {
    const { op, task, skuId } = c;
    if (skuId === '') return { task_no: task.taskNo, location_id: op.location_id, sku_id: null, counted_qty: 0, message: `${op.location_id} confirmed empty` };
    const total = (totals.get(lineKey(c)) ?? 0) + op.qty;
    totals.set(lineKey(c), total);
    return { task_no: task.taskNo, location_id: op.location_id, sku_id: skuId, counted_qty: total, message: `${skuId} at ${op.location_id}: ${total} counted` };
  });
}

type CountAsked = Pick<CountOp, 'task_no' | 'location_id' | 'code' | 'qty'>;
const countOf = (actor: Actor, p: CountAsked): CountOp => ({ ...p, opId: actor.opId ?? null, at: actor.at });
/** An empty location confirmed: a count of no units of no SKU. */
export const emptyCount = (p: { task_no: string; location_id: string }): CountAsked => ({ ...p, code: null, qty: 0 });

/** inventory.cyclecount.count: units of the SKU scanned, added to the round's count of the line. */
export async function applyCount(tx: Db, whsId: string, actor: Actor, p: { task_no: string; location_id: string; code: string; qty: number }): Promise<CountResult> {
  return (await applyCounts(tx, whsId, actor.userId, [countOf(actor, p)]))[0]!;
}

/** inventory.cyclecount.empty: the location holds nothing (a count of no units). */
export async function applyEmpty(tx: Db, whsId: string, actor: Actor, p: { task_no: string; location_id: string }): Promise<CountResult> {
  return (await applyCounts(tx, whsId, actor.userId, [countOf(actor, emptyCount(p))]))[0]!;
}

/** inventory.cyclecount.unknown: units nobody could identify, reported on the order (not counted against a SKU). */
export async function applyUnknown(tx: Db, whsId: string, actor: Actor, p: { task_no: string; location_id: string; code: string; qty: number }): Promise<CountResult> {
  const task = await lockTask(tx, whsId, p.task_no);
  assertCountable(task);
  await taskLocation(tx, whsId, task, p.location_id);
  await tx.insert(ccCounts).values({
    whsId, orderNo: task.orderNo, taskNo: task.taskNo, round: task.round, locationId: p.location_id, skuId: '', qty: p.qty,
    unknownCode: p.code || '?', opId: actor.opId ?? null, counterId: actor.userId, countedAt: actor.at,
  });
  await markCounted(tx, whsId, [{ task, locationId: p.location_id, at: actor.at }]);
  await logOrder(tx, whsId, task.orderNo, 'unknown_item', `${p.qty} unknown unit(s) at ${p.location_id}${p.code ? ` (${p.code})` : ''}`, actor.userId);
  return { task_no: task.taskNo, location_id: p.location_id, sku_id: null, counted_qty: p.qty, message: `${p.qty} unknown unit(s) reported at ${p.location_id}` };
}

/** inventory.cyclecount.recount: withdraws this counter's counts at the location in this round, to count it again. */
export async function applyRecount(tx: Db, whsId: string, actor: Actor, p: { task_no: string; location_id: string }): Promise<CountResult> {
  const task = await lockTask(tx, whsId, p.task_no);
  assertCountable(task);
  await taskLocation(tx, whsId, task, p.location_id);
  await tx.delete(ccCounts).where(and(
    eq(ccCounts.whsId, whsId), eq(ccCounts.taskNo, task.taskNo), eq(ccCounts.locationId, p.location_id), eq(ccCounts.counterId, actor.userId),
  ));
  const [left] = await tx.select({ n: sql<number>`count(*)::int` }).from(ccCounts)
    .where(and(eq(ccCounts.whsId, whsId), eq(ccCounts.taskNo, task.taskNo), eq(ccCounts.locationId, p.location_id)));
  if (Number(left?.n ?? 0) === 0) {
    await tx.update(ccTaskLocations).set({ status: 0, countedAt: null })
      .where(and(eq(ccTaskLocations.whsId, whsId), eq(ccTaskLocations.taskNo, task.taskNo), eq(ccTaskLocations.locationId, p.location_id)));
    await tx.update(ccTasks).set({ countedLocationCount: countedLocations })
      .where(and(eq(ccTasks.whsId, whsId), eq(ccTasks.taskNo, task.taskNo)));
  }
  await logOrder(tx, whsId, task.orderNo, 'recount', `${p.location_id} counted again (task ${task.taskNo})`, actor.userId);
  return { task_no: task.taskNo, location_id: p.location_id, sku_id: null, counted_qty: 0, message: `${p.location_id} ready to count again` };
}

/** inventory.cyclecount.complete: the task is done once every location is counted; the round ends with its last task. */
export async function applyComplete(tx: Db, whsId: string, actor: Actor, p: { task_no: string }): Promise<CountResult> {
  const task = await lockTask(tx, whsId, p.task_no);
  if (task.status === STATUS.DONE) return { task_no: task.taskNo, location_id: null, sku_id: null, counted_qty: 0, message: `Task ${task.taskNo} is done` };
  assertCountable(task);
  const open = await tx.select({ locationId: ccTaskLocations.locationId }).from(ccTaskLocations)
    .where(and(eq(ccTaskLocations.whsId, whsId), eq(ccTaskLocations.taskNo, task.taskNo), eq(ccTaskLocations.status, 0)))
    .orderBy(asc(ccTaskLocations.seq)).limit(20);
  if (open.length) {
    throw new ApiError(RET.CC_STATE_REFUSED, `Task ${task.taskNo} has locations not counted yet (${open.map((o) => o.locationId).join(', ')}): count them or confirm them empty first.`,
      { status: task.status, task_no: task.taskNo, uncounted: open.map((o) => o.locationId) });
  }
  await tx.update(ccTasks).set({ status: STATUS.DONE, finishedAt: sql`now()` }).where(and(eq(ccTasks.whsId, whsId), eq(ccTasks.taskNo, task.taskNo)));
  await logOrder(tx, whsId, task.orderNo, 'task_done', `task ${task.taskNo} (round ${task.round})`, actor.userId);
  const order = await orderOf(tx, whsId, task.orderNo, true);
  const [left] = await tx.select({ n: sql<number>`count(*)::int` }).from(ccTasks).where(and(
    eq(ccTasks.whsId, whsId), eq(ccTasks.orderNo, task.orderNo), eq(ccTasks.round, task.round), inArray(ccTasks.status, [STATUS.PENDING, STATUS.ONGOING]),
  ));
  if (Number(left?.n ?? 0) === 0 && order.status !== STATUS.CANCEL && order.round === task.round) await endRound(tx, whsId, order);
  return { task_no: task.taskNo, location_id: null, sku_id: null, counted_qty: 0, message: `Task ${task.taskNo} is done` };
}

interface JudgedLine { location_id: string; sku_id: string; zone_id: string; pathway_id: string; counted: number; book: number; reserved: number; in_order: boolean }

/**
 * Judges lines of an order in a round: every line of the round's locations (and SKUs counters found
 * there) with its counted units and the book at the moment of the count. `locations` narrows it.
 */
export async function judge(tx: Db, whsId: string, orderNo: string, round: number, locations: readonly string[] | null): Promise<JudgedLine[]> {
  const only = locations ? sql`and tl.location_id in ${textList(locations)}` : sql``;
  return (await execRows(tx, sql`with loc as (
      select tl.location_id, coalesce(min(tl.counted_at), now()) as counted_at from cc_task_locations tl
        join cc_tasks t on t.whs_id = tl.whs_id and t.task_no = tl.task_no
      where tl.whs_id = ${whsId} and t.order_no = ${orderNo} and t.round = ${round} ${only} group by tl.location_id),
    counted as (select c.location_id, c.sku_id, sum(c.qty)::int as qty from cc_counts c join loc on loc.location_id = c.location_id
      where c.whs_id = ${whsId} and c.order_no = ${orderNo} and c.round = ${round} and c.sku_id <> '' group by c.location_id, c.sku_id),
    keys as (select l.location_id, l.sku_id, l.zone_id, l.pathway_id, true as in_order from cc_order_lines l join loc on loc.location_id = l.location_id
        where l.whs_id = ${whsId} and l.order_no = ${orderNo} and l.sku_id <> ''
      union select c.location_id, c.sku_id, cl.zone_id, cl.pathway_id, false from counted c join cells cl on cl.whs_id = ${whsId} and cl.location_code = c.location_id
        where not exists (select 1 from cc_order_lines l where l.whs_id = ${whsId} and l.order_no = ${orderNo} and l.location_id = c.location_id and l.sku_id = c.sku_id)
      union select li.location_id, li.sku_id, cl.zone_id, cl.pathway_id, false from location_inventory li join loc on loc.location_id = li.location_id
        join cells cl on cl.whs_id = li.whs_id and cl.location_code = li.location_id
        where li.whs_id = ${whsId} and li.location_type = ${n(STOCK_LOCATION_TYPE.values.CELL)} and li.onhand_qty > 0
          and not exists (select 1 from cc_order_lines l where l.whs_id = ${whsId} and l.order_no = ${orderNo} and l.location_id = li.location_id and l.sku_id = li.sku_id)),
    book as (select li.location_id, li.sku_id, sum(li.onhand_qty)::int as onhand, sum(li.prepick_qty)::int as reserved from location_inventory li
      join loc on loc.location_id = li.location_id
      where li.whs_id = ${whsId} and li.location_type = ${n(STOCK_LOCATION_TYPE.values.CELL)} group by li.location_id, li.sku_id),
    later as (select t.location_id, t.sku_id, sum(case when t.direction = 1 then t.qty else -t.qty end)::int as net
      from inventory_transactions t join loc on loc.location_id = t.location_id
      left join sync_ops o on o.whs_id = t.whs_id and o.op_id = t.op_id
      where t.whs_id = ${whsId} and t.created_at >= loc.counted_at - interval '1 day' and coalesce(o.created_at, t.created_at) > loc.counted_at
      group by t.location_id, t.sku_id)
    select k.location_id, k.sku_id, k.zone_id, k.pathway_id, bool_or(k.in_order) as in_order,
      coalesce(max(c.qty), 0)::int as counted, (coalesce(max(b.onhand), 0) - coalesce(max(lt.net), 0))::int as book, coalesce(max(b.reserved), 0)::int as reserved
    from keys k left join counted c on c.location_id = k.location_id and c.sku_id = k.sku_id
      left join book b on b.location_id = k.location_id and b.sku_id = k.sku_id
      left join later lt on lt.location_id = k.location_id and lt.sku_id = k.sku_id
    group by k.location_id, k.sku_id, k.zone_id, k.pathway_id order by k.location_id, k.sku_id`)).rows as unknown as JudgedLine[];
}

const resultOf = (counted: number, book: number) => (counted === book ? RESULT.NORMAL : counted > book ? RESULT.SURPLUS : RESULT.MISSING);

/**
 * Ends a round: records each line's count, book and result; with differences makes the difference
 * order (a full stock count counts them again itself up to its 4th round); without, the order is done.
 */
export async function endRound(tx: Db, whsId: string, order: OrderRow): Promise<void> {
  const lines = await judge(tx, whsId, order.orderNo, order.round, null);
  await recordJudged(tx, whsId, order, lines);
  const diffs = lines.filter((l) => l.counted !== l.book);
  await tx.update(ccOrders).set({ diffLineCount: diffs.length, updatedAt: sql`now()` }).where(and(eq(ccOrders.whsId, whsId), eq(ccOrders.orderNo, order.orderNo)));
  await logOrder(tx, whsId, order.orderNo, 'round_ended', `round ${order.round}: ${lines.length} lines, ${diffs.length} differences`, null);
  if (!diffs.length) {
    await finishOrder(tx, whsId, order.orderNo, 'no difference');
    return;
  }
  if (order.source === FSC && order.round < FSC_ROUNDS) {
    await nextRound(tx, whsId, order, [...new Set(diffs.map((d) => d.location_id))]);
    return;
  }
  await raiseDiffOrder(tx, whsId, order, diffs);
}

/** Records judged lines on the order: each line's count, book and result in the order's round (SKUs found become lines). */
export async function recordJudged(tx: Db, whsId: string, order: OrderRow, lines: readonly CountedLine[]): Promise<void> {
  if (!lines.length) return;
  await tx.execute(sql`insert into cc_order_lines (whs_id, order_no, location_id, sku_id, zone_id, pathway_id, system_qty, round, counted_qty, book_qty, result, found)
    select ${whsId}, ${order.orderNo}, x.location_id, x.sku_id, x.zone_id, x.pathway_id, 0, ${order.round}, x.counted, x.book, x.result, true
    from jsonb_to_recordset(${JSON.stringify(lines.map((l) => ({ ...l, result: resultOf(l.counted, l.book) })))}::jsonb)
      as x(location_id text, sku_id text, zone_id text, pathway_id text, counted int, book int, result int)
    on conflict (whs_id, order_no, location_id, sku_id) do update set round = excluded.round, counted_qty = excluded.counted_qty,
      book_qty = excluded.book_qty, result = excluded.result`);
}

/** A line with its count and the book it is judged against. */
export type CountedLine = Pick<JudgedLine, 'location_id' | 'sku_id' | 'zone_id' | 'pathway_id' | 'counted' | 'book'>;

/** The difference order of the lines that differ (pending approval) in the order's round. */
export async function raiseDiffOrder(tx: Db, whsId: string, order: OrderRow, diffs: readonly CountedLine[]): Promise<string> {
  const diffNo = await nextDocNo(tx, 'ccDiff', await warehouseTimeZone(tx, whsId));
  const sum = (result: number) => diffs.filter((d) => resultOf(d.counted, d.book) === result).reduce((s, d) => s + Math.abs(d.counted - d.book), 0);
  await tx.insert(ccDiffOrders).values({
    whsId, diffNo, orderNo: order.orderNo, source: order.source, round: order.round, status: DIFF.PENDING, lineCount: diffs.length,
    surplusQty: sum(RESULT.SURPLUS), missingQty: sum(RESULT.MISSING),
  });
  await tx.insert(ccDiffLines).values(diffs.map((d) => ({
    whsId, diffNo, locationId: d.location_id, skuId: d.sku_id, zoneId: d.zone_id, bookQty: d.book, countedQty: d.counted, result: resultOf(d.counted, d.book),
  })));
  await logOrder(tx, whsId, order.orderNo, 'difference_order', `${diffNo}: ${diffs.length} lines`, null);
  return diffNo;
}

export async function finishOrder(tx: Db, whsId: string, orderNo: string, why: string): Promise<void> {
  await tx.update(ccOrders).set({ status: STATUS.DONE, finishedAt: sql`now()`, updatedAt: sql`now()` }).where(and(eq(ccOrders.whsId, whsId), eq(ccOrders.orderNo, orderNo)));
  await releaseCountBlocks(tx, whsId, orderNo, null);
  await logOrder(tx, whsId, orderNo, 'done', why, null);
}

/** The users who counted these locations in any round of the order so far. */
async function countersOf(tx: Db, whsId: string, orderNo: string, locations: readonly string[]): Promise<number[]> {
  const rows = await tx.selectDistinct({ id: ccCounts.counterId }).from(ccCounts)
    .where(and(eq(ccCounts.whsId, whsId), eq(ccCounts.orderNo, orderNo), inArray(ccCounts.locationId, [...locations])));
  return rows.map((r) => r.id);
}

async function nextRound(tx: Db, whsId: string, order: OrderRow, locations: readonly string[]): Promise<{ round: number; taskNos: string[] }> {
  const round = order.round + 1;
  await tx.update(ccOrders).set({ round, status: STATUS.ONGOING, updatedAt: sql`now()` }).where(and(eq(ccOrders.whsId, whsId), eq(ccOrders.orderNo, order.orderNo)));
  const taskNos = await makeTasks(tx, whsId, order.orderNo, order.source as CcSourceCode, round, locations, await countersOf(tx, whsId, order.orderNo, locations));
  return { round, taskNos };
}

/** create_second_cc: the differing lines (of the locations named) counted again in the next round by other counters. */
export async function createSecondCount(tx: Db, whsId: string, userId: number, orderNo: string, locationIds: readonly string[]) {
  const order = await orderOf(tx, whsId, orderNo, true);
  if (order.status === STATUS.DONE || order.status === STATUS.CANCEL) {
    throw new ApiError(RET.CC_STATE_REFUSED, `Order ${orderNo} is ${order.status === STATUS.DONE ? 'done' : 'cancelled'}: it cannot be counted again.`, { status: order.status });
  }
  const settings = await readCcSettings(tx, whsId);
  const maxRounds = order.source === FSC ? FSC_ROUNDS : settings.max_rounds;
  if (order.round >= maxRounds) {
    throw new ApiError(RET.CC_SECOND_COUNT_REFUSED, `Order ${orderNo} is at its last round (${maxRounds}): approve or reject its differences.`, { max_rounds: maxRounds });
  }
  const [pending] = await tx.select().from(ccDiffOrders)
    .where(and(eq(ccDiffOrders.whsId, whsId), eq(ccDiffOrders.orderNo, orderNo), eq(ccDiffOrders.status, DIFF.PENDING))).for('update');
  if (!pending) throw new ApiError(RET.CC_SECOND_COUNT_REFUSED, `Order ${orderNo} has no difference waiting for a decision.`, { max_rounds: maxRounds });
  const lines = await tx.select({ locationId: ccDiffLines.locationId }).from(ccDiffLines).where(and(eq(ccDiffLines.whsId, whsId), eq(ccDiffLines.diffNo, pending.diffNo)));
  const differing = [...new Set(lines.map((l) => l.locationId))];
  const chosen = locationIds.length ? differing.filter((l) => locationIds.includes(l)) : differing;
  if (!chosen.length) throw new ApiError(RET.CC_SECOND_COUNT_REFUSED, 'None of the locations named has a difference to count again.', { max_rounds: maxRounds });
  await tx.update(ccDiffOrders).set({ status: DIFF.RECOUNTING, closeReason: `counted again in round ${order.round + 1}` })
    .where(and(eq(ccDiffOrders.whsId, whsId), eq(ccDiffOrders.diffNo, pending.diffNo)));
  const { round, taskNos } = await nextRound(tx, whsId, order, chosen);
  await logOrder(tx, whsId, orderNo, 'second_count', `round ${round}: ${chosen.length} locations, ${taskNos.length} tasks`, userId);
  return { order_no: orderNo, round, task_nos: taskNos };
}

/** The counting work of a task as its counter sees it (quantities only when the order is not blind, or for supervisors). */
export async function workOf(db: Db, whsId: string, taskNo: string, showBook: boolean | 'order'): Promise<CcWork> {
  const [row] = await db.select({ task: ccTasks, order: ccOrders }).from(ccTasks)
    .innerJoin(ccOrders, and(eq(ccOrders.whsId, ccTasks.whsId), eq(ccOrders.orderNo, ccTasks.orderNo)))
    .where(and(eq(ccTasks.whsId, whsId), eq(ccTasks.taskNo, taskNo)));
  if (!row) throw notFound(`Cycle count task ${taskNo}`);
  const show = showBook === 'order' ? row.order.showSystemQty : showBook;
  const locations = await db.select().from(ccTaskLocations).where(and(eq(ccTaskLocations.whsId, whsId), eq(ccTaskLocations.taskNo, taskNo))).orderBy(asc(ccTaskLocations.seq));
  const lines = await db.select({ line: ccOrderLines, skuName: skus.skuName, barcode: skus.barcode }).from(ccOrderLines)
    .innerJoin(ccTaskLocations, and(eq(ccTaskLocations.whsId, ccOrderLines.whsId), eq(ccTaskLocations.locationId, ccOrderLines.locationId), eq(ccTaskLocations.taskNo, taskNo)))
    .leftJoin(skus, and(eq(skus.whsId, ccOrderLines.whsId), eq(skus.skuId, ccOrderLines.skuId)))
    .where(and(eq(ccOrderLines.whsId, whsId), eq(ccOrderLines.orderNo, row.task.orderNo)));
  const counts = await db.select({ locationId: ccCounts.locationId, skuId: ccCounts.skuId, qty: sql<number>`sum(${ccCounts.qty})::int` }).from(ccCounts)
    .where(and(eq(ccCounts.whsId, whsId), eq(ccCounts.orderNo, row.task.orderNo), eq(ccCounts.round, row.task.round), sql`${ccCounts.unknownCode} is null`))
    .groupBy(ccCounts.locationId, ccCounts.skuId);
  const countOf = (loc: string, sku: string) => Number(counts.find((c) => c.locationId === loc && c.skuId === sku)?.qty ?? 0);
  const t = row.task;
  return {
    task: taskJson(t), show_system_qty: show, kind: row.order.kind,
    locations: locations.map((l) => {
      const expected = lines.filter((x) => x.line.locationId === l.locationId && x.line.skuId !== '');
      const found = counts.filter((c) => c.locationId === l.locationId && c.skuId !== '' && !expected.some((e) => e.line.skuId === c.skuId));
      return {
        location_id: l.locationId, seq: l.seq, counted: l.status === 1,
        skus: [
          ...expected.map((e) => ({ sku_id: e.line.skuId, sku_name: e.skuName ?? '', barcode: e.barcode, system_qty: show ? e.line.systemQty : null, counted_qty: countOf(l.locationId, e.line.skuId) })),
          ...found.map((f) => ({ sku_id: f.skuId, sku_name: '', barcode: null, system_qty: show ? 0 : null, counted_qty: Number(f.qty) })),
        ],
      };
    }),
  };
}

export function taskJson(t: TaskRow) {
  return {
    task_no: t.taskNo, order_no: t.orderNo, source: t.source, round: t.round, zone_id: t.zoneId, pathway_id: t.pathwayId, status: t.status,
    assignee_id: t.assigneeId, location_count: t.locationCount, counted_location_count: t.countedLocationCount,
    created_at: unixSeconds(t.createdAt), finished_at: unixSeconds(t.finishedAt),
  };
}

/** The zones the user counts in; null when the warehouse lists no cycle count skills (everyone counts everywhere). */
async function skillZones(tx: Db, whsId: string, userId: number): Promise<Set<string> | null> {
  const [mine] = await tx.select({ zoneIds: cycleCountSkills.zoneIds }).from(cycleCountSkills)
    .where(and(eq(cycleCountSkills.whsId, whsId), eq(cycleCountSkills.userId, userId)));
  if (mine) return new Set(mine.zoneIds.split(',').map((z) => z.trim()).filter(Boolean));
  const [anyone] = await tx.select({ userId: cycleCountSkills.userId }).from(cycleCountSkills).where(eq(cycleCountSkills.whsId, whsId)).limit(1);
  return anyone ? new Set() : null;
}

const refuse = (reason: 'skill' | 'recount' | 'none', message: string, data: Record<string, unknown> = {}) =>
  new ApiError(RET.CC_TASK_REFUSED, message, { reason, ...data });

/** claim_cc_task: the task scanned (joined if another counter has it), or the caller's next one. */
export async function claimTask(tx: Db, whsId: string, userId: number, taskNo: string | null, fullStockCount: boolean): Promise<CcWork> {
  const zones = await skillZones(tx, whsId, userId);
  let task: TaskRow | undefined;
  if (taskNo) {
    task = await lockTask(tx, whsId, taskNo);
    assertCountable(task);
    if (zones && !zones.has(task.zoneId)) throw refuse('skill', `Task ${taskNo} is in zone ${task.zoneId}, outside your cycle count skills.`, { task_no: taskNo, zone_id: task.zoneId });
    if (task.excludedUserIds.includes(userId)) {
      throw refuse('recount', `You counted these locations in an earlier round: another counter counts them again.`, { task_no: taskNo });
    }
  } else {
    const sourceFilter = fullStockCount ? sql`${ccTasks.source} = ${n(FSC)}` : sql`${ccTasks.source} <> ${n(FSC)}`;
    [task] = await tx.select().from(ccTasks).where(and(
      eq(ccTasks.whsId, whsId), sourceFilter, inArray(ccTasks.status, [STATUS.PENDING, STATUS.ONGOING]),
      sql`(${ccTasks.assigneeId} = ${userId} or (${ccTasks.assigneeId} is null and ${ccTasks.status} = ${n(STATUS.PENDING)}))`,
      sql`not (${userId} = any(${ccTasks.excludedUserIds}))`,
      zones ? (zones.size ? inArray(ccTasks.zoneId, [...zones]) : sql`false`) : undefined,
    )).orderBy(sql`${ccTasks.assigneeId} is null`, asc(ccTasks.round), asc(ccTasks.createdAt), asc(ccTasks.taskNo)).limit(1).for('update', { skipLocked: true });
    if (!task) throw refuse('none', 'No counting task is waiting for you.');
  }
  if (task.assigneeId === null) {
    await tx.update(ccTasks).set({ assigneeId: userId, claimedAt: sql`now()` }).where(and(eq(ccTasks.whsId, whsId), eq(ccTasks.taskNo, task.taskNo)));
  }
  return workOf(tx, whsId, task.taskNo, 'order');
}

export async function cancelOrder(tx: Db, whsId: string, userId: number, orderNo: string, reason: string) {
  const order = await orderOf(tx, whsId, orderNo, true);
  if (order.status === STATUS.DONE || order.status === STATUS.CANCEL) {
    throw new ApiError(RET.CC_STATE_REFUSED, `Order ${orderNo} is ${order.status === STATUS.DONE ? 'done' : 'cancelled'} already.`, { status: order.status });
  }
  await tx.update(ccOrders).set({ status: STATUS.CANCEL, finishedAt: sql`now()`, updatedAt: sql`now()` }).where(and(eq(ccOrders.whsId, whsId), eq(ccOrders.orderNo, orderNo)));
  await tx.update(ccTasks).set({ status: STATUS.CANCEL, finishedAt: sql`now()` })
    .where(and(eq(ccTasks.whsId, whsId), eq(ccTasks.orderNo, orderNo), inArray(ccTasks.status, [STATUS.PENDING, STATUS.ONGOING])));
  await tx.update(ccDiffOrders).set({ status: DIFF.REJECTED, closeReason: 'order cancelled' })
    .where(and(eq(ccDiffOrders.whsId, whsId), eq(ccDiffOrders.orderNo, orderNo), eq(ccDiffOrders.status, DIFF.PENDING)));
  await releaseCountBlocks(tx, whsId, orderNo, userId);
  await logOrder(tx, whsId, orderNo, 'cancelled', reason, userId);
  return { order_no: orderNo, status: STATUS.CANCEL };
}

async function lockPendingDiff(tx: Db, whsId: string, diffNo: string) {
  const [diff] = await tx.select().from(ccDiffOrders).where(and(eq(ccDiffOrders.whsId, whsId), eq(ccDiffOrders.diffNo, diffNo))).for('update');
  if (!diff) throw notFound(`Difference order ${diffNo}`);
  if (diff.status !== DIFF.PENDING) throw new ApiError(RET.CC_STATE_REFUSED, `Difference order ${diffNo} is no longer waiting for approval.`, { status: diff.status });
  return diff;
}

export async function rejectDiff(tx: Db, whsId: string, userId: number, diffNo: string, reason: string) {
  const diff = await lockPendingDiff(tx, whsId, diffNo);
  await tx.update(ccDiffOrders).set({ status: DIFF.REJECTED, approvedBy: userId, approvedAt: sql`now()`, closeReason: reason })
    .where(and(eq(ccDiffOrders.whsId, whsId), eq(ccDiffOrders.diffNo, diffNo)));
  await finishOrder(tx, whsId, diff.orderNo, `differences of ${diffNo} rejected: ${reason}`);
  return { diff_no: diffNo, status: DIFF.REJECTED };
}

const T = INVENTORY_TRANSACTION_TYPE.values;
const { DEBIT, CREDIT } = INVENTORY_TRANSACTION_DIRECTION.values;
const { DEDUCTION, ADDITION } = INVENTORY_ADJUSTMENT_DIRECTION.values;

/**
 * approve_cc_diff_order: judges the lines again (moves and late replays since the round ended), then
 * posts one inventory adjustment: surplus into the balance of the SKU there with the most units (a
 * new batch when the SKU has none), shortage out of available units, never out of units reserved for
 * open picks (a pick replayed later takes them; a real loss ends as a short pick).
 */
export async function approveDiff(tx: Db, whsId: string, userId: number, diffNo: string, remark: string) {
  const diff = await lockPendingDiff(tx, whsId, diffNo);
  // The units blocked until counted are free first: a confirmed shortage writes exactly them off.
  await releaseCountBlocks(tx, whsId, diff.orderNo, userId);
  const lines = await tx.select().from(ccDiffLines).where(and(eq(ccDiffLines.whsId, whsId), eq(ccDiffLines.diffNo, diffNo)));
  const judged = await judge(tx, whsId, diff.orderNo, diff.round, [...new Set(lines.map((l) => l.locationId))]);
  const postings: StockLine[] = [];
  const adjustLines: { locationId: string; skuId: string; batchId: string; quality: number; direction: number; qty: number; onhand: number }[] = [];
  for (const line of lines) {
    const now = judged.find((j) => j.location_id === line.locationId && j.sku_id === line.skuId);
    const counted = line.countedQty;
    const book = now?.book ?? line.bookQty;
    let adjust = 0;
    if (counted > book) {
      adjust = counted - book;
      const balances = await tx.select().from(li).where(and(eq(li.whsId, whsId), eq(li.locationId, line.locationId), eq(li.skuId, line.skuId), eq(li.quality, 1)))
        .orderBy(sql`${li.onhandQty} desc`, asc(li.batchId)).limit(1);
      const batchId = balances[0]?.batchId ?? await ensureBatch(tx, whsId, { skuId: line.skuId, inboundRef: diffNo });
      postings.push({ location: line.locationId, skuId: line.skuId, batchId, quality: 1, qty: adjust, txnType: T.OVERAGE, direction: DEBIT });
      adjustLines.push({ locationId: line.locationId, skuId: line.skuId, batchId, quality: 1, direction: ADDITION, qty: adjust, onhand: balances[0]?.onhandQty ?? 0 });
    } else if (counted < book) {
      let left = Math.max(0, book - counted - (now?.reserved ?? 0));
      const balances = await tx.select().from(li).where(and(eq(li.whsId, whsId), eq(li.locationId, line.locationId), eq(li.skuId, line.skuId)))
        .orderBy(asc(li.quality), asc(li.batchId));
      for (const b of balances) {
        const take = Math.min(left, b.availableQty ?? 0);
        if (take <= 0) continue;
        postings.push({ location: line.locationId, skuId: line.skuId, batchId: b.batchId, quality: b.quality as Quality, qty: take, txnType: T.SHORTAGE, direction: CREDIT });
        adjustLines.push({ locationId: line.locationId, skuId: line.skuId, batchId: b.batchId, quality: b.quality, direction: DEDUCTION, qty: take, onhand: b.onhandQty });
        left -= take;
        adjust -= take;
      }
    }
    await tx.update(ccDiffLines).set({ adjustQty: adjust, bookQty: book })
      .where(and(eq(ccDiffLines.whsId, whsId), eq(ccDiffLines.diffNo, diffNo), eq(ccDiffLines.locationId, line.locationId), eq(ccDiffLines.skuId, line.skuId)));
  }
  let adjustNo: string | null = null;
  if (adjustLines.length) {
    adjustNo = await nextDocNo(tx, 'adjustment', await warehouseTimeZone(tx, whsId));
    const total = (direction: number) => adjustLines.filter((l) => l.direction === direction).reduce((s, l) => s + l.qty, 0);
    const J = INVENTORY_ADJUSTMENT_STATUS.values;
    await tx.insert(inventoryAdjustments).values({
      whsId, adjustNo, status: J.DONE, reason: INVENTORY_ADJUSTMENT_REASON.values.UNIDENTIFIED,
      remark: `Cycle count ${diff.orderNo}, difference order ${diffNo}${remark ? `: ${remark}` : ''}`,
      additionQty: total(ADDITION), deductionQty: total(DEDUCTION), createdBy: userId, submittedAt: sql`now()`,
      approvedBy: userId, approvedAt: sql`now()`, adjustedBy: userId, adjustedAt: sql`now()`, closedAt: sql`now()`,
    });
    const posted = await postStock(tx, whsId, postings, { refType: INVENTORY_REF_TYPE.values.ADJUSTMENT, refNo: adjustNo, operatorId: userId });
    await tx.insert(inventoryAdjustmentLines).values(adjustLines.map((l, i) => ({
      whsId, adjustNo: adjustNo!, lineNo: i + 1, locationId: l.locationId, skuId: l.skuId, batchId: l.batchId, quality: l.quality,
      direction: l.direction, qty: l.qty, onhandAtCreate: l.onhand, txnId: posted[i]!.txnId,
    })));
  }
  await tx.update(ccDiffOrders).set({ status: DIFF.APPROVED, adjustNo, approvedBy: userId, approvedAt: sql`now()`, closeReason: remark || null })
    .where(and(eq(ccDiffOrders.whsId, whsId), eq(ccDiffOrders.diffNo, diffNo)));
  await finishOrder(tx, whsId, diff.orderNo, `differences of ${diffNo} approved${adjustNo ? ` into adjustment ${adjustNo}` : ' (none left to adjust)'}`);
  return { diff_no: diffNo, adjust_no: adjustNo, status: DIFF.APPROVED };
}
