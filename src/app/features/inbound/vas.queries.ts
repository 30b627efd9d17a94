import { queryOptions } from '@tanstack/react-query';
import { contract } from '../../../shared/contract';
import { RET } from '../../../shared/retcodes';
import { callApi } from '../../kit/api';

/** The Reprocess screen's read: the VAS task a scan names (its number, or a staging location's oldest open one) with its lines. */
export const vasQueries = {
  task: (code: string) => queryOptions({
    queryKey: ['vas', 'task', code],
    queryFn: ({ signal }) => callApi(contract.getVasTask, { code }, { signal, noErrorCodes: [RET.NOT_FOUND] }),
    retry: false,
  }),
};
