import { describe, expect, it } from 'vitest';
import { ACTION_PERMISSIONS, ALL_PERMISSIONS, MENU_PERMISSIONS, OPERATION_PERMISSIONS, PAGE_ACTIONS, permissionTitle } from './permissions';
import { derivePerm } from './routes/derive';

describe('the permission catalog', () => {
  it('holds what pages change beside the pages, never as menu keys', () => {
    const counting = PAGE_ACTIONS.find((a) => a.perm === 'PC.Inbound.Counting.Action');
    expect(counting?.route.path).toBe('/inbound/counting');
    for (const { perm } of PAGE_ACTIONS) {
      expect(ALL_PERMISSIONS, perm).toContain(perm);
      expect(MENU_PERMISSIONS, perm).not.toContain(perm);
    }
  });

  it('gives an operator the operation screens and their work, nothing an administrator edits', () => {
    expect(OPERATION_PERMISSIONS).toEqual(expect.arrayContaining([
      derivePerm('/inbound/counting'), 'PC.Inbound.Counting.Action', 'PC.Inbound.Standardputaway.Action', 'PC.Inbound.Massputaway.Reportexception.Action',
    ]));
    expect(OPERATION_PERMISSIONS.filter((p) => !p.endsWith('.View') && !p.endsWith('.Action'))).toEqual([]);
    expect(OPERATION_PERMISSIONS).not.toContain('PC.WMSBasic.Skuitems.Edit');
    expect(OPERATION_PERMISSIONS).not.toContain('PC.InventoryManagement.Stockblock.Action');
  });

  it('labels a permission as Role Detail does: the page\'s action, an action permission, else its page', () => {
    expect(permissionTitle('PC.Inbound.Counting.Action')?.message).toBe('Count inbound goods');
    expect(permissionTitle('PC.Inbound.Order.Cancel')).toBe(ACTION_PERMISSIONS['PC.Inbound.Order.Cancel']);
    expect(permissionTitle('PC.WMSBasic.Skuitems.Edit')?.message).toBe('Edit SKU');
    expect(permissionTitle('PC.No.Such.Permission')).toBeUndefined();
  });
});
