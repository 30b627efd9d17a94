import { describe, expect, test } from 'vitest';
import { ALL_PERMISSIONS } from '../../../shared/permissions';
import { countPermissions, filterTree, permissionTree, permissionsUnder, type PermissionNode } from './permission-tree';

const collect = (nodes: readonly PermissionNode[], out = new Set<string>()) => {
  for (const n of nodes) {
    if (n.perm) out.add(n.perm);
    collect(n.children, out);
  }
  return out;
};

describe('permission tree', () => {
  const { pages, actions } = permissionTree();

  test('holds every permission of the catalog, pages and actions, and nothing else', () => {
    const inTree = collect([...pages, ...actions]);
    expect([...inTree].sort()).toEqual([...ALL_PERMISSIONS]);
  });

  test('pages sit under their area: the ASN list is inside Inbound', () => {
    const inbound = pages.find((n) => n.key === '/inbound');
    expect(inbound).toBeDefined();
    expect(collect(inbound!.children).has('PC.Inbound.Order.View')).toBe(true);
  });

  test('what a page changes sits under the page: its declared actions, and action permissions named after it', () => {
    const find = (nodes: readonly PermissionNode[], key: string): PermissionNode | undefined => {
      for (const n of nodes) {
        const hit = n.key === key ? n : find(n.children, key);
        if (hit) return hit;
      }
      return undefined;
    };
    const under = (page: string) => find(pages, page)!.children.map((n) => n.perm);
    expect(under('/inbound/counting')).toContain('PC.Inbound.Counting.Action');
    expect(under('/wmsconfig/syncqueue')).toContain('PC.Wmsconfig.Syncqueue.Action');
    expect(under('/wmsbasic/stationManagement/recordSettings')).toContain('PC.WMSBasic.StationManagement.RecordSettings.Edit');
    expect(under('/wmsbasic/skuitems')).toContain('PC.WMSBasic.Skuitems.Edit');
    expect(under('/inbound/order')).toEqual(expect.arrayContaining(['PC.Inbound.Order.Cancel', 'PC.Inbound.Order.Edit']));
    expect(under('/wmsconfig/userlist')).toContain('PC.Wmsconfig.Userlist.ResetPassword');
    expect(under('/wmsbasic/storey')).toEqual(expect.arrayContaining(['PC.WMSBasic.StorageAreaSetting.Storey.Delete']));
    // Only what belongs to no page stays in the actions group.
    expect(actions.map((n) => n.perm)).toContain('PC.Scan.ManualInput');
    expect(actions.map((n) => n.perm)).not.toContain('PC.Inbound.Order.Cancel');
  });

  test('public pages are not in the catalog', () => {
    const keys = new Set<string>();
    const walk = (ns: readonly PermissionNode[]) => ns.forEach((n) => (keys.add(n.key), walk(n.children)));
    walk(pages);
    expect(keys.has('/login')).toBe(false);
    expect(keys.has('/403')).toBe(false);
  });

  test('filtering keeps matches with the path that leads to them', () => {
    const hits = filterTree(pages, (n) => n.perm === 'PC.Inbound.Order.View');
    expect(hits.map((n) => n.key)).toEqual(['/inbound']);
    expect(countPermissions(hits, new Set(['PC.Inbound.Order.View']))).toBe(1);
  });

  test('permissionsUnder: a node\'s own permission and all below it, each permission of the catalog once', () => {
    const { pages, actions } = permissionTree();
    const all = permissionsUnder([...pages, ...actions]);
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort()).toEqual([...ALL_PERMISSIONS]);
    const user = pages.find((n) => n.key === '/user')!;
    expect(permissionsUnder([user])).toEqual(expect.arrayContaining(['PC.User.List.View', 'PC.User.Warehouselist.View']));
  });
});
