import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { contract } from '../../../shared/contract';
import type { InputOf } from '../../../shared/contract/define';
import { callApi } from '../../kit/api';

/** The reads of the ASN quota and delivery slot screens. */

export const quotaQueries = {
  all: ['asnQuota'] as const,
  plans: (input: InputOf<typeof contract.searchAsnQuotaPlan>) => queryOptions({
    queryKey: ['asnQuota', 'plans', 'list', input],
    queryFn: ({ signal }) => callApi(contract.searchAsnQuotaPlan, input, { signal }),
    placeholderData: keepPreviousData,
  }),
  config: () => queryOptions({
    queryKey: ['asnQuota', 'config'],
    queryFn: ({ signal }) => callApi(contract.searchAsnQuotaConfig, {}, { signal }),
  }),
  usage: (days: 7 | 14 | 30 | 60 | 90) => queryOptions({
    queryKey: ['asnQuota', 'usage', days],
    queryFn: ({ signal }) => callApi(contract.getAvgMaxUsedQty, { days }, { signal }),
  }),
  slots: (input: InputOf<typeof contract.getCartonUsedQty>) => queryOptions({
    queryKey: ['asnQuota', 'slots', 'list', input],
    queryFn: ({ signal }) => callApi(contract.getCartonUsedQty, input, { signal }),
    placeholderData: keepPreviousData,
  }),
};
