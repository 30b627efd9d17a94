import { queryOptions } from '@tanstack/react-query';
import { OUTBOUND_ORDER_TYPE, type CodeOf } from '../../../shared/codes';
import { mtOrderContract } from '../../../shared/contract/mt-order.contract';
import { pickingContract } from '../../../shared/contract/picking.contract';
import { rtsOrderContract } from '../../../shared/contract/rts-order.contract';
import { callApi } from '../../kit/api';

/** Whose picking tasks a picking screen claims: sales orders' (Picking, Task Picking) or MT orders' (MT Picking). */
export type PickingOrderType = CodeOf<typeof OUTBOUND_ORDER_TYPE>;
const SALES = OUTBOUND_ORDER_TYPE.values.SALES;

/** A claim of the screen's order type: the MT and RTS picking screens claim through their own calls, over their type's tasks only. */
function claim(taskNo: string | null, containerCode: string | null, subPickingOnly: boolean, orderType: PickingOrderType, options: { signal?: AbortSignal; quiet?: boolean } = {}) {
  if (orderType === OUTBOUND_ORDER_TYPE.values.MT) return callApi(mtOrderContract.claimMtPickingTask, { task_no: taskNo, container_code: containerCode }, options);
  if (orderType === OUTBOUND_ORDER_TYPE.values.RTS) return callApi(rtsOrderContract.claimRtsPickingTask, { task_no: taskNo, container_code: containerCode }, options);
  return callApi(pickingContract.claimPickingTask, { task_no: taskNo, container_code: containerCode, sub_picking_only: subPickingOnly }, options);
}

/**
 * Picking reads (keys: area, kind, key). The screen claims its task with `claim_picking_task`
 * (`offlineRead`; MT picking: `claim_mt_picking_task`, likewise): the service worker keeps the answer
 * per question (task number and container), so a task claimed online opens again after an offline
 * reload. Claiming a task already the caller's answers it again, so the same call refreshes it after
 * the server answers an op; it is never retried here and a failure is shown by the screen, not toasted.
 */
export const pickingQueries = {
  all: ['picking'] as const,
  work: (taskNo: string, containerCode: string | null, subPickingOnly = false, orderType: PickingOrderType = SALES) => queryOptions({
    queryKey: ['picking', 'work', taskNo, containerCode, subPickingOnly, orderType],
    queryFn: ({ signal }) => claim(taskNo, containerCode, subPickingOnly, orderType, { signal, quiet: true }),
    retry: false,
    staleTime: Infinity,
  }),
};

/** Claims the next pending picking task of the order type (sub-picking task with `subPickingOnly`) for the caller (a click, not a read of the screen). */
export const claimNextPickingTask = (subPickingOnly = false, orderType: PickingOrderType = SALES) => claim(null, null, subPickingOnly, orderType);
