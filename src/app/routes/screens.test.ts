import { describe, expect, it } from 'vitest';
import { OWN_SCREEN_PAGES, RESOURCE_PAGES } from '../../shared/resources/pages';
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
