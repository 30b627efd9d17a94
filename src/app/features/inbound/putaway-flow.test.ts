import { describe, expect, test } from 'vitest';
import { INBOUND_EXCEPTION_REASON, INBOUND_EXCEPTION_TYPE, PUTAWAY_MODE, TASK_STATUS } from '../../../shared/codes';
import type { PutawayLine, PutawayTask } from '../../../shared/contract/putaway.contract';
import { putawayOps } from '../../../shared/ops/putaway.ops';
import type { OpState, OutboxOp } from '../../kit/outbox';
import {
  addScannedUnit, lineOfSku, lineProgress, massItems, nextOpenLine, putOpsOf, putRefusal, scanEverything, taskProgress, taskRefusal,
} from './putaway-flow';

const task = (more: Partial<PutawayTask> = {}): PutawayTask => ({
  task_no: 'IT1', asn_no: 'ASN1', status: TASK_STATUS.values.PENDING, putaway_mode: PUTAWAY_MODE.values.STANDARD, staging_location: 'IB-PUTAWAY-01',
  assignee_id: null, assignee_name: null, total_qty: 15, done_qty: 0, created_at: 1_700_000_000, started_at: null, finished_at: null, ...more,
});
const line = (lineNo: number, more: Partial<PutawayLine> = {}): PutawayLine => ({
  task_no: 'IT1', line_no: lineNo, asn_no: 'ASN1', sku_id: `SKU${lineNo}`, sku_name: `Item ${lineNo}`, barcode: `890${lineNo}`, batch_id: 'B1',
  quality: 1, from_location: 'IB-PUTAWAY-01', suggested_location: 'A01-01-01-1', qty: 10, put_qty: 0, ...more,
});
let seq = 0;
const op = (state: OpState, kind: string, payload: Record<string, unknown>, result: unknown = null): OutboxOp => ({
  op_id: `op${++seq}`, stream: 's', seq, kind, payload, created_at: seq, state, attempts: 0, last_error: null, result, user_id: 7, whs_id: 'SGSIN1',
});
const put = (state: OpState, lineNo: number, qty: number, result: unknown = null) =>
  op(state, putawayOps.put.kind, { task_no: 'IT1', line_no: lineNo, sku_id: `SKU${lineNo}`, location: 'A01-01-01-1', qty }, result);
const applied = (lineNo: number, putQty: number) => ({ location: 'A01-01-01-1', qty: 1, tasks: [], lines: [{ task_no: 'IT1', line_no: lineNo, put_qty: putQty }] });

describe('lineProgress', () => {
  test('queued ops count on top of the read quantity; applied ops by the put quantity they answered', () => {
    const [one, two] = lineProgress([line(1, { put_qty: 2 }), line(2, { qty: 5 })], [
      put('pending', 1, 3),
      put('sending', 1, 1),
      put('done', 2, 4, applied(2, 4)),
      put('rejected', 2, 1),
      op('pending', 'system.user.set_user_setting', { name: 'lang', value: 'en' }),
    ]);
    expect(one).toMatchObject({ putQty: 2, queuedQty: 4, remaining: 4 });
    expect(two).toMatchObject({ putQty: 4, queuedQty: 0, remaining: 1 });
  });

  test('an applied op already in the read counts once (put quantities only grow)', () => {
    const [one] = lineProgress([line(1, { put_qty: 6 })], [put('done', 1, 4, applied(1, 4)), put('done', 1, 2, applied(1, 6))]);
    expect(one).toMatchObject({ putQty: 6, remaining: 4 });
  });

  test('mass puts count on every line they carry; remaining never goes below 0', () => {
    const mass = op('pending', putawayOps.massPut.kind, { staging_location: 'IB-PUTAWAY-01', location: 'C', items: [{ task_no: 'IT1', line_no: 1, qty: 12 }, { task_no: 'IT1', line_no: 2, qty: 1 }] });
    const lines = lineProgress([line(1), line(2)], [mass]);
    expect(lines.map((l) => l.remaining)).toEqual([0, 9]);
    expect(nextOpenLine(lines)?.line_no).toBe(2);
    expect(putOpsOf([mass, put('done', 1, 1)], ['IT2'])).toEqual([]);
    expect(putOpsOf([mass], ['IT1'])).toEqual([mass]);
  });

  test('a queued exception report of a holding type takes its units off the line until the server\'s answer', () => {
    const report = (state: OpState, type: number, lineNo: number | null, qty: number, kind: string = putawayOps.reportException.kind) =>
      op(state, kind, { task_no: 'IT1', line_no: lineNo, sku_id: 'SKU1', exception_type: type, reason: INBOUND_EXCEPTION_REASON.values.DAMAGED, qty, remark: null });
    const T = INBOUND_EXCEPTION_TYPE.values;
    const [one] = lineProgress([line(1)], [
      report('pending', T.ABNORMAL_ITEM, 1, 2), report('sending', T.SURPLUS, 1, 1, putawayOps.massReportException.kind),
      // A shortage holds nothing; a report on no line (a SKU found on the pallet) neither; an answered one is in the next read.
      report('pending', T.SHORTAGE, 1, 3), report('pending', T.ABNORMAL_ITEM, null, 3), report('done', T.ABNORMAL_ITEM, 1, 4), report('rejected', T.ABNORMAL_ITEM, 1, 4),
    ]);
    expect(one).toMatchObject({ heldQty: 3, remaining: 7 });
    expect(taskProgress(task({ total_qty: 10 }), [one!]).handled).toBe(3);
    const reports = [report('pending', T.ABNORMAL_ITEM, 1, 1)];
    expect(putOpsOf(reports, ['IT1'])).toEqual(reports);
    expect(putOpsOf(reports, ['IT2'])).toEqual([]);
  });

  test('an applied report counts by the line it left until the task is read again (never more units than are left)', () => {
    const report = (state: OpState, result: unknown) => op(state, putawayOps.massReportException.kind, {
      task_no: 'IT1', line_no: 2, sku_id: 'SKU2', exception_type: INBOUND_EXCEPTION_TYPE.values.ABNORMAL_ITEM, reason: INBOUND_EXCEPTION_REASON.values.DAMAGED, qty: 1, remark: null,
    }, result);
    const answer = (qty: number) => ({ exception_no: 'IEX1', line: { task_no: 'IT1', line_no: 2, qty } });
    // Read before the report: 2 of the line; the report answered 1 left.
    const [stale] = lineProgress([line(2, { qty: 2 })], [report('done', answer(1))]);
    expect(stale).toMatchObject({ qty: 1, remaining: 1 });
    expect([...scanEverything([stale!]).values()]).toEqual([1]);
    // Read again after it (and after a later report): the smaller count wins.
    const [fresh] = lineProgress([line(2, { qty: 1 })], [report('done', answer(1))]);
    expect(fresh).toMatchObject({ qty: 1, remaining: 1 });
    const [later] = lineProgress([line(2, { qty: 3 })], [report('done', answer(2)), report('done', answer(1))]);
    expect(later).toMatchObject({ qty: 1, remaining: 1 });
    // An answer of an older version (no line) changes nothing.
    const [old] = lineProgress([line(2, { qty: 2 })], [report('done', { exception_no: 'IEX1' })]);
    expect(old).toMatchObject({ qty: 2, remaining: 2 });
  });

  test('task progress: handled units and whether every line is done or queued', () => {
    const lines = lineProgress([line(1, { qty: 10, put_qty: 10 }), line(2, { qty: 5 })], [put('pending', 2, 5)]);
    expect(taskProgress(task(), lines)).toEqual({ handled: 15, total: 15, complete: true });
    expect(taskProgress(task(), lineProgress([line(1)], []))).toEqual({ handled: 0, total: 15, complete: false });
  });
});

describe('checks before a put is queued', () => {
  test('a finished task, another mode, another operator\'s task are refused', () => {
    expect(taskRefusal(task(), PUTAWAY_MODE.values.STANDARD, 7)).toBeNull();
    expect(taskRefusal(task({ status: TASK_STATUS.values.DONE }), PUTAWAY_MODE.values.STANDARD, 7)?.message).toContain('finished');
    expect(taskRefusal(task({ status: TASK_STATUS.values.CANCEL }), PUTAWAY_MODE.values.STANDARD, 7)).not.toBeNull();
    expect(taskRefusal(task({ putaway_mode: PUTAWAY_MODE.values.MASS }), PUTAWAY_MODE.values.STANDARD, 7)?.message).toContain('Mass Putaway');
    expect(taskRefusal(task(), PUTAWAY_MODE.values.MASS, 7)?.message).toContain('Standard Putaway');
    expect(taskRefusal(task({ assignee_id: 8, assignee_name: 'Bo' }), PUTAWAY_MODE.values.STANDARD, 7)?.values).toMatchObject({ name: 'Bo' });
    expect(taskRefusal(task({ assignee_id: 7 }), PUTAWAY_MODE.values.STANDARD, 7)).toBeNull();
  });

  test('quantity within what is left; a cell that is not the staging location', () => {
    const [l] = lineProgress([line(1, { put_qty: 4 })], [put('pending', 1, 2)]);
    expect(putRefusal(l!, 4, 'A01-01-01-1')).toBeNull();
    expect(putRefusal(l!, 5, 'A01-01-01-1')?.values).toMatchObject({ remaining: 4 });
    expect(putRefusal(l!, 0, 'A01-01-01-1')).not.toBeNull();
    expect(putRefusal(l!, 1.5, 'A01-01-01-1')).not.toBeNull();
    expect(putRefusal(l!, Number.NaN, 'A01-01-01-1')).not.toBeNull();
    expect(putRefusal(l!, 1, ' ')).not.toBeNull();
    expect(putRefusal(l!, 1, 'IB-PUTAWAY-01')?.message).toContain('staging location');
  });

  test('a scanned SKU id or barcode names an open line, the current one first', () => {
    const lines = lineProgress([line(1, { sku_id: 'A', barcode: '111' }), line(2, { sku_id: 'A', barcode: '111' }), line(3, { sku_id: 'C', barcode: null, put_qty: 10 })], []);
    expect(lineOfSku(lines, 'A')?.line_no).toBe(1);
    expect(lineOfSku(lines, ' 111 ', lines[1])?.line_no).toBe(2);
    expect(lineOfSku(lines, 'C')).toBeUndefined();
    expect(lineOfSku(lines, 'ZZZ')).toBeUndefined();
  });
});

describe('mass putaway scanning', () => {
  test('each scan counts one unit on the first line of the SKU with room; nothing left is refused', () => {
    const lines = lineProgress([line(1, { sku_id: 'A', qty: 1 }), line(2, { sku_id: 'A', qty: 2 }), line(3, { sku_id: 'B', qty: 1 })], []);
    let scanned: ReadonlyMap<string, number> = new Map();
    for (let i = 0; i < 3; i++) {
      const next = addScannedUnit(scanned, lines, 'A');
      expect(next).not.toBeNull();
      scanned = next!.scanned;
    }
    expect(addScannedUnit(scanned, lines, 'A')).toBeNull();
    expect(massItems(scanned, lines)).toEqual([{ task_no: 'IT1', line_no: 1, qty: 1 }, { task_no: 'IT1', line_no: 2, qty: 2 }]);
    expect(addScannedUnit(scanned, lines, '8903')?.line.line_no).toBe(3);
    expect(massItems(scanEverything(lines), lines).map((i) => i.qty)).toEqual([1, 2, 1]);
  });
});
