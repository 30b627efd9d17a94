import { queryOptions } from '@tanstack/react-query';
import { OUTBOUND_ORDER_TYPE, type CHECKING_STATION_MODE, type CodeOf } from '../../../shared/codes';
import { checkingContract } from '../../../shared/contract/checking.contract';
import { mtShippingContract } from '../../../shared/contract/mt-shipping.contract';

type CheckingMode = CodeOf<typeof CHECKING_STATION_MODE>;
/** Whose containers a checking screen checks: sales orders' (the default) or MT orders' (their own calls, the same engine). */
export type CheckingOrderType = typeof OUTBOUND_ORDER_TYPE.values.SALES | typeof OUTBOUND_ORDER_TYPE.values.MT;
const MT = OUTBOUND_ORDER_TYPE.values.MT;
import { callApi } from '../../kit/api';

/**
 * Checking reads (keys: area, kind, key). The station starts its task with `start_checking_task`
 * (`offlineRead`): the service worker keeps the answer per station and container, so a container
 * started online opens again after an offline reload; starting it again answers the same task, so
 * the same call refreshes it after the server answers an op. A failure is shown by the screen.
 */
export const checkingQueries = {
  all: ['checking'] as const,
  /** `mode`: the mode a screen asks for the task it starts (Sorting While Checking); null: the station's. */
  work: (stationId: string, containerCode: string, mode: CheckingMode | null = null, orderType: CheckingOrderType = OUTBOUND_ORDER_TYPE.values.SALES) => queryOptions({
    queryKey: ['checking', 'work', stationId, containerCode, mode, orderType],
    queryFn: ({ signal }) => (orderType === MT
      ? callApi(mtShippingContract.startMtCheckingTask, { station_id: stationId, container_code: containerCode }, { signal, quiet: true })
      : callApi(checkingContract.startCheckingTask, { station_id: stationId, container_code: containerCode, ...(mode === null ? {} : { mode }) }, { signal, quiet: true })),
    retry: false,
    staleTime: Infinity,
  }),
  detail: (taskNo: string, orderType: CheckingOrderType = OUTBOUND_ORDER_TYPE.values.SALES) => queryOptions({
    queryKey: ['checking', 'detail', taskNo, orderType],
    queryFn: ({ signal }) => (orderType === MT
      ? callApi(mtShippingContract.getMtCheckingTaskDetail, { task_no: taskNo }, { signal })
      : callApi(checkingContract.getCheckingTaskDetail, { task_no: taskNo }, { signal })),
  }),
};
