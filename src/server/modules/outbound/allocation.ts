import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ACTIVE_STATUS, LOCATION_STATUS, ORDER_PRIORITY, QUALITY, STOCK_LOCATION_TYPE, STORAGE_AREA } from '../../../shared/codes';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { salesAllocateRules, salesOrderLines, salesOrders } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { reservePrepick, type Quality } from '../inventory/ledger';
import { orderLifecycle } from '../../../shared/lifecycles';
import { assertTransition } from '../../http/lifecycle';
import { S, lockOrders, logOrders, orderLabel, type OrderRow, type OrderStatus } from './sales-order';

/**
 * Allocation: reserves stock for orders through the ledger (available → pre-pick) by the allocate
 * rule, all of an order or none of it. The candidates are good units in normal cells (cell, pathway
 * and zone normal), of batches not expired; they are taken in the rule's order:
 *   1. FEFO: the batch expiring first (batches without expiry last), then FIFO: the batch received
 *      first (by day, so one day's receipts are alike),
 *   2. among balances of the same tier, the picking area before the mix area before the storage
 *      area (pickers walk the forward area; the reserve is replenished from),
 *   3. fewest locations: a balance that covers what is left on its own, else the largest first,
 *   4. pick path: zone, pathway and cell sequence, then the codes.
 * The sales allocate rule (Rule Center, sales_allocate_rules) may switch steps 1 (FEFO and FIFO
 * apart), 2 and 3 off for the orders it matches; the pick path always breaks ties and expired
 * batches are never candidates.
 * The reservation is a guarded update, so two allocations racing for the last unit never both get
 * it: the loser's savepoint rolls back, it reads the candidates again once, then waits (pending pick).
 */

const GOOD = QUALITY.values.GOOD;
const NORMAL = LOCATION_STATUS.values.NORMAL;
const AREA = STORAGE_AREA.values;
/** Rule step 2 of a cell: the picking area before the mix area before the storage area (any other last). */
const areaRankSql = sql`case c.storage_area when ${AREA.PICKING_AREA} then 0 when ${AREA.MIX_AREA} then 1 when ${AREA.STORAGE_AREA} then 2 else 3 end`;
/** Where FEFO puts a batch without expiry: after every dated one. */
const NO_EXPIRY = '9999-12-31';

/** A balance allocation may take from, with what the rule sorts by. */
export interface Candidate {
  location: string;
  skuId: string;
  batchId: string;
  available: number;
  /** Rule step 2: 0 the picking area, 1 the mix area, 2 the storage area. */
  areaRank: number;
  /** Rule step 1: the batch's expiry date (ISO), null when it does not expire; then the day it came in. */
  expiry: string | null;
  batchDay: string;
  /** The cell's zone. */
  zoneId: string;
  /** The cell's place on the pick path (pathKeySql): compared as text. */
  path: string;
  /** The balance within the SKU (location and batch). */
  key: string;
}

/** Units of one balance chosen for a need, with the cell's zone and path as the candidate read them. */
export interface Pick {
  location: string;
  skuId: string;
  batchId: string;
  qty: number;
  zoneId: string;
  path: string;
}

/** An order line and the balances chosen for it. */
export interface Chosen {
  need: Need;
  picks: readonly Pick[];
}

/** Orders codes by code unit, whatever the locale (the order of pathKeySql's texts), and numbers by value. */
export const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

const sequenceKey = (sequence: SQL) => sql`to_char(coalesce(${sequence}, 2147483647)::bigint + 2147483648, 'FM0000000000')`;
/**
 * A cell's place on the pick path as one text that sorts like (zone sequence, zone, pathway
 * sequence, pathway, cell sequence, cell) — sequences zero-padded (none last), parts joined by
 * chr(1), which sorts before any character of a code.
 */
const pathKeyOf = (cell: { zoneSequence: SQL; zoneId: SQL; pathwaySequence: SQL; pathwayId: SQL; cellSequence: SQL; code: SQL }) =>
  sql`${sequenceKey(cell.zoneSequence)} || chr(1) || ${cell.zoneId} || chr(1) || ${sequenceKey(cell.pathwaySequence)} || chr(1) || ${cell.pathwayId}
    || chr(1) || ${sequenceKey(cell.cellSequence)} || chr(1) || ${cell.code}`;
/** pathKeyOf the cell `c` of zone `z` and pathway `p`. */
export const pathKeySql = pathKeyOf({
  zoneSequence: sql`z.pick_sequence`, zoneId: sql`c.zone_id`, pathwaySequence: sql`p.pick_sequence`, pathwayId: sql`c.pathway_id`,
  cellSequence: sql`c.pick_sequence`, code: sql`c.location_code`,
});

/** Which steps of the allocation order apply (a sales allocate rule's switches). */
export interface AllocateStrategy {
  fefo: boolean;
  fifo: boolean;
  pickingAreaFirst: boolean;
  fewestLocations: boolean;
}

/** With no rule matching: every step. */
export const FULL_STRATEGY: AllocateStrategy = { fefo: true, fifo: true, pickingAreaFirst: true, fewestLocations: true };

/**
 * The order of the groups rule steps 1 and 2 make of the candidates under a strategy — expiry
 * (none last), then the day the batch came in, then the area — 0 within a group. A step switched
 * off makes the groups it would separate one group.
 */
const byGroup = (strategy: AllocateStrategy) => (a: Candidate, b: Candidate): number =>
  (strategy.fefo ? cmp(a.expiry ?? NO_EXPIRY, b.expiry ?? NO_EXPIRY) : 0)
  || (strategy.fifo ? cmp(a.batchDay, b.batchDay) : 0)
  || (strategy.pickingAreaFirst ? a.areaRank - b.areaRank : 0);

/** Pick path order; the batches of one cell by batch id, so that the choice never depends on the order rows were read in. */
const byPath = (a: Candidate, b: Candidate) => cmp(a.path, b.path) || cmp(a.batchId, b.batchId);

interface Open {
  c: Candidate;
  left: number;
}

/** Steps 3 and 4 within a group: one that covers what is left, first on the path, else the largest (then first on the path); or the path alone. */
function nextInGroup(group: readonly Open[], remaining: number, fewestLocations: boolean): Open {
  let next: Open | undefined;
  if (fewestLocations) {
    for (const o of group) if (o.left >= remaining && (!next || byPath(o.c, next.c) < 0)) next = o;
    if (next) return next;
    for (const o of group) if (!next || o.left > next.left || (o.left === next.left && byPath(o.c, next.c) < 0)) next = o;
    return next!;
  }
  for (const o of group) if (!next || byPath(o.c, next.c) < 0) next = o;
  return next!;
}

/**
 * Chooses balances for `qty` units by the rule (pure: the caller reserves them), adding what it
 * takes to `taken` (by balance key) so later needs of the run see what is left. Returns the picks,
 * or null (taking nothing) when the candidates cannot cover the need. `strategy` says which steps
 * apply (every one by default). The groups of steps 1 and 2 are taken whole, in order, before the
 * next is touched: what candidatesFor relies on to read only the groups a run can reach.
 */
export function choose(candidates: readonly Candidate[], qty: number, taken: Map<string, number>, strategy: AllocateStrategy = FULL_STRATEGY): Pick[] | null {
  const open: Open[] = [];
  let total = 0;
  for (const c of candidates) {
    const left = c.available - (taken.get(c.key) ?? 0);
    if (left > 0) {
      open.push({ c, left });
      total += left;
    }
  }
  if (total < qty) return null;
  const groupOrder = byGroup(strategy);
  open.sort((a, b) => groupOrder(a.c, b.c));
  const picks: Pick[] = [];
  let remaining = qty;
  for (let start = 0; remaining > 0;) {
    let end = start + 1;
    while (end < open.length && groupOrder(open[start]!.c, open[end]!.c) === 0) end++;
    const group = open.slice(start, end);
    start = end;
    while (remaining > 0 && group.length > 0) {
      const next = nextInGroup(group, remaining, strategy.fewestLocations);
      const qtyHere = Math.min(next.left, remaining);
      picks.push({ location: next.c.location, skuId: next.c.skuId, batchId: next.c.batchId, qty: qtyHere, zoneId: next.c.zoneId, path: next.c.path });
      taken.set(next.c.key, (taken.get(next.c.key) ?? 0) + qtyHere);
      remaining -= qtyHere;
      group.splice(group.indexOf(next), 1);
    }
  }
  return picks;
}

/** Gives back what picks took in a run's `taken` (an order that turned out short takes nothing). */
export function giveBack(taken: Map<string, number>, picks: readonly Pick[]): void {
  for (const p of picks) {
    const key = `${p.location}\u0000${p.batchId}`;
    taken.set(key, (taken.get(key) ?? 0) - p.qty);
  }
}

/** What a run of allocation may take: the units of each SKU its lines need together, and the strategies of its orders. */
export interface Demand {
  units: ReadonlyMap<string, number>;
  strategies: readonly AllocateStrategy[];
}

/**
 * The candidates a run can reach under one grouping of steps 1 and 2: each SKU's groups in the
 * rule's order up to the first that brings its total to the run's need (all of them when they do
 * not). Exact for choose: what the run takes of a SKU, at most its need, is taken group after
 * group, so no order of the run gets past that group. With several strategies, what any reaches.
 */
const reachedBefore = (grouping: AllocateStrategy): SQL | null => {
  const keys = [grouping.fefo && sql`expiry_key`, grouping.fifo && sql`batch_day`, grouping.pickingAreaFirst && sql`area_rank`].filter((k): k is SQL => k !== false);
  return keys.length === 0 ? null
    : sql`coalesce(sum(sum(available)) over (partition by sku_id order by ${sql.join(keys, sql`, `)} groups between unbounded preceding and 1 preceding), 0)`;
};

/**
 * The balances allocation may take from for a demand (only the groups its orders can reach:
 * choose never gets past them), but none at `exclude` (a location just found short).
 */
export async function candidatesFor(tx: Db, whsId: string, demand: Demand, exclude: string | null = null): Promise<Map<string, Candidate[]>> {
  const out = new Map<string, Candidate[]>();
  if (demand.units.size === 0) return out;
  const units = JSON.stringify([...demand.units].map(([sku_id, qty]) => ({ sku_id, qty })));
  const groupings = [...new Map(demand.strategies.map((s) => [`${s.fefo}${s.fifo}${s.pickingAreaFirst}`, s])).values()].map(reachedBefore);
  // A strategy without steps 1 and 2 (or none given) reaches every candidate.
  const reachesAll = groupings.length === 0 || groupings.includes(null);
  const reached = reachesAll ? sql`` : sql`join (select sku_id, expiry_key, batch_day, area_rank from (
      select sku_id, expiry_key, batch_day, area_rank, min(need) as need, least(${sql.join(groupings as SQL[], sql`, `)}) as before
      from base group by sku_id, expiry_key, batch_day, area_rank) g where before < need) r using (sku_id, expiry_key, batch_day, area_rank)`;
  // Both drivers answer a raw statement with its `rows`; the path is built for the rows read only.
  const { rows } = (await tx.execute(sql`with base as materialized (
      select li.location_id, li.sku_id, li.batch_id, li.available_qty as available, ${areaRankSql} as area_rank, b.expiry_date,
        coalesce(b.expiry_date, ${NO_EXPIRY}::date) as expiry_key, (b.created_at at time zone 'UTC')::date as batch_day, n.qty as need,
        z.pick_sequence as zone_sequence, c.zone_id, p.pick_sequence as pathway_sequence, c.pathway_id, c.pick_sequence as cell_sequence
      from jsonb_to_recordset(${units}::jsonb) as n(sku_id text, qty int)
      join location_inventory li on li.whs_id = ${whsId} and li.sku_id = n.sku_id
      join cells c on c.whs_id = li.whs_id and c.location_code = li.location_id and c.status = ${NORMAL}
      join zones z on z.whs_id = c.whs_id and z.zone_id = c.zone_id and z.status = ${NORMAL}
      join pathways p on p.whs_id = c.whs_id and p.pathway_id = c.pathway_id and p.status = ${NORMAL}
      join sku_batches b on b.whs_id = li.whs_id and b.sku_id = li.sku_id and b.batch_id = li.batch_id
      where li.quality = ${GOOD} and li.location_type = ${STOCK_LOCATION_TYPE.values.CELL} and li.available_qty > 0
        and (b.expiry_date is null or b.expiry_date >= current_date)
        ${exclude === null ? sql`` : sql`and li.location_id <> ${exclude}`})
    select location_id, sku_id, batch_id, available, area_rank, expiry_date::text as expiry, batch_day::text as batch_day, zone_id, ${pathKeyOf({
      zoneSequence: sql`zone_sequence`, zoneId: sql`zone_id`, pathwaySequence: sql`pathway_sequence`, pathwayId: sql`pathway_id`,
      cellSequence: sql`cell_sequence`, code: sql`location_id`,
    })} as path
    from base ${reached}`)) as unknown as {
    rows: { location_id: string; sku_id: string; batch_id: string; available: number; area_rank: number; expiry: string | null; batch_day: string; zone_id: string; path: string }[];
  };
  for (const r of rows) {
    let list = out.get(r.sku_id);
    if (!list) out.set(r.sku_id, (list = []));
    list.push({
      location: r.location_id, skuId: r.sku_id, batchId: r.batch_id, available: Number(r.available), areaRank: Number(r.area_rank),
      expiry: r.expiry, batchDay: r.batch_day, zoneId: r.zone_id, path: r.path, key: `${r.location_id}\u0000${r.batch_id}`,
    });
  }
  return out;
}

type AllocateRuleRow = typeof salesAllocateRules.$inferSelect;

/** The warehouse's active allocate rules (of every order type), the one deciding first (lowest priority number) first. */
export async function allocateRulesOf(tx: Db, whsId: string): Promise<AllocateRuleRow[]> {
  return tx.select().from(salesAllocateRules)
    .where(and(eq(salesAllocateRules.whsId, whsId), eq(salesAllocateRules.status, ACTIVE_STATUS.values.ACTIVE)))
    .orderBy(asc(salesAllocateRules.priority), asc(salesAllocateRules.ruleId));
}

/**
 * The steps the first rule of the order's type matching the order (its shop, its priority; an empty
 * condition matches any) switches on; every step when none matches. Sales, MT and RTS orders each
 * have their own rules (Rule Center › Allocate Rule › Sales, MT, RTS).
 */
export function strategyFor(rules: readonly AllocateRuleRow[], order: { orderType: number; shopId: string | null; priority: number }): AllocateStrategy {
  const rule = rules.find((r) => r.orderType === order.orderType
    && (r.shopId === null || r.shopId === order.shopId) && (r.orderPriority === null || r.orderPriority === order.priority));
  return rule ? { fefo: rule.fefo, fifo: rule.fifo, pickingAreaFirst: rule.pickingAreaFirst, fewestLocations: rule.fewestLocations } : FULL_STRATEGY;
}

/** One order line still to allocate. */
export interface Need {
  orderNo: string;
  lineNo: number;
  skuId: string;
  qty: number;
}

/** The demand of needs (each SKU's units summed) under the strategies of their orders. */
export function demandOf(needs: Iterable<{ skuId: string; qty: number }>, strategies: readonly AllocateStrategy[]): Demand {
  const units = new Map<string, number>();
  for (const n of needs) units.set(n.skuId, (units.get(n.skuId) ?? 0) + n.qty);
  return { units, strategies };
}

/** A SKU short and the units wanted of it. */
export interface Shortage {
  skuId: string;
  wanted: number;
}

const shortageKey = (s: Shortage) => `${s.skuId}\u0000${s.wanted}`;

/**
 * Why SKUs cannot be allocated now, in English: what each holds and who holds the rest (the first
 * three orders by number), counting picks reserved but not recorded yet (`unrecorded`, a wave's).
 * Two statements for all of them, by shortageKey.
 */
async function shortageReasons(tx: Db, whsId: string, shortages: readonly Shortage[], unrecorded: readonly Chosen[] = []): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (shortages.length === 0) return out;
  const short = new Set(shortages.map((s) => s.skuId));
  const skuIds = JSON.stringify([...short]);
  const { rows: totals } = (await tx.execute(sql`select li.sku_id, sum(li.onhand_qty)::int as onhand, sum(li.locked_qty)::int as locked,
      sum(li.prepick_qty)::int as prepick, sum(li.available_qty)::int as available
    from location_inventory li where li.whs_id = ${whsId} and li.sku_id in (select jsonb_array_elements_text(${skuIds}::jsonb)) and li.quality = ${GOOD}
      and li.location_type = ${STOCK_LOCATION_TYPE.values.CELL}
    group by li.sku_id`)) as unknown as { rows: { sku_id: string; onhand: number; locked: number; prepick: number; available: number }[] };
  const pending = JSON.stringify(unrecorded.flatMap(({ need, picks }) => picks.filter((p) => short.has(p.skuId)).map((p) => ({ sku_id: p.skuId, order_no: need.orderNo, qty: p.qty }))));
  const { rows: holders } = (await tx.execute(sql`select sku_id, order_no, task_no, qty from (
      select a.sku_id, a.order_no, a.task_no, sum(a.qty)::int as qty, row_number() over (partition by a.sku_id order by a.order_no, a.task_no) as place
      from (select a.sku_id, a.order_no, a.task_no, a.qty - a.picked_qty - a.short_qty - a.cancelled_qty as qty
          from outbound_allocations a where a.whs_id = ${whsId} and a.sku_id in (select jsonb_array_elements_text(${skuIds}::jsonb))
            and a.qty > a.picked_qty + a.short_qty + a.cancelled_qty
        union all
        select p.sku_id, p.order_no, null, p.qty from jsonb_to_recordset(${pending}::jsonb) as p(sku_id text, order_no text, qty int)) a
      group by a.sku_id, a.order_no, a.task_no) h
    where place <= 4 order by sku_id, place`)) as unknown as { rows: { sku_id: string; order_no: string; task_no: string | null; qty: number }[] };
  const totalOf = new Map(totals.map((t) => [t.sku_id, t]));
  const holdersOf = new Map<string, typeof holders>();
  for (const h of holders) holdersOf.set(h.sku_id, [...(holdersOf.get(h.sku_id) ?? []), h]);
  for (const s of shortages) {
    const r = totalOf.get(s.skuId);
    const held = holdersOf.get(s.skuId) ?? [];
    const heldBy = held.slice(0, 3).map((h) => `${h.order_no}${h.task_no ? ` (task ${h.task_no})` : ''} ${h.qty}`).join(', ');
    out.set(shortageKey(s), `SKU ${s.skuId}: ${s.wanted} wanted, ${Number(r?.available ?? 0)} available in pickable cells (${Number(r?.onhand ?? 0)} on hand, ${Number(r?.prepick ?? 0)} pre-picked`
      + `${heldBy ? ` by ${heldBy}${held.length > 3 ? ', …' : ''}` : ''}, ${Number(r?.locked ?? 0)} blocked).`);
  }
  return out;
}

/** Why a SKU cannot be allocated now (shortageReasons of one). */
export async function shortageReason(tx: Db, whsId: string, skuId: string, wanted: number): Promise<string> {
  return (await shortageReasons(tx, whsId, [{ skuId, wanted }])).get(shortageKey({ skuId, wanted }))!;
}

/** Reserves picks on the ledger: their cells and batches were read with the candidates they were chosen from, in this transaction. */
async function reserveStock(tx: Db, whsId: string, chosen: readonly Chosen[]): Promise<void> {
  const picks = chosen.flatMap((c) => c.picks);
  if (picks.length === 0) return;
  await reservePrepick(tx, whsId, picks.map((p) => ({ location: p.location, skuId: p.skuId, batchId: p.batchId, quality: GOOD as Quality, qty: p.qty })),
    { proven: { zoneOf: new Map(picks.map((p) => [p.location, p.zoneId])) } });
}

/** An allocation to record: reserved units of a pick for its line, on a task (at its place on the route) or on none yet. */
export interface AllocationRow {
  need: Need;
  pick: Pick;
  taskNo: string | null;
  seq: number | null;
  /** Sorting while picking: the slot of the task's cart the order's units go into. */
  slotNo: number | null;
}

/** The allocation rows of chosen picks, on no task, in the order chosen. */
export const unplaced = (chosen: readonly Chosen[]): AllocationRow[] =>
  chosen.flatMap(({ need, picks }) => picks.map((pick) => ({ need, pick, taskNo: null, seq: null, slotNo: null })));

/** Records allocations in the order given (their ids rise in it); returns the new ids. */
export async function recordAllocations(tx: Db, whsId: string, rows: readonly AllocationRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  // Every row in one parameter: a run of many orders inserts thousands at once.
  const values = rows.map(({ need, pick, taskNo, seq, slotNo }) => ({
    order_no: need.orderNo, line_no: need.lineNo, location_id: pick.location, sku_id: pick.skuId, batch_id: pick.batchId, qty: pick.qty, task_no: taskNo, seq, slot_no: slotNo,
  }));
  const { rows: inserted } = (await tx.execute(sql`insert into outbound_allocations (whs_id, order_no, line_no, location_id, sku_id, batch_id, quality, qty, task_no, seq, slot_no)
    select ${whsId}, r.order_no, r.line_no, r.location_id, r.sku_id, r.batch_id, ${GOOD}, r.qty, r.task_no, r.seq, r.slot_no
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as r(order_no text, line_no smallint, location_id text, sku_id text, batch_id text, qty int, task_no text, seq int, slot_no smallint)
    returning alloc_id`)) as unknown as { rows: { alloc_id: number | string }[] };
  // Ids are drawn in the order of the rows inserted.
  return inserted.map((r) => Number(r.alloc_id)).sort((a, b) => a - b);
}

type LineChange = { orderNo: string; lineNo: number; qty: number };

/** The units chosen for each order line. */
function unitsByLine(chosen: readonly Chosen[]): LineChange[] {
  const byLine = new Map<string, LineChange>();
  for (const { need, picks } of chosen) {
    const key = `${need.orderNo}\u0000${need.lineNo}`;
    const line = byLine.get(key) ?? { orderNo: need.orderNo, lineNo: need.lineNo, qty: 0 };
    for (const pick of picks) line.qty += pick.qty;
    byLine.set(key, line);
  }
  return [...byLine.values()];
}

/** Where reserved picks go on a task: after place `seqFrom` of its route, into cart slot `slotNo` (sorting while picking) or none. */
export interface TaskPlace {
  taskNo: string;
  seqFrom: number;
  slotNo: number | null;
}

/** Reserves the picks on the ledger and records them as allocations of their lines (on a task at `place`, or on no task); returns the new allocation ids. */
export async function reserve(tx: Db, whsId: string, chosen: readonly Chosen[], place: TaskPlace | null = null): Promise<number[]> {
  await reserveStock(tx, whsId, chosen);
  const ids = await recordAllocations(tx, whsId, unplaced(chosen).map((row, i) => (place === null ? row
    : { ...row, taskNo: place.taskNo, seq: place.seqFrom + i + 1, slotNo: place.slotNo })));
  await changeAllocated(tx, whsId, unitsByLine(chosen));
  return ids;
}

/** Adds to (or, negative, takes from) the allocated quantity of order lines only (their orders' changed by the caller). */
async function changeLinesAllocated(tx: Db, whsId: string, changes: readonly LineChange[]): Promise<string | null> {
  const live = changes.filter((c) => c.qty !== 0);
  if (live.length === 0) return null;
  const json = JSON.stringify(live.map((c) => ({ order_no: c.orderNo, line_no: c.lineNo, qty: c.qty })));
  await tx.execute(sql`update sales_order_lines l set allocated_qty = l.allocated_qty + v.qty
    from jsonb_to_recordset(${json}::jsonb) as v(order_no text, line_no smallint, qty int)
    where l.whs_id = ${whsId} and l.order_no = v.order_no and l.line_no = v.line_no`);
  return json;
}

/** Adds to (or, negative, takes from) the allocated quantity of order lines and their orders. */
export async function changeAllocated(tx: Db, whsId: string, changes: readonly LineChange[]): Promise<void> {
  const json = await changeLinesAllocated(tx, whsId, changes);
  if (json === null) return;
  await tx.execute(sql`update sales_orders o set allocated_qty = o.allocated_qty + v.qty, updated_at = now()
    from (select order_no, sum(qty)::int as qty from jsonb_to_recordset(${json}::jsonb) as r(order_no text, qty int) group by order_no) as v
    where o.whs_id = ${whsId} and o.order_no = v.order_no`);
}

export interface AllocationOutcome {
  order: OrderRow;
  allocated: boolean;
}

/** What allocation may start from: created, waiting or failed orders not on hold with units left to allocate. */
export const allocatable = (o: OrderRow) =>
  ([S.CREATED, S.PENDING_PICK, S.PICK_FAIL] as number[]).includes(o.status) && o.priority !== ORDER_PRIORITY.values.ON_HOLD && o.allocatedQty < o.totalQty;

/** How an allocation records its allocations: now, on no task, or not at all (a wave records them with their tasks). */
type Recording = 'now' | 'by caller';

/**
 * Takes what was chosen for orders whose every line is covered: reserves it, records it (see
 * Recording), adds it to the lines' and orders' allocated quantities and marks the orders allocated.
 */
async function take(tx: Db, whsId: string, orders: readonly OrderRow[], chosen: readonly Chosen[], operatorId: number | null, recording: Recording): Promise<Map<string, AllocationOutcome>> {
  await reserveStock(tx, whsId, chosen);
  if (recording === 'now') await recordAllocations(tx, whsId, unplaced(chosen));
  await changeLinesAllocated(tx, whsId, unitsByLine(chosen));
  return markAllocated(tx, whsId, orders, chosen, operatorId);
}

/** The shortage of an order short of `need`'s SKU: the units all its lines of the SKU want. */
const shortageOf = (needs: readonly Need[], need: Need): Shortage =>
  ({ skuId: need.skuId, wanted: needs.filter((n) => n.skuId === need.skuId).reduce((sum, n) => sum + n.qty, 0) });

/**
 * Allocates one locked order: every line's units or none. Runs in a savepoint so a short order or
 * a lost race leaves nothing reserved; a lost race is tried once more against fresh stock.
 */
async function allocateOne(tx: Db, whsId: string, order: OrderRow, operatorId: number | null, strategy: AllocateStrategy): Promise<AllocationOutcome> {
  const lines = await tx.select().from(salesOrderLines)
    .where(and(eq(salesOrderLines.whsId, whsId), eq(salesOrderLines.orderNo, order.orderNo)));
  const needs: Need[] = lines.filter((l) => l.allocatedQty < l.qty).map((l) => ({ orderNo: l.orderNo, lineNo: l.lineNo, skuId: l.skuId, qty: l.qty - l.allocatedQty }));
  let shortSku: Need | null = null;
  let done: Map<string, AllocationOutcome> | undefined;
  for (let attempt = 0; attempt < 2; attempt++) {
    shortSku = null;
    try {
      await tx.transaction(async (sp) => {
        const candidates = await candidatesFor(sp, whsId, demandOf(needs, [strategy]));
        const taken = new Map<string, number>();
        const chosen: Chosen[] = [];
        for (const need of needs) {
          const picks = choose(candidates.get(need.skuId) ?? [], need.qty, taken, strategy);
          if (!picks) {
            shortSku = need;
            throw SHORT;
          }
          chosen.push({ need, picks });
        }
        done = await take(sp, whsId, [order], chosen, operatorId, 'now');
      });
      return done!.get(order.orderNo)!;
    } catch (error) {
      if (error === SHORT) break;
      // Another allocation took the units between reading and reserving: read again once.
      if (error instanceof ApiError && error.retcode === RET.INSUFFICIENT_STOCK && attempt === 0) continue;
      if (error instanceof ApiError && error.retcode === RET.INSUFFICIENT_STOCK) break;
      throw error;
    }
  }
  const waiting = await waitForStock(tx, whsId, [{ order, shortage: shortageOf(needs, shortSku ?? needs[0]!) }], operatorId);
  return waiting.get(order.orderNo)!;
}

const SHORT = new Error('short');

/**
 * Short orders wait for stock, each with the reason of the SKU it is short of (the reasons of all
 * found together); one waiting for the same reason already is left as it is, so a repeated try
 * logs nothing new.
 */
async function waitForStock(
  tx: Db, whsId: string, shorts: readonly { order: OrderRow; shortage: Shortage }[], operatorId: number | null, unrecorded: readonly Chosen[] = [],
): Promise<Map<string, AllocationOutcome>> {
  const out = new Map<string, AllocationOutcome>();
  const reasons = await shortageReasons(tx, whsId, shorts.map((s) => s.shortage), unrecorded);
  const moving: { order: OrderRow; reason: string }[] = [];
  for (const { order, shortage } of shorts) {
    const reason = reasons.get(shortageKey(shortage))!;
    if (order.status === S.PENDING_PICK && order.holdReason === reason) out.set(order.orderNo, { order, allocated: false });
    else moving.push({ order, reason });
  }
  if (moving.length === 0) return out;
  const arriving = moving.filter((m) => m.order.status !== S.PENDING_PICK);
  for (const { order } of arriving) assertTransition(orderLifecycle(order.orderType), orderLabel(order.orderNo), order.status as OrderStatus, S.PENDING_PICK);
  const reasonOf = JSON.stringify(Object.fromEntries(moving.map((m) => [m.order.orderNo, m.reason])));
  const rows = await tx.update(salesOrders).set({ status: S.PENDING_PICK, holdReason: sql`${reasonOf}::jsonb ->> ${salesOrders.orderNo}`, updatedAt: sql`now()` })
    .where(and(eq(salesOrders.whsId, whsId), inArray(salesOrders.orderNo, moving.map((m) => m.order.orderNo)))).returning();
  for (const row of rows) out.set(row.orderNo, { order: row, allocated: false });
  await logOrders(tx, whsId, arriving.map((m) => ({ orderNo: m.order.orderNo, from: m.order.status, to: S.PENDING_PICK, note: `Waiting for stock. ${m.reason}` })), operatorId);
  return out;
}

/** What an allocation did: each order's outcome, and the picks reserved but left to the caller to record ('by caller'). */
export interface AllocationPass {
  outcomes: Map<string, AllocationOutcome>;
  unrecorded: Chosen[];
}

/**
 * Which of the orders allocated together gets scarce stock first, before priority and age: a rank
 * per order number (lower first; orders without one after those with one). MT orders rank by
 * their destination's place in the MT destination priority.
 */
export type Precedence = ReadonlyMap<string, number>;

/**
 * Allocates orders (locked here, orders first) by `precedence`, then priority, then age: higher
 * priority orders get scarce stock first. Orders that cannot be allocated now (on hold, released, allocated) are
 * answered unchanged. The orders are allocated together — one read of the candidates, the choice
 * made in memory order by order, one reservation — and, should another allocation have taken
 * units between the read and the reservation, again one by one.
 */
export async function allocateOrders(
  tx: Db, whsId: string, orderNos: readonly string[], operatorId: number | null, precedence: Precedence = new Map(),
): Promise<Map<string, AllocationOutcome>> {
  return (await allocatePass(tx, whsId, orderNos, operatorId, 'now', precedence)).outcomes;
}

/**
 * allocateOrders for a wave: what the orders allocated together took is reserved but not recorded
 * (`unrecorded`), so the wave writes each allocation once, with its task. Orders allocated one by
 * one after a lost race are recorded on no task, as allocateOrders does.
 */
export function allocateForWave(tx: Db, whsId: string, orderNos: readonly string[], operatorId: number | null): Promise<AllocationPass> {
  return allocatePass(tx, whsId, orderNos, operatorId, 'by caller');
}

async function allocatePass(
  tx: Db, whsId: string, orderNos: readonly string[], operatorId: number | null, recording: Recording, precedence: Precedence = new Map(),
): Promise<AllocationPass> {
  const orders = await lockOrders(tx, whsId, orderNos);
  const rank = (o: OrderRow) => precedence.get(o.orderNo) ?? Number.MAX_SAFE_INTEGER;
  const queue = [...orders.values()].filter(allocatable)
    .sort((a, b) => rank(a) - rank(b) || b.priority - a.priority || a.createdAt.getTime() - b.createdAt.getTime() || cmp(a.orderNo, b.orderNo));
  const outcomes = new Map<string, AllocationOutcome>();
  for (const o of orders.values()) outcomes.set(o.orderNo, { order: o, allocated: o.allocatedQty === o.totalQty && o.allocatedQty > 0 });
  if (queue.length === 0) return { outcomes, unrecorded: [] };
  const rules = await allocateRulesOf(tx, whsId);
  try {
    const together = await tx.transaction((sp) => allocateTogether(sp, whsId, queue, operatorId, rules, recording));
    for (const [orderNo, outcome] of together.outcomes) outcomes.set(orderNo, outcome);
    return { outcomes, unrecorded: together.unrecorded };
  } catch (error) {
    if (!(error instanceof ApiError && error.retcode === RET.INSUFFICIENT_STOCK)) throw error;
  }
  for (const order of queue) outcomes.set(order.orderNo, await allocateOne(tx, whsId, order, operatorId, strategyFor(rules, order)));
  return { outcomes, unrecorded: [] };
}

/** The lines of orders still to allocate, by order. */
async function needsOf(tx: Db, whsId: string, orderNos: readonly string[]): Promise<Map<string, Need[]>> {
  const { rows } = (await tx.execute(sql`select l.order_no, l.line_no, l.sku_id, l.qty - l.allocated_qty as qty from sales_order_lines l
    where l.whs_id = ${whsId} and l.order_no in (select jsonb_array_elements_text(${JSON.stringify(orderNos)}::jsonb)) and l.allocated_qty < l.qty
    order by l.order_no, l.line_no`)) as unknown as { rows: { order_no: string; line_no: number; sku_id: string; qty: number }[] };
  const out = new Map<string, Need[]>();
  for (const r of rows) {
    const list = out.get(r.order_no) ?? [];
    list.push({ orderNo: r.order_no, lineNo: Number(r.line_no), skuId: r.sku_id, qty: Number(r.qty) });
    out.set(r.order_no, list);
  }
  return out;
}

/**
 * Orders whose every unit is now reserved (`chosen`, their lines' picks): in one update the units
 * join their allocated quantity and the orders are created again (a waiting or failed one), each
 * with a log row of what was reserved.
 */
async function markAllocated(tx: Db, whsId: string, orders: readonly OrderRow[], chosen: readonly Chosen[], operatorId: number | null): Promise<Map<string, AllocationOutcome>> {
  const out = new Map<string, AllocationOutcome>();
  if (orders.length === 0) return out;
  for (const o of orders) {
    if (o.status !== S.CREATED) assertTransition(orderLifecycle(o.orderType), orderLabel(o.orderNo), o.status as OrderStatus, S.CREATED);
  }
  const units = new Map<string, { qty: number; locations: Set<string> }>();
  for (const { need, picks } of chosen) {
    const seen = units.get(need.orderNo) ?? { qty: 0, locations: new Set<string>() };
    for (const pick of picks) {
      seen.qty += pick.qty;
      seen.locations.add(pick.location);
    }
    units.set(need.orderNo, seen);
  }
  const added = JSON.stringify(Object.fromEntries(orders.map((o) => [o.orderNo, units.get(o.orderNo)?.qty ?? 0])));
  const rows = await tx.update(salesOrders)
    .set({ status: S.CREATED, holdReason: null, allocatedQty: sql`${salesOrders.allocatedQty} + (${added}::jsonb ->> ${salesOrders.orderNo})::int`, updatedAt: sql`now()` })
    .where(and(eq(salesOrders.whsId, whsId), inArray(salesOrders.orderNo, orders.map((o) => o.orderNo)))).returning();
  for (const row of rows) out.set(row.orderNo, { order: row, allocated: true });
  await logOrders(tx, whsId, orders.map((o) => {
    const u = units.get(o.orderNo);
    return { orderNo: o.orderNo, from: o.status, to: S.CREATED, note: `Allocated: ${u?.qty ?? 0} units reserved at ${u?.locations.size ?? 0} location(s).` };
  }), operatorId);
  return out;
}

/** Allocates a queue of locked orders in one pass (see allocateOrders); a reservation lost to a race throws INSUFFICIENT_STOCK. */
async function allocateTogether(tx: Db, whsId: string, queue: readonly OrderRow[], operatorId: number | null, rules: readonly AllocateRuleRow[], recording: Recording): Promise<AllocationPass> {
  const needs = await needsOf(tx, whsId, queue.map((o) => o.orderNo));
  const strategies = new Map(queue.map((o) => [o.orderNo, strategyFor(rules, o)]));
  const candidates = await candidatesFor(tx, whsId, demandOf([...needs.values()].flat(), [...strategies.values()]));
  const taken = new Map<string, number>();
  const chosen: Chosen[] = [];
  const allocated: OrderRow[] = [];
  const short: { order: OrderRow; shortage: Shortage }[] = [];
  for (const order of queue) {
    const mine: Chosen[] = [];
    let missing: Need | null = null;
    const strategy = strategies.get(order.orderNo)!;
    for (const need of needs.get(order.orderNo) ?? []) {
      const picks = choose(candidates.get(need.skuId) ?? [], need.qty, taken, strategy);
      if (!picks) {
        missing = need;
        break;
      }
      mine.push({ need, picks });
    }
    if (missing) {
      for (const { picks } of mine) giveBack(taken, picks);
      short.push({ order, shortage: shortageOf(needs.get(order.orderNo) ?? [], missing) });
      continue;
    }
    chosen.push(...mine);
    allocated.push(order);
  }
  const outcomes = await take(tx, whsId, allocated, chosen, operatorId, recording);
  const unrecorded = recording === 'now' ? [] : chosen;
  for (const [orderNo, outcome] of await waitForStock(tx, whsId, short, operatorId, unrecorded)) outcomes.set(orderNo, outcome);
  return { outcomes, unrecorded };
}

/** Orders of the warehouse and of a type among these numbers (unlocked), to tell the unknown ones. */
export async function knownOrders(tx: Db, whsId: string, orderNos: readonly string[], orderType: number): Promise<Set<string>> {
  const rows = await tx.select({ orderNo: salesOrders.orderNo }).from(salesOrders)
    .where(and(eq(salesOrders.whsId, whsId), eq(salesOrders.orderType, orderType), inArray(salesOrders.orderNo, [...orderNos])));
  return new Set(rows.map((r) => r.orderNo));
}
