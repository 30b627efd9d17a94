import { queryOptions } from '@tanstack/react-query';
import { contract } from '../../../shared/contract';
import { RET } from '../../../shared/retcodes';
import { callApi } from '../../kit/api';

export const returnOrderQueries = {
  all: ['returnOrder'] as const,
  /** The parcels still to arrive: the return dock judges scans by them with the network gone. */
  expectedParcels: () => queryOptions({
    queryKey: ['returnOrder', 'expectedParcels', 'list'],
    queryFn: ({ signal }) => callApi(contract.getExpectedReturnParcels, {}, { signal }).then((d) => d.list),
    staleTime: 60_000,
  }),
  /** The returns to judge with the checklist and rules: return QC judges units by them with the network gone. */
  toJudge: () => queryOptions({
    queryKey: ['returnOrder', 'toJudge', 'list'],
    queryFn: ({ signal }) => callApi(contract.getReturnsToJudge, {}, { signal }),
    staleTime: 60_000,
  }),
  detail: (asnNo: string) => queryOptions({
    queryKey: ['returnOrder', 'detail', asnNo],
    queryFn: ({ signal }) => callApi(contract.getReturnOrderDetail, { asn_no: asnNo }, { signal, noErrorCodes: [RET.NOT_FOUND] }).then((d) => d.order),
    enabled: asnNo !== '',
    retry: false,
  }),
};
