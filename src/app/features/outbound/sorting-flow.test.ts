import { describe, expect, it } from 'vitest';
import { TASK_STATUS } from '../../../shared/codes';
import type { SortingOrder, SortingWork } from '../../../shared/contract/sorting.contract';
import { sortingOps } from '../../../shared/ops/sorting.ops';
import type { OutboxOp } from '../../kit/outbox/db';
import { slotRefusal, sortingOpsOf, sortPayloadOf, unitTarget, wallComplete, wallView } from './sorting-flow';

const T = TASK_STATUS.values;
const line = (sku_id: string, qty: number, sorted_qty = 0) => ({ sku_id, sku_name: `Item ${sku_id}`, codes: [sku_id, `88${sku_id}`], qty, sorted_qty });
const order = (order_no: string, slot_no: number, lines: SortingOrder['lines'], status: number = T.PENDING): SortingOrder => ({
  order_no, slot_no, slot_container: `PW-01-${String(slot_no).padStart(2, '0')}`, status,
  total_qty: lines.reduce((s, l) => s + l.qty, 0), sorted_qty: lines.reduce((s, l) => s + l.sorted_qty, 0), lines,
});
function work(orders: SortingOrder[], scanOps: string[] = []): SortingWork {
  return {
    task: {
      task_no: 'ST1', station_id: 'PW-01', container_code: 'CART001', picking_task_no: 'PK1', wave_no: null, rule_id: 1, status: T.ONGOING,
      sorted_qty: 0, total_qty: 0, assignee_id: 1, created_at: 0, finished_at: null,
    },
    orders,
    scans: scanOps.map((op_id, i) => ({ scan_id: i + 1, order_no: 'SO-A', sku_id: 'SKU1', qty: 1, slot_no: 1, scanned: 'PW-01-01', ok: true, op_id, operator_id: 1, created_at: 0 })),
  };
}
let seq = 0;
const sortOp = (orderNo: string, skuId: string, state: OutboxOp['state'], opId = `op${++seq}`, taskNo = 'ST1'): OutboxOp => ({
  op_id: opId, stream: 's', seq: ++seq, kind: sortingOps.sort.kind, payload: { task_no: taskNo, order_no: orderNo, sku_id: skuId, qty: 1, slot_no: 1 },
  created_at: seq, state, attempts: 1, last_error: state === 'rejected' ? { retcode: -289805, message: 'Wrong slot' } : null, result: null, user_id: 1, whs_id: 'W',
});

describe('the put wall', () => {
  const w = work([order('SO-A', 1, [line('SKU1', 2)]), order('SO-B', 2, [line('SKU1', 1), line('SKU2', 1)])]);

  it('sends a unit to the first order by slot still needing its SKU, by any of its codes', () => {
    const view = wallView(w, []);
    expect(unitTarget(view, '88SKU1')).toEqual({ ok: true, orderNo: 'SO-A', skuId: 'SKU1', slotNo: 1, slotContainer: 'PW-01-01' });
    expect(unitTarget(view, ' SKU2 ')).toMatchObject({ ok: true, orderNo: 'SO-B', slotNo: 2 });
    expect(unitTarget(view, 'NOPE')).toMatchObject({ ok: false, skuId: null });
    expect(sortPayloadOf(view, { orderNo: 'SO-B', skuId: 'SKU2', slotNo: 2 })).toEqual({ task_no: 'ST1', order_no: 'SO-B', sku_id: 'SKU2', qty: 1, slot_no: 2 });
  });

  it('counts this device\'s queued sorts, so the next unit goes on to the next order, and refuses one too many', () => {
    const ops = [sortOp('SO-A', 'SKU1', 'pending'), sortOp('SO-A', 'SKU1', 'sending')];
    const view = wallView(w, ops);
    expect(view.orders[0]).toMatchObject({ sorted: 2, complete: true });
    expect(view.waiting).toBe(2);
    expect(unitTarget(view, 'SKU1')).toMatchObject({ ok: true, orderNo: 'SO-B', slotNo: 2 });
    const full = wallView(w, [...ops, sortOp('SO-B', 'SKU1', 'pending'), sortOp('SO-B', 'SKU2', 'pending')]);
    expect(unitTarget(full, 'SKU1')).toMatchObject({ ok: false, skuId: 'SKU1' });
    expect(wallComplete(full)).toBe(true);
    expect(full.sorted).toBe(full.total);
  });

  it('does not count twice a sort the server\'s read holds, nor a refused one; keeps the refusal to show', () => {
    const served = work([order('SO-A', 1, [line('SKU1', 2, 1)])], ['known']);
    const view = wallView(served, [sortOp('SO-A', 'SKU1', 'done', 'known'), sortOp('SO-A', 'SKU1', 'rejected')]);
    expect(view.orders[0]).toMatchObject({ sorted: 1, complete: false, refused: 'Wrong slot' });
    expect(view.waiting).toBe(0);
  });

  it('confirms a slot by its label (any padding) or number; refuses another slot or a label of no slot', () => {
    const view = wallView(w, []);
    expect(slotRefusal(view, 2, 'PW-01-02')).toBeNull();
    expect(slotRefusal(view, 2, 'pw-01-2')).toBeNull();
    expect(slotRefusal(view, 2, '2')).toBeNull();
    expect(slotRefusal(view, 2, 'PW-01-01')?.message).toMatch(/Wrong slot/);
    expect(slotRefusal(view, 2, 'CART001')?.message).toMatch(/not a slot label/);
  });

  it('keeps only this task\'s sorting ops', () => {
    const ops = [sortOp('SO-A', 'SKU1', 'pending'), sortOp('SO-A', 'SKU1', 'pending', 'x', 'ST2')];
    expect(sortingOpsOf(ops, 'ST1')).toHaveLength(1);
  });
});
