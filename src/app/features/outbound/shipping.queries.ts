import { queryOptions } from '@tanstack/react-query';
import { shippingContract } from '../../../shared/contract/shipping.contract';
import { callApi } from '../../kit/api';

/**
 * Shipping reads (keys: area, kind, key). Both are `offlineRead`: the service worker keeps the last
 * answer, so the dock opens its board and a handover again with the network gone; the ops queued
 * since are laid over them (shipping-flow.ts).
 */
export const shippingQueries = {
  all: ['shipping'] as const,
  board: () => queryOptions({
    queryKey: ['shipping', 'board'],
    queryFn: ({ signal }) => callApi(shippingContract.getShippingBoard, {}, { signal, quiet: true }),
    retry: false,
  }),
  detail: (shippingNo: string) => queryOptions({
    queryKey: ['shipping', 'detail', shippingNo],
    queryFn: ({ signal }) => callApi(shippingContract.getHandoverDetail, { shipping_no: shippingNo }, { signal, quiet: true }),
    retry: false,
  }),
};
