import { describe, expect, it } from 'vitest';
import { FEATURE_FLAGS } from '../permissions';
import { RESOURCES } from '../resources/registry';
import { formVerbOf, hasRequiredParams, inMenu, isParam, lastStaticSegment, permOf, routePermissions } from './derive';
import { ROUTES } from './manifest';
import { SHELL_ROUTES } from './shell.routes';
import type { RouteDecl } from './types';

const byPath = new Map(ROUTES.map((r) => [r.path, r]));
const at = (path: string) => {
  const route = byPath.get(path);
  if (!route) throw new Error(`not declared: ${path}`);
  return route;
};

/** A page that shows one record (a View page with an id or a detail/view segment): it shares its list's permission. */
const isDetailPage = (route: RouteDecl) =>
  !route.public &&
  Boolean(permOf(route)?.endsWith('.View')) &&
  (hasRequiredParams(route.path) || formVerbOf(lastStaticSegment(route.path))?.verb === 'View');

describe('route manifest', () => {
  it('declares the public pages in shell.routes.ts (what the sign-in page knows of the manifest: app/routes/page-title.ts)', () => {
    expect(ROUTES.filter((r) => r.public)).toEqual(SHELL_ROUTES.filter((r) => r.public));
  });

  it('declares each path once (case-insensitively, as the router matches)', () => {
    const seen = new Set<string>();
    const duplicates = ROUTES.map((r) => r.path.toLowerCase()).filter((p) => seen.has(p) || !seen.add(p));
    expect(duplicates).toEqual([]);
  });

  it('declares every area of spec §2 as a group route', () => {
    const areas = [
      '/inbound', '/salesoutbound', '/mtoutbound', '/rtsoutbound', '/transfer', '/consumables', '/returninbound',
      '/moveinbound', '/inventorymanage', '/inventorymap', '/exceptioncenter', '/labormanagement', '/wk',
      '/controlmanagement', '/warehousemap', '/query', '/devicemanagement', '/cctv-management', '/linehaul', '/wes',
      '/wmsconfig', '/reportcenter', '/user', '/dashboard', '/dashboardTvNew', '/rulecenter', '/wmsbasic',
    ];
    for (const area of areas) expect(at(area).redirect, area).toBeTruthy();
    expect(at('/regionOverview/overview')).toBeTruthy();
  });

  it('opens the default child the spec names', () => {
    expect(at('/inbound').redirect).toBe('/inbound/order');
    expect(at('/salesoutbound').redirect).toBe('/salesoutbound/order');
    expect(at('/salesoutbound/task').redirect).toBe('/salesoutbound/task/subPicking');
    expect(at('/returninbound').redirect).toBe('/returninbound/order');
    expect(at('/inventorymap').redirect).toBe('/inventorymap/historical');
    expect(at('/dashboard').redirect).toBe('/dashboard/tasktracking');
    expect(at('/rulecenter').redirect).toBe('/rulecenter/rulegroup');
    expect(at('/wmsbasic').redirect).toBe('/wmsbasic/warehouse');
    expect(at('/rulecenter/boxing-rule').redirect).toBe('/rulecenter/boxing-rule/replenishment-reverse');
    expect(at('/rulecenter/replenishReverse').redirect).toBe('/rulecenter/replenishReverse/demandPoolConfig');
    for (const r of ROUTES) if (r.redirect) expect(byPath.has(r.redirect), r.path).toBe(true);
  });

  it('declares the public pages of the skip list, outside the menu', () => {
    const publicPaths = ROUTES.filter((r) => r.public).map((r) => r.path);
    expect(publicPaths.sort()).toEqual(
      ['/login', '/google/login', '/tob/login', '/tob/callback', '/forget', '/reset', '/resetSuccess', '/403', '/404'].sort(),
    );
    expect(ROUTES.filter((r) => r.public).every((r) => !inMenu(r))).toBe(true);
    expect(permOf(at('/home'))).toBeNull();
    expect(at('/scanner-check')).toMatchObject({ perm: null, menu: false });
  });

  it('derives permissions from paths and keeps the codes spec §6 names', () => {
    expect(permOf(at('/inbound/order'))).toBe('PC.Inbound.Order.View');
    expect(permOf(at('/inbound/order/detail/$id'))).toBe('PC.Inbound.Order.View');
    // The SKU edit page (the spec's path names no verb) needs the SKU Edit permission, not the list's View.
    expect(permOf(at('/wmsbasic/skuitems/$sku_id'))).toBe('PC.WMSBasic.Skuitems.Edit');
    expect(permOf(at('/wmsbasic/zonecluster'))).toBe('PC.WMSBasic.StorageAreaSetting.Zonecluster');
    expect(permOf(at('/wmsbasic/zone/create'))).toBe('PC.WMSBasic.StorageAreaSetting.Zone.Create');
    expect(permOf(at('/regionOverview/overview'))).toBe('PC.Dashboard.RegionOverview');
    const storageAreaPages = ['whsplanning', 'zonecluster', 'park', 'zone', 'pathway', 'cell', 'outboundStagingLocation', 'rtStagingLocation', 'storey', 'logicArea'];
    for (const tab of storageAreaPages) expect(permOf(at(`/wmsbasic/${tab}`))).toMatch(/^PC\.WMSBasic\.StorageAreaSetting\.[A-Z][A-Za-z]+$/);
  });

  it('gives every detail page the permission of a list page', () => {
    const nonDetailPerms = new Set(ROUTES.filter((r) => !isDetailPage(r)).map(permOf));
    const orphans = ROUTES.filter((r) => isDetailPage(r) && !nonDetailPerms.has(permOf(r))).map((r) => r.path);
    expect(orphans).toEqual([]);
  });

  it('never lets two menu pages share a permission by accident', () => {
    const owners = new Map<string, string[]>();
    for (const r of ROUTES) {
      const perm = permOf(r);
      if (perm && inMenu(r)) owners.set(perm, [...(owners.get(perm) ?? []), r.path]);
    }
    // One arrival screen serves inbound and MT inbound ASNs (the spec §7 trarrival calls): its two pages share on purpose.
    // So do the QC, receiving and putaway screens, which also serve a return's re-inbound units.
    const onPurpose = [
      ['/inbound/arriving', '/moveinbound/move/arrving'], ['/inbound/qc', '/moveinbound/mtqc'],
      ['/inbound/receiving', '/moveinbound/mtreceiving', '/returninbound/rimassreceive'],
      ['/inbound/standardputaway', '/moveinbound/mtstandardputaway', '/returninbound/ristandardputaway'],
      ['/inbound/massputaway', '/moveinbound/mtmassputaway', '/returninbound/rimassputaway'],
    ].map((paths) => [...paths].sort().join());
    expect([...owners.values()].filter((paths) => paths.length > 1 && !onPurpose.includes([...paths].sort().join()))).toEqual([]);
    expect(routePermissions(ROUTES).length).toBeGreaterThan(300);
  });

  it('names only feature flags that exist, and flags every page under a flagged one', () => {
    for (const r of ROUTES) if (r.flag) expect(Object.keys(FEATURE_FLAGS), r.path).toContain(r.flag);
    for (const r of ROUTES) if (r.flagTitle) expect(Object.keys(FEATURE_FLAGS), r.path).toContain(r.flagTitle.flag);
    for (const flagged of ROUTES.filter((r) => r.flag)) {
      const below = ROUTES.filter((r) => r.path.startsWith(flagged.path + '/'));
      for (const r of below) expect(r.flag, r.path).toBe(flagged.flag);
    }
    expect(at('/wmsbasic/whsplanning').flag).toBe('fulfilChain');
    expect(at('/rulecenter/zoneColorConfig').flag).toBe('zoneByColor');
    expect(at('/dashboard/configuration').flag).toBe('dashboardConfiguration');
    expect(at('/inbound/parcelCounting').flag).toBe('parcelCounting');
    expect(at('/inbound/inboundParcelCountingTask').flag).toBe('parcelCounting');
  });

  it('keeps tab groups consistent: one fallback, declared, inside the group', () => {
    const groups = new Map<string, Set<string | undefined>>();
    for (const r of ROUTES) if (r.tabGroup) groups.set(r.tabGroup, (groups.get(r.tabGroup) ?? new Set()).add(r.tabFallback));
    for (const [group, fallbacks] of groups) {
      expect(fallbacks.size, group).toBe(1);
      const [fallback] = fallbacks;
      if (fallback) expect(at(fallback).tabGroup).toBe(group);
    }
    const storageTabs = ROUTES.filter((r) => r.tabGroup === 'storageAreaSetting').map((r) => r.path);
    expect(storageTabs).toHaveLength(11);
    expect(at('/wmsbasic/park').tabFallback).toBe('/wmsbasic/zonecluster');
  });

  it('remembers filters on the list pages the spec names', () => {
    for (const path of ['/wmsbasic/supplier', '/wmsbasic/shop/group', '/wmsbasic/skuitems', '/wmsbasic/pathway', '/wmsbasic/cell', '/wmsbasic/dockmanagement', '/inbound/order']) {
      expect(at(path).rememberFilters, path).toBe(true);
    }
  });

  it('hides the rule center operator skill pages from the menu', () => {
    for (const path of ['/rulecenter/pickingSkills', '/rulecenter/flowPickingSkills', '/rulecenter/pickingSkills/edit/$user_id']) {
      expect(inMenu(at(path)), path).toBe(false);
    }
  });

  it('holds every page a registered resource declares (a missing one would never exist)', () => {
    const missing = RESOURCES.flatMap((def) => Object.entries(def.pages ?? {})
      .filter(([, path]) => !byPath.has(path))
      .map(([kind, path]) => `${def.name} ${kind} page ${path}`));
    expect(missing).toEqual([]);
    // A record's page takes its key from its one path parameter, or from the query string; a create
    // page has no record, so its parameters (the spec's presets, such as a return's reason) are free.
    const twoParams = RESOURCES.flatMap((def) => Object.entries(def.pages ?? {})
      .filter(([kind, path]) => kind !== 'create' && path.split('/').filter(isParam).length > 1).map(([, path]) => path));
    expect(twoParams).toEqual([]);
  });

  it('has compiled, short titles', () => {
    for (const r of ROUTES) {
      expect(r.title.id, r.path).toBeTruthy();
      if (inMenu(r)) expect((r.title.message ?? '').length, r.path).toBeLessThanOrEqual(30);
    }
  });
});
