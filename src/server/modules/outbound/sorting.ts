import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ACTIVE_STATUS, CONTAINER_TYPE, INVENTORY_REF_TYPE, INVENTORY_TRANSACTION_TYPE, PICKING_TASK_KIND, SORTING_STAGE, STATION_STATUS, STATION_TYPE, TASK_STATUS } from '../../../shared/codes';
import {
  preSortGroups, slotLabel, type PreSortPayload, type SortingOrder, type SortingWork, type SortPayload, type SortRefusePayload, type SortResult,
} from '../../../shared/contract/sorting.contract';
import { SALES_ORDER_LIFECYCLE } from '../../../shared/lifecycles';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import {
  containers, locationInventory, outboundAllocations, pickingTasks, salesOrders, skus, sortingRules, sortingScans, sortingSkills, sortingTaskOrders, sortingTasks, stations,
} from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import type { OrderRow } from './sales-order';
import { assertTransition } from '../../http/lifecycle';
import { nextDocNo } from '../../common/doc-no';
import { unixSeconds } from '../../common/time';
import { moveStock, type Quality, type StockMove } from '../inventory/ledger';
import { storedIds } from './id-lists';
import { freeEmptyContainers } from './picking';
import { S, lockOrders, logOrders, orderLabel, skuCodesSql } from './sales-order';

/**
 * Sorting at a put wall (docs/outbound.md "Sorting"). A batch container — a Pick to Wave task's
 * units of many orders — is scanned at a put wall (a sorting station); the first active sorting rule
 * it meets must send it there, and the operator's sorting skills must cover the wall. Its orders
 * (picked whole, into this container alone) each get the lowest free slot of the wall, kept until the order is checked; each
 * slot is a container (`<wall>-<nn>`, type put wall), so every unit sorted moves on the ledger from
 * the batch container into its order's slot (picking 8, a move within outbound). An order whose units
 * are all in its slot is Sorted, and checking takes it by scanning the slot.
 * Pre-sorting (stage 1) splits a container too big for one wall first: at a pre-sorting station its
 * orders are grouped, one group a wall of the rule, and each unit goes into its group's tote (the
 * first tote scanned for a group is bound to it); a tote whose group is complete is then scanned at
 * its wall like a batch container. The orders are Sorting from the first split until they are Sorted.
 * Locks: the orders, then the task, then the wall's station row (slots), then balances.
 */

const T = TASK_STATUS.values;
const STAGE = SORTING_STAGE.values;
const taskLabel = (taskNo: string, stage: number = STAGE.PUT_WALL) => `${stage === STAGE.PRE_SORTING ? 'Pre-sorting' : 'Sorting'} task ${taskNo}`;
type TaskRow = typeof sortingTasks.$inferSelect;
/** Orders that hold their slot on the wall: being sorted, or sorted and not yet taken by checking. */
const ON_WALL = [S.SORTING, S.SORTED] as const;

// ---- reading ----

/** The units of each order the task sorts, by SKU, batch and quality: picked (not put back) on its picking task, and sorted so far. */
interface TaskUnits {
  orderNo: string;
  skuId: string;
  batchId: string;
  quality: number;
  picked: number;
  sorted: number;
}

/** Picked units of the orders in a picking task; `sortingTaskNo` (null before its sorting task exists) adds what it has sorted. */
async function unitsOf(db: Db, whsId: string, pickingTaskNo: string, sortingTaskNo: string | null, orderNos: readonly string[]): Promise<TaskUnits[]> {
  if (orderNos.length === 0) return [];
  const a = outboundAllocations;
  const picked = await db.select({
    orderNo: a.orderNo, skuId: a.skuId, batchId: a.batchId, quality: a.quality, qty: sql<number>`sum(${a.pickedQty} - ${a.returnedQty})::int`,
  }).from(a)
    .where(and(eq(a.whsId, whsId), eq(a.taskNo, pickingTaskNo), inArray(a.orderNo, [...orderNos])))
    .groupBy(a.orderNo, a.skuId, a.batchId, a.quality)
    .having(sql`sum(${a.pickedQty} - ${a.returnedQty}) > 0`)
    .orderBy(a.orderNo, a.skuId, a.batchId, a.quality);
  const sorted = sortingTaskNo === null ? [] : await db.select({
    orderNo: sortingScans.orderNo, skuId: sortingScans.skuId, batchId: sortingScans.batchId, quality: sortingScans.quality, qty: sql<number>`sum(${sortingScans.qty})::int`,
  }).from(sortingScans)
    .where(and(eq(sortingScans.whsId, whsId), eq(sortingScans.taskNo, sortingTaskNo), eq(sortingScans.ok, 1)))
    .groupBy(sortingScans.orderNo, sortingScans.skuId, sortingScans.batchId, sortingScans.quality);
  const key = (o: string | null, s: string | null, b: string | null, q: number | null) => `${o}\u0000${s}\u0000${b}\u0000${q}`;
  const done = new Map(sorted.map((r) => [key(r.orderNo, r.skuId, r.batchId, r.quality), Number(r.qty)]));
  return picked.map((r) => ({ ...r, picked: Number(r.qty), sorted: done.get(key(r.orderNo, r.skuId, r.batchId, r.quality)) ?? 0 }));
}

/** A sorting task with its orders and scans; `stage` when only a task of that stage is wanted (another is not found). */
export async function sortingWork(db: Db, whsId: string, taskNo: string, stage?: number): Promise<SortingWork> {
  const [task] = await db.select().from(sortingTasks).where(and(eq(sortingTasks.whsId, whsId), eq(sortingTasks.taskNo, taskNo)));
  if (!task || (stage !== undefined && task.stage !== stage)) throw notFound(taskLabel(taskNo, stage));
  const orders = await db.select().from(sortingTaskOrders)
    .where(and(eq(sortingTaskOrders.whsId, whsId), eq(sortingTaskOrders.taskNo, taskNo))).orderBy(asc(sortingTaskOrders.slotNo));
  const units = await unitsOf(db, whsId, task.pickingTaskNo, task.taskNo, orders.map((o) => o.orderNo));
  const skuIds = [...new Set(units.map((u) => u.skuId))];
  const skuRows = skuIds.length === 0 ? [] : await db.select({ skuId: skus.skuId, skuName: skus.skuName, codes: skuCodesSql })
    .from(skus).where(and(eq(skus.whsId, whsId), inArray(skus.skuId, skuIds)));
  const skuOf = new Map(skuRows.map((s) => [s.skuId, s]));
  const scans = await db.select().from(sortingScans).where(and(eq(sortingScans.whsId, whsId), eq(sortingScans.taskNo, taskNo))).orderBy(asc(sortingScans.scanId));
  return {
    task: {
      task_no: task.taskNo, station_id: task.stationId, container_code: task.containerCode, picking_task_no: task.pickingTaskNo, wave_no: task.waveNo,
      rule_id: task.ruleId, stage: task.stage, status: task.status, sorted_qty: task.sortedQty, total_qty: task.totalQty, assignee_id: task.assigneeId,
      created_at: unixSeconds(task.createdAt)!, finished_at: unixSeconds(task.finishedAt),
    },
    orders: orders.map((o): SortingOrder => {
      const bySku = new Map<string, { qty: number; sorted: number }>();
      for (const u of units) {
        if (u.orderNo !== o.orderNo) continue;
        const line = bySku.get(u.skuId) ?? { qty: 0, sorted: 0 };
        bySku.set(u.skuId, { qty: line.qty + u.picked, sorted: line.sorted + u.sorted });
      }
      return {
        order_no: o.orderNo, slot_no: o.slotNo, slot_container: o.slotContainer, tote_code: o.toteCode, status: o.status, total_qty: o.totalQty, sorted_qty: o.sortedQty,
        lines: [...bySku].sort(([x], [y]) => (x < y ? -1 : 1)).map(([skuId, l]) => ({
          sku_id: skuId, sku_name: skuOf.get(skuId)?.skuName ?? '', codes: skuOf.get(skuId)?.codes ?? [skuId], qty: l.qty, sorted_qty: l.sorted,
        })),
      };
    }),
    // A scan refused at the wall (ok 0) is one row; a sort is one row a batch it took units of.
    scans: scans.map((s) => ({
      scan_id: s.scanId, order_no: s.orderNo, sku_id: s.skuId, qty: s.qty, slot_no: s.slotNo, scanned: s.scanned, ok: s.ok === 1,
      op_id: s.opId, operator_id: s.operatorId, created_at: unixSeconds(s.createdAt)!,
    })),
  };
}

// ---- starting ----

/** The station, when it is an enabled put wall (sorting station) or pre-sorting station of the warehouse; -289801 otherwise. */
async function sortingStation(tx: Db, whsId: string, stationId: string): Promise<typeof stations.$inferSelect> {
  const [station] = await tx.select().from(stations).where(and(eq(stations.whsId, whsId), eq(stations.stationId, stationId)));
  const sorts = station?.stationType === STATION_TYPE.values.SORTING || station?.stationType === STATION_TYPE.values.PRE_SORTING;
  if (!station || !sorts || station.status !== STATION_STATUS.values.ENABLED) {
    const why = !station ? `is not a station of warehouse ${whsId}` : !sorts
      ? `is a ${(STATION_TYPE.label(station.stationType)?.message ?? '').toLowerCase()} station, not a put wall` : 'is disabled';
    throw new ApiError(RET.SORT_WALL_INVALID, `Station ${stationId} ${why}: scan a put wall (sorting station) or pre-sorting station of this warehouse.`, { station_id: stationId });
  }
  return station;
}

/** Sorting skills: once the warehouse lists any operator, only those listed sort, each at the walls named. */
async function assertSkilled(tx: Db, whsId: string, userId: number, stationId: string): Promise<void> {
  const rows = await tx.select({ userId: sortingSkills.userId, stationIds: sortingSkills.stationIds }).from(sortingSkills).where(eq(sortingSkills.whsId, whsId));
  if (rows.length === 0) return;
  const mine = rows.find((r) => r.userId === userId);
  const walls = mine ? storedIds(mine.stationIds) : [];
  if (walls.includes(stationId)) return;
  const message = mine
    ? `Your sorting skills cover put walls ${walls.join(', ')}, not ${stationId}: ask a supervisor to add it (Rule Center › Sorting Skills).`
    : `You have no sorting skills in warehouse ${whsId}: ask a supervisor to add you (Rule Center › Sorting Skills).`;
  throw new ApiError(RET.SORT_NOT_SKILLED, message, { station_id: stationId, skill_stations: walls });
}

/** What a container is, for the rule: the picking type that filled it, its orders' shops, how many orders. */
interface Batch {
  pickingType: number | null;
  shops: ReadonlySet<string | null>;
  orderCount: number;
}

/** The first active sorting rule (by priority) the batch meets: its picking type, every order's shop, enough orders. */
async function ruleFor(tx: Db, whsId: string, batch: Batch): Promise<typeof sortingRules.$inferSelect | null> {
  const rules = await tx.select().from(sortingRules)
    .where(and(eq(sortingRules.whsId, whsId), eq(sortingRules.status, ACTIVE_STATUS.values.ACTIVE)))
    .orderBy(asc(sortingRules.priority), asc(sortingRules.ruleId));
  return rules.find((r) => (r.pickingType === null || r.pickingType === batch.pickingType)
    && (r.shopId === null || [...batch.shops].every((shop) => shop === r.shopId))
    && batch.orderCount >= r.minOrders) ?? null;
}

/**
 * The wall's free slots, lowest first, under its station row lock (two walls' tasks never share a
 * slot): a slot is held while its order is being sorted or sorted and not yet checked, and while
 * the units of an order cancelled there wait in it for their reverse picking task.
 */
async function freeSlots(tx: Db, whsId: string, stationId: string, slots: number): Promise<number[]> {
  await tx.select({ id: stations.stationId }).from(stations).where(and(eq(stations.whsId, whsId), eq(stations.stationId, stationId))).for('update');
  const held = await tx.select({ slotNo: sortingTaskOrders.slotNo }).from(sortingTaskOrders)
    .innerJoin(sortingTasks, and(eq(sortingTasks.whsId, sortingTaskOrders.whsId), eq(sortingTasks.taskNo, sortingTaskOrders.taskNo)))
    .innerJoin(salesOrders, and(eq(salesOrders.whsId, sortingTaskOrders.whsId), eq(salesOrders.orderNo, sortingTaskOrders.orderNo)))
    .where(and(
      eq(sortingTasks.whsId, whsId), eq(sortingTasks.stationId, stationId), eq(sortingTasks.stage, STAGE.PUT_WALL),
      sql`${sortingTaskOrders.status} <> ${T.CANCEL}`, inArray(salesOrders.status, [...ON_WALL]),
    ));
  const labels = new Map(Array.from({ length: slots }, (_, i) => [slotLabel(stationId, i + 1), i + 1] as const));
  const returning = await tx.select({ source: pickingTasks.sourceLocation }).from(pickingTasks).where(and(
    eq(pickingTasks.whsId, whsId), eq(pickingTasks.kind, PICKING_TASK_KIND.values.REVERSE_PICKING),
    inArray(pickingTasks.status, [T.PENDING, T.ONGOING]), inArray(pickingTasks.sourceLocation, [...labels.keys()]),
  ));
  const taken = new Set([...held.map((h) => h.slotNo), ...returning.map((r) => labels.get(r.source!)!)]);
  return Array.from({ length: slots }, (_, i) => i + 1).filter((s) => !taken.has(s));
}

type Refuse = (reason: string, message: string, data?: Record<string, unknown>) => ApiError;

/** A batch container's orders that sorting takes: picked whole (Picked), into this container alone; its picking task and its sorting rule. */
interface BatchOrders {
  bound: typeof pickingTasks.$inferSelect;
  orderNos: string[];
  orders: Map<string, OrderRow>;
  rule: typeof sortingRules.$inferSelect;
}

/** The container's picked orders and the first sorting rule they meet, locked; refused (-289803) when there is nothing to sort or no rule. */
async function batchOrders(tx: Db, whsId: string, containerCode: string, refused: Refuse): Promise<BatchOrders> {
  const [container] = await tx.select({ taskNo: containers.taskNo }).from(containers)
    .where(and(eq(containers.whsId, whsId), eq(containers.containerCode, containerCode)));
  if (!container) throw refused('unknown', `Container ${containerCode} is not a container of warehouse ${whsId}.`);
  if (!container.taskNo) throw refused('empty', `Container ${containerCode} holds no picked units to sort.`);
  const [bound] = await tx.select().from(pickingTasks).where(and(eq(pickingTasks.whsId, whsId), eq(pickingTasks.taskNo, container.taskNo)));
  if (!bound) throw refused('empty', `Container ${containerCode} holds no picked units to sort.`);
  if (bound.status !== T.DONE) {
    throw refused('picking', `Container ${containerCode} is still being picked (picking task ${bound.taskNo}): sort it once the task is done.`, { task_no: bound.taskNo });
  }
  const inContainer = await tx.selectDistinct({ orderNo: outboundAllocations.orderNo }).from(outboundAllocations)
    .where(and(eq(outboundAllocations.whsId, whsId), eq(outboundAllocations.taskNo, bound.taskNo), sql`${outboundAllocations.pickedQty} > ${outboundAllocations.returnedQty}`));
  const orderNos = inContainer.map((r) => r.orderNo).sort();
  const orders = await lockOrders(tx, whsId, orderNos);
  // An order picked into several containers meets on a merge lane and is checked there, not sorted.
  const elsewhere = new Set(orderNos.length === 0 ? [] : (await tx.selectDistinct({ orderNo: outboundAllocations.orderNo }).from(outboundAllocations)
    .where(and(
      eq(outboundAllocations.whsId, whsId), inArray(outboundAllocations.orderNo, orderNos), sql`${outboundAllocations.taskNo} <> ${bound.taskNo}`,
      sql`(${outboundAllocations.pickedQty} > ${outboundAllocations.returnedQty} or ${outboundAllocations.qty} > ${outboundAllocations.pickedQty} + ${outboundAllocations.shortQty} + ${outboundAllocations.cancelledQty})`,
    ))).map((r) => r.orderNo));
  const picked = orderNos.filter((no) => orders.get(no)?.status === S.PICKED && !elsewhere.has(no));
  if (picked.length === 0) {
    if (orderNos.some((no) => elsewhere.has(no))) {
      throw refused('several_containers', `The orders of container ${containerCode} are picked into several containers: they meet on a merge lane and are checked there.`, { order_nos: orderNos });
    }
    throw refused('empty', `Container ${containerCode} holds no picked order waiting to be sorted.`, { order_nos: orderNos });
  }
  const rule = await ruleFor(tx, whsId, { pickingType: bound.pickingType, shops: new Set(picked.map((no) => orders.get(no)!.shopId)), orderCount: picked.length });
  if (!rule) {
    throw refused('no_rule', `No sorting rule sends container ${containerCode} to a put wall: check it as it is, or ask a supervisor for a rule (Rule Center › Sorting Rule).`);
  }
  return { bound, orderNos: picked, orders, rule };
}

/**
 * Starts sorting a container at a put wall, or pre-sorting it at a pre-sorting station: its ongoing
 * task (the caller's, at this station), else a new one. At a put wall a pre-sorted tote brings the
 * orders pre-sorted into it; a batch container its orders picked whole (status Picked), each given
 * the lowest free slot of the wall — the first active sorting rule the container meets must name
 * the wall. At a pre-sorting station the container's orders are split between the rule's walls.
 */
export async function startSorting(tx: Db, whsId: string, userId: number, stationId: string, containerCode: string, timeZone: string): Promise<SortingWork> {
  const station = await sortingStation(tx, whsId, stationId);
  const stage = station.stationType === STATION_TYPE.values.PRE_SORTING ? STAGE.PRE_SORTING : STAGE.PUT_WALL;
  if (stage === STAGE.PUT_WALL) await assertSkilled(tx, whsId, userId, stationId);
  const refused: Refuse = (reason, message, data = {}) => new ApiError(RET.SORT_CONTAINER_REFUSED, message, { container_code: containerCode, reason, ...data });
  const [ongoing] = await tx.select().from(sortingTasks)
    .where(and(eq(sortingTasks.whsId, whsId), eq(sortingTasks.containerCode, containerCode), eq(sortingTasks.status, T.ONGOING))).for('update');
  if (ongoing) {
    if (ongoing.stage === STAGE.PRE_SORTING && stage === STAGE.PUT_WALL) {
      throw refused('presorting', `Container ${containerCode} is being pre-sorted at station ${ongoing.stationId} (${taskLabel(ongoing.taskNo, ongoing.stage)}): sort its totes at the put walls.`, {
        task_no: ongoing.taskNo, station_ids: [ongoing.stationId],
      });
    }
    if (ongoing.assigneeId !== userId) {
      throw refused('sorting', `Container ${containerCode} is being sorted by another operator (${taskLabel(ongoing.taskNo, ongoing.stage)}).`, { task_no: ongoing.taskNo });
    }
    if (ongoing.stationId !== stationId) {
      const where = ongoing.stage === STAGE.PRE_SORTING ? 'pre-sorting station' : 'put wall';
      throw refused('other_wall', `Container ${containerCode} is being sorted at ${where} ${ongoing.stationId}: its orders have their places there.`, { station_ids: [ongoing.stationId] });
    }
    return sortingWork(tx, whsId, ongoing.taskNo);
  }
  if (stage === STAGE.PRE_SORTING) return startPreSorting(tx, whsId, userId, station.stationId, containerCode, timeZone, refused);
  const tote = await preSortedTote(tx, whsId, containerCode);
  if (tote.length > 0) return startToteSorting(tx, whsId, userId, station.stationId, containerCode, tote, timeZone, refused);
  const { bound, orderNos: picked, orders, rule } = await batchOrders(tx, whsId, containerCode, refused);
  const walls = storedIds(rule.stationIds);
  if (!walls.includes(station.stationId)) {
    throw refused('other_wall', `Container ${containerCode} is sorted at put wall ${walls.join(' or ')} (sorting rule ${rule.ruleName}), not ${station.stationId}.`, { station_ids: walls, rule_id: rule.ruleId });
  }
  const units = await unitsOf(tx, whsId, bound.taskNo, null, picked);
  const taskNo = await newWallTask(tx, whsId, userId, {
    stationId: station.stationId, containerCode, pickingTaskNo: bound.taskNo, waveNo: bound.waveNo, ruleId: rule.ruleId, wallSlots: rule.wallSlots,
  }, picked, units, timeZone, refused);
  const started = picked.map((no) => orders.get(no)!);
  for (const order of started) assertTransition(SALES_ORDER_LIFECYCLE, orderLabel(order.orderNo), order.status as 3, S.SORTING);
  await tx.update(salesOrders).set({ status: S.SORTING, updatedAt: sql`now()` }).where(and(eq(salesOrders.whsId, whsId), inArray(salesOrders.orderNo, picked)));
  await logOrders(tx, whsId, (await slotsOf(tx, whsId, taskNo)).map((r) => ({
    orderNo: r.orderNo, from: S.PICKED, to: S.SORTING, note: `Sorting: container ${containerCode} at put wall ${station.stationId}, slot ${r.slotNo} (${taskLabel(taskNo)}).`,
  })), userId);
  return sortingWork(tx, whsId, taskNo);
}

/** A task's orders with their slots. */
const slotsOf = (tx: Db, whsId: string, taskNo: string) => tx.select({ orderNo: sortingTaskOrders.orderNo, slotNo: sortingTaskOrders.slotNo }).from(sortingTaskOrders)
  .where(and(eq(sortingTaskOrders.whsId, whsId), eq(sortingTaskOrders.taskNo, taskNo))).orderBy(asc(sortingTaskOrders.slotNo));

/**
 * A put wall task for these orders (units in `containerCode`): each order the lowest free slot of
 * the wall, its slot's container made the first time it is used. No free slot enough: -289803 no_slot.
 */
async function newWallTask(
  tx: Db, whsId: string, userId: number,
  task: { stationId: string; containerCode: string; pickingTaskNo: string; waveNo: string | null; ruleId: number | null; wallSlots: number },
  orderNos: readonly string[], units: readonly TaskUnits[], timeZone: string, refused: Refuse,
): Promise<string> {
  const free = await freeSlots(tx, whsId, task.stationId, task.wallSlots);
  if (free.length < orderNos.length) {
    throw refused('no_slot', `Put wall ${task.stationId} has ${free.length} free slots and container ${task.containerCode} holds ${orderNos.length} orders: check the sorted orders out of the wall first.`, {
      free: free.length, needed: orderNos.length,
    });
  }
  const taskNo = await nextDocNo(tx, 'sortingTask', timeZone);
  const rows = orderNos.map((orderNo, i) => ({
    whsId, taskNo, orderNo, slotNo: free[i]!, slotContainer: slotLabel(task.stationId, free[i]!),
    totalQty: units.filter((u) => u.orderNo === orderNo).reduce((sum, u) => sum + u.picked, 0),
  }));
  // Each slot is a container of the wall (a stock location), made the first time it is used.
  await tx.insert(containers).values(rows.map((r) => ({ whsId, containerCode: r.slotContainer, containerType: CONTAINER_TYPE.values.PUT_WALL }))).onConflictDoNothing();
  await tx.insert(sortingTasks).values({
    whsId, taskNo, stationId: task.stationId, containerCode: task.containerCode, pickingTaskNo: task.pickingTaskNo, waveNo: task.waveNo, ruleId: task.ruleId,
    stage: STAGE.PUT_WALL, totalQty: rows.reduce((sum, r) => sum + r.totalQty, 0), assigneeId: userId,
  });
  await tx.insert(sortingTaskOrders).values(rows);
  return taskNo;
}

/**
 * Pre-sorting a batch container at a pre-sorting station: its orders (those sorting would take)
 * split into groups between the put walls of its sorting rule (preSortGroups), each group's units to
 * go into one tote for its wall. The orders go Sorting.
 */
async function startPreSorting(tx: Db, whsId: string, userId: number, stationId: string, containerCode: string, timeZone: string, refused: Refuse): Promise<SortingWork> {
  const { bound, orderNos, orders, rule } = await batchOrders(tx, whsId, containerCode, refused);
  for (const no of orderNos) assertTransition(SALES_ORDER_LIFECYCLE, orderLabel(no), orders.get(no)!.status as 3, S.SORTING);
  const groups = preSortGroups(orderNos, storedIds(rule.stationIds), rule.wallSlots);
  const taskNo = await nextDocNo(tx, 'preSortingTask', timeZone);
  const units = await unitsOf(tx, whsId, bound.taskNo, null, orderNos);
  const rows = groups.flatMap((group, i) => group.orderNos.map((orderNo) => ({
    whsId, taskNo, orderNo, slotNo: i + 1, slotContainer: group.wall,
    totalQty: units.filter((u) => u.orderNo === orderNo).reduce((sum, u) => sum + u.picked, 0),
  })));
  await tx.insert(sortingTasks).values({
    whsId, taskNo, stationId, containerCode, pickingTaskNo: bound.taskNo, waveNo: bound.waveNo, ruleId: rule.ruleId, stage: STAGE.PRE_SORTING,
    totalQty: rows.reduce((sum, r) => sum + r.totalQty, 0), assigneeId: userId,
  });
  await tx.insert(sortingTaskOrders).values(rows);
  await tx.update(salesOrders).set({ status: S.SORTING, updatedAt: sql`now()` }).where(and(eq(salesOrders.whsId, whsId), inArray(salesOrders.orderNo, orderNos)));
  await logOrders(tx, whsId, rows.map((r) => ({
    orderNo: r.orderNo, from: S.PICKED, to: S.SORTING,
    note: `Pre-sorting: container ${containerCode} at station ${stationId}, group ${r.slotNo} for put wall ${r.slotContainer} (${taskLabel(taskNo, STAGE.PRE_SORTING)}).`,
  })), userId);
  return sortingWork(tx, whsId, taskNo);
}

/** A pre-sorting group bound to a tote whose orders no put wall has taken yet: its rows with their task (empty when the code is no such tote). */
async function preSortedTote(tx: Db, whsId: string, toteCode: string) {
  return tx.select({ line: sortingTaskOrders, task: sortingTasks }).from(sortingTaskOrders)
    .innerJoin(sortingTasks, and(eq(sortingTasks.whsId, sortingTaskOrders.whsId), eq(sortingTasks.taskNo, sortingTaskOrders.taskNo)))
    .where(and(
      eq(sortingTaskOrders.whsId, whsId), eq(sortingTaskOrders.toteCode, toteCode), eq(sortingTasks.stage, STAGE.PRE_SORTING),
      sql`${sortingTaskOrders.status} <> ${T.CANCEL}`,
      sql`not exists (select 1 from sorting_task_orders w join sorting_tasks wt on wt.whs_id = w.whs_id and wt.task_no = w.task_no
        where w.whs_id = ${sortingTaskOrders.whsId} and w.order_no = ${sortingTaskOrders.orderNo} and wt.stage = ${sql.raw(String(STAGE.PUT_WALL))} and w.status <> ${sql.raw(String(T.CANCEL))})`,
    ))
    .orderBy(asc(sortingTaskOrders.orderNo));
}

/** A pre-sorted tote at its put wall: the orders of its group, each given a free slot (still Sorting). */
async function startToteSorting(
  tx: Db, whsId: string, userId: number, stationId: string, toteCode: string, group: Awaited<ReturnType<typeof preSortedTote>>, timeZone: string, refused: Refuse,
): Promise<SortingWork> {
  const pre = group[0]!.task;
  const wall = group[0]!.line.slotContainer;
  const orderNos = group.map((g) => g.line.orderNo);
  await lockOrders(tx, whsId, orderNos);
  if (group.some((g) => g.line.status !== T.DONE)) {
    throw refused('presorting', `Tote ${toteCode} is still being pre-sorted (${taskLabel(pre.taskNo, pre.stage)} at ${pre.stationId}): sort it once its last unit is in.`, {
      task_no: pre.taskNo, station_ids: [pre.stationId],
    });
  }
  if (wall !== stationId) {
    throw refused('other_wall', `Tote ${toteCode} is pre-sorted for put wall ${wall} (${taskLabel(pre.taskNo, pre.stage)}), not ${stationId}.`, { station_ids: [wall], rule_id: pre.ruleId });
  }
  const [rule] = pre.ruleId === null ? [] : await tx.select({ wallSlots: sortingRules.wallSlots }).from(sortingRules)
    .where(and(eq(sortingRules.whsId, whsId), eq(sortingRules.ruleId, pre.ruleId)));
  const units = await unitsOf(tx, whsId, pre.pickingTaskNo, null, orderNos);
  const taskNo = await newWallTask(tx, whsId, userId, {
    stationId, containerCode: toteCode, pickingTaskNo: pre.pickingTaskNo, waveNo: pre.waveNo, ruleId: pre.ruleId, wallSlots: rule?.wallSlots ?? orderNos.length,
  }, orderNos, units, timeZone, refused);
  await logOrders(tx, whsId, (await slotsOf(tx, whsId, taskNo)).map((r) => ({
    orderNo: r.orderNo, from: S.SORTING, to: S.SORTING, note: `Sorting: tote ${toteCode} (pre-sorted) at put wall ${stationId}, slot ${r.slotNo} (${taskLabel(taskNo)}).`,
  })), userId);
  return sortingWork(tx, whsId, taskNo);
}

// ---- the ops ----

export interface SortActor {
  userId: number;
  opId: string;
}

async function lockTask(tx: Db, whsId: string, taskNo: string, userId: number, stage?: number): Promise<TaskRow> {
  const [task] = await tx.select().from(sortingTasks).where(and(eq(sortingTasks.whsId, whsId), eq(sortingTasks.taskNo, taskNo))).for('update');
  if (!task || (stage !== undefined && task.stage !== stage)) throw notFound(taskLabel(taskNo, stage));
  if (task.assigneeId !== userId) throw new ApiError(RET.TASK_ASSIGNED_ELSEWHERE, `${taskLabel(taskNo, task.stage)} is sorted by another operator.`, { assignee_id: task.assigneeId });
  return task;
}

type LineRow = typeof sortingTaskOrders.$inferSelect;

/** The order (locked), its task (locked, of the stage) and its line, for a unit placed; -289804 when the order is no longer being sorted. */
async function placing(tx: Db, whsId: string, actor: SortActor, p: { task_no: string; order_no: string; sku_id: string }, stage: number) {
  const order = (await lockOrders(tx, whsId, [p.order_no])).get(p.order_no);
  if (!order) throw notFound(orderLabel(p.order_no));
  const task = await lockTask(tx, whsId, p.task_no, actor.userId, stage);
  const [line] = await tx.select().from(sortingTaskOrders)
    .where(and(eq(sortingTaskOrders.whsId, whsId), eq(sortingTaskOrders.taskNo, task.taskNo), eq(sortingTaskOrders.orderNo, order.orderNo)));
  if (!line) throw notFound(`Order ${p.order_no} in ${taskLabel(task.taskNo, stage)}`);
  if (line.status !== T.PENDING || order.status !== S.SORTING) {
    throw new ApiError(RET.SORT_UNIT_REFUSED, `${orderLabel(order.orderNo)} is ${line.status === T.DONE ? 'placed already' : 'not being sorted (cancelled)'}.`, {
      order_no: order.orderNo, sku_id: p.sku_id, status: order.status,
    });
  }
  return { order, task, line };
}

/**
 * Units of an order's SKU from the task's container into `into` (its slot, or its wall's tote), on
 * the ledger (picking 8, batches in order), recorded as scans and counted on the order's line and the
 * task; -289804 when the container has fewer left for the order. Answers the line's units placed and
 * whether they are all in, and the task after.
 */
async function placeUnits(tx: Db, whsId: string, actor: SortActor, task: TaskRow, line: LineRow, p: { sku_id: string; qty: number }, into: string) {
  const units = (await unitsOf(tx, whsId, task.pickingTaskNo, task.taskNo, [line.orderNo])).filter((u) => u.skuId === p.sku_id && u.picked > u.sorted);
  const left = units.reduce((sum, u) => sum + u.picked - u.sorted, 0);
  if (left < p.qty) {
    throw new ApiError(RET.SORT_UNIT_REFUSED, `Container ${task.containerCode} has ${left} × ${p.sku_id} left to sort for order ${line.orderNo}, not ${p.qty}.`, {
      order_no: line.orderNo, sku_id: p.sku_id, status: S.SORTING,
    });
  }
  // Batches in order, each taking what is left of it.
  const taken: { batchId: string; quality: number; qty: number }[] = [];
  let need = p.qty;
  for (const u of units) {
    if (need === 0) break;
    const qty = Math.min(need, u.picked - u.sorted);
    taken.push({ batchId: u.batchId, quality: u.quality, qty });
    need -= qty;
  }
  const moves: StockMove[] = taken.map((b) => ({
    txnType: INVENTORY_TRANSACTION_TYPE.values.PICKING, qty: b.qty,
    from: { location: task.containerCode, skuId: p.sku_id, batchId: b.batchId, quality: b.quality as Quality },
    to: { location: into, batchId: b.batchId, quality: b.quality as Quality },
  }));
  await moveStock(tx, whsId, moves, { refType: INVENTORY_REF_TYPE.values.SORTING_TASK, refNo: task.taskNo, operatorId: actor.userId, opId: actor.opId });
  await tx.insert(sortingScans).values(taken.map((b) => ({
    whsId, taskNo: task.taskNo, orderNo: line.orderNo, skuId: p.sku_id, batchId: b.batchId, quality: b.quality, qty: b.qty, slotNo: line.slotNo,
    scanned: into, ok: 1, opId: actor.opId, operatorId: actor.userId,
  })));
  const placed = line.sortedQty + p.qty;
  const complete = placed === line.totalQty;
  await tx.update(sortingTaskOrders).set({ sortedQty: placed, status: complete ? T.DONE : T.PENDING })
    .where(and(eq(sortingTaskOrders.whsId, whsId), eq(sortingTaskOrders.taskNo, task.taskNo), eq(sortingTaskOrders.orderNo, line.orderNo)));
  return { placed, complete };
}

/** What a placed unit answers: the task's and the order's figures after it. */
function placedResult(after: TaskRow, line: LineRow, placed: { placed: number; complete: boolean }, message: string): SortResult {
  return {
    task_no: after.taskNo, task_status: after.status, sorted_qty: after.sortedQty, total_qty: after.totalQty, order_no: line.orderNo, slot_no: line.slotNo,
    order_sorted_qty: placed.placed, order_total_qty: line.totalQty, order_complete: placed.complete, message,
  };
}

/**
 * `outbound.sorting.sort`: units of an order's SKU go from the batch container into the order's slot
 * (ledger picking 8, batches in order), the slot confirmed by its label. Refused, with nothing
 * written: another slot (-289805, naming the right one), a unit the order has none left of in the
 * container or an order no longer sorted (-289804). The order is Sorted with its last unit, the task
 * done with its last order, and the emptied container is free.
 */
export async function applySort(tx: Db, whsId: string, actor: SortActor, p: SortPayload): Promise<SortResult> {
  const { order, task, line } = await placing(tx, whsId, actor, p, STAGE.PUT_WALL);
  if (p.slot_no !== line.slotNo) {
    throw new ApiError(RET.SORT_WRONG_SLOT, `Wrong slot ${p.slot_no}: order ${order.orderNo} is in slot ${line.slotNo} (${line.slotContainer}).`, {
      slot_no: line.slotNo, scanned: p.slot_no,
    });
  }
  const placed = await placeUnits(tx, whsId, actor, task, line, p, line.slotContainer);
  if (placed.complete) {
    assertTransition(SALES_ORDER_LIFECYCLE, orderLabel(order.orderNo), order.status as 12, S.SORTED);
    await tx.update(salesOrders).set({ status: S.SORTED, updatedAt: sql`now()` }).where(and(eq(salesOrders.whsId, whsId), eq(salesOrders.orderNo, order.orderNo)));
    await logOrders(tx, whsId, [{
      orderNo: order.orderNo, from: order.status, to: S.SORTED, note: `Sorted into slot ${line.slotNo} (${line.slotContainer}) of put wall ${task.stationId} (${taskLabel(task.taskNo)}).`,
    }], actor.userId);
  }
  const after = await settleTask(tx, whsId, task);
  if (after.status !== T.ONGOING) await freeEmptyContainers(tx, whsId, [task.containerCode]);
  return placedResult(after, line, placed, placed.complete
    ? `Order ${order.orderNo} sorted: every unit is in slot ${line.slotNo}.`
    : `${p.qty} × ${p.sku_id} into slot ${line.slotNo} (${placed.placed} of ${line.totalQty}).`);
}

/**
 * A tote the first unit of a pre-sorting group goes into: a container of the warehouse that holds
 * nothing and serves no task, not a put wall slot nor the container being pre-sorted; -289807 otherwise.
 */
async function assertToteFree(tx: Db, whsId: string, task: TaskRow, toteCode: string): Promise<void> {
  const unusable = (reason: string, message: string) => new ApiError(RET.SORT_TOTE_UNUSABLE, message, { tote_code: toteCode, reason });
  if (toteCode === task.containerCode) throw unusable('source', `${toteCode} is the container being pre-sorted: put the unit into an empty tote.`);
  const [tote] = await tx.select().from(containers).where(and(eq(containers.whsId, whsId), eq(containers.containerCode, toteCode))).for('update');
  if (!tote) throw unusable('unknown', `${toteCode} is not a container of warehouse ${whsId}: take a registered tote.`);
  if (tote.containerType === CONTAINER_TYPE.values.PUT_WALL) throw unusable('slot', `${toteCode} is a put wall slot, not a tote.`);
  const [stock] = await tx.select({ qty: locationInventory.onhandQty }).from(locationInventory)
    .where(and(eq(locationInventory.whsId, whsId), eq(locationInventory.locationId, toteCode), sql`${locationInventory.onhandQty} > 0`)).limit(1);
  if (tote.taskNo !== null || stock) throw unusable('busy', `Tote ${toteCode} holds units or serves another task: take an empty tote.`);
}

/**
 * `outbound.sorting.presort`: units of an order's SKU go from the container being pre-sorted into the
 * tote of its group's put wall (ledger picking 8). The group's first unit binds the tote scanned (an
 * empty one, -289807 otherwise; it then serves the container's picking task until sorted out); after
 * it, another tote is -289806 naming the right one, another wall -289805. The task is done with its
 * last unit, and the emptied container is free; each tote is then sorted at its wall.
 */
export async function applyPreSort(tx: Db, whsId: string, actor: SortActor, p: PreSortPayload): Promise<SortResult> {
  const { order, task, line } = await placing(tx, whsId, actor, p, STAGE.PRE_SORTING);
  const wall = line.slotContainer;
  if (p.station_id !== wall) {
    throw new ApiError(RET.SORT_WRONG_SLOT, `Order ${order.orderNo} is pre-sorted for put wall ${wall}, not ${p.station_id}.`, { slot_no: line.slotNo, station_id: wall, scanned: p.station_id });
  }
  const [bound] = await tx.select({ tote: sortingTaskOrders.toteCode }).from(sortingTaskOrders)
    .where(and(eq(sortingTaskOrders.whsId, whsId), eq(sortingTaskOrders.taskNo, task.taskNo), eq(sortingTaskOrders.slotNo, line.slotNo), sql`${sortingTaskOrders.toteCode} is not null`))
    .limit(1);
  if (bound?.tote && bound.tote !== p.tote_code) {
    throw new ApiError(RET.SORT_WRONG_TOTE, `Wrong tote ${p.tote_code}: the units for put wall ${wall} go into tote ${bound.tote}.`, {
      tote_code: bound.tote, station_id: wall, scanned: p.tote_code,
    });
  }
  if (!bound) {
    await assertToteFree(tx, whsId, task, p.tote_code);
    await tx.update(containers).set({ taskNo: task.pickingTaskNo }).where(and(eq(containers.whsId, whsId), eq(containers.containerCode, p.tote_code)));
    await tx.update(sortingTaskOrders).set({ toteCode: p.tote_code })
      .where(and(eq(sortingTaskOrders.whsId, whsId), eq(sortingTaskOrders.taskNo, task.taskNo), eq(sortingTaskOrders.slotNo, line.slotNo)));
  }
  const placed = await placeUnits(tx, whsId, actor, task, line, p, p.tote_code);
  if (placed.complete) {
    await logOrders(tx, whsId, [{
      orderNo: order.orderNo, from: order.status, to: order.status, note: `Pre-sorted into tote ${p.tote_code} for put wall ${wall} (${taskLabel(task.taskNo, task.stage)}).`,
    }], actor.userId);
  }
  const after = await settleTask(tx, whsId, task);
  if (after.status !== T.ONGOING) await freeEmptyContainers(tx, whsId, [task.containerCode]);
  return placedResult(after, { ...line, toteCode: p.tote_code }, placed, placed.complete
    ? `Order ${order.orderNo} pre-sorted: every unit is in tote ${p.tote_code} for put wall ${wall}.`
    : `${p.qty} × ${p.sku_id} into tote ${p.tote_code} for put wall ${wall} (${placed.placed} of ${line.totalQty}).`);
}

/** A task's sorted units summed from its orders; done when no order is left pending (cancelled when none was sorted). */
async function settleTask(tx: Db, whsId: string, task: TaskRow): Promise<TaskRow> {
  const [sum] = await tx.select({
    sorted: sql<number>`coalesce(sum(${sortingTaskOrders.sortedQty}), 0)::int`,
    total: sql<number>`coalesce(sum(${sortingTaskOrders.totalQty}) filter (where ${sortingTaskOrders.status} <> ${T.CANCEL}), 0)::int`,
    pending: sql<number>`count(*) filter (where ${sortingTaskOrders.status} = ${T.PENDING})::int`,
  }).from(sortingTaskOrders).where(and(eq(sortingTaskOrders.whsId, whsId), eq(sortingTaskOrders.taskNo, task.taskNo)));
  const status = sum!.pending > 0 ? T.ONGOING : sum!.sorted > 0 ? T.DONE : T.CANCEL;
  const [row] = await tx.update(sortingTasks).set({
    sortedQty: Math.min(sum!.sorted, sum!.total), totalQty: sum!.total, status, finishedAt: status === T.ONGOING ? null : sql`coalesce(${sortingTasks.finishedAt}, now())`,
  }).where(and(eq(sortingTasks.whsId, whsId), eq(sortingTasks.taskNo, task.taskNo))).returning();
  return row!;
}

/** `outbound.sorting.refuse`: records a scan the wall refused (the wall already told the operator why). */
export async function applySortRefusal(tx: Db, whsId: string, actor: SortActor, p: SortRefusePayload): Promise<{ scan_id: number; message: string }> {
  const task = await lockTask(tx, whsId, p.task_no, actor.userId);
  const [row] = await tx.insert(sortingScans).values({
    whsId, taskNo: task.taskNo, orderNo: p.order_no, skuId: p.sku_id, slotNo: p.slot_no, scanned: p.scanned, ok: 0, opId: actor.opId, operatorId: actor.userId,
  }).returning({ scanId: sortingScans.scanId });
  return { scan_id: row!.scanId, message: `Refused scan ${p.scanned} recorded.` };
}

// ---- for checking ----

/**
 * The orders sorted into a put wall slot (the slot's container code) and not yet taken by checking,
 * with the picking task their units came from; empty when the code is no such slot.
 */
export async function sortedInSlot(tx: Db, whsId: string, slotContainer: string): Promise<{ orderNo: string; slotNo: number; pickingTaskNo: string; waveNo: string | null }[]> {
  return tx.select({ orderNo: sortingTaskOrders.orderNo, slotNo: sortingTaskOrders.slotNo, pickingTaskNo: sortingTasks.pickingTaskNo, waveNo: sortingTasks.waveNo })
    .from(sortingTaskOrders)
    .innerJoin(sortingTasks, and(eq(sortingTasks.whsId, sortingTaskOrders.whsId), eq(sortingTasks.taskNo, sortingTaskOrders.taskNo)))
    .innerJoin(salesOrders, and(eq(salesOrders.whsId, sortingTaskOrders.whsId), eq(salesOrders.orderNo, sortingTaskOrders.orderNo)))
    .where(and(
      eq(sortingTaskOrders.whsId, whsId), eq(sortingTaskOrders.slotContainer, slotContainer), eq(sortingTasks.stage, STAGE.PUT_WALL),
      eq(sortingTaskOrders.status, T.DONE), eq(salesOrders.status, S.SORTED),
    ))
    .orderBy(asc(sortingTaskOrders.orderNo));
}

/** The put wall slot (its container code) a sorted order's units are in; null when it was not sorted. */
export async function sortedSlotOf(tx: Db, whsId: string, orderNo: string): Promise<string | null> {
  const [row] = await tx.select({ slot: sortingTaskOrders.slotContainer }).from(sortingTaskOrders)
    .innerJoin(sortingTasks, and(eq(sortingTasks.whsId, sortingTaskOrders.whsId), eq(sortingTasks.taskNo, sortingTaskOrders.taskNo)))
    .where(and(eq(sortingTaskOrders.whsId, whsId), eq(sortingTaskOrders.orderNo, orderNo), eq(sortingTasks.stage, STAGE.PUT_WALL), eq(sortingTaskOrders.status, T.DONE)))
    .limit(1);
  return row?.slot ?? null;
}

/**
 * Where a picking task's units of an order are once sorted: the slot container of the sorting that
 * took them (SQL, for checking's read of an order's picked units, `a` the allocation); null when they were not sorted.
 */
export const sortedSlotSql = (a: typeof outboundAllocations) => sql<string | null>`(select so.slot_container from sorting_task_orders so
  join sorting_tasks st on st.whs_id = so.whs_id and st.task_no = so.task_no
  where so.whs_id = ${a.whsId} and so.order_no = ${a.orderNo} and st.picking_task_no = ${a.taskNo} and st.stage = ${sql.raw(String(STAGE.PUT_WALL))}
    and so.status = ${sql.raw(String(T.DONE))} limit 1)`;
