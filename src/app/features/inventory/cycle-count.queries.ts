import { queryOptions } from '@tanstack/react-query';
import { cycleCountContract } from '../../../shared/contract/cycle-count.contract';
import { callApi } from '../../kit/api';

/**
 * Cycle counting reads (keys: area, kind, key). The screen claims its task with `claim_cc_task`
 * (`offlineRead`, a POST read: the service worker keeps the answer per body, so per task number and
 * kind of count), and a task claimed online opens again with the network gone. Claiming a task
 * already the caller's answers it again, so the same call refreshes it after the server answers an
 * op; it is never retried here and a failure is shown by the screen, not toasted.
 */
export const cycleCountQueries = {
  all: ['cycle-count'] as const,
  work: (taskNo: string, fullStockCount: boolean) => queryOptions({
    queryKey: ['cycle-count', 'work', taskNo, fullStockCount],
    queryFn: ({ signal }) => callApi(cycleCountContract.claimCcTask, { task_no: taskNo, full_stock_count: fullStockCount }, { signal, quiet: true }),
    retry: false,
    staleTime: Infinity,
  }),
};

/** Claims the next counting task for the caller (a click, not a read of the screen); the screen shows a refusal itself. */
export const claimNextCcTask = (fullStockCount: boolean) =>
  callApi(cycleCountContract.claimCcTask, { task_no: null, full_stock_count: fullStockCount }, { quiet: true });
