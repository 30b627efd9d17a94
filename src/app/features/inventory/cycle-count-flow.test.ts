import { describe, expect, test } from 'vitest';
import { CYCLE_COUNT_KIND, CYCLE_COUNT_STATUS } from '../../../shared/codes';
import type { CcWork } from '../../../shared/contract/cycle-count.contract';
import { cycleCountOps } from '../../../shared/ops/cycle-count.ops';
import { pickingOps } from '../../../shared/ops/picking.ops';
import { RET } from '../../../shared/retcodes';
import type { OpState, OutboxOp } from '../../kit/outbox';
import {
  ccOpsOf, ccPayloads, claimRefusal, completeRefusal, countView, emptyRefusal, locationOfScan, nextUncounted, qtyRefusal, skuOfScan, taskRefusal,
} from './cycle-count-flow';

type Location = CcWork['locations'][number];
const sku = (id: string, more: Partial<Location['skus'][number]> = {}): Location['skus'][number] =>
  ({ sku_id: id, sku_name: `Item ${id}`, barcode: `890${id}`, system_qty: 5, counted_qty: 0, ...more });
const location = (id: string, seq: number, skus: Location['skus'], counted = false): Location => ({ location_id: id, seq, counted, skus });
const work = (locations: Location[], more: { show_system_qty?: boolean; status?: number } = {}): CcWork => ({
  task: {
    task_no: 'CT1', order_no: 'CC1', source: 1, round: 1, zone_id: 'Z1', pathway_id: null, status: more.status ?? CYCLE_COUNT_STATUS.values.ONGOING,
    assignee_id: 7, location_count: locations.length, counted_location_count: locations.filter((l) => l.counted).length, created_at: 1, finished_at: null,
  },
  show_system_qty: more.show_system_qty ?? false,
  kind: CYCLE_COUNT_KIND.values.LOCATION,
  locations,
});
const task = () => work([
  location('Z1-01', 2, [sku('S2')]),
  location('Z1-00', 1, [sku('S1', { counted_qty: 3 }), sku('S3', { system_qty: 0 })], true),
  location('Z1-02', 3, []),
]);

let seq = 0;
const op = (state: OpState, kind: string, payload: Record<string, unknown>, result: unknown = null): OutboxOp => ({
  op_id: `op${++seq}`, stream: 's', seq, kind, payload, created_at: seq, state, attempts: 0, last_error: null, result, user_id: 7, whs_id: 'SGSIN1',
});
const C = cycleCountOps;
const count = (state: OpState, where: string, code: string, qty: number, taskNo = 'CT1') => op(state, C.count.kind, { task_no: taskNo, location_id: where, code, qty });
const at = (state: OpState, kind: string, where: string) => op(state, kind, { task_no: 'CT1', location_id: where });
/** The outbox lists ops newest first. */
const newestFirst = (...ops: OutboxOp[]) => ops.reverse();
const tallies = (view: ReturnType<typeof countView>, where: string) =>
  view.locations.find((l) => l.location_id === where)!.skus.map((s) => [s.sku_id, s.counted, s.expected, s.system_qty]);

describe('countView', () => {
  test('locations in walking order; the read counts plus this device\'s unanswered counts; applied and refused ops are not added again', () => {
    const view = countView(task(), newestFirst(
      count('done', 'Z1-00', 'S1', 3),
      count('rejected', 'Z1-01', 'S2', 9),
      count('pending', 'z1-00', '890S1', 2),
      count('sending', 'Z1-01', 's2', 4),
      count('pending', 'Z1-01', 'CT9-OTHER', 1, 'CT9'),
      op('pending', pickingOps.pick.kind, { task_no: 'CT1', location_id: 'Z1-01', qty: 1 }),
    ));
    expect(view.locations.map((l) => [l.location_id, l.counted])).toEqual([['Z1-00', true], ['Z1-01', true], ['Z1-02', false]]);
    // Blind: the book is not shown.
    expect(tallies(view, 'Z1-00')).toEqual([['S1', 5, true, null], ['S3', 0, true, null]]);
    expect(tallies(view, 'Z1-01')).toEqual([['S2', 4, true, null]]);
    expect(view).toMatchObject({ countedLocations: 2, allCounted: false, completed: false, unsent: 2, blind: true });
    expect(completeRefusal(view)).not.toBeNull();
  });

  test('the book shows when the order shows it; SKUs found where the order does not expect them are listed, by id when the task knows the code', () => {
    const view = countView(work(task().locations, { show_system_qty: true }), newestFirst(
      count('pending', 'Z1-02', '890S2', 2),
      count('pending', 'Z1-02', 'MAPPED-77', 1),
      count('pending', 'Z1-02', 'MAPPED-77', 1),
    ));
    expect(tallies(view, 'Z1-00')).toEqual([['S1', 3, true, 5], ['S3', 0, true, 0]]);
    expect(tallies(view, 'Z1-02')).toEqual([['S2', 2, false, null], ['MAPPED-77', 2, false, null]]);
    expect(view.locations[2]!.skus[0]!.sku_name).toBe('Item S2');
  });

  test('an applied count\'s answer is a floor under a read that predates it; an applied "Count again" clears it', () => {
    const answer = (where: string, skuId: string | null, qty: number) => ({ task_no: 'CT1', location_id: where, sku_id: skuId, counted_qty: qty, message: '' });
    const view = countView(task(), newestFirst(
      op('done', C.count.kind, { task_no: 'CT1', location_id: 'Z1-01', code: 'S2', qty: 2 }, answer('Z1-01', 'S2', 2)),
      op('done', C.count.kind, { task_no: 'CT1', location_id: 'Z1-00', code: 'S1', qty: 1 }, answer('Z1-00', 'S1', 1)),
      op('done', C.empty.kind, { task_no: 'CT1', location_id: 'Z1-02' }, answer('Z1-02', null, 0)),
    ));
    // Z1-00's read (3) is newer than its answer (1): the larger stands.
    expect(view.locations.map((l) => [l.location_id, l.counted, l.skus.map((x) => x.counted)])).toEqual([['Z1-00', true, [3, 0]], ['Z1-01', true, [2]], ['Z1-02', true, []]]);
    const cleared = countView(task(), newestFirst(
      op('done', C.count.kind, { task_no: 'CT1', location_id: 'Z1-01', code: 'S2', qty: 2 }, answer('Z1-01', 'S2', 2)),
      op('done', C.recount.kind, { task_no: 'CT1', location_id: 'Z1-01' }, answer('Z1-01', null, 0)),
    ));
    expect(cleared.locations[1]).toMatchObject({ counted: false, skus: [{ sku_id: 'S2', counted: 0 }] });
  });

  test('"Count again" withdraws the read and earlier queued counts there; what follows it counts', () => {
    const view = countView(task(), newestFirst(
      count('pending', 'Z1-00', 'S1', 2),
      at('pending', C.recount.kind, 'Z1-00'),
      count('pending', 'Z1-00', 'S3', 1),
    ));
    const here = view.locations[0]!;
    expect(here).toMatchObject({ recounting: true, counted: true });
    expect(tallies(view, 'Z1-00')).toEqual([['S1', 0, true, null], ['S3', 1, true, null]]);
    // Before anything is counted again the location is open.
    const withdrawn = countView(task(), newestFirst(at('sending', C.recount.kind, 'Z1-00')));
    expect(withdrawn.locations[0]).toMatchObject({ recounting: true, counted: false });
    expect(withdrawn.countedLocations).toBe(0);
  });

  test('empty confirmations and unknown items count the location (against no SKU); Complete once every location is counted', () => {
    const ops = newestFirst(
      at('pending', C.empty.kind, 'Z1-02'),
      op('pending', C.unknown.kind, { task_no: 'CT1', location_id: 'Z1-00', code: '', qty: 2 }),
    );
    const view = countView(task(), ops);
    expect(view.locations.map((l) => [l.location_id, l.counted, l.empty, l.unknownQty])).toEqual([
      ['Z1-00', true, false, 2], ['Z1-01', false, false, 0], ['Z1-02', true, true, 0],
    ]);
    expect(tallies(view, 'Z1-00')).toEqual([['S1', 3, true, null], ['S3', 0, true, null]]);
    expect(view.allCounted).toBe(false);
    expect(nextUncounted(view, 'Z1-02')?.location_id).toBe('Z1-01');
    const reported = countView(task(), [op('pending', C.unknown.kind, { task_no: 'CT1', location_id: 'Z1-01', code: 'X', qty: 1 })]);
    expect(reported.locations[1]).toMatchObject({ counted: true, unknownQty: 1 });
    const counted = countView(task(), newestFirst(...ops.reverse(), count('pending', 'Z1-01', 'S2', 5)));
    expect(counted).toMatchObject({ allCounted: true, countedLocations: 3 });
    expect(completeRefusal(counted)).toBeNull();
    expect(nextUncounted(counted, null)).toBeUndefined();
    expect(countView(task(), [op('pending', C.complete.kind, { task_no: 'CT1' })]).completed).toBe(true);
    // A refused Complete is not complete; a task the server says is done is.
    expect(countView(task(), [op('rejected', C.complete.kind, { task_no: 'CT1' })]).completed).toBe(false);
    expect(countView(work(task().locations, { status: CYCLE_COUNT_STATUS.values.DONE }), []).completed).toBe(true);
  });

  test('ccOpsOf keeps the task\'s cycle count ops only', () => {
    const ops = [count('pending', 'Z1-00', 'S1', 1), count('pending', 'Z1-00', 'S1', 1, 'CT2'), op('pending', pickingOps.pick.kind, { task_no: 'CT1' })];
    expect(ccOpsOf(ops, 'CT1')).toEqual([ops[0]]);
  });
});

describe('scans', () => {
  const view = countView(task(), []);
  test('a location of the task in any case; any other is refused at once', () => {
    const hit = locationOfScan(view, ' z1-01 ');
    expect(hit.ok && hit.location.location_id).toBe('Z1-01');
    const miss = locationOfScan(view, 'Z9-99');
    expect(miss.ok).toBe(false);
    expect(!miss.ok && miss.refusal.message).toContain('is not a location of task');
    expect(locationOfScan(view, '  ').ok).toBe(false);
  });

  test('a SKU by id, barcode or id in another case; expected here, elsewhere in the task, or a code the server resolves', () => {
    const here = view.locations[0]!;
    expect(skuOfScan(view, here, '890S3')).toEqual({ ok: true, sku: { code: 'S3', sku_id: 'S3', sku_name: 'Item S3', expected: true, system_qty: null } });
    expect(skuOfScan(view, here, 's1')).toMatchObject({ ok: true, sku: { code: 'S1', expected: true } });
    expect(skuOfScan(view, here, '890S2')).toMatchObject({ ok: true, sku: { code: 'S2', sku_id: 'S2', expected: false } });
    expect(skuOfScan(view, here, ' MAP-1 ')).toEqual({ ok: true, sku: { code: 'MAP-1', sku_id: null, sku_name: '', expected: false, system_qty: null } });
    expect(skuOfScan(view, here, '').ok).toBe(false);
    const shown = countView(work(task().locations, { show_system_qty: true }), []);
    expect(skuOfScan(shown, shown.locations[0]!, 'S1')).toMatchObject({ ok: true, sku: { system_qty: 5 } });
  });

  test('quantities 1 to 99999; an empty confirmation only where nothing is counted', () => {
    expect([0, 1, 99_999, 100_000, 1.5].map((q) => qtyRefusal(q) === null)).toEqual([false, true, true, false, false]);
    expect(emptyRefusal(view.locations[0]!)).not.toBeNull();
    expect(emptyRefusal(view.locations[2]!)).toBeNull();
  });
});

describe('task and claim refusals', () => {
  test('a cancelled task takes no counts', () => {
    expect(taskRefusal(work([], { status: CYCLE_COUNT_STATUS.values.CANCEL }))).not.toBeNull();
    expect(taskRefusal(task())).toBeNull();
  });

  test('-285003 by its reason, -285002; other codes keep the server\'s message', () => {
    for (const reason of ['skill', 'recount', 'none']) expect(claimRefusal(RET.CC_TASK_REFUSED, { reason })).not.toBeNull();
    expect(claimRefusal(RET.CC_TASK_REFUSED, { reason: 'skill' })?.message).toContain('skills');
    expect(claimRefusal(RET.CC_TASK_REFUSED, null)).toBeNull();
    expect(claimRefusal(RET.CC_STATE_REFUSED, null)).not.toBeNull();
    expect(claimRefusal(RET.NOT_FOUND, null)).toBeNull();
  });
});

test('payloads name the task and what was scanned', () => {
  const view = countView(task(), []);
  const scanned = skuOfScan(view, view.locations[1]!, '890S2');
  if (!scanned.ok) throw new Error('not resolved');
  expect(ccPayloads.count(view, 'Z1-01', scanned.sku, 4)).toEqual({ task_no: 'CT1', location_id: 'Z1-01', code: 'S2', qty: 4 });
  expect(ccPayloads.unknown(view, 'Z1-01', ' X1 ', 2)).toEqual({ task_no: 'CT1', location_id: 'Z1-01', code: 'X1', qty: 2 });
  expect(ccPayloads.empty(view, 'Z1-02')).toEqual({ task_no: 'CT1', location_id: 'Z1-02' });
  expect(ccPayloads.recount(view, 'Z1-02')).toEqual({ task_no: 'CT1', location_id: 'Z1-02' });
  expect(ccPayloads.complete(view)).toEqual({ task_no: 'CT1' });
  for (const [decl, payload] of [
    [C.count, ccPayloads.count(view, 'Z1-01', scanned.sku, 4)], [C.empty, ccPayloads.empty(view, 'Z1-02')], [C.complete, ccPayloads.complete(view)],
  ] as const) expect(decl.payload.safeParse(payload).success).toBe(true);
});
