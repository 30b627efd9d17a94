import type { ComponentType } from 'react';
// Bundled with the router: it is also the page for unknown paths, which must show offline.
import NotFoundScreen from '../features/status/not-found.screen';

type ScreenModule = () => Promise<{ default: ComponentType }>;

/**
 * The screen of each manifest path, loaded on first visit. The single place that says a route
 * is built: the router registers only these, and menu, search and guard treat the rest as absent.
 */
export const SCREENS: Readonly<Record<string, ScreenModule>> = {
  '/login': () => import('../features/auth/login.screen'),
  '/forget': () => import('../features/auth/forget.screen'),
  '/reset': () => import('../features/auth/reset.screen'),
  '/resetSuccess': () => import('../features/auth/reset-success.screen'),
  '/google/login': () => import('../features/auth/sso-unavailable.screen'),
  '/tob/login': () => import('../features/auth/sso-unavailable.screen'),
  '/tob/callback': () => import('../features/auth/sso-unavailable.screen'),
  '/403': () => import('../features/status/forbidden.screen'),
  '/404': async () => ({ default: NotFoundScreen }),
  '/home': () => import('../features/home/home.screen'),
  '/scanner-check': () => import('../features/scanner/scanner-check.screen'),
  '/user/permissiontree': () => import('../features/user/permission-tree.screen'),
  '/wmsconfig/syncqueue': () => import('../features/syncqueue/sync-queue.screen'),
  '/wmsconfig/notificationCenter/sound': () => import('../features/notification/notification-sound.screen'),
  '/wmsbasic/supplier': () => import('../features/basic/supplier.screen'),
  '/wmsbasic/supplier/detail/$id': () => import('../features/basic/supplier-detail.screen'),
};

export const isBuilt = (path: string): boolean => Object.hasOwn(SCREENS, path);
