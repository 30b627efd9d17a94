import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ACTIVE_STATUS, PICKING_TASK_KIND, SALES_ORDER_STATUS, STATION_STATUS, STATION_TYPE, TASK_STATUS } from '../../../shared/codes';
import type { ArrivePayload, ArriveResult, MergeLane, MergeTask } from '../../../shared/contract/merging.contract';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { containers, mergeRules, mergeTaskContainers, mergeTasks, pickingTasks, salesOrders, stations } from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import { nextDocNos } from '../../common/doc-no';
import { unixSeconds, warehouseTimeZone } from '../../common/time';
import { storedIds } from './id-lists';

/**
 * Merging (docs/outbound.md "Merging"): an order picked into more than one container (one per
 * zone's picking task, or per sub-picking task) has its containers brought together on a merge lane
 * before checking. One merging task per such order, made when the first of its picking tasks is done
 * (`openMergeTasks`, called where picking saves its tasks); the merge rule chooses the lane, the lane
 * gives it the lowest free slot; each container's arrival on the lane is an offline op
 * (`applyArrival`). The units stay in their containers: no stock moves here.
 * Locks: merging tasks (in order number order), then the lane's station row (slots are given under it).
 */

const T = TASK_STATUS.values;
const S = SALES_ORDER_STATUS.values;
/** Orders whose merging task holds its lane slot: picked or being picked, not yet taken to checking. */
const ON_LANE = [S.PICKING, S.PICKED] as const;
/** Orders that will never reach checking: their merging task is cancelled. */
const CLOSED = [S.CANCEL, S.PICK_FAIL] as const;
const n = (code: number) => sql.raw(String(code));
const onLaneSql = sql.raw(ON_LANE.join(', '));

/** The rows of a raw statement (pg and PGlite both answer `{ rows }`). */
async function rowsOf<Row>(tx: Db, query: SQL): Promise<Row[]> {
  return ((await tx.execute(query)) as unknown as { rows: Row[] }).rows;
}

type MergeTaskRow = typeof mergeTasks.$inferSelect;
type MergeContainerRow = typeof mergeTaskContainers.$inferSelect;

/** A picking task holding units of an order (picked, or still to pick). */
interface OrderTask {
  orderNo: string;
  taskNo: string;
  containerCode: string | null;
  zoneId: string | null;
  done: boolean;
}

/** The picking tasks holding units of each order (not the units short, released or put back). */
async function orderTasksOf(tx: Db, whsId: string, orderNos: readonly string[]): Promise<Map<string, OrderTask[]>> {
  const out = new Map<string, OrderTask[]>();
  if (orderNos.length === 0) return out;
  const rows = await rowsOf<{ order_no: string; task_no: string; container_code: string | null; zone_id: string | null; status: number }>(tx, sql`
    select distinct a.order_no, a.task_no, t.container_code, t.zone_id, t.status
    from outbound_allocations a join picking_tasks t on t.whs_id = a.whs_id and t.task_no = a.task_no
    where a.whs_id = ${whsId} and a.order_no in (${sql.join(orderNos.map((o) => sql`${o}`), sql`, `)})
      and t.kind = ${n(PICKING_TASK_KIND.values.PICKING)}
      and (a.picked_qty - a.returned_qty > 0 or a.qty - a.picked_qty - a.short_qty - a.cancelled_qty > 0)
    order by a.order_no, a.task_no`);
  for (const r of rows) {
    const list = out.get(r.order_no) ?? [];
    list.push({ orderNo: r.order_no, taskNo: r.task_no, containerCode: r.container_code, zoneId: r.zone_id, done: Number(r.status) === T.DONE });
    out.set(r.order_no, list);
  }
  return out;
}

// ---- the merge rule: which lane ----

interface LaneChoice {
  stationId: string;
  ruleId: number;
}

/** Enabled merge lane stations of the warehouse among `ids`. */
async function enabledLanes(tx: Db, whsId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx.select({ id: stations.stationId }).from(stations).where(and(
    eq(stations.whsId, whsId), inArray(stations.stationId, [...ids]), eq(stations.stationType, STATION_TYPE.values.MERGE_LANE),
    eq(stations.status, STATION_STATUS.values.ENABLED),
  ));
  return new Set(rows.map((r) => r.id));
}

/** Orders holding a slot (or waiting for one) on each lane: what decides the least busy lane. */
async function laneLoads(tx: Db, whsId: string, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await rowsOf<{ station_id: string; n: number }>(tx, sql`
    select m.station_id, count(*)::int as n from merge_tasks m
    join sales_orders o on o.whs_id = m.whs_id and o.order_no = m.order_no
    where m.whs_id = ${whsId} and m.station_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) and m.status <> ${n(T.CANCEL)}
      and o.status in (${onLaneSql})
    group by m.station_id`);
  return new Map(rows.map((r) => [r.station_id, Number(r.n)]));
}

/**
 * Chooses the lane of each order (`choose`): by priority, the first active merge rule whose shop is
 * the order's (or none) and whose zones hold every zone the order is picked in (or none), then of its
 * enabled lanes the one holding the fewest orders (the first by id on a tie); null when no rule takes
 * the order. The rules, lanes and loads are read once for a whole save, each choice adding to its
 * lane's load, so a wave's orders spread over the lanes.
 */
async function laneChooser(tx: Db, whsId: string): Promise<(shopId: string | null, zoneIds: readonly string[]) => LaneChoice | null> {
  const rules = (await tx.select().from(mergeRules)
    .where(and(eq(mergeRules.whsId, whsId), eq(mergeRules.status, ACTIVE_STATUS.values.ACTIVE)))
    .orderBy(asc(mergeRules.priority), asc(mergeRules.ruleId)))
    .map((rule) => ({ rule, zones: storedIds(rule.zoneIds), lanes: storedIds(rule.stationIds) }));
  const named = [...new Set(rules.flatMap((r) => r.lanes))];
  const enabled = await enabledLanes(tx, whsId, named);
  const loads = await laneLoads(tx, whsId, [...enabled]);
  return (shopId, zoneIds) => {
    for (const { rule, zones, lanes: ruleLanes } of rules) {
      if (rule.shopId !== null && rule.shopId !== shopId) continue;
      if (zones.length > 0 && !zoneIds.every((z) => zones.includes(z))) continue;
      const lanes = ruleLanes.filter((id) => enabled.has(id));
      if (lanes.length === 0) continue;
      const best = lanes.reduce((a, b) => ((loads.get(b) ?? 0) < (loads.get(a) ?? 0) ? b : a));
      loads.set(best, (loads.get(best) ?? 0) + 1);
      return { stationId: best, ruleId: rule.ruleId };
    }
    return null;
  };
}

/** The slots of a lane: its active merge rule's (a lane belongs to one); null when none names it. */
async function slotsOfLane(tx: Db, whsId: string, stationId: string): Promise<number | null> {
  const rules = await tx.select({ stationIds: mergeRules.stationIds, laneSlots: mergeRules.laneSlots }).from(mergeRules)
    .where(and(eq(mergeRules.whsId, whsId), eq(mergeRules.status, ACTIVE_STATUS.values.ACTIVE), sql`${mergeRules.stationIds} like ${`%${stationId}%`}`))
    .orderBy(asc(mergeRules.priority), asc(mergeRules.ruleId));
  return rules.find((r) => storedIds(r.stationIds).includes(stationId))?.laneSlots ?? null;
}

/**
 * Gives the lane's orders without a slot the lowest free slots, oldest first. A slot is held while
 * its order is on the lane (picking or picked, its merging task not cancelled): it is free again once
 * checking takes the order (or it is cancelled). Under the lane's station row lock, so two
 * transactions never give one slot twice.
 */
async function assignSlots(tx: Db, whsId: string, stationId: string): Promise<void> {
  await tx.select({ id: stations.stationId }).from(stations).where(and(eq(stations.whsId, whsId), eq(stations.stationId, stationId))).for('update');
  const slots = await slotsOfLane(tx, whsId, stationId);
  if (slots === null) return;
  const rows = await rowsOf<{ task_no: string; slot_no: number | null }>(tx, sql`
    select m.task_no, m.slot_no from merge_tasks m join sales_orders o on o.whs_id = m.whs_id and o.order_no = m.order_no
    where m.whs_id = ${whsId} and m.station_id = ${stationId} and m.status <> ${n(T.CANCEL)} and o.status in (${onLaneSql})
    order by m.created_at, m.task_no`);
  const taken = new Set(rows.flatMap((r) => (r.slot_no === null ? [] : [Number(r.slot_no)])));
  const free = Array.from({ length: slots }, (_, i) => i + 1).filter((s) => !taken.has(s));
  const given = rows.filter((r) => r.slot_no === null).slice(0, free.length).map((r, i) => ({ task_no: r.task_no, slot: free[i]! }));
  if (given.length === 0) return;
  await tx.execute(sql`update merge_tasks m set slot_no = v.slot from jsonb_to_recordset(${JSON.stringify(given)}::jsonb) as v(task_no text, slot smallint)
    where m.whs_id = ${whsId} and m.task_no = v.task_no`);
}

/** Open merging tasks without a lane (no rule took them when made): the rules are asked again; answers the lanes given. */
async function placeUnplaced(tx: Db, whsId: string): Promise<string[]> {
  const rows = await rowsOf<{ task_no: string; order_no: string; shop_id: string | null }>(tx, sql`
    select m.task_no, m.order_no, o.shop_id from merge_tasks m join sales_orders o on o.whs_id = m.whs_id and o.order_no = m.order_no
    where m.whs_id = ${whsId} and m.station_id is null and m.status <> ${n(T.CANCEL)} and o.status in (${onLaneSql})
    order by m.order_no limit 200 for update of m`);
  const lanes = new Set<string>();
  if (rows.length === 0) return [];
  const chooseLane = await laneChooser(tx, whsId);
  for (const r of rows) {
    const zones = await tx.select({ zoneId: mergeTaskContainers.zoneId }).from(mergeTaskContainers)
      .where(and(eq(mergeTaskContainers.whsId, whsId), eq(mergeTaskContainers.taskNo, r.task_no)));
    const lane = chooseLane(r.shop_id, [...new Set(zones.flatMap((z) => (z.zoneId ? [z.zoneId] : [])))]);
    if (!lane) continue;
    await tx.update(mergeTasks).set({ stationId: lane.stationId, ruleId: lane.ruleId }).where(and(eq(mergeTasks.whsId, whsId), eq(mergeTasks.taskNo, r.task_no)));
    lanes.add(lane.stationId);
  }
  return [...lanes];
}

// ---- made by picking ----

/** A picking task as picking saves it: its number and status. */
interface SavedTask {
  taskNo: string;
  status: number;
}

/**
 * Called where picking saves its tasks (picking.ts saveTasks), in its transaction: for each order of
 * the tasks done now that is picked into more than one container, makes its merging task (or brings
 * the one it has up to date: the containers, which are picked); an order cancelled or failed has its
 * merging task cancelled. `statusBefore`: each task's status before the save.
 */
export async function openMergeTasks(tx: Db, whsId: string, tasks: readonly SavedTask[], statusBefore: ReadonlyMap<string, number>): Promise<void> {
  const done = tasks.filter((t) => t.status === T.DONE && statusBefore.get(t.taskNo) !== T.DONE).map((t) => t.taskNo);
  if (done.length === 0) return;
  const orderRows = await tx.selectDistinct({ orderNo: sql<string>`a.order_no` }).from(sql`outbound_allocations a`)
    .where(sql`a.whs_id = ${whsId} and a.task_no in (${sql.join(done.map((t) => sql`${t}`), sql`, `)})`);
  const orderNos = orderRows.map((r) => r.orderNo).sort();
  if (orderNos.length === 0) return;
  await refreshOrders(tx, whsId, orderNos);
}

/** Makes or updates the merging tasks of orders (sorted by number): see openMergeTasks. */
async function refreshOrders(tx: Db, whsId: string, orderNos: readonly string[]): Promise<void> {
  const orders = await tx.select({ orderNo: salesOrders.orderNo, status: salesOrders.status, shopId: salesOrders.shopId }).from(salesOrders)
    .where(and(eq(salesOrders.whsId, whsId), inArray(salesOrders.orderNo, [...orderNos])));
  const existing = new Map((await tx.select().from(mergeTasks)
    .where(and(eq(mergeTasks.whsId, whsId), inArray(mergeTasks.orderNo, [...orderNos]))).orderBy(asc(mergeTasks.orderNo)).for('update'))
    .map((m) => [m.orderNo, m]));
  const closed = orders.filter((o) => (CLOSED as readonly number[]).includes(o.status) && existing.has(o.orderNo));
  if (closed.length > 0) {
    await tx.update(mergeTasks).set({ status: T.CANCEL, finishedAt: sql`coalesce(${mergeTasks.finishedAt}, now())` })
      .where(and(eq(mergeTasks.whsId, whsId), inArray(mergeTasks.taskNo, closed.map((o) => existing.get(o.orderNo)!.taskNo))));
  }
  const live = orders.filter((o) => !(CLOSED as readonly number[]).includes(o.status));
  const tasksOf = await orderTasksOf(tx, whsId, live.map((o) => o.orderNo));
  const merged = live.filter((o) => (tasksOf.get(o.orderNo)?.length ?? 0) > 1 || existing.has(o.orderNo));
  const fresh = merged.filter((o) => !existing.has(o.orderNo));
  const numbers = await nextDocNos(tx, 'mergeTask', await warehouseTimeZone(tx, whsId), fresh.length);
  const lanes = new Set<string>();
  if (fresh.length > 0) {
    const chooseLane = await laneChooser(tx, whsId);
    const made = await tx.insert(mergeTasks).values(fresh.map((order, i) => {
      const lane = chooseLane(order.shopId, [...new Set(tasksOf.get(order.orderNo)!.flatMap((t) => (t.zoneId ? [t.zoneId] : [])))]);
      if (lane) lanes.add(lane.stationId);
      return { whsId, taskNo: numbers[i]!, orderNo: order.orderNo, stationId: lane?.stationId ?? null, ruleId: lane?.ruleId ?? null };
    })).returning();
    for (const row of made) existing.set(row.orderNo, row);
  }
  const open = merged.map((o) => existing.get(o.orderNo)!).filter((task) => task.status !== T.CANCEL && task.status !== T.DONE);
  const lines = open.flatMap((task) => (tasksOf.get(task.orderNo) ?? []).map((t) => ({
    whsId, taskNo: task.taskNo, pickingTaskNo: t.taskNo, containerCode: t.containerCode, zoneId: t.zoneId, picked: t.done ? 1 : 0,
  })));
  if (lines.length > 0) {
    await tx.insert(mergeTaskContainers).values(lines).onConflictDoUpdate({
      target: [mergeTaskContainers.whsId, mergeTaskContainers.taskNo, mergeTaskContainers.pickingTaskNo],
      set: { containerCode: sql`excluded.container_code`, zoneId: sql`excluded.zone_id`, picked: sql`excluded.picked` },
    });
  }
  await recount(tx, whsId, open.map((t) => t.taskNo));
  // Lanes locked in one order, so two pickers finishing tasks of orders on two lanes never wait on each other.
  for (const lane of [...lanes].sort()) await assignSlots(tx, whsId, lane);
}

/** A merging task's counts and status from its containers: done when every one arrived. */
async function recount(tx: Db, whsId: string, taskNos: readonly string[]): Promise<void> {
  if (taskNos.length === 0) return;
  await tx.execute(sql`update merge_tasks m set container_count = c.total, arrived_count = c.arrived,
      status = case when c.arrived = 0 then ${n(T.PENDING)} when c.arrived < c.total then ${n(T.ONGOING)} else ${n(T.DONE)} end,
      started_at = case when c.arrived > 0 then coalesce(m.started_at, now()) else m.started_at end,
      finished_at = case when c.arrived = c.total then coalesce(m.finished_at, now()) else null end
    from (select task_no, count(*)::int as total, count(arrived_at)::int as arrived from merge_task_containers
          where whs_id = ${whsId} and task_no in (${sql.join(taskNos.map((t) => sql`${t}`), sql`, `)}) group by task_no) c
    where m.whs_id = ${whsId} and m.task_no = c.task_no and m.status <> ${n(T.CANCEL)}`);
}

// ---- reading ----

/** What a container shows where it is waited for: its code, or its picking task's number before it has one. */
const containerName = (c: Pick<MergeContainerRow, 'containerCode' | 'pickingTaskNo'>) => c.containerCode ?? c.pickingTaskNo;

function taskOut(m: MergeTaskRow, orderStatus: number, rows: readonly MergeContainerRow[]): MergeTask {
  return {
    task_no: m.taskNo, order_no: m.orderNo, order_status: orderStatus, status: m.status, station_id: m.stationId, slot_no: m.slotNo, rule_id: m.ruleId,
    container_count: m.containerCount, arrived_count: m.arrivedCount, created_at: unixSeconds(m.createdAt), started_at: unixSeconds(m.startedAt),
    finished_at: unixSeconds(m.finishedAt),
    containers: rows.filter((c) => c.taskNo === m.taskNo).map((c) => ({
      picking_task_no: c.pickingTaskNo, container_code: c.containerCode, zone_id: c.zoneId, picked: c.picked === 1, arrived_at: unixSeconds(c.arrivedAt),
    })),
  };
}

async function containersOf(db: Db, whsId: string, taskNos: readonly string[]): Promise<MergeContainerRow[]> {
  if (taskNos.length === 0) return [];
  return db.select().from(mergeTaskContainers).where(and(eq(mergeTaskContainers.whsId, whsId), inArray(mergeTaskContainers.taskNo, [...taskNos])))
    .orderBy(asc(mergeTaskContainers.taskNo), asc(mergeTaskContainers.pickingTaskNo));
}

export async function mergeTaskDetail(db: Db, whsId: string, taskNo: string): Promise<MergeTask> {
  const [row] = await db.select({ task: mergeTasks, orderStatus: salesOrders.status }).from(mergeTasks)
    .innerJoin(salesOrders, and(eq(salesOrders.whsId, mergeTasks.whsId), eq(salesOrders.orderNo, mergeTasks.orderNo)))
    .where(and(eq(mergeTasks.whsId, whsId), eq(mergeTasks.taskNo, taskNo)));
  if (!row) throw notFound(`Merging task ${taskNo}`);
  return taskOut(row.task, row.orderStatus, await containersOf(db, whsId, [taskNo]));
}

/** The station, when it is an enabled merge lane of the warehouse; -289702 otherwise. */
async function laneStation(tx: Db, whsId: string, stationId: string): Promise<typeof stations.$inferSelect> {
  const [station] = await tx.select().from(stations).where(and(eq(stations.whsId, whsId), eq(stations.stationId, stationId)));
  if (!station || station.stationType !== STATION_TYPE.values.MERGE_LANE || station.status !== STATION_STATUS.values.ENABLED) {
    const why = !station ? `is not a station of warehouse ${whsId}` : station.stationType !== STATION_TYPE.values.MERGE_LANE
      ? `is a ${(STATION_TYPE.label(station.stationType)?.message ?? '').toLowerCase()} station, not a merge lane` : 'is disabled';
    throw new ApiError(RET.MERGE_LANE_INVALID, `Station ${stationId} ${why}: scan a merge lane of this warehouse.`, { station_id: stationId });
  }
  return station;
}

/**
 * A merge lane and its orders (slot order, those waiting for a slot last). Reading it gives free
 * slots to the orders the lane has waiting (slots free up as checking takes orders) and places
 * orders no rule took before.
 */
export async function mergeLane(tx: Db, whsId: string, stationId: string): Promise<MergeLane> {
  const station = await laneStation(tx, whsId, stationId);
  // Orders cancelled or failed since leave the lane: their merging tasks are cancelled.
  await tx.execute(sql`update merge_tasks m set status = ${n(T.CANCEL)}, finished_at = coalesce(m.finished_at, now())
    from sales_orders o where o.whs_id = m.whs_id and o.order_no = m.order_no and m.whs_id = ${whsId} and m.station_id = ${stationId}
      and m.status <> ${n(T.CANCEL)} and o.status in (${sql.raw(CLOSED.join(', '))})`);
  await placeUnplaced(tx, whsId);
  await assignSlots(tx, whsId, stationId);
  const rows = await tx.select({ task: mergeTasks, orderStatus: salesOrders.status }).from(mergeTasks)
    .innerJoin(salesOrders, and(eq(salesOrders.whsId, mergeTasks.whsId), eq(salesOrders.orderNo, mergeTasks.orderNo)))
    .where(and(eq(mergeTasks.whsId, whsId), eq(mergeTasks.stationId, stationId), sql`${mergeTasks.status} <> ${n(T.CANCEL)}`, inArray(salesOrders.status, [...ON_LANE])))
    .orderBy(sql`${mergeTasks.slotNo} nulls last`, asc(mergeTasks.createdAt), asc(mergeTasks.taskNo));
  const lines = await containersOf(tx, whsId, rows.map((r) => r.task.taskNo));
  return {
    station_id: station.stationId, station_name: station.stationName, lane_slots: await slotsOfLane(tx, whsId, stationId),
    tasks: rows.map((r) => taskOut(r.task, r.orderStatus, lines)),
  };
}

/** Where an order stands in merging (for checking: an order waiting for containers is not checked yet). */
export interface MergeState {
  /** The order is picked into more than one container. */
  needsMerge: boolean;
  /** Nothing to wait for: no merge needed, or every container arrived on the lane. */
  complete: boolean;
  /** Containers not on the lane yet (a picking task's number while it has no container). */
  waiting: string[];
  /** Containers on the lane. */
  arrived: string[];
  lane?: string;
  slot?: number;
  /** The merging task, once made. */
  taskNo?: string;
}

/** Where an order of the warehouse stands in merging: see MergeState. */
export async function mergeStateOf(tx: Db, whsId: string, orderNo: string): Promise<MergeState> {
  const [task] = await tx.select().from(mergeTasks).where(and(eq(mergeTasks.whsId, whsId), eq(mergeTasks.orderNo, orderNo)));
  if (task && task.status !== T.CANCEL) {
    const rows = await containersOf(tx, whsId, [task.taskNo]);
    const waiting = rows.filter((c) => c.arrivedAt === null).map(containerName);
    return {
      needsMerge: true, complete: waiting.length === 0, waiting, arrived: rows.filter((c) => c.arrivedAt !== null).map(containerName),
      ...(task.stationId ? { lane: task.stationId } : {}), ...(task.slotNo ? { slot: task.slotNo } : {}), taskNo: task.taskNo,
    };
  }
  const tasks = (await orderTasksOf(tx, whsId, [orderNo])).get(orderNo) ?? [];
  if (tasks.length < 2) return { needsMerge: false, complete: true, waiting: [], arrived: [] };
  return { needsMerge: true, complete: false, waiting: tasks.map((t) => t.containerCode ?? t.taskNo), arrived: [] };
}

// ---- the arrival op ----

const refused = (reason: string, message: string, data: Record<string, unknown>) =>
  new ApiError(RET.MERGE_CONTAINER_REFUSED, message, { reason, ...data });

/**
 * `outbound.merging.arrive`: the container is on the lane. Every order of the container that waits
 * for it on this lane has it marked arrived (who, when, the op), its merging task counted again
 * (ongoing, or done once every container is there) and a slot given if it has none yet. Refused
 * (-289701 with its reason, nothing written): a container the warehouse does not have, one holding no
 * order to merge, still being picked, already arrived, of orders going to another lane or none yet,
 * or of cancelled or failed orders; -289702 for a station that is not an enabled merge lane.
 */
export async function applyArrival(tx: Db, whsId: string, actor: { userId: number; opId: string }, p: ArrivePayload): Promise<ArriveResult> {
  const lane = await laneStation(tx, whsId, p.station_id);
  const code = p.container_code;
  const data = { container_code: code, station_id: lane.stationId };
  const [container] = await tx.select().from(containers).where(and(eq(containers.whsId, whsId), eq(containers.containerCode, code)));
  if (!container) throw refused('unknown', `Container ${code} is not a container of warehouse ${whsId}.`, data);
  const noMerge = () => refused('no_merge', `Container ${code} holds no order waiting to be merged: take it to checking (or sorting) as it is.`, data);
  if (container.taskNo === null) throw noMerge();
  const [picking] = await tx.select({ status: pickingTasks.status }).from(pickingTasks)
    .where(and(eq(pickingTasks.whsId, whsId), eq(pickingTasks.taskNo, container.taskNo)));
  const mine = await tx.select({ task: mergeTasks, orderStatus: salesOrders.status }).from(mergeTaskContainers)
    .innerJoin(mergeTasks, and(eq(mergeTasks.whsId, mergeTaskContainers.whsId), eq(mergeTasks.taskNo, mergeTaskContainers.taskNo)))
    .innerJoin(salesOrders, and(eq(salesOrders.whsId, mergeTasks.whsId), eq(salesOrders.orderNo, mergeTasks.orderNo)))
    .where(and(eq(mergeTaskContainers.whsId, whsId), eq(mergeTaskContainers.pickingTaskNo, container.taskNo)))
    .orderBy(asc(mergeTasks.orderNo)).for('update', { of: mergeTasks });
  if (picking && picking.status !== T.DONE) {
    throw refused('picking', `Container ${code} is still being picked (task ${container.taskNo}): bring it once its task is done.`, { ...data, task_no: container.taskNo });
  }
  if (mine.length === 0) throw noMerge();
  const open = mine.filter((r) => r.task.status !== T.CANCEL && !(CLOSED as readonly number[]).includes(r.orderStatus));
  if (open.length === 0) {
    throw refused('closed', `Container ${code} holds only cancelled or failed orders: take it to reverse picking, not to a merge lane.`, data);
  }
  const here = open.filter((r) => r.task.stationId === lane.stationId);
  if (here.length === 0) {
    const elsewhere = open.find((r) => r.task.stationId !== null)?.task.stationId ?? null;
    if (elsewhere === null) {
      throw refused('no_lane', `No merge rule takes the order of container ${code} yet: ask a supervisor to set one in Rule Center › Merge Rule.`, data);
    }
    throw refused('other_lane', `Container ${code} goes to merge lane ${elsewhere}, not ${lane.stationId}.`, { ...data, station_id: elsewhere });
  }
  const taskNos = here.map((r) => r.task.taskNo);
  const lines = await tx.update(mergeTaskContainers).set({ arrivedAt: sql`now()`, arrivedBy: actor.userId, opId: actor.opId })
    .where(and(
      eq(mergeTaskContainers.whsId, whsId), inArray(mergeTaskContainers.taskNo, taskNos), eq(mergeTaskContainers.pickingTaskNo, container.taskNo),
      sql`${mergeTaskContainers.arrivedAt} is null`,
    )).returning({ taskNo: mergeTaskContainers.taskNo });
  if (lines.length === 0) {
    const [line] = await tx.select({ arrivedAt: mergeTaskContainers.arrivedAt }).from(mergeTaskContainers)
      .where(and(eq(mergeTaskContainers.whsId, whsId), eq(mergeTaskContainers.taskNo, taskNos[0]!), eq(mergeTaskContainers.pickingTaskNo, container.taskNo)));
    throw refused('arrived', `Container ${code} is on merge lane ${lane.stationId} already.`, { ...data, arrived_at: unixSeconds(line?.arrivedAt ?? null) });
  }
  await recount(tx, whsId, taskNos);
  await assignSlots(tx, whsId, lane.stationId);
  const after = await tx.select().from(mergeTasks).where(and(eq(mergeTasks.whsId, whsId), inArray(mergeTasks.taskNo, taskNos))).orderBy(asc(mergeTasks.orderNo));
  const rows = await containersOf(tx, whsId, taskNos);
  const orders = after.map((m) => {
    const waiting = rows.filter((c) => c.taskNo === m.taskNo && c.arrivedAt === null).map(containerName);
    return {
      task_no: m.taskNo, order_no: m.orderNo, slot_no: m.slotNo, arrived_count: m.arrivedCount, container_count: m.containerCount,
      complete: m.status === T.DONE, waiting,
    };
  });
  const message = orders.map((o) => {
    const where = o.slot_no === null ? 'no slot free yet: keep it aside' : `slot ${o.slot_no}`;
    return o.complete
      ? `Order ${o.order_no} → ${where}: every container is here, ready for checking.`
      : `Order ${o.order_no} → ${where}: ${o.arrived_count} of ${o.container_count} containers here, waiting for ${o.waiting.join(', ')}.`;
  }).join(' ');
  return { container_code: code, station_id: lane.stationId, orders, message };
}
