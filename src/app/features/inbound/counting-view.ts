import type { OutputOf } from '../../../shared/contract/define';
import type { countingContract } from '../../../shared/contract/counting.contract';
import {
  allocateCount, applyAllocations, isCountQty, lineDifference, resolveScannedSku, skuProgress, surplusOf,
} from '../../../shared/counting';
import { countingOps } from '../../../shared/ops/counting.ops';
import type { OutboxOp } from '../../kit/outbox';

/**
 * What the counting screen shows and checks: the group detail the server last answered (cached
 * for offline use) with this device's counting ops the server has not yet folded into it. Pure,
 * so the same view serves the screen, its checks and the unit tests.
 */

export type GroupDetail = OutputOf<typeof countingContract.searchGroupDetail>;
export type GroupLine = GroupDetail['lines'][number];

export interface LocalCarton {
  tracking_id: string;
  asn_no: string;
  /** Pieces the carton's label says it holds. */
  carton_qty: number;
  counted_qty: number;
  /** Registered or corrected on this device, not yet by the server. */
  queued: boolean;
}

export interface LocalGroup {
  lines: GroupLine[];
  cartons: LocalCarton[];
  wrong: { code: string; qty: number }[];
  /** Completion is queued (or applied): no more counts. */
  completing: boolean;
  /** Counted units on this device the server has not answered yet (queued or being sent). */
  queuedUnits: number;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** The record id the server answered an applied count with (0 when the answer was not kept). */
const recordIdOf = (op: OutboxOp): number => {
  const id = (op.result as { record_id?: unknown } | null)?.record_id;
  return typeof id === 'number' ? id : 0;
};

/** The ops of a group, oldest first. */
export const groupOps = (ops: readonly OutboxOp[], groupNo: string): OutboxOp[] =>
  ops.filter((op) => op.kind.startsWith('inbound.counting.') && op.payload.group_no === groupNo).sort((a, b) => a.seq - b.seq);

/**
 * Whether the detail does not hold an op's effect yet: still queued or sending, or applied after
 * the detail was read (its record is newer than the detail's latest; its carton not yet, still, or
 * not yet so, in the detail). Rejected and discarded ops have no effect.
 */
function pendingIn(op: OutboxOp, detail: GroupDetail): boolean {
  if (op.state === 'pending' || op.state === 'sending') return true;
  if (op.state !== 'done') return false;
  const carton = detail.tracking_ids.find((t) => t.tracking_id === text(op.payload.tracking_id));
  switch (op.kind) {
    case countingOps.save.kind:
    case countingOps.wrongSku.kind: return recordIdOf(op) > detail.last_record_id;
    case countingOps.carton.kind: return !carton;
    case countingOps.cartonChange.kind: return !!carton && !changeHeld(op.payload, carton);
    case countingOps.cartonDelete.kind: return !!carton;
    default: return op.kind === countingOps.complete.kind && detail.counting_completed_at === null;
  }
}

/** Whether a carton already shows what a correction set. */
const changeHeld = (p: Record<string, unknown>, carton: { asn_no: string; carton_qty: number }) =>
  (p.asn_no === undefined || p.asn_no === carton.asn_no) && (p.carton_qty === undefined || p.carton_qty === carton.carton_qty);

/** The group as this device sees it: the detail, then its ops not in the detail yet, in order. */
export function localGroup(detail: GroupDetail, ops: readonly OutboxOp[]): LocalGroup {
  let lines = detail.lines;
  let cartons: LocalCarton[] = detail.tracking_ids.map((t) => ({
    tracking_id: t.tracking_id, asn_no: t.asn_no, carton_qty: t.carton_qty, counted_qty: t.counted_qty, queued: false,
  }));
  const wrong = detail.wrong_skus.map((w) => ({ code: w.sku_id, qty: w.qty }));
  let completing = detail.counting_completed_at !== null;
  let queuedUnits = 0;
  for (const op of groupOps(ops, detail.group_no)) {
    if (!pendingIn(op, detail)) continue;
    const p = op.payload;
    const trackingId = text(p.tracking_id);
    const qty = isCountQty(p.qty) ? p.qty : 0;
    const carton = trackingId ? cartons.find((c) => c.tracking_id === trackingId) : undefined;
    // An applied op the detail does not show yet counts in the figures, but it is not waiting to sync.
    const unsent = op.state === 'pending' || op.state === 'sending' ? qty : 0;
    switch (op.kind) {
      case countingOps.save.kind: {
        const skuId = text(p.sku_id);
        if (!skuId || qty === 0) break;
        lines = applyAllocations(lines, allocateCount(lines, skuId, qty, carton?.asn_no ?? null));
        if (carton) carton.counted_qty += qty;
        queuedUnits += unsent;
        break;
      }
      case countingOps.wrongSku.kind: {
        const code = text(p.code);
        if (!code || qty === 0) break;
        const known = wrong.find((w) => w.code === code);
        if (known) known.qty += qty;
        else wrong.push({ code, qty });
        if (carton) carton.counted_qty += qty;
        queuedUnits += unsent;
        break;
      }
      case countingOps.carton.kind: {
        const asnNo = text(p.asn_no) ?? (detail.asns.length === 1 ? detail.asns[0]!.asn_no : null);
        const pieces = isCountQty(p.carton_qty) ? p.carton_qty : 1;
        if (trackingId && asnNo && !carton) cartons.push({ tracking_id: trackingId, asn_no: asnNo, carton_qty: pieces, counted_qty: 0, queued: true });
        break;
      }
      case countingOps.cartonChange.kind:
        if (!carton) break;
        carton.asn_no = text(p.asn_no) ?? carton.asn_no;
        if (isCountQty(p.carton_qty)) carton.carton_qty = p.carton_qty;
        carton.queued = true;
        break;
      case countingOps.cartonDelete.kind:
        cartons = cartons.filter((c) => c !== carton);
        break;
      case countingOps.complete.kind:
        completing = true;
        break;
    }
  }
  return { lines, cartons, wrong, completing, queuedUnits };
}

/** A SKU of the group with its lines summed over the group's ASNs. */
export interface SkuRow { sku_id: string; sku_name: string; expected: number; counted: number }

export function skuRows(group: Pick<LocalGroup, 'lines'>): SkuRow[] {
  const rows = new Map<string, SkuRow>();
  for (const line of group.lines) {
    const row = rows.get(line.sku_id) ?? { sku_id: line.sku_id, sku_name: line.sku_name, expected: 0, counted: 0 };
    row.expected += line.expected_qty;
    row.counted += line.counted_qty;
    rows.set(line.sku_id, row);
  }
  return [...rows.values()];
}

/** What a scanned code is to the group: one of its cartons, one of its SKUs, or neither. */
export type ScanMeaning =
  | { kind: 'carton'; carton: LocalCarton }
  | { kind: 'sku'; line: GroupLine }
  | { kind: 'unknown'; code: string };

export function meaningOf(group: LocalGroup, code: string): ScanMeaning {
  const value = code.trim();
  const carton = group.cartons.find((c) => c.tracking_id === value);
  if (carton) return { kind: 'carton', carton };
  const skuId = resolveScannedSku(value, group.lines);
  const line = skuId ? group.lines.find((l) => l.sku_id === skuId) : undefined;
  return line ? { kind: 'sku', line } : { kind: 'unknown', code: value };
}

/** A count checked before it is queued: how far the SKU is, and the units that would be surplus. */
export function checkCount(group: LocalGroup, skuId: string, qty: number): { expected_qty: number; counted_qty: number; surplus_qty: number } {
  const progress = skuProgress(group.lines, skuId);
  return { ...progress, surplus_qty: surplusOf(progress.expected_qty, progress.counted_qty, qty) };
}

export type CompletionCheck = OutputOf<typeof countingContract.checkGroupCompleteRecord>;

/** What completing a group settles: units expected and counted, short and surplus, of wrong SKUs, and the cartons nothing was counted in. */
export interface Settlement {
  expected: number;
  counted: number;
  short: number;
  surplus: number;
  wrong: number;
  uncountedCartons: string[];
}

function settle(lines: readonly Pick<GroupLine, 'expected_qty' | 'counted_qty'>[], wrong: readonly { qty: number }[], uncountedCartons: string[]): Settlement {
  const totals: Settlement = { expected: 0, counted: 0, short: 0, surplus: 0, wrong: wrong.reduce((sum, w) => sum + w.qty, 0), uncountedCartons };
  for (const line of lines) {
    const { shortage_qty: short, surplus_qty: surplus } = lineDifference(line);
    totals.expected += line.expected_qty;
    totals.counted += line.counted_qty;
    totals.short += short;
    totals.surplus += surplus;
  }
  return totals;
}

/** The group's totals as this device sees them (offline, or with ops not sent yet). */
export const groupTotals = (group: LocalGroup): Settlement =>
  settle(group.lines, group.wrong, group.cartons.filter((c) => c.counted_qty === 0).map((c) => c.tracking_id));

/** The same totals from the server's completion check (check_group_complete_record). */
export const checkedTotals = (check: CompletionCheck): Settlement =>
  settle(check.lines, check.wrong_skus, check.uncounted_tracking_ids.map((c) => c.tracking_id));
