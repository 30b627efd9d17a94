import { describe, expect, it } from 'vitest';
import type { MessageDescriptor } from '@lingui/core';
import { ROUTES } from '../../shared/routes/manifest';
import { derivePerm, inMenu } from '../../shared/routes/derive';
import {
  ALWAYS_ALLOWED,
  breadcrumbs,
  buildMenu,
  canOpen,
  flattenMenu,
  matchRoute,
  pageTitle,
  parentOf,
  resolveAccess,
  searchMenu,
  type AccessState,
  type MenuNode,
} from './access';

const state = (perms: string[], isBuilt: (path: string) => boolean = () => true, flags: string[] = []): AccessState => ({
  perms: new Set(perms),
  flags: new Set(flags),
  isBuilt,
});
const builtOnly = (...paths: string[]) => (path: string) => paths.includes(path);
const route = (path: string) => ROUTES.find((r) => r.path === path)!;
const text = (d: MessageDescriptor) => d.message ?? d.id;
const storage = (tab: string) => `PC.WMSBasic.StorageAreaSetting.${tab}`;

describe('matchRoute', () => {
  it('matches declared paths with parameters, ignoring a trailing slash', () => {
    expect(matchRoute('/inbound/order/')?.route.path).toBe('/inbound/order');
    expect(matchRoute('/inbound/order/detail/ASN%2042')).toMatchObject({
      route: { path: '/inbound/order/detail/$id' },
      params: { id: 'ASN 42' },
    });
    expect(matchRoute('/salesoutbound/waveLog/detail/W7/is_manual_wave=1')?.params).toEqual({ wave_sn: 'W7', is_manual_wave: '1' });
  });

  it('prefers static segments to parameters', () => {
    expect(matchRoute('/wmsbasic/skuitems/detail/9')?.route.path).toBe('/wmsbasic/skuitems/detail/$sku_id');
    expect(matchRoute('/wmsbasic/skuitems/9')?.route.path).toBe('/wmsbasic/skuitems/$sku_id');
    expect(matchRoute('/inventorymanage/fsc/fsctask/count')?.route.path).toBe('/inventorymanage/fsc/fsctask/count');
    expect(matchRoute('/inventorymanage/fsc/fsctask/T1')?.params).toEqual({ task_id: 'T1' });
  });

  it('lets optional parameters be absent', () => {
    expect(matchRoute('/salesoutbound/picking')).toMatchObject({ route: { path: '/salesoutbound/picking/{-$pickup_id}' }, params: {} });
    expect(matchRoute('/salesoutbound/picking/P9')?.params).toEqual({ pickup_id: 'P9' });
    expect(matchRoute('/mtoutbound/packing/edit/PK1')?.params).toEqual({ packingId: 'PK1' });
    expect(matchRoute('/mtoutbound/packing/edit/PK1/PL2')?.params).toEqual({ packingId: 'PK1', palletId: 'PL2' });
    expect(matchRoute('/exceptioncenter/rttroubleshoot/progress/E1')?.params).toEqual({ exception_id: 'E1' });
  });

  it('keeps the spec spelling of segments', () => {
    for (const path of ['/returninbound/arrving', '/inbound/inboundParcelCountingTask', '/inventorymap/instransitInventoryMap', '/moveinbound/move/arrving']) {
      expect(matchRoute(path)?.route.path).toBe(path);
    }
  });

  it('finds nothing for unknown paths', () => {
    expect(matchRoute('/inbound/nothing-here')).toBeNull();
    expect(matchRoute('/inbound/order/detail')).toBeNull();
  });
});

describe('ALWAYS_ALLOWED and canOpen', () => {
  it('always allows the remote-module paths of spec §2 and the root', () => {
    expect(ALWAYS_ALLOWED('/')).toBe(true);
    expect(ALWAYS_ALLOWED('/workforce/roster')).toBe(true);
    expect(ALWAYS_ALLOWED('/inbound/order')).toBe(false);
    expect(canOpen(route('/cctv-management/video'), state([]))).toBe(true);
  });

  it('opens public pages, needs the flag on and the permission held', () => {
    expect(canOpen(route('/login'), state([]))).toBe(true);
    expect(canOpen(route('/home'), state([]))).toBe(true);
    expect(canOpen(route('/inbound/order'), state([]))).toBe(false);
    expect(canOpen(route('/inbound/order'), state(['PC.Inbound.Order.View']))).toBe(true);
    const parcel = route('/inbound/parcelCounting');
    expect(canOpen(parcel, state(['PC.Inbound.ParcelCounting.View']))).toBe(false);
    expect(canOpen(parcel, state(['PC.Inbound.ParcelCounting.View'], undefined, ['parcelCounting']))).toBe(true);
  });
});

describe('resolveAccess', () => {
  it('sends / to /home', () => {
    expect(resolveAccess('/', state([]))).toEqual({ kind: 'redirect', to: '/home' });
  });

  it('opens a permitted, built page with its parameters', () => {
    const access = resolveAccess('/inbound/order/detail/42', state(['PC.Inbound.Order.View']));
    expect(access).toMatchObject({ kind: 'ok', route: { path: '/inbound/order/detail/$id' }, params: { id: '42' } });
    expect(resolveAccess('/login', state([], () => false)).kind).toBe('ok');
  });

  it('opens a group on its default child, else on the first child the user may open', () => {
    expect(resolveAccess('/inbound', state(['PC.Inbound.Order.View', 'PC.Inbound.Qctask.View']))).toEqual({ kind: 'redirect', to: '/inbound/order' });
    expect(resolveAccess('/inbound/', state(['PC.Inbound.Qctask.View']))).toEqual({ kind: 'redirect', to: '/inbound/qctask' });
    expect(resolveAccess('/inbound', state(['PC.Inbound.Order.View', 'PC.Inbound.Qctask.View'], builtOnly('/inbound/qctask')))).toEqual({
      kind: 'redirect',
      to: '/inbound/qctask',
    });
  });

  it('lands nested groups directly on a page', () => {
    const perms = ['PC.InventoryManagement.CycleCount.Cctask.View'];
    expect(resolveAccess('/inventorymanage', state(perms))).toEqual({ kind: 'redirect', to: '/inventorymanage/cc/cctask' });
  });

  it('answers 403 for a group with nothing permitted, 404 when the permitted pages are not built', () => {
    expect(resolveAccess('/inbound', state([]))).toEqual({ kind: 'forbidden' });
    expect(resolveAccess('/inbound', state(['PC.Inbound.Order.View'], () => false))).toEqual({ kind: 'notFound' });
  });

  it('redirects an unpermitted storage-area tab to the first permitted tab', () => {
    const perms = [storage('Cell'), storage('Park')];
    expect(resolveAccess('/wmsbasic/zone', state(perms))).toEqual({ kind: 'redirect', to: '/wmsbasic/park' });
    expect(resolveAccess('/wmsbasic/zone', state(perms, builtOnly('/wmsbasic/cell')))).toEqual({ kind: 'redirect', to: '/wmsbasic/cell' });
    expect(resolveAccess('/wmsbasic/storageAreaSetting', state(perms))).toEqual({ kind: 'redirect', to: '/wmsbasic/park' });
  });

  it('opens whsplanning first only when the fulfilment chain is on', () => {
    const perms = [storage('Whsplanning'), storage('Zonecluster')];
    expect(resolveAccess('/wmsbasic/storageAreaSetting', state(perms))).toEqual({ kind: 'redirect', to: '/wmsbasic/zonecluster' });
    expect(resolveAccess('/wmsbasic/storageAreaSetting', state(perms, undefined, ['fulfilChain']))).toEqual({
      kind: 'redirect',
      to: '/wmsbasic/whsplanning',
    });
  });

  it('falls back to zonecluster, else answers 403', () => {
    // zonecluster is permitted but no permitted tab has a screen yet: the fallback still applies.
    expect(resolveAccess('/wmsbasic/park', state([storage('Zonecluster')], builtOnly('/wmsbasic/park')))).toEqual({
      kind: 'redirect',
      to: '/wmsbasic/zonecluster',
    });
    expect(resolveAccess('/wmsbasic/park', state([]))).toEqual({ kind: 'forbidden' });
    expect(resolveAccess('/wmsbasic/zonecluster', state([]))).toEqual({ kind: 'forbidden' });
  });

  it('redirects between the tabs of other tabbed pages', () => {
    expect(resolveAccess('/wmsbasic/shop', state([derivePerm('/wmsbasic/shop/group')]))).toEqual({ kind: 'redirect', to: '/wmsbasic/shop/group' });
  });

  it('answers 403 for an unpermitted page outside tab groups', () => {
    expect(resolveAccess('/inbound/order', state(['PC.Inbound.Qctask.View']))).toEqual({ kind: 'forbidden' });
  });

  it('opens the SKU edit page only with the SKU Edit permission: the list\'s View opens the list and details', () => {
    const viewer = state([derivePerm('/wmsbasic/skuitems')]);
    expect(resolveAccess('/wmsbasic/skuitems/SKU1', viewer)).toEqual({ kind: 'forbidden' });
    expect(resolveAccess('/wmsbasic/skuitems/detail/SKU1', viewer).kind).toBe('ok');
    expect(resolveAccess('/wmsbasic/skuitems/SKU1', state([derivePerm('/wmsbasic/skuitems'), 'PC.WMSBasic.Skuitems.Edit'])).kind).toBe('ok');
  });

  it('answers 404 for unbuilt, unknown and flagged-off pages', () => {
    const perms = ['PC.Inbound.Order.View', 'PC.Inbound.ParcelCounting.View'];
    expect(resolveAccess('/inbound/order', state(perms, () => false))).toEqual({ kind: 'notFound' });
    expect(resolveAccess('/no/such/page', state(perms))).toEqual({ kind: 'notFound' });
    expect(resolveAccess('/inbound/parcelCounting', state(perms))).toEqual({ kind: 'notFound' });
    expect(resolveAccess('/inbound/parcelCounting', state(perms, undefined, ['parcelCounting'])).kind).toBe('ok');
  });
});

describe('route tree', () => {
  it('puts the areas at the top and every group default among its children', () => {
    const top = ROUTES.filter((r) => !r.public && !parentOf(r)).map((r) => r.path);
    expect(top.slice(0, 3)).toEqual(['/home', '/scanner-check', '/inbound']);
    expect(top).toContain('/wmsbasic');
    expect(top).not.toContain('/dashboardTvNew');
    for (const r of ROUTES.filter((x) => x.redirect)) expect(parentOf(route(r.redirect!))?.path, r.path).toBe(r.path);
  });

  it('makes menu groups only of group routes, so no page hides behind its children', () => {
    const withMenuChildren = ROUTES.filter((r) => ROUTES.some((c) => parentOf(c) === r && inMenu(c)));
    expect(withMenuChildren.filter((r) => !r.redirect).map((r) => r.path)).toEqual([]);
  });

  it('declares every explicit parent', () => {
    for (const r of ROUTES) if (r.parent) expect(parentOf(r)?.path, r.path).toBe(r.parent);
  });
});

describe('menu', () => {
  const everything = state([...new Set(ROUTES.map((r) => derivePerm(r.path)))]);

  it('shows built, permitted pages under their area, /home first', () => {
    const menu = buildMenu(state(['PC.Inbound.Order.View', 'PC.Inbound.Qctask.View'], builtOnly('/home', '/inbound/order', '/inbound/qctask')));
    expect(menu.map((n) => n.path)).toEqual(['/home', '/inbound']);
    expect(menu[1]?.children.map((n) => n.path)).toEqual(['/inbound/order', '/inbound/qctask']);
  });

  it('hides unbuilt and unpermitted pages and the groups left empty', () => {
    const menu = buildMenu(state(['PC.Inbound.Order.View'], builtOnly('/inbound/qctask', '/salesoutbound/order')));
    expect(menu).toEqual([]);
  });

  it('never lists pages hidden from the menu', () => {
    const paths = flattenMenu(buildMenu(everything)).map((e) => e.path);
    expect(paths).not.toContain('/inbound/order/detail/$id');
    expect(paths).not.toContain('/rulecenter/pickingSkills');
    expect(paths).toContain('/salesoutbound/picking');
  });

  it('shows a tabbed page once, when any of its tabs can be opened', () => {
    const storageOnly = state([storage('Cell')], builtOnly('/wmsbasic/cell'));
    expect(buildMenu(storageOnly)).toEqual([
      { path: '/wmsbasic', title: route('/wmsbasic').title, children: [{ path: '/wmsbasic/storageAreaSetting', title: route('/wmsbasic/storageAreaSetting').title, children: [] }] },
    ]);
    const shopGroupOnly = state([derivePerm('/wmsbasic/shop/group')], builtOnly('/wmsbasic/shop', '/wmsbasic/shop/group'));
    expect(flattenMenu(buildMenu(shopGroupOnly)).map((e) => e.path)).toEqual(['/wmsbasic/shop']);
  });

  it('hides pages whose feature flag is off', () => {
    const perms = ['PC.Dashboard.Configuration.View', 'PC.Dashboard.Overview.View'];
    const built = builtOnly('/dashboard/overview', '/dashboard/configuration');
    expect(flattenMenu(buildMenu(state(perms, built))).map((e) => e.path)).toEqual(['/dashboard/overview']);
    expect(flattenMenu(buildMenu(state(perms, built, ['dashboardConfiguration']))).map((e) => e.path)).toEqual([
      '/dashboard/overview',
      '/dashboard/configuration',
    ]);
  });

  it('titles the MT arriving page Arriving & Pre-QC while the scan-MTB setting is on (spec §2 Layout)', () => {
    const arriving = [derivePerm('/inbound/arriving')];
    const built = builtOnly('/moveinbound/move/arrving');
    const titleIn = (flags: string[]) => flattenMenu(buildMenu(state(arriving, built, flags))).map((e) => text(e.title));
    expect(titleIn([])).toEqual(['Arriving']);
    expect(titleIn(['scanMtb'])).toEqual(['Arriving & Pre-QC']);
  });
});

describe('menu search', () => {
  const nodes: MenuNode[] = buildMenu(
    state(['PC.Inbound.Order.View', 'PC.Inbound.Qc.View', 'PC.InventoryManagement.CycleCount.Cctask.View']),
  );
  const entries = flattenMenu(nodes);
  const upper = (d: MessageDescriptor) => text(d).toUpperCase();

  it('carries the titles of the groups above each page', () => {
    const cctask = entries.find((e) => e.path === '/inventorymanage/cc/cctask');
    expect(cctask?.trail.map(text)).toEqual(['Inventory Management', 'Cycle Count']);
  });

  it('needs at least 2 characters after trimming', () => {
    expect(searchMenu(entries, '', upper)).toEqual([]);
    expect(searchMenu(entries, ' q ', upper)).toEqual([]);
    // Move Transfer Inbound's QC is the inbound QC screen, with its permission.
    expect(searchMenu(entries, 'qc', upper).map((e) => e.path)).toEqual(['/inbound/qc', '/moveinbound/mtqc']);
  });

  it('matches translated titles case-insensitively, ancestors included', () => {
    expect(searchMenu(entries, 'asn LIST', upper).map((e) => e.path)).toEqual(['/inbound/order']);
    expect(searchMenu(entries, 'inbou', upper).map((e) => e.path)).toEqual(['/inbound/order', '/inbound/qc', '/moveinbound/mtqc']);
    const french = (d: MessageDescriptor) => (text(d) === 'ASN List' ? 'Liste des ASN' : text(d));
    expect(searchMenu(entries, 'liste', french).map((e) => e.path)).toEqual(['/inbound/order']);
  });
});

describe('breadcrumbs and titles', () => {
  it('leads from the area to a detail page, parameters carried along', () => {
    expect(breadcrumbs('/inbound/order/detail/42').map((b) => [b.path, text(b.title), b.params])).toEqual([
      ['/inbound', 'Inbound', {}],
      ['/inbound/order', 'ASN List', {}],
      ['/inbound/order/detail/$id', 'ASN Detail', { id: '42' }],
    ]);
    expect(breadcrumbs('/inventorymanage/cc/difforder/D7/approve').slice(-2).map((b) => [b.path, b.params])).toEqual([
      ['/inventorymanage/cc/difforder/$order_id', { order_id: 'D7' }],
      ['/inventorymanage/cc/difforder/$order_id/approve', { order_id: 'D7' }],
    ]);
  });

  it('uses declared parents and …detail siblings', () => {
    expect(breadcrumbs('/wmsbasic/zone/detail').map((b) => b.path)).toEqual([
      '/wmsbasic',
      '/wmsbasic/storageAreaSetting',
      '/wmsbasic/zone',
      '/wmsbasic/zone/detail',
    ]);
    expect(breadcrumbs('/returninbound/qctaskdetail').map((b) => b.path)).toEqual([
      '/returninbound',
      '/returninbound/qctask',
      '/returninbound/qctaskdetail',
    ]);
    expect(breadcrumbs('/nowhere')).toEqual([]);
  });

  it('gives the page title of a path', () => {
    expect(text(pageTitle('/inventorymap/onhand')!)).toBe('On-hand Inventory Map');
    expect(text(pageTitle('/salesoutbound/waveplan/')!)).toBe('Wave Plan');
    expect(pageTitle('/nowhere')).toBeNull();
  });
});
