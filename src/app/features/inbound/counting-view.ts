import type { OutputOf } from '../../../shared/contract/define';
import type { countingContract } from '../../../shared/contract/counting.contract';
import {
  allocateCount, applyAllocations, isCountQty, resolveScannedSku, skuProgress, surplusOf,
} from '../../../shared/counting';
import type { OutboxOp } from '../../kit/outbox';
import { COUNTING_OPS } from './counting.ops';

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
  counted_qty: number;
  /** Registered on this device, not yet by the server. */
  queued: boolean;
}

export interface LocalGroup {
  lines: GroupLine[];
  cartons: LocalCarton[];
  wrong: { code: string; qty: number }[];
  /** Completion is queued (or applied): no more counts. */
  completing: boolean;
  /** Counted units on this device the server has not answered yet. */
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
 * the detail was read (its record is newer than the detail's latest). Rejected and discarded ops
 * have no effect.
 */
function pendingIn(op: OutboxOp, detail: GroupDetail): boolean {
  if (op.state === 'pending' || op.state === 'sending') return true;
  if (op.state !== 'done') return false;
  if (op.kind === COUNTING_OPS.save || op.kind === COUNTING_OPS.wrongSku) return recordIdOf(op) > detail.last_record_id;
  if (op.kind === COUNTING_OPS.carton) return !detail.tracking_ids.some((t) => t.tracking_id === text(op.payload.tracking_id));
  return op.kind === COUNTING_OPS.complete && detail.counting_completed_at === null;
}

/** The group as this device sees it: the detail, then its ops not in the detail yet, in order. */
export function localGroup(detail: GroupDetail, ops: readonly OutboxOp[]): LocalGroup {
  let lines = detail.lines;
  const cartons: LocalCarton[] = detail.tracking_ids.map((t) => ({ tracking_id: t.tracking_id, asn_no: t.asn_no, counted_qty: t.counted_qty, queued: false }));
  const wrong = detail.wrong_skus.map((w) => ({ code: w.sku_id, qty: w.qty }));
  let completing = detail.counting_completed_at !== null;
  let queuedUnits = 0;
  for (const op of groupOps(ops, detail.group_no)) {
    if (!pendingIn(op, detail)) continue;
    const p = op.payload;
    const trackingId = text(p.tracking_id);
    const qty = isCountQty(p.qty) ? p.qty : 0;
    const carton = trackingId ? cartons.find((c) => c.tracking_id === trackingId) : undefined;
    switch (op.kind) {
      case COUNTING_OPS.save: {
        const skuId = text(p.sku_id);
        if (!skuId || qty === 0) break;
        lines = applyAllocations(lines, allocateCount(lines, skuId, qty, carton?.asn_no ?? null));
        if (carton) carton.counted_qty += qty;
        queuedUnits += qty;
        break;
      }
      case COUNTING_OPS.wrongSku: {
        const code = text(p.code);
        if (!code || qty === 0) break;
        const known = wrong.find((w) => w.code === code);
        if (known) known.qty += qty;
        else wrong.push({ code, qty });
        if (carton) carton.counted_qty += qty;
        queuedUnits += qty;
        break;
      }
      case COUNTING_OPS.carton: {
        const asnNo = text(p.asn_no) ?? (detail.asns.length === 1 ? detail.asns[0]!.asn_no : null);
        if (trackingId && asnNo && !carton) cartons.push({ tracking_id: trackingId, asn_no: asnNo, counted_qty: 0, queued: true });
        break;
      }
      case COUNTING_OPS.complete:
        completing = true;
        break;
    }
  }
  return { lines, cartons, wrong, completing, queuedUnits };
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

/** The group's totals, as completing it would settle them. */
export function groupTotals(group: LocalGroup) {
  let expected = 0;
  let counted = 0;
  let short = 0;
  let surplus = 0;
  for (const line of group.lines) {
    expected += line.expected_qty;
    counted += line.counted_qty;
    short += Math.max(0, line.expected_qty - line.counted_qty);
    surplus += Math.max(0, line.counted_qty - line.expected_qty);
  }
  return { expected, counted, short, surplus, wrong: group.wrong.reduce((sum, w) => sum + w.qty, 0) };
}
