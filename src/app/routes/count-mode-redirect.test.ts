import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../shared/routes/manifest';
import { hrefOf } from '../../shared/routes/derive';
import { CC_LANDING, FSC_LANDING, countModeRedirect, isCountModePath } from './count-mode-redirect';
import { matchRoute } from './access';

const ccRoutes = ROUTES.filter((r) => r.path.startsWith('/inventorymanage/cc'));
const fscRoutes = ROUTES.filter((r) => r.path.startsWith('/inventorymanage/fsc'));
/** A pathname of the route, parameters filled. */
const pathOf = (path: string) => hrefOf(path).replace(/\$[A-Za-z_]+/g, 'X123');

describe('cycle count ↔ full stock count redirects (spec §2)', () => {
  it('sends every cycle count page to the full stock count orders while a count runs, and leaves it alone otherwise', () => {
    expect(ccRoutes.length).toBeGreaterThan(5);
    for (const route of ccRoutes) {
      expect(countModeRedirect(pathOf(route.path), true), route.path).toEqual({ to: FSC_LANDING, running: true });
      expect(countModeRedirect(pathOf(route.path), false), route.path).toBeNull();
    }
  });

  it('sends every full stock count page to the cycle count orders while none runs, and leaves it alone otherwise', () => {
    expect(fscRoutes.length).toBeGreaterThan(5);
    for (const route of fscRoutes) {
      expect(countModeRedirect(pathOf(route.path), false), route.path).toEqual({ to: CC_LANDING, running: false });
      expect(countModeRedirect(pathOf(route.path), true), route.path).toBeNull();
    }
  });

  it('lands on declared order lists', () => {
    expect(matchRoute(FSC_LANDING)?.route.path).toBe(FSC_LANDING);
    expect(matchRoute(CC_LANDING)?.route.path).toBe(CC_LANDING);
  });

  it('reads paths as the router matches them: trailing slash, any case, nothing outside the two areas', () => {
    expect(countModeRedirect('/inventorymanage/cc/ccorder/', true)).toEqual({ to: FSC_LANDING, running: true });
    expect(countModeRedirect('/InventoryManage/FSC/fscorder', false)).toEqual({ to: CC_LANDING, running: false });
    for (const other of ['/inventorymanage/ccx', '/inventorymanage/adjust', '/dashboard/fullstockcount', '/inventorymanage', '/home']) {
      expect(countModeRedirect(other, true), other).toBeNull();
      expect(countModeRedirect(other, false), other).toBeNull();
      expect(isCountModePath(other), other).toBe(false);
    }
    expect(isCountModePath('/inventorymanage/cc')).toBe(true);
    expect(isCountModePath('/inventorymanage/fsc/fsctask/42')).toBe(true);
  });
});
