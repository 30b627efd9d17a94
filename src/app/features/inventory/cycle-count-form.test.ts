import { describe, expect, test } from 'vitest';
import { CYCLE_COUNT_KIND, CYCLE_COUNT_ORDER_TYPE, CYCLE_COUNT_SCOPE } from '../../../shared/codes';
import {
  EMPTY_SELECTION, createInputOf, formProblems, lastDays, parkPartly, parkTicked, parseCodes, secondCountLocations, togglePark, togglePathway,
  toggleZone, treeCriteria, type CcCreateForm, type TreePark,
} from './cycle-count-form';

const PARKS: TreePark[] = [
  { park_id: 'P1', zones: [{ zone_id: 'Z1', pathways: ['Z1-A', 'Z1-B'] }, { zone_id: 'Z2', pathways: ['Z2-A'] }] },
  { park_id: 'P2', zones: [{ zone_id: 'Z3', pathways: ['Z3-A', 'Z3-B'] }] },
];
const [Z1, Z2] = PARKS[0]!.zones as [TreePark['zones'][number], TreePark['zones'][number]];
const Z3 = PARKS[1]!.zones[0]!;

const form = (over: Partial<CcCreateForm> = {}): CcCreateForm => ({
  order_type: CYCLE_COUNT_ORDER_TYPE.values.EXPRESS, kind: CYCLE_COUNT_KIND.values.LOCATION, scope: CYCLE_COUNT_SCOPE.values.CUSTOMIZED,
  selection: EMPTY_SELECTION, location_from: '', location_to: '', skus_text: '', supplier_id: null, moved_since: null, lines: [], remark: '',
  ...over,
});

describe('the park, zone and pathway tree', () => {
  test('sends a whole park as the park, a whole zone as the zone and single pathways as pathways', () => {
    let s = togglePark(PARKS[0]!, EMPTY_SELECTION, true);
    s = togglePathway(Z3, 'Z3-B', s, true);
    expect(parkTicked(PARKS[0]!, s)).toBe(true);
    expect(treeCriteria(PARKS, s)).toEqual({ park_ids: ['P1'], zone_ids: [], pathway_ids: ['Z3-B'] });
    expect(parkPartly(PARKS[1]!, s)).toBe(true);
  });

  test('unticking one pathway of a ticked zone keeps its others, and ticking the last makes the zone whole again', () => {
    let s = toggleZone(Z1, EMPTY_SELECTION, true);
    s = togglePathway(Z1, 'Z1-A', s, false);
    expect(treeCriteria(PARKS, s)).toEqual({ park_ids: [], zone_ids: [], pathway_ids: ['Z1-B'] });
    s = togglePathway(Z1, 'Z1-A', s, true);
    expect(treeCriteria(PARKS, s)).toEqual({ park_ids: [], zone_ids: ['Z1'], pathway_ids: [] });
    s = toggleZone(Z2, s, true);
    expect(treeCriteria(PARKS, s)).toEqual({ park_ids: ['P1'], zone_ids: [], pathway_ids: [] });
  });
});

describe('the create form as the create call', () => {
  test('a customized location order sends its tree and range, never another kind\'s criteria', () => {
    const input = createInputOf(form({
      selection: toggleZone(Z1, EMPTY_SELECTION, true), location_from: ' A-01 ', location_to: 'A-09', skus_text: 'SKU1', supplier_id: 'S1', remark: ' r ',
    }), PARKS);
    expect(input.criteria).toMatchObject({ zone_ids: ['Z1'], location_from: 'A-01', location_to: 'A-09', sku_ids: [], supplier_id: '', moved_since: null });
    expect(input.remark).toBe('r');
  });

  test('the all-active-locations scope sends no criteria, a movement order always its date', () => {
    const all = createInputOf(form({ scope: CYCLE_COUNT_SCOPE.values.ALL_ACTIVE_LOCATIONS, selection: toggleZone(Z1, EMPTY_SELECTION, true) }), PARKS);
    expect(all.criteria.zone_ids).toEqual([]);
    const moved = createInputOf(form({ kind: CYCLE_COUNT_KIND.values.MOVEMENT, scope: CYCLE_COUNT_SCOPE.values.ALL_ACTIVE_LOCATIONS, moved_since: '2026-11-01' }), PARKS);
    expect(moved.criteria.moved_since).toBe('2026-11-01');
  });

  test('SKUs typed or pasted become distinct codes', () => {
    expect(parseCodes('SKU1\nSKU2, SKU1;\tSKU3  ')).toEqual(['SKU1', 'SKU2', 'SKU3']);
    const input = createInputOf(form({ kind: CYCLE_COUNT_KIND.values.SKU, skus_text: 'A\nB\nA' }), PARKS);
    expect(input.criteria.sku_ids).toEqual(['A', 'B']);
  });

  test('says what is missing before a search', () => {
    expect(formProblems(form(), PARKS)).toEqual(['nothingChosen']);
    expect(formProblems(form({ location_from: 'A' }), PARKS)).toEqual(['rangeHalf']);
    expect(formProblems(form({ kind: CYCLE_COUNT_KIND.values.MOVEMENT, scope: CYCLE_COUNT_SCOPE.values.HIGH_VALUE_ONLY }), PARKS)).toEqual(['movedSinceMissing']);
    expect(formProblems(form({ selection: toggleZone(Z1, EMPTY_SELECTION, true) }), PARKS)).toEqual([]);
  });
});

describe('a second count', () => {
  test('of every differing location asks for all (an empty list), of some names them', () => {
    expect(secondCountLocations(['L1', 'L2'], new Set(['L1', 'L2']))).toEqual([]);
    expect(secondCountLocations(['L1', 'L2'], new Set(['L2']))).toEqual(['L2']);
  });
});

test('the last 7 days end today', () => {
  expect(lastDays(7, new Date(2026, 2, 3))).toEqual(['2026-02-25', '2026-03-03']);
});
