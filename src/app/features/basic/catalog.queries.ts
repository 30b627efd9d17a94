import { queryOptions } from '@tanstack/react-query';
import { contract } from '../../../shared/contract';
import { callApi } from '../../kit/api';

/** The catalog's reads that are not resource lists or details (those go through the resource kit). */
export const catalogQueries = {
  categoryTree: () => queryOptions({
    queryKey: ['catalog', 'categoryTree'],
    queryFn: ({ signal }) => callApi(contract.getCategoryTree, {}, { signal }).then((d) => d.list),
  }),
  recordSettings: () => queryOptions({
    queryKey: ['catalog', 'recordSettings'],
    queryFn: ({ signal }) => callApi(contract.getStationRecordSettings, {}, { signal }).then((d) => d.list),
  }),
};
