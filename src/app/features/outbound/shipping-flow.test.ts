import { describe, expect, test } from 'vitest';
import { HANDOVER_KIND, HANDOVER_STATUS, PARCEL_STATUS } from '../../../shared/codes';
import type { Handover, HandoverDetail, ShippingBoard, ShippingParcel } from '../../../shared/contract/shipping.contract';
import { SHIPPING_NO_FORMAT } from '../../../shared/contract/shipping.contract';
import { shippingOps } from '../../../shared/ops/shipping.ops';
import { groupRuleOf } from '../../../shared/shipping-rules';
import type { OpState, OutboxOp } from '../../kit/outbox';
import { closeAnswer, closeRefusal, handoverOpsOf, handoverView, loadCheck, manifestOf, newShippingNo } from './shipping-flow';

const P = PARCEL_STATUS.values;
const K = HANDOVER_KIND.values;

const parcel = (trackingNo: string, extra: Partial<ShippingParcel> = {}): ShippingParcel => ({
  tracking_no: trackingNo, order_no: `SO-${trackingNo}`, parcel_no: 1, carrier_name: 'J&T', shop_id: 'SHOP1', status: P.PACKED, qty: 2, weight_g: 400,
  shipping_no: null, replaced_by: null, ...extra,
});
const handover = (shippingNo: string, extra: Partial<Handover> = {}): Handover => ({
  shipping_no: shippingNo, kind: K.COURIER, status: HANDOVER_STATUS.values.LOADING, carrier_name: 'J&T', dock_code: 'D1', vehicle_no: null, driver_name: null,
  group_code: null, master_awb: null, booking_no: null, rider_phone: null, line_haul: false, parcel_count: 0, qty: 0, opened_by: 1, created_at: 1_700_000_000, closed_at: null, ...extra,
});
const board = (extra: Partial<ShippingBoard> = {}): ShippingBoard => ({
  parcels: [
    parcel('T1'), parcel('T2'), parcel('T3', { carrier_name: 'Ninja Van' }), parcel('T4', { status: P.REPLACED, replaced_by: 'T4B' }),
    parcel('T5', { status: P.INTERCEPTED }), parcel('T6', { status: P.SHIPPING, shipping_no: 'SHOTHER0001' }), parcel('T7', { shop_id: 'DIRECT' }),
    parcel('T8', { carrier_name: 'Kerry', shop_id: 'BULK' }), parcel('T9', { carrier_name: 'Kerry', shop_id: 'BULK' }),
  ],
  rules: {
    group: [{ rule_id: 1, carrier_name: 'kerry ', shop_ids: ['BULK'], max_parcels: 1 }],
    one_awb: [{ rule_id: 2, carrier_name: 'Kerry' }],
    bypass_tws: [{ rule_id: 3, carrier_name: 'J&T', shop_ids: ['DIRECT'], line_haul_name: 'LH North' }],
  },
  handovers: [handover('SHSERVER0001')],
  docks: [{ dock_code: 'D1', dock_name: 'Dock 1' }],
  ...extra,
});

let seq = 0;
const op = (kind: string, payload: Record<string, unknown>, state: OpState = 'pending', result: unknown = null): OutboxOp => ({
  op_id: `op${++seq}`, stream: 's', seq, kind, payload, created_at: seq, state, attempts: 0, last_error: null, result, user_id: 7, whs_id: 'SGSIN1',
});
/** Newest first, as the outbox lists them. */
const newestFirst = (...ops: OutboxOp[]) => [...ops].reverse();
const opened = (no: string, extra: Record<string, unknown> = {}) =>
  op(shippingOps.open.kind, { shipping_no: no, kind: K.COURIER, carrier_name: 'J&T', dock_code: 'D1', vehicle_no: 'B 1', driver_name: 'Budi', group_code: null, ...extra });
const loaded = (no: string, t: string, state: OpState = 'pending') => op(shippingOps.load.kind, { shipping_no: no, tracking_no: t }, state);

describe('handover numbers', () => {
  test('made on the device: SH, the time and 4 random characters, valid for the server', () => {
    const no = newShippingNo(1_764_460_800_000, () => 0.5);
    expect(no).toMatch(SHIPPING_NO_FORMAT);
    expect(no).toBe(`SH${(1_764_460_800_000).toString(36).toUpperCase()}IIII`);
    expect(newShippingNo()).not.toBe(newShippingNo());
  });
});

describe('the handover as the device knows it', () => {
  test('opened offline: from this device\'s ops alone, loads in scan order, rejected ones left out', () => {
    const ops = newestFirst(opened('SHLOCAL00001'), loaded('SHLOCAL00001', 'T1'), loaded('SHLOCAL00001', 'T3', 'rejected'), loaded('SHLOCAL00001', 'T2'), loaded('SHOTHER00001', 'T7'));
    expect(handoverOpsOf(ops, 'SHLOCAL00001')).toHaveLength(4);
    const view = handoverView('SHLOCAL00001', board(), undefined, ops)!;
    expect(view).toMatchObject({ known: false, closed: false, carrierName: 'J&T', vehicleNo: 'B 1', lineHaul: false, maxParcels: null, oneAwb: false });
    expect(view.parcels).toEqual([{ trackingNo: 'T1', orderNo: 'SO-T1', queued: true }, { trackingNo: 'T2', orderNo: 'SO-T2', queued: true }]);
    expect(handoverView('SHNOBODY0001', board(), undefined, ops)).toBeNull();
  });

  test('the server\'s read plus what is queued; a queued close closes it here', () => {
    const detail: HandoverDetail = { handover: handover('SHSERVER0001', { parcel_count: 1 }), parcels: [parcel('T1', { status: P.SHIPPING, shipping_no: 'SHSERVER0001' })], orders: [], line_haul_name: null };
    const ops = newestFirst(loaded('SHSERVER0001', 'T1', 'done'), loaded('SHSERVER0001', 'T2'));
    const view = handoverView('SHSERVER0001', board(), detail, ops)!;
    expect(view.parcels.map((p) => [p.trackingNo, p.queued])).toEqual([['T1', false], ['T2', true]]);
    expect(view.known).toBe(true);
    const closing = handoverView('SHSERVER0001', board(), detail, [op(shippingOps.close.kind, { shipping_no: 'SHSERVER0001' }), ...ops])!;
    expect(closing.closed).toBe(true);
    expect(closeRefusal(closing)).not.toBeNull();
  });
});

describe('loading a parcel', () => {
  const view = (ops: OutboxOp[], no = 'SHLOCAL00001') => handoverView(no, board(), undefined, ops)!;
  const refusal = (outcome: ReturnType<typeof loadCheck>) => (outcome.ok ? null : outcome.refusal.message ?? outcome.refusal.id);

  test('refused at once: empty, loaded here, replaced, intercepted, on another handover, another carrier\'s', () => {
    const v = view([loaded('SHLOCAL00001', 'T1'), opened('SHLOCAL00001')]);
    expect(loadCheck(v, board(), '  ').ok).toBe(false);
    expect(refusal(loadCheck(v, board(), 't1'))).toContain('loaded on this handover');
    expect(refusal(loadCheck(v, board(), 'T4'))).toContain('replaced by');
    expect(refusal(loadCheck(v, board(), 'T5'))).toContain('intercepted');
    expect(refusal(loadCheck(v, board(), 'T6'))).toContain('loaded on handover');
    expect(refusal(loadCheck(v, board(), 'T3'))).toContain('ships with');
    expect(loadCheck(v, board(), 'T2')).toMatchObject({ ok: true, parcel: { tracking_no: 'T2' } });
    // Not on the board: queued, the server decides.
    expect(loadCheck(v, board(), 'NEW-ONE')).toEqual({ ok: true, parcel: null });
  });

  test('the rules: a group carrier\'s parcel refused by courier, a full group, the other line haul', () => {
    const courier = view([opened('SHK0000001', { carrier_name: 'Kerry' })], 'SHK0000001');
    expect(groupRuleOf(board().rules, board().parcels[7]!)).toBeDefined();
    expect(refusal(loadCheck(courier, board(), 'T8'))).toContain('ships by group');
    const bagOps = [loaded('SHK0000002', 'T8'), opened('SHK0000002', { carrier_name: 'Kerry', kind: K.BAG, group_code: 'BAG-1' })];
    const bag = view(bagOps, 'SHK0000002');
    expect(bag).toMatchObject({ maxParcels: 1, oneAwb: true });
    expect(refusal(loadCheck(bag, board(), 'T9'))).toContain('the most its rule allows');
    const direct = view([loaded('SHLOCAL00001', 'T7'), opened('SHLOCAL00001')]);
    expect(direct.lineHaul).toBe(true);
    expect(refusal(loadCheck(direct, board(), 'T2'))).toContain('goes to the transit warehouse');
  });

  test('closing: refused empty; the manifest of what is loaded; the close\'s answer read', () => {
    const empty = view([opened('SHLOCAL00001')]);
    expect(closeRefusal(empty)).not.toBeNull();
    const v = view([loaded('SHLOCAL00001', 'T7'), opened('SHLOCAL00001')]);
    expect(closeRefusal(v)).toBeNull();
    const manifest = manifestOf(v, board(), undefined, { warehouse: 'SGSIN1', timeZone: 'Asia/Singapore', kindLabel: 'By Courier', shippedAt: 1_700_000_000 });
    expect(manifest).toMatchObject({ line_haul: true, line_haul_name: 'LH North', vehicle_no: 'B 1', master_awb: null, parcels: [{ tracking_no: 'T7', order_no: 'SO-T7', qty: 2 }] });
    const answer = { shipping_no: 'S', parcel_count: 1, qty: 2, outbound_order_nos: ['SO-T7'], shipping_order_nos: [], master_awb: null, manifest_job_id: 4, message: 'ok' };
    expect(closeAnswer(op(shippingOps.close.kind, {}, 'done', answer))).toEqual(answer);
    expect(closeAnswer(op(shippingOps.close.kind, {}, 'pending'))).toBeNull();
  });
});
