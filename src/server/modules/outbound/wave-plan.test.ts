import { describe, expect, it } from 'vitest';
import { ORDER_ITEM_KIND, ORDER_PRIORITY, PICKING_TYPE, WAVE_HELD_REASON, WAVE_ORDER_SORT } from '../../../shared/codes';
import { planWaves, templateOf, type GroupingRule, type WaveCandidate, type WaveStep } from './wave-plan';

const NOW = Date.UTC(2026, 10, 29, 8, 0);
const order = (orderNo: string, more: Partial<WaveCandidate> = {}): WaveCandidate => ({
  orderNo, status: 0, priority: ORDER_PRIORITY.values.NORMAL, shopId: 'S1', shopGroupId: null, cutoffAt: null, createdAt: NOW - 3600_000,
  lineCount: 1, units: 1, skuIds: [`SKU-${orderNo}`], zoneIds: ['Z1'], ...more,
});
const step = (more: Partial<WaveStep> = {}): WaveStep => ({
  waveRuleId: 1, ruleName: 'Step', orderPriority: null, itemKind: ORDER_ITEM_KIND.values.ANY, pickingType: PICKING_TYPE.values.PICK_TO_ORDER,
  maxOrders: 100, maxUnits: 1000, maxSkus: null, minOrders: 1, minWaivedWithinMinutes: null, maxUnitsPerTask: null, grouping: null, ...more,
});
const grouping = (more: Partial<GroupingRule>): GroupingRule => ({
  byShop: false, byStoreTemplate: false, byItemKind: false, byZones: false, cutoffWindowMinutes: null, orderSort: WAVE_ORDER_SORT.values.PRIORITY_FIRST, ...more,
});
const waves = (plan: ReturnType<typeof planWaves>) => plan.waves.map((w) => w.orderNos);

describe('planWaves', () => {
  it('sorts a group by priority, cut-off or age as its grouping rule says', () => {
    const orders = [
      order('old', { createdAt: NOW - 9000_000 }),
      order('urgent', { priority: ORDER_PRIORITY.values.PRIORITY, createdAt: NOW - 5000_000 }),
      order('due', { cutoffAt: NOW + 600_000 }),
    ];
    const cut = (orderSort: number) => waves(planWaves(orders, [step({ maxOrders: 1, grouping: grouping({ orderSort }) })], [], NOW, 50)).flat();
    expect(cut(WAVE_ORDER_SORT.values.PRIORITY_FIRST)).toEqual(['urgent', 'due', 'old']);
    expect(cut(WAVE_ORDER_SORT.values.CUTOFF_FIRST)).toEqual(['due', 'urgent', 'old']);
    expect(cut(WAVE_ORDER_SORT.values.OLDEST_FIRST)).toEqual(['old', 'urgent', 'due']);
  });

  it('keeps single-item and multi-item orders, and templates, apart', () => {
    const templates = [{ templateId: 7, shopIds: new Set(['S1']), shopGroupIds: new Set(['G2']) }];
    expect(templateOf(templates, 'S9', 'G2')).toBe(7);
    expect(templateOf(templates, 'S9', null)).toBeNull();
    const orders = [order('single'), order('multi', { lineCount: 2 }), order('other', { shopId: 'S9' }), order('grouped', { shopId: 'S8', shopGroupId: 'G2' })];
    const plan = planWaves(orders, [step({ grouping: grouping({ byItemKind: true, byStoreTemplate: true }) })], templates, NOW, 50);
    expect(plan.waves.map((w) => [w.group, w.orderNos])).toEqual([
      [{ store_group_template_id: 7, item_kind: ORDER_ITEM_KIND.values.SINGLE_ITEM }, ['grouped', 'single']],
      [{ store_group_template_id: 7, item_kind: ORDER_ITEM_KIND.values.MULTI_ITEM }, ['multi']],
      [{ store_group_template_id: null, item_kind: ORDER_ITEM_KIND.values.SINGLE_ITEM }, ['other']],
    ]);
  });

  it('closes a wave at its most orders, units and SKUs, in order', () => {
    const orders = ['a', 'b', 'c', 'd'].map((n, i) => order(n, { createdAt: NOW - (10 - i) * 1000, units: 2, skuIds: ['X', n] }));
    expect(waves(planWaves(orders, [step({ maxOrders: 3 })], [], NOW, 50))).toEqual([['a', 'b', 'c'], ['d']]);
    expect(waves(planWaves(orders, [step({ maxUnits: 5 })], [], NOW, 50))).toEqual([['a', 'b'], ['c', 'd']]);
    expect(waves(planWaves(orders, [step({ maxSkus: 3 })], [], NOW, 50))).toEqual([['a', 'b'], ['c', 'd']]);
  });

  it('steps take what the ones before left; what no step takes waits, and waves past the run\'s cap wait for the next run', () => {
    const orders = [order('p', { priority: ORDER_PRIORITY.values.PRIORITY }), order('n'), order('m', { lineCount: 2 }), order('h', { priority: ORDER_PRIORITY.values.ON_HOLD })];
    const steps = [step({ waveRuleId: 1, orderPriority: ORDER_PRIORITY.values.PRIORITY }), step({ waveRuleId: 2, itemKind: ORDER_ITEM_KIND.values.SINGLE_ITEM })];
    const plan = planWaves(orders, steps, [], NOW, 50);
    expect(plan.waves.map((w) => [w.waveRuleId, w.orderNos])).toEqual([[1, ['p']], [2, ['n']]]);
    expect(plan.held).toEqual([{ orderNo: 'h', reason: WAVE_HELD_REASON.values.ON_HOLD }, { orderNo: 'm', reason: WAVE_HELD_REASON.values.NO_WAVE_RULE }]);
    const capped = planWaves(orders, steps, [], NOW, 1);
    expect(waves(capped)).toEqual([['p']]);
    expect(capped.held).toContainEqual({ orderNo: 'n', reason: WAVE_HELD_REASON.values.RUN_LIMIT });
  });
});
