import { queryOptions } from '@tanstack/react-query';
import { mtShippingContract } from '../../../shared/contract/mt-shipping.contract';
import { RET } from '../../../shared/retcodes';
import { callApi, isApiError } from '../../kit/api';
import type { PackingRead, ShipmentRead } from './mt-shipping-flow';

/**
 * MT packing and shipping reads. The packing screen opens an order's task with `start_mt_packing` (with
 * when it was asked: mt-shipping-flow.ts lays the device's ops over it by that)
 * (`offlineRead`: the service worker keeps the answer, so a task opened online opens again offline);
 * its ops' answers refresh it. The details are the office's.
 */
export const mtShippingQueries = {
  all: ['mtShipping'] as const,
  packing: (orderNo: string) => queryOptions({
    queryKey: ['mtShipping', 'packing', orderNo],
    queryFn: async ({ signal }): Promise<PackingRead> => {
      const askedAt = Date.now();
      return { work: await callApi(mtShippingContract.startMtPacking, { order_no: orderNo }, { signal, quiet: true }), askedAt };
    },
    retry: false,
    staleTime: Infinity,
  }),
  packingDetail: (packingId: string) => queryOptions({
    queryKey: ['mtShipping', 'packingDetail', packingId],
    queryFn: ({ signal }) => callApi(mtShippingContract.getMtPackingDetail, { packing_id: packingId }, { signal }),
  }),
  /** The shipping screen's read of a shipment (offlineRead): none yet while its open is queued (-100404). */
  shipment: (shippingId: string) => queryOptions({
    queryKey: ['mtShipping', 'shipment', shippingId],
    queryFn: async ({ signal }): Promise<ShipmentRead> => {
      const askedAt = Date.now();
      try {
        return { detail: await callApi(mtShippingContract.getMtShipmentDetail, { shipping_id: shippingId }, { signal, quiet: true }), askedAt };
      } catch (error) {
        if (isApiError(error, RET.NOT_FOUND)) return { detail: null, askedAt };
        throw error;
      }
    },
    retry: false,
    staleTime: Infinity,
  }),
  shipmentDetail: (shippingId: string) => queryOptions({
    queryKey: ['mtShipping', 'shipmentDetail', shippingId],
    queryFn: ({ signal }) => callApi(mtShippingContract.getMtShipmentDetail, { shipping_id: shippingId }, { signal }),
  }),
};
