import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { TASK_STATUS } from '../../../shared/codes';
import type { SortingWork, SortPayload } from '../../../shared/contract/sorting.contract';
import { sortingOps } from '../../../shared/ops/sorting.ops';
import type { OutboxOp } from '../../kit/outbox/db';
import { skuMatches, slotOfScan } from './picking-flow';

/**
 * The put wall's decisions, DOM-free (the sorting screen only renders them): what each order has in
 * its slot — the server's last read plus this device's sorts it does not have yet —, which slot a
 * scanned unit goes to (the first order by slot still needing its SKU), whether a scanned slot label
 * confirms it, and what the sort op carries. Online or not, the wall answers at once; the server's
 * answer to each op is the truth.
 */

const T = TASK_STATUS.values;
export const SORTING_KINDS: readonly string[] = [sortingOps.sort.kind, sortingOps.refuse.kind];

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
  slotNo: number;
  slotContainer: string;
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
  let waiting = 0;
  // Oldest first, so an order's last refusal is the one kept.
  for (const op of [...ops].reverse()) {
    if (op.kind !== sortingOps.sort.kind) continue;
    const p = op.payload as SortPayload;
    if (op.state === 'rejected') refused.set(p.order_no, op.last_error?.message ?? '');
    if (!onDevice(op) || known.has(op.op_id)) continue;
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
      orderNo: o.order_no, slotNo: o.slot_no, slotContainer: o.slot_container, lines, total, sorted,
      complete: o.status === T.DONE || (total > 0 && sorted >= total), refused: o.status === T.DONE ? null : refused.get(o.order_no) ?? null,
      cancelled: o.status === T.CANCEL,
    };
  });
  return {
    taskNo: work.task.task_no, stationId: work.task.station_id, containerCode: work.task.container_code, orders,
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
