import { describe, expect, it } from 'vitest';
import { msg } from '@lingui/core/macro';
import { actionPerm, alwaysAllowed, derivePerm, hrefOf, inMenu, pageActionPerm, permOf, routeActions, routePermissions } from './derive';
import type { RouteDecl } from './types';

const route = (path: string, more: Partial<RouteDecl> = {}): RouteDecl => ({ path, title: msg`Test`, ...more });

describe('action permissions of pages', () => {
  it('name what a page changes after its View: the verb in its place', () => {
    expect(pageActionPerm('/inbound/counting', 'Action')).toBe('PC.Inbound.Counting.Action');
    expect(pageActionPerm('/inbound/reprocess/{-$task_id}', 'Action')).toBe('PC.Inbound.Reprocess.Action');
    expect(pageActionPerm('/wmsbasic/stationManagement/recordSettings', 'Edit')).toBe('PC.WMSBasic.StationManagement.RecordSettings.Edit');
    expect(actionPerm('PC.Wmsconfig.Syncqueue.View', 'Action')).toBe('PC.Wmsconfig.Syncqueue.Action');
  });

  it('come only from a page opened by a View permission', () => {
    expect(() => pageActionPerm('/salesoutbound/order/create', 'Action')).toThrow(/View/);
    expect(() => routeActions([route('/wmsbasic/x', { perm: 'PC.WMSBasic.X', actions: { Edit: msg`Test` } })])).toThrow(/View/);
  });

  it('are listed with their page and label, as the page declares them', () => {
    const page = route('/inbound/counting', { actions: { Action: msg`Test`, Delete: msg`Test` } });
    expect(routeActions([route('/inbound/qc'), page]).map((a) => [a.route.path, a.verb, a.perm])).toEqual([
      ['/inbound/counting', 'Action', 'PC.Inbound.Counting.Action'],
      ['/inbound/counting', 'Delete', 'PC.Inbound.Counting.Delete'],
    ]);
  });
});

describe('derivePerm', () => {
  it('names a page PC.<Segments>.View', () => {
    expect(derivePerm('/inbound/order')).toBe('PC.Inbound.Order.View');
    expect(derivePerm('/inventorymap/zone_inventory_map')).toBe('PC.Inventorymap.ZoneInventoryMap.View');
    expect(derivePerm('/rulecenter/picking-dispatch')).toBe('PC.RuleCenter.PickingDispatch.View');
  });

  it('uses the spec §6 names of areas', () => {
    expect(derivePerm('/wmsbasic/supplier')).toBe('PC.WMSBasic.Supplier.View');
    expect(derivePerm('/inventorymanage/cc/ccorder')).toBe('PC.InventoryManagement.CycleCount.Ccorder.View');
    expect(derivePerm('/inventorymanage/fsc/fscorder')).toBe('PC.InventoryManagement.FullStockCount.Fscorder.View');
  });

  it('turns a trailing form segment into the verb of its page, ignoring parameters', () => {
    expect(derivePerm('/inbound/order/detail/$id')).toBe('PC.Inbound.Order.View');
    expect(derivePerm('/salesoutbound/order/create')).toBe('PC.Salesoutbound.Order.Create');
    expect(derivePerm('/wmsbasic/shop/$id/edit')).toBe('PC.WMSBasic.Shop.Edit');
    expect(derivePerm('/rulecenter/rulegroup/add')).toBe('PC.RuleCenter.Rulegroup.Create');
    expect(derivePerm('/mtoutbound/order/allocate/$orderNo')).toBe('PC.Mtoutbound.Order.Allocate');
    expect(derivePerm('/salesoutbound/waveLog/detail/$wave_sn/is_manual_wave={$is_manual_wave}')).toBe(
      'PC.Salesoutbound.WaveLog.View',
    );
  });

  it('reads …detail and camel-case form suffixes as the page they belong to', () => {
    expect(derivePerm('/returninbound/qctaskdetail')).toBe(derivePerm('/returninbound/qctask'));
    expect(derivePerm('/returninbound/liquidation/order-detail/$id')).toBe(derivePerm('/returninbound/liquidation/order'));
    expect(derivePerm('/returninbound/returnToSeller/cartonDetail')).toBe(derivePerm('/returninbound/returnToSeller/carton'));
    expect(derivePerm('/warehousemap/shelfCreate')).toBe('PC.Warehousemap.Shelf.Create');
  });

  it('does not mistake words ending in "view" for the verb', () => {
    expect(derivePerm('/dashboard/overview')).toBe('PC.Dashboard.Overview.View');
    expect(derivePerm('/dashboard/shiftoverview')).toBe('PC.Dashboard.Shiftoverview.View');
  });
});

describe('permOf', () => {
  it('takes the declared permission, including null', () => {
    expect(permOf(route('/regionOverview/overview', { perm: 'PC.Dashboard.RegionOverview' }))).toBe('PC.Dashboard.RegionOverview');
    expect(permOf(route('/home', { perm: null }))).toBeNull();
  });

  it('needs none for public pages, group routes and always-allowed paths', () => {
    expect(permOf(route('/login', { public: true }))).toBeNull();
    expect(permOf(route('/inbound', { redirect: '/inbound/order' }))).toBeNull();
    expect(permOf(route('/cctv-management/video'))).toBeNull();
  });
});

describe('inMenu', () => {
  it('lets an explicit menu flag win', () => {
    expect(inMenu(route('/mtoutbound/packing/edit/{-$packingId}', { menu: true }))).toBe(true);
    expect(inMenu(route('/rulecenter/pickingSkills', { menu: false }))).toBe(false);
  });

  it('hides pages with required parameters, form pages and tabs', () => {
    expect(inMenu(route('/inbound/reprocessorder/$id'))).toBe(false);
    expect(inMenu(route('/inbound/order/create'))).toBe(false);
    expect(inMenu(route('/inbound/trackingiddetail'))).toBe(false);
    expect(inMenu(route('/wmsbasic/shop/group', { tabGroup: 'shop' }))).toBe(false);
  });

  it('keeps operation screens whose parameters are optional', () => {
    expect(inMenu(route('/salesoutbound/picking/{-$pickup_id}'))).toBe(true);
    expect(hrefOf('/salesoutbound/picking/{-$pickup_id}')).toBe('/salesoutbound/picking');
    expect(inMenu(route('/inbound/order'))).toBe(true);
  });
});

describe('alwaysAllowed', () => {
  it('allows the spec §2 remote-module paths and the root only', () => {
    expect(alwaysAllowed('/')).toBe(true);
    expect(alwaysAllowed('/cctv-management/video')).toBe(true);
    expect(alwaysAllowed('/linehaul/hubLinehaulTrips')).toBe(true);
    expect(alwaysAllowed('/wms-dashboard/staff')).toBe(true);
    expect(alwaysAllowed('/inbound/order')).toBe(false);
  });
});

describe('routePermissions', () => {
  it('lists each needed permission once, sorted, without public pages', () => {
    const perms = routePermissions([
      route('/login', { public: true }),
      route('/inbound/order'),
      route('/inbound/order/detail/$id'),
      route('/home', { perm: null }),
      route('/inbound/asngroup'),
    ]);
    expect(perms).toEqual(['PC.Inbound.Asngroup.View', 'PC.Inbound.Order.View']);
  });
});
