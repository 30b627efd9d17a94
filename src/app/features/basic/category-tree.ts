import type { CategoryNode } from '../../../shared/resources/category.resource';

/** A category with its children, as the tree screen shows it. */
export interface CategoryTreeNode {
  value: string;
  name: string;
  level: number;
  children: CategoryTreeNode[];
}

/**
 * Nests the flat answer of get_category_tree (parents before children, siblings in order).
 * A node whose parent is missing is shown at the top rather than lost.
 */
export function nestCategories(list: readonly CategoryNode[]): CategoryTreeNode[] {
  const byId = new Map<string, CategoryTreeNode>();
  const roots: CategoryTreeNode[] = [];
  for (const node of list) {
    const treeNode = { value: node.category_id, name: node.category_name, level: node.level, children: [] };
    byId.set(node.category_id, treeNode);
    const parent = node.parent_id === null ? undefined : byId.get(node.parent_id);
    (parent ? parent.children : roots).push(treeNode);
  }
  return roots;
}

/**
 * The part of the tree a search shows: nodes whose name or id contains the text (any case),
 * with their ancestors for context and their whole subtree; `expand` lists the nodes to open so
 * that every match is visible. An empty search keeps the tree and opens nothing.
 */
export function searchCategories(tree: readonly CategoryTreeNode[], text: string): { tree: CategoryTreeNode[]; expand: string[]; matches: number } {
  const needle = text.trim().toLowerCase();
  if (!needle) return { tree: [...tree], expand: [], matches: 0 };
  const expand: string[] = [];
  let matches = 0;
  const visit = (nodes: readonly CategoryTreeNode[]): CategoryTreeNode[] => nodes.flatMap((node) => {
    const below = visit(node.children);
    const hit = node.name.toLowerCase().includes(needle) || node.value.toLowerCase().includes(needle);
    if (hit) matches += 1;
    if (below.length > 0) expand.push(node.value);
    if (!hit && below.length === 0) return [];
    return [{ ...node, children: hit ? node.children : below }];
  });
  return { tree: visit(tree), expand, matches };
}
