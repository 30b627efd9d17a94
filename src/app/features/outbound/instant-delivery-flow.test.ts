import { describe, expect, test } from 'vitest';
import type { InstantParcel, PigeonholeBoard } from '../../../shared/contract/instant-delivery.contract';
import { instantDeliveryOps } from '../../../shared/ops/instant-delivery.ops';
import type { OpState, OutboxOp } from '../../kit/outbox';
import { pigeonholeScanRefusal, pigeonholesView, pigeonholeTone, placementFor, riderParcels } from './instant-delivery-flow';

const NOW = 1_767_600_000;
const parcel = (trackingNo: string, extra: Partial<InstantParcel> = {}): InstantParcel => ({
  tracking_no: trackingNo, order_no: `SO-${trackingNo}`, carrier_name: 'GrabExpress', receiver_address: 'Jl. Melati, Jakarta Selatan 12160', status: 1,
  order_status: 8, order_created_at: NOW - 3600, shipping_no: null, ...extra,
});
const board = (extra: Partial<PigeonholeBoard> = {}): PigeonholeBoard => ({
  config: { enabled: true, carrier_names: ['GrabExpress', 'GoSend'], cutoff_time: null, alert_minutes: 30, updated_at: null },
  zones: [
    { zone_code: 'S', zone_name: 'South', postcode_prefixes: ['121'], keywords: [], status: 1 },
    { zone_code: 'P', zone_name: 'Central', postcode_prefixes: ['103'], keywords: ['Menteng'], status: 1 },
  ],
  pigeonholes: [
    { pigeonhole_code: 'PH-01', zone_code: 'S', capacity: 1, status: 1, parcels: [{ tracking_no: 'OLD', order_no: 'SO-OLD', carrier_name: 'GoSend', placed_at: NOW - 45 * 60 }] },
    { pigeonhole_code: 'PH-02', zone_code: 'S', capacity: 2, status: 1, parcels: [] },
    { pigeonhole_code: 'PH-03', zone_code: 'P', capacity: 2, status: 1, parcels: [] },
  ],
  waiting: [parcel('T1'), parcel('T2'), parcel('T3', { carrier_name: 'J&T' }), parcel('T4', { receiver_address: 'Bandung 40111' }), parcel('T5', { receiver_address: 'Menteng' })],
  time_zone: 'Asia/Jakarta', now: NOW, ...extra,
});

let seq = 0;
const placeOp = (t: string, hole: string, state: OpState = 'pending'): OutboxOp => ({
  op_id: `op${++seq}`, stream: 's', seq, kind: instantDeliveryOps.place.kind, payload: { tracking_no: t, pigeonhole_code: hole }, created_at: seq, state,
  attempts: 0, last_error: null, result: null, user_id: 7, whs_id: 'IDJKT1',
});

describe('the pigeonhole screen', () => {
  test('waiting times and the alert; a placement queued here shows in its pigeonhole at once', () => {
    const holes = pigeonholesView(board(), [placeOp('T1', 'PH-02')], NOW);
    expect(holes[0]!.parcels[0]).toMatchObject({ trackingNo: 'OLD', waitingMinutes: 45, overdue: true });
    expect(pigeonholeTone(holes[0]!)).toBe('overdue');
    expect(holes[1]!.parcels).toEqual([expect.objectContaining({ trackingNo: 'T1', queued: true })]);
    expect(pigeonholeTone(holes[2]!)).toBe('empty');
  });

  test('a parcel lights its zone\'s first pigeonhole with room; the order\'s parcels wait together', () => {
    const holes = pigeonholesView(board(), [], NOW);
    expect(placementFor(board(), holes, 't1')).toMatchObject({ ok: true, pigeonhole: 'PH-02', zoneCode: 'S' });
    expect(placementFor(board(), holes, 'T5')).toMatchObject({ ok: true, pigeonhole: 'PH-03', zoneCode: 'P' });
    const withT1 = pigeonholesView(board(), [placeOp('T1', 'PH-02')], NOW);
    const sameOrder = board({ waiting: [...board().waiting, parcel('T1-2', { order_no: 'SO-T1' })] });
    expect(placementFor(sameOrder, withT1, 'T1-2')).toMatchObject({ ok: true, pigeonhole: 'PH-02' });
  });

  test('refused at once: placed already, not instant, unknown, no zone, no room, instant delivery off', () => {
    const holes = pigeonholesView(board(), [placeOp('T1', 'PH-02')], NOW);
    const refused = (code: string, b = board(), h = holes) => {
      const outcome = placementFor(b, h, code);
      return outcome.ok ? null : outcome.refusal.id;
    };
    expect(refused('T1')).not.toBeNull();
    expect(refused('T3')).not.toBeNull();
    expect(refused('NOPE')).not.toBeNull();
    expect(refused('T4')).not.toBeNull();
    expect(refused('')).not.toBeNull();
    const full = pigeonholesView(board(), [placeOp('T1', 'PH-02'), placeOp('T2', 'PH-02')], NOW);
    const third = board({ waiting: [...board().waiting, parcel('T6')] });
    expect(placementFor(third, full, 'T6').ok).toBe(false);
    expect(placementFor(board({ config: { ...board().config, enabled: false } }), holes, 'T2').ok).toBe(false);
  });

  test('the label scanned must be the pigeonhole lit (or another of its zone with room); a wrong one names the right one', () => {
    const holes = pigeonholesView(board(), [], NOW);
    const placement = placementFor(board(), holes, 'T1');
    if (!placement.ok) throw new Error('expected a placement');
    expect(pigeonholeScanRefusal(holes, placement, 'ph-02')).toBeNull();
    const wrong = pigeonholeScanRefusal(holes, placement, 'PH-03');
    expect(wrong?.values).toMatchObject({ code: 'PH-03', right: 'PH-02' });
    expect(pigeonholeScanRefusal(holes, placement, 'PH-01')).not.toBeNull();
  });

  test('a rider sees where each parcel of his carrier is', () => {
    const holes = pigeonholesView(board(), [placeOp('T1', 'PH-02')], NOW);
    expect(riderParcels(holes, 'gosend').map((r) => [r.pigeonhole, r.parcel.trackingNo])).toEqual([['PH-01', 'OLD']]);
    expect(riderParcels(holes, 'GrabExpress').map((r) => r.pigeonhole)).toEqual(['PH-02']);
  });
});
