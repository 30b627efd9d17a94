import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { CHECKING_REFUSAL_REASON, CHECKING_STATION_MODE, TASK_STATUS, type CodeOf } from '../../../shared/codes';
import { CHECKING_PACKAGING_TYPES, type CheckingOrder, type CheckingWork, type CheckPayload } from '../../../shared/contract/checking.contract';
import { checkingOps } from '../../../shared/ops/checking.ops';
import type { OutboxOp } from '../../kit/outbox/db';
import { skuMatches, slotOfScan } from './picking-flow';

/**
 * The checking station's decisions, DOM-free (the screen only renders them): which order a scanned
 * unit belongs to in the station's mode, what is refused at once (a unit of no order, of another
 * order, one too many), when an order is complete, what its check op carries, and each order's
 * state from the server's answer and this device's ops.
 *
 * Modes (spec §3): Checking — the operator takes one order at a time (scanned, or the only one)
 * and scans its units; Sort while Checking — each unit scanned goes to the first order (by slot)
 * still needing it, shown as a big slot number, and the slot's label is scanned to confirm;
 * Mass Checking — the same without the slot scan, for carts of like orders checked at speed.
 */

const M = CHECKING_STATION_MODE.values;
const T = TASK_STATUS.values;
const R = CHECKING_REFUSAL_REASON.values;
export type RefusalReason = CodeOf<typeof CHECKING_REFUSAL_REASON>;

/** Units scanned so far on this station, by order and SKU (not yet queued). */
export type Scanned = Readonly<Record<string, Readonly<Record<string, number>>>>;

export const CHECKING_KINDS: readonly string[] = [checkingOps.check.kind, checkingOps.refuse.kind];

/** This device's checking ops of a task, newest first (as the outbox lists them). */
export function checkingOpsOf(ops: readonly OutboxOp[], taskNo: string): OutboxOp[] {
  return ops.filter((op) => CHECKING_KINDS.includes(op.kind) && (op.payload as { task_no?: string }).task_no === taskNo);
}

/** Where an order stands at the station: open (to scan), queued (its check is on this device or applied), rejected, done, cancelled. */
export type OrderState = { kind: 'open' } | { kind: 'queued' } | { kind: 'done' } | { kind: 'cancelled' } | { kind: 'rejected'; message: string };

export function orderState(order: CheckingOrder, ops: readonly OutboxOp[]): OrderState {
  if (order.status === T.DONE) return { kind: 'done' };
  if (order.status === T.CANCEL) return { kind: 'cancelled' };
  // The outbox lists its ops newest first.
  const last = ops.find((op) => op.kind === checkingOps.check.kind && (op.payload as CheckPayload).order_no === order.order_no);
  if (!last) return { kind: 'open' };
  if (last.state === 'rejected') return { kind: 'rejected', message: last.last_error?.message ?? '' };
  return { kind: 'queued' };
}

/** Orders still to scan: open, or rejected (checked again after the operator looked), in slot order. */
export function openOrders(work: CheckingWork, ops: readonly OutboxOp[]): CheckingOrder[] {
  return work.orders.filter((o) => {
    const state = orderState(o, ops).kind;
    return state === 'open' || state === 'rejected';
  });
}

const scannedOf = (scanned: Scanned, orderNo: string, skuId: string) => scanned[orderNo]?.[skuId] ?? 0;

/** Every unit of the order is scanned. */
export function orderComplete(order: CheckingOrder, scanned: Scanned): boolean {
  return order.lines.every((l) => scannedOf(scanned, order.order_no, l.sku_id) >= l.qty);
}

export const unitsScanned = (order: CheckingOrder, scanned: Scanned) =>
  order.lines.reduce((sum, l) => sum + Math.min(l.qty, scannedOf(scanned, order.order_no, l.sku_id)), 0);

/** A scan's outcome: the unit goes to an order (its SKU), or is refused at once with the reason recorded. */
export type UnitOutcome =
  | { ok: true; orderNo: string; skuId: string; slotNo: number; confirmSlot: boolean }
  | { ok: false; reason: RefusalReason; skuId: string | null; refusal: MessageDescriptor };

/**
 * The order a scanned unit belongs to. In Checking mode it must be a unit `current` (the order
 * being checked) still needs; in the sorting modes, the first open order by slot still needing it.
 */
export function unitOfScan(work: CheckingWork, ops: readonly OutboxOp[], scanned: Scanned, current: string | null, code: string): UnitOutcome {
  const value = code.trim();
  const skuId = work.orders.flatMap((o) => o.lines).find((l) => skuMatches(l, value))?.sku_id ?? null;
  if (skuId === null) return { ok: false, reason: R.UNKNOWN_ITEM, skuId: null, refusal: msg`${value} is no item of this container: put it aside for the exception desk.` };
  const needs = (o: CheckingOrder) => (o.lines.find((l) => l.sku_id === skuId)?.qty ?? 0) > scannedOf(scanned, o.order_no, skuId);
  const open = openOrders(work, ops);
  if (work.task.mode === M.CHECKING) {
    const order = open.find((o) => o.order_no === current);
    if (!order) return { ok: false, reason: R.NOT_IN_ORDER, skuId, refusal: msg`Scan the order first.` };
    const orderNo = order.order_no;
    if (!order.lines.some((l) => l.sku_id === skuId)) {
      return { ok: false, reason: R.NOT_IN_ORDER, skuId, refusal: msg`${skuId} is not in order ${orderNo}: put it aside.` };
    }
    if (!needs(order)) return { ok: false, reason: R.EXTRA_UNIT, skuId, refusal: msg`One ${skuId} too many: order ${orderNo} has all its units of it.` };
    return { ok: true, orderNo: order.order_no, skuId, slotNo: order.slot_no, confirmSlot: false };
  }
  const target = open.find(needs);
  if (!target) {
    const inOpen = open.some((o) => o.lines.some((l) => l.sku_id === skuId));
    return inOpen
      ? { ok: false, reason: R.EXTRA_UNIT, skuId, refusal: msg`One ${skuId} too many: every order has all its units of it.` }
      : { ok: false, reason: R.NOT_IN_ORDER, skuId, refusal: msg`${skuId} is in no open order of this container: put it aside.` };
  }
  return { ok: true, orderNo: target.order_no, skuId, slotNo: target.slot_no, confirmSlot: work.task.mode === M.SORT_WHILE_CHECKING };
}

/** The open order a scan names in Checking mode: its order number, or its slot (a number, or the container's or station's code, a dash and the number). */
export function orderOfScan(work: CheckingWork, ops: readonly OutboxOp[], code: string): CheckingOrder | undefined {
  const value = code.trim().toUpperCase();
  const open = openOrders(work, ops);
  const byNo = open.find((o) => o.order_no.toUpperCase() === value);
  if (byNo) return byNo;
  const slot = slotOfScan(work.task.container_code, value) ?? slotOfScan(work.task.station_id, value);
  return slot === null ? undefined : open.find((o) => o.slot_no === slot);
}

/** Why a slot label scan does not confirm a unit going into `slotNo`, or null. */
export function slotRefusal(work: CheckingWork, slotNo: number, code: string): MessageDescriptor | null {
  const value = code.trim();
  const scanned = slotOfScan(work.task.container_code, value) ?? slotOfScan(work.task.station_id, value);
  if (scanned === null) return msg`${value} is not a slot label: put the unit into slot ${slotNo} and scan its label.`;
  if (scanned !== slotNo) return msg`Wrong slot ${scanned}: this unit goes into slot ${slotNo}.`;
  return null;
}

export function addUnit(scanned: Scanned, orderNo: string, skuId: string): Scanned {
  const own = scanned[orderNo] ?? {};
  return { ...scanned, [orderNo]: { ...own, [skuId]: (own[skuId] ?? 0) + 1 } };
}

/** What the task asks once an order's units are all scanned, before its check is queued. */
export interface FinishNeeds {
  inner: boolean;
  outer: boolean;
  weight: boolean;
}
export const finishNeeds = (work: CheckingWork): FinishNeeds => ({
  inner: work.task.need_scan_inner_packaging, outer: work.task.need_scan_outer_packaging, weight: !work.task.remove_weight_input,
});
export const needsFinishing = (needs: FinishNeeds) => needs.inner || needs.outer || needs.weight;

export interface Finish {
  innerPackaging: string | null;
  outerPackaging: string | null;
  weightG: number | null;
}

/** Why a packaging scan is refused (not an active consumable of the kind the step asks), or null. */
export function packagingRefusal(work: CheckingWork, kind: 'inner' | 'outer', code: string): MessageDescriptor | null {
  const value = code.trim();
  const found = work.packaging.find((p) => p.consumable_id === value || same(p.consumable_id, value));
  if (found && CHECKING_PACKAGING_TYPES[kind].includes(found.consumable_type)) return null;
  return kind === 'inner' ? msg`${value} is not inner packaging: scan a pouch or filler in use.` : msg`${value} is not outer packaging: scan a packing box or pouch in use.`;
}

/** The packaging consumable a scan names (its id in any case), as the server knows it. */
export function packagingOf(work: CheckingWork, code: string): string {
  const value = code.trim();
  return work.packaging.find((p) => same(p.consumable_id, value))?.consumable_id ?? value;
}

const same = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();

/** Why the finishing step cannot queue the check yet (a packaging scan or the weight missing), or null. */
export function finishRefusal(needs: FinishNeeds, finish: Finish): MessageDescriptor | null {
  if (needs.inner && !finish.innerPackaging) return msg`Scan the inner packaging.`;
  if (needs.outer && !finish.outerPackaging) return msg`Scan the outer packaging (the box or pouch).`;
  if (needs.weight && !(finish.weightG !== null && finish.weightG >= 1)) return msg`Put the parcel on the scale and enter its weight.`;
  return null;
}

/** The check op of a complete order: its scanned units by SKU, the packaging and weight the task asks. */
export function checkPayloadOf(work: CheckingWork, order: CheckingOrder, scanned: Scanned, finish: Finish): CheckPayload {
  const needs = finishNeeds(work);
  return {
    task_no: work.task.task_no,
    order_no: order.order_no,
    units: order.lines.map((l) => ({ sku_id: l.sku_id, qty: scannedOf(scanned, order.order_no, l.sku_id) })),
    inner_packaging: needs.inner ? finish.innerPackaging : null,
    outer_packaging: needs.outer ? finish.outerPackaging : null,
    weight_g: needs.weight ? finish.weightG : null,
  };
}
