import { describe, expect, it } from 'vitest';
import { CHECKING_REFUSAL_REASON, CHECKING_STATION_MODE, TASK_STATUS } from '../../../shared/codes';
import type { CheckingOrder, CheckingWork } from '../../../shared/contract/checking.contract';
import { checkingOps } from '../../../shared/ops/checking.ops';
import type { OutboxOp } from '../../kit/outbox/db';
import {
  addUnit, checkPayloadOf, finishNeeds, finishRefusal, openOrders, orderComplete, orderOfScan, orderState, packagingOf, packagingRefusal, slotRefusal, unitOfScan,
  type Scanned,
} from './checking-flow';

const M = CHECKING_STATION_MODE.values;
const R = CHECKING_REFUSAL_REASON.values;
const T = TASK_STATUS.values;

const line = (sku_id: string, qty: number) => ({ sku_id, sku_name: `Item ${sku_id}`, codes: [sku_id, `88${sku_id}`], qty, unit_weight_g: 100 });
const order = (order_no: string, slot_no: number, lines: CheckingOrder['lines'], status: number = T.PENDING): CheckingOrder => ({
  order_no, slot_no, status, total_qty: lines.reduce((s, l) => s + l.qty, 0), expected_weight_g: 100, weight_g: null, lines,
});
function work(mode: number, orders: CheckingOrder[], flags: Partial<CheckingWork['task']> = {}): CheckingWork {
  return {
    task: {
      task_no: 'CK1', container_code: 'CART001', station_id: 'CHK-01', mode, status: T.ONGOING, wave_no: null, wave_type: null,
      need_scan_inner_packaging: false, need_scan_outer_packaging: false, remove_weight_input: true, checked_qty: 0, total_qty: 0, is_all_done: false,
      assignee_id: 1, created_at: 0, finished_at: null, ...flags,
    },
    orders,
    packaging: [
      { consumable_id: 'BOX-S', consumable_name: 'Box S', consumable_type: 1 }, { consumable_id: 'POUCH-1', consumable_name: 'Pouch', consumable_type: 2 },
      { consumable_id: 'BUBBLE', consumable_name: 'Bubble wrap', consumable_type: 4 }, { consumable_id: 'TAPE', consumable_name: 'Tape', consumable_type: 3 },
    ],
    refusals: [],
  };
}
const checkOp = (orderNo: string, state: OutboxOp['state'], message = ''): OutboxOp => ({
  op_id: orderNo + state, stream: 's', seq: 1, kind: checkingOps.check.kind, payload: { task_no: 'CK1', order_no: orderNo }, created_at: 0, state, attempts: 1,
  last_error: state === 'rejected' ? { retcode: -289505, message } : null, result: null, user_id: 1, whs_id: 'W',
});

const A = order('SO-A', 1, [line('SKU1', 2)]);
const B = order('SO-B', 2, [line('SKU1', 1), line('SKU2', 1)]);

describe('checking mode', () => {
  const w = work(M.CHECKING, [A, B]);
  it('takes units of the order being checked, refusing others at once', () => {
    expect(unitOfScan(w, [], {}, null, 'SKU1')).toMatchObject({ ok: false, reason: R.NOT_IN_ORDER });
    expect(unitOfScan(w, [], {}, 'SO-A', '88SKU1')).toMatchObject({ ok: true, orderNo: 'SO-A', skuId: 'SKU1', confirmSlot: false });
    expect(unitOfScan(w, [], {}, 'SO-A', 'SKU2')).toMatchObject({ ok: false, reason: R.NOT_IN_ORDER, skuId: 'SKU2' });
    expect(unitOfScan(w, [], {}, 'SO-A', 'NOPE')).toMatchObject({ ok: false, reason: R.UNKNOWN_ITEM, skuId: null });
    const full: Scanned = addUnit(addUnit({}, 'SO-A', 'SKU1'), 'SO-A', 'SKU1');
    expect(orderComplete(A, full)).toBe(true);
    expect(unitOfScan(w, [], full, 'SO-A', 'SKU1')).toMatchObject({ ok: false, reason: R.EXTRA_UNIT });
  });

  it('names an order by its number or slot label', () => {
    expect(orderOfScan(w, [], 'so-b')?.order_no).toBe('SO-B');
    expect(orderOfScan(w, [], 'CART001-02')?.order_no).toBe('SO-B');
    expect(orderOfScan(w, [], 'CHK-01-1')?.order_no).toBe('SO-A');
    expect(orderOfScan(w, [], '7')).toBeUndefined();
    expect(orderOfScan(w, [checkOp('SO-A', 'pending')], '1')).toBeUndefined();
  });
});

describe('sort while checking', () => {
  const w = work(M.SORT_WHILE_CHECKING, [A, B]);
  it('sends each unit to the first order by slot still needing it, and asks for its slot', () => {
    expect(unitOfScan(w, [], {}, null, 'SKU1')).toMatchObject({ ok: true, orderNo: 'SO-A', slotNo: 1, confirmSlot: true });
    const aFull = addUnit(addUnit({}, 'SO-A', 'SKU1'), 'SO-A', 'SKU1');
    expect(unitOfScan(w, [], aFull, null, 'SKU1')).toMatchObject({ ok: true, orderNo: 'SO-B', slotNo: 2 });
    expect(unitOfScan(w, [], addUnit(aFull, 'SO-B', 'SKU1'), null, 'SKU1')).toMatchObject({ ok: false, reason: R.EXTRA_UNIT });
    expect(slotRefusal(w, 2, 'CART001-2')).toBeNull();
    expect(slotRefusal(w, 2, '1')).not.toBeNull();
    expect(slotRefusal(w, 2, 'X')).not.toBeNull();
  });

  it('skips orders queued on this device, and takes a rejected one again', () => {
    expect(unitOfScan(w, [checkOp('SO-A', 'done')], {}, null, 'SKU1')).toMatchObject({ orderNo: 'SO-B' });
    expect(unitOfScan(w, [checkOp('SO-A', 'rejected', 'too heavy')], {}, null, 'SKU1')).toMatchObject({ orderNo: 'SO-A' });
    expect(orderState(A, [checkOp('SO-A', 'rejected', 'too heavy')])).toEqual({ kind: 'rejected', message: 'too heavy' });
    // The newest op of the order decides (the outbox lists newest first).
    expect(orderState(A, [checkOp('SO-A', 'pending'), checkOp('SO-A', 'rejected')])).toEqual({ kind: 'queued' });
    expect(openOrders(work(M.SORT_WHILE_CHECKING, [A, order('SO-C', 3, [line('SKU3', 1)], T.DONE)]), []).map((o) => o.order_no)).toEqual(['SO-A']);
  });
});

describe('mass checking', () => {
  it('fills like orders in slot order without a slot scan', () => {
    const w = work(M.MASS_CHECKING, [order('SO-1', 1, [line('SKU9', 1)]), order('SO-2', 2, [line('SKU9', 1)])]);
    expect(unitOfScan(w, [], {}, null, 'SKU9')).toMatchObject({ ok: true, orderNo: 'SO-1', confirmSlot: false });
    expect(unitOfScan(w, [], addUnit({}, 'SO-1', 'SKU9'), null, 'SKU9')).toMatchObject({ ok: true, orderNo: 'SO-2' });
  });
});

describe('finishing an order', () => {
  it('takes packaging of the kind asked, in any case', () => {
    const w = work(M.CHECKING, [A], { need_scan_inner_packaging: true, need_scan_outer_packaging: true });
    expect(packagingRefusal(w, 'outer', 'box-s')).toBeNull();
    expect(packagingOf(w, 'box-s')).toBe('BOX-S');
    expect(packagingRefusal(w, 'outer', 'BUBBLE')).not.toBeNull();
    expect(packagingRefusal(w, 'inner', 'BUBBLE')).toBeNull();
    expect(packagingRefusal(w, 'inner', 'POUCH-1')).toBeNull();
    expect(packagingRefusal(w, 'inner', 'TAPE')).not.toBeNull();
    expect(packagingRefusal(w, 'outer', 'NOPE')).not.toBeNull();
  });

  it('asks for the packaging and the weight the task asks, then carries them', () => {
    const w = work(M.CHECKING, [A], { need_scan_outer_packaging: true, remove_weight_input: false });
    const needs = finishNeeds(w);
    expect(needs).toEqual({ inner: false, outer: true, weight: true });
    expect(finishRefusal(needs, { innerPackaging: null, outerPackaging: null, weightG: 200 })).not.toBeNull();
    expect(finishRefusal(needs, { innerPackaging: null, outerPackaging: 'BOX-S', weightG: null })).not.toBeNull();
    expect(finishRefusal(needs, { innerPackaging: null, outerPackaging: 'BOX-S', weightG: 200 })).toBeNull();
    const scanned = addUnit(addUnit({}, 'SO-A', 'SKU1'), 'SO-A', 'SKU1');
    expect(checkPayloadOf(w, A, scanned, { innerPackaging: 'ignored', outerPackaging: 'BOX-S', weightG: 200 })).toEqual({
      task_no: 'CK1', order_no: 'SO-A', units: [{ sku_id: 'SKU1', qty: 2 }], inner_packaging: null, outer_packaging: 'BOX-S', weight_g: 200,
    });
  });
});
