import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { pathwayResource } from '../../../shared/resources/pathway.resource';
import { StorageAreaDetail } from './storage-area-detail';

/** /wmsbasic/pathway/detail?pathway_id=…: one pathway of the warehouse (the route takes it by query). */
export default function PathwayDetailScreen() {
  const { t } = useLingui();
  return (
    <StorageAreaDetail
      resource={pathwayResource}
      endpoint={contract.getPathwayDetail}
      title={t`Pathway Detail`}
      editPath="/wmsbasic/pathway/edit"
    />
  );
}
