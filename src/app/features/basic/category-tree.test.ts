import { describe, expect, test } from 'vitest';
import type { CategoryNode } from '../../../shared/resources/category.resource';
import { nestCategories, searchCategories, type CategoryTreeNode } from './category-tree';

const node = (category_id: string, parent_id: string | null, level: CategoryNode['level'], category_name: string): CategoryNode =>
  ({ category_id, parent_id, level, category_name });

const FLAT = [
  node('C01', null, 1, 'Groceries'),
  node('C02', null, 1, 'Electronics'),
  node('C0101', 'C01', 2, 'Coffee & Tea'),
  node('C0201', 'C02', 2, 'Mobile Phones'),
  node('C0202', 'C02', 2, 'Audio'),
  node('C020101', 'C0201', 3, 'Smartphones'),
  node('C020201', 'C0202', 3, 'Earbuds'),
  node('C02010101', 'C020101', 4, 'Android Phones'),
];

const names = (tree: readonly CategoryTreeNode[]): unknown[] => tree.map((n) => (n.children.length ? [n.name, names(n.children)] : n.name));

describe('nestCategories', () => {
  test('nests the flat list in its order', () => {
    expect(names(nestCategories(FLAT))).toEqual([
      ['Groceries', ['Coffee & Tea']],
      ['Electronics', [['Mobile Phones', [['Smartphones', ['Android Phones']]]], ['Audio', ['Earbuds']]]],
    ]);
  });

  test('an orphan is shown at the top rather than lost', () => {
    const tree = nestCategories([node('C09', null, 1, 'Office'), node('C0801', 'C08', 2, 'Paper')]);
    expect(tree.map((n) => n.name)).toEqual(['Office', 'Paper']);
  });
});

describe('searchCategories', () => {
  const tree = nestCategories(FLAT);

  test('keeps the matches with their ancestors, opens the ancestors, any case', () => {
    const found = searchCategories(tree, '  PHONES ');
    expect(names(found.tree)).toEqual([['Electronics', [['Mobile Phones', [['Smartphones', ['Android Phones']]]]]]]);
    expect(found.matches).toBe(3);
    expect(found.expand.sort()).toEqual(['C02', 'C0201', 'C020101']);
  });

  test('a matching node keeps its whole subtree', () => {
    const found = searchCategories(tree, 'audio');
    expect(names(found.tree)).toEqual([['Electronics', [['Audio', ['Earbuds']]]]]);
    expect(found.expand).toEqual(['C02']);
  });

  test('searches ids too; no match leaves nothing; empty text keeps all', () => {
    expect(names(searchCategories(tree, 'c0101').tree)).toEqual([['Groceries', ['Coffee & Tea']]]);
    expect(searchCategories(tree, 'frozen')).toEqual({ tree: [], expand: [], matches: 0 });
    expect(searchCategories(tree, ' ').tree).toHaveLength(2);
  });
});
