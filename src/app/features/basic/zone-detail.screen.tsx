import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { zoneResource } from '../../../shared/resources/zone.resource';
import { StorageAreaDetail } from './storage-area-detail';

/** /wmsbasic/zone/detail?zone_id=…: one zone of the warehouse (the route takes it by query). */
export default function ZoneDetailScreen() {
  const { t } = useLingui();
  return (
    <StorageAreaDetail
      resource={zoneResource}
      endpoint={contract.getZoneDetail}
      title={t`Zone Detail`}
      editPath="/wmsbasic/zone/edit"
    />
  );
}
