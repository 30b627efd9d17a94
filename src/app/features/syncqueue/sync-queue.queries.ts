import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { contract } from '../../../shared/contract';
import type { InputOf } from '../../../shared/contract/define';
import { callApi } from '../../kit/api';

/** The Sync Queue refreshes itself this often while open. */
export const SYNC_QUEUE_REFRESH_MS = 15_000;

export type RejectedOpsFilter = InputOf<typeof contract.searchRejectedOps>;

/** The supervisor's view of every device outbox of the warehouse (list keys: area, list, filter). */
export const syncQueueQueries = {
  all: ['syncQueue'] as const,
  devices: () => queryOptions({
    queryKey: ['syncQueue', 'devices', 'list'],
    queryFn: ({ signal }) => callApi(contract.searchDeviceQueue, {}, { signal }),
    refetchInterval: SYNC_QUEUE_REFRESH_MS,
  }),
  rejectedOps: (filter: RejectedOpsFilter) => queryOptions({
    queryKey: ['syncQueue', 'rejectedOps', 'list', filter],
    queryFn: ({ signal }) => callApi(contract.searchRejectedOps, filter, { signal }),
    refetchInterval: SYNC_QUEUE_REFRESH_MS,
    placeholderData: keepPreviousData,
  }),
};

/** The short form of a device id shown in tables: its first block. */
export const shortDeviceId = (deviceId: string) => deviceId.slice(0, 8);
