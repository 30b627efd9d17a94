import { Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { stationResource } from '../../../shared/resources/station.resource';
import { ResourceList } from '../../kit/resource/resource-list';
import { RouteTabs } from './route-tabs';

/** /wmsbasic/stationManagement, tab Station Management: stations by type, checking mode, status and user. */
export default function StationScreen() {
  const { t } = useLingui();
  return (
    <Stack gap="md">
      <RouteTabs group="stationManagement" />
      <ResourceList resource={stationResource} endpoint={contract.searchStation} title={t`Station Management`} path="/wmsbasic/stationManagement" />
    </Stack>
  );
}
