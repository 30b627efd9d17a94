import type { QueryClient } from '@tanstack/react-query';
import type { UserInfo } from '../../shared/contract/session.contract';
import type { WarehouseDetail } from '../../shared/contract/config.contract';
import { STORAGE_KEYS } from '../../shared/constants';
import { normaliseLocale } from '../../shared/locales';
import { getTenant, setTenant } from './api';
import { activateLocale, currentLocale } from './i18n';
import { configQueries, sessionQueries } from './queries';
import { currentDeviceKind, platformOf } from './device';
import { notificationQueries } from './notification-queries';
import { writeStored } from './storage';

export interface Session {
  user: UserInfo;
  /** Every permission name the user holds in this warehouse (get_my_perm). */
  perms: ReadonlySet<string>;
  /** Route permission names (get_my_menu_key): what the menu and the route guard read. */
  menuKeys: ReadonlySet<string>;
  /** Enabled warehouse feature flags (keys of FEATURE_FLAGS). */
  flags: ReadonlySet<string>;
  /** The tab's warehouse; null when its detail could not be read. */
  warehouse: WarehouseDetail | null;
  fullStockCount: boolean;
}

/** Makes `whsId` this tab's warehouse: the tenant header of every request, and `setting_whs_v2`. */
export function adoptWarehouse(whsId: string): void {
  setTenant(whsId);
  writeStored(STORAGE_KEYS.warehouseSetting, whsId);
}

/**
 * Session start (spec §4): the user first, then in parallel the enums, menu keys, permissions,
 * warehouse switch time, warehouse detail and feature switches, then (not awaited) the
 * notification sound settings, then the full-stock-count flag.
 * Everything lands in the query cache, so later calls return at once. Rejects with the
 * get_login_info error when there is no session. Null when the account holds a temporary
 * password: the server answers nothing else until it is changed, so only the user is loaded
 * and the shell shows the forced Change Password.
 */
export async function startSession(queryClient: QueryClient): Promise<Session | null> {
  const known = queryClient.getQueryData(sessionQueries.loginInfo().queryKey);
  const user = await queryClient.ensureQueryData(sessionQueries.loginInfo());
  // The tab keeps its warehouse once chosen: a different one in a later answer means another
  // tab switched the shared session, which the reload dialog handles rather than a silent swap.
  if (getTenant() === null) adoptWarehouse(user.whs_id);
  // The account's language wins when a tab starts on an existing session.
  if (!known && normaliseLocale(user.lang) !== currentLocale()) await activateLocale(normaliseLocale(user.lang));
  if (user.password_change_required) return null;

  const [, menuKeys, perms, , warehouse, flags] = await Promise.all([
    queryClient.ensureQueryData(configQueries.domainEnums()),
    queryClient.ensureQueryData(sessionQueries.menuKeys()),
    queryClient.ensureQueryData(sessionQueries.perms()),
    queryClient.ensureQueryData(sessionQueries.switchTimes()),
    queryClient.ensureQueryData(sessionQueries.warehouseDetail()),
    queryClient.ensureQueryData(sessionQueries.flags()),
  ]);
  // Then the notification sounds of this device's platform; a failure leaves the defaults.
  void queryClient.prefetchQuery(notificationQueries.soundList(platformOf(currentDeviceKind())));
  const fullStockCount = await queryClient.ensureQueryData(sessionQueries.fullStockCount());
  return { user, menuKeys, perms, flags, warehouse, fullStockCount };
}

/**
 * Where an anonymous user is sent to sign in. Spec §8 says /tob/login because the original
 * deployment always signs in through the business-user SSO; here SSO exists only when the
 * public admin switch `enable_tob_login` is on, so otherwise our own email form (/login).
 */
export async function signInPath(queryClient: QueryClient): Promise<'/tob/login' | '/login'> {
  const conf = await queryClient.ensureQueryData(configQueries.adminConfig()).catch(() => null);
  const value = conf?.get('enable_tob_login')?.trim().toLowerCase();
  return value && value !== '0' && value !== 'false' ? '/tob/login' : '/login';
}

/**
 * Sets the cached full stock count flag (a start or an end of this tab, or a -285021/-285022 answer
 * telling of another's); true when it changed, so the caller lets the router apply the redirects.
 */
export function setFullStockCountFlag(queryClient: QueryClient, running: boolean): boolean {
  const { queryKey } = sessionQueries.fullStockCount();
  if (queryClient.getQueryData(queryKey) === running) return false;
  queryClient.setQueryData(queryKey, running);
  return true;
}

/** Forgets everything of the session in this tab (after logout or a lost session). */
export function clearSession(queryClient: QueryClient): void {
  setTenant(null);
  queryClient.clear();
}
