import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  ACTIVE_STATUS, CHECKING_REFUSAL_REASON, CHECKING_STATION_MODE, CONSUMABLE_REF_TYPE, CONSUMABLE_TYPE, INVENTORY_REF_TYPE, INVENTORY_TRANSACTION_TYPE, OUTBOUND_ORDER_TYPE,
  STATION_TYPE, TASK_STATUS,
} from '../../../shared/codes';
import {
  CHECKING_PACKAGING_TYPES, type CheckingLine, type CheckingOrder, type CheckingWork, type CheckPayload, type CheckResult, type RefusePayload,
} from '../../../shared/contract/checking.contract';
import { SALES_ORDER_LIFECYCLE } from '../../../shared/lifecycles';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { checkingRefusals, checkingTaskOrders, checkingTasks, consumables, containers, outboundAllocations, pickingTasks, salesOrders, skus } from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import { assertTransition } from '../../http/lifecycle';
import { nextDocNo } from '../../common/doc-no';
import { unixSeconds } from '../../common/time';
import { takeConsumables } from '../inventory/consumable-stock';
import { moveStock, type Quality, type StockMove } from '../inventory/ledger';
import { mergeStateOf, type MergeState } from './merging';
import { usableStation, type StationAsks } from './station-asks';
import { sortedInSlot, sortedSlotSql } from './sorting';
import { freeEmptyContainers } from './picking';
import { S, lockOrders, logOrders, orderLabel, skuCodesSql, type OrderRow, type OrderType } from './sales-order';

/**
 * Checking at a checking station (docs/outbound.md "Checking"). Scanning a container at a station
 * makes its checking task: the orders with picked units in it, each with its whole picked units
 * (an order picked into several containers is checked once all are at the station: where the merge
 * rule sends it to a merge lane, once every container has arrived there). Checking an
 * order (an op) compares the units scanned with its picked units, takes the packaging and the weight
 * the task asks for, and moves the units out of their containers onto the order (ledger type
 * picking 8, a move within outbound; the order is a stock location until its units ship), so the
 * containers are free for the next pick. Locks: the orders, then the task, then balances.
 * Each order type checks its own containers (checking_tasks.order_type, its picking task's): the
 * sales and MT checking screens call the same engine with their type.
 */

const T = TASK_STATUS.values;
const M = CHECKING_STATION_MODE.values;
const taskLabel = (taskNo: string) => `Checking task ${taskNo}`;
type TaskRow = typeof checkingTasks.$inferSelect;

/** The warehouse's active packaging consumables a checking station may be shown (both kinds). */
async function packagingOf(db: Db, whsId: string): Promise<CheckingWork['packaging']> {
  const types = [...new Set<number>([...CHECKING_PACKAGING_TYPES.inner, ...CHECKING_PACKAGING_TYPES.outer])];
  const rows = await db.select({ id: consumables.consumableId, name: consumables.consumableName, type: consumables.consumableType }).from(consumables)
    .where(and(eq(consumables.whsId, whsId), eq(consumables.status, ACTIVE_STATUS.values.ACTIVE), inArray(consumables.consumableType, types)))
    .orderBy(asc(consumables.consumableId));
  return rows.map((r) => ({ consumable_id: r.id, consumable_name: r.name, consumable_type: r.type }));
}

// ---- reading ----

/** Picked units of orders not put back, by order, SKU and the container they are in. */
interface PickedUnits {
  orderNo: string;
  skuId: string;
  containerCode: string;
  batchId: string;
  quality: number;
  qty: number;
  slotNo: number | null;
}

/** The picked units (not put back) of these orders, in the containers their picking tasks filled (or the put wall slots they were sorted into). */
async function pickedUnitsOf(db: Db, whsId: string, orderNos: readonly string[]): Promise<PickedUnits[]> {
  if (orderNos.length === 0) return [];
  const a = outboundAllocations;
  // Units sorted at a put wall are in their order's slot, not in the container they were picked into.
  const where = sql<string | null>`coalesce(${sortedSlotSql(a)}, ${pickingTasks.containerCode})`;
  const rows = await db.select({
    orderNo: a.orderNo, skuId: a.skuId, containerCode: where, batchId: a.batchId, quality: a.quality,
    qty: sql<number>`sum(${a.pickedQty} - ${a.returnedQty})::int`, slotNo: sql<number | null>`min(${a.slotNo})::int`,
  }).from(a)
    .innerJoin(pickingTasks, and(eq(pickingTasks.whsId, a.whsId), eq(pickingTasks.taskNo, a.taskNo)))
    .where(and(eq(a.whsId, whsId), inArray(a.orderNo, [...orderNos])))
    .groupBy(a.orderNo, a.skuId, where, a.batchId, a.quality)
    .having(sql`sum(${a.pickedQty} - ${a.returnedQty}) > 0`);
  return rows.map((r) => ({ ...r, containerCode: r.containerCode! }));
}

/** The orders of a task with their lines (picked units by SKU, codes, unit weights). */
async function ordersOf(db: Db, whsId: string, taskNo: string): Promise<CheckingOrder[]> {
  const orders = await db.select().from(checkingTaskOrders)
    .where(and(eq(checkingTaskOrders.whsId, whsId), eq(checkingTaskOrders.taskNo, taskNo))).orderBy(asc(checkingTaskOrders.slotNo));
  const units = await pickedUnitsOf(db, whsId, orders.map((o) => o.orderNo));
  const skuIds = [...new Set(units.map((u) => u.skuId))];
  const skuRows = skuIds.length === 0 ? [] : await db.select({ skuId: skus.skuId, skuName: skus.skuName, codes: skuCodesSql, weightG: skus.weightG })
    .from(skus).where(and(eq(skus.whsId, whsId), inArray(skus.skuId, skuIds)));
  const skuOf = new Map(skuRows.map((s) => [s.skuId, s]));
  return orders.map((o) => {
    const bySku = new Map<string, number>();
    for (const u of units) if (u.orderNo === o.orderNo) bySku.set(u.skuId, (bySku.get(u.skuId) ?? 0) + u.qty);
    const lines: CheckingLine[] = [...bySku].sort(([x], [y]) => (x < y ? -1 : 1)).map(([skuId, qty]) => {
      const sku = skuOf.get(skuId);
      return { sku_id: skuId, sku_name: sku?.skuName ?? '', codes: sku?.codes ?? [skuId], qty, unit_weight_g: sku?.weightG ?? null };
    });
    return {
      order_no: o.orderNo, slot_no: o.slotNo, status: o.status, total_qty: o.totalQty, expected_weight_g: o.expectedWeightG, weight_g: o.weightG, lines,
    };
  });
}

/** A checking task with its orders and refusals; `orderType`: only a task of that type (another is not found). */
export async function checkingWork(db: Db, whsId: string, taskNo: string, orderType?: OrderType): Promise<CheckingWork> {
  const [task] = await db.select().from(checkingTasks).where(and(eq(checkingTasks.whsId, whsId), eq(checkingTasks.taskNo, taskNo)));
  if (!task || (orderType !== undefined && task.orderType !== orderType)) throw notFound(taskLabel(taskNo));
  const [orders, refusals, packaging] = await Promise.all([
    ordersOf(db, whsId, taskNo),
    db.select().from(checkingRefusals).where(and(eq(checkingRefusals.whsId, whsId), eq(checkingRefusals.taskNo, taskNo))).orderBy(asc(checkingRefusals.refusalId)),
    task.needScanInnerPackaging || task.needScanOuterPackaging ? packagingOf(db, whsId) : [],
  ]);
  return {
    task: {
      task_no: task.taskNo, container_code: task.containerCode, station_id: task.stationId, mode: task.mode, status: task.status, wave_no: task.waveNo,
      wave_type: task.waveType, need_scan_inner_packaging: task.needScanInnerPackaging, need_scan_outer_packaging: task.needScanOuterPackaging,
      remove_weight_input: task.removeWeightInput, checked_qty: task.checkedQty, total_qty: task.totalQty, is_all_done: task.status !== T.ONGOING,
      assignee_id: task.assigneeId, created_at: unixSeconds(task.createdAt)!, finished_at: unixSeconds(task.finishedAt),
    },
    orders,
    packaging,
    refusals: refusals.map((r) => ({
      refusal_id: r.refusalId, order_no: r.orderNo, reason: r.reason, scanned: r.scanned, sku_id: r.skuId, operator_id: r.operatorId, created_at: unixSeconds(r.createdAt)!,
    })),
  };
}

// ---- starting ----

/** A checking station of the warehouse in use, in its mode, with what it records. */
type CheckingStationAsks = StationAsks & { mode: number };
async function checkingStation(tx: Db, whsId: string, stationId: string): Promise<CheckingStationAsks> {
  const asks = await usableStation(tx, whsId, stationId, STATION_TYPE.values.CHECKING, RET.CHECK_STATION_UNUSABLE);
  return { ...asks, mode: asks.station.checkingMode ?? M.CHECKING };
}

/**
 * Starts checking a container at a station: its ongoing task (the caller's), else a new task with
 * the orders whose picked units are in it — each order picked whole (status Picked) and in no other
 * open check. An order with units in other containers too is checked with all of them. A put wall
 * slot's code scanned checks the order sorted into it (status Sorted). `mode`: the screen's, for a new
 * task; else the station's. `orderType`: the screen's; a container of the other type's orders is refused.
 */
export async function startChecking(
  tx: Db, whsId: string, userId: number, stationId: string, containerCode: string, timeZone: string, mode?: number,
  orderType: OrderType = OUTBOUND_ORDER_TYPE.values.SALES,
): Promise<CheckingWork> {
  const asks = await checkingStation(tx, whsId, stationId);
  // A screen of its own mode (Sorting While Checking) starts its tasks in that mode; an ongoing task keeps its own.
  const station = mode === undefined ? asks : { ...asks, mode };
  const [container] = await tx.select({ taskNo: containers.taskNo }).from(containers)
    .where(and(eq(containers.whsId, whsId), eq(containers.containerCode, containerCode)));
  const [ongoing] = await tx.select().from(checkingTasks)
    .where(and(eq(checkingTasks.whsId, whsId), eq(checkingTasks.containerCode, containerCode), eq(checkingTasks.status, T.ONGOING))).for('update');
  const nothing = (reason: string, message: string, data: Record<string, unknown> = {}) =>
    new ApiError(RET.CHECK_NOTHING_TO_CHECK, message, { container_code: containerCode, reason, ...data });
  const otherType = (type: number) => nothing('other_type', `Container ${containerCode} holds ${OUTBOUND_ORDER_TYPE.label(type)?.message ?? 'other'} orders: check them on their own checking screen.`, { order_type: type });
  if (ongoing && ongoing.orderType !== orderType) throw otherType(ongoing.orderType);
  if (ongoing) {
    if (ongoing.assigneeId !== userId) {
      throw new ApiError(RET.TASK_ASSIGNED_ELSEWHERE, `Container ${containerCode} is being checked by another operator (${taskLabel(ongoing.taskNo)}).`, { task_no: ongoing.taskNo });
    }
    if (ongoing.stationId !== stationId) {
      await tx.update(checkingTasks).set({ stationId }).where(and(eq(checkingTasks.whsId, whsId), eq(checkingTasks.taskNo, ongoing.taskNo)));
    }
    return checkingWork(tx, whsId, ongoing.taskNo);
  }
  // A put wall slot holds the units of the order sorted into it.
  const sorted = await sortedInSlot(tx, whsId, containerCode);
  if (sorted.length > 0) {
    const [picking] = await tx.select({ pickingType: pickingTasks.pickingType, orderType: pickingTasks.orderType }).from(pickingTasks)
      .where(and(eq(pickingTasks.whsId, whsId), eq(pickingTasks.taskNo, sorted[0]!.pickingTaskNo)));
    if (picking && picking.orderType !== orderType) throw otherType(picking.orderType);
    return openCheckingTask(tx, whsId, userId, stationId, station, containerCode, timeZone, {
      orderType,
      orderNos: sorted.map((r) => r.orderNo), checkableStatus: S.SORTED, waveNo: sorted[0]!.waveNo, waveType: picking?.pickingType ?? null,
      slotOf: new Map(sorted.map((r) => [r.orderNo, r.slotNo])),
    }, nothing);
  }
  // The container serves one picking task at a time and stays with it while it holds units.
  if (!container?.taskNo) throw nothing('empty', `Container ${containerCode} holds no picked units to check.`);
  const [bound] = await tx.select({
    taskNo: pickingTasks.taskNo, status: pickingTasks.status, waveNo: pickingTasks.waveNo, pickingType: pickingTasks.pickingType, orderType: pickingTasks.orderType,
  }).from(pickingTasks).where(and(eq(pickingTasks.whsId, whsId), eq(pickingTasks.taskNo, container.taskNo)));
  if (!bound) throw nothing('empty', `Container ${containerCode} holds no picked units to check.`);
  if (bound.orderType !== orderType) throw otherType(bound.orderType);
  if (bound.status !== T.DONE) {
    throw nothing('picking', `Container ${containerCode} is still being picked (picking task ${bound.taskNo}): finish the task first.`, { task_no: bound.taskNo });
  }
  const inContainer = await tx.selectDistinct({ orderNo: outboundAllocations.orderNo }).from(outboundAllocations)
    .where(and(eq(outboundAllocations.whsId, whsId), eq(outboundAllocations.taskNo, bound.taskNo), sql`${outboundAllocations.pickedQty} > ${outboundAllocations.returnedQty}`));
  const orderNos = [...new Set(inContainer.map((r) => r.orderNo))].sort();
  return openCheckingTask(tx, whsId, userId, stationId, station, containerCode, timeZone, {
    orderType, orderNos, checkableStatus: S.PICKED, waveNo: bound.waveNo, waveType: bound.pickingType, slotOf: null,
  }, nothing);
}

/** Where a new checking task's orders come from: a picked container's orders (Picked), or a put wall slot's (Sorted). */
interface CheckSource {
  orderType: OrderType;
  orderNos: readonly string[];
  checkableStatus: number;
  waveNo: string | null;
  waveType: number | null;
  /** The put wall slot of each order; null: a sorting while picking cart's slot, else 1, 2, … */
  slotOf: ReadonlyMap<string, number> | null;
}

/** Makes the checking task of a container's orders that may be checked now (see startChecking), or says why there is none. */
async function openCheckingTask(
  tx: Db, whsId: string, userId: number, stationId: string, station: CheckingStationAsks, containerCode: string, timeZone: string, source: CheckSource,
  nothing: (reason: string, message: string, data?: Record<string, unknown>) => ApiError,
): Promise<CheckingWork> {
  const orderNos = [...new Set(source.orderNos)].sort();
  // Two stations scanning the container at once take turns here: the second then finds its orders in the first's check.
  const orders = await lockOrders(tx, whsId, orderNos);
  const open = orderNos.length === 0 ? [] : await tx.select({ orderNo: checkingTaskOrders.orderNo }).from(checkingTaskOrders)
    .where(and(eq(checkingTaskOrders.whsId, whsId), inArray(checkingTaskOrders.orderNo, orderNos), eq(checkingTaskOrders.status, T.PENDING)));
  const inOtherCheck = new Set(open.map((o) => o.orderNo));
  const picked = orderNos.filter((no) => orders.get(no)?.status === source.checkableStatus && !inOtherCheck.has(no));
  // An order the merge rule sends to a merge lane is checked once all its containers are on the lane.
  const unmerged = new Map<string, MergeState>();
  for (const orderNo of picked) {
    const merge = await mergeStateOf(tx, whsId, orderNo);
    if (merge.needsMerge && !merge.complete && merge.lane !== undefined) unmerged.set(orderNo, merge);
  }
  const checkable = picked.filter((no) => !unmerged.has(no));
  if (checkable.length === 0) {
    if (orderNos.length === 0) throw nothing('empty', `Container ${containerCode} holds no picked units to check.`);
    const [merging] = unmerged;
    if (merging) {
      const [orderNo, merge] = merging;
      throw nothing('merging', `Order ${orderNo} waits on merge lane ${merge.lane} for ${merge.waiting.join(', ')}: check it when they have arrived.`, {
        order_no: orderNo, lane: merge.lane, waiting: merge.waiting,
      });
    }
    const waiting = orderNos.filter((no) => orders.get(no)?.status === S.PICKING);
    const sorting = orderNos.filter((no) => orders.get(no)?.status === S.SORTING || orders.get(no)?.status === S.SORTED);
    if (sorting.length > 0 && source.slotOf === null) {
      throw nothing('sorting', `The orders in container ${containerCode} are sorted at a put wall: check each from its slot.`, { order_nos: sorting });
    }
    if (waiting.length > 0) {
      throw nothing('order_picking', `Order ${waiting.join(', ')} in container ${containerCode} still has units to pick in other zones: check it when every unit is picked.`, { order_nos: waiting });
    }
    throw nothing('checked', `The orders in container ${containerCode} are checked or being checked already.`, { order_nos: orderNos });
  }
  const units = await pickedUnitsOf(tx, whsId, checkable);
  const skuIds = [...new Set(units.map((u) => u.skuId))];
  const weights = new Map((await tx.select({ skuId: skus.skuId, weightG: skus.weightG }).from(skus)
    .where(and(eq(skus.whsId, whsId), inArray(skus.skuId, skuIds)))).map((s) => [s.skuId, s.weightG]));
  const taskNo = await nextDocNo(tx, 'checkingTask', timeZone);
  const rows = checkable.map((orderNo, i) => {
    const own = units.filter((u) => u.orderNo === orderNo);
    const totalQty = own.reduce((sum, u) => sum + u.qty, 0);
    const weighed = own.every((u) => weights.get(u.skuId) != null);
    return {
      whsId, taskNo, orderNo, totalQty,
      // Sorting at a put wall, or sorting while picking, put each order in a slot: the station keeps that number.
      slotNo: source.slotOf?.get(orderNo) ?? own.find((u) => u.containerCode === containerCode && u.slotNo !== null)?.slotNo ?? i + 1,
      expectedWeightG: weighed ? own.reduce((sum, u) => sum + u.qty * weights.get(u.skuId)!, 0) : null,
    };
  });
  await tx.insert(checkingTasks).values({
    whsId, taskNo, containerCode, stationId, mode: station.mode, status: T.ONGOING, waveNo: source.waveNo, waveType: source.waveType, orderType: source.orderType,
    needScanInnerPackaging: station.innerPackaging, needScanOuterPackaging: station.outerPackaging, removeWeightInput: !station.weight, totalQty: rows.reduce((sum, r) => sum + r.totalQty, 0), assigneeId: userId,
  });
  await tx.insert(checkingTaskOrders).values(rows);
  const started = checkable.map((no) => orders.get(no)!);
  for (const order of started) assertTransition(SALES_ORDER_LIFECYCLE, orderLabel(order.orderNo), order.status as 3 | 13, S.CHECKING);
  await tx.update(salesOrders).set({ status: S.CHECKING, updatedAt: sql`now()` })
    .where(and(eq(salesOrders.whsId, whsId), inArray(salesOrders.orderNo, checkable)));
  await logOrders(tx, whsId, started.map((o) => ({
    orderNo: o.orderNo, from: o.status, to: S.CHECKING, note: `Checking: container ${containerCode} at station ${stationId} (${taskLabel(taskNo)}).`,
  })), userId);
  return checkingWork(tx, whsId, taskNo);
}

// ---- the ops ----

export interface CheckActor {
  userId: number;
  opId: string;
}

async function lockTask(tx: Db, whsId: string, taskNo: string, userId: number): Promise<TaskRow> {
  const [task] = await tx.select().from(checkingTasks).where(and(eq(checkingTasks.whsId, whsId), eq(checkingTasks.taskNo, taskNo))).for('update');
  if (!task) throw notFound(taskLabel(taskNo));
  if (task.assigneeId !== userId) throw new ApiError(RET.TASK_ASSIGNED_ELSEWHERE, `${taskLabel(taskNo)} is checked by another operator.`, { assignee_id: task.assigneeId });
  return task;
}

const unitsLabel = (units: ReadonlyMap<string, number>) => [...units].map(([sku, qty]) => `${qty} × ${sku}`).join(', ') || 'none';

/**
 * Checks one order of a task whole: the units scanned must be its picked units, by SKU; the
 * packaging scans and the weight the task asks are required (the weight within the tolerance of
 * `weightCheck` when every SKU has a weight). Its units move out of their containers onto the order; the order is Checked, the
 * task done with its last order, and the emptied containers are free.
 */
export async function applyCheck(
  tx: Db, whsId: string, actor: CheckActor, p: CheckPayload,
  weightCheck: (expectedG: number, actualG: number) => Promise<{ ok: boolean; minG: number; maxG: number }>,
): Promise<CheckResult> {
  const order = (await lockOrders(tx, whsId, [p.order_no])).get(p.order_no);
  if (!order) throw notFound(orderLabel(p.order_no));
  const task = await lockTask(tx, whsId, p.task_no, actor.userId);
  const [line] = await tx.select().from(checkingTaskOrders)
    .where(and(eq(checkingTaskOrders.whsId, whsId), eq(checkingTaskOrders.taskNo, task.taskNo), eq(checkingTaskOrders.orderNo, p.order_no)));
  if (!line) throw notFound(`Order ${p.order_no} in ${taskLabel(task.taskNo)}`);
  if (line.status !== T.PENDING || order.status !== S.CHECKING) {
    throw new ApiError(RET.CHECK_ORDER_UNAVAILABLE, `${orderLabel(order.orderNo)} is ${line.status === T.DONE ? 'checked already' : 'not being checked (cancelled)'}.`, {
      order_no: order.orderNo, status: order.status,
    });
  }
  const units = await pickedUnitsOf(tx, whsId, [order.orderNo]);
  const expected = new Map<string, number>();
  for (const u of units) expected.set(u.skuId, (expected.get(u.skuId) ?? 0) + u.qty);
  const checked = new Map<string, number>();
  for (const u of p.units) checked.set(u.sku_id, (checked.get(u.sku_id) ?? 0) + u.qty);
  const same = expected.size === checked.size && [...expected].every(([sku, qty]) => checked.get(sku) === qty);
  if (!same) {
    throw new ApiError(RET.CHECK_UNITS_MISMATCH, `${orderLabel(order.orderNo)} has ${unitsLabel(expected)} picked; the check counted ${unitsLabel(checked)}.`, {
      expected: Object.fromEntries(expected), checked: Object.fromEntries(checked),
    });
  }
  await takePackaging(tx, whsId, task, order.orderNo, p, actor.userId);
  if (!task.removeWeightInput) {
    if (p.weight_g === null) throw new ApiError(RET.CHECK_WEIGHT_OUT_OF_TOLERANCE, `Weigh order ${order.orderNo}: station ${task.stationId} records the weight.`, { weight_g: null });
    // Without every SKU's weight there is nothing to compare with: the weight is recorded only.
    const verdict = line.expectedWeightG === null ? null : await weightCheck(line.expectedWeightG, p.weight_g);
    if (verdict && !verdict.ok) {
      throw new ApiError(
        RET.CHECK_WEIGHT_OUT_OF_TOLERANCE,
        `${orderLabel(order.orderNo)} weighs ${p.weight_g} g; its units should weigh ${verdict.minG}–${verdict.maxG} g: check for a missing or wrong unit.`,
        { weight_g: p.weight_g, min_g: verdict.minG, max_g: verdict.maxG },
      );
    }
  }
  // Out of the containers, onto the order.
  const moves: StockMove[] = units.map((u) => ({
    txnType: INVENTORY_TRANSACTION_TYPE.values.PICKING, qty: u.qty,
    from: { location: u.containerCode, skuId: u.skuId, batchId: u.batchId, quality: u.quality as Quality },
    to: { location: order.orderNo, batchId: u.batchId, quality: u.quality as Quality },
  }));
  await moveStock(tx, whsId, moves, {
    refType: INVENTORY_REF_TYPE.values.CHECKING_TASK, refNo: task.taskNo,
    operatorId: actor.userId, opId: actor.opId,
  });
  await tx.update(checkingTaskOrders).set({
    status: T.DONE, weightG: p.weight_g, innerPackaging: p.inner_packaging, outerPackaging: p.outer_packaging, checkedBy: actor.userId, checkedAt: sql`now()`,
  }).where(and(eq(checkingTaskOrders.whsId, whsId), eq(checkingTaskOrders.taskNo, task.taskNo), eq(checkingTaskOrders.orderNo, order.orderNo)));
  const after = await settleTask(tx, whsId, task);
  await freeEmptyContainers(tx, whsId, [...new Set(units.map((u) => u.containerCode))]);
  const checkedOrder = await markChecked(tx, whsId, order, `Checked at station ${task.stationId}: ${unitsLabel(checked)}${p.weight_g === null ? '' : `, ${p.weight_g} g`} (${taskLabel(task.taskNo)}).`, actor.userId);
  return {
    task_no: task.taskNo, task_status: after.status, checked_qty: after.checkedQty, total_qty: after.totalQty, order_no: order.orderNo,
    order_status: checkedOrder.status, message: `Order ${order.orderNo} checked.`,
  };
}

/**
 * The packaging the task asks to be scanned: each an active consumable of the warehouse of a kind
 * that packaging may be (CHECKING_PACKAGING_TYPES), one of each taken from consumable stock for the order.
 */
async function takePackaging(tx: Db, whsId: string, task: TaskRow, orderNo: string, p: CheckPayload, userId: number): Promise<void> {
  const wanted: { field: 'inner_packaging' | 'outer_packaging'; kind: 'inner' | 'outer'; code: string | null }[] = [
    ...(task.needScanInnerPackaging ? [{ field: 'inner_packaging' as const, kind: 'inner' as const, code: p.inner_packaging }] : []),
    ...(task.needScanOuterPackaging ? [{ field: 'outer_packaging' as const, kind: 'outer' as const, code: p.outer_packaging }] : []),
  ];
  for (const { field, kind, code } of wanted) {
    const invalid = (message: string) => new ApiError(RET.CHECK_PACKAGING_INVALID, message, { field, scanned: code });
    if (code === null) throw invalid(`${taskLabel(task.taskNo)} asks for the ${kind} packaging to be scanned.`);
    const [row] = await tx.select({ type: consumables.consumableType, status: consumables.status }).from(consumables)
      .where(and(eq(consumables.whsId, whsId), eq(consumables.consumableId, code)));
    const allowed = CHECKING_PACKAGING_TYPES[kind];
    if (!row || row.status !== ACTIVE_STATUS.values.ACTIVE || !allowed.includes(row.type)) {
      const kinds = allowed.map((t) => (CONSUMABLE_TYPE.label(t)?.message ?? String(t)).toLowerCase()).join(' or ');
      throw invalid(`${code} is not ${kind} packaging of warehouse ${whsId}: scan a ${kinds} in use.`);
    }
  }
  const codes = wanted.map((w) => w.code!);
  if (codes.length > 0) {
    await takeConsumables(tx, whsId, codes.map((consumableId) => ({ consumableId, qty: 1 })), {
      refType: CONSUMABLE_REF_TYPE.values.PACKING, refNo: orderNo, operatorId: userId,
    });
  }
}

async function markChecked(tx: Db, whsId: string, order: OrderRow, note: string, userId: number): Promise<OrderRow> {
  assertTransition(SALES_ORDER_LIFECYCLE, orderLabel(order.orderNo), order.status as 5, S.CHECKED);
  const [row] = await tx.update(salesOrders).set({ status: S.CHECKED, updatedAt: sql`now()` })
    .where(and(eq(salesOrders.whsId, whsId), eq(salesOrders.orderNo, order.orderNo))).returning();
  await logOrders(tx, whsId, [{ orderNo: order.orderNo, from: order.status, to: S.CHECKED, note }], userId);
  return row!;
}

/** A task's checked units summed from its orders again; done when no order is left pending (cancelled when none was checked). */
async function settleTask(tx: Db, whsId: string, task: TaskRow): Promise<TaskRow> {
  const [sum] = await tx.select({
    checked: sql<number>`coalesce(sum(${checkingTaskOrders.totalQty}) filter (where ${checkingTaskOrders.status} = ${T.DONE}), 0)::int`,
    total: sql<number>`coalesce(sum(${checkingTaskOrders.totalQty}) filter (where ${checkingTaskOrders.status} <> ${T.CANCEL}), 0)::int`,
    pending: sql<number>`count(*) filter (where ${checkingTaskOrders.status} = ${T.PENDING})::int`,
  }).from(checkingTaskOrders).where(and(eq(checkingTaskOrders.whsId, whsId), eq(checkingTaskOrders.taskNo, task.taskNo)));
  const status = sum!.pending > 0 ? T.ONGOING : sum!.checked > 0 ? T.DONE : T.CANCEL;
  const [row] = await tx.update(checkingTasks).set({
    checkedQty: sum!.checked, totalQty: sum!.total, status, finishedAt: status === T.ONGOING ? null : sql`coalesce(${checkingTasks.finishedAt}, now())`,
  }).where(and(eq(checkingTasks.whsId, whsId), eq(checkingTasks.taskNo, task.taskNo))).returning();
  return row!;
}

/**
 * A cancelled order leaves its open check: its line of the task is cancelled (its units stay in their
 * containers for reverse picking) and the task settles.
 */
export async function leaveChecking(tx: Db, whsId: string, orderNo: string): Promise<void> {
  const rows = await tx.update(checkingTaskOrders).set({ status: T.CANCEL })
    .where(and(eq(checkingTaskOrders.whsId, whsId), eq(checkingTaskOrders.orderNo, orderNo), eq(checkingTaskOrders.status, T.PENDING)))
    .returning({ taskNo: checkingTaskOrders.taskNo });
  for (const { taskNo } of rows) {
    const [task] = await tx.select().from(checkingTasks).where(and(eq(checkingTasks.whsId, whsId), eq(checkingTasks.taskNo, taskNo))).for('update');
    if (task) await settleTask(tx, whsId, task);
  }
}

/** Records a scan the station refused (the station already told the operator why). */
export async function applyRefuse(tx: Db, whsId: string, actor: CheckActor, p: RefusePayload): Promise<{ refusal_id: number; message: string }> {
  const task = await lockTask(tx, whsId, p.task_no, actor.userId);
  const [row] = await tx.insert(checkingRefusals).values({
    whsId, taskNo: task.taskNo, orderNo: p.order_no, reason: p.reason, scanned: p.scanned, skuId: p.sku_id, stationId: task.stationId,
    opId: actor.opId, operatorId: actor.userId,
  }).returning({ refusalId: checkingRefusals.refusalId });
  const reason = CHECKING_REFUSAL_REASON.label(p.reason)?.message ?? String(p.reason);
  return { refusal_id: row!.refusalId, message: `Refused scan ${p.scanned} recorded (${reason.toLowerCase()}).` };
}

