import { queryOptions } from '@tanstack/react-query';
import { pickingContract } from '../../../shared/contract/picking.contract';
import { callApi } from '../../kit/api';

/**
 * Picking reads (keys: area, kind, key). The screen claims its task with `claim_picking_task`
 * (`offlineRead`): the service worker keeps the answer per question (task number and container),
 * so a task claimed online opens again after an offline reload. Claiming a task already the
 * caller's answers it again, so the same call refreshes it after the server answers an op; it is
 * never retried here and a failure is shown by the screen, not toasted.
 */
export const pickingQueries = {
  all: ['picking'] as const,
  work: (taskNo: string, containerCode: string | null, subPickingOnly = false) => queryOptions({
    queryKey: ['picking', 'work', taskNo, containerCode, subPickingOnly],
    queryFn: ({ signal }) => callApi(
      pickingContract.claimPickingTask, { task_no: taskNo, container_code: containerCode, sub_picking_only: subPickingOnly }, { signal, quiet: true },
    ),
    retry: false,
    staleTime: Infinity,
  }),
};

/** Claims the next pending picking task (sub-picking task with `subPickingOnly`) for the caller (a click, not a read of the screen). */
export const claimNextPickingTask = (subPickingOnly = false) =>
  callApi(pickingContract.claimPickingTask, { task_no: null, container_code: null, sub_picking_only: subPickingOnly });
