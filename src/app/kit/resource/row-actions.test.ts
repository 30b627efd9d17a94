import { describe, expect, test } from 'vitest';
import { rowActionsFor, splitRowActions } from './row-actions';

describe('splitRowActions', () => {
  test('up to 3 actions all show inline', () => {
    expect(splitRowActions([])).toEqual({ inline: [], more: [] });
    expect(splitRowActions(['a', 'b', 'c'])).toEqual({ inline: ['a', 'b', 'c'], more: [] });
  });

  test('more than 3: the first 2 inline, the rest under More', () => {
    expect(splitRowActions(['a', 'b', 'c', 'd'])).toEqual({ inline: ['a', 'b'], more: ['c', 'd'] });
    expect(splitRowActions(['a', 'b', 'c', 'd', 'e'])).toEqual({ inline: ['a', 'b'], more: ['c', 'd', 'e'] });
  });
});

describe('rowActionsFor', () => {
  const actions = [
    { label: 'Edit', permission: 'PC.X.Edit' },
    { label: 'Enable', visible: (row: { status: number }) => row.status === 2 },
    { label: 'Disable', visible: (row: { status: number }) => row.status === 1 },
    { label: 'Detail' },
  ];

  test('actions needing a permission the user lacks, or not for this row, are left out', () => {
    const labels = (row: { status: number }, perms: string[]) => rowActionsFor(actions, row, new Set(perms)).map((a) => a.label);
    expect(labels({ status: 1 }, ['PC.X.Edit'])).toEqual(['Edit', 'Disable', 'Detail']);
    expect(labels({ status: 2 }, [])).toEqual(['Enable', 'Detail']);
  });

  test('the split counts only the actions offered', () => {
    const offered = rowActionsFor(actions, { status: 1 }, new Set(['PC.X.Edit']));
    expect(splitRowActions(offered).more).toEqual([]);
  });
});
