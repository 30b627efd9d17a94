import { PUBLIC_SCREENS } from './public-screens';
import { OFFLINE_SCREENS } from './offline-screens';
import { ONLINE_SCREENS } from './online-screens';
import { RESOURCE_SCREENS } from './resource-screens';
import type { ScreenModule } from './screen-module';

/**
 * The screen of each manifest path, loaded on first visit. The single place that says a route
 * is built: the router registers only these, and menu, search and guard treat the rest as absent.
 * A screen here for a resource's page is declared in the resource's `ownScreens` too. Public and
 * offline screens are precached with the shell; online ones are fetched on first visit.
 */
export const OWN_SCREENS: Readonly<Record<string, ScreenModule>> = { ...PUBLIC_SCREENS, ...OFFLINE_SCREENS, ...ONLINE_SCREENS };

export const SCREENS: Readonly<Record<string, ScreenModule>> = { ...RESOURCE_SCREENS, ...OWN_SCREENS };

export const isBuilt = (path: string): boolean => Object.hasOwn(SCREENS, path);

/** Whether the page's screen needs the server, its code not precached (online-screens.ts, resource-screens.ts). */
export const isOnlineScreen = (path: string): boolean => Object.hasOwn(ONLINE_SCREENS, path) || Object.hasOwn(RESOURCE_SCREENS, path);
