import { describe, expect, test } from 'vitest';
import { FULL_STRATEGY, choose, strategyFor, type Candidate } from './allocation';
import { cutTasks } from './wave';

const cand = (location: string, available: number, more: Partial<Candidate> = {}): Candidate => ({
  location, skuId: 'S1', batchId: `B-${location}`, available, areaRank: 0, expiry: null, batchDay: '2026-11-01', zoneId: 'Z1', path: `Z1|P1|${location}`,
  key: `${location}\u0000B-${location}`, ...more,
});

describe('choose (the allocate rule)', () => {
  test('FEFO first, whatever the area', () => {
    const picks = choose([cand('C1', 5, { expiry: '2027-06-01' }), cand('C2', 5, { areaRank: 2, expiry: '2027-01-01' })], 3, new Map());
    expect(picks?.map((p) => p.location)).toEqual(['C2']);
  });
  test('FIFO by the batch day when nothing expires, then the picking area', () => {
    const older = cand('C9', 5, { areaRank: 2, batchDay: '2026-10-01' });
    expect(choose([cand('C1', 5), older], 2, new Map())?.map((p) => p.location)).toEqual(['C9']);
    expect(choose([cand('C1', 5, { areaRank: 2 }), cand('C2', 5)], 2, new Map())?.map((p) => p.location)).toEqual(['C2']);
  });
  test('fewest locations: one that covers the line, else the largest first; ties by pick path', () => {
    expect(choose([cand('C1', 3), cand('C2', 8), cand('C3', 9)], 5, new Map())?.map((p) => [p.location, p.qty])).toEqual([['C2', 5]]);
    expect(choose([cand('C1', 3), cand('C2', 4), cand('C3', 2)], 6, new Map())?.map((p) => [p.location, p.qty])).toEqual([['C2', 4], ['C1', 2]]);
  });
  test('what earlier lines of the run took is not offered again; too little stock is null', () => {
    const taken = new Map<string, number>();
    const stock = [cand('C1', 4)];
    expect(choose(stock, 3, taken)?.[0]?.qty).toBe(3);
    expect(choose(stock, 2, taken)).toBeNull();
    expect(choose(stock, 1, taken)?.[0]?.qty).toBe(1);
  });
});

describe('choose with steps of the rule switched off', () => {
  const loc = (picks: ReturnType<typeof choose>) => picks?.map((p) => [p.location, p.qty]);
  test('FEFO off: a later expiry received earlier goes first (FIFO)', () => {
    const stock = [cand('C1', 5, { expiry: '2027-01-01', batchDay: '2026-11-01' }), cand('C2', 5, { expiry: '2027-06-01', batchDay: '2026-10-01' })];
    expect(loc(choose(stock, 3, new Map()))).toEqual([['C1', 3]]);
    expect(loc(choose(stock, 3, new Map(), { ...FULL_STRATEGY, fefo: false }))).toEqual([['C2', 3]]);
  });
  test('FEFO and FIFO off: the picking area and fewest locations decide alone', () => {
    const stock = [cand('C1', 5, { areaRank: 2, batchDay: '2026-09-01' }), cand('C2', 5, { batchDay: '2026-11-01' })];
    expect(loc(choose(stock, 3, new Map()))).toEqual([['C1', 3]]);
    expect(loc(choose(stock, 3, new Map(), { ...FULL_STRATEGY, fefo: false, fifo: false }))).toEqual([['C2', 3]]);
  });
  test('picking area first off: the storage area competes on fewest locations', () => {
    const stock = [cand('C1', 2), cand('C2', 9, { areaRank: 2 })];
    expect(loc(choose(stock, 4, new Map()))).toEqual([['C1', 2], ['C2', 2]]);
    expect(loc(choose(stock, 4, new Map(), { ...FULL_STRATEGY, pickingAreaFirst: false }))).toEqual([['C2', 4]]);
  });
  test('fewest locations off: the pick path order, location after location', () => {
    const stock = [cand('C1', 2), cand('C2', 3), cand('C3', 9)];
    expect(loc(choose(stock, 4, new Map()))).toEqual([['C3', 4]]);
    expect(loc(choose(stock, 4, new Map(), { ...FULL_STRATEGY, fewestLocations: false }))).toEqual([['C1', 2], ['C2', 2]]);
  });
  test('the first matching rule decides; an empty condition matches any; none: every step', () => {
    const rule = (ruleId: number, shopId: string | null, orderPriority: number | null, fefo: boolean, orderType = 1) => ({
      whsId: 'W', ruleId, ruleName: `R${ruleId}`, orderType, priority: ruleId, shopId, orderPriority, fefo, fifo: true, pickingAreaFirst: true, fewestLocations: true,
      status: 1, createdAt: new Date(),
    });
    const rules = [rule(1, 'SHOP-A', 3, false), rule(2, 'SHOP-A', null, true), rule(3, null, null, false)];
    expect(strategyFor(rules, { orderType: 1, shopId: 'SHOP-A', priority: 3 }).fefo).toBe(false);
    expect(strategyFor(rules, { orderType: 1, shopId: 'SHOP-A', priority: 2 }).fefo).toBe(true);
    expect(strategyFor(rules, { orderType: 1, shopId: 'SHOP-B', priority: 2 }).fefo).toBe(false);
    expect(strategyFor([], { orderType: 1, shopId: null, priority: 2 })).toEqual(FULL_STRATEGY);
  });
  test('an order is decided by the rules of its own type only (sales, MT, RTS)', () => {
    const rule = (ruleId: number, orderType: number, fifo: boolean) => ({
      whsId: 'W', ruleId, ruleName: `R${ruleId}`, orderType, priority: ruleId, shopId: null, orderPriority: null, fefo: true, fifo, pickingAreaFirst: true,
      fewestLocations: true, status: 1, createdAt: new Date(),
    });
    const rules = [rule(1, 1, false), rule(2, 2, true)];
    expect(strategyFor(rules, { orderType: 1, shopId: null, priority: 2 }).fifo).toBe(false);
    expect(strategyFor(rules, { orderType: 2, shopId: null, priority: 2 }).fifo).toBe(true);
    expect(strategyFor(rules, { orderType: 3, shopId: null, priority: 2 })).toEqual(FULL_STRATEGY);
  });
});

describe('choose: groups and ties', () => {
  const loc = (picks: ReturnType<typeof choose>) => picks?.map((p) => [p.location, p.batchId, p.qty]);
  test('FEFO: a batch without expiry after every dated one; one expiry received on two days is two groups by day', () => {
    const stock = [cand('C1', 5), cand('C2', 5, { expiry: '2030-01-01' }), cand('C3', 5, { expiry: '2030-01-01', batchDay: '2026-10-01' })];
    expect(loc(choose(stock, 7, new Map()))).toEqual([['C3', 'B-C3', 5], ['C2', 'B-C2', 2]]);
  });
  test('a group is taken whole before the next, even when the next has one location that would cover the line', () => {
    const stock = [cand('C1', 2), cand('C2', 2), cand('C3', 9, { batchDay: '2026-11-02' })];
    expect(loc(choose(stock, 4, new Map()))).toEqual([['C1', 'B-C1', 2], ['C2', 'B-C2', 2]]);
    expect(loc(choose(stock, 5, new Map()))).toEqual([['C1', 'B-C1', 2], ['C2', 'B-C2', 2], ['C3', 'B-C3', 1]]);
  });
  test('two batches of one cell alike in every step: the batch id decides, whatever order they were read in', () => {
    const a = cand('C1', 3, { batchId: 'B2', key: 'C1\u0000B2' });
    const b = cand('C1', 3, { batchId: 'B1', key: 'C1\u0000B1' });
    expect(loc(choose([a, b], 2, new Map()))).toEqual([['C1', 'B1', 2]]);
    expect(loc(choose([b, a], 2, new Map()))).toEqual([['C1', 'B1', 2]]);
    expect(loc(choose([a, b], 4, new Map(), { ...FULL_STRATEGY, fewestLocations: false }))).toEqual([['C1', 'B1', 3], ['C1', 'B2', 1]]);
  });
  test('a need of exactly the stock takes all of it; one more is short and takes nothing', () => {
    const taken = new Map<string, number>();
    const stock = [cand('C1', 2), cand('C2', 3, { areaRank: 2 })];
    expect(choose(stock, 6, taken)).toBeNull();
    expect(taken.size).toBe(0);
    expect(loc(choose(stock, 5, taken))).toEqual([['C1', 'B-C1', 2], ['C2', 'B-C2', 3]]);
  });
});

describe('cutTasks', () => {
  const stop = (rank: number, zoneId: string, cell: number, qty: number, orderNo = 'O1') => ({ rank, orderNo, zoneId, qty, path: `${zoneId}|P|${cell}` });
  test('one task per zone in path order, split at the capacity without splitting a stop', () => {
    const tasks = cutTasks([stop(1, 'Z1', 3, 2), stop(2, 'Z1', 1, 3), stop(3, 'Z2', 1, 1), stop(4, 'Z1', 2, 2)], (s) => s.zoneId, 5);
    expect(tasks.map((t) => t.map((s) => s.rank))).toEqual([[2, 4], [1], [3]]);
  });
  test('a capacity per zone (the picking rule of each zone)', () => {
    const tasks = cutTasks([stop(1, 'Z1', 1, 2), stop(2, 'Z1', 2, 2), stop(3, 'Z2', 1, 2), stop(4, 'Z2', 2, 2)], (s) => s.zoneId, (zone) => (zone === 'Z1' ? 2 : 10));
    expect(tasks.map((t) => t.map((s) => s.rank))).toEqual([[1], [2], [3, 4]]);
  });
  test('pick to order keeps each order apart', () => {
    const tasks = cutTasks([stop(1, 'Z1', 1, 1, 'A'), stop(2, 'Z1', 2, 1, 'B')], (s) => `${s.orderNo}|${s.zoneId}`, 100);
    expect(tasks).toHaveLength(2);
  });
});
