import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { PICKING_TASK_KIND, SALES_ORDER_STATUS, type CodeOf, type TASK_STATUS } from '../../../shared/codes';
import {
  pickResultSchema, type PickingLine, type PickingTask, type PickingWork, type PickPayload, type PickResult, type ReversePutPayload, type ShortPickPayload,
} from '../../../shared/contract/picking.contract';
import { isFinal, TASK_LIFECYCLE } from '../../../shared/lifecycles';
import { pickingOps } from '../../../shared/ops/picking.ops';
import { zoneColorNamed, type ZoneColor } from '../../../shared/zone-colors';
import type { OutboxOp } from '../../kit/outbox';

/**
 * What the picking screen knows offline (DOM-free, unit-tested): the claimed task as last read
 * (its offlineRead answer, possibly from the service worker's cache) plus this device's picking
 * ops — applied ones by the line figures their answers carry (and the stops a short pick's
 * re-allocation added), queued ones by their quantities — and what each scan means on the route:
 * container → location → SKU (each scan one piece, or a typed quantity) → (sorting while picking:
 * the order's cart slot) → the pick is queued; for reverse picking, the cell → the quantity put
 * back. The server checks every op again; when two pickers meet at one location its answer is the
 * truth.
 */

export const PICKING_KINDS: readonly string[] = [pickingOps.pick.kind, pickingOps.shortPick.kind, pickingOps.reversePut.kind];

/** This device's picking ops of a task, as the outbox lists them (newest first). */
export function pickingOpsOf(ops: readonly OutboxOp[], taskNo: string): OutboxOp[] {
  return ops.filter((op) => PICKING_KINDS.includes(op.kind) && op.payload.task_no === taskNo);
}

/** The answer an applied op carries, or null (not applied, or not one of ours). */
export function resultOf(op: OutboxOp): PickResult | null {
  if (op.state !== 'done') return null;
  const parsed = pickResultSchema.safeParse(op.result);
  return parsed.success ? parsed.data : null;
}

/** A stop of the route as the operator sees it: the read figures, the applied answers and this device's queued ops. */
export interface Stop extends PickingLine {
  /** Picked (picking) or put back (reverse) per the server, as far as this device knows. */
  doneQty: number;
  /** Units this device has queued on the stop (picks or puts back, and short picks). */
  queuedQty: number;
  /** What the stop still asks of the operator. */
  remaining: number;
  /** What the stop asks in all: the allocation's units (picking) or the units picked to put back (reverse). */
  askedQty: number;
  /** Its zone's colour while the warehouse shows zone colours (the claim's `zone_colors`), else null. */
  zoneColor: ZoneColor | null;
}

export interface RouteView {
  task: PickingTask;
  reverse: boolean;
  /** Every stop in route (seq) order, the re-allocated ones included. */
  stops: Stop[];
  /** Units handled (done, short, cancelled or queued) of all asked. */
  handled: number;
  total: number;
  /** Orders an applied short pick sent to Pick Fail: their open stops are cancelled. */
  failedOrders: string[];
}

const numberOf = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The palette colour of a zone in the claim's zone colours, or null (colours not shown, the zone has none, a name this app does not know). */
export function zoneColorOf(zoneColors: PickingWork['zone_colors'], zoneId: string | null): ZoneColor | null {
  const name = zoneId === null ? undefined : zoneColors?.[zoneId];
  return name === undefined ? null : zoneColorNamed(name) ?? null;
}

/**
 * The route: the read lines plus the stops applied short picks re-allocated, in seq order, each
 * with what is left. A line's figures are the larger of the read ones and those applied ops
 * answered (they only grow, so whichever is newer wins); queued ops take their units off on top.
 */
export function routeView(work: PickingWork, ops: readonly OutboxOp[]): RouteView {
  const reverse = work.task.kind === PICKING_TASK_KIND.values.REVERSE_PICKING;
  const own = pickingOpsOf(ops, work.task.task_no);
  const lines = new Map<number, PickingLine>(work.lines.map((l) => [l.alloc_id, l]));
  const answered = new Map<number, PickResult['line']>();
  const queued = new Map<number, number>();
  const failedOrders = new Set<string>();
  // Oldest first: a later answer of a line is the newer figure.
  for (const op of [...own].reverse()) {
    const result = resultOf(op);
    if (result) {
      const before = answered.get(result.line.alloc_id);
      answered.set(result.line.alloc_id, before ? {
        alloc_id: before.alloc_id,
        picked_qty: Math.max(before.picked_qty, result.line.picked_qty),
        short_qty: Math.max(before.short_qty, result.line.short_qty),
        returned_qty: Math.max(before.returned_qty, result.line.returned_qty),
      } : result.line);
      for (const added of result.reallocated) if (!lines.has(added.alloc_id)) lines.set(added.alloc_id, added);
      if (result.order_status === SALES_ORDER_STATUS.values.PICK_FAIL) failedOrders.add(result.order_no);
    } else if (op.state === 'pending' || op.state === 'sending') {
      const allocId = numberOf(op.payload.alloc_id);
      queued.set(allocId, (queued.get(allocId) ?? 0) + numberOf(op.payload.qty));
    }
  }
  const stops = [...lines.values()].sort((a, b) => a.seq - b.seq || a.alloc_id - b.alloc_id).map((line): Stop => {
    const answer = answered.get(line.alloc_id);
    const picked = Math.max(line.picked_qty, answer?.picked_qty ?? 0);
    const short = Math.max(line.short_qty, answer?.short_qty ?? 0);
    const returned = Math.max(line.returned_qty, answer?.returned_qty ?? 0);
    const queuedQty = queued.get(line.alloc_id) ?? 0;
    const zoneColor = zoneColorOf(work.zone_colors, line.zone_id);
    if (reverse) {
      return { ...line, returned_qty: returned, askedQty: picked, doneQty: returned, queuedQty, remaining: Math.max(0, picked - returned - queuedQty), zoneColor };
    }
    // The server cancels the open units of an order it sends to Pick Fail; the next read says how many.
    const cancelled = failedOrders.has(line.order_no) ? Math.max(line.cancelled_qty, line.qty - picked - short) : line.cancelled_qty;
    const remaining = Math.max(0, line.qty - picked - short - cancelled - queuedQty);
    return { ...line, cancelled_qty: cancelled, short_qty: short, askedQty: line.qty, doneQty: picked, queuedQty, remaining, zoneColor };
  });
  const total = stops.reduce((sum, s) => sum + s.askedQty, 0);
  const handled = stops.reduce((sum, s) => sum + s.askedQty - s.remaining, 0);
  return { task: work.task, reverse, stops, handled, total, failedOrders: [...failedOrders] };
}

/** The stop to work: the chosen one while it has units left, else the first in route order that has. */
export function currentStop(route: RouteView, chosen: number | null): Stop | undefined {
  return route.stops.find((s) => s.alloc_id === chosen && s.remaining > 0) ?? route.stops.find((s) => s.remaining > 0);
}

/** The open stop after `stop` on the route (the next one to walk to), or undefined. */
export function nextStop(route: RouteView, stop: Stop): Stop | undefined {
  return route.stops.find((s) => s.remaining > 0 && s.alloc_id !== stop.alloc_id && (s.seq > stop.seq || (s.seq === stop.seq && s.alloc_id > stop.alloc_id)))
    ?? route.stops.find((s) => s.remaining > 0 && s.alloc_id !== stop.alloc_id);
}

/** Every stop is picked, short-picked, cancelled or queued. */
export const routeComplete = (route: RouteView): boolean => route.stops.every((s) => s.remaining === 0);

/** Why the claimed task takes no picks from this user, or null. */
export function taskRefusal(task: PickingTask, userId: number): MessageDescriptor | null {
  const taskNo = task.task_no;
  if (isFinal(TASK_LIFECYCLE, task.status as CodeOf<typeof TASK_STATUS>)) return msg`Task ${taskNo} is finished: it takes no more picks.`;
  if (task.assignee_id !== null && task.assignee_id !== userId) {
    const name = task.assignee_name ?? String(task.assignee_id);
    return msg`Task ${taskNo} is assigned to ${name}.`;
  }
  return null;
}

/** The task waits for its container (a picking task the server has bound none to). */
export const needsContainer = (task: PickingTask): boolean =>
  task.kind === PICKING_TASK_KIND.values.PICKING && task.container_code === null;

const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** Why a scanned code cannot be the task's container, or null (the server checks it is a usable container). */
export function containerRefusal(work: PickingWork, code: string): MessageDescriptor | null {
  const value = code.trim();
  if (!value) return msg`Scan the container: a pick cart or basket.`;
  if (work.lines.some((l) => same(l.location_id, value))) return msg`${value} is a location of the route: scan the container (pick cart or basket) first.`;
  if (work.lines.some((l) => l.codes.includes(value) || same(l.sku_id, value))) return msg`${value} is a SKU: scan the container (pick cart or basket) first.`;
  return null;
}

/** Where the operator is at the stop: the location scanned (the cell to put back into, reverse), pieces counted so far. */
export interface AtStop {
  allocId: number;
  location: string;
  counted: number;
}

export type ScanOutcome =
  | { ok: false; refusal: MessageDescriptor }
  /** The scan moves the operator on: `at` is the new place; `complete` when the last piece the stop asks is counted. */
  | { ok: true; at: AtStop; complete: boolean };

/**
 * A scan at the current stop. Picking: with no location yet, the stop's location (any other is
 * refused, naming the right one); then the SKU by any of its codes, each scan one piece, refused
 * past what is left. Reverse picking: the cell the units go back into (any but the container;
 * the stop's location is the suggestion), then the quantity is typed.
 */
export function scanAtStop(route: RouteView, stop: Stop, at: AtStop | null, code: string): ScanOutcome {
  const value = code.trim();
  const here = at && at.allocId === stop.alloc_id ? at : null;
  if (!here) {
    if (route.reverse) {
      const container = stop.container_code ?? route.task.container_code;
      if (container !== null && same(container, value)) return { ok: false, refusal: msg`That is the container: scan the cell the units go back into.` };
      if (!value) return { ok: false, refusal: msg`Scan the cell the units go back into.` };
      return { ok: true, at: { allocId: stop.alloc_id, location: value, counted: 0 }, complete: false };
    }
    const expected = stop.location_id;
    if (!same(expected, value)) return { ok: false, refusal: msg`Wrong location ${value}: go to ${expected}.` };
    return { ok: true, at: { allocId: stop.alloc_id, location: expected, counted: 0 }, complete: false };
  }
  if (route.reverse) return { ok: false, refusal: msg`Enter the quantity put back, then confirm.` };
  if (!skuMatches(stop, value)) {
    const expected = stop.sku_id;
    return { ok: false, refusal: msg`Wrong SKU ${value}: this stop asks for ${expected}.` };
  }
  const counted = here.counted + 1;
  const refusal = qtyRefusal(stop, counted);
  if (refusal) return { ok: false, refusal };
  return { ok: true, at: { ...here, counted }, complete: counted === stop.remaining };
}

/** A scanned code names the stop's SKU: one of its codes (id, barcode, mapping codes), or its id in another case. */
export function skuMatches(stop: Pick<PickingLine, 'sku_id' | 'codes'>, code: string): boolean {
  const value = code.trim();
  return value !== '' && (stop.sku_id === value || stop.codes.includes(value) || same(stop.sku_id, value));
}

/** Why `qty` units cannot be picked (put back) at the stop now, or null. */
export function qtyRefusal(stop: Stop, qty: number): MessageDescriptor | null {
  const remaining = stop.remaining;
  if (!Number.isInteger(qty) || qty < 1) return msg`Enter a quantity of at least 1.`;
  if (qty > remaining) return msg`Over-pick: only ${remaining} left at this stop.`;
  return null;
}

/** Sorting while picking: the stop's units wait for their cart slot to be scanned before the pick is queued. */
export const needsSlot = (route: RouteView, stop: Stop): boolean => !route.reverse && stop.slot_no !== null;

/**
 * The slot a scanned slot label names on the task's cart, or null: a slot label reads the cart's
 * code, a dash and the slot number (`CART001-3`, `CART001-03`); a plain number is the slot too
 * (a cart whose slots carry only their numbers).
 */
export function slotOfScan(container: string | null, code: string): number | null {
  const value = code.trim().toUpperCase();
  const prefix = container ? `${container.trim().toUpperCase()}-` : null;
  const digits = /^\d{1,3}$/.test(value) ? value : prefix && value.startsWith(prefix) && /^\d{1,3}$/.test(value.slice(prefix.length)) ? value.slice(prefix.length) : null;
  if (digits === null) return null;
  const slot = Number(digits);
  return slot >= 1 ? slot : null;
}

/** Why a scan does not put the stop's units into their slot, or null (it names the stop's slot). */
export function slotRefusal(route: RouteView, stop: Stop, code: string): MessageDescriptor | null {
  const expected = stop.slot_no;
  const value = code.trim();
  if (expected === null) return null;
  const scanned = slotOfScan(route.task.container_code, value);
  if (scanned === null) return msg`${value} is not a slot of this cart: put the units into slot ${expected} and scan its label.`;
  if (scanned !== expected) return msg`Wrong slot ${scanned}: these units go into slot ${expected}.`;
  return null;
}

/** The op a confirmed stop queues: a pick (picking, with the cart slot it was sorted into) or a put back (reverse picking). */
export function stopPayload(route: RouteView, stop: Stop, at: AtStop, qty: number):
  | { kind: 'pick'; payload: PickPayload }
  | { kind: 'reversePut'; payload: ReversePutPayload } {
  const common = { task_no: route.task.task_no, alloc_id: stop.alloc_id, location: at.location, qty };
  if (route.reverse) return { kind: 'reversePut', payload: common };
  const pick = { ...common, sku_id: stop.sku_id };
  return { kind: 'pick', payload: stop.slot_no === null ? pick : { ...pick, slot_no: stop.slot_no } };
}

/** Why a short pick of `qty` at the stop cannot be queued, or null: units counted and not yet confirmed are not short. */
export function shortRefusal(stop: Stop, qty: number, counted: number): MessageDescriptor | null {
  const open = stop.remaining - counted;
  if (!Number.isInteger(qty) || qty < 1) return msg`Enter a quantity of at least 1.`;
  if (qty > open) return msg`Only ${open} can be short at this stop.`;
  return null;
}

/** The payload of a short pick at the stop. */
export const shortPayload = (route: RouteView, stop: Stop, qty: number, reason: ShortPickPayload['reason']): ShortPickPayload =>
  ({ task_no: route.task.task_no, alloc_id: stop.alloc_id, qty, reason });

/** What an applied short pick told the operator: re-allocated stops, or the order failed. */
export interface ShortAnswer {
  opId: string;
  orderNo: string;
  failed: boolean;
  reallocated: PickingLine[];
  message: string;
}

/** The answers of this task's applied short picks, newest first. */
export function shortAnswers(ops: readonly OutboxOp[]): ShortAnswer[] {
  return ops.flatMap((op) => {
    const result = op.kind === pickingOps.shortPick.kind ? resultOf(op) : null;
    if (!result) return [];
    return [{
      opId: op.op_id, orderNo: result.order_no, failed: result.order_status === SALES_ORDER_STATUS.values.PICK_FAIL,
      reallocated: result.reallocated, message: result.message,
    }];
  });
}
