import { describe, expect, test } from 'vitest';
import type { OutboxOp } from '../../kit/outbox';
import { checkCount, checkedTotals, groupTotals, localGroup, meaningOf, skuRows, type CompletionCheck, type GroupDetail } from './counting-view';
import { countingOps } from '../../../shared/ops/counting.ops';

const detail = (over: Partial<GroupDetail> = {}): GroupDetail => ({
  group_no: 'G1', status: 7, counting_completed_at: null, last_record_id: 10,
  asns: [{ asn_no: 'A1', status: 7, supplier_id: null, expected_qty: 8, counted_qty: 2 }, { asn_no: 'A2', status: 7, supplier_id: null, expected_qty: 4, counted_qty: 0 }],
  lines: [
    { asn_no: 'A1', line_no: 1, sku_id: 'SKU1', sku_name: 'One', barcode: '111', mapping_codes: ['$S1'], expected_qty: 5, counted_qty: 2 },
    { asn_no: 'A1', line_no: 2, sku_id: 'SKU2', sku_name: 'Two', barcode: null, mapping_codes: [], expected_qty: 3, counted_qty: 0 },
    { asn_no: 'A2', line_no: 1, sku_id: 'SKU1', sku_name: 'One', barcode: '111', mapping_codes: ['$S1'], expected_qty: 4, counted_qty: 0 },
  ],
  tracking_ids: [{ tracking_id: 'C2', asn_no: 'A2', status: 2, carton_qty: 1, counted_qty: 0 }],
  wrong_skus: [],
  ...over,
});

let seq = 0;
const op = (kind: string, payload: Record<string, unknown>, over: Partial<OutboxOp> = {}): OutboxOp => ({
  op_id: `op-${++seq}`, stream: 's', seq, kind, payload: { group_no: 'G1', ...payload }, created_at: seq, state: 'pending',
  attempts: 0, last_error: null, result: null, user_id: 1, whs_id: 'W', ...over,
});

describe('the group as this device sees it', () => {
  test('queued counts are added the way the server will allocate them, the carton\'s ASN first', () => {
    const view = localGroup(detail(), [
      op(countingOps.save.kind, { sku_id: 'SKU1', qty: 3, tracking_id: 'C2' }),
      op(countingOps.save.kind, { sku_id: 'SKU1', qty: 5 }),
    ]);
    expect(view.lines.map((l) => l.counted_qty)).toEqual([6, 0, 4]); // 3 into A2's carton, then A1 fills, A2 fills, 1 surplus on A1
    expect(view.cartons[0]!.counted_qty).toBe(3);
    expect(view.queuedUnits).toBe(8);
  });

  test('applied ops count only while the detail predates them; rejected ones never', () => {
    const applied = op(countingOps.save.kind, { sku_id: 'SKU2', qty: 1 }, { state: 'done', result: { record_id: 11 } });
    const folded = op(countingOps.save.kind, { sku_id: 'SKU2', qty: 1 }, { state: 'done', result: { record_id: 9 } });
    const rejected = op(countingOps.save.kind, { sku_id: 'SKU2', qty: 1 }, { state: 'rejected' });
    expect(localGroup(detail(), [applied, folded, rejected]).lines[1]!.counted_qty).toBe(1);
    expect(localGroup(detail({ last_record_id: 11 }), [applied]).lines[1]!.counted_qty).toBe(0);
    // Applied but not in the detail yet (its refetch lost to a dead zone): counted, yet not waiting to sync.
    const queued = op(countingOps.save.kind, { sku_id: 'SKU2', qty: 2 });
    expect(localGroup(detail(), [applied, queued]).queuedUnits).toBe(2);
  });

  test('cartons registered and wrong SKUs recorded on the device show at once; other groups\' ops are left out', () => {
    const view = localGroup(detail(), [
      op(countingOps.carton.kind, { tracking_id: 'NEW', asn_no: 'A1' }),
      op(countingOps.wrongSku.kind, { code: 'ODD', qty: 2, tracking_id: 'NEW' }),
      op(countingOps.wrongSku.kind, { code: 'ODD', qty: 1 }),
      op(countingOps.save.kind, { sku_id: 'SKU1', qty: 1, group_no: 'OTHER' }),
    ]);
    expect(view.cartons.map((c) => [c.tracking_id, c.asn_no, c.counted_qty, c.queued])).toEqual([['C2', 'A2', 0, false], ['NEW', 'A1', 2, true]]);
    expect(view.wrong).toEqual([{ code: 'ODD', qty: 3 }]);
    expect(view.lines.map((l) => l.counted_qty)).toEqual([2, 0, 0]);
  });

  test('carton corrections show at once, in the order queued, and until the detail holds them', () => {
    const view = localGroup(detail(), [
      op(countingOps.carton.kind, { tracking_id: 'NEW', asn_no: 'A1', carton_qty: 2 }),
      op(countingOps.cartonChange.kind, { tracking_id: 'NEW', asn_no: 'A2', carton_qty: 3 }),
      op(countingOps.save.kind, { sku_id: 'SKU1', qty: 1, tracking_id: 'NEW' }),
      op(countingOps.cartonDelete.kind, { tracking_id: 'C2' }),
    ]);
    expect(view.cartons.map((c) => [c.tracking_id, c.asn_no, c.carton_qty, c.counted_qty, c.queued])).toEqual([['NEW', 'A2', 3, 1, true]]);
    // Moved to A2 before the count: A2's line of SKU1 takes it first, as the server will allocate it.
    expect(view.lines.map((l) => l.counted_qty)).toEqual([2, 0, 1]);

    const applied = { state: 'done' as const, result: {} };
    const change = op(countingOps.cartonChange.kind, { tracking_id: 'C2', carton_qty: 4 }, applied);
    const removal = op(countingOps.cartonDelete.kind, { tracking_id: 'C2' }, applied);
    // Applied but read before: still shown from the op; once the detail holds it, from the detail.
    expect(localGroup(detail(), [change]).cartons[0]).toMatchObject({ carton_qty: 4, queued: true });
    const held = detail({ tracking_ids: [{ tracking_id: 'C2', asn_no: 'A2', status: 2, carton_qty: 4, counted_qty: 0 }] });
    expect(localGroup(held, [change]).cartons[0]).toMatchObject({ carton_qty: 4, queued: false });
    expect(localGroup(detail(), [removal]).cartons).toEqual([]);
    expect(localGroup(detail({ tracking_ids: [] }), [removal]).cartons).toEqual([]);
    expect(localGroup(detail(), [op(countingOps.cartonDelete.kind, { tracking_id: 'C2' }, { state: 'rejected' })]).cartons).toHaveLength(1);
  });

  test('a queued completion closes the group on the device', () => {
    expect(localGroup(detail(), [op(countingOps.complete.kind, {})]).completing).toBe(true);
    expect(localGroup(detail(), [op(countingOps.complete.kind, {}, { state: 'rejected' })]).completing).toBe(false);
    expect(localGroup(detail({ counting_completed_at: 1 }), []).completing).toBe(true);
  });
});

describe('scans against the cached group', () => {
  const view = localGroup(detail(), []);
  test('a carton of the group, a SKU by id, UPC or mapping code, or unknown', () => {
    expect(meaningOf(view, 'C2')).toMatchObject({ kind: 'carton', carton: { asn_no: 'A2' } });
    expect(meaningOf(view, '111')).toMatchObject({ kind: 'sku', line: { sku_id: 'SKU1' } });
    expect(meaningOf(view, '$S1')).toMatchObject({ kind: 'sku', line: { sku_id: 'SKU1' } });
    expect(meaningOf(view, ' SKU2 ')).toMatchObject({ kind: 'sku', line: { sku_id: 'SKU2' } });
    expect(meaningOf(view, 'SKU9')).toEqual({ kind: 'unknown', code: 'SKU9' });
  });
  test('a count past what the group expects is surplus, over every ASN of it', () => {
    expect(checkCount(view, 'SKU1', 7)).toEqual({ expected_qty: 9, counted_qty: 2, surplus_qty: 0 });
    expect(checkCount(view, 'SKU1', 9)).toEqual({ expected_qty: 9, counted_qty: 2, surplus_qty: 2 });
  });
  test('totals: short, surplus and wrong units', () => {
    const counted = localGroup(detail(), [op(countingOps.save.kind, { sku_id: 'SKU1', qty: 9 }), op(countingOps.wrongSku.kind, { code: 'X', qty: 1 })]);
    expect(groupTotals(counted)).toEqual({ expected: 12, counted: 11, short: 3, surplus: 2, wrong: 1, uncountedCartons: ['C2'] });
  });
  test('the server\'s completion check gives the same totals', () => {
    const check: CompletionCheck = {
      group_no: 'G1', status: 7, can_complete: true, reason: null, counting_completed_at: null,
      lines: [
        { asn_no: 'A1', line_no: 1, sku_id: 'SKU1', sku_name: 'One', expected_qty: 5, counted_qty: 7, shortage_qty: 0, surplus_qty: 2 },
        { asn_no: 'A1', line_no: 2, sku_id: 'SKU2', sku_name: 'Two', expected_qty: 3, counted_qty: 0, shortage_qty: 3, surplus_qty: 0 },
      ],
      wrong_skus: [{ asn_no: null, sku_id: 'X', qty: 1 }],
      uncounted_tracking_ids: [{ tracking_id: 'C2', asn_no: 'A2', status: 2 }],
    };
    expect(checkedTotals(check)).toEqual({ expected: 8, counted: 7, short: 3, surplus: 2, wrong: 1, uncountedCartons: ['C2'] });
  });
});

test('skuRows sums a SKU over the group\'s ASNs, in first-line order', () => {
  expect(skuRows(localGroup(detail(), []))).toEqual([
    { sku_id: 'SKU1', sku_name: 'One', expected: 9, counted: 2 },
    { sku_id: 'SKU2', sku_name: 'Two', expected: 3, counted: 0 },
  ]);
});
