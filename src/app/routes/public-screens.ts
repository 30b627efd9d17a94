import type { ScreenModule } from './screen-module';
// Bundled with the router: it is also the page for unknown paths, which must show offline.
import NotFoundScreen from '../features/status/not-found.screen';

/**
 * The public pages' screens (shared/routes/shell.routes.ts): signing in and the status pages.
 * The sign-in page's first script loads them directly; the signed-in screens' tables
 * (offline-screens.ts, online-screens.ts) come with the first of their pages. Precached with the
 * shell, as are the offline screens.
 */
export const PUBLIC_SCREENS: Readonly<Record<string, ScreenModule>> = {
  '/login': () => import('../features/auth/login.screen'),
  '/forget': () => import('../features/auth/forget.screen'),
  '/reset': () => import('../features/auth/reset.screen'),
  '/resetSuccess': () => import('../features/auth/reset-success.screen'),
  '/google/login': () => import('../features/auth/sso-unavailable.screen'),
  '/tob/login': () => import('../features/auth/sso-unavailable.screen'),
  '/tob/callback': () => import('../features/auth/sso-unavailable.screen'),
  '/403': () => import('../features/status/forbidden.screen'),
  '/404': async () => ({ default: NotFoundScreen }),
};
