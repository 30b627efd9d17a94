import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { zoneResource } from '../../../shared/resources/zone.resource';
import { StorageAreaForm } from './storage-area-form';

/** /wmsbasic/zone/create: a new zone in a zone cluster of the warehouse (spec §2). */
export default function ZoneCreateScreen() {
  const { t } = useLingui();
  return (
    <StorageAreaForm
      resource={zoneResource} mode="create" title={t`Create Zone`} submit={contract.createZone}
      detailPath="/wmsbasic/zone/detail" savedMessage={t`Zone created`}
    />
  );
}
