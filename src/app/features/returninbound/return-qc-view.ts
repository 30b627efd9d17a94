import type { JudgeReturnUnitInput, ReturnToJudge, ReturnUnitJudged } from '../../../shared/contract/return-order.contract';
import { resolveScannedSku } from '../../../shared/counting';
import type { OutboxOp } from '../../kit/outbox';
import { outcomeOf } from '../../kit/outbox/op-outcome';

/**
 * What the return QC screen makes of its scans before the server answers (docs/returns.md), from
 * its copy of the returns to judge and its own ops: which return a code names, which of its lines
 * a unit is, and how far each line is judged.
 */

type Line = ReturnToJudge['lines'][number];

const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** The return a code names: its tracking, return order or ASN number. */
export const returnOfCode = (returns: readonly ReturnToJudge[] | undefined, code: string): ReturnToJudge | undefined =>
  returns?.find((r) => same(r.tracking_no, code) || same(r.return_order_no, code) || same(r.asn_no, code));

/** The payload an op of the screen sent. */
export const payloadOf = (op: OutboxOp) => op.payload as JudgeReturnUnitInput;

/** The server's answer to a unit, once it came. */
export const answerOf = (op: OutboxOp) => outcomeOf<ReturnUnitJudged>(op);

/** The device's units of this return the server has not answered yet (the cached counts do not hold them). */
const unanswered = (ret: ReturnToJudge, ops: readonly OutboxOp[]) =>
  ops.filter((op) => (op.state === 'pending' || op.state === 'sending') && returnOfCode([ret], payloadOf(op).return_no));

/** Each line with its units judged: the server's count plus this device's units still on their way. */
export function linesJudged(ret: ReturnToJudge, ops: readonly OutboxOp[]): (Line & { judged: number })[] {
  const queued = new Map<string, number>();
  for (const op of unanswered(ret, ops)) {
    const skuId = resolveScannedSku(payloadOf(op).sku_code, ret.lines);
    if (skuId !== null) queued.set(skuId, (queued.get(skuId) ?? 0) + 1);
  }
  // A queued unit beyond a line's units goes to dispute on the server: it does not count on the line.
  return ret.lines.map((l) => ({ ...l, judged: Math.min(l.expected_qty, l.judged_qty + (queued.get(l.sku_id) ?? 0)) }));
}

export type UnitScan = { kind: 'line'; line: Line } | { kind: 'wrong'; code: string };

/** A unit scanned: a line of the return with units still to judge, or an item it does not carry (more) of — a wrong item. */
export function unitOfScan(ret: ReturnToJudge, code: string, ops: readonly OutboxOp[]): UnitScan {
  const skuId = resolveScannedSku(code, ret.lines);
  const line = linesJudged(ret, ops).find((l) => l.sku_id === skuId);
  return line && line.judged < line.expected_qty ? { kind: 'line', line } : { kind: 'wrong', code: code.trim() };
}

/** Units of the return judged and expected, over its lines. */
export function returnProgress(ret: ReturnToJudge, ops: readonly OutboxOp[]): { judged: number; expected: number } {
  const lines = linesJudged(ret, ops);
  return { judged: lines.reduce((n, l) => n + l.judged, 0), expected: lines.reduce((n, l) => n + l.expected_qty, 0) };
}
