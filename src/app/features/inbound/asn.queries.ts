import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { contract } from '../../../shared/contract';
import { RET } from '../../../shared/retcodes';
import { callApi } from '../../kit/api';

/**
 * The reads of the ASN and arrival screens beyond the resource lists (keys: area, kind,
 * then list/detail and the input). ASN lists themselves are resources (shared/resources/asn.resource.ts).
 */

/** Which list an ASN detail page belongs to: its call shows only that list's ASNs, with that page's permission. */
export type AsnDetailScope = 'all' | 'jit' | 'reprocess' | 'return';
const DETAIL_CALL = { all: contract.getAsnDetail, jit: contract.getJitAsnDetail, reprocess: contract.getReprocessOrderDetail, return: contract.getReturnAsnDetail } as const;

export const asnQueries = {
  all: ['asn'] as const,
  detail: (scope: AsnDetailScope, asnNo: string) => queryOptions({
    queryKey: ['asn', scope, 'detail', asnNo],
    queryFn: ({ signal }) => callApi(DETAIL_CALL[scope], { asn_no: asnNo }, { signal, noErrorCodes: [RET.NOT_FOUND] }),
    enabled: asnNo !== '',
    retry: false,
  }),
  /** What a return ASN carries beyond the ASN (the return's facts and judged units on its detail page). */
  returnOrder: (asnNo: string) => queryOptions({
    queryKey: ['asn', 'return', 'returnOrder', asnNo],
    queryFn: ({ signal }) => callApi(contract.getReturnOrderDetail, { asn_no: asnNo }, { signal }),
    enabled: asnNo !== '',
  }),
  formOptions: () => queryOptions({
    queryKey: ['asn', 'formOptions'],
    queryFn: ({ signal }) => callApi(contract.getAsnFormOptions, {}, { signal }),
    staleTime: 60_000,
  }),
  skus: (keyword: string) => queryOptions({
    queryKey: ['asn', 'skus', 'list', keyword],
    queryFn: ({ signal }) => callApi(contract.searchAsnSku, { keyword }, { signal }),
    enabled: keyword !== '',
    placeholderData: keepPreviousData,
  }),
  deliverySlots: (slotDate: string, inboundType: number) => queryOptions({
    queryKey: ['asn', 'deliverySlots', 'list', slotDate, inboundType],
    queryFn: ({ signal }) => callApi(contract.searchAsnDeliverySlot, { slot_date: slotDate, inbound_type: inboundType }, { signal }),
    enabled: slotDate !== '',
  }),
};

/**
 * Arrival reads (keys: area, kind, key). The sheet (`get_arrival_sheet`, offlineRead) is read when
 * opened and again after each answer to its ops; the service worker keeps the last answer, so a
 * sheet opened online opens again offline. A failure is the screen's to show, not toasted.
 */
export const arrivalQueries = {
  all: ['arrival'] as const,
  config: () => queryOptions({
    queryKey: ['arrival', 'config'],
    queryFn: ({ signal }) => callApi(contract.getArrivalConfig, {}, { signal, quiet: true }),
    retry: false,
  }),
  sheet: (sheetId: string) => queryOptions({
    queryKey: ['arrival', 'sheet', sheetId],
    queryFn: ({ signal }) => callApi(contract.getArrivalSheet, { sheet_id: sheetId }, { signal, quiet: true }),
    retry: false,
  }),
};
