import { queryOptions } from '@tanstack/react-query';
import { contract } from '../../../shared/contract';
import { callApi } from '../../kit/api';

/** The counting screen's reads (both cached by the service worker for offline use: offlineRead). */
export const countingQueries = {
  /** Groups waiting to be counted or being counted, oldest first. */
  groups: () => queryOptions({
    queryKey: ['counting', 'groups'],
    queryFn: ({ signal }) => callApi(contract.searchGroupList, { page_size: 50 }, { signal }),
  }),
  /** A group to count: the screen validates scans against it. */
  group: (groupNo: string) => queryOptions({
    queryKey: ['counting', 'group', groupNo],
    queryFn: ({ signal }) => callApi(contract.searchGroupDetail, { group_no: groupNo }, { signal }),
    retry: false,
  }),
};
