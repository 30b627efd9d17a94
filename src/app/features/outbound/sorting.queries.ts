import { queryOptions } from '@tanstack/react-query';
import { sortingContract } from '../../../shared/contract/sorting.contract';
import { RET } from '../../../shared/retcodes';
import { callApi } from '../../kit/api';

/**
 * Sorting reads (keys: area, kind, key). The put wall starts its task with `start_sorting_task`
 * (`offlineRead`: the service worker keeps the answer per wall and container, so a container started
 * online opens again after an offline reload); starting it again answers the same task, so the same
 * call refreshes it after the server answers an op. A failure is shown by the screen.
 */
export const sortingQueries = {
  all: ['sorting'] as const,
  work: (stationId: string, containerCode: string) => queryOptions({
    queryKey: ['sorting', 'work', stationId, containerCode],
    queryFn: ({ signal }) => callApi(sortingContract.startSortingTask, { station_id: stationId, container_code: containerCode }, { signal, quiet: true }),
    retry: false,
    staleTime: Infinity,
  }),
  /** A task at a put wall, or (`pre`) a pre-sorting task. */
  detail: (taskNo: string, pre = false) => queryOptions({
    queryKey: ['sorting', 'detail', taskNo, pre],
    queryFn: ({ signal }) => callApi(pre ? sortingContract.getPreSortingTaskDetail : sortingContract.getSortingTaskDetail, { task_no: taskNo }, {
      signal, noErrorCodes: [RET.NOT_FOUND],
    }),
    enabled: taskNo !== '',
    retry: false,
  }),
};
