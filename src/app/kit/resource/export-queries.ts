import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { contract } from '../../../shared/contract';
import type { InputOf } from '../../../shared/contract/define';
import { EXPORT_STATUS } from '../../../shared/contract/export-task.contract';
import { callApi } from '../api';

/** While an export of the page waits or runs, the Report Center asks again this often. */
export const EXPORT_REFRESH_MS = 2000;

export type ExportTaskFilter = InputOf<typeof contract.searchExportTask>;

/** The signed-in user's export tasks (list keys: area, list, filter). */
export const exportTaskQueries = {
  all: ['exportTask'] as const,
  list: (filter: ExportTaskFilter) => queryOptions({
    queryKey: ['exportTask', 'list', filter],
    queryFn: ({ signal }) => callApi(contract.searchExportTask, filter, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.list.some((t) => t.status === EXPORT_STATUS.PENDING || t.status === EXPORT_STATUS.ONGOING)
      ? EXPORT_REFRESH_MS
      : false),
  }),
};
