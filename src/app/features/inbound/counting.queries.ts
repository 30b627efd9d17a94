import { queryOptions } from '@tanstack/react-query';
import { contract } from '../../../shared/contract';
import { callApi } from '../../kit/api';

/** The counting screen's reads. The group lists and the group detail are cached by the service worker for offline use (offlineRead). */
export const countingQueries = {
  /** Groups waiting to be counted or being counted, oldest first. */
  groups: () => queryOptions({
    queryKey: ['counting', 'groups'],
    queryFn: ({ signal }) => callApi(contract.searchGroupList, { page_size: 50 }, { signal }),
    // Read again each time the picker shows: groups arrive, and are counted and completed elsewhere.
    staleTime: 0,
  }),
  /** Groups the operator has counted in and that are not complete: to resume one. */
  myGroups: () => queryOptions({
    queryKey: ['counting', 'groups', 'mine'],
    queryFn: ({ signal }) => callApi(contract.searchGroupWorkingList, { mine: 1, page_size: 20 }, { signal }),
    staleTime: 0,
  }),
  /** A group to count: the screen validates scans against it. */
  group: (groupNo: string) => queryOptions({
    queryKey: ['counting', 'group', groupNo],
    queryFn: ({ signal }) => callApi(contract.searchGroupDetail, { group_no: groupNo }, { signal }),
    retry: false,
  }),
  /** What completing the group would settle, as the server has it (online only: the screen works it out itself offline). */
  completion: (groupNo: string) => queryOptions({
    queryKey: ['counting', 'group', groupNo, 'completion'],
    queryFn: ({ signal }) => callApi(contract.checkGroupCompleteRecord, { group_no: groupNo }, { signal, quiet: true }),
    retry: false,
    staleTime: 0,
  }),
  /** The units QC will inspect of each line once the group is complete (online only). */
  expectedQc: (groupNo: string) => queryOptions({
    queryKey: ['counting', 'group', groupNo, 'qc'],
    queryFn: ({ signal }) => callApi(contract.getExpectedQcQty, { group_no: groupNo }, { signal, quiet: true }),
    retry: false,
    staleTime: 0,
  }),
};
