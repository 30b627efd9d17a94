import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { SORTING_STAGE, TASK_STATUS } from '../../../shared/codes';
import type { PreSortPayload, SortingWork, SortPayload } from '../../../shared/contract/sorting.contract';
import { sortingOps } from '../../../shared/ops/sorting.ops';
import type { OutboxOp } from '../../kit/outbox/db';
import { skuMatches, slotOfScan } from './picking-flow';

/**
 * The put wall's decisions, DOM-free (the sorting screen only renders them): what each order has in
 * its slot — the server's last read plus this device's sorts it does not have yet —, which slot a
 * scanned unit goes to (the first order by slot still needing its SKU), whether a scanned slot label
 * confirms it, and what the sort op carries. Pre-sorting the same way: a unit goes to its order's
 * group, shown as the group's put wall, and the group's tote (any empty tote for its first unit, which
 * binds it) confirms it. Online or not, the station answers at once; the server's answer to each op is
 * the truth.
 */

const T = TASK_STATUS.values;
const PLACING_KINDS: readonly string[] = [sortingOps.sort.kind, sortingOps.presort.kind];
export const SORTING_KINDS: readonly string[] = [...PLACING_KINDS, sortingOps.refuse.kind];

/** This device's sorting ops of a task, newest first (as the outbox lists them). */
export function sortingOpsOf(ops: readonly OutboxOp[], taskNo: string): OutboxOp[] {
  return ops.filter((op) => SORTING_KINDS.includes(op.kind) && (op.payload as { task_no?: string }).task_no === taskNo);
}

export interface WallLine {
  skuId: string;
  skuName: string;
  codes: readonly string[];
  qty: number;
  /** In the slot: on the server, or sorted on this device and not yet on the server. */
  sorted: number;
}

export interface WallOrder {
  orderNo: string;
  /** Its slot; pre-sorting: its group. */
  slotNo: number;
  /** Its slot's container; pre-sorting: the put wall its group goes to. */
  slotContainer: string;
  /** Pre-sorting: its group's tote, on the server or bound by this device's first pre-sort of the group (null: none yet). */
  tote: string | null;
  lines: WallLine[];
  total: number;
  sorted: number;
  /** Every unit is in its slot. */
  complete: boolean;
  /** The server refused a sort of this order from this device (the message to show). */
  refused: string | null;
  cancelled: boolean;
}

export interface WallView {
  /** Pre-sorting (into one tote a put wall) rather than sorting at a put wall. */
  pre: boolean;
  taskNo: string;
  stationId: string;
  containerCode: string;
  orders: WallOrder[];
  total: number;
  sorted: number;
  /** Sorts of this device the server has not answered yet. */
  waiting: number;
}

const onDevice = (op: OutboxOp) => op.state === 'pending' || op.state === 'sending' || op.state === 'done';

/** The wall as read, with this device's sorts the read does not hold (its scans name their ops) counted in. */
export function wallView(work: SortingWork, ops: readonly OutboxOp[]): WallView {
  const known = new Set(work.scans.flatMap((s) => (s.op_id ? [s.op_id] : [])));
  const extra = new Map<string, number>();
  const refused = new Map<string, string>();
  const groupOf = new Map(work.orders.map((o) => [o.order_no, o.slot_no]));
  const totes = new Map<number, string>();
  for (const o of work.orders) if (o.tote_code) totes.set(o.slot_no, o.tote_code);
  let waiting = 0;
  // Oldest first, so an order's last refusal is the one kept, and a group's first tote the one bound.
  for (const op of [...ops].reverse()) {
    if (!PLACING_KINDS.includes(op.kind)) continue;
    const p = op.payload as SortPayload | PreSortPayload;
    if (op.state === 'rejected') refused.set(p.order_no, op.last_error?.message ?? '');
    if (!onDevice(op)) continue;
    const group = groupOf.get(p.order_no);
    if ('tote_code' in p && group !== undefined && !totes.has(group)) totes.set(group, p.tote_code);
    if (known.has(op.op_id)) continue;
    if (op.state !== 'done') waiting += 1;
    const key = `${p.order_no}\u0000${p.sku_id}`;
    extra.set(key, (extra.get(key) ?? 0) + (p.qty ?? 1));
  }
  const orders = work.orders.map((o): WallOrder => {
    const lines = o.lines.map((l): WallLine => ({
      skuId: l.sku_id, skuName: l.sku_name, codes: l.codes, qty: l.qty,
      sorted: Math.min(l.qty, l.sorted_qty + (extra.get(`${o.order_no}\u0000${l.sku_id}`) ?? 0)),
    }));
    const sorted = lines.reduce((sum, l) => sum + l.sorted, 0);
    const total = lines.reduce((sum, l) => sum + l.qty, 0);
    return {
      orderNo: o.order_no, slotNo: o.slot_no, slotContainer: o.slot_container, tote: totes.get(o.slot_no) ?? null, lines, total, sorted,
      complete: o.status === T.DONE || (total > 0 && sorted >= total), refused: o.status === T.DONE ? null : refused.get(o.order_no) ?? null,
      cancelled: o.status === T.CANCEL,
    };
  });
  return {
    pre: work.task.stage === SORTING_STAGE.values.PRE_SORTING, taskNo: work.task.task_no, stationId: work.task.station_id, containerCode: work.task.container_code, orders,
    total: orders.filter((o) => !o.cancelled).reduce((sum, o) => sum + o.total, 0),
    sorted: orders.filter((o) => !o.cancelled).reduce((sum, o) => sum + o.sorted, 0),
    waiting,
  };
}

/** Every order not cancelled has all its units in its slot. */
export const wallComplete = (view: WallView): boolean => view.orders.every((o) => o.cancelled || o.complete);

/** A unit scanned: the slot it goes to, or refused at once. */
export type UnitTarget =
  | { ok: true; orderNo: string; skuId: string; slotNo: number; slotContainer: string }
  | { ok: false; skuId: string | null; refusal: MessageDescriptor };

/** The slot a scanned unit (any of its SKU's codes) goes to: the first order by slot still needing one. */
export function unitTarget(view: WallView, code: string): UnitTarget {
  const value = code.trim();
  const line = view.orders.flatMap((o) => o.lines).find((l) => skuMatches({ sku_id: l.skuId, codes: [...l.codes] }, value));
  if (!line) return { ok: false, skuId: null, refusal: msg`${value} is no unit of this container: put it aside for the exception desk.` };
  const skuId = line.skuId;
  const target = view.orders.find((o) => !o.cancelled && o.lines.some((l) => l.skuId === skuId && l.sorted < l.qty));
  if (!target) return { ok: false, skuId, refusal: msg`One ${skuId} too many: every order has all its units of it in its slot.` };
  return { ok: true, orderNo: target.orderNo, skuId, slotNo: target.slotNo, slotContainer: target.slotContainer };
}

/** The slot a scanned label names on this wall: `<wall>-<n>` (any zero padding), or the plain number; null when it names none. */
export const slotOfLabel = (view: WallView, code: string): number | null => slotOfScan(view.stationId, code);

/** Why a scanned label does not confirm a unit going into `slotNo`, or null. */
export function slotRefusal(view: WallView, slotNo: number, code: string): MessageDescriptor | null {
  const value = code.trim();
  const scanned = slotOfLabel(view, value);
  if (scanned === null) return msg`${value} is not a slot label of this put wall: put the unit into slot ${slotNo} and scan its label.`;
  if (scanned !== slotNo) return msg`Wrong slot ${scanned}: this unit goes into slot ${slotNo}.`;
  return null;
}

/** The op a confirmed unit queues. */
export const sortPayloadOf = (view: WallView, target: { orderNo: string; skuId: string; slotNo: number }): SortPayload => ({
  task_no: view.taskNo, order_no: target.orderNo, sku_id: target.skuId, qty: 1, slot_no: target.slotNo,
});

/**
 * Why a scanned tote does not confirm a unit going to `target`'s put wall (pre-sorting), or null: its
 * group's tote once it has one; before, any tote but the container being pre-sorted or another
 * group's tote (the server checks it is empty).
 */
export function toteRefusal(view: WallView, target: { slotNo: number; slotContainer: string }, code: string): MessageDescriptor | null {
  const value = code.trim();
  const wall = target.slotContainer;
  const bound = view.orders.find((o) => o.slotNo === target.slotNo && o.tote)?.tote ?? null;
  if (bound) return value === bound ? null : msg`Wrong tote ${value}: the units for put wall ${wall} go into tote ${bound}.`;
  if (value === view.containerCode) return msg`${value} is the container being pre-sorted: put the unit into an empty tote for put wall ${wall}.`;
  const other = view.orders.find((o) => o.tote === value);
  if (other) {
    const otherWall = other.slotContainer;
    return msg`Tote ${value} takes the units of another group (put wall ${otherWall}): put this unit into an empty tote for put wall ${wall}.`;
  }
  return null;
}

/** The tote a pre-sorted unit goes into: its group's, or null when the group has none yet (any empty tote binds it). */
export const toteOf = (view: WallView, slotNo: number): string | null => view.orders.find((o) => o.slotNo === slotNo && o.tote)?.tote ?? null;

/** The op a confirmed pre-sorted unit queues. */
export const preSortPayloadOf = (view: WallView, target: { orderNo: string; skuId: string; slotContainer: string }, tote: string): PreSortPayload => ({
  task_no: view.taskNo, order_no: target.orderNo, sku_id: target.skuId, qty: 1, station_id: target.slotContainer, tote_code: tote.trim(),
});

/** Pre-sorting's groups: each put wall's tote with its orders and units, by group. */
export interface WallGroup {
  slotNo: number;
  wall: string;
  tote: string | null;
  orders: number;
  total: number;
  sorted: number;
  complete: boolean;
}

export function wallGroups(view: WallView): WallGroup[] {
  const groups = new Map<number, WallGroup>();
  for (const o of view.orders) {
    if (o.cancelled) continue;
    const g = groups.get(o.slotNo) ?? { slotNo: o.slotNo, wall: o.slotContainer, tote: o.tote, orders: 0, total: 0, sorted: 0, complete: true };
    groups.set(o.slotNo, { ...g, orders: g.orders + 1, total: g.total + o.total, sorted: g.sorted + o.sorted, complete: g.complete && o.complete });
  }
  return [...groups.values()].sort((a, b) => a.slotNo - b.slotNo);
}
