import { useCallback } from 'react';
import { Select } from '@mantine/core';
import { IconBuildingWarehouse } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { STATION_STATUS } from '../../../shared/codes';
import type { PrintJob, PrintResult } from '../../../shared/print/print-job';
import { setCurrentStation, useCurrentStation } from '../station';
import { toast } from '../toast';
import { printJob } from './print-job';
import { printQueries } from './print-queries';

/**
 * Printing at the current station: its print settings (the browser's print dialog until they are
 * read or when it has none) and `print(job)`, which toasts a failure's message and resolves the
 * result (spec §8: -1 on failure).
 */
export function usePrinter() {
  const queryClient = useQueryClient();
  const stationId = useCurrentStation();
  const setting = useQuery(printQueries.setting(stationId));
  const print = useCallback(async (job: PrintJob): Promise<PrintResult> => {
    // A job printed before the station's settings arrived waits for them: an agent station must not get a dialog.
    const target = stationId === '' ? null : await queryClient.ensureQueryData(printQueries.setting(stationId)).catch(() => null);
    const result = await printJob(job, target);
    if (result.retcode !== 0) toast.error(result.message);
    return result;
  }, [queryClient, stationId]);
  return { stationId, setting, print };
}

/** Chooses the station the user works at from the warehouse's stations (kept per spec §9, kit/station.ts). */
export function StationPicker({ required = false }: { required?: boolean }) {
  const { t } = useLingui();
  const stationId = useCurrentStation();
  const stations = useQuery(printQueries.stations());
  const data = (stations.data ?? [])
    .filter((s) => s.status === STATION_STATUS.values.ENABLED || s.station_id === stationId)
    .map((s) => ({ value: s.station_id, label: `${s.station_id} · ${s.station_name}` }));
  return (
    <Select
      label={t`Station`}
      placeholder={t`Choose your station`}
      description={t`Where you print: labels go to this station's printer.`}
      leftSection={<IconBuildingWarehouse size={16} aria-hidden />}
      data={data}
      value={stationId === '' ? null : stationId}
      onChange={(value) => setCurrentStation(value ?? '')}
      searchable
      clearable={!required}
      nothingFoundMessage={t`No station found`}
      disabled={stations.isPending}
      w={320}
      data-testid="station-picker"
    />
  );
}
