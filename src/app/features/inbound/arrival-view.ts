import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ARRIVAL_SHEET_TYPE, type ArrivalBox, type ArrivalSheet } from '../../../shared/contract/arrival.contract';
import { INBOUND_STATUS, TRACKING_ID_STATUS } from '../../../shared/codes';
import { arrivalOps } from '../../../shared/ops/arrival.ops';
import type { OutboxOp } from '../../kit/outbox';

/**
 * The arrival screen's decisions, DOM-free: the sheet as the server last answered it (kept for
 * offline use) with this device's arrival ops laid over it, and what a scanned box means. The
 * screen answers every scan at once, online or not; the server's answer to each op is the truth.
 *
 * Starting, checking and completing only move forward (an ASN pending → arriving → arrived, a
 * box expected → checked or missing), so an op the server has applied still counts until a read
 * shows it: a read older than the op cannot undo it. Pre-QC goes back and forth (damaged, then
 * not): only its unanswered ops are laid over.
 */

export interface SheetRead {
  sheet: ArrivalSheet;
  boxes: ArrivalBox[];
}

export type BoxState = 'expected' | 'checked' | 'missing';

export interface ViewBox {
  trackingId: string;
  /** Null for a box scanned here that the sheet's copy does not list (the server checks it). */
  asnNo: string | null;
  state: BoxState;
  /** TRACKING_ID_STATUS as this device sees it. */
  status: number;
  cartonQty: number;
  damaged: boolean;
  /** Changed on this device, not answered yet. */
  queued: boolean;
}

export interface ViewAsn {
  asnNo: string;
  status: number;
  supplierId: string | null;
  slotDate: string | null;
  shiftName: string | null;
  expectedCartons: number;
  arrivalTimeliness: number;
  queued: boolean;
}

export interface ArrivalView {
  sheetId: string;
  /** The server's copy of the sheet is on this device (read online, or kept from an earlier read). */
  known: boolean;
  isGroup: boolean;
  /** Boxes are scanned one by one (setting is_scan_mtb), as the copy (or the warehouse's setting) says. */
  scanBoxes: boolean;
  asns: ViewAsn[];
  boxes: ViewBox[];
  /** Box work goes on: an ASN is arriving, or (without a copy) the start is queued and not completed. */
  arriving: boolean;
  counts: Record<BoxState, number>;
}

const S = INBOUND_STATUS.values;
const B = TRACKING_ID_STATUS.values;
const CAN_START: readonly number[] = [S.PENDING, S.IN_TRANSIT];
const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();
const unanswered = (op: OutboxOp) => op.state === 'pending' || op.state === 'sending';
/** An op that has or will have its effect: not refused, not given up. */
const standing = (op: OutboxOp) => unanswered(op) || op.state === 'done';

/** This device's arrival ops of a sheet, oldest first. */
export function sheetOpsOf(ops: readonly OutboxOp[], sheetId: string): OutboxOp[] {
  return ops.filter((op) => op.kind.startsWith('inbound.arrival.') && typeof op.payload.sheet_id === 'string' && same(op.payload.sheet_id, sheetId))
    .sort((a, b) => a.seq - b.seq);
}

function boxStateOf(box: ArrivalBox): BoxState {
  if (box.status === B.EXPECTED) return 'expected';
  if (box.status === B.EXCEPTION && box.arrived_at === null) return 'missing';
  return 'checked';
}

/**
 * The sheet with this device's ops laid over it. `read` is null when the sheet was never read on
 * this device and the network is gone: the view then holds what the ops say, and `scanBoxes`
 * falls back to the warehouse's setting (true when that is not known either: scanning is safe).
 */
export function arrivalView(sheetId: string, read: SheetRead | null, sheetOps: readonly OutboxOp[], scanBoxesSetting: boolean | null): ArrivalView {
  const scanBoxes = read ? read.sheet.is_scan_mtb === 1 : (scanBoxesSetting ?? true);
  const asns: ViewAsn[] = (read?.sheet.asn_list ?? []).map((a) => ({
    asnNo: a.asn_no, status: a.status, supplierId: a.supplier_id, slotDate: a.slot_date, shiftName: a.shift_name,
    expectedCartons: a.expected_cartons, arrivalTimeliness: a.arrival_timeliness, queued: false,
  }));
  const boxes: ViewBox[] = (read?.boxes ?? []).map((b) => ({
    trackingId: b.tracking_id, asnNo: b.asn_no, state: boxStateOf(b), status: b.status, cartonQty: b.carton_qty, damaged: b.is_damaged === 1, queued: false,
  }));
  let started = false;
  let completed = false;
  for (const op of sheetOps) {
    if (!standing(op)) continue;
    const queued = unanswered(op);
    switch (op.kind) {
      case arrivalOps.start.kind:
        started = true;
        completed = false;
        for (const asn of asns) {
          if (CAN_START.includes(asn.status)) Object.assign(asn, { status: S.ARRIVING, queued: asn.queued || queued });
        }
        break;
      case arrivalOps.check.kind: {
        const code = String(op.payload.tracking_id);
        const box = boxes.find((b) => same(b.trackingId, code));
        if (!box) {
          boxes.push({ trackingId: code.trim(), asnNo: null, state: 'checked', status: B.ARRIVED, cartonQty: 0, damaged: false, queued });
        } else if (box.state === 'expected') Object.assign(box, { state: 'checked', status: B.ARRIVED, queued: box.queued || queued });
        break;
      }
      case arrivalOps.preQc.kind: {
        const box = boxes.find((b) => same(b.trackingId, String(op.payload.tracking_id)));
        if (!queued || !box || box.state !== 'checked') break;
        if (typeof op.payload.carton_qty === 'number') box.cartonQty = op.payload.carton_qty;
        if (op.payload.is_damaged === 0 || op.payload.is_damaged === 1) box.damaged = op.payload.is_damaged === 1;
        Object.assign(box, { status: box.damaged ? B.EXCEPTION : B.ARRIVED, queued: true });
        break;
      }
      case arrivalOps.complete.kind: {
        completed = true;
        const arrivingAsns = asns.filter((a) => a.status === S.ARRIVING).map((a) => a.asnNo);
        for (const asn of asns) {
          if (asn.status === S.ARRIVING) Object.assign(asn, { status: S.ARRIVED, queued: asn.queued || queued });
        }
        for (const box of boxes) {
          if (box.state !== 'expected' || box.asnNo === null || !arrivingAsns.includes(box.asnNo)) continue;
          Object.assign(box, scanBoxes ? { state: 'missing', status: B.EXCEPTION } : { state: 'checked', status: B.ARRIVED }, { queued: box.queued || queued });
        }
        break;
      }
    }
  }
  const known = read !== null;
  const arriving = known ? asns.some((a) => a.status === S.ARRIVING) : started && !completed;
  const counts: Record<BoxState, number> = { expected: 0, checked: 0, missing: 0 };
  for (const box of boxes) counts[box.state] += 1;
  return {
    sheetId, known, isGroup: read ? read.sheet.sheet_type === ARRIVAL_SHEET_TYPE.GROUP : false, scanBoxes, asns, boxes, arriving, counts,
  };
}

/** Why a sheet scanned cannot start arriving, from its copy; null when it may (or there is no copy to tell). */
export function sheetRefusal(read: SheetRead | null): MessageDescriptor | null {
  if (!read) return null;
  const asns = read.sheet.asn_list;
  if (asns.some((a) => CAN_START.includes(a.status) || a.status === S.ARRIVING)) return null;
  const sheetId = read.sheet.sheet_id;
  return msg`Nothing of ${sheetId} can arrive: its ASNs have arrived already or are closed.`;
}

export type BoxScan =
  /** An expected box of the copy: checked. */
  | { ok: true; box: ViewBox; known: true }
  /** Not on the copy (or no copy): queued all the same, the server says whether it belongs. */
  | { ok: true; known: false }
  /** Checked already (here or on the server): a warning, nothing queued. */
  | { ok: false; warning: true; refusal: MessageDescriptor }
  | { ok: false; warning: false; refusal: MessageDescriptor };

/** What a box scanned on the sheet means. */
export function boxScanAt(view: ArrivalView, scanned: string): BoxScan {
  const code = scanned.trim();
  if (!code) return { ok: false, warning: false, refusal: msg`Scan a box's tracking ID.` };
  const box = view.boxes.find((b) => same(b.trackingId, code));
  if (!box) return { ok: true, known: false };
  if (box.state === 'checked') return { ok: false, warning: true, refusal: msg`Box ${code} was checked already.` };
  if (box.state === 'missing') return { ok: false, warning: false, refusal: msg`Box ${code} was recorded missing: its arrival is complete.` };
  const asn = view.asns.find((a) => a.asnNo === box.asnNo);
  const asnNo = asn?.asnNo ?? '';
  if (asn && asn.status !== S.ARRIVING) return { ok: false, warning: false, refusal: msg`ASN ${asnNo} is not arriving: scan its arrival sheet first.` };
  return { ok: true, box, known: true };
}

/** The boxes a completion now would record missing (none where boxes are not scanned). */
export function missingAtCompletion(view: ArrivalView): string[] {
  if (!view.scanBoxes) return [];
  const arriving = new Set(view.asns.filter((a) => a.status === S.ARRIVING).map((a) => a.asnNo));
  return view.boxes.filter((b) => b.state === 'expected' && b.asnNo !== null && arriving.has(b.asnNo)).map((b) => b.trackingId);
}
