import { describe, expect, test } from 'vitest';
import { ABC_CLASS, LOCATION_STATUS, PUTAWAY_STRATEGY, QUALITY, TEMPERATURE_ZONE } from '../../../shared/codes';
import { SKU_MIXING, SUPPLIER_MIXING } from '../../../shared/resources/location-codes';
import {
  cellRefusal, cellRefusalForAll, chooseCell, freeCapacity, matchRule,
  type CellCandidate, type PutawayRule, type PutUnits,
} from './putaway-suggest';

const { CONSOLIDATE, EMPTY_CELL, PICK_SEQUENCE } = PUTAWAY_STRATEGY.values;
const { NORMAL, BLOCKED, FROZEN } = LOCATION_STATUS.values;

const rule = (ruleId: number, priority: number, more: Partial<PutawayRule> = {}): PutawayRule => ({
  ruleId, priority, temperatureZone: null, abcClass: null, highValueOnly: false, quality: null,
  targetZoneId: `Z${ruleId}`, targetLogicAreaId: null, strategy: CONSOLIDATE, ...more,
});
const traits = { temperatureZone: TEMPERATURE_ZONE.values.NORMAL, abcClass: ABC_CLASS.values.A, isHighValue: false, quality: QUALITY.values.GOOD };

const cell = (location: string, more: Partial<CellCandidate> = {}): CellCandidate => ({
  location, status: NORMAL, zoneStatus: NORMAL, pathwayStatus: NORMAL, temperatureZone: TEMPERATURE_ZONE.values.NORMAL,
  skuMixing: SKU_MIXING.values.MIX_SKU, supplierMixing: SUPPLIER_MIXING.values.MIX, maxQty: null, pickOrder: [100, 101, 1],
  onhand: 0, contents: [], plannedQty: 0, ...more,
});
const units: PutUnits = { skuId: 'SKU1', batchId: 'B1', supplierId: 'SUP1', temperatureZone: TEMPERATURE_ZONE.values.NORMAL, qty: 10 };
const holding = (skuId: string, batchId: string, onhand: number, supplierId: string | null = 'SUP1'): Partial<CellCandidate> =>
  ({ onhand, contents: [{ skuId, batchId, supplierId }] });

describe('matchRule', () => {
  test('the first rule by priority whose conditions hold; ties by rule id; empty conditions match any', () => {
    const rules = [rule(3, 20), rule(1, 10, { temperatureZone: TEMPERATURE_ZONE.values.CHILLED }), rule(2, 20)];
    expect(matchRule(rules, traits)?.ruleId).toBe(2);
    expect(matchRule(rules, { ...traits, temperatureZone: TEMPERATURE_ZONE.values.CHILLED })?.ruleId).toBe(1);
  });

  test('each condition narrows: ABC class, high value only, quality', () => {
    const rules = [
      rule(1, 1, { abcClass: ABC_CLASS.values.C }),
      rule(2, 2, { highValueOnly: true }),
      rule(3, 3, { quality: QUALITY.values.DAMAGED }),
    ];
    expect(matchRule(rules, traits)).toBeNull();
    expect(matchRule(rules, { ...traits, abcClass: ABC_CLASS.values.C })?.ruleId).toBe(1);
    expect(matchRule(rules, { ...traits, isHighValue: true })?.ruleId).toBe(2);
    expect(matchRule(rules, { ...traits, quality: QUALITY.values.DAMAGED })?.ruleId).toBe(3);
  });

  test('no rules: no match (the caller falls back)', () => {
    expect(matchRule([], traits)).toBeNull();
  });
});

describe('cellRefusal', () => {
  test('a normal empty cell of the temperature zone takes the units', () => {
    expect(cellRefusal(units, cell('C1'))).toBeNull();
  });

  test('the cell, its pathway and its zone must all be normal', () => {
    expect(cellRefusal(units, cell('C1', { status: BLOCKED }))).toBe('status');
    expect(cellRefusal(units, cell('C1', { pathwayStatus: FROZEN }))).toBe('status');
    expect(cellRefusal(units, cell('C1', { zoneStatus: BLOCKED }))).toBe('status');
  });

  test('another temperature zone is refused; a SKU without one goes anywhere', () => {
    const chiller = cell('C1', { temperatureZone: TEMPERATURE_ZONE.values.CHILLED });
    expect(cellRefusal(units, chiller)).toBe('temperature');
    expect(cellRefusal({ ...units, temperatureZone: null }, chiller)).toBeNull();
  });

  test('SKU mixing: cannot mix holds one SKU and batch, mix attributes one SKU, mix SKU anything', () => {
    const otherSku = holding('SKU2', 'B9', 5);
    const otherBatch = holding('SKU1', 'B2', 5);
    expect(cellRefusal(units, cell('C1', { skuMixing: SKU_MIXING.values.CANNOT_MIX, ...otherSku }))).toBe('sku_mixing');
    expect(cellRefusal(units, cell('C1', { skuMixing: SKU_MIXING.values.CANNOT_MIX, ...otherBatch }))).toBe('batch_mixing');
    expect(cellRefusal(units, cell('C1', { skuMixing: SKU_MIXING.values.CANNOT_MIX, ...holding('SKU1', 'B1', 5) }))).toBeNull();
    expect(cellRefusal(units, cell('C1', { skuMixing: SKU_MIXING.values.MIX_ATTRIBUTES, ...otherSku }))).toBe('sku_mixing');
    expect(cellRefusal(units, cell('C1', { skuMixing: SKU_MIXING.values.MIX_ATTRIBUTES, ...otherBatch }))).toBeNull();
    expect(cellRefusal(units, cell('C1', { skuMixing: SKU_MIXING.values.MIX_SKU, ...otherSku }))).toBeNull();
  });

  test('supplier mixing: a cell that cannot mix suppliers takes only the same supplier (no supplier is one too)', () => {
    const strict = { supplierMixing: SUPPLIER_MIXING.values.CANNOT_MIX };
    expect(cellRefusal(units, cell('C1', { ...strict, ...holding('SKU2', 'B9', 5, 'SUP2') }))).toBe('supplier_mixing');
    expect(cellRefusal(units, cell('C1', { ...strict, ...holding('SKU2', 'B9', 5, 'SUP1') }))).toBeNull();
    expect(cellRefusal({ ...units, supplierId: null }, cell('C1', { ...strict, ...holding('SKU2', 'B9', 5, null) }))).toBeNull();
    expect(cellRefusal(units, cell('C1', { ...holding('SKU2', 'B9', 5, 'SUP2') }))).toBeNull();
  });

  test('max qty counts units on hand and planned; partial asks for room for one', () => {
    const full = cell('C1', { maxQty: 20, onhand: 8, plannedQty: 5, contents: [{ skuId: 'SKU1', batchId: 'B1', supplierId: 'SUP1' }] });
    expect(freeCapacity(full)).toBe(7);
    expect(cellRefusal(units, full)).toBe('capacity');
    expect(cellRefusal(units, full, { partial: true })).toBeNull();
    expect(cellRefusal(units, cell('C1', { maxQty: 10 }))).toBeNull();
    expect(freeCapacity(cell('C1'))).toBe(Infinity);
  });

  test('several batches into one cell: each is checked against the cell holding the ones before it', () => {
    const other: PutUnits = { ...units, skuId: 'SKU2', batchId: 'B5', qty: 5 };
    expect(cellRefusalForAll([units, other], cell('C1'))).toBeNull();
    expect(cellRefusalForAll([units, other], cell('C1', { skuMixing: SKU_MIXING.values.MIX_ATTRIBUTES }))).toEqual({ refusal: 'sku_mixing', item: other });
    expect(cellRefusalForAll([units, other], cell('C1', { maxQty: 12 }))).toEqual({ refusal: 'capacity', item: other });
  });
});

describe('chooseCell', () => {
  const empty = cell('E1', { pickOrder: [100, 101, 5] });
  const sameBatch = cell('S1', { ...holding('SKU1', 'B1', 4), pickOrder: [100, 101, 9] });
  const sameSku = cell('S2', { ...holding('SKU1', 'B2', 4), pickOrder: [100, 101, 7] });
  const otherSku = cell('O1', { ...holding('SKU3', 'B7', 4), pickOrder: [100, 101, 1] });

  test('consolidate: the same batch, then the same SKU, then empty, then anything that mixes', () => {
    expect(chooseCell(units, [otherSku, empty, sameSku, sameBatch], CONSOLIDATE)).toBe('S1');
    expect(chooseCell(units, [otherSku, empty, sameSku], CONSOLIDATE)).toBe('S2');
    expect(chooseCell(units, [otherSku, empty], CONSOLIDATE)).toBe('E1');
    expect(chooseCell(units, [otherSku], CONSOLIDATE)).toBe('O1');
  });

  test('consolidate respects mixing: a cell of another batch that cannot mix attributes is passed over', () => {
    const strictOtherBatch = cell('S2', { ...holding('SKU1', 'B2', 4), skuMixing: SKU_MIXING.values.CANNOT_MIX, pickOrder: [1, 1, 1] });
    expect(chooseCell(units, [strictOtherBatch, empty], CONSOLIDATE)).toBe('E1');
  });

  test('empty cell: empty cells first, then the same SKU', () => {
    expect(chooseCell(units, [sameBatch, otherSku, empty], EMPTY_CELL)).toBe('E1');
    expect(chooseCell(units, [otherSku, sameBatch], EMPTY_CELL)).toBe('S1');
  });

  test('a cell only planned for another line is not empty', () => {
    const planned = cell('P1', { contents: [{ skuId: 'SKU9', batchId: 'B9', supplierId: null }], plannedQty: 3, pickOrder: [1, 1, 1] });
    expect(chooseCell(units, [planned, empty], EMPTY_CELL)).toBe('E1');
  });

  test('pick sequence: zone, pathway, cell sequence in turn, unsequenced last, then the code', () => {
    const cells = [
      cell('C3', { pickOrder: [200, 201, 1] }),
      cell('C2', { pickOrder: [100, 102, 1] }),
      cell('C1', { pickOrder: [100, 101, null] }),
      cell('C0', { pickOrder: [100, 101, 4] }),
    ];
    expect(chooseCell(units, cells, PICK_SEQUENCE)).toBe('C0');
    expect(chooseCell(units, cells.slice(0, 3), PICK_SEQUENCE)).toBe('C1');
    expect(chooseCell(units, [cell('B', { pickOrder: [null, null, null] }), cell('A', { pickOrder: [null, null, null] })], PICK_SEQUENCE)).toBe('A');
  });

  test('cells taking every unit come first; else the one with the most room', () => {
    const small = cell('SMALL', { ...holding('SKU1', 'B1', 0), maxQty: 4, pickOrder: [1, 1, 1] });
    const roomy = cell('ROOMY', { maxQty: 10, pickOrder: [9, 9, 9] });
    expect(chooseCell(units, [small, roomy], CONSOLIDATE)).toBe('ROOMY');
    const smaller = cell('SMALLER', { maxQty: 2 });
    expect(chooseCell(units, [smaller, small], CONSOLIDATE)).toBe('SMALL');
  });

  test('nothing usable: no suggestion', () => {
    expect(chooseCell(units, [], CONSOLIDATE)).toBeNull();
    expect(chooseCell(units, [cell('X', { status: BLOCKED }), cell('Y', { maxQty: 0 })], EMPTY_CELL)).toBeNull();
  });
});
