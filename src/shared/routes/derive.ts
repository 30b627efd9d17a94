import type { MessageDescriptor } from '@lingui/core';
import type { PageVerb, RouteDecl } from './types';

/** A last segment that names a form or action page: it becomes the verb of the page above it. */
const FORM_VERBS: Record<string, string> = {
  create: 'Create',
  add: 'Create',
  edit: 'Edit',
  detail: 'View',
  view: 'View',
  allocate: 'Allocate',
  approve: 'Approve',
};

/** Segments whose name in spec §6 codes differs from the path (PC.WMSBasic…, PC.InventoryManagement.CycleCount…). */
const CODE_NAMES: Record<string, string> = {
  wmsbasic: 'WMSBasic',
  inventorymanage: 'InventoryManagement',
  rulecenter: 'RuleCenter',
  cc: 'CycleCount',
  fsc: 'FullStockCount',
};

export const pascal = (segment: string) =>
  CODE_NAMES[segment] ?? segment.replace(/(^|[-_])([a-zA-Z0-9])/g, (_m, _sep, ch: string) => ch.toUpperCase());

/**
 * The permission of a Storage Area Setting tab (spec §6 PC.WMSBasic.StorageAreaSetting.*, ten
 * pages), or of an action on it: <Tab> is the path segment as `pascal` writes it (Whsplanning,
 * Zonecluster, LogicArea), and form pages and actions add their verb (….Zone.Create).
 */
export const storageAreaPerm = (tab: string, verb?: 'Create' | 'Edit' | 'Delete') =>
  ['PC.WMSBasic.StorageAreaSetting', pascal(tab), ...(verb ? [verb] : [])].join('.');

/** `$id`, `{-$id}` and affixed parameters such as `is_manual_wave={$is_manual_wave}`. */
export const isParam = (segment: string) => segment.includes('$');
const isOptionalParam = (segment: string) => segment.includes('{-$');

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/**
 * The verb a segment names, and the page it acts on: `create`, `edit`, `detail`, `view`, `add`,
 * `allocate`, `approve`; a `…detail` suffix (`qctaskdetail`, `order-detail`, `cartonDetail`) is
 * the detail of `…`; a camel-case `…Create`/`…Edit`/`…View` suffix (`shelfCreate`) likewise.
 */
export function formVerbOf(segment: string): { verb: string; stem: string | null } | undefined {
  const whole = FORM_VERBS[segment.toLowerCase()];
  if (whole) return { verb: whole, stem: null };
  const detail = /^(.+?)[-_]?detail$/i.exec(segment);
  if (detail?.[1]) return { verb: 'View', stem: detail[1] };
  const camel = /^(.*[a-z0-9])(Create|Edit|View)$/.exec(segment);
  if (camel?.[1] && camel[2]) return { verb: camel[2], stem: camel[1] };
  return undefined;
}

/**
 * The permission name of a route (spec §6: PC.…View/Edit/Create style). Parameters are
 * dropped; a trailing form segment becomes the verb of the page it belongs to, so a detail
 * page shares its list's View permission.
 */
export function derivePerm(path: string): string {
  const segments = segmentsOf(path).filter((s) => !isParam(s));
  const last = segments.at(-1);
  const form = last === undefined ? undefined : formVerbOf(last);
  const stem = form ? [...segments.slice(0, -1), ...(form.stem ? [form.stem] : [])] : segments;
  return ['PC', ...stem.map(pascal), form?.verb ?? 'View'].join('.');
}

/**
 * Spec §2 Access: pages that are always allowed whatever the permission list says (remote
 * modules and callbacks), and the root path.
 */
const ALWAYS_ALLOWED_PARTS = [
  'react-demo',
  'login_callback',
  'cctv-management',
  'hubLinehaulTrips',
  'wms-labormanagement',
  'wms-dashboard',
  'workforce',
];
export const alwaysAllowed = (pathname: string) =>
  pathname === '/' || pathname === '' || ALWAYS_ALLOWED_PARTS.some((part) => pathname.includes(part));

/**
 * The permission a route needs: its own `perm`, else none for group routes (they open a child,
 * which is checked) and always-allowed paths, else the derived one.
 */
export function permOf(route: RouteDecl): string | null {
  if (route.perm !== undefined) return route.perm;
  if (route.public || route.redirect || alwaysAllowed(route.path)) return null;
  return derivePerm(route.path);
}

/**
 * The permission of something a page changes: the page's View permission with the verb in its
 * place, as spec §6 names them (PC.Inbound.Counting.Action, PC.WMSBasic.StationManagement.RecordSettings.Edit).
 */
export function actionPerm(viewPerm: string, verb: PageVerb): string {
  if (!viewPerm.endsWith('.View')) throw new Error(`${viewPerm}: only a page opened by a View permission has actions`);
  return `${viewPerm.slice(0, -'View'.length)}${verb}`;
}

/**
 * The permission of something the page at `path` changes, derived as its View is: what endpoints
 * and offline ops name. The page declares it in its `actions` (the route manifest), which gives it
 * its label on Role Detail; the security matrix checks every permission named exists.
 */
export const pageActionPerm = (path: string, verb: PageVerb): string => actionPerm(derivePerm(path), verb);

/** A permission a page declares in `actions`. */
export interface PageAction {
  route: RouteDecl;
  verb: PageVerb;
  perm: string;
  title: MessageDescriptor;
}

/** Every permission pages declare in `actions`, in manifest order. */
export function routeActions(routes: readonly RouteDecl[]): PageAction[] {
  return routes.flatMap((route) => Object.entries(route.actions ?? {}).map(([verb, title]) => ({
    route, verb: verb as PageVerb, perm: actionPerm(permOf(route) ?? route.path, verb as PageVerb), title,
  })));
}

export const hasParams = (path: string) => segmentsOf(path).some(isParam);
export const hasRequiredParams = (path: string) => segmentsOf(path).some((s) => isParam(s) && !isOptionalParam(s));

/** The path without its optional parameters: what a link to the page without them points at. */
export const hrefOf = (path: string) => '/' + segmentsOf(path).filter((s) => !isOptionalParam(s)).join('/');

/** The last segment that is not a parameter. */
export const lastStaticSegment = (path: string) => segmentsOf(path).filter((s) => !isParam(s)).at(-1) ?? '';

/**
 * Shown in the menu: an explicit `menu` wins; otherwise pages with required parameters, form
 * pages (create/edit/detail/view…) and tabs (reached through their page) are not.
 * Optional parameters do not hide a page: operation screens such as picking/{pickup_id?} open
 * from the menu without them.
 */
export function inMenu(route: RouteDecl): boolean {
  if (route.menu !== undefined) return route.menu;
  if (route.public || route.tabGroup || hasRequiredParams(route.path)) return false;
  return formVerbOf(lastStaticSegment(route.path)) === undefined;
}

/** Every permission name routes need, sorted: the menu part of the permission catalog. */
export function routePermissions(routes: readonly RouteDecl[]): string[] {
  const set = new Set<string>();
  for (const r of routes) {
    const p = permOf(r);
    if (p && !r.public) set.add(p);
  }
  return [...set].sort();
}
