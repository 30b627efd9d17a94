import { describe, expect, test } from 'vitest';
import { INBOUND_STATUS, RETURN_INBOUND_CONDITION, RETURN_INBOUND_REASON } from '../../../shared/codes';
import type { ReturnToJudge } from '../../../shared/contract/return-order.contract';
import { returnQcOps } from '../../../shared/ops/return-qc.ops';
import type { OpState, OutboxOp } from '../../kit/outbox';
import { linesJudged, returnOfCode, returnProgress, unitOfScan } from './return-qc-view';

const ret: ReturnToJudge = {
  asn_no: 'RTN1', return_order_no: 'RMA-1', tracking_no: 'RT-1', return_reason: RETURN_INBOUND_REASON.values.CHANGE_OF_MIND, status: INBOUND_STATUS.values.ARRIVED,
  lines: [
    { sku_id: 'SKU-A', sku_name: 'A', barcode: '8880001', expected_qty: 2, judged_qty: 1 },
    { sku_id: 'SKU-B', sku_name: 'B', barcode: null, expected_qty: 1, judged_qty: 0 },
  ],
};

let seq = 0;
const unit = (skuCode: string, state: OpState = 'pending', returnNo = 'RTN1'): OutboxOp => ({
  op_id: `op${++seq}`, stream: 's', seq, kind: returnQcOps.judgeUnit.kind, created_at: seq, state, attempts: 0, last_error: null, result: null, user_id: 7, whs_id: 'SGSIN1',
  payload: { return_no: returnNo, sku_code: skuCode, condition: RETURN_INBOUND_CONDITION.values.GOOD },
});

describe('return QC before the server answers', () => {
  test('a return is found by its tracking, return order or ASN number, whatever the case', () => {
    expect(returnOfCode([ret], ' rt-1 ')).toBe(ret);
    expect(returnOfCode([ret], 'rma-1')).toBe(ret);
    expect(returnOfCode([ret], 'RTN1')).toBe(ret);
    expect(returnOfCode([ret], 'RT-2')).toBeUndefined();
    expect(returnOfCode(undefined, 'RT-1')).toBeUndefined();
  });

  test('units this device queued count on their line until the server answers; answered ones are in the server count', () => {
    expect(returnProgress(ret, [])).toEqual({ judged: 1, expected: 3 });
    const ops = [unit('8880001'), unit('SKU-B', 'sending'), unit('SKU-A', 'done'), unit('SKU-A', 'rejected'), unit('SKU-A', 'pending', 'RTN9')];
    expect(linesJudged(ret, ops).map((l) => l.judged)).toEqual([2, 1]);
    expect(returnProgress(ret, ops)).toEqual({ judged: 3, expected: 3 });
  });

  test('a SKU with units to judge is its line; one the return does not carry, or has no more of, is a wrong item', () => {
    expect(unitOfScan(ret, 'sku-a', [])).toEqual({ kind: 'line', line: { ...ret.lines[0], judged: 1 } });
    expect(unitOfScan(ret, 'SKU-A', [unit('SKU-A')])).toEqual({ kind: 'wrong', code: 'SKU-A' });
    expect(unitOfScan(ret, ' SKU-Z ', [])).toEqual({ kind: 'wrong', code: 'SKU-Z' });
  });
});
