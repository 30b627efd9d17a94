import { queryOptions } from '@tanstack/react-query';
import { contract } from '../../../shared/contract';
import { callApi } from '../api';

/** The stations printing screens offer, and a station's print settings. */
export const printQueries = {
  stations: () => queryOptions({
    queryKey: ['print', 'stations'],
    queryFn: ({ signal }) => callApi(contract.searchPrintStation, {}, { signal }).then((d) => d.list),
    staleTime: 5 * 60_000,
  }),
  setting: (stationId: string) => queryOptions({
    queryKey: ['print', 'setting', stationId],
    queryFn: ({ signal }) => callApi(contract.getPrintSetting, { station_id: stationId }, { signal }),
    enabled: stationId !== '',
  }),
};
