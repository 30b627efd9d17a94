import { describe, expect, it } from 'vitest';
import { OWN_SCREEN_PAGES, RESOURCE_PAGES } from '../../shared/resources/pages';
import { isOperationPath } from '../../shared/routes/operations';
import { OFFLINE_SCREENS } from './offline-screens';
import { ONLINE_SCREENS, RESOURCE_SCREENS } from './online-screens';
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
    expect(Object.keys(OFFLINE_SCREENS)).toEqual(expect.arrayContaining(['/login', '/home', '/scanner-check', '/404', '/inbound/counting', '/inbound/standardputaway']));
  });

  it('a path has one screen, offline or online', () => {
    expect(Object.keys(ONLINE_SCREENS).filter((path) => Object.hasOwn(OFFLINE_SCREENS, path) || Object.hasOwn(RESOURCE_SCREENS, path))).toEqual([]);
    expect(Object.keys(OFFLINE_SCREENS).filter((path) => Object.hasOwn(RESOURCE_SCREENS, path))).toEqual([]);
  });
});
