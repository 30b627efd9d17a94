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
  /** The first 100 shops of a merchant: as many as a merchant's detail page shows. */
  shopsOfMerchant: (merchantId: string) => queryOptions({
    queryKey: ['resource', 'shop', 'list', { merchant_id: merchantId, page_size: 100 }],
    queryFn: ({ signal }) => callApi(contract.searchShop, { merchant_id: merchantId, page_size: 100 }, { signal }),
  }),
};
