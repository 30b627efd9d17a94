import { describe, expect, it } from 'vitest';
import { ORDER_ITEM_KIND } from '../../../shared/codes';
import { matchingRule, planPackaging, unitFits, type BoxSpec, type PackItem } from './packaging-rule';

const box = (consumableId: string, [lengthMm, widthMm, heightMm]: [number, number, number], maxLoadG: number | null = null): BoxSpec =>
  ({ consumableId, name: consumableId, lengthMm, widthMm, heightMm, maxLoadG, tareG: 100 });
const item = (skuId: string, qty: number, [lengthMm, widthMm, heightMm]: [number, number, number], weightG = 100): PackItem =>
  ({ skuId, qty, lengthMm, widthMm, heightMm, weightG });

const S = box('S', [250, 200, 120], 5000); // 6 l
const M = box('M', [400, 300, 250], 15000); // 30 l
const L = box('L', [600, 400, 400], 25000); // 96 l

describe('unitFits', () => {
  it('compares sides longest first, whatever way round the item is given', () => {
    expect(unitFits(item('a', 1, [100, 240, 50]), S)).toBe(true);
    expect(unitFits(item('a', 1, [260, 10, 10]), S)).toBe(false);
    expect(unitFits(item('a', 1, [200, 200, 200]), S)).toBe(false);
  });
});

describe('planPackaging', () => {
  it('picks the smallest box by volume that holds everything, whatever order the boxes come in', () => {
    const plan = planPackaging([item('a', 2, [200, 150, 50])], [L, S, M], 80);
    expect(plan).toMatchObject({ kind: 'fits', parcels: [{ box: { consumableId: 'S' }, items: [{ skuId: 'a', qty: 2 }], itemsWeightG: 200, fillPct: 50 }] });
  });

  it('keeps within the fill factor: the same items need the next box at a lower factor', () => {
    const items = [item('a', 3, [200, 150, 50])]; // 4.5 l of S's 6 l: 75 %
    expect(planPackaging(items, [S, M], 80)).toMatchObject({ kind: 'fits', parcels: [{ box: { consumableId: 'S' } }] });
    expect(planPackaging(items, [S, M], 70)).toMatchObject({ kind: 'fits', parcels: [{ box: { consumableId: 'M' } }] });
  });

  it('keeps within the max load', () => {
    const heavy = [item('iron', 1, [100, 100, 100], 6000)];
    expect(planPackaging(heavy, [S, M], 80)).toMatchObject({ kind: 'fits', parcels: [{ box: { consumableId: 'M' } }] });
  });

  it('a long item goes only where its longest side fits', () => {
    const long = [item('rod', 1, [550, 30, 30])];
    expect(planPackaging(long, [S, M, L], 80)).toMatchObject({ kind: 'fits', parcels: [{ box: { consumableId: 'L' } }] });
  });

  it('splits what no box holds: largest units first, each parcel in its smallest box', () => {
    const plan = planPackaging([item('big', 2, [500, 350, 300], 8000), item('small', 2, [200, 150, 50])], [S, M, L], 80);
    expect(plan.kind).toBe('split');
    if (plan.kind === 'none') return;
    expect(plan.parcels.map((p) => [p.box.consumableId, p.items])).toEqual([
      ['L', [{ skuId: 'big', qty: 1 }, { skuId: 'small', qty: 2 }]],
      ['L', [{ skuId: 'big', qty: 1 }]],
    ]);
  });

  it('splits by weight too, and moves a light parcel into a smaller box', () => {
    const plan = planPackaging([item('brick', 4, [150, 100, 60], 4000)], [S, M], 80); // 16 kg: over M's 15 kg
    expect(plan.kind).toBe('split');
    if (plan.kind === 'none') return;
    expect(plan.parcels.map((p) => [p.box.consumableId, p.items[0]!.qty, p.itemsWeightG])).toEqual([['M', 3, 12000], ['S', 1, 4000]]);
  });

  it('none: no boxes, or a unit that fits no box on its own (named)', () => {
    expect(planPackaging([item('a', 1, [10, 10, 10])], [], 80)).toEqual({ kind: 'none', reason: 'no_box', skuIds: [] });
    expect(planPackaging([item('a', 1, [10, 10, 10]), item('pole', 1, [900, 50, 50])], [S, M, L], 80))
      .toEqual({ kind: 'none', reason: 'item_too_large', skuIds: ['pole'] });
  });
});

describe('matchingRule', () => {
  const rule = (over: Partial<Parameters<typeof matchingRule>[0][number]> & { id: number }) => ({
    shopId: null, shopGroupId: null, itemKind: ORDER_ITEM_KIND.values.ANY, maxOrderWeightG: null, maxOrderVolumeCm3: null, ...over,
  });
  const order = { shopId: 'SHOP1', shopGroupId: 'GRP-MALL', skuLines: 1, weightG: 800, volumeCm3: 1500 };

  it('takes the first rule (in the order given: by priority) whose conditions the order meets', () => {
    const rules = [
      rule({ id: 1, shopId: 'SHOP2' }),
      rule({ id: 2, itemKind: ORDER_ITEM_KIND.values.MULTI_ITEM }),
      rule({ id: 3, maxOrderWeightG: 500 }),
      rule({ id: 4, maxOrderVolumeCm3: 1000 }),
      rule({ id: 5, shopGroupId: 'GRP-MALL', itemKind: ORDER_ITEM_KIND.values.SINGLE_ITEM, maxOrderWeightG: 1000 }),
      rule({ id: 6 }),
    ];
    expect(matchingRule(rules, order)?.id).toBe(5);
    expect(matchingRule(rules, { ...order, shopGroupId: null })?.id).toBe(6);
    expect(matchingRule(rules, { ...order, skuLines: 2 })?.id).toBe(2);
    expect(matchingRule(rules.slice(0, 4), { ...order, shopId: null, shopGroupId: null })).toBeUndefined();
  });
});
