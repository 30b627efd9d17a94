import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { contract } from '../../../shared/contract';
import { callApi } from '../../kit/api';

/**
 * Putaway reads (keys: area, kind, key). The scan screens open their work with an `offlineRead`
 * call: after an offline reload the service worker answers it from its cache, so it is never
 * retried here and a failure is shown by the screen, not toasted.
 */
export const putawayQueries = {
  all: ['putaway'] as const,
  standardWork: (code: string) => queryOptions({
    queryKey: ['putaway', 'standardWork', code],
    queryFn: ({ signal }) => callApi(contract.openStandardPutawayTask, { code }, { signal, quiet: true }),
    retry: false,
    staleTime: Infinity,
  }),
  massWork: (code: string) => queryOptions({
    queryKey: ['putaway', 'massWork', code],
    queryFn: ({ signal }) => callApi(contract.openMassPutawayLines, { code }, { signal, quiet: true }),
    retry: false,
    staleTime: Infinity,
  }),
  taskDetail: (taskNo: string) => queryOptions({
    queryKey: ['putaway', 'taskDetail', taskNo],
    queryFn: ({ signal }) => callApi(contract.getPutawayTaskDetail, { task_no: taskNo }, { signal }),
  }),
  assignees: (keyword: string) => queryOptions({
    queryKey: ['putaway', 'assignees', keyword],
    queryFn: ({ signal }) => callApi(contract.searchPutawayAssignee, keyword ? { keyword } : {}, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  }),
};
