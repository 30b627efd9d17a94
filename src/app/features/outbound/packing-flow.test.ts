import { describe, expect, it } from 'vitest';
import { TASK_STATUS } from '../../../shared/codes';
import type { PackingWork } from '../../../shared/contract/packing.contract';
import { addParcel, expectedWeight, filledParcels, initialPlan, packedOrderPrintOf, packPayloadOf, packProblem, scanAtPacking, setWeight, type Plan } from './packing-flow';

const suggestionNone: PackingWork['suggestion'] = {
  status: 'none', rule_id: null, rule_name: null, fill_factor_pct: null, order_weight_g: null, order_volume_cm3: null, parcels: [],
  reason: { code: 'no_rule', message: 'No rule', sku_ids: [] },
};

function work(over: Partial<PackingWork> = {}): PackingWork {
  return {
    task: { task_no: 'PA1', order_no: 'SO1', station_id: 'PCK-01', status: TASK_STATUS.values.ONGOING, total_qty: 3, parcel_count: 0, weight_g: null, assignee_id: 1, created_at: 0, finished_at: null },
    order: { order_no: 'SO1', external_no: 'EXT1', status: 10, shop_id: 'SHOP1', carrier: 'SPX', tracking_no: 'SPX001', receiver: { name: 'Siti', phone: null, address: 'Jakarta' } },
    sender: { name: 'Warehouse', address: 'Warehouse SGSIN1, SG' }, time_zone: 'Asia/Singapore',
    lines: [
      { sku_id: 'SKU1', sku_name: 'Mug', codes: ['SKU1', '8801'], qty: 2, unit_weight_g: 300 },
      { sku_id: 'SKU2', sku_name: 'Tee', codes: ['SKU2'], qty: 1, unit_weight_g: 200 },
    ],
    needs: { weight: true, box: true, filler: false },
    suggestion: suggestionNone,
    boxes: [
      { consumable_id: 'CB-S', consumable_name: 'Carton S', consumable_type: 1, tare_weight_g: 150 },
      { consumable_id: 'PB-M', consumable_name: 'Pouch M', consumable_type: 2, tare_weight_g: 20 },
      { consumable_id: 'FL-BUB', consumable_name: 'Bubble wrap', consumable_type: 4, tare_weight_g: 10 },
    ],
    checked_box_id: null, checked_filler_id: null, parcels: [],
    ...over,
  };
}

const scan = (w: PackingWork, plan: Plan, code: string) => {
  const outcome = scanAtPacking(w, plan, code);
  if (!outcome.ok) throw new Error(`refused ${code}`);
  return outcome;
};

describe('the parcels proposed', () => {
  it('one parcel in the box checking took, whatever the suggestion, when the order fits one', () => {
    const plan = initialPlan(work({ checked_box_id: 'CB-S', checked_filler_id: 'FL-BUB' }));
    expect(plan.parcels).toEqual([{ box_id: 'CB-S', filler_ids: ['FL-BUB'], weight_g: null, items: { SKU1: 2, SKU2: 1 } }]);
  });

  it('the packaging rule\'s split, each parcel in its box with its fillers', () => {
    const split: PackingWork['suggestion'] = {
      ...suggestionNone, status: 'split', reason: null, rule_id: 1, rule_name: 'Std',
      parcels: [
        { parcel_no: 1, consumable_id: 'CB-S', consumable_name: 'Carton S', inner_size_mm: [1, 1, 1], items: [{ sku_id: 'SKU1', qty: 2 }], fill_pct: 80, items_weight_g: 600, expected_weight_g: 770, filler: { consumable_id: 'FL-BUB', consumable_name: 'Bubble', qty: 2 } },
        { parcel_no: 2, consumable_id: 'PB-M', consumable_name: 'Pouch M', inner_size_mm: [1, 1, 1], items: [{ sku_id: 'SKU2', qty: 1 }], fill_pct: 50, items_weight_g: 200, expected_weight_g: 220, filler: null },
      ],
    };
    const plan = initialPlan(work({ suggestion: split, checked_box_id: 'CB-S' }));
    expect(plan.parcels.map((p) => [p.box_id, p.filler_ids, p.items])).toEqual([['CB-S', ['FL-BUB', 'FL-BUB'], { SKU1: 2 }], ['PB-M', [], { SKU2: 1 }]]);
  });
});

describe('scans at the station', () => {
  it('a box, then a pouch as filler, a filler, and the scale\'s weight go to the parcel in hand', () => {
    const w = work();
    let plan = initialPlan(w);
    plan = scan(w, plan, 'PB-M').plan;
    expect(plan.parcels[0]!.box_id).toBe('PB-M');
    plan = scan(w, plan, 'CB-S').plan;
    plan = scan(w, plan, 'PB-M').plan;
    plan = scan(w, plan, 'FL-BUB').plan;
    expect(plan.parcels[0]).toMatchObject({ box_id: 'CB-S', filler_ids: ['PB-M', 'FL-BUB'] });
    expect(scan(w, plan, '835')).toMatchObject({ what: 'weight', plan: { parcels: [{ weight_g: 835 }] } });
  });

  it('a unit scanned into a new parcel moves one from the parcel that had it; the order\'s number packs', () => {
    const w = work();
    let plan = addParcel(initialPlan(w));
    expect(plan.current).toBe(1);
    const moved = scan(w, plan, '8801');
    expect(moved).toMatchObject({ what: 'unit', skuId: 'SKU1' });
    plan = moved.plan;
    expect(plan.parcels.map((p) => p.items)).toEqual([{ SKU1: 1, SKU2: 1 }, { SKU1: 1 }]);
    plan = scan(w, plan, 'SKU1').plan;
    expect(scanAtPacking(w, plan, 'SKU1')).toMatchObject({ ok: false });
    expect(scan(w, plan, 'SPX001').what).toBe('pack');
    expect(scanAtPacking(w, plan, 'NOPE')).toMatchObject({ ok: false });
  });
});

describe('packing', () => {
  it('names what is missing, parcel by parcel; an emptied parcel is dropped', () => {
    const w = work();
    let plan = addParcel(initialPlan(w));
    expect(packProblem(w, plan)).toMatchObject({ parcelNo: 1 });
    plan = { ...plan, current: 0 };
    plan = scan(w, plan, 'CB-S').plan;
    expect(packProblem(w, plan)!.parcelNo).toBe(1);
    plan = setWeight(plan, 0, 950);
    expect(packProblem(w, plan)).toBeNull();
    expect(filledParcels(plan)).toHaveLength(1);
    expect(expectedWeight(w, plan.parcels[0]!)).toBe(2 * 300 + 200 + 150);
  });

  it('the op and the documents: parcels in order, tracking numbers the order\'s then -2', () => {
    const w = work();
    let plan = addParcel(initialPlan(w));
    plan = scan(w, plan, 'SKU2').plan;
    plan = scan(w, plan, 'PB-M').plan;
    plan = setWeight(setWeight({ ...plan, parcels: plan.parcels.map((p, i) => (i === 0 ? { ...p, box_id: 'CB-S' } : p)) }, 0, 750), 1, 220);
    const payload = packPayloadOf(w, plan, 1_764_000_000);
    expect(payload).toEqual({
      task_no: 'PA1', labelled_at: 1_764_000_000,
      parcels: [
        { box_id: 'CB-S', filler_ids: [], weight_g: 750, items: [{ sku_id: 'SKU1', qty: 2 }] },
        { box_id: 'PB-M', filler_ids: [], weight_g: 220, items: [{ sku_id: 'SKU2', qty: 1 }] },
      ],
    });
    expect(packedOrderPrintOf(w, payload).parcels.map((p) => p.tracking_no)).toEqual(['SPX001', 'SPX001-2']);
  });
});
