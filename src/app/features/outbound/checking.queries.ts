import { queryOptions } from '@tanstack/react-query';
import type { CHECKING_STATION_MODE, CodeOf } from '../../../shared/codes';
import { checkingContract } from '../../../shared/contract/checking.contract';

type CheckingMode = CodeOf<typeof CHECKING_STATION_MODE>;
import { callApi } from '../../kit/api';

/**
 * Checking reads (keys: area, kind, key). The station starts its task with `start_checking_task`
 * (`offlineRead`): the service worker keeps the answer per station and container, so a container
 * started online opens again after an offline reload; starting it again answers the same task, so
 * the same call refreshes it after the server answers an op. A failure is shown by the screen.
 */
export const checkingQueries = {
  all: ['checking'] as const,
  /** `mode`: the mode a screen asks for the task it starts (Sorting While Checking); null: the station's. */
  work: (stationId: string, containerCode: string, mode: CheckingMode | null = null) => queryOptions({
    queryKey: ['checking', 'work', stationId, containerCode, mode],
    queryFn: ({ signal }) => callApi(
      checkingContract.startCheckingTask, { station_id: stationId, container_code: containerCode, ...(mode === null ? {} : { mode }) }, { signal, quiet: true },
    ),
    retry: false,
    staleTime: Infinity,
  }),
  detail: (taskNo: string) => queryOptions({
    queryKey: ['checking', 'detail', taskNo],
    queryFn: ({ signal }) => callApi(checkingContract.getCheckingTaskDetail, { task_no: taskNo }, { signal }),
  }),
};
