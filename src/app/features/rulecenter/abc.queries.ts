import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { contract } from '../../../shared/contract';
import { callApi } from '../../kit/api';

/** The reads of the ABC Level and Cycle Count Frequency screens. */

/** How often the history is read again while a calculation waits or runs. */
const RUNNING_REFRESH_MS = 2000;

export const abcQueries = {
  all: ['abc'] as const,
  config: () => queryOptions({
    queryKey: ['abc', 'config'],
    queryFn: ({ signal }) => callApi(contract.searchNewAbcConfig, {}, { signal }),
  }),
  log: (page_no: number) => queryOptions({
    queryKey: ['abc', 'log', 'list', page_no],
    queryFn: ({ signal }) => callApi(contract.searchAbcConfigModifyLog, { page_no }, { signal }),
    placeholderData: keepPreviousData,
  }),
  history: (page_no: number) => queryOptions({
    queryKey: ['abc', 'history', 'list', page_no],
    queryFn: ({ signal }) => callApi(contract.searchAbcRunCalculateHistory, { page_no }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.running ? RUNNING_REFRESH_MS : false),
  }),
  categories: (prefix: string) => queryOptions({
    queryKey: ['abc', 'categories', prefix],
    queryFn: ({ signal }) => callApi(contract.getCategoryL1ByPrefix, { prefix }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  }),
  locations: () => queryOptions({
    queryKey: ['abc', 'locations'],
    queryFn: ({ signal }) => callApi(contract.searchAbcConfig, {}, { signal }),
  }),
  compliance: () => queryOptions({
    queryKey: ['abc', 'compliance'],
    queryFn: ({ signal }) => callApi(contract.getDailyCcComplianceMode, {}, { signal }),
  }),
};
