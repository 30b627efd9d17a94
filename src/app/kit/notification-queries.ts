import { queryOptions } from '@tanstack/react-query';
import { contract } from '../../shared/contract';
import type { DevicePlatform } from '../../shared/notification-sounds';
import { callApi } from './api';

/** Key prefix of every notification sound query: invalidate it after a save. */
export const NOTIFICATION_QUERY_KEY = ['notification'] as const;

/**
 * Notification sound settings of the warehouse (spec §4: read at session start, failures
 * ignored). They change only when someone saves them, so they never go stale on their own.
 * Failures are quiet: the device keeps the catalog defaults, and the settings page shows its own error.
 */
export const notificationQueries = {
  tree: () => queryOptions({
    queryKey: [...NOTIFICATION_QUERY_KEY, 'tree'],
    queryFn: ({ signal }) => callApi(contract.getNotificationTree, {}, { signal, quiet: true }).then((d) => d.tree),
    staleTime: Infinity,
  }),
  soundList: (platform: DevicePlatform) => queryOptions({
    queryKey: [...NOTIFICATION_QUERY_KEY, 'soundList', platform],
    queryFn: ({ signal }) => callApi(contract.getNotificationSoundList, { platform }, { signal, quiet: true }),
    staleTime: Infinity,
  }),
};
