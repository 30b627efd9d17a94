import { queryOptions } from '@tanstack/react-query';
import { outboundExceptionContract } from '../../../shared/contract/outbound-exception.contract';
import { RET } from '../../../shared/retcodes';
import { callApi } from '../../kit/api';

/** The outbound troubleshoot task detail's read (the list is a resource: resources/ob-troubleshoot-task.resource.ts). */
export const obTroubleshootQueries = {
  detail: (taskId: string) => queryOptions({
    queryKey: ['exceptioncenter', 'ob-troubleshoot', 'detail', taskId],
    queryFn: ({ signal }) => callApi(outboundExceptionContract.getObTroubleshootTaskDetail, { task_id: taskId }, { signal, noErrorCodes: [RET.NOT_FOUND] }),
    enabled: taskId !== '',
    retry: false,
  }),
};
