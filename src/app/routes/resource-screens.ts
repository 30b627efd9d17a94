import { RESOURCE_PAGES } from '../../shared/resources/pages';
import type { ScreenModule } from './screen-module';

/**
 * The pages registered resources declare (shared/resources/registry.ts), each served by the
 * resource page of its kind (kit/resource/resource-pages.tsx), loaded on first visit. Online
 * screens, as those of online-screens.ts: their code is not precached.
 */
export const RESOURCE_SCREENS: Readonly<Record<string, ScreenModule>> = Object.fromEntries(RESOURCE_PAGES.map(([path, name, kind]) => [
  path,
  async () => (await import('./resource-screen')).loadResourceScreen(name, kind),
]));
