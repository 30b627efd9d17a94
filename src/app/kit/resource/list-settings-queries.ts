import { queryOptions } from '@tanstack/react-query';
import { contract } from '../../../shared/contract';
import { callApi } from '../api';

/**
 * Query options of a list's saved settings (spec §3, §7): the user's filter-select template and
 * bookmarks of the list at `urlPath`. Mutations are called with callApi and update these keys.
 */

export const listSettingsQueries = {
  /** The user's filter-select template of the list at this station, or null. */
  filterTemplate: (urlPath: string, station: string) => queryOptions({
    queryKey: ['listSettings', 'filterTemplate', urlPath, station],
    queryFn: async ({ signal }) => {
      const { list } = await callApi(contract.searchFilterTemplate, { type: 1, url_path: urlPath, key_name: '', station }, { signal });
      return list[0] ?? null;
    },
    staleTime: Infinity,
  }),
  bookmarks: (urlPath: string) => queryOptions({
    queryKey: ['listSettings', 'bookmarks', urlPath],
    queryFn: async ({ signal }) => (await callApi(contract.searchBookmark, { url_path: urlPath, key_name: '' }, { signal })).list,
    staleTime: 60_000,
  }),
};
