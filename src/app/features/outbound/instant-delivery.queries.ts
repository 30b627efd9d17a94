import { queryOptions } from '@tanstack/react-query';
import { instantDeliveryContract } from '../../../shared/contract/instant-delivery.contract';
import { callApi } from '../../kit/api';

/**
 * Instant delivery reads (keys: area, kind, key). The pigeonhole board is `offlineRead`: the service
 * worker keeps the last answer, so placement works with the network gone; the placements queued
 * since are laid over it (instant-delivery-flow.ts).
 */
export const instantQueries = {
  all: ['instant'] as const,
  board: () => queryOptions({
    queryKey: ['instant', 'board'],
    queryFn: ({ signal }) => callApi(instantDeliveryContract.getPigeonholeBoard, {}, { signal, quiet: true }),
    retry: false,
  }),
  config: () => queryOptions({
    queryKey: ['instant', 'config'],
    queryFn: ({ signal }) => callApi(instantDeliveryContract.getInstantConfig, {}, { signal }),
  }),
  deliveryTask: (assignmentId: string) => queryOptions({
    queryKey: ['instant', 'deliveryTask', assignmentId],
    queryFn: ({ signal }) => callApi(instantDeliveryContract.getDeliveryTaskDetail, { assignment_id: assignmentId }, { signal, quiet: true }),
    retry: false,
  }),
};
