import { describe, expect, test } from 'vitest';
import { OUTBOUND_ORDER_TYPE } from '../codes';
import { pickingOps } from '../ops/picking.ops';
import { checkingOps } from '../ops/checking.ops';
import { ALL_PERMISSIONS, permissionTitle } from '../permissions';
import { CHECKER_ACCESS, PICKER_ACCESS, checkAccessOf, pickAccessOf } from './area-access';
import { accessHeld, describeAccess } from './define';

const O = OUTBOUND_ORDER_TYPE.values;

describe('area permissions on the shared picking and checking engines', () => {
  test('each order type\'s task is picked under its own area page\'s Action, named on Role Detail', () => {
    expect(pickAccessOf(O.SALES).perm).toBe('PC.Salesoutbound.Picking.Action');
    expect(pickAccessOf(O.MT).perm).toBe('PC.Mtoutbound.Picking.Action');
    expect(pickAccessOf(O.RTS).perm).toBe('PC.Rtsoutbound.Picking.Action');
    expect(permissionTitle(pickAccessOf(O.MT).perm)?.message).toBe('Pick MT orders');
    expect(permissionTitle(checkAccessOf(O.MT).perm)?.message).toBe('Check MT orders');
    expect(checkAccessOf(O.SALES).perm).toBe('PC.Salesoutbound.Checking.Action');
    expect(checkAccessOf(O.RTS)).toBeNull();
  });

  test('the shared ops let in any area\'s permission, and nothing else', () => {
    for (const op of Object.values(pickingOps)) expect(op.access).toBe(PICKER_ACCESS);
    for (const op of Object.values(checkingOps)) expect(op.access).toBe(CHECKER_ACCESS);
    for (const perm of [...PICKER_ACCESS.anyPerm, ...CHECKER_ACCESS.anyPerm]) expect(ALL_PERMISSIONS).toContain(perm);
    expect(accessHeld(PICKER_ACCESS, new Set([pickAccessOf(O.RTS).perm]))).toBe(true);
    expect(accessHeld(PICKER_ACCESS, new Set([checkAccessOf(O.SALES).perm]))).toBe(false);
    expect(accessHeld(CHECKER_ACCESS, new Set([pickAccessOf(O.MT).perm]))).toBe(false);
  });

  test('the OpenAPI text names every permission of anyPerm', () => {
    expect(describeAccess(CHECKER_ACCESS)).toBe('any of the permissions PC.Salesoutbound.Checking.Action, PC.Mtoutbound.Checking.Action');
    expect(describeAccess({ perm: 'PC.X.Action' })).toBe('permission PC.X.Action');
    expect(describeAccess('session')).toBe('session');
  });
});
