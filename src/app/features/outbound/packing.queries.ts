import { queryOptions } from '@tanstack/react-query';
import { packingContract } from '../../../shared/contract/packing.contract';
import { callApi } from '../../kit/api';

/**
 * Packing reads (keys: area, kind, key). The station starts its task with `start_packing`
 * (`offlineRead`): the service worker keeps the answer per station and order, so an order opened
 * online opens again after an offline reload; starting it again answers the same task.
 */
export const packingQueries = {
  all: ['packing'] as const,
  work: (stationId: string, order: string) => queryOptions({
    queryKey: ['packing', 'work', stationId, order],
    queryFn: ({ signal }) => callApi(packingContract.startPacking, { station_id: stationId, order }, { signal, quiet: true }),
    retry: false,
    staleTime: Infinity,
  }),
  detail: (taskNo: string) => queryOptions({
    queryKey: ['packing', 'detail', taskNo],
    queryFn: ({ signal }) => callApi(packingContract.getPackingTaskDetail, { task_no: taskNo }, { signal }),
  }),
  orderParcels: (orderNo: string) => queryOptions({
    queryKey: ['packing', 'parcels', orderNo],
    queryFn: ({ signal }) => callApi(packingContract.getOrderParcels, { order_no: orderNo }, { signal }),
  }),
};
