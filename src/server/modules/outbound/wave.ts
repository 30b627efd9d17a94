import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ORDER_PRIORITY, OUTBOUND_ORDER_TYPE, PICKING_TASK_KIND, PICKING_TYPE, SUB_PICKING_SPLIT_BY, TASK_STATUS, type CodeOf } from '../../../shared/codes';
import type { Wave } from '../../../shared/contract/wave.contract';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { autoWaveRules, pickingTasks, salesOrders, subPickingGroups, waves } from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import { nextDocNo, nextDocNos } from '../../common/doc-no';
import { unixSeconds } from '../../common/time';
import { allocateForWave, cmp, pathKeySql, recordAllocations, unplaced } from './allocation';
import { pickingRulesOf } from './picking-rules';
import { S, logOrders, orderOut, orderTaskOut, statusName, type Actor, type OrderRow } from './sales-order';

/**
 * Waves: orders released to the floor together. Releasing allocates what is not allocated yet,
 * then cuts the orders' allocations into picking tasks: by zone (one picker walks one zone), per
 * order for pick to order, for the whole wave for pick to wave, and for sorting while picking per
 * cart of the picking rule's slots (each order of a task gets a slot of its cart, the PDA asks
 * for it after each pick); lines in pick-path order; work over the picker's capacity in units is
 * split into sub-picking tasks of at most that many.
 */

const T = TASK_STATUS.values;
/** A code constant written into a statement as a literal, typed as the column it is compared with or set to. */
const n = (code: number) => sql.raw(String(code));
export type PickingType = CodeOf<typeof PICKING_TYPE>;

export interface WaveRequest {
  orderNos: readonly string[];
  /** The type of order the wave takes (default sales): others are skipped, each released by its own screens. */
  orderType?: CodeOf<typeof OUTBOUND_ORDER_TYPE>;
  /** Default: the warehouse's picking rule. */
  pickingType?: PickingType;
  /** Default: the picking rule of each task's zone (picking-rules.ts). */
  maxUnitsPerTask?: number;
  /** Sorting while picking: the slots of a pick cart. Default: the picking rule of each task's zone. */
  cartSlots?: number;
  isManual: boolean;
  /** The auto wave rule whose run releases it (never with isManual). */
  autoWaveRule?: { ruleId: number; ruleName: string };
  /** Released by flow pick for a picker's "Next task" (flow-pick.ts; never with isManual). */
  isFlow?: boolean;
}

/** Who releases a wave: a person, or nobody for an auto wave run by the schedule. */
export type WaveActor = Omit<Actor, 'userId'> & { userId: number | null };

export interface Skipped {
  order_no: string;
  status: number;
  reason: string;
}

/** Why an order cannot join a wave now, or null when it can (after allocation). */
function notWaveable(o: OrderRow, orderType: CodeOf<typeof OUTBOUND_ORDER_TYPE>): string | null {
  if (o.orderType !== orderType) return `It is a ${OUTBOUND_ORDER_TYPE.label(o.orderType)?.message ?? 'different'} order: it is released from its own order page.`;
  if (o.priority === ORDER_PRIORITY.values.ON_HOLD) return 'It is on hold.';
  if (o.status === S.PENDING_PICK) return `It waits for stock: ${o.holdReason ?? 'not allocated'}`;
  if (o.status !== S.CREATED) return o.waveNo ? `It is ${statusName(o.status)} in wave ${o.waveNo}.` : `It is ${statusName(o.status)}.`;
  if (o.allocatedQty < o.totalQty) return 'It is not allocated.';
  return null;
}

/** The rank of the first pick not recorded yet: after any allocation id. */
const FRESH_RANK = 2 ** 52;

interface RouteStop {
  /** Ties on the path keep this order: the allocation id, or a pick not recorded yet after every recorded one, in the order picks are recorded. */
  rank: number;
  orderNo: string;
  zoneId: string;
  qty: number;
  path: string;
}

/** Cuts stops into tasks: grouped by `groupOf`, each group in path order, at most `max` units a task (or the zone's `max`; a stop is never split). */
export function cutTasks(stops: readonly RouteStop[], groupOf: (s: RouteStop) => string, max: number | ((zoneId: string) => number)): RouteStop[][] {
  const groups = new Map<string, RouteStop[]>();
  for (const s of stops) {
    const key = groupOf(s);
    const list = groups.get(key) ?? [];
    list.push(s);
    groups.set(key, list);
  }
  const tasks: RouteStop[][] = [];
  for (const key of [...groups.keys()].sort()) {
    const route = groups.get(key)!.sort((a, b) => cmp(a.path, b.path) || a.rank - b.rank);
    const capacity = typeof max === 'number' ? max : max(route[0]!.zoneId);
    let current: RouteStop[] = [];
    let units = 0;
    for (const stop of route) {
      if (current.length > 0 && units + stop.qty > capacity) {
        tasks.push(current);
        current = [];
        units = 0;
      }
      current.push(stop);
      units += stop.qty;
    }
    if (current.length > 0) tasks.push(current);
  }
  return tasks;
}

/**
 * Sorting while picking: the carts of a zone's orders, `slotsOf(zone)` orders a cart, as a key of
 * each order and zone (`cartKey`) → its cart's index in the zone. A zone's orders fill carts in the
 * order of their first stop on the pick path, so a cart's orders lie near each other on the route.
 */
export function cartsOf(stops: readonly RouteStop[], slotsOf: (zoneId: string) => number): Map<string, number> {
  const firstStop = new Map<string, { zoneId: string; orderNo: string; path: string; rank: number }>();
  for (const s of stops) {
    const key = cartKey(s);
    const seen = firstStop.get(key);
    if (!seen || cmp(s.path, seen.path) < 0 || (s.path === seen.path && s.rank < seen.rank)) firstStop.set(key, { zoneId: s.zoneId, orderNo: s.orderNo, path: s.path, rank: s.rank });
  }
  const byZone = new Map<string, { key: string; path: string; rank: number }[]>();
  for (const [key, f] of firstStop) byZone.set(f.zoneId, [...(byZone.get(f.zoneId) ?? []), { key, path: f.path, rank: f.rank }]);
  const carts = new Map<string, number>();
  for (const [zoneId, orders] of byZone) {
    const slots = Math.max(1, slotsOf(zoneId));
    orders.sort((a, b) => cmp(a.path, b.path) || a.rank - b.rank).forEach((o, i) => carts.set(o.key, Math.floor(i / slots)));
  }
  return carts;
}

const cartKey = (s: Pick<RouteStop, 'orderNo' | 'zoneId'>) => `${s.orderNo}\u0000${s.zoneId}`;

/** Sorting while picking: the cart slot of each stop (by rank) of cut tasks, numbered per task from 1 in the order the route meets its orders. */
export function slotsOf(tasks: readonly RouteStop[][]): Map<number, number> {
  const slots = new Map<number, number>();
  for (const stops of tasks) {
    const slotOfOrder = new Map<string, number>();
    for (const s of stops) {
      if (!slotOfOrder.has(s.orderNo)) slotOfOrder.set(s.orderNo, slotOfOrder.size + 1);
      slots.set(s.rank, slotOfOrder.get(s.orderNo)!);
    }
  }
  return slots;
}

/** The route stops of orders' allocations not yet on a task, with their pick path. */
async function stopsOf(tx: Db, whsId: string, orderNos: readonly string[]): Promise<RouteStop[]> {
  if (orderNos.length === 0) return [];
  const { rows } = (await tx.execute(sql`select a.alloc_id, a.order_no, a.qty - a.picked_qty - a.short_qty - a.cancelled_qty as qty, c.zone_id,
      ${pathKeySql} as path
    from outbound_allocations a
    join cells c on c.whs_id = a.whs_id and c.location_code = a.location_id
    join zones z on z.whs_id = c.whs_id and z.zone_id = c.zone_id
    join pathways p on p.whs_id = c.whs_id and p.pathway_id = c.pathway_id
    where a.whs_id = ${whsId} and a.order_no in (select jsonb_array_elements_text(${JSON.stringify(orderNos)}::jsonb)) and a.task_no is null
      and a.qty > a.picked_qty + a.short_qty + a.cancelled_qty`)) as unknown as {
    rows: { alloc_id: number | string; order_no: string; qty: number; zone_id: string; path: string }[];
  };
  return rows.map((r) => ({ rank: Number(r.alloc_id), orderNo: r.order_no, zoneId: r.zone_id, qty: Number(r.qty), path: r.path }));
}

/** Where a route stop goes: its task, its place on the task's route and (sorting while picking) its cart slot. */
interface Place {
  taskNo: string;
  seq: number;
  slotNo: number | null;
}

/**
 * Makes picking tasks of cut routes; returns the numbers of the tasks pickers claim and where each
 * stop goes, by rank. A group (`groupOf`: the zone, or the order and zone) whose work is more than
 * one picker's capacity becomes one picking task split into sub-picking tasks, one per cut route:
 * the wave is the splitter of a sub-picking group (split by units, the capacity), as a supervisor
 * is of the groups made by hand (sub-picking.ts).
 */
async function makeTasks(
  tx: Db, whsId: string, actor: WaveActor, waveNo: string | null, pickingType: PickingType, orderType: CodeOf<typeof OUTBOUND_ORDER_TYPE>,
  tasks: readonly RouteStop[][], groupOf: (s: RouteStop) => string, capacityOf: (zoneId: string) => number,
): Promise<{ taskNos: string[]; places: Map<number, Place> }> {
  const slots = pickingType === PICKING_TYPE.values.SORTING_WHILE_PICKING ? slotsOf(tasks) : null;
  const places = new Map<number, Place>();
  if (tasks.length === 0) return { taskNos: [], places };
  // cutTasks gives a group's routes one after another.
  const runs: { first: number; count: number }[] = [];
  tasks.forEach((stops, t) => {
    const last = runs.at(-1);
    if (last && groupOf(tasks[last.first]![0]!) === groupOf(stops[0]!)) last.count += 1;
    else runs.push({ first: t, count: 1 });
  });
  const splits = runs.filter((r) => r.count > 1);
  const taskNos = await nextDocNos(tx, 'pickingTask', actor.timeZone, tasks.length);
  const parentNos = await nextDocNos(tx, 'pickingTask', actor.timeZone, splits.length);
  const groupIds = await nextDocNos(tx, 'subPickingGroup', actor.timeZone, splits.length);
  const unitsOf = (stops: readonly RouteStop[]) => stops.reduce((sum, s) => sum + s.qty, 0);
  const splitOf = new Map<number, { parentNo: string; groupId: string }>();
  splits.forEach((run, i) => {
    for (let t = run.first; t < run.first + run.count; t++) splitOf.set(t, { parentNo: parentNos[i]!, groupId: groupIds[i]! });
  });
  tasks.forEach((stops, t) => stops.forEach((s, i) => places.set(s.rank, { taskNo: taskNos[t]!, seq: i + 1, slotNo: slots?.get(s.rank) ?? null })));
  const base = { whsId, kind: PICKING_TASK_KIND.values.PICKING, waveNo, pickingType, orderType };
  if (splits.length > 0) {
    const parents = splits.map((run, i) => ({
      taskNo: parentNos[i]!, groupId: groupIds[i]!, zoneId: tasks[run.first]![0]!.zoneId, subTaskCount: run.count,
      totalQty: tasks.slice(run.first, run.first + run.count).reduce((sum, stops) => sum + unitsOf(stops), 0),
    }));
    await tx.insert(pickingTasks).values(parents.map((p) => ({ ...base, taskNo: p.taskNo, zoneId: p.zoneId, status: T.SPLIT, totalQty: p.totalQty })));
    await tx.insert(subPickingGroups).values(parents.map((p) => ({
      whsId, groupId: p.groupId, parentTaskNo: p.taskNo, waveNo, zoneId: p.zoneId, splitBy: SUB_PICKING_SPLIT_BY.values.UNITS,
      splitValue: capacityOf(p.zoneId), subTaskCount: p.subTaskCount, createdBy: actor.userId, totalQty: p.totalQty,
    })));
  }
  await tx.insert(pickingTasks).values(tasks.map((stops, t) => ({
    ...base, taskNo: taskNos[t]!, zoneId: stops[0]!.zoneId, status: T.PENDING, totalQty: unitsOf(stops),
    parentTaskNo: splitOf.get(t)?.parentNo ?? null, subPickingGroupId: splitOf.get(t)?.groupId ?? null,
  })));
  return { taskNos, places };
}

/** Puts recorded allocations (stops ranked by their id) on their tasks. */
async function placeRecorded(tx: Db, whsId: string, stops: readonly RouteStop[], places: ReadonlyMap<number, Place>): Promise<void> {
  if (stops.length === 0) return;
  const placed = stops.map((s) => {
    const place = places.get(s.rank)!;
    return { alloc_id: s.rank, task_no: place.taskNo, seq: place.seq, slot_no: place.slotNo };
  });
  await tx.execute(sql`update outbound_allocations a set task_no = v.task_no, seq = v.seq, slot_no = v.slot_no
    from jsonb_to_recordset(${JSON.stringify(placed)}::jsonb) as v(alloc_id bigint, task_no text, seq int, slot_no smallint)
    where a.whs_id = ${whsId} and a.alloc_id = v.alloc_id`);
}

/**
 * Releases orders in one wave (the caller's transaction): allocates those not yet allocated, skips
 * those that cannot join (each with its reason), makes the tasks and moves the orders to picking.
 * -289201 when no order can join.
 */
export async function releaseWave(tx: Db, whsId: string, actor: WaveActor, request: WaveRequest): Promise<{ wave: Wave; taskNos: string[]; skipped: Skipped[] }> {
  const wanted = [...new Set(request.orderNos)];
  const { outcomes, unrecorded } = await allocateForWave(tx, whsId, wanted, actor.userId);
  const skipped: Skipped[] = [];
  const joining: OrderRow[] = [];
  for (const orderNo of wanted) {
    const outcome = outcomes.get(orderNo);
    if (!outcome) {
      skipped.push({ order_no: orderNo, status: -1, reason: `Sales order ${orderNo} not found.` });
      continue;
    }
    const why = notWaveable(outcome.order, request.orderType ?? OUTBOUND_ORDER_TYPE.values.SALES);
    if (why) skipped.push({ order_no: orderNo, status: outcome.order.status, reason: why });
    else joining.push(outcome.order);
  }
  if (joining.length === 0) {
    await recordAllocations(tx, whsId, unplaced(unrecorded));
    throw new ApiError(RET.WAVE_ORDER_UNAVAILABLE, `No order can join a wave: ${skipped.slice(0, 3).map((s) => `${s.order_no}: ${s.reason}`).join(' ')}`, { skipped });
  }
  const waveNo = await nextDocNo(tx, 'wave', actor.timeZone);
  const orderNos = joining.map((o) => o.orderNo);
  // The stops: allocations recorded before (not on a task yet), then the picks of this allocation,
  // cut into tasks before they are recorded so each is written once, with its task.
  const recorded = await stopsOf(tx, whsId, orderNos);
  const fresh = unplaced(unrecorded);
  const joins = new Set(orderNos);
  const freshStops = fresh.flatMap(({ need, pick }, i) => (joins.has(need.orderNo)
    ? [{ rank: FRESH_RANK + i, orderNo: need.orderNo, zoneId: pick.zoneId, qty: pick.qty, path: pick.path }] : []));
  const rules = await pickingRulesOf(tx, whsId);
  const pickingType = request.pickingType ?? rules.pickingType;
  const perOrder = pickingType === PICKING_TYPE.values.PICK_TO_ORDER;
  const stops = [...recorded, ...freshStops];
  // Sorting while picking: a zone's orders go on carts of the rule's slots, a task (or a split one) a cart.
  const carts = pickingType === PICKING_TYPE.values.SORTING_WHILE_PICKING
    ? cartsOf(stops, (zoneId) => request.cartSlots ?? rules.cartSlots(zoneId)) : null;
  const groupOf = (s: RouteStop) => (perOrder ? cartKey(s)
    : carts ? `${s.zoneId}\u0000${String(carts.get(cartKey(s))).padStart(6, '0')}` : s.zoneId);
  const capacity = request.maxUnitsPerTask ?? rules.capacity;
  const cut = cutTasks(stops, groupOf, capacity);
  const orderType = request.orderType ?? OUTBOUND_ORDER_TYPE.values.SALES;
  const [row] = await tx.insert(waves).values({
    whsId, waveNo, orderType, isManual: request.isManual, autoWaveRuleId: request.autoWaveRule?.ruleId ?? null, isFlow: request.isFlow ?? false, status: T.PENDING, pickingType, orderCount: joining.length,
    unitCount: joining.reduce((sum, o) => sum + o.totalQty, 0), createdBy: actor.userId,
  }).returning();
  const { taskNos, places } = await makeTasks(tx, whsId, actor, waveNo, pickingType, orderType, cut, groupOf, typeof capacity === 'number' ? () => capacity : capacity);
  await placeRecorded(tx, whsId, recorded, places);
  await recordAllocations(tx, whsId, fresh.map((row, i) => {
    const place = places.get(FRESH_RANK + i);
    return place ? { ...row, taskNo: place.taskNo, seq: place.seq, slotNo: place.slotNo } : row;
  }));
  await tx.update(salesOrders).set({ status: S.PICKING, waveNo, holdReason: null, updatedAt: sql`now()` })
    .where(and(eq(salesOrders.whsId, whsId), inArray(salesOrders.orderNo, orderNos)));
  await logOrders(tx, whsId, joining.map((o) => ({
    orderNo: o.orderNo, from: o.status, to: S.PICKING, note: `Released in ${request.isManual ? 'manual' : request.isFlow ? 'flow' : 'auto'} wave ${waveNo}.`,
  })), actor.userId);
  return { wave: waveOut(row!, taskNos.length, request.autoWaveRule?.ruleName ?? null), taskNos, skipped };
}

/** A wave as answered; `ruleName`: its auto wave rule's name, when it has one. */
export function waveOut(w: typeof waves.$inferSelect, taskCount: number, ruleName: string | null = null): Wave {
  return {
    wave_no: w.waveNo, is_manual: w.isManual, is_flow: w.isFlow,
    auto_wave_rule: w.autoWaveRuleId === null ? null : { rule_id: w.autoWaveRuleId, rule_name: ruleName }, status: w.status, picking_type: w.pickingType, order_count: w.orderCount, unit_count: w.unitCount,
    detached_count: w.detachedCount, task_count: taskCount, created_at: unixSeconds(w.createdAt)!, finished_at: unixSeconds(w.finishedAt),
  };
}

export async function waveDetail(db: Db, whsId: string, waveNo: string) {
  const [found] = await db.select({ wave: waves, ruleName: autoWaveRules.ruleName }).from(waves)
    .leftJoin(autoWaveRules, and(eq(autoWaveRules.whsId, waves.whsId), eq(autoWaveRules.ruleId, waves.autoWaveRuleId)))
    .where(and(eq(waves.whsId, whsId), eq(waves.waveNo, waveNo)));
  if (!found) throw notFound(`Wave ${waveNo}`);
  const { wave, ruleName } = found;
  const [orders, tasks] = await Promise.all([
    db.select().from(salesOrders).where(and(eq(salesOrders.whsId, whsId), eq(salesOrders.waveNo, waveNo))).orderBy(asc(salesOrders.orderNo)),
    db.select().from(pickingTasks).where(and(eq(pickingTasks.whsId, whsId), eq(pickingTasks.waveNo, waveNo))).orderBy(asc(pickingTasks.taskNo)),
  ]);
  return {
    wave: waveOut(wave, tasks.length, ruleName),
    orders: orders.map(orderOut),
    tasks: tasks.map(orderTaskOut),
  };
}

/**
 * Closes waves whose every task is settled (done or cancelled): done; a wave with a task under way
 * is ongoing (a split task is not under way: its sub tasks say). Called after any change of its tasks.
 */
export async function settleWaves(tx: Db, whsId: string, waveNos: readonly (string | null)[]): Promise<void> {
  const live = [...new Set(waveNos.filter((w): w is string => w !== null))];
  if (live.length === 0) return;
  await tx.execute(sql`update waves w set
      status = case when s.open = 0 then ${n(T.DONE)} when s.started > 0 then ${n(T.ONGOING)} else w.status end,
      finished_at = case when s.open = 0 then coalesce(w.finished_at, now()) else null end
    from (select t.wave_no, count(*) filter (where t.status not in (${n(T.DONE)}, ${n(T.CANCEL)}))::int as open,
            count(*) filter (where t.status not in (${n(T.PENDING)}, ${n(T.SPLIT)}))::int as started
          from picking_tasks t where t.whs_id = ${whsId} and t.wave_no in (${sql.join(live.map((w) => sql`${w}`), sql`, `)}) group by t.wave_no) s
    where w.whs_id = ${whsId} and w.wave_no = s.wave_no and w.status <> ${n(T.CANCEL)}`);
}
