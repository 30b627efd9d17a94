import { queryOptions } from '@tanstack/react-query';
import { transferRequestContract } from '../../../shared/contract/transfer-request.contract';
import { transitContract } from '../../../shared/contract/transit.contract';
import { callApi } from '../../kit/api';

/**
 * Transfer reads (keys: area, kind, key): a transit shipment as either side sees it, the dashboard's
 * counts, a transfer request, the warehouses a request may ask, and a transfer task.
 */
export const transferQueries = {
  all: ['transfer'] as const,
  shipment: (shipmentNo: string, incomingOnly: boolean) => queryOptions({
    queryKey: ['transfer', incomingOnly ? 'incoming' : 'shipment', shipmentNo],
    queryFn: ({ signal }) => callApi(incomingOnly ? transitContract.getIncomingTransitShipment : transitContract.getTransitShipment, { shipment_no: shipmentNo }, { signal }),
  }),
  dashboard: () => queryOptions({
    queryKey: ['transfer', 'dashboard'],
    queryFn: ({ signal }) => callApi(transitContract.getTransitDashboard, {}, { signal }),
  }),
  requestCounts: () => queryOptions({
    queryKey: ['transfer', 'request-counts'],
    queryFn: ({ signal }) => callApi(transferRequestContract.getTransferRequestCounts, {}, { signal }),
  }),
  request: (requestNo: string) => queryOptions({
    queryKey: ['transfer', 'request', requestNo],
    queryFn: ({ signal }) => callApi(transferRequestContract.getTransferRequest, { request_no: requestNo }, { signal }),
    enabled: requestNo !== '',
  }),
  sources: () => queryOptions({
    queryKey: ['transfer', 'sources'],
    queryFn: ({ signal }) => callApi(transferRequestContract.listTransferSources, {}, { signal }),
    staleTime: 5 * 60_000,
  }),
  task: (orderNo: string) => queryOptions({
    queryKey: ['transfer', 'task', orderNo],
    queryFn: ({ signal }) => callApi(transferRequestContract.getTransferTask, { order_no: orderNo }, { signal }),
  }),
};
