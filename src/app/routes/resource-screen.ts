import type { PageKind } from '../kit/resource/resource-pages';
import type { ScreenModule } from './screen-module';

/**
 * A resource page's screen (kit/resource/resource-pages.tsx). Its dynamic import, with the list of
 * chunks it preloads, comes with the first resource page, not in the sign-in page's first script
 * (resource-screens.ts loads this module on first visit).
 */
export const loadResourceScreen = async (name: string, kind: PageKind): ReturnType<ScreenModule> =>
  ({ default: (await import('../kit/resource/resource-pages')).resourceScreen(name, kind) });
