import { describe, expect, it } from 'vitest';
import { SORTING_STAGE, TASK_STATUS } from '../../../shared/codes';
import { preSortGroups, type SortingOrder, type SortingWork } from '../../../shared/contract/sorting.contract';
import { sortingOps } from '../../../shared/ops/sorting.ops';
import type { OutboxOp } from '../../kit/outbox/db';
import {
  preSortPayloadOf, slotRefusal, sortingOpsOf, sortPayloadOf, toteOf, toteRefusal, unitTarget, wallComplete, wallGroups, wallView,
} from './sorting-flow';

const T = TASK_STATUS.values;
const line = (sku_id: string, qty: number, sorted_qty = 0) => ({ sku_id, sku_name: `Item ${sku_id}`, codes: [sku_id, `88${sku_id}`], qty, sorted_qty });
const order = (order_no: string, slot_no: number, lines: SortingOrder['lines'], status: number = T.PENDING): SortingOrder => ({
  order_no, slot_no, slot_container: `PW-01-${String(slot_no).padStart(2, '0')}`, tote_code: null, status,
  total_qty: lines.reduce((s, l) => s + l.qty, 0), sorted_qty: lines.reduce((s, l) => s + l.sorted_qty, 0), lines,
});
function work(orders: SortingOrder[], scanOps: string[] = [], stage: number = SORTING_STAGE.values.PUT_WALL): SortingWork {
  return {
    task: {
      task_no: 'ST1', station_id: 'PW-01', container_code: 'CART001', picking_task_no: 'PK1', wave_no: null, rule_id: 1, stage, status: T.ONGOING,
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

describe('pre-sorting', () => {
  /** Two groups: SO-A and SO-B to wall PW-01, SO-C to wall PW-02 (its tote bound on the server). */
  const pre = (toteOfC: string | null = 'TOTE-9') => work([
    { ...order('SO-A', 1, [line('SKU1', 1)]), slot_container: 'PW-01' },
    { ...order('SO-B', 1, [line('SKU2', 1)]), slot_container: 'PW-01' },
    { ...order('SO-C', 2, [line('SKU1', 2)]), slot_container: 'PW-02', tote_code: toteOfC },
  ], [], SORTING_STAGE.values.PRE_SORTING);
  const preOp = (orderNo: string, skuId: string, wall: string, tote: string, state: OutboxOp['state']): OutboxOp => ({
    ...sortOp(orderNo, skuId, state), kind: sortingOps.presort.kind,
    payload: { task_no: 'ST1', order_no: orderNo, sku_id: skuId, qty: 1, station_id: wall, tote_code: tote },
  });

  it('splits a container\'s orders evenly between the rule\'s walls, more groups when a wall has too few slots', () => {
    const orders = ['A', 'B', 'C', 'D', 'E'];
    expect(preSortGroups(orders, ['W1', 'W2'], 24)).toEqual([{ wall: 'W1', orderNos: ['A', 'B', 'C'] }, { wall: 'W2', orderNos: ['D', 'E'] }]);
    expect(preSortGroups(orders, ['W1', 'W2'], 2).map((g) => [g.wall, g.orderNos.length])).toEqual([['W1', 2], ['W2', 2], ['W1', 1]]);
    expect(preSortGroups(['A'], ['W1', 'W2'], 24)).toEqual([{ wall: 'W1', orderNos: ['A'] }]);
    expect(preSortGroups([], ['W1'], 24)).toEqual([]);
  });

  it('sends a unit to its order\'s put wall; the group\'s tote (server or this device\'s first pre-sort) confirms it', () => {
    const view = wallView(pre(), []);
    expect(view.pre).toBe(true);
    const target = unitTarget(view, 'SKU1');
    expect(target).toMatchObject({ ok: true, orderNo: 'SO-A', slotNo: 1, slotContainer: 'PW-01' });
    // Group 1 has no tote yet: any tote but the container or another group's.
    expect(toteOf(view, 1)).toBeNull();
    expect(toteRefusal(view, { slotNo: 1, slotContainer: 'PW-01' }, 'TOTE-1')).toBeNull();
    expect(toteRefusal(view, { slotNo: 1, slotContainer: 'PW-01' }, 'CART001')?.message).toMatch(/being pre-sorted/);
    expect(toteRefusal(view, { slotNo: 1, slotContainer: 'PW-01' }, 'TOTE-9')?.message).toMatch(/another group/);
    expect(toteRefusal(view, { slotNo: 2, slotContainer: 'PW-02' }, 'TOTE-1')?.message).toMatch(/Wrong tote/);
    expect(preSortPayloadOf(view, { orderNo: 'SO-A', skuId: 'SKU1', slotContainer: 'PW-01' }, ' TOTE-1 ')).toEqual({
      task_no: 'ST1', order_no: 'SO-A', sku_id: 'SKU1', qty: 1, station_id: 'PW-01', tote_code: 'TOTE-1',
    });
    // Once this device put a unit into TOTE-1 for group 1, the group's other order goes there too.
    const bound = wallView(pre(), [preOp('SO-A', 'SKU1', 'PW-01', 'TOTE-1', 'pending')]);
    expect(bound.orders.find((o) => o.orderNo === 'SO-B')?.tote).toBe('TOTE-1');
    expect(toteRefusal(bound, { slotNo: 1, slotContainer: 'PW-01' }, 'TOTE-2')).toMatchObject({ message: expect.stringMatching(/Wrong tote/), values: { value: 'TOTE-2', bound: 'TOTE-1' } });
    // A rejected pre-sort binds nothing.
    expect(wallView(pre(), [preOp('SO-A', 'SKU1', 'PW-01', 'TOTE-1', 'rejected')]).orders[0]?.tote).toBeNull();
  });

  it('groups the view by wall with each tote\'s units', () => {
    const view = wallView(pre(), [preOp('SO-C', 'SKU1', 'PW-02', 'TOTE-9', 'pending')]);
    expect(wallGroups(view)).toEqual([
      { slotNo: 1, wall: 'PW-01', tote: null, orders: 2, total: 2, sorted: 0, complete: false },
      { slotNo: 2, wall: 'PW-02', tote: 'TOTE-9', orders: 1, total: 2, sorted: 1, complete: false },
    ]);
  });
});
