import { queryOptions } from '@tanstack/react-query';
import { flowPickContract } from '../../../shared/contract/flow-pick.contract';
import { mtOrderContract } from '../../../shared/contract/mt-order.contract';
import { rtsOrderContract } from '../../../shared/contract/rts-order.contract';
import { pickingContract } from '../../../shared/contract/picking.contract';
import { salesOrderContract } from '../../../shared/contract/sales-order.contract';
import { subPickingContract } from '../../../shared/contract/sub-picking.contract';
import { waveContract } from '../../../shared/contract/wave.contract';
import { RET } from '../../../shared/retcodes';
import { callApi } from '../../kit/api';

/**
 * The reads of the sales outbound office screens beyond the resource lists (keys: area, kind,
 * then detail and the key). The lists themselves are resources (shared/resources/sales-order,
 * wave, picking-task). A detail the warehouse does not have (-100404) is the screen's to say.
 */
export const outboundQueries = {
  all: ['outbound'] as const,
  orderDetail: (orderNo: string) => queryOptions({
    queryKey: ['outbound', 'order', 'detail', orderNo],
    queryFn: ({ signal }) => callApi(salesOrderContract.getSalesOrderDetail, { order_no: orderNo }, { signal, noErrorCodes: [RET.NOT_FOUND] }),
    enabled: orderNo !== '',
    retry: false,
  }),
  waveDetail: (waveNo: string) => queryOptions({
    queryKey: ['outbound', 'wave', 'detail', waveNo],
    queryFn: ({ signal }) => callApi(waveContract.getWaveDetail, { wave_no: waveNo }, { signal, noErrorCodes: [RET.NOT_FOUND] }),
    enabled: waveNo !== '',
    retry: false,
  }),
  taskDetail: (taskNo: string) => queryOptions({
    queryKey: ['outbound', 'task', 'detail', taskNo],
    queryFn: ({ signal }) => callApi(pickingContract.getPickingTaskDetail, { task_no: taskNo }, { signal, noErrorCodes: [RET.NOT_FOUND] }),
    enabled: taskNo !== '',
    retry: false,
  }),
  mtOrderDetail: (orderNo: string) => queryOptions({
    queryKey: ['outbound', 'mtOrder', 'detail', orderNo],
    queryFn: ({ signal }) => callApi(mtOrderContract.getMtOrderDetail, { order_no: orderNo }, { signal, noErrorCodes: [RET.NOT_FOUND] }),
    enabled: orderNo !== '',
    retry: false,
  }),
  rtsOrderDetail: (orderNo: string) => queryOptions({
    queryKey: ['outbound', 'rtsOrder', 'detail', orderNo],
    queryFn: ({ signal }) => callApi(rtsOrderContract.getRtsOrderDetail, { order_no: orderNo }, { signal, noErrorCodes: [RET.NOT_FOUND] }),
    enabled: orderNo !== '',
    retry: false,
  }),
  mtDestinations: () => queryOptions({
    queryKey: ['outbound', 'mtOrder', 'destinations'],
    queryFn: ({ signal }) => callApi(mtOrderContract.listMtDestinations, {}, { signal }),
  }),
  mtTaskDetail: (taskNo: string) => queryOptions({
    queryKey: ['outbound', 'mtTask', 'detail', taskNo],
    queryFn: ({ signal }) => callApi(mtOrderContract.getMtPickingTaskDetail, { task_no: taskNo }, { signal, noErrorCodes: [RET.NOT_FOUND] }),
    enabled: taskNo !== '',
    retry: false,
  }),
  /** An RTS picking task for one of its orders; an order not on the task is -100404 naming the task's orders (the screen says so). */
  rtsTaskDetail: (taskNo: string, orderNo: string) => queryOptions({
    queryKey: ['outbound', 'rtsTask', 'detail', taskNo, orderNo],
    queryFn: ({ signal }) => callApi(rtsOrderContract.getRtsPickingTaskDetail, { task_no: taskNo, order_no: orderNo }, { signal, noErrorCodes: [RET.NOT_FOUND] }),
    enabled: taskNo !== '' && orderNo !== '',
    retry: false,
  }),
  flowPickSetting: () => queryOptions({
    queryKey: ['outbound', 'flowPick', 'setting'],
    queryFn: ({ signal }) => callApi(flowPickContract.getFlowPickSetting, {}, { signal }),
  }),
  flowPickOverview: () => queryOptions({
    queryKey: ['outbound', 'flowPick', 'overview'],
    queryFn: ({ signal }) => callApi(flowPickContract.getFlowPickOverview, {}, { signal }),
    refetchInterval: 30_000,
  }),
  subTaskDetail: (taskNo: string) => queryOptions({
    queryKey: ['outbound', 'subTask', 'detail', taskNo],
    queryFn: ({ signal }) => callApi(subPickingContract.getSubPickingTaskDetail, { task_no: taskNo }, { signal, noErrorCodes: [RET.NOT_FOUND] }),
    enabled: taskNo !== '',
    retry: false,
  }),
  subPickingGroupDetail: (groupId: string) => queryOptions({
    queryKey: ['outbound', 'subPickingGroup', 'detail', groupId],
    queryFn: ({ signal }) => callApi(subPickingContract.getSubPickingGroupDetail, { group_id: groupId }, { signal, noErrorCodes: [RET.NOT_FOUND] }),
    enabled: groupId !== '',
    retry: false,
  }),
};
