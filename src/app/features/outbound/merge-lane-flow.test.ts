import { describe, expect, test } from 'vitest';
import { SALES_ORDER_STATUS, TASK_STATUS } from '../../../shared/codes';
import type { MergeLane, MergeTask } from '../../../shared/contract/merging.contract';
import { mergingOps } from '../../../shared/ops/merging.ops';
import type { OpState, OutboxOp } from '../../kit/outbox';
import { arrivalAnswer, arrivalAt, laneOpsOf, laneView, slotsUsed } from './merge-lane-flow';

const task = (taskNo: string, orderNo: string, slot: number | null, containers: MergeTask['containers']): MergeTask => ({
  task_no: taskNo, order_no: orderNo, order_status: SALES_ORDER_STATUS.values.PICKING, status: TASK_STATUS.values.PENDING, station_id: 'MRG-01',
  slot_no: slot, rule_id: 1, container_count: containers.length, arrived_count: containers.filter((c) => c.arrived_at !== null).length,
  created_at: 1_700_000_000, started_at: null, finished_at: null, containers,
});
const box = (code: string | null, task: string, arrived = false, picked = true) => ({ picking_task_no: task, container_code: code, zone_id: 'A01', picked, arrived_at: arrived ? 1_700_000_100 : null });
const lane = (...tasks: MergeTask[]): MergeLane => ({ station_id: 'MRG-01', station_name: 'Merge Lane 1', lane_slots: 12, tasks });

let seq = 0;
const arrive = (state: OpState, code: string, station = 'MRG-01', result: unknown = null): OutboxOp => ({
  op_id: `op${++seq}`, stream: 's', seq, kind: mergingOps.arrive.kind, payload: { station_id: station, container_code: code }, created_at: seq, state,
  attempts: 0, last_error: null, result, user_id: 7, whs_id: 'SGSIN1',
});

const read = lane(
  task('MG1', 'SO1', 1, [box('CART001', 'PK1', true), box('CART002', 'PK2'), box(null, 'PK3', false, false)]),
  task('MG2', 'SO2', 2, [box('CART003', 'PK4'), box('CART004', 'PK5')]),
  task('MG3', 'SO3', null, [box('CART005', 'PK6'), box('CART006', 'PK7')]),
);

describe('the lane and its arrivals', () => {
  test('the read plus this device\'s arrivals not answered yet; other lanes\' ops left out', () => {
    const ops = laneOpsOf([arrive('pending', 'cart003'), arrive('rejected', 'CART004'), arrive('pending', 'CART005', 'MRG-02')], 'MRG-01');
    expect(ops).toHaveLength(2);
    const view = laneView(read, ops);
    expect(view.orders.map((o) => [o.orderNo, o.slotNo, o.complete, o.containers.map((c) => `${c.code}:${c.arrived ? 'A' : c.queued ? 'Q' : c.unbound ? 'U' : '-'}`)])).toEqual([
      ['SO1', 1, false, ['CART001:A', 'CART002:-', 'PK3:U']],
      ['SO2', 2, false, ['CART003:Q', 'CART004:-']],
      ['SO3', null, false, ['CART005:-', 'CART006:-']],
    ]);
    expect(slotsUsed(view)).toBe(2);
  });

  test('a scan names the order and slot, and what it still waits for; the last one completes it', () => {
    const view = laneView(read, [arrive('pending', 'CART003')]);
    expect(arrivalAt(view, ' cart002 ')).toEqual({ ok: true, arrival: { code: 'cart002', targets: [{ orderNo: 'SO1', slotNo: 1, complete: false, waiting: ['PK3'] }] } });
    expect(arrivalAt(view, 'CART004')).toEqual({ ok: true, arrival: { code: 'CART004', targets: [{ orderNo: 'SO2', slotNo: 2, complete: true, waiting: [] }] } });
  });

  test('a container on the lane (or queued here) is refused; one the copy does not know goes to the server', () => {
    const view = laneView(read, [arrive('sending', 'CART003')]);
    expect(arrivalAt(view, 'CART001').ok).toBe(false);
    expect(arrivalAt(view, 'CART003').ok).toBe(false);
    expect(arrivalAt(view, '  ').ok).toBe(false);
    expect(arrivalAt(view, 'CART999')).toEqual({ ok: true, arrival: null });
    // A picking task's number is not a container.
    expect(arrivalAt(view, 'PK3')).toEqual({ ok: true, arrival: null });
  });

  test('the server\'s answer of an applied arrival', () => {
    const result = { container_code: 'CART002', station_id: 'MRG-01', orders: [], message: 'ok' };
    expect(arrivalAnswer(arrive('done', 'CART002', 'MRG-01', result))).toEqual(result);
    expect(arrivalAnswer(arrive('pending', 'CART002'))).toBeNull();
  });
});
