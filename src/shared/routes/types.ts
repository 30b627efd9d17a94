import type { MessageDescriptor } from '@lingui/core';

/**
 * The verb of a permission to change something on a page (spec §6 PC.…Edit/Create/Delete/Action):
 * `Action` for the work of an operation screen, `Edit`/`Create`/`Delete` for an administrator's changes.
 */
export type PageVerb = 'Action' | 'Edit' | 'Create' | 'Delete';

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
  /**
   * What the page changes, each with a permission of its own beside the one that opens it, and its
   * label on Role Detail: `PC.<Page>.<Verb>` (derive.ts `actionPermOf`). Opening a page never
   * lets one change anything.
   */
  actions?: Partial<Record<PageVerb, MessageDescriptor>>;
  /** Skips the login guard (spec §2 skip list). */
  public?: boolean;
}
