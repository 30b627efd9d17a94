import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { HANDOVER_STATUS, MT_PACK_STATUS } from '../../../shared/codes';
import type { MtPackingWork, MtShipmentDetail, MtShipResult } from '../../../shared/contract/mt-shipping.contract';
import { mtPackingOps, mtShippingOps } from '../../../shared/ops/mt-shipping.ops';
import type { OutboxOp } from '../../kit/outbox';

/**
 * MT packing and shipping on the PDA (docs/outbound.md "MT checking, packing and shipping"): what the
 * screens show is the server's last answer with this device's ops not yet in it laid over, so a box,
 * a pallet or a shipment goes on working with the network gone. Pure; tested beside.
 */

const P = MT_PACK_STATUS.values;

/** A new box, pallet or shipment id made on the device: a prefix, the time and four random characters (upper-case). */
export function newMtId(prefix: 'MTB' | 'PLT' | 'MTS', now: number = Date.now(), random: () => number = Math.random): string {
  const tail = Array.from({ length: 4 }, () => Math.floor(random() * 36).toString(36)).join('');
  return `${prefix}-${now.toString(36)}${tail}`.toUpperCase();
}

const live = (op: OutboxOp) => op.state !== 'rejected' && op.state !== 'discarded' && op.discarded_at === undefined;

export interface PackingLine { skuId: string; skuName: string; codes: readonly string[]; qty: number; packed: number }
export interface PackingBox { boxId: string; status: number; qty: number; palletId: string | null; items: Map<string, number> }
export interface PackingPallet { palletId: string; status: number; boxCount: number; qty: number }
export interface PackingView {
  packingId: string;
  orderNo: string;
  destWhsId: string;
  lines: PackingLine[];
  boxes: PackingBox[];
  pallets: PackingPallet[];
  /** The box being filled, if any. */
  openBox: PackingBox | null;
  totalQty: number;
  packedQty: number;
  /** Every unit is in a closed box. */
  packed: boolean;
}

/** The packing ops of this device for the task (and the boxes and pallets it made), oldest first. */
export function packingOpsOf(ops: readonly OutboxOp[], work: MtPackingWork): OutboxOp[] {
  const boxes = new Set(work.boxes.map((b) => b.box_id));
  const pallets = new Set(work.pallets.map((p) => p.pallet_id));
  const mine: OutboxOp[] = [];
  for (const op of [...ops].sort((a, b) => a.seq - b.seq)) {
    const p = op.payload;
    if (op.kind === mtPackingOps.openBox.kind && p.packing_id === work.task.packing_id) boxes.add(String(p.box_id));
    else if (op.kind === mtPackingOps.palletize.kind && boxes.has(String(p.box_id))) pallets.add(String(p.pallet_id));
    else if (!((op.kind === mtPackingOps.pack.kind || op.kind === mtPackingOps.closeBox.kind) && boxes.has(String(p.box_id)))
      && !(op.kind === mtPackingOps.closePallet.kind && pallets.has(String(p.pallet_id)))) continue;
    mine.push(op);
  }
  return mine;
}

/** An op the server has not answered yet: whenever it was made, no read has it. */
const unanswered = (op: OutboxOp) => op.state === 'pending' || op.state === 'sending';

/** When this device saw an op answered (ms): unknown answers count as now, so they are read again rather than lost. */
export type AnsweredAt = (op: OutboxOp) => number;

/** A read of the task: the server's answer and when it was asked (ms, this device's clock). */
export interface PackingRead { work: MtPackingWork; askedAt: number }

/**
 * Whether a read (a packing task, a shipment) is due again: every op of this device for it is answered
 * (no read can race one in flight) and one was answered after the last read was asked — so it may not be in it.
 */
export function readDue(ops: readonly OutboxOp[], askedAt: number, answeredAt: AnsweredAt): boolean {
  return !ops.some(unanswered) && ops.some((op) => op.state === 'done' && answeredAt(op) > askedAt);
}

/**
 * The task as the server last answered (`read`) with this device's live ops laid over: those not
 * answered yet, and those answered after the read was asked (it may have been made before they were
 * applied). Such a read is asked again once the device is quiet (`readDue`), and then has them.
 */
export function packingView({ work, askedAt }: PackingRead, ops: readonly OutboxOp[], answeredAt: AnsweredAt): PackingView {
  const lines = work.lines.map((l) => ({ skuId: l.sku_id, skuName: l.sku_name, codes: l.codes, qty: l.qty, packed: l.packed_qty }));
  const boxes = new Map(work.boxes.map((b) => [b.box_id, {
    boxId: b.box_id, status: b.status, qty: b.qty, palletId: b.pallet_id, items: new Map(b.items.map((i) => [i.sku_id, i.qty])),
  } satisfies PackingBox]));
  const pallets = new Map(work.pallets.map((p) => [p.pallet_id, { palletId: p.pallet_id, status: p.status, boxCount: p.box_count, qty: p.qty } satisfies PackingPallet]));
  for (const op of packingOpsOf(ops, work)) {
    if (!live(op) || (!unanswered(op) && answeredAt(op) <= askedAt)) continue;
    const p = op.payload;
    const box = boxes.get(String(p.box_id));
    if (op.kind === mtPackingOps.openBox.kind && !box) {
      boxes.set(String(p.box_id), { boxId: String(p.box_id), status: P.PACKING, qty: 0, palletId: null, items: new Map() });
    } else if (op.kind === mtPackingOps.pack.kind && box) {
      const qty = Number(p.qty);
      box.items.set(String(p.sku_id), (box.items.get(String(p.sku_id)) ?? 0) + qty);
      box.qty += qty;
      const line = lines.find((l) => l.skuId === p.sku_id);
      if (line) line.packed += qty;
    } else if (op.kind === mtPackingOps.closeBox.kind && box) {
      box.status = P.PACKED;
    } else if (op.kind === mtPackingOps.palletize.kind && box) {
      box.palletId = String(p.pallet_id);
      const pallet = pallets.get(String(p.pallet_id)) ?? { palletId: String(p.pallet_id), status: P.PACKING, boxCount: 0, qty: 0 };
      pallet.boxCount += 1;
      pallet.qty += box.qty;
      pallets.set(pallet.palletId, pallet);
    } else if (op.kind === mtPackingOps.closePallet.kind) {
      const pallet = pallets.get(String(p.pallet_id));
      if (pallet) pallet.status = P.PACKED;
    }
  }
  const all = [...boxes.values()];
  const packedQty = lines.reduce((n, l) => n + l.packed, 0);
  const openBox = all.find((b) => b.status === P.PACKING) ?? null;
  return {
    packingId: work.task.packing_id, orderNo: work.task.order_no, destWhsId: work.task.dest_whs_id, lines, boxes: all, pallets: [...pallets.values()], openBox,
    totalQty: work.task.total_qty, packedQty, packed: packedQty >= work.task.total_qty && openBox === null,
  };
}

export type PackScan =
  | { kind: 'sku'; skuId: string }
  | { kind: 'refused'; refusal: MessageDescriptor };

const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** A SKU scanned into the open box: one of the order's with units left to pack, else why not. */
export function packScan(view: PackingView, code: string): PackScan {
  if (!view.openBox) return { kind: 'refused', refusal: msg`Open a box first: scan its label or press New box.` };
  const line = view.lines.find((l) => l.codes.some((c) => same(c, code)) || same(l.skuId, code));
  if (!line) return { kind: 'refused', refusal: msg`${code} is not a SKU of this order.` };
  if (line.packed >= line.qty) return { kind: 'refused', refusal: msg`Every unit of ${line.skuId} is packed already.` };
  return { kind: 'sku', skuId: line.skuId };
}

/** A closed box scanned onto the pallet: one of this order's, closed and on no pallet. */
export function palletScan(view: PackingView, code: string): { boxId: string } | { refusal: MessageDescriptor } {
  const box = view.boxes.find((b) => same(b.boxId, code));
  if (!box) return { refusal: msg`${code} is not a box of this order.` };
  if (box.status === P.PACKING) return { refusal: msg`Box ${box.boxId} is open: close it first.` };
  if (box.palletId) return { refusal: msg`Box ${box.boxId} is on pallet ${box.palletId} already.` };
  return { boxId: box.boxId };
}

// ---- shipping ----

export interface ShipmentView {
  shippingId: string;
  destWhsId: string | null;
  shipBy: number | null;
  /** Pallets or boxes on it, oldest first; `queued` while the server has not answered. */
  loaded: { code: string; queued: boolean }[];
  closing: boolean;
  closed: boolean;
  /** Once closed: each order's transit shipment and destination ASN. */
  dispatches: MtShipResult['dispatches'] | null;
}

export function shipmentOpsOf(ops: readonly OutboxOp[], shippingId: string): OutboxOp[] {
  const kinds: string[] = [mtShippingOps.open.kind, mtShippingOps.load.kind, mtShippingOps.unload.kind, mtShippingOps.close.kind];
  return ops.filter((op) => kinds.includes(op.kind) && op.payload.shipping_id === shippingId && op.discarded_at === undefined);
}

/** A read of a shipment: the server's detail (null while it has none: its open is still queued) and when it was asked (ms). */
export interface ShipmentRead { detail: MtShipmentDetail | null; askedAt: number }

/**
 * The shipment as the server last answered (`read`; null when it was never read on this device and
 * the network is gone) with this device's live ops laid over: those not answered yet, and those
 * answered after the read was asked (it is asked again once the device is quiet, `readDue`). Another
 * device's loads show from the read; null when neither the read nor an op of this device opens it.
 */
export function shipmentView(shippingId: string, read: ShipmentRead | null, ops: readonly OutboxOp[], answeredAt: AnsweredAt): ShipmentView | null {
  const detail = read?.detail ?? null;
  const loaded = new Map<string, boolean>((detail?.loaded ?? []).map((l) => [l.code, false]));
  let destWhsId = detail?.shipment.dest_whs_id ?? null;
  let shipBy = detail?.shipment.ship_by ?? null;
  let closed = detail?.shipment.status === HANDOVER_STATUS.values.SHIPPED;
  let dispatches = closed ? detail!.dispatches : null;
  let closing = false;
  const own = shipmentOpsOf(ops, shippingId).filter(live).sort((a, b) => a.seq - b.seq);
  for (const op of own) {
    const queued = unanswered(op);
    if (!queued && read && answeredAt(op) <= read.askedAt) continue;
    const code = String(op.payload.code ?? '');
    if (op.kind === mtShippingOps.open.kind) {
      destWhsId ??= String(op.payload.dest_whs_id);
      shipBy ??= Number(op.payload.ship_by);
    } else if (op.kind === mtShippingOps.load.kind) loaded.set(code, queued);
    else if (op.kind === mtShippingOps.unload.kind) loaded.delete(code);
    else if (op.kind === mtShippingOps.close.kind) {
      const result = queued ? null : (op.result as MtShipResult | null);
      if (result?.status === HANDOVER_STATUS.values.SHIPPED) {
        closed = true;
        dispatches = result.dispatches;
      } else if (queued) closing = true;
    }
  }
  if (destWhsId === null) return null;
  return { shippingId, destWhsId, shipBy, loaded: [...loaded].map(([code, queued]) => ({ code, queued })), closing: closing && !closed, closed, dispatches };
}
