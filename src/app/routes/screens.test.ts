import { describe, expect, it } from 'vitest';
import { OWN_SCREEN_PAGES, RESOURCE_PAGES } from '../../shared/resources/pages';
import { isOperationPath } from '../../shared/routes/operations';
import { matchPublicRoute } from './page-title';
import { PUBLIC_SCREENS } from './public-screens';
import { OFFLINE_SCREENS } from './offline-screens';
import { ONLINE_SCREENS } from './online-screens';
import { RESOURCE_SCREENS } from './resource-screens';
import { OWN_SCREENS } from './screens';

describe('screens of resource pages', () => {
  it('a resource page rendered by a screen of its own is declared so in its definition', () => {
    const derivedButOwn = RESOURCE_PAGES.filter(([path]) => Object.hasOwn(OWN_SCREENS, path)).map(([path, name, kind]) => `${name} ${kind} ${path}`);
    expect(derivedButOwn).toEqual([]);
  });

  it('every page a definition hands to a screen of its own has that screen', () => {
    expect(OWN_SCREEN_PAGES.filter((path) => !Object.hasOwn(OWN_SCREENS, path))).toEqual([]);
  });
});

describe('screens offline and online', () => {
  it('every operation screen opens offline: its code is precached', () => {
    const online = [...Object.keys(ONLINE_SCREENS), ...Object.keys(RESOURCE_SCREENS)];
    expect(online.filter(isOperationPath)).toEqual([]);
    expect(Object.keys(OFFLINE_SCREENS)).toEqual(expect.arrayContaining(['/home', '/scanner-check', '/inbound/counting', '/inbound/standardputaway']));
  });

  it('the public pages\' screens are those of the public routes, the sign-in and status pages among them', () => {
    expect(Object.keys(PUBLIC_SCREENS).filter((path) => matchPublicRoute(path)?.route.path !== path)).toEqual([]);
    const signedIn = [OFFLINE_SCREENS, ONLINE_SCREENS, RESOURCE_SCREENS].flatMap((table) => Object.keys(table));
    expect(signedIn.filter((path) => matchPublicRoute(path))).toEqual([]);
    expect(Object.keys(PUBLIC_SCREENS)).toEqual(expect.arrayContaining(['/login', '/forget', '/403', '/404']));
  });

  it('a path has one screen, public, offline or online', () => {
    const tables = [PUBLIC_SCREENS, OFFLINE_SCREENS, ONLINE_SCREENS, RESOURCE_SCREENS].map((table) => Object.keys(table));
    const paths = tables.flat();
    expect(paths.filter((path, i) => paths.indexOf(path) !== i)).toEqual([]);
  });
});
