import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { zoneResource } from '../../../shared/resources/zone.resource';
import { StorageAreaForm } from './storage-area-form';

/** /wmsbasic/zone/edit?zone_id=…: change one zone of the warehouse (spec §2; the route takes it by query). */
export default function ZoneEditScreen() {
  const { t } = useLingui();
  return (
    <StorageAreaForm
      resource={zoneResource} mode="edit" title={t`Edit Zone`} detail={contract.getZoneDetail} submit={contract.updateZone}
      detailPath="/wmsbasic/zone/detail" savedMessage={t`Saved`}
    />
  );
}
