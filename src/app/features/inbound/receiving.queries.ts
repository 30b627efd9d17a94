import { queryOptions } from '@tanstack/react-query';
import { contract } from '../../../shared/contract';
import { RET } from '../../../shared/retcodes';
import { callApi } from '../../kit/api';
import { byAsnOrTask } from './qc.queries';

/** The receiving screen's read: the ASN's lines (good, damaged, received), its tasks and the Putaway staging locations. */
export const receivingQueries = {
  asn: (code: string) => queryOptions({
    queryKey: ['receiving', 'asn', code],
    queryFn: ({ signal }) => byAsnOrTask(code, (input) => callApi(contract.getReceivingAsn, input, { signal, noErrorCodes: [RET.NOT_FOUND] })),
    retry: false,
  }),
};
