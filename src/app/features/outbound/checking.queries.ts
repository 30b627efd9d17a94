import { queryOptions } from '@tanstack/react-query';
import { checkingContract } from '../../../shared/contract/checking.contract';
import { callApi } from '../../kit/api';

/**
 * Checking reads (keys: area, kind, key). The station starts its task with `start_checking_task`
 * (`offlineRead`): the service worker keeps the answer per station and container, so a container
 * started online opens again after an offline reload; starting it again answers the same task, so
 * the same call refreshes it after the server answers an op. A failure is shown by the screen.
 */
export const checkingQueries = {
  all: ['checking'] as const,
  work: (stationId: string, containerCode: string) => queryOptions({
    queryKey: ['checking', 'work', stationId, containerCode],
    queryFn: ({ signal }) => callApi(checkingContract.startCheckingTask, { station_id: stationId, container_code: containerCode }, { signal, quiet: true }),
    retry: false,
    staleTime: Infinity,
  }),
  detail: (taskNo: string) => queryOptions({
    queryKey: ['checking', 'detail', taskNo],
    queryFn: ({ signal }) => callApi(checkingContract.getCheckingTaskDetail, { task_no: taskNo }, { signal }),
  }),
};
