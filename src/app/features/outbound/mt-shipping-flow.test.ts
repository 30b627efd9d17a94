import { describe, expect, it } from 'vitest';
import { MT_PACK_STATUS, MT_SHIP_BY } from '../../../shared/codes';
import type { MtPackingWork } from '../../../shared/contract/mt-shipping.contract';
import { mtPackingOps, mtShippingOps } from '../../../shared/ops/mt-shipping.ops';
import type { OutboxOp, OpState } from '../../kit/outbox';
import { newMtId, readDue, packingView, packScan, palletScan, shipmentView } from './mt-shipping-flow';

const P = MT_PACK_STATUS.values;
let seq = 0;
const op = (kind: string, payload: Record<string, unknown>, state: OpState = 'pending', result: unknown = null): OutboxOp => ({
  op_id: `op${++seq}`, stream: 's', seq, kind, payload, created_at: 1_000 + seq, state, attempts: 0, last_error: null, result, user_id: 1, whs_id: 'W',
} as OutboxOp);

const work: MtPackingWork = {
  task: { packing_id: 'MTP1', order_no: 'MT1', dest_whs_id: 'D', status: 1, total_qty: 3, packed_qty: 0, order_status: 6, created_at: 0, finished_at: null },
  lines: [{ sku_id: 'A', sku_name: 'a', codes: ['A', '111'], qty: 2, packed_qty: 0 }, { sku_id: 'B', sku_name: 'b', codes: ['B'], qty: 1, packed_qty: 0 }],
  boxes: [],
  pallets: [],
};

/** A read asked at `askedAt`; ops answered at their creation time + 100 (unanswered ones never asked about). */
const readAt = (askedAt: number, of: MtPackingWork = work) => ({ work: of, askedAt });
const answeredAt = (o: OutboxOp) => o.created_at + 100;

describe('MT packing on the device', () => {
  it('lays queued ops over the last read: boxes, units, pallets; refuses over-packing and open boxes on a pallet', () => {
    const ops = [
      op(mtPackingOps.openBox.kind, { packing_id: 'MTP1', box_id: 'BX1' }),
      op(mtPackingOps.pack.kind, { box_id: 'BX1', sku_id: 'A', qty: 2 }),
    ];
    let view = packingView(readAt(0), ops, answeredAt);
    expect(view.openBox).toMatchObject({ boxId: 'BX1', qty: 2 });
    expect(packScan(view, '111')).toMatchObject({ kind: 'refused' });
    expect(packScan(view, 'b')).toEqual({ kind: 'sku', skuId: 'B' });
    expect(palletScan(view, 'BX1')).toHaveProperty('refusal');
    ops.push(op(mtPackingOps.pack.kind, { box_id: 'BX1', sku_id: 'B', qty: 1 }), op(mtPackingOps.closeBox.kind, { box_id: 'BX1' }));
    view = packingView(readAt(0), ops, answeredAt);
    expect(view).toMatchObject({ packed: true, packedQty: 3, openBox: null });
    expect(palletScan(view, 'bx1')).toEqual({ boxId: 'BX1' });
    ops.push(op(mtPackingOps.palletize.kind, { pallet_id: 'PL1', box_id: 'BX1' }), op(mtPackingOps.closePallet.kind, { pallet_id: 'PL1' }));
    expect(packingView(readAt(0), ops, answeredAt).pallets).toEqual([{ palletId: 'PL1', status: P.PACKED, boxCount: 1, qty: 3 }]);
    // Ops answered before the read was asked are in it already; unanswered ones never are; rejected ones never count.
    const answered = ops.map((o) => ({ ...o, state: 'done' as const }));
    expect(packingView(readAt(10_000), answered, answeredAt).packedQty).toBe(0);
    expect(packingView(readAt(10_000), ops, answeredAt).packedQty).toBe(3);
    expect(packingView(readAt(0), [ops[0]!, op(mtPackingOps.pack.kind, { box_id: 'BX1', sku_id: 'A', qty: 2 }, 'rejected')], answeredAt).packedQty).toBe(0);
  });

  it('is read again once every op is answered and one was answered after the read was asked, never while one is in flight', () => {
    const opened: MtPackingWork = { ...work, boxes: [{ box_id: 'BX9', status: P.PACKING, qty: 0, pallet_id: null, shipping_id: null, items: [] }] };
    const open = op(mtPackingOps.openBox.kind, { packing_id: 'MTP1', box_id: 'BX9' }, 'done');
    const pack = op(mtPackingOps.pack.kind, { box_id: 'BX9', sku_id: 'A', qty: 1 }, 'sending');
    // A read asked after the open box was answered, while the pack is in flight: it shows the pack, and is not asked again yet…
    const read = readAt(answeredAt(open), opened);
    expect(readDue([open, pack], read.askedAt, answeredAt)).toBe(false);
    expect(packingView(read, [open, pack], answeredAt).packedQty).toBe(1);
    // …answered after that read was asked (the read may have missed it): still shown, and the read is due once…
    const done = { ...pack, state: 'done' as const };
    expect(packingView(read, [open, done], answeredAt).packedQty).toBe(1);
    expect(readDue([open, done], read.askedAt, answeredAt)).toBe(true);
    // …and not again after a read asked once it was answered.
    expect(readDue([open, done], answeredAt(done) + 1, answeredAt)).toBe(false);
  });

  it('makes ids of its own', () => {
    expect(newMtId('MTB', 1_764_460_800_000, () => 0.5)).toMatch(/^MTB-[0-9A-Z]+$/);
    expect(newMtId('PLT')).not.toBe(newMtId('PLT'));
  });
});

describe('MT shipping on the device', () => {
  it('is opened, loaded and unloaded by its live ops, and dispatched by the close\'s answer (never read: offline)', () => {
    const ops = [
      op(mtShippingOps.open.kind, { shipping_id: 'S1', dest_whs_id: 'D', ship_by: MT_SHIP_BY.values.PALLET }, 'done'),
      op(mtShippingOps.load.kind, { shipping_id: 'S1', code: 'PL1' }, 'done'),
      op(mtShippingOps.load.kind, { shipping_id: 'S1', code: 'PL2' }),
      op(mtShippingOps.load.kind, { shipping_id: 'S1', code: 'PLX' }, 'rejected'),
      op(mtShippingOps.unload.kind, { shipping_id: 'S1', code: 'PL2' }),
    ];
    expect(shipmentView('S2', null, ops, answeredAt)).toBeNull();
    expect(shipmentView('S1', null, ops, answeredAt)).toMatchObject({ destWhsId: 'D', loaded: [{ code: 'PL1', queued: false }], closing: false, closed: false });
    ops.push(op(mtShippingOps.close.kind, { shipping_id: 'S1' }));
    expect(shipmentView('S1', null, ops, answeredAt)).toMatchObject({ closing: true, closed: false });
    ops[ops.length - 1] = { ...ops[ops.length - 1]!, state: 'done', result: { status: 2, dispatches: [] } };
    expect(shipmentView('S1', null, ops, answeredAt)).toMatchObject({ closing: false, closed: true, dispatches: [] });
  });

  it('shows the server\'s read — another device\'s loads, a shipment opened elsewhere — with this device\'s newer ops over it', () => {
    const shipment = { shipping_id: 'S1', dest_whs_id: 'D', ship_by: MT_SHIP_BY.values.PALLET, status: 1, loaded_count: 1, qty: 4, opened_by: 2, created_at: 0, closed_at: null };
    const detail = { shipment, loaded: [{ code: 'PL9', order_no: 'MT1', qty: 4, status: 2 }], dispatches: [] };
    const early = op(mtShippingOps.load.kind, { shipping_id: 'S1', code: 'PL1' }, 'done');
    const late = op(mtShippingOps.load.kind, { shipping_id: 'S1', code: 'PL2' }, 'done');
    const queued = op(mtShippingOps.unload.kind, { shipping_id: 'S1', code: 'PL9' });
    // Read after `early` was answered (so it holds it, or the server unloaded it since) and before `late` was.
    const read = { detail, askedAt: answeredAt(early) };
    expect(answeredAt(late)).toBeGreaterThan(read.askedAt);
    expect(shipmentView('S1', read, [early, late], answeredAt)).toMatchObject({ destWhsId: 'D', loaded: [{ code: 'PL9', queued: false }, { code: 'PL2', queued: false }] });
    expect(shipmentView('S1', read, [early, late, queued], answeredAt)?.loaded).toEqual([{ code: 'PL2', queued: false }]);
    expect(shipmentView('S1', { detail: null, askedAt: 0 }, [], answeredAt)).toBeNull();
    const dispatched = { ...detail, shipment: { ...shipment, status: 2 }, dispatches: [{ order_no: 'MT1', transit_shipment_no: 'TS1', dest_asn_no: 'ASN1', qty: 4 }] };
    expect(shipmentView('S1', { detail: dispatched, askedAt: 0 }, [], answeredAt)).toMatchObject({ closed: true, closing: false, dispatches: dispatched.dispatches });
  });
});
