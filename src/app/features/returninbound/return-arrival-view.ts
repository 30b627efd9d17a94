import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ExpectedReturnParcel, ReturnParcelArrival } from '../../../shared/contract/return-order.contract';
import type { OutboxOp } from '../../kit/outbox';
import { outcomeOf } from '../../kit/outbox/op-outcome';

/**
 * What the return dock's screen makes of a scanned parcel before the server answers, from its
 * copy of the expected parcels and its own ops (docs/returns.md): a return to arrive, a parcel no
 * return expects (a dispute), or one this device has scanned already (refused, nothing queued).
 */
export type ParcelJudgement =
  | { kind: 'expected'; parcel: ExpectedReturnParcel }
  | { kind: 'unknown'; trackingNo: string }
  | { kind: 'refused'; refusal: MessageDescriptor };

const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** The tracking number an op of the screen scanned. */
export const scannedOf = (op: OutboxOp): string => String((op.payload as { tracking_no?: unknown }).tracking_no ?? '');

/** The server's answer to a scan, once it came. */
export const answerOf = (op: OutboxOp) => outcomeOf<ReturnParcelArrival>(op);

export function judgeParcel(scanned: string, expected: readonly ExpectedReturnParcel[] | undefined, ops: readonly OutboxOp[]): ParcelJudgement {
  const code = scanned.trim();
  if (!code) return { kind: 'refused', refusal: msg`Scan the parcel's tracking number.` };
  if (ops.some((op) => op.state !== 'rejected' && op.state !== 'discarded' && same(scannedOf(op), code))) {
    return { kind: 'refused', refusal: msg`${code} was scanned on this device already.` };
  }
  const parcel = expected?.find((p) => same(p.tracking_no, code));
  return parcel ? { kind: 'expected', parcel } : { kind: 'unknown', trackingNo: code };
}

/** Counts for the screen's header: parcels still expected (not yet scanned here) and scanned in this session. */
export function dockCounts(expected: readonly ExpectedReturnParcel[] | undefined, ops: readonly OutboxOp[]): { waiting: number; scanned: number; disputes: number } {
  const live = ops.filter((op) => op.state !== 'rejected' && op.state !== 'discarded');
  const scanned = new Set(live.map((op) => scannedOf(op).toUpperCase()));
  const waiting = (expected ?? []).filter((p) => !scanned.has(p.tracking_no.toUpperCase())).length;
  const disputes = live.filter((op) => answerOf(op)?.outcome === 'dispute'
    || (op.state !== 'done' && !(expected ?? []).some((p) => same(p.tracking_no, scannedOf(op))))).length;
  return { waiting, scanned: live.length, disputes };
}
