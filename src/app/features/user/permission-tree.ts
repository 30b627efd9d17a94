import type { MessageDescriptor } from '@lingui/core';
import { ROUTES } from '../../../shared/routes/manifest';
import { permOf } from '../../../shared/routes/derive';
import type { RouteDecl } from '../../../shared/routes/types';
import { ACTION_PERMISSIONS, PAGE_ACTIONS } from '../../../shared/permissions';
import { parentOf } from '../../routes/access';

/** One node of the permission catalog: a page (with its permission, if it needs one) or an action. */
export interface PermissionNode {
  /** Unique key: the route path, or the action permission name. */
  key: string;
  title: MessageDescriptor;
  /** Permission name; null for a grouping page that needs none. */
  perm: string | null;
  kind: 'page' | 'action';
  children: PermissionNode[];
}

/**
 * The permission catalog as a tree, derived from the route manifest (pages under their
 * parents) plus the action permissions, each permission once. What a page changes sits under the
 * page: the actions it declares, and an action permission named after the page's (Cancel ASNs,
 * PC.Inbound.Order.Cancel, under the ASN List's PC.Inbound.Order.View); the few that belong to no
 * page are the actions group. Public pages, and pages that add no permission of their own (a
 * detail page sharing its list's), are left out.
 */
export function permissionTree(): { pages: PermissionNode[]; actions: PermissionNode[] } {
  const nodes = new Map<RouteDecl, PermissionNode>();
  const pageOfPerm = new Map<string, PermissionNode>();
  const seen = new Set<string>();
  for (const route of ROUTES) {
    if (route.public) continue;
    // Detail and form pages that share their list's permission add no permission of their own.
    const perm = permOf(route);
    const own = perm !== null && !seen.has(perm) ? perm : null;
    const node: PermissionNode = { key: route.path, title: route.title, perm: own, kind: 'page', children: [] };
    if (own) {
      seen.add(own);
      pageOfPerm.set(own, node);
    }
    nodes.set(route, node);
  }
  const action = (perm: string, title: MessageDescriptor): PermissionNode => ({ key: perm, title, perm, kind: 'action', children: [] });
  for (const a of PAGE_ACTIONS) nodes.get(a.route)?.children.push(action(a.perm, a.title));
  const actions: PermissionNode[] = [];
  for (const [perm, title] of Object.entries(ACTION_PERMISSIONS)) {
    if (seen.has(perm)) continue;
    const stem = perm.slice(0, perm.lastIndexOf('.'));
    const page = pageOfPerm.get(`${stem}.View`) ?? pageOfPerm.get(stem);
    (page ? page.children : actions).push(action(perm, title));
  }
  const roots: PermissionNode[] = [];
  for (const [route, node] of nodes) {
    const parent = parentOf(route);
    const parentNode = parent ? nodes.get(parent) : undefined;
    (parentNode ? parentNode.children : roots).push(node);
  }
  const pages = filterTree(roots, (node) => node.perm !== null);
  return { pages, actions };
}

/**
 * Keeps the nodes that match the query (title or permission name, case-insensitive) or the
 * filter, with the ancestors that lead to them.
 */
export function filterTree(
  nodes: readonly PermissionNode[],
  keep: (node: PermissionNode) => boolean,
): PermissionNode[] {
  const out: PermissionNode[] = [];
  for (const node of nodes) {
    const children = filterTree(node.children, keep);
    if (children.length > 0 || keep(node)) out.push({ ...node, children });
  }
  return out;
}

export function countPermissions(nodes: readonly PermissionNode[], held?: ReadonlySet<string>): number {
  let n = 0;
  for (const node of nodes) {
    if (node.perm && (!held || held.has(node.perm))) n++;
    n += countPermissions(node.children, held);
  }
  return n;
}

/** Every permission of the nodes and their descendants. */
export function permissionsUnder(nodes: readonly PermissionNode[]): string[] {
  const out: string[] = [];
  for (const node of nodes) {
    if (node.perm) out.push(node.perm);
    out.push(...permissionsUnder(node.children));
  }
  return out;
}
