import { queryOptions } from '@tanstack/react-query';
import { mergingContract } from '../../../shared/contract/merging.contract';
import { RET } from '../../../shared/retcodes';
import { callApi } from '../../kit/api';

/**
 * Merging reads (keys: area, kind, key). The lane screen reads its lane with `get_merge_lane`
 * (`offlineRead`: the service worker keeps the answer, so a lane opened online opens again offline),
 * again every 30 seconds while open (orders arrive on the lane as picking finishes) and after each
 * answer to its ops; a failure is the screen's to show, not toasted.
 */
export const mergingQueries = {
  all: ['merging'] as const,
  lane: (stationId: string) => queryOptions({
    queryKey: ['merging', 'lane', stationId],
    queryFn: ({ signal }) => callApi(mergingContract.getMergeLane, { station_id: stationId }, { signal, quiet: true }),
    retry: false,
    refetchInterval: 30_000,
  }),
  taskDetail: (taskNo: string) => queryOptions({
    queryKey: ['merging', 'task', 'detail', taskNo],
    queryFn: ({ signal }) => callApi(mergingContract.getMergeTaskDetail, { task_no: taskNo }, { signal, noErrorCodes: [RET.NOT_FOUND] }),
    enabled: taskNo !== '',
    retry: false,
  }),
};
