import type { MessageDescriptor } from '@lingui/core';

/**
 * One route of spec §2, declared once. Menu, menu search, breadcrumbs, the login guard,
 * 403 handling, tab redirects and the server's permission catalog are all derived from these.
 */
export interface RouteDecl {
  /** Path under /v2, TanStack Router syntax: `$id` for a parameter, `{-$id}` for an optional one. */
  path: string;
  /** Translated title (menu, breadcrumbs, tab title). */
  title: MessageDescriptor;
  /**
   * Permission (menu key) needed to open it. Defaults to the derived `PC.<Segments>.View`;
   * `null` for pages everyone signed in may open.
   */
  perm?: string | null;
  /** Path of the parent page for breadcrumbs; defaults to the nearest declared ancestor. */
  parent?: string;
  /** A group route that opens its default child. */
  redirect?: string;
  /** Tabs of one page: an unpermitted tab redirects to the first permitted one of the group. */
  tabGroup?: string;
  /** Fallback when no tab of the group is permitted (otherwise 403). */
  tabFallback?: string;
  /** Shown in the menu. Defaults to true for pages without parameters that are not tabs or forms. */
  menu?: boolean;
  /** Remembers its filter state and pagination (spec §2). */
  rememberFilters?: boolean;
  /** Shown only when this warehouse feature flag (a key of FEATURE_FLAGS) is on. */
  flag?: string;
  /** The menu title while this warehouse feature flag is on (spec §2 Layout: Arriving & Pre-QC). */
  flagTitle?: { flag: string; title: MessageDescriptor };
  /** Skips the login guard (spec §2 skip list). */
  public?: boolean;
}
