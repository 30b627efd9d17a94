import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { HANDOVER_STATUS, PARCEL_STATUS, isGroupHandover } from '../../../shared/codes';
import {
  closeResultSchema, type CloseResult, type HandoverDetail, type OpenHandoverPayload, type ShippingBoard, type ShippingParcel,
} from '../../../shared/contract/shipping.contract';
import type { ManifestData } from '../../../shared/print';
import { shippingOps } from '../../../shared/ops/shipping.ops';
import { bypassRuleOf, groupRuleOf, masterAwbOf, sameCarrier, takesOneAwb, type RuleSubject } from '../../../shared/shipping-rules';
import type { OutboxOp } from '../../kit/outbox';

/**
 * The dock's decisions, DOM-free (docs/outbound.md "Shipping"): the handover as this device knows it
 * — the server's last read plus this device's ops not answered yet, or only its ops when the
 * handover was opened offline — and whether a scanned parcel may be loaded, by the shipping board
 * (parcels waiting and the shipping rules, kept for offline use). The server's answer is the truth.
 */

const P = PARCEL_STATUS.values;

/**
 * A handover number made on the device, so a handover opens with the network gone: `SH`, the time in
 * base 36 (8 characters, ms) and 4 random base-36 characters — unique enough across a warehouse's
 * devices, and the server refuses a number taken (-290101 taken).
 */
export function newShippingNo(now: number = Date.now(), random: () => number = Math.random): string {
  const tail = Array.from({ length: 4 }, () => Math.floor(random() * 36).toString(36)).join('');
  return `SH${now.toString(36).padStart(8, '0')}${tail}`.toUpperCase();
}

/** A parcel on the handover as the dock shows it: loaded (the server says so), or scanned here and not answered yet. */
export interface HandoverParcel {
  trackingNo: string;
  orderNo: string | null;
  queued: boolean;
}

export interface HandoverView {
  shippingNo: string;
  kind: number;
  carrierName: string;
  dockCode: string | null;
  groupCode: string | null;
  vehicleNo: string | null;
  driverName: string | null;
  /** Closed (the server says so) or closing (the close is queued here). */
  closed: boolean;
  /** Known to the server (else opened on this device, not sent yet). */
  known: boolean;
  /** Where the vehicle goes: true straight to the line haul, false to the transit warehouse, null while empty. */
  lineHaul: boolean | null;
  /** The most parcels the group may hold (group shipping rule); null: no limit. */
  maxParcels: number | null;
  /** A group of a carrier under the one AWB rule: gets a master AWB when it ships. */
  oneAwb: boolean;
  parcels: HandoverParcel[];
}

/** This device's ops on the handover, newest first (the outbox lists them so); discarded ones left out. */
export function handoverOpsOf(ops: readonly OutboxOp[], shippingNo: string): OutboxOp[] {
  const kinds: string[] = [shippingOps.open.kind, shippingOps.load.kind, shippingOps.close.kind];
  return ops.filter((op) => kinds.includes(op.kind) && op.payload.shipping_no === shippingNo && op.discarded_at === undefined);
}

const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();
const live = (op: OutboxOp) => op.state !== 'rejected';
const waiting = (op: OutboxOp) => op.state === 'pending' || op.state === 'sending';

/** A parcel the board or the handover's read knows, by tracking number. */
function parcelOf(board: ShippingBoard | undefined, detail: HandoverDetail | undefined, trackingNo: string): ShippingParcel | undefined {
  return detail?.parcels.find((p) => same(p.tracking_no, trackingNo)) ?? board?.parcels.find((p) => same(p.tracking_no, trackingNo));
}

/** The handover as this device knows it; null when neither the server's reads nor this device's ops know it. */
export function handoverView(shippingNo: string, board: ShippingBoard | undefined, detail: HandoverDetail | undefined, ops: readonly OutboxOp[]): HandoverView | null {
  const own = handoverOpsOf(ops, shippingNo).filter(live);
  const read = detail?.handover ?? board?.handovers.find((h) => h.shipping_no === shippingNo);
  const opened = own.find((op) => op.kind === shippingOps.open.kind)?.payload as OpenHandoverPayload | undefined;
  if (!read && !opened) return null;
  const kind = read?.kind ?? opened!.kind;
  const carrierName = read?.carrier_name ?? opened!.carrier_name;
  const parcels: HandoverParcel[] = (detail?.parcels ?? []).map((p) => ({ trackingNo: p.tracking_no, orderNo: p.order_no, queued: false }));
  // Oldest first: the order they were scanned in.
  for (const op of [...own].reverse()) {
    if (op.kind !== shippingOps.load.kind) continue;
    const trackingNo = String(op.payload.tracking_no);
    if (parcels.some((p) => same(p.trackingNo, trackingNo))) continue;
    parcels.push({ trackingNo, orderNo: parcelOf(board, detail, trackingNo)?.order_no ?? null, queued: waiting(op) });
  }
  const rules = board?.rules;
  const subjects = parcels.map((p) => parcelOf(board, detail, p.trackingNo)).filter((p): p is ShippingParcel => p !== undefined);
  const lineHaul = subjects.length > 0 && rules ? bypassRuleOf(rules, subjects[0]!) !== undefined : read && read.parcel_count > 0 ? read.line_haul : null;
  const groupMax = !isGroupHandover(kind) || !rules ? [] : rules.group.filter((r) => sameCarrier(r.carrier_name, carrierName)).map((r) => r.max_parcels);
  return {
    shippingNo, kind, carrierName, dockCode: read?.dock_code ?? opened?.dock_code ?? null, groupCode: read?.group_code ?? opened?.group_code ?? null,
    vehicleNo: read?.vehicle_no ?? opened?.vehicle_no ?? null, driverName: read?.driver_name ?? opened?.driver_name ?? null,
    closed: read?.status === HANDOVER_STATUS.values.SHIPPED || own.some((op) => op.kind === shippingOps.close.kind),
    known: read !== undefined, lineHaul, maxParcels: groupMax.length > 0 ? Math.min(...groupMax) : null,
    oneAwb: isGroupHandover(kind) && !!rules && takesOneAwb(rules, carrierName), parcels,
  };
}

export type LoadOutcome =
  | { ok: true; parcel: ShippingParcel }
  /** Not on this device's board: queued all the same (the board may be older than the parcel), the server decides. */
  | { ok: true; parcel: null }
  | { ok: false; refusal: MessageDescriptor };

/** Whether a scanned tracking number may be loaded onto the handover: the device's refusals, the same as the server's. */
export function loadCheck(view: HandoverView, board: ShippingBoard | undefined, scanned: string): LoadOutcome {
  const code = scanned.trim();
  const no = view.shippingNo;
  if (!code) return { ok: false, refusal: msg`Scan a parcel's tracking number.` };
  if (view.closed) return { ok: false, refusal: msg`Handover ${no} has shipped: open a new handover.` };
  if (view.parcels.some((p) => same(p.trackingNo, code))) return { ok: false, refusal: msg`${code} is loaded on this handover already.` };
  const parcel = board?.parcels.find((p) => same(p.tracking_no, code));
  if (!parcel || !board) return { ok: true, parcel: null };
  const carrier = view.carrierName;
  const other = parcel.carrier_name ?? '—';
  if (parcel.status === P.REPLACED) {
    const by = parcel.replaced_by ?? '?';
    return { ok: false, refusal: msg`${code} was replaced by ${by}: load the parcel under its new label.` };
  }
  if (parcel.status === P.INTERCEPTED) return { ok: false, refusal: msg`${code} is intercepted (its order was cancelled): take it off the dock.` };
  if (parcel.status === P.SHIPPED) return { ok: false, refusal: msg`${code} has shipped already.` };
  if (parcel.status === P.SHIPPING && parcel.shipping_no !== no) {
    const on = parcel.shipping_no ?? '?';
    return { ok: false, refusal: msg`${code} is loaded on handover ${on} already.` };
  }
  if (!sameCarrier(parcel.carrier_name, carrier)) return { ok: false, refusal: msg`${code} ships with ${other}, not ${carrier}.` };
  const group = groupRuleOf(board.rules, parcel);
  if (group && !isGroupHandover(view.kind)) return { ok: false, refusal: msg`${code} ships by group: load it onto a pallet or bag (Group Shipping).` };
  if (group && view.parcels.length >= group.max_parcels) {
    const max = group.max_parcels;
    return { ok: false, refusal: msg`This group holds ${max} parcels, the most its rule allows: close it and start another.` };
  }
  const direct = bypassRuleOf(board.rules, parcel as RuleSubject) !== undefined;
  if (view.lineHaul !== null && view.lineHaul !== direct) {
    return {
      ok: false,
      refusal: direct ? msg`${code} goes straight to the line haul (bypass TWS); this handover goes to the transit warehouse.`
        : msg`${code} goes to the transit warehouse; this handover goes straight to the line haul (bypass TWS).`,
    };
  }
  return { ok: true, parcel };
}

/** Why the handover cannot close now; null when it can. */
export function closeRefusal(view: HandoverView): MessageDescriptor | null {
  if (view.closed) return msg`This handover has shipped already.`;
  if (view.parcels.length === 0) return msg`Load at least one parcel before handing over.`;
  return null;
}

/** The server's answer to an applied close, or null. */
export function closeAnswer(op: OutboxOp): CloseResult | null {
  if (op.state !== 'done') return null;
  const parsed = closeResultSchema.safeParse(op.result);
  return parsed.success ? parsed.data : null;
}

/** The manifest as the device prints it when the driver takes the handover (the server logs the same one). */
export function manifestOf(
  view: HandoverView, board: ShippingBoard | undefined, detail: HandoverDetail | undefined,
  where: { warehouse: string; timeZone: string; kindLabel: string; shippedAt: number },
): ManifestData {
  const first = view.parcels.map((p) => parcelOf(board, detail, p.trackingNo)).find((p) => p !== undefined);
  return {
    shipping_no: view.shippingNo, kind_label: where.kindLabel, carrier_name: view.carrierName, dock_code: view.dockCode,
    vehicle_no: view.vehicleNo, driver_name: view.driverName,
    group_code: view.groupCode, master_awb: view.oneAwb ? masterAwbOf(view.shippingNo) : null, line_haul: view.lineHaul === true,
    line_haul_name: view.lineHaul && first && board ? bypassRuleOf(board.rules, first)?.line_haul_name ?? null : detail?.line_haul_name ?? null,
    warehouse: where.warehouse,
    parcels: view.parcels.map((p) => {
      const known = parcelOf(board, detail, p.trackingNo);
      return { tracking_no: p.trackingNo, order_no: p.orderNo ?? known?.order_no ?? '', qty: known?.qty ?? 0, weight_g: known?.weight_g ?? null };
    }),
    shipped_at: where.shippedAt, time_zone: where.timeZone,
  };
}
