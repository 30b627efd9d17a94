import 'fake-indexeddb/auto';
import { afterEach, describe, expect, test } from 'vitest';
import { PICKING_TASK_KIND, PICKING_TYPE, SALES_ORDER_STATUS, SHORT_PICK_REASON, TASK_STATUS } from '../../../shared/codes';
import type { PickingLine, PickingTask, PickingWork, PickResult } from '../../../shared/contract/picking.contract';
import { pickingOps } from '../../../shared/ops/picking.ops';
import { userSettingsOps } from '../../../shared/ops/user-settings.ops';
import type { OpState, OutboxOp } from '../../kit/outbox';
import { OutboxDb } from '../../kit/outbox/db';
import { FakeSyncServer } from '../../kit/outbox/fake-server';
import { Outbox } from '../../kit/outbox/outbox';
import {
  containerRefusal, currentStop, needsContainer, needsSlot, nextStop, pickingOpsOf, qtyRefusal, routeComplete, routeView, scanAtStop, shortAnswers,
  shortPayload, shortRefusal, skuMatches, slotOfScan, slotRefusal, stopPayload, taskRefusal, zoneColorOf, type AtStop, type RouteView, type Stop,
} from './picking-flow';

const task = (more: Partial<PickingTask> = {}): PickingTask => ({
  task_no: 'PT1', kind: PICKING_TASK_KIND.values.PICKING, wave_no: 'W1', order_no: null, zone_id: 'A01', status: TASK_STATUS.values.ONGOING,
  picking_type: PICKING_TYPE.values.PICK_TO_ORDER, container_code: 'CART-01', assignee_id: 7, assignee_name: 'Op', total_qty: 9, picked_qty: 0,
  short_qty: 0, created_at: 1_700_000_000, started_at: 1_700_000_100, finished_at: null, parent_task_no: null, sub_picking_group_id: null, ...more,
});
const line = (allocId: number, more: Partial<PickingLine> = {}): PickingLine => ({
  alloc_id: allocId, seq: allocId, order_no: 'SO1', line_no: allocId, location_id: `A01-01-0${allocId}`, zone_id: 'A01', pathway_id: 'A01-01',
  sku_id: `SKU${allocId}`, sku_name: `Item ${allocId}`, codes: [`SKU${allocId}`, `890${allocId}`, `MAP-${allocId}`], batch_id: 'B1', expiry_date: null,
  qty: 3, picked_qty: 0, short_qty: 0, cancelled_qty: 0, returned_qty: 0, container_code: 'CART-01', slot_no: null, ...more,
});
const work = (lines: PickingLine[], more: Partial<PickingTask> = {}): PickingWork => ({ task: task(more), lines, pick_rule: { allow_typed_qty: false } });

let seq = 0;
const op = (state: OpState, kind: string, payload: Record<string, unknown>, result: unknown = null): OutboxOp => ({
  op_id: `op${++seq}`, stream: 's', seq, kind, payload, created_at: seq, state, attempts: 0, last_error: null, result, user_id: 7, whs_id: 'SGSIN1',
});
const pick = (state: OpState, allocId: number, qty: number, result: unknown = null) =>
  op(state, pickingOps.pick.kind, { task_no: 'PT1', alloc_id: allocId, location: `A01-01-0${allocId}`, sku_id: `SKU${allocId}`, qty }, result);
const short = (state: OpState, allocId: number, qty: number, result: unknown = null) =>
  op(state, pickingOps.shortPick.kind, { task_no: 'PT1', alloc_id: allocId, qty, reason: SHORT_PICK_REASON.values.LOCATION_EMPTY }, result);
const answer = (allocId: number, figures: Partial<PickResult['line']>, more: Partial<PickResult> = {}): PickResult => ({
  task_no: 'PT1', task_status: TASK_STATUS.values.ONGOING, total_qty: 9, picked_qty: 0, short_qty: 0, order_no: 'SO1', order_status: SALES_ORDER_STATUS.values.PICKING,
  line: { alloc_id: allocId, picked_qty: 0, short_qty: 0, returned_qty: 0, ...figures }, reallocated: [], message: 'Picked', ...more,
});
/** The outbox lists ops newest first. */
const newestFirst = (...ops: OutboxOp[]) => ops.reverse();

describe('routeView', () => {
  test('stops in seq order; queued picks and short picks count on top of the read, applied ones by their answer', () => {
    const route = routeView(work([line(3), line(1, { picked_qty: 1 }), line(2)]), newestFirst(
      pick('done', 1, 1, answer(1, { picked_qty: 2 })),
      pick('pending', 1, 1),
      short('sending', 2, 1),
      pick('rejected', 3, 3),
      op('pending', userSettingsOps.setUserSetting.kind, { name: 'lang', value: 'vi' }),
      op('pending', pickingOps.pick.kind, { task_no: 'PT9', alloc_id: 3, qty: 3 }),
    ));
    expect(route.stops.map((s) => [s.alloc_id, s.doneQty, s.queuedQty, s.remaining])).toEqual([[1, 2, 1, 0], [2, 0, 1, 2], [3, 0, 0, 3]]);
    expect(route).toMatchObject({ reverse: false, handled: 4, total: 9 });
    expect(currentStop(route, null)?.alloc_id).toBe(2);
    expect(currentStop(route, 3)?.alloc_id).toBe(3);
    // A chosen stop with nothing left gives way to the first open one.
    expect(currentStop(route, 1)?.alloc_id).toBe(2);
  });

  test('an answer already in the read counts once; a later answer of the line wins', () => {
    const route = routeView(work([line(1, { picked_qty: 2 })]), newestFirst(pick('done', 1, 1, answer(1, { picked_qty: 1 })), pick('done', 1, 1, answer(1, { picked_qty: 2 }))));
    expect(route.stops[0]).toMatchObject({ doneQty: 2, remaining: 1 });
  });

  test('a short pick re-allocated: its new stops join the route once, in seq order', () => {
    const moved = line(9, { seq: 2, location_id: 'B02-01-01', sku_id: 'SKU1', codes: ['SKU1'], qty: 2 });
    const shortAnswer = answer(1, { short_qty: 2 }, { reallocated: [moved], message: 'Re-allocated 2 from B02-01-01' });
    const ops = newestFirst(short('done', 1, 2, shortAnswer), pick('pending', 1, 1));
    const route = routeView(work([line(1), line(3)]), ops);
    expect(route.stops.map((s) => s.alloc_id)).toEqual([1, 9, 3]);
    expect(route.stops.map((s) => s.remaining)).toEqual([0, 2, 3]);
    // The next read carries the new stop itself: it is not doubled.
    expect(routeView(work([line(1, { short_qty: 2 }), moved, line(3)]), ops).stops).toHaveLength(3);
    expect(shortAnswers(ops)).toEqual([{ opId: ops[1]!.op_id, orderNo: 'SO1', failed: false, reallocated: [moved], message: 'Re-allocated 2 from B02-01-01' }]);
  });

  test('an order sent to Pick Fail: its open stops are cancelled, another order\'s are not', () => {
    const failed = answer(1, { short_qty: 3 }, { order_status: SALES_ORDER_STATUS.values.PICK_FAIL, message: 'No stock left: SO1 is Pick Fail' });
    const ops = newestFirst(pick('done', 2, 1, answer(2, { picked_qty: 1 })), short('done', 1, 3, failed));
    const route = routeView(work([line(1), line(2), line(3, { order_no: 'SO2' })]), ops);
    expect(route.stops.map((s) => [s.remaining, s.cancelled_qty])).toEqual([[0, 0], [0, 2], [3, 0]]);
    expect(route.failedOrders).toEqual(['SO1']);
    expect(shortAnswers(ops)).toMatchObject([{ orderNo: 'SO1', failed: true, reallocated: [] }]);
    expect(routeComplete(route)).toBe(false);
  });

  test('reverse picking: a stop asks the units picked, less those put back and queued', () => {
    const reverse = work([line(1, { picked_qty: 3, returned_qty: 1 }), line(2, { picked_qty: 2 })], { kind: PICKING_TASK_KIND.values.REVERSE_PICKING, order_no: 'SO1' });
    const put = op('pending', pickingOps.reversePut.kind, { task_no: 'PT1', alloc_id: 1, location: 'A01-09-01', qty: 1 });
    const route = routeView(reverse, [put]);
    expect(route.reverse).toBe(true);
    expect(route.stops.map((s) => [s.askedQty, s.doneQty, s.remaining])).toEqual([[3, 1, 1], [2, 0, 2]]);
    expect(route).toMatchObject({ handled: 2, total: 5 });
  });

  test('complete when every stop is picked, short or queued; nextStop walks on and wraps round', () => {
    const lines = [line(1), line(2), line(3)];
    const route = routeView(work(lines), [pick('pending', 2, 3)]);
    const [one, , three] = route.stops as [Stop, Stop, Stop];
    expect(nextStop(route, one)?.alloc_id).toBe(3);
    expect(nextStop(route, three)?.alloc_id).toBe(1);
    expect(routeComplete(routeView(work(lines), [pick('pending', 1, 3), short('pending', 2, 3), pick('pending', 3, 2), pick('pending', 3, 1)]))).toBe(true);
  });
});

describe('zone colours', () => {
  test('a stop takes its zone\'s palette colour from the claim, re-allocated stops too; none without colours, for a zone without one or a name not in the palette', () => {
    const reallocated = line(9, { zone_id: 'B01', location_id: 'B01-01-01' });
    const withColors: PickingWork = { ...work([line(1), line(2, { zone_id: 'C01' }), line(3, { zone_id: null })]), zone_colors: { A01: 'blue', B01: 'cyan', C01: 'magenta' } };
    const route = routeView(withColors, [short('done', 1, 3, answer(1, { short_qty: 3 }, { reallocated: [reallocated] }))]);
    expect(route.stops.map((s) => [s.alloc_id, s.zoneColor?.name ?? null])).toEqual([[1, 'blue'], [2, null], [3, null], [9, 'cyan']]);
    expect(routeView(work([line(1)]), []).stops[0]!.zoneColor).toBeNull();
    expect(zoneColorOf(undefined, 'A01')).toBeNull();
    expect(zoneColorOf({ A01: 'blue' }, null)).toBeNull();
    expect(zoneColorOf({ A01: 'blue' }, 'A01')?.hex).toBe('#1565C0');
  });
});

describe('scans at a stop', () => {
  const route = routeView(work([line(1), line(2)]), []);
  const stop = route.stops[0]!;
  const atLocation: AtStop = { allocId: 1, location: 'A01-01-01', counted: 0 };

  test('the location first: another one is refused naming the expected one; case does not matter', () => {
    const wrong = scanAtStop(route, stop, null, 'A01-01-02');
    expect(wrong).toMatchObject({ ok: false, refusal: { id: expect.any(String) as string, values: { value: 'A01-01-02', expected: 'A01-01-01' } } });
    expect(scanAtStop(route, stop, null, ' a01-01-01 ')).toEqual({ ok: true, at: atLocation, complete: false });
    // A place kept for another stop does not count here.
    expect(scanAtStop(route, stop, { ...atLocation, allocId: 2 }, 'SKU1')).toMatchObject({ ok: false });
  });

  test('then the SKU by any of its codes, one piece a scan, complete on the last piece; a wrong SKU and an over-pick are refused', () => {
    expect(skuMatches(stop, '8901') && skuMatches(stop, 'MAP-1') && skuMatches(stop, 'sku1')).toBe(true);
    expect(scanAtStop(route, stop, atLocation, 'SKU2')).toMatchObject({ ok: false, refusal: { values: { value: 'SKU2', expected: 'SKU1' } } });
    let at = atLocation;
    for (const code of ['SKU1', '8901']) {
      const outcome = scanAtStop(route, stop, at, code);
      expect(outcome).toMatchObject({ ok: true, complete: false });
      if (outcome.ok) at = outcome.at;
    }
    expect(scanAtStop(route, stop, at, 'MAP-1')).toEqual({ ok: true, at: { ...at, counted: 3 }, complete: true });
    expect(scanAtStop(route, stop, { ...at, counted: 3 }, 'SKU1')).toMatchObject({ ok: false, refusal: { values: { remaining: 3 } } });
  });

  test('a typed quantity: 1 to what is left', () => {
    expect(qtyRefusal(stop, 3)).toBeNull();
    expect(qtyRefusal(stop, 4)).toMatchObject({ values: { remaining: 3 } });
    expect(qtyRefusal(stop, 0)).not.toBeNull();
    expect(qtyRefusal(stop, 1.5)).not.toBeNull();
  });

  test('the pick names the task line, the location scanned, the SKU and the quantity', () => {
    expect(stopPayload(route, stop, atLocation, 2)).toEqual({
      kind: 'pick', payload: { task_no: 'PT1', alloc_id: 1, location: 'A01-01-01', sku_id: 'SKU1', qty: 2 },
    });
  });

  test('a short pick: at most what is left and not counted; its payload', () => {
    expect(shortRefusal(stop, 3, 0)).toBeNull();
    expect(shortRefusal(stop, 3, 1)).toMatchObject({ values: { open: 2 } });
    expect(shortRefusal(stop, 0, 0)).not.toBeNull();
    expect(shortPayload(route, stop, 2, SHORT_PICK_REASON.values.DAMAGED)).toEqual({ task_no: 'PT1', alloc_id: 1, qty: 2, reason: SHORT_PICK_REASON.values.DAMAGED });
  });

  test('reverse picking: any cell but the stop\'s container, then the quantity put back', () => {
    // A reverse task has no container of its own: each stop's units are in its picking task's.
    const reverse: RouteView = routeView(work([line(1, { picked_qty: 2 })], { kind: PICKING_TASK_KIND.values.REVERSE_PICKING, container_code: null }), []);
    const back = reverse.stops[0]!;
    expect(scanAtStop(reverse, back, null, 'cart-01')).toMatchObject({ ok: false });
    const cell = scanAtStop(reverse, back, null, 'A01-09-09');
    expect(cell).toEqual({ ok: true, at: { allocId: 1, location: 'A01-09-09', counted: 0 }, complete: false });
    expect(scanAtStop(reverse, back, { allocId: 1, location: 'A01-09-09', counted: 0 }, 'SKU1')).toMatchObject({ ok: false });
    expect(stopPayload(reverse, back, { allocId: 1, location: 'A01-09-09', counted: 0 }, 2)).toEqual({
      kind: 'reversePut', payload: { task_no: 'PT1', alloc_id: 1, location: 'A01-09-09', qty: 2 },
    });
  });
});

describe('the task and its container', () => {
  test('a finished task or another operator\'s is refused; a picking task without a container waits for one', () => {
    expect(taskRefusal(task(), 7)).toBeNull();
    expect(taskRefusal(task({ status: TASK_STATUS.values.DONE }), 7)).not.toBeNull();
    expect(taskRefusal(task({ assignee_id: 8, assignee_name: 'Bob' }), 7)).toMatchObject({ values: { name: 'Bob' } });
    expect(needsContainer(task({ container_code: null }))).toBe(true);
    expect(needsContainer(task({ container_code: null, kind: PICKING_TASK_KIND.values.REVERSE_PICKING }))).toBe(false);
  });

  test('a location or SKU of the route is not a container', () => {
    const w = work([line(1)], { container_code: null });
    expect(containerRefusal(w, 'CART-02')).toBeNull();
    expect(containerRefusal(w, 'a01-01-01')).not.toBeNull();
    expect(containerRefusal(w, '8901')).not.toBeNull();
    expect(containerRefusal(w, ' ')).not.toBeNull();
  });
});

describe('with the outbox (fake IndexedDB): picks queued offline show as progress and drain once', () => {
  const outboxes: Outbox[] = [];
  const dbs: OutboxDb[] = [];
  afterEach(async () => {
    for (const o of outboxes.splice(0)) {
      o.stop();
      o.setContext(null);
      await o.drain();
    }
    for (const db of dbs.splice(0)) db.close();
  });

  test('queued picks and a short pick take their units off the route; once drained they are applied, each once', async () => {
    const server = new FakeSyncServer({ userId: 7, whsId: 'SGSIN1' });
    const db = new OutboxDb(`picking-flow-${Date.now()}`);
    dbs.push(db);
    const outbox = new Outbox({ db, transport: server.transport(), locks: null, timers: { setTimeout: () => 0, clearTimeout: () => undefined }, appVersion: 'test', userAgent: 'vitest' });
    outboxes.push(outbox);
    outbox.setContext({ userId: 7, whsId: 'SGSIN1' });
    const read = work([line(1), line(2)]);
    let route = routeView(read, []);
    for (const _ of [1, 2]) {
      const stop = currentStop(route, null)!;
      const queued = stopPayload(route, stop, { allocId: stop.alloc_id, location: stop.location_id, counted: 0 }, Math.min(2, stop.remaining));
      expect(queued.kind).toBe('pick');
      server.failBefore.push(new TypeError('offline'));
      if (queued.kind === 'pick') await outbox.enqueue(pickingOps.pick, queued.payload);
      await outbox.drain();
      route = routeView(read, await db.ops.reverse().toArray());
    }
    expect(currentStop(route, null)?.alloc_id).toBe(2);
    server.failBefore.push(new TypeError('offline'));
    await outbox.enqueue(pickingOps.shortPick, shortPayload(route, currentStop(route, null)!, 1, SHORT_PICK_REASON.values.DAMAGED));
    const queued = await db.ops.reverse().toArray();
    expect(pickingOpsOf(queued, 'PT1')).toHaveLength(3);
    route = routeView(read, queued);
    expect(route.stops.map((s) => s.remaining)).toEqual([0, 2]);
    expect(route.handled).toBe(4);
    server.failBefore.length = 0;
    await outbox.retryNow();
    expect(server.applied.map((o) => o.kind)).toEqual([pickingOps.pick.kind, pickingOps.pick.kind, pickingOps.shortPick.kind]);
    expect(new Set(server.appliedIds()).size).toBe(3);
    expect((await db.ops.toArray()).map((o) => o.state)).toEqual(['done', 'done', 'done']);
  });
});

describe('sorting while picking: the cart slot', () => {
  const sorted = routeView(work([line(1, { slot_no: 3, order_no: 'SO7' }), line(2)], { picking_type: PICKING_TYPE.values.SORTING_WHILE_PICKING }), []);
  const [slotted, plain] = sorted.stops as [Stop, Stop];
  const at: AtStop = { allocId: 1, location: 'A01-01-01', counted: 2 };

  test('a stop with a slot waits for it; one without, and reverse picking, never do', () => {
    expect(needsSlot(sorted, slotted)).toBe(true);
    expect(needsSlot(sorted, plain)).toBe(false);
    expect(needsSlot({ ...sorted, reverse: true }, slotted)).toBe(false);
  });

  test('a slot label is the cart code, a dash and the number (any padding, any case), or the number alone', () => {
    expect(slotOfScan('CART-01', 'CART-01-3')).toBe(3);
    expect(slotOfScan('CART-01', ' cart-01-03 ')).toBe(3);
    expect(slotOfScan('CART-01', '12')).toBe(12);
    expect(slotOfScan('CART-01', 'CART-02-3')).toBeNull();
    expect(slotOfScan('CART-01', 'CART-01')).toBeNull();
    expect(slotOfScan('CART-01', 'CART-01-0')).toBeNull();
    expect(slotOfScan('CART-01', 'SKU1')).toBeNull();
    expect(slotOfScan(null, '4')).toBe(4);
  });

  test('the right slot is taken, another slot or code is refused naming the right one', () => {
    expect(slotRefusal(sorted, slotted, 'CART-01-03')).toBeNull();
    expect(slotRefusal(sorted, slotted, '3')).toBeNull();
    expect(slotRefusal(sorted, slotted, 'CART-01-4')).toMatchObject({ values: { scanned: 4, expected: 3 } });
    expect(slotRefusal(sorted, slotted, 'A01-01-02')).toMatchObject({ values: { value: 'A01-01-02', expected: 3 } });
    expect(slotRefusal(sorted, plain, 'anything')).toBeNull();
  });

  test('the pick carries the slot its units were sorted into', () => {
    expect(stopPayload(sorted, slotted, at, 2)).toEqual({
      kind: 'pick', payload: { task_no: 'PT1', alloc_id: 1, location: 'A01-01-01', qty: 2, sku_id: 'SKU1', slot_no: 3 },
    });
    expect(stopPayload(sorted, plain, { ...at, allocId: 2, location: 'A01-01-02' }, 1).payload).not.toHaveProperty('slot_no');
  });
});
