import { describe, expect, test } from 'vitest';
import { SUB_PICKING_SPLIT_BY } from '../../../shared/codes';
import { cutRoute } from './sub-picking-cut';

const { PICKERS, UNITS } = SUB_PICKING_SPLIT_BY.values;

describe('cutting a route into sub-picking runs', () => {
  test('by pickers: runs of about equal units, in route order, each at least one stop', () => {
    expect(cutRoute([2, 2, 2, 2], PICKERS, 2)).toEqual([[0, 1], [2, 3]]);
    expect(cutRoute([1, 1, 1, 1, 1, 1], PICKERS, 3)).toEqual([[0, 1], [2, 3], [4, 5]]);
    // A big first stop: the others still share the runs left.
    expect(cutRoute([10, 1, 1], PICKERS, 3)).toEqual([[0], [1], [2]]);
    expect(cutRoute([1, 1, 10], PICKERS, 2)).toEqual([[0, 1], [2]]);
  });

  test('by units: at most that many a run, a bigger stop alone', () => {
    expect(cutRoute([2, 2, 2, 2, 1], UNITS, 4)).toEqual([[0, 1], [2, 3], [4]]);
    expect(cutRoute([5, 1, 1], UNITS, 3)).toEqual([[0], [1, 2]]);
  });

  test('stops of no units go with the run before them (the first when they lead)', () => {
    expect(cutRoute([0, 2, 0, 2, 0], PICKERS, 2)).toEqual([[0, 1, 2], [3, 4]]);
  });

  test('a cut that would not make two runs is refused', () => {
    expect(cutRoute([3], PICKERS, 2)).toBeNull();
    expect(cutRoute([1, 1], PICKERS, 3)).toBeNull();
    expect(cutRoute([1, 1], PICKERS, 1)).toBeNull();
    expect(cutRoute([2, 2], UNITS, 4)).toBeNull();
    expect(cutRoute([0, 2, 0], UNITS, 1)).toBeNull();
  });
});
