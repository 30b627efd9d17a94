import { describe, expect, test } from 'vitest';
import { INBOUND_STATUS } from '../../../shared/codes';
import type { ExpectedReturnParcel, ReturnParcelArrival } from '../../../shared/contract/return-order.contract';
import { returnArrivalOps } from '../../../shared/ops/return-arrival.ops';
import type { OpState, OutboxOp } from '../../kit/outbox';
import { answerOf, dockCounts, judgeParcel } from './return-arrival-view';

const parcel = (trackingNo: string, asnNo: string): ExpectedReturnParcel => ({
  tracking_no: trackingNo, asn_no: asnNo, return_order_no: `RMA-${asnNo}`, status: INBOUND_STATUS.values.PENDING, total_qty: 2,
});
const expected = [parcel('RT-1', 'RTN1'), parcel('RT-2', 'RTN2'), parcel('RT-3', 'RTN3')];

let seq = 0;
const scan = (trackingNo: string, state: OpState = 'pending', result: ReturnParcelArrival | null = null): OutboxOp => ({
  op_id: `op${++seq}`, stream: 's', seq, kind: returnArrivalOps.scanParcel.kind, payload: { tracking_no: trackingNo }, created_at: seq, state,
  attempts: 0, last_error: null, result, user_id: 7, whs_id: 'SGSIN1',
});

describe('judging a parcel at the return dock before the server answers', () => {
  test('an expected parcel is matched whatever its case and spaces; another is a dispute; a blank scan is refused', () => {
    expect(judgeParcel(' rt-2 ', expected, [])).toEqual({ kind: 'expected', parcel: expected[1] });
    expect(judgeParcel('RT-9', expected, [])).toEqual({ kind: 'unknown', trackingNo: 'RT-9' });
    expect(judgeParcel('   ', expected, []).kind).toBe('refused');
  });

  test('with no copy of the expected parcels (never read offline) every scan goes to the server as unknown here', () => {
    expect(judgeParcel('RT-1', undefined, [])).toEqual({ kind: 'unknown', trackingNo: 'RT-1' });
  });

  test('a parcel this device queued or scanned is refused; one the server refused may be scanned again', () => {
    expect(judgeParcel('rt-1', expected, [scan('RT-1')]).kind).toBe('refused');
    expect(judgeParcel('RT-1', expected, [scan('RT-1', 'done', { outcome: 'arrived', tracking_no: 'RT-1', asn_no: 'RTN1', return_order_no: 'RMA-RTN1', total_qty: 2 })]).kind).toBe('refused');
    expect(judgeParcel('RT-1', expected, [scan('RT-1', 'rejected'), scan('RT-1', 'discarded')]).kind).toBe('expected');
  });
});

describe('the dock\'s counts', () => {
  test('waiting leaves out what was scanned here; queued unknown parcels and the server\'s disputes are both disputes', () => {
    const ops = [
      scan('RT-1', 'done', { outcome: 'arrived', tracking_no: 'RT-1', asn_no: 'RTN1', return_order_no: 'RMA-RTN1', total_qty: 2 }),
      scan('RT-2'),
      scan('LOST-1'),
      scan('LOST-2', 'done', { outcome: 'dispute', tracking_no: 'LOST-2', dispute_no: 'RDP1' }),
      scan('RT-3', 'rejected'),
    ];
    expect(dockCounts(expected, ops)).toEqual({ waiting: 1, scanned: 4, disputes: 2 });
    expect(dockCounts(undefined, [])).toEqual({ waiting: 0, scanned: 0, disputes: 0 });
  });

  test('the server\'s answer is read only from a done op', () => {
    const dispute = { outcome: 'dispute', tracking_no: 'X', dispute_no: 'RDP2' } as const;
    expect(answerOf(scan('X', 'done', dispute))).toEqual(dispute);
    expect(answerOf(scan('X', 'pending'))).toBeNull();
  });
});
