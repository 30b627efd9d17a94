import { queryOptions } from '@tanstack/react-query';
import { transitContract } from '../../../shared/contract/transit.contract';
import { callApi } from '../../kit/api';

/** Transit shipment reads (keys: area, kind, key): a shipment as either side sees it, and the dashboard's counts. */
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
};
