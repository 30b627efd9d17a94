import { describe, expect, test } from 'vitest';
import { INBOUND_STATUS, TRACKING_ID_STATUS } from '../../../shared/codes';
import type { ArrivalBox } from '../../../shared/contract/arrival.contract';
import { arrivalOps } from '../../../shared/ops/arrival.ops';
import type { OpState, OutboxOp } from '../../kit/outbox';
import { arrivalView, boxScanAt, missingAtCompletion, sheetOpsOf, sheetRefusal, type SheetRead } from './arrival-view';

const S = INBOUND_STATUS.values;
const B = TRACKING_ID_STATUS.values;

const box = (trackingId: string, asnNo: string, status: number = B.EXPECTED, arrivedAt: number | null = null): ArrivalBox => ({
  tracking_id: trackingId, asn_no: asnNo, status, carton_qty: 2, arrived_at: arrivedAt, is_damaged: status === B.EXCEPTION && arrivedAt !== null ? 1 : 0,
});
const asn = (asnNo: string, status: number) => ({
  asn_no: asnNo, status, inbound_type: 1, supplier_id: 'SUP1', slot_date: '2026-12-02', shift_name: 'Morning', expected_cartons: 2, arrival_timeliness: 0,
});
/** A group of two ASNs, boxes scanned, as the server answered it. */
const read = (status: number = S.PENDING, boxes: ArrivalBox[] = [box('B1', 'ASN1'), box('B2', 'ASN1'), box('B3', 'ASN2')]): SheetRead => ({
  sheet: {
    sheet_id: 'GRP1', sheet_type: 2, group_no: 'GRP1', is_scan_mtb: 1, asn_list: [asn('ASN1', status), asn('ASN2', status)],
    expected_count: 0, checked_count: 0, missing_count: 0,
  },
  boxes,
});

let seq = 0;
const op = (state: OpState, kind: string, payload: Record<string, unknown>): OutboxOp => ({
  op_id: `op${++seq}`, stream: 's', seq, kind, payload: { sheet_id: 'GRP1', ...payload }, created_at: seq, state,
  attempts: 0, last_error: null, result: null, user_id: 7, whs_id: 'SGSIN1',
});
const start = (state: OpState = 'pending') => op(state, arrivalOps.start.kind, {});
const check = (code: string, state: OpState = 'pending') => op(state, arrivalOps.check.kind, { tracking_id: code });
const complete = (state: OpState = 'pending') => op(state, arrivalOps.complete.kind, {});
const states = (view: ReturnType<typeof arrivalView>) => view.boxes.map((b) => `${b.trackingId}:${b.state}${b.queued ? '*' : ''}`);

describe('the sheet with this device\'s ops', () => {
  test('a queued start makes the sheet\'s ASNs arriving; a queued box is checked at once; another sheet\'s ops are left out', () => {
    const ops = sheetOpsOf([start(), check('b1'), op('pending', arrivalOps.check.kind, { sheet_id: 'GRP2', tracking_id: 'B3' })], 'grp1');
    expect(ops).toHaveLength(2);
    const view = arrivalView('GRP1', read(), ops, null);
    expect(view.asns.map((a) => [a.asnNo, a.status, a.queued])).toEqual([['ASN1', S.ARRIVING, true], ['ASN2', S.ARRIVING, true]]);
    expect(view.arriving).toBe(true);
    expect(states(view)).toEqual(['B1:checked*', 'B2:expected', 'B3:expected']);
    expect(view.counts).toEqual({ expected: 2, checked: 1, missing: 0 });
  });

  test('an applied op the read does not show yet still counts; a rejected one has no effect', () => {
    const view = arrivalView('GRP1', read(S.ARRIVING), [check('B1', 'done'), check('B2', 'rejected')], null);
    expect(states(view)).toEqual(['B1:checked', 'B2:expected', 'B3:expected']);
  });

  test('Pre-QC: only what is not answered yet is laid over (the read says the rest)', () => {
    const damaged = read(S.ARRIVING, [box('B1', 'ASN1', B.ARRIVED, 100), box('B2', 'ASN1', B.EXCEPTION, 100)]);
    const ops = [
      op('pending', arrivalOps.preQc.kind, { tracking_id: 'B1', is_damaged: 1, carton_qty: 3 }),
      op('done', arrivalOps.preQc.kind, { tracking_id: 'B2', is_damaged: 1 }),
    ];
    const view = arrivalView('GRP1', damaged, ops, null);
    expect(view.boxes.map((b) => [b.trackingId, b.damaged, b.status, b.cartonQty, b.queued])).toEqual([
      ['B1', true, B.EXCEPTION, 3, true], ['B2', true, B.EXCEPTION, 2, false],
    ]);
  });

  test('completing: boxes not checked are missing where boxes are scanned, arrived where they are not', () => {
    const before = arrivalView('GRP1', read(S.ARRIVING), [check('B1')], null);
    expect(missingAtCompletion(before)).toEqual(['B2', 'B3']);
    const view = arrivalView('GRP1', read(S.ARRIVING), [check('B1'), complete()], null);
    expect(view.asns.map((a) => a.status)).toEqual([S.ARRIVED, S.ARRIVED]);
    expect(view.arriving).toBe(false);
    expect(states(view)).toEqual(['B1:checked*', 'B2:missing*', 'B3:missing*']);
    const unscanned: SheetRead = { ...read(S.ARRIVING), sheet: { ...read(S.ARRIVING).sheet, is_scan_mtb: 0 } };
    const all = arrivalView('GRP1', unscanned, [complete()], null);
    expect(missingAtCompletion(arrivalView('GRP1', unscanned, [], null))).toEqual([]);
    expect(states(all)).toEqual(['B1:checked*', 'B2:checked*', 'B3:checked*']);
  });

  test('never read on this device (offline): the ops make the view; box scanning follows the warehouse\'s setting', () => {
    const view = arrivalView('GRP1', null, [start(), check('X1')], false);
    expect(view.known).toBe(false);
    expect(view.arriving).toBe(true);
    expect(view.scanBoxes).toBe(false);
    expect(view.boxes.map((b) => [b.trackingId, b.asnNo, b.state])).toEqual([['X1', null, 'checked']]);
    expect(arrivalView('GRP1', null, [start()], null).scanBoxes).toBe(true);
    expect(arrivalView('GRP1', null, [start(), complete()], null).arriving).toBe(false);
    expect(arrivalView('GRP1', null, [], null).arriving).toBe(false);
  });
});

describe('what a scan means', () => {
  test('an expected box is checked; one checked (here or on the server) is a warning; one not on the copy is queued for the server', () => {
    const view = arrivalView('GRP1', read(S.ARRIVING, [box('B1', 'ASN1'), box('B2', 'ASN1', B.ARRIVED, 100)]), [check('B1')], null);
    expect(boxScanAt(view, ' b1 ')).toMatchObject({ ok: false, warning: true });
    expect(boxScanAt(view, 'B2')).toMatchObject({ ok: false, warning: true });
    expect(boxScanAt(arrivalView('GRP1', read(S.ARRIVING), [], null), 'B1')).toMatchObject({ ok: true, known: true });
    expect(boxScanAt(view, 'NEW-1')).toEqual({ ok: true, known: false });
    expect(boxScanAt(view, '  ')).toMatchObject({ ok: false, warning: false });
  });

  test('a missing box, or a box of an ASN not arriving, is refused', () => {
    const done = arrivalView('GRP1', read(S.ARRIVING), [complete()], null);
    expect(boxScanAt(done, 'B2')).toMatchObject({ ok: false, warning: false });
    expect(boxScanAt(arrivalView('GRP1', read(S.PENDING), [], null), 'B1')).toMatchObject({ ok: false, warning: false });
  });

  test('a sheet with nothing left to arrive is refused from its copy; without a copy the server judges', () => {
    expect(sheetRefusal(read(S.ARRIVED))).not.toBeNull();
    expect(sheetRefusal(read(S.PENDING))).toBeNull();
    expect(sheetRefusal(read(S.ARRIVING))).toBeNull();
    expect(sheetRefusal(null)).toBeNull();
  });
});
