import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { InstantParcel, PigeonholeBoard } from '../../../shared/contract/instant-delivery.contract';
import { instantDeliveryOps } from '../../../shared/ops/instant-delivery.ops';
import {
  afterCutoff, isInstantCarrier, pigeonholeFor, pigeonholeTakes, resolveZone, waitingMinutes, type PigeonholeState,
} from '../../../shared/instant-delivery';
import { sameCarrier } from '../../../shared/shipping-rules';
import type { OutboxOp } from '../../kit/outbox';

/**
 * The pigeonhole screen's decisions, DOM-free (docs/outbound.md "Instant delivery"): the pigeonholes
 * as this device knows them — the board's last read plus this device's placements not answered yet —
 * which pigeonhole a scanned parcel goes into, and whether the label scanned next is that one. The
 * rules are shared/instant-delivery.ts, the server's own; the server's answer is the truth.
 */

const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** This device's placements not refused, oldest first (the outbox lists them newest first). */
export function placeOpsOf(ops: readonly OutboxOp[]): OutboxOp[] {
  return ops.filter((op) => op.kind === instantDeliveryOps.place.kind && op.state !== 'rejected' && op.discarded_at === undefined).reverse();
}

/** A parcel in a pigeonhole as the screen shows it. */
export interface PlacedView {
  trackingNo: string;
  orderNo: string;
  carrierName: string | null;
  waitingMinutes: number;
  overdue: boolean;
  /** Placed on this device, not answered yet. */
  queued: boolean;
}

export interface PigeonholeView {
  code: string;
  zoneCode: string;
  capacity: number;
  status: number;
  parcels: PlacedView[];
}

/** The pigeonholes with the board's parcels and this device's placements since; waiting times at `now` (unix seconds). */
export function pigeonholesView(board: PigeonholeBoard, ops: readonly OutboxOp[], now: number): PigeonholeView[] {
  const alert = board.config.alert_minutes;
  const view = board.pigeonholes.map((h): PigeonholeView => ({
    code: h.pigeonhole_code, zoneCode: h.zone_code, capacity: h.capacity, status: h.status,
    parcels: h.parcels.map((p) => {
      const minutes = waitingMinutes(p.placed_at, now);
      return { trackingNo: p.tracking_no, orderNo: p.order_no, carrierName: p.carrier_name, waitingMinutes: minutes, overdue: minutes >= alert, queued: false };
    }),
  }));
  for (const op of placeOpsOf(ops)) {
    const trackingNo = String(op.payload.tracking_no);
    if (view.some((h) => h.parcels.some((p) => same(p.trackingNo, trackingNo)))) continue;
    const hole = view.find((h) => same(h.code, String(op.payload.pigeonhole_code)));
    const parcel = board.waiting.find((p) => same(p.tracking_no, trackingNo));
    if (!hole || !parcel) continue;
    hole.parcels.push({ trackingNo: parcel.tracking_no, orderNo: parcel.order_no, carrierName: parcel.carrier_name, waitingMinutes: 0, overdue: false, queued: op.state !== 'done' });
  }
  return view;
}

const stateOf = (h: PigeonholeView): PigeonholeState => ({
  pigeonhole_code: h.code, zone_code: h.zoneCode, capacity: h.capacity, status: h.status, order_nos: h.parcels.map((p) => p.orderNo),
});

export type PlacementOutcome =
  | { ok: true; parcel: InstantParcel; zoneCode: string; pigeonhole: string; nextDay: boolean }
  | { ok: false; refusal: MessageDescriptor };

/** Where a scanned parcel goes: the pigeonhole to light, or why it cannot go into one (the server's refusals, said at once). */
export function placementFor(board: PigeonholeBoard, holes: readonly PigeonholeView[], scanned: string): PlacementOutcome {
  const code = scanned.trim();
  if (!code) return { ok: false, refusal: msg`Scan a parcel's tracking number.` };
  const inHole = holes.find((h) => h.parcels.some((p) => same(p.trackingNo, code)));
  if (inHole) {
    const where = inHole.code;
    return { ok: false, refusal: msg`${code} is in pigeonhole ${where} already.` };
  }
  const parcel = board.waiting.find((p) => same(p.tracking_no, code));
  if (!board.config.enabled) return { ok: false, refusal: msg`Instant delivery is off in this warehouse.` };
  if (!parcel) return { ok: false, refusal: msg`${code} is not a packed instant parcel waiting here (or it was packed after this device last read the board: reconnect).` };
  if (!isInstantCarrier(board.config, parcel.carrier_name)) {
    const carrier = parcel.carrier_name ?? '—';
    return { ok: false, refusal: msg`${code} ships with ${carrier}, not an instant carrier: take it to the dock.` };
  }
  if (parcel.shipping_no !== null) {
    const no = parcel.shipping_no;
    return { ok: false, refusal: msg`${code} is loaded on handover ${no} already.` };
  }
  const zone = resolveZone(parcel.receiver_address, board.zones);
  if (!zone) {
    const order = parcel.order_no;
    return { ok: false, refusal: msg`No zone code takes the address of order ${order}: ask a supervisor to add a zone code.` };
  }
  const target = pigeonholeFor(parcel.order_no, zone.zone_code, holes.map(stateOf));
  if (!target) {
    const z = zone.zone_code;
    return { ok: false, refusal: msg`No pigeonhole of zone ${z} has room: hand parcels to riders or add pigeonholes.` };
  }
  return {
    ok: true, parcel, zoneCode: zone.zone_code, pigeonhole: target.pigeonhole.pigeonhole_code,
    nextDay: afterCutoff(parcel.order_created_at, board.config.cutoff_time, board.time_zone),
  };
}

/** Whether the pigeonhole label scanned takes the parcel: null when it does, else the refusal naming the right one. */
export function pigeonholeScanRefusal(holes: readonly PigeonholeView[], placement: Extract<PlacementOutcome, { ok: true }>, scanned: string): MessageDescriptor | null {
  const hole = holes.find((h) => same(h.code, scanned));
  if (pigeonholeTakes(hole ? stateOf(hole) : undefined, placement.parcel.order_no, placement.zoneCode, holes.map(stateOf))) return null;
  const code = scanned.trim();
  const right = placement.pigeonhole;
  return msg`Wrong pigeonhole ${code}: this parcel goes into ${right}.`;
}

/** The pigeonhole the device should put the parcel in, as scanned (its code as the board spells it). */
export const pigeonholeCodeOf = (holes: readonly PigeonholeView[], scanned: string): string => holes.find((h) => same(h.code, scanned))?.code ?? scanned.trim();

/** The parcels of a carrier waiting in pigeonholes, for the rider's pickup: where each one is. */
export function riderParcels(holes: readonly PigeonholeView[], carrier: string): { pigeonhole: string; zoneCode: string; parcel: PlacedView }[] {
  return holes.flatMap((h) => h.parcels.filter((p) => sameCarrier(p.carrierName, carrier)).map((parcel) => ({ pigeonhole: h.code, zoneCode: h.zoneCode, parcel })));
}

/** A pigeonhole as the grid colours it: empty, holding parcels, full, or with a parcel waiting past the alert. */
export function pigeonholeTone(h: PigeonholeView): 'empty' | 'holding' | 'full' | 'overdue' {
  if (h.parcels.some((p) => p.overdue)) return 'overdue';
  if (h.parcels.length === 0) return 'empty';
  return h.parcels.length >= h.capacity ? 'full' : 'holding';
}
