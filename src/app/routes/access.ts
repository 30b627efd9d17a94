import type { MessageDescriptor } from '@lingui/core';
import { ROUTES } from '../../shared/routes/manifest';
import type { RouteDecl } from '../../shared/routes/types';
import { createMatcher, normalize, parseSegment, split, type Params, type RouteMatch } from './route-match';
import {
  alwaysAllowed,
  formVerbOf,
  hasRequiredParams,
  hrefOf,
  inMenu,
  isParam,
  lastStaticSegment,
  permOf,
} from '../../shared/routes/derive';

/**
 * Access to routes, derived from the manifest alone (no React, no DOM): route matching, the
 * guard's answer for a path, the menu, menu search, breadcrumbs and page titles.
 */

export interface AccessState {
  /** Permission names the user holds in the current warehouse. */
  perms: ReadonlySet<string>;
  /** Feature flags that are on for the current warehouse. */
  flags: ReadonlySet<string>;
  /** Whether a screen exists for the route (called with the route's declared path). */
  isBuilt: (path: string) => boolean;
}

export type Access =
  | { kind: 'ok'; route: RouteDecl; params: Params }
  | { kind: 'redirect'; to: string }
  | { kind: 'forbidden' }
  | { kind: 'notFound' };
export interface MenuNode {
  path: string;
  title: MessageDescriptor;
  children: MenuNode[];
}
export interface MenuEntry {
  path: string;
  title: MessageDescriptor;
  /** Titles of the groups above the entry, outermost first. */
  trail: MessageDescriptor[];
}
export interface Breadcrumb {
  /** The route's declared path; `params` fill its parameters. */
  path: string;
  title: MessageDescriptor;
  params: Params;
}

/** Spec §2 Access: paths always allowed whatever the permissions (remote modules, callbacks, the root). */
export const ALWAYS_ALLOWED = (pathname: string): boolean => alwaysAllowed(pathname);

// ---------------------------------------------------------------- matching

export type { Params, RouteMatch };

/** The declared route of the manifest for a pathname (route-match.ts). */
export const matchRoute = createMatcher(ROUTES);

// ---------------------------------------------------------------- tree

/** Declared routes by path, and by path without optional parameters (what links point at). */
const BY_PATH = new Map<string, RouteDecl>();
for (const r of ROUTES) BY_PATH.set(r.path, r);
for (const r of ROUTES) if (!BY_PATH.has(hrefOf(r.path))) BY_PATH.set(hrefOf(r.path), r);

/** The route declared at `path` (a manifest path, parameters as declared). */
export const routeAt = (path: string): RouteDecl | undefined => BY_PATH.get(path);

/**
 * The breadcrumb and menu parent: `parent`, else a `…detail` page's sibling list
 * (trackingiddetail → trackingid), else the nearest declared ancestor path.
 */
function derivedParent(route: RouteDecl): RouteDecl | undefined {
  if (route.parent) return BY_PATH.get(route.parent);
  const segments = split(route.path);
  const declared = (n: number, last?: string) => {
    const candidate = BY_PATH.get('/' + [...segments.slice(0, n), ...(last ? [last] : [])].join('/'));
    return candidate === route ? undefined : candidate;
  };
  const lastStatic = segments.findLastIndex((s) => !isParam(s));
  const stem = lastStatic >= 0 ? formVerbOf(segments[lastStatic]!)?.stem : null;
  const sibling = stem ? declared(lastStatic, stem) : undefined;
  if (sibling) return sibling;
  for (let n = segments.length - 1; n > 0; n--) {
    const ancestor = declared(n);
    if (ancestor) return ancestor;
  }
  return undefined;
}

const PARENT = new Map<RouteDecl, RouteDecl | undefined>(ROUTES.map((r) => [r, derivedParent(r)]));
const CHILDREN = new Map<RouteDecl | null, RouteDecl[]>();
for (const r of ROUTES) {
  if (r.public) continue;
  const key = PARENT.get(r) ?? null;
  CHILDREN.set(key, [...(CHILDREN.get(key) ?? []), r]);
}
const childrenOf = (route: RouteDecl | null) => CHILDREN.get(route) ?? [];
const tabsOf = (group: string) => ROUTES.filter((r) => r.tabGroup === group);

/** The parent route used by breadcrumbs and the menu (exported for the router and tests). */
export const parentOf = (route: RouteDecl): RouteDecl | undefined => PARENT.get(route);

// ---------------------------------------------------------------- access

const flagOn = (route: RouteDecl, state: AccessState) => !route.flag || state.flags.has(route.flag);

/** Whether the user may open the route: public, else its flag on and its permission held (or none needed). */
export function canOpen(route: RouteDecl, state: AccessState): boolean {
  if (route.public) return true;
  if (!flagOn(route, state)) return false;
  const perm = permOf(route);
  return perm === null || state.perms.has(perm);
}

const reachable = (route: RouteDecl, state: AccessState) => canOpen(route, state) && state.isBuilt(route.path);

/** Children a group may open by default: pages without required parameters that are not forms or hidden. */
const isLanding = (r: RouteDecl) =>
  r.menu !== false && !hasRequiredParams(r.path) && formVerbOf(lastStaticSegment(r.path)) === undefined;

/**
 * Where opening the route lands: a group lands on its default child or the first child that
 * lands somewhere; a tab on itself or the first reachable tab of its group; a page on itself.
 */
function landing(route: RouteDecl, state: AccessState, seen = new Set<RouteDecl>()): string | null {
  if (seen.has(route) || !flagOn(route, state)) return null;
  seen.add(route);
  if (route.redirect) {
    const children = childrenOf(route).filter(isLanding);
    const preferred = BY_PATH.get(route.redirect);
    const ordered = preferred ? [preferred, ...children.filter((c) => c !== preferred)] : children;
    for (const child of ordered) {
      const to = landing(child, state, seen);
      if (to) return to;
    }
    return null;
  }
  const candidates = route.tabGroup ? [route, ...tabsOf(route.tabGroup)] : [route];
  const hit = candidates.find((r) => reachable(r, state));
  return hit ? hrefOf(hit.path) : null;
}

/** Spec §6: an unpermitted tab opens the first permitted tab of its group, else the group's fallback. */
function tabRedirect(route: RouteDecl, state: AccessState): string | null {
  if (!route.tabGroup) return null;
  const tab = tabsOf(route.tabGroup).find((t) => t !== route && reachable(t, state));
  if (tab) return hrefOf(tab.path);
  const fallback = route.tabFallback ? BY_PATH.get(route.tabFallback) : undefined;
  return fallback && fallback !== route && canOpen(fallback, state) ? hrefOf(fallback.path) : null;
}

const NOT_FOUND = { kind: 'notFound' } as const;
const FORBIDDEN = { kind: 'forbidden' } as const;

/**
 * What the guard does with a pathname: open it, redirect (root, group defaults, tabs),
 * 403, or 404. A declared route without a screen is a 404, never a placeholder page.
 */
export function resolveAccess(pathname: string, state: AccessState): Access {
  const path = normalize(pathname);
  if (path === '/') return { kind: 'redirect', to: '/home' };
  const match = matchRoute(path);
  if (!match) return NOT_FOUND;
  const { route, params } = match;
  if (route.public) return { kind: 'ok', route, params };
  if (!flagOn(route, state)) return NOT_FOUND;
  if (route.redirect) {
    const to = landing(route, state);
    if (to) return { kind: 'redirect', to };
    // Something is permitted but has no screen yet → 404; nothing permitted → 403.
    return landing(route, { ...state, isBuilt: () => true }) ? NOT_FOUND : FORBIDDEN;
  }
  if (!canOpen(route, state)) {
    const to = tabRedirect(route, state);
    return to ? { kind: 'redirect', to } : FORBIDDEN;
  }
  if (!state.isBuilt(route.path)) return NOT_FOUND;
  return { kind: 'ok', route, params };
}

// ---------------------------------------------------------------- menu

/** A route's title for the warehouse: its `flagTitle` while that flag is on (spec §2 Layout), else its own. */
export const titleOf = (route: RouteDecl, flags: ReadonlySet<string>): MessageDescriptor =>
  (route.flagTitle && flags.has(route.flagTitle.flag) ? route.flagTitle.title : route.title);

function menuNode(route: RouteDecl, state: AccessState): MenuNode | null {
  if (!inMenu(route) || !flagOn(route, state)) return null;
  const title = titleOf(route, state.flags);
  const menuChildren = childrenOf(route).filter(inMenu);
  if (menuChildren.length > 0) {
    const children = menuChildren.map((c) => menuNode(c, state)).filter((n): n is MenuNode => n !== null);
    return children.length ? { path: hrefOf(route.path), title, children } : null;
  }
  return landing(route, state) ? { path: hrefOf(route.path), title, children: [] } : null;
}

/**
 * The sidebar menu in manifest order: area roots at the top (/home first). A page shows when it
 * is a menu page, built and permitted (a tab when any tab of its page is); a group when any
 * child shows.
 */
export function buildMenu(state: AccessState): MenuNode[] {
  return childrenOf(null)
    .map((r) => menuNode(r, state))
    .filter((n): n is MenuNode => n !== null);
}

/** The menu's pages with the titles of the groups above them, for menu search. */
export function flattenMenu(nodes: readonly MenuNode[], trail: MessageDescriptor[] = []): MenuEntry[] {
  return nodes.flatMap((node) =>
    node.children.length
      ? flattenMenu(node.children, [...trail, node.title])
      : [{ path: node.path, title: node.title, trail }],
  );
}

/** Spec §2 Layout: at least 2 characters (trimmed), case-insensitive on translated titles, groups included. */
export const MENU_SEARCH_MIN_LENGTH = 2;

export function searchMenu(
  entries: readonly MenuEntry[],
  query: string,
  translate: (descriptor: MessageDescriptor) => string,
): MenuEntry[] {
  const needle = query.trim().toLowerCase();
  if (needle.length < MENU_SEARCH_MIN_LENGTH) return [];
  return entries.filter((e) => [e.title, ...e.trail].some((d) => translate(d).toLowerCase().includes(needle)));
}

// ---------------------------------------------------------------- breadcrumbs and titles

const paramNames = (path: string) =>
  split(path)
    .map(parseSegment)
    .flatMap((s) => (s.kind === 'param' ? [{ name: s.name, optional: s.optional }] : []));

/**
 * From the area root down to the current page. Ancestors take the current page's parameters
 * of the same name; one that needs a parameter the page lacks is left out.
 */
export function breadcrumbs(pathname: string): Breadcrumb[] {
  const match = matchRoute(normalize(pathname));
  if (!match) return [];
  const chain: RouteDecl[] = [];
  for (let r: RouteDecl | undefined = match.route; r && !chain.includes(r); r = parentOf(r)) chain.unshift(r);
  return chain.flatMap((route) => {
    const params: Params = {};
    for (const { name, optional } of paramNames(route.path)) {
      const value = match.params[name];
      if (value !== undefined) params[name] = value;
      else if (!optional) return [];
    }
    return [{ path: route.path, title: route.title, params }];
  });
}

/** The title of the page at a pathname, or null when no route matches. */
export const pageTitle = (pathname: string): MessageDescriptor | null => matchRoute(normalize(pathname))?.route.title ?? null;
